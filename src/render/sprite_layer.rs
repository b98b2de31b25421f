//! A sprite layer composited on the CPU and drawn as one textured quad.
//!
//! Enemy bullets come in thousands, all small and pixel-aligned. Drawn one quad each, their
//! cost is per quad: macroquad builds and flushes vertex batches on the CPU, and a software GL
//! driver (a VM, a machine without a GPU) rasterises every quad separately. Here each bullet is
//! a copy of a few dozen pixels into a playfield-sized image instead, uploaded once per frame:
//! the cost is proportional to the pixels covered and hardly depends on the graphics driver.
//!
//! Rotated sprites are pre-rotated into [`ANGLES`] steps the first time each is needed, so a
//! frame never does trigonometry per pixel.
//!
//! Front to back: with tens of thousands of bullets the playfield is covered many times over,
//! and all but the topmost copy of each pixel is wasted. Copies of wholly opaque stamps can be
//! made topmost first ([`SpriteLayer::put_under`]): a pixel is written once, by the first copy
//! that reaches it, and later (lower) copies skip what is covered, a whole row at a time once
//! it is full. The image is the same as putting the copies bottom first, bit for bit.

use std::collections::HashMap;

use macroquad::prelude::*;

/// Rotation steps of a full turn kept for rotated sprites: 5.6° apart, finer than a 12-pixel
/// needle can show.
pub const ANGLES: usize = 64;

/// A sprite frame ready to copy: its pixels, where its top-left sits relative to the top-left
/// of the unrotated destination rectangle, and the runs of visible pixels in each row.
struct Stamp {
    offset: (i32, i32),
    width: usize,
    height: usize,
    pixels: Vec<[u8; 4]>,
    spans: Vec<Span>,
    /// Every visible pixel is opaque: the stamp may be put under others.
    opaque: bool,
}

/// A run of visible pixels in one row of a stamp, `start..end` in that row. Opaque runs are
/// plain copies; the rest are blended pixel by pixel.
#[derive(Clone, Copy)]
struct Span {
    row: u16,
    start: u16,
    end: u16,
    opaque: bool,
}

impl Stamp {
    fn new(offset: (i32, i32), width: usize, height: usize, pixels: Vec<[u8; 4]>) -> Self {
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
            offset,
            width,
            height,
            pixels,
            spans,
            opaque,
        }
    }
}

/// Identifies a stamp: the frame's source rectangle in the atlas and the rotation step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StampKey {
    src: (u32, u32, u32, u32),
    angle: usize,
}

/// Handle to a stamp made by [`SpriteLayer::stamp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StampId(usize);

/// The layer: a CPU copy of the atlas, the playfield-sized image drawn into, and its texture.
pub struct SpriteLayer {
    atlas: Image,
    image: Image,
    /// Made at the first draw, so the layer can be filled and tested without a window.
    texture: Option<Texture2D>,
    stamps: Vec<Stamp>,
    by_key: HashMap<StampKey, StampId>,
    /// Rows `dirty.0..dirty.1` of the image hold pixels put since `begin`; an empty range
    /// means nothing was put.
    dirty: (usize, usize),
    /// Pixels put by [`SpriteLayer::put_under`] since `begin`: one bit a pixel, `words` words
    /// a row.
    covered: Vec<u64>,
    words: usize,
    /// Pixels of the whole image not yet covered: at 0 every further `put_under` is a no-op.
    open_total: usize,
    /// Pixels not yet covered in each tile of [`TILE`] x [`TILE`], `tiles_x` a row: a copy
    /// whose tiles are all covered is passed over at a few looks. A row of the image is rarely
    /// covered whole (bullets seldom reach the field's edges), a bullet's tiles often are.
    tile_open: Vec<u8>,
    tiles_x: usize,
}

/// The side of a tile of [`SpriteLayer::tile_open`]: a byte of a `covered` word.
const TILE: usize = 8;

impl SpriteLayer {
    /// A layer of `width` x `height` pixels drawing from `atlas`.
    pub fn new(atlas: Image, width: u16, height: u16) -> Self {
        let words = (width as usize).div_ceil(64);
        let tiles_x = (width as usize).div_ceil(TILE);
        let mut layer = Self {
            atlas,
            image: Image::gen_image_color(width, height, Color::new(0.0, 0.0, 0.0, 0.0)),
            texture: None,
            stamps: Vec::new(),
            by_key: HashMap::new(),
            dirty: (0, 0),
            covered: vec![0; words * height as usize],
            words,
            open_total: width as usize * height as usize,
            tile_open: vec![0; tiles_x * (height as usize).div_ceil(TILE)],
            tiles_x,
        };
        layer.open_tiles(0, height as usize);
        layer
    }

