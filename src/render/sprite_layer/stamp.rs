//! Stamps: sprite frames turned and cut into runs of pixels once, then copied into a
//! [`SpriteLayer`](super::SpriteLayer) as often as a frame needs, and where each copy lands.

use std::ops::Range;

use macroquad::prelude::*;

use super::ANGLES;

/// A sprite frame ready to copy: its pixels, where its top-left sits relative to the top-left
/// of the unrotated frame, and the runs of visible pixels in each row.
pub(super) struct Stamp {
    /// Half the unrotated frame's size: a copy centred on `pos` has the frame's top-left at
    /// `pos - half`, snapped to whole pixels.
    pub half: Vec2,
    pub offset: (i32, i32),
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<[u8; 4]>,
    pub spans: Vec<Span>,
    /// Every visible pixel is opaque: the stamp may be put under others.
    pub opaque: bool,
}

/// A run of visible pixels in one row of a stamp, `start..end` in that row. Opaque runs are
/// plain copies; the rest are blended pixel by pixel.
#[derive(Clone, Copy)]
pub(super) struct Span {
    pub row: u16,
    pub start: u16,
    pub end: u16,
    pub opaque: bool,
}

impl Stamp {
    fn new(
        half: Vec2,
        offset: (i32, i32),
        (width, height): (usize, usize),
        pixels: Vec<[u8; 4]>,
    ) -> Self {
        let mut spans = Vec::new();
        for (row, line) in pixels.chunks(width.max(1)).enumerate() {
            let mut x = 0;
            while x < line.len() {
                if line[x][3] == 0 {
                    x += 1;
                    continue;
                }
                let start = x;
                let opaque = line[x][3] == 255;
                while x < line.len() && line[x][3] != 0 && (line[x][3] == 255) == opaque {
                    x += 1;
                }
                spans.push(Span {
                    row: row as u16,
                    start: start as u16,
                    end: x as u16,
                    opaque,
                });
            }
        }
        let opaque = spans.iter().all(|s| s.opaque);
        Self {
            half,
            offset,
            width,
            height,
            pixels,
            spans,
            opaque,
        }
    }

    /// How far above or below a copy's centre a pixel of this stamp can land: a copy centred
    /// at height `y` covers rows within `y - reach..y + reach`, whatever the rounding.
    pub fn reach(&self) -> f32 {
        // The top row is the rounded `y - half.y` (within half a pixel) plus the offset.
        let top = self.offset.1 as f32 - self.half.y;
        let bottom = top + self.height as f32;
        top.abs().max(bottom.abs()) + 1.0
    }
}

/// Identifies a stamp: the frame's source rectangle in the atlas and the rotation step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct StampKey {
    pub src: (u32, u32, u32, u32),
    pub angle: usize,
}

/// Handle to a stamp made by [`super::SpriteLayer::stamp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StampId(pub(super) usize);

/// Where a stamp lands in the layer: its top-left corner (`left`, `top`, possibly outside)
/// and the part of it inside the layer and the rows asked for, columns `x0..x1` and rows
/// `y0..y1`, never empty.
#[derive(Clone, Copy)]
pub(super) struct Placed {
    pub left: i32,
    pub top: i32,
    pub x0: i32,
    pub x1: i32,
    pub y0: i32,
    pub y1: i32,
}

impl Placed {
    /// Stamp `s` centred on `pos`, snapped to whole pixels, in a layer of `(width, height)`
    /// but only its rows `rows`; `None` when no pixel of it is there.
    pub fn new(
        s: &Stamp,
        pos: Vec2,
        (width, height): (u16, u16),
        rows: Range<usize>,
    ) -> Option<Placed> {
        let left = round_i32(pos.x - s.half.x).saturating_add(s.offset.0);
        let top = round_i32(pos.y - s.half.y).saturating_add(s.offset.1);
        // Rows are at most a u16 apart: the casts are exact.
        let (first, end) = (rows.start as i32, rows.end.min(usize::from(height)) as i32);
        let at = Placed {
            left,
            top,
            x0: left.max(0),
            x1: left.saturating_add(s.width as i32).min(i32::from(width)),
            y0: top.max(first),
            y1: top.saturating_add(s.height as i32).min(end),
        };
        (at.x0 < at.x1 && at.y0 < at.y1).then_some(at)
    }

    /// The spans of `s` inside the placed part, each with its row and its columns `sx0..sx1`
    /// there.
    pub fn spans<'a>(self, s: &'a Stamp) -> impl Iterator<Item = (&'a Span, i32, i32, i32)> + 'a {
        s.spans.iter().filter_map(move |span| {
            let y = self.top + span.row as i32;
            let sx0 = (self.left + span.start as i32).max(self.x0);
            let sx1 = (self.left + span.end as i32).min(self.x1);
            (y >= self.y0 && y < self.y1 && sx0 < sx1).then_some((span, y, sx0, sx1))
        })
    }
}

/// `x.round() as i32`, halves away from zero, without a call: built for a CPU without
/// SSE4.1, `f32::round` is a library call, and a frame rounds twice for each bullet.
/// Saturates as `as` does (NaN is 0).
#[inline]
pub(super) fn round_i32(x: f32) -> i32 {
    let whole = x as i32;
    // Exact: `whole` is within 1 of `x`, or `x` is beyond the range and the sum saturates.
    let frac = x - whole as f32;
    whole.saturating_add((frac >= 0.5) as i32 - (frac <= -0.5) as i32)
}