    /// Marks every pixel of the tile rows holding image rows `top..bottom` open.
    fn open_tiles(&mut self, top: usize, bottom: usize) {
        let (width, height) = (self.image.width as usize, self.image.height as usize);
        for ty in top / TILE..bottom.div_ceil(TILE) {
            let rows = (height - ty * TILE).min(TILE);
            for tx in 0..self.tiles_x {
                let cols = (width - tx * TILE).min(TILE);
                self.tile_open[ty * self.tiles_x + tx] = (rows * cols) as u8;
            }
        }
    }

    /// The rotation step, `0..ANGLES`, nearest to `rotation` radians.
    pub fn angle_step(rotation: f32) -> usize {
        let turns = rotation / std::f32::consts::TAU;
        round_i32(turns * ANGLES as f32).rem_euclid(ANGLES as i32) as usize
    }

    /// The stamp for atlas rectangle `src` turned by `angle` steps of [`ANGLES`] (taken modulo
    /// a full turn), made on first use. Turning is about the rectangle's centre, as
    /// `draw_texture_ex` turns. Call once per sprite and frame, not per copy: it hashes.
    pub fn stamp(&mut self, src: Rect, angle: usize) -> StampId {
        let angle = angle % ANGLES;
        let key = StampKey {
            src: (src.x as u32, src.y as u32, src.w as u32, src.h as u32),
            angle,
        };
        if let Some(&id) = self.by_key.get(&key) {
            return id;
        }
        let stamp = make_stamp(&self.atlas, key);
        let id = StampId(self.stamps.len());
        self.stamps.push(stamp);
        self.by_key.insert(key, id);
        id
    }

    /// Starts a frame: clears what the last one drew.
    pub fn begin(&mut self) {
        let width = self.image.width as usize;
        let (top, bottom) = self.dirty;
        if bottom > top {
            self.image.get_image_data_mut()[top * width..bottom * width].fill([0; 4]);
            self.covered[top * self.words..bottom * self.words].fill(0);
            // Rows outside `dirty` in the same tiles had nothing put: open too.
            self.open_tiles(top, bottom);
        }
        self.open_total = self.tile_open.iter().map(|&n| n as usize).sum();
        self.dirty = (usize::MAX, 0);
    }

    /// True once `put_under` has covered every pixel: nothing more put under shows.
    pub fn covered(&self) -> bool {
        self.open_total == 0
    }

    /// Copies the opaque `stamp` as [`SpriteLayer::put`] does, but under everything put so
    /// far with this call: only pixels no earlier `put_under` covered are written. Putting
    /// copies topmost first this way gives the image `put` gives bottom first. Frames mixing
    /// this with `put` are not meant: `put` ignores what is covered. Returns false, and puts nothing, for a stamp
    /// with a translucent pixel.
    ///
    /// Cost: O(tiles of the stamp) once they are covered; O(pixels written) before.
    pub fn put_under(&mut self, stamp: StampId, size: Vec2, pos: Vec2) -> bool {
        let s = &self.stamps[stamp.0];
        if !s.opaque {
            return false;
        }
        if self.open_total == 0 {
            return true;
        }
        let Some(at) = Placed::new(s, size, pos, (self.image.width, self.image.height)) else {
            return true;
        };
        let Placed {
            left,
            x0,
            x1,
            y0,
            y1,
            ..
        } = at;
        let (tx0, tx1) = (x0 as usize / TILE, (x1 as usize - 1) / TILE);
        let hidden = (y0 as usize / TILE..=(y1 as usize - 1) / TILE).all(|ty| {
            let row = ty * self.tiles_x;
            self.tile_open[row + tx0..=row + tx1]
                .iter()
                .all(|&n| n == 0)
        });
        if hidden {
            return true;
        }
        self.dirty.0 = self.dirty.0.min(y0 as usize);
        self.dirty.1 = self.dirty.1.max(y1 as usize);
        let width = self.image.width as usize;
        let dst = self.image.get_image_data_mut();
        for (span, y, sx0, sx1) in at.spans(s) {
            let (y, sx0, sx1) = (y as usize, sx0 as usize, sx1 as usize);
            let src = &s.pixels[span.row as usize * s.width..][..s.width];
            let bits = &mut self.covered[y * self.words..][..self.words];
            let tiles = &mut self.tile_open[(y / TILE) * self.tiles_x..][..self.tiles_x];
            let row = &mut dst[y * width..][..width];
            let mut written = 0;
            // Word by word: a span is at most a stamp wide, so one or two words.
            let mut x = sx0;
            while x < sx1 {
                let (word, bit) = (x / 64, x % 64);
                let n = (sx1 - x).min(64 - bit);
                let mask = (u64::MAX >> (64 - n)) << bit;
                let fresh = mask & !bits[word];
                if fresh == mask {
                    // `x` is at or right of `left`: the span starts inside the stamp.
                    let from = (x as i32 - left) as usize;
                    row[x..x + n].copy_from_slice(&src[from..from + n]);
                } else {
                    let mut f = fresh;
                    while f != 0 {
                        let px = word * 64 + f.trailing_zeros() as usize;
                        row[px] = src[(px as i32 - left) as usize];
                        f &= f - 1;
                    }
                }
                bits[word] |= fresh;
                written += fresh.count_ones() as usize;
                // Each byte of the word is a tile's row.
                let mut f = fresh;
                while f != 0 {
                    let byte = f.trailing_zeros() as usize / TILE;
                    let in_tile = (f >> (byte * TILE)) & 0xff;
                    tiles[word * (64 / TILE) + byte] -= in_tile.count_ones() as u8;
                    f &= !(0xff << (byte * TILE));
                }
                x += n;
            }
            self.open_total -= written;
        }
        true
    }

    /// Copies `stamp` so that the unrotated sprite of `size` would be centred on `pos`, snapped
    /// to whole pixels as [`super::Renderer::sprite`] snaps. Later copies cover earlier ones.
    pub fn put(&mut self, stamp: StampId, size: Vec2, pos: Vec2) {
        let s = &self.stamps[stamp.0];
        let Some(at) = Placed::new(s, size, pos, (self.image.width, self.image.height)) else {
            return;
        };
        let Placed { left, y0, y1, .. } = at;
        self.dirty.0 = self.dirty.0.min(y0 as usize);
        self.dirty.1 = self.dirty.1.max(y1 as usize);
        let width = self.image.width as usize;
        let dst = self.image.get_image_data_mut();
        for (span, y, sx0, sx1) in at.spans(s) {
            let src_row = span.row as usize * s.width;
            let from = &s.pixels[src_row + (sx0 - left) as usize..src_row + (sx1 - left) as usize];
            let row = y as usize * width;
            let to = &mut dst[row + sx0 as usize..row + sx1 as usize];
            if span.opaque {
                to.copy_from_slice(from);
            } else {
                for (d, p) in to.iter_mut().zip(from) {
                    *d = over(*p, *d);
                }
            }
        }
    }

    /// Draws the layer at the current camera's origin, if anything was put this frame.
    pub fn draw(&mut self) {
        if self.dirty.1 <= self.dirty.0 {
            return;
        }
        let texture = self.texture.get_or_insert_with(|| {
            let texture = Texture2D::from_image(&self.image);
            texture.set_filter(FilterMode::Nearest);
            texture
        });
        texture.update(&self.image);
        draw_texture(texture, 0.0, 0.0, WHITE);
    }

    /// The layer's pixels, row by row.
    #[cfg(test)]
    fn pixels(&self) -> &[[u8; 4]] {
        self.image.get_image_data()
    }
}

/// Where a stamp lands in the layer: its top-left corner (`left`, `top`, possibly outside)
/// and the part of it inside the layer, columns `x0..x1` and rows `y0..y1`, never empty.
#[derive(Clone, Copy)]
struct Placed {
    left: i32,
    top: i32,
    x0: i32,
    x1: i32,
    y0: i32,
    y1: i32,
}