/// `top` over `below`, both straight (not premultiplied) alpha: the same colour the GPU's
/// source-alpha blending gives when the two are drawn in turn over any background.
pub(super) fn over(top: [u8; 4], below: [u8; 4]) -> [u8; 4] {
    let ta = top[3] as u32;
    let ba = below[3] as u32 * (255 - ta) / 255;
    let a = ta + ba;
    if a == 0 {
        return [0; 4];
    }
    let mix = |t: u8, b: u8| ((t as u32 * ta + b as u32 * ba + a / 2) / a) as u8;
    [
        mix(top[0], below[0]),
        mix(top[1], below[1]),
        mix(top[2], below[2]),
        a as u8,
    ]
}

/// The part of the atlas a layer stamps from: the pixels of the smallest rectangle holding its
/// sprites' frames, and where that rectangle's top-left sits in the atlas. Stamp keys stay in
/// atlas coordinates; a texel outside the sheet reads as transparent.
pub struct Sheet {
    image: Image,
    origin: (u32, u32),
}

impl Sheet {
    /// All of `atlas`.
    #[cfg(test)]
    pub fn whole(atlas: Image) -> Sheet {
        Sheet {
            image: atlas,
            origin: (0, 0),
        }
    }

    /// The part of `atlas` that `frames` cover (clipped to the atlas), copied out: a layer
    /// that draws only those frames need not keep the whole atlas (4 MB for the game's, of
    /// which its bullets cover 42 KB). No frames, or none on the atlas, leave an empty sheet.
    pub fn cut(atlas: &Image, frames: impl IntoIterator<Item = Rect>) -> Sheet {
        let (aw, ah) = (f32::from(atlas.width), f32::from(atlas.height));
        let mut lo = vec2(aw, ah);
        let mut hi = Vec2::ZERO;
        for r in frames {
            lo = lo.min(vec2(r.x, r.y).max(Vec2::ZERO));
            hi = hi.max(vec2(r.x + r.w, r.y + r.h).min(vec2(aw, ah)));
        }
        if lo.x >= hi.x || lo.y >= hi.y {
            return Sheet {
                image: Image::empty(),
                origin: (0, 0),
            };
        }
        let (lo, hi) = (lo.floor(), hi.ceil());
        Sheet {
            image: atlas.sub_image(Rect::new(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)),
            origin: (lo.x as u32, lo.y as u32),
        }
    }

    /// The texel at atlas position (`x`, `y`), transparent outside the sheet.
    fn texel(&self, x: u32, y: u32) -> [u8; 4] {
        let (Some(x), Some(y)) = (x.checked_sub(self.origin.0), y.checked_sub(self.origin.1))
        else {
            return [0; 4];
        };
        let (w, h) = (u32::from(self.image.width), u32::from(self.image.height));
        if x >= w || y >= h {
            return [0; 4];
        }
        let i = (y * w + x) as usize * 4;
        self.image.bytes[i..i + 4].try_into().unwrap_or([0; 4])
    }
}

/// Samples the atlas as the GPU does with nearest filtering: each destination pixel's centre is
/// turned back into the source rectangle and takes the texel it lands in.
pub(super) fn make_stamp(sheet: &Sheet, key: StampKey) -> Stamp {
    let (sx, sy, sw, sh) = key.src;
    let (w, h) = (sw as f32, sh as f32);
    let theta = key.angle as f32 * std::f32::consts::TAU / ANGLES as f32;
    let (sin, cos) = if key.angle == 0 {
        (0.0, 1.0)
    } else {
        theta.sin_cos()
    };
    let turned_half = vec2(
        (w * cos.abs() + h * sin.abs()) * 0.5,
        (w * sin.abs() + h * cos.abs()) * 0.5,
    );
    let centre = vec2(w, h) * 0.5;
    // Whole-pixel bounds around the turned rectangle, a pixel wider for rounding at the edges.
    let pad = if key.angle == 0 { 0.0 } else { 1.0 };
    let x0 = (centre.x - turned_half.x - pad).floor() as i32;
    let y0 = (centre.y - turned_half.y - pad).floor() as i32;
    let x1 = (centre.x + turned_half.x + pad).ceil() as i32;
    let y1 = (centre.y + turned_half.y + pad).ceil() as i32;
    let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let mut pixels = vec![[0u8; 4]; width * height];
    for j in 0..height {
        for i in 0..width {
            let d = vec2(x0 as f32 + i as f32 + 0.5, y0 as f32 + j as f32 + 0.5) - centre;
            // Inverse of draw_texture_ex's turn (x' = x cos - y sin, y' = x sin + y cos).
            let u = d.x * cos + d.y * sin + centre.x;
            let v = -d.x * sin + d.y * cos + centre.y;
            if u < 0.0 || v < 0.0 || u >= w || v >= h {
                continue;
            }
            pixels[j * width + i] = sheet.texel(sx + u as u32, sy + v as u32);
        }
    }
    Stamp::new(centre, (x0, y0), (width, height), pixels)
}