impl Placed {
    /// Stamp `s` for a sprite of `size` centred on `pos`, snapped to whole pixels, in a layer
    /// of `(width, height)`; `None` when no pixel of it is inside.
    fn new(s: &Stamp, size: Vec2, pos: Vec2, (width, height): (u16, u16)) -> Option<Placed> {
        let left = round_i32(pos.x - size.x * 0.5).saturating_add(s.offset.0);
        let top = round_i32(pos.y - size.y * 0.5).saturating_add(s.offset.1);
        let at = Placed {
            left,
            top,
            x0: left.max(0),
            x1: left.saturating_add(s.width as i32).min(i32::from(width)),
            y0: top.max(0),
            y1: top.saturating_add(s.height as i32).min(i32::from(height)),
        };
        (at.x0 < at.x1 && at.y0 < at.y1).then_some(at)
    }

    /// The spans of `s` inside the layer, each with its row and its columns `sx0..sx1` there.
    fn spans<'a>(self, s: &'a Stamp) -> impl Iterator<Item = (&'a Span, i32, i32, i32)> + 'a {
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
fn round_i32(x: f32) -> i32 {
    let whole = x as i32;
    // Exact: `whole` is within 1 of `x`, or `x` is beyond the range and the sum saturates.
    let frac = x - whole as f32;
    whole.saturating_add((frac >= 0.5) as i32 - (frac <= -0.5) as i32)
}

/// `top` over `below`, both straight (not premultiplied) alpha: the same colour the GPU's
/// source-alpha blending gives when the two are drawn in turn over any background.
fn over(top: [u8; 4], below: [u8; 4]) -> [u8; 4] {
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

/// Samples the atlas as the GPU does with nearest filtering: each destination pixel's centre is
/// turned back into the source rectangle and takes the texel it lands in.
fn make_stamp(atlas: &Image, key: StampKey) -> Stamp {
    let (sx, sy, sw, sh) = key.src;
    let (w, h) = (sw as f32, sh as f32);
    let theta = key.angle as f32 * std::f32::consts::TAU / ANGLES as f32;
    let (sin, cos) = if key.angle == 0 {
        (0.0, 1.0)
    } else {
        theta.sin_cos()
    };
    let half = vec2(
        (w * cos.abs() + h * sin.abs()) * 0.5,
        (w * sin.abs() + h * cos.abs()) * 0.5,
    );
    let centre = vec2(w, h) * 0.5;
    // Whole-pixel bounds around the turned rectangle, a pixel wider for rounding at the edges.
    let pad = if key.angle == 0 { 0.0 } else { 1.0 };
    let x0 = (centre.x - half.x - pad).floor() as i32;
    let y0 = (centre.y - half.y - pad).floor() as i32;
    let x1 = (centre.x + half.x + pad).ceil() as i32;
    let y1 = (centre.y + half.y + pad).ceil() as i32;
    let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let texels = atlas.get_image_data();
    let atlas_w = atlas.width as usize;
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
            let (tx, ty) = (sx as usize + u as usize, sy as usize + v as usize);
            if tx >= atlas_w {
                continue;
            }
            if let Some(t) = texels.get(ty * atlas_w + tx) {
                pixels[j * width + i] = *t;
            }
        }
    }
    Stamp::new((x0, y0), width, height, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RED: [u8; 4] = [255, 0, 0, 255];
    const BLUE: [u8; 4] = [0, 0, 255, 255];
    const CLEAR: [u8; 4] = [0; 4];

    /// A 4x4 atlas holding one 2x3 sprite at (1, 0): a red column left, a blue column right,
    /// with the bottom-right texel transparent, so any turn or flip shows.
    fn atlas() -> Image {
        let mut image = Image::gen_image_color(4, 4, Color::new(0.0, 0.0, 0.0, 0.0));
        let px = image.get_image_data_mut();
        for y in 0..3 {
            px[y * 4 + 1] = RED;
            if y < 2 {
                px[y * 4 + 2] = BLUE;
            }
        }
        image
    }

    fn sprite_rect() -> Rect {
        Rect::new(1.0, 0.0, 2.0, 3.0)
    }

    fn at(layer: &SpriteLayer, x: usize, y: usize) -> [u8; 4] {
        layer.pixels()[y * layer.image.width as usize + x]
    }

    #[test]
    fn an_upright_stamp_copies_the_frame_centred_and_snapped() {
        let mut layer = SpriteLayer::new(atlas(), 8, 8);
        let id = layer.stamp(sprite_rect(), 0);
        layer.begin();
        // Centred on (3.4, 3.6): top-left (2.4, 2.1) snaps to (2, 2).
        layer.put(id, vec2(2.0, 3.0), vec2(3.4, 3.6));
        assert_eq!(at(&layer, 2, 2), RED);
        assert_eq!(at(&layer, 3, 2), BLUE);
        assert_eq!(at(&layer, 2, 4), RED);
        assert_eq!(at(&layer, 3, 4), CLEAR, "transparent texels stay clear");
        assert_eq!(at(&layer, 1, 2), CLEAR);
        let lit = layer.pixels().iter().filter(|p| p[3] != 0).count();
        assert_eq!(lit, 5);
    }

    #[test]
    fn a_quarter_turn_turns_clockwise_about_the_centre_like_draw_texture_ex() {
        let mut layer = SpriteLayer::new(atlas(), 9, 9);
        let step = SpriteLayer::angle_step(std::f32::consts::FRAC_PI_2);
        assert_eq!(step, ANGLES / 4);
        // A 2x2 sprite keeps its centre on a pixel corner when turned, so the result is exact.
        let id = layer.stamp(Rect::new(1.0, 0.0, 2.0, 2.0), step);
        layer.begin();
        layer.put(id, vec2(2.0, 2.0), vec2(4.0, 4.0));
        // Upright: red left column, blue right column. A quarter turn clockwise on a y-down
        // screen puts red on top and blue below.
        assert_eq!(at(&layer, 3, 3), RED);
        assert_eq!(at(&layer, 4, 3), RED);
        assert_eq!(at(&layer, 3, 4), BLUE);
        assert_eq!(at(&layer, 4, 4), BLUE);
        assert_eq!(layer.pixels().iter().filter(|p| p[3] != 0).count(), 4);
    }

    #[test]
    fn copies_at_the_edges_are_clipped_and_later_copies_cover_earlier_ones() {
        let mut layer = SpriteLayer::new(atlas(), 4, 4);
        let id = layer.stamp(sprite_rect(), 0);
        layer.begin();
        layer.put(id, vec2(2.0, 3.0), vec2(-0.2, 0.6)); // top-left at (-1, -1)
        layer.put(id, vec2(2.0, 3.0), vec2(100.0, 100.0)); // wholly off
        assert_eq!(at(&layer, 0, 0), BLUE);
        assert_eq!(at(&layer, 0, 1), CLEAR);
        // The same frame one pixel to the left covers the blue with red.
        layer.put(id, vec2(2.0, 3.0), vec2(0.8, 1.5));
        assert_eq!(at(&layer, 0, 0), RED);
        // A new frame starts clear.
        layer.begin();
        assert!(layer.pixels().iter().all(|p| *p == CLEAR));
    }

    /// Copies at random places, angles and sizes, clipped at every edge: put topmost first
    /// with `put_under`, they give the image `put` gives bottom first, pixel for pixel.
    #[test]
    fn putting_opaque_copies_top_first_gives_the_image_of_bottom_first() {
        // A 2x2 opaque sprite and the opaque column of the test sprite (1x3, red), turned.
        let frames = [Rect::new(1.0, 0.0, 2.0, 2.0), Rect::new(1.0, 0.0, 1.0, 3.0)];
        let mut rng = oorandom::Rand32::new(5);
        let mut back = SpriteLayer::new(atlas(), 70, 9);
        let mut front = SpriteLayer::new(atlas(), 70, 9);
        for _frame in 0..3 {
            let mut copies = Vec::new();
            for _ in 0..400 {
                let src = frames[rng.rand_range(0..2) as usize];
                let angle = rng.rand_range(0..ANGLES as u32) as usize;
                let pos = vec2(rng.rand_float() * 76.0 - 3.0, rng.rand_float() * 15.0 - 3.0);
                copies.push((src, angle, pos));
            }
            back.begin();
            front.begin();
            for &(src, angle, pos) in &copies {
                let id = back.stamp(src, angle);
                back.put(id, src.size(), pos);
            }
            for &(src, angle, pos) in copies.iter().rev() {
                let id = front.stamp(src, angle);
                assert!(front.stamps[id.0].opaque);
                assert!(front.put_under(id, src.size(), pos));
            }
            assert!(back.pixels() == front.pixels());
            assert_eq!(front.tile_open, open_tiles_recounted(&front));
            let uncovered = front.pixels().iter().filter(|p| p[3] == 0).count();
            assert_eq!(front.covered(), uncovered == 0);
            assert!(back.pixels().contains(&RED));
            assert!(back.pixels().contains(&BLUE));
        }
    }

    /// `SpriteLayer::tile_open` worked out afresh from the covered bits.
    fn open_tiles_recounted(layer: &SpriteLayer) -> Vec<u8> {
        let (width, height) = (layer.image.width as usize, layer.image.height as usize);
        let mut tiles = vec![0u8; layer.tile_open.len()];
        for y in 0..height {
            for x in 0..width {
                if layer.covered[y * layer.words + x / 64] & (1 << (x % 64)) == 0 {
                    tiles[(y / TILE) * layer.tiles_x + x / TILE] += 1;
                }
            }
        }
        tiles
    }

    #[test]
    fn a_stamp_with_translucent_pixels_is_not_put_under() {
        let mut atlas = atlas();
        atlas.get_image_data_mut()[1] = [255, 0, 0, 128];
        let mut layer = SpriteLayer::new(atlas, 8, 8);
        let id = layer.stamp(sprite_rect(), 0);
        assert!(!layer.stamps[id.0].opaque);
        layer.begin();
        assert!(!layer.put_under(id, vec2(2.0, 3.0), vec2(4.0, 4.0)));
        assert!(layer.pixels().iter().all(|p| *p == CLEAR));
    }

    #[test]
    fn a_layer_knows_when_it_is_covered_and_a_new_frame_uncovers_it() {
        let mut layer = SpriteLayer::new(atlas(), 3, 2);
        let square = Rect::new(1.0, 0.0, 2.0, 2.0);
        let id = layer.stamp(square, 0);
        layer.begin();
        assert!(layer.put_under(id, vec2(2.0, 2.0), vec2(1.0, 1.0)));
        assert!(!layer.covered(), "a column is left");
        assert!(layer.put_under(id, vec2(2.0, 2.0), vec2(2.0, 1.0)));
        assert!(layer.covered());
        assert!(layer.pixels().iter().all(|p| p[3] == 255));
        layer.begin();
        assert!(!layer.covered());
        assert!(layer.pixels().iter().all(|p| *p == CLEAR));
    }

    #[test]
    fn rounding_without_a_call_rounds_as_round_does() {
        let mut rng = oorandom::Rand32::new(9);
        let mut xs = vec![
            0.5,
            -0.5,
            1.5,
            -1.5,
            2.5,
            0.49999997,
            -0.49999997,
            1e9,
            -1e9,
            0.0,
        ];
        xs.extend((0..10_000).map(|_| (rng.rand_float() - 0.5) * 1_000.0));
        xs.extend((-2_000..2_000).map(|i| i as f32 * 0.25));
        for x in xs {
            assert_eq!(round_i32(x), x.round() as i32, "{x}");
        }
        assert_eq!(round_i32(f32::NAN), 0);
        assert_eq!(round_i32(f32::INFINITY), i32::MAX);
        assert_eq!(round_i32(f32::NEG_INFINITY), i32::MIN);
    }

    #[test]
    fn translucent_pixels_blend_as_the_gpu_would_draw_them_in_turn() {
        assert_eq!(over(RED, BLUE), RED);
        assert_eq!(over([0, 0, 0, 0], BLUE), BLUE);
        assert_eq!(over([255, 255, 255, 128], CLEAR), [255, 255, 255, 128]);
        let half_white_on_black = over([255, 255, 255, 128], [0, 0, 0, 255]);
        assert_eq!(half_white_on_black[3], 255);
        assert!((127..=129).contains(&half_white_on_black[0]));
    }

    #[test]
    fn stamps_are_made_once_per_frame_rect_and_angle() {
        let mut layer = SpriteLayer::new(atlas(), 4, 4);
        let a = layer.stamp(sprite_rect(), 3);
        assert_eq!(layer.stamp(sprite_rect(), 3 + ANGLES), a);
        assert_ne!(layer.stamp(sprite_rect(), 4), a);
        assert_eq!(layer.stamps.len(), 2);
        assert_eq!(
            SpriteLayer::angle_step(-std::f32::consts::FRAC_PI_2),
            ANGLES * 3 / 4
        );
    }
}
