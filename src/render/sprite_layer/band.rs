//! One horizontal band of a [`SpriteLayer`](super::SpriteLayer): a run of its rows, and which
//! of their pixels have been put since the frame began. Bands own disjoint rows and share
//! nothing they write, so a layer's bands are filled at once, each on its own thread.

use std::ops::Range;

use macroquad::prelude::Vec2;

use super::stamp::{over, Placed, Stamp};
use super::StampId;

/// The side of a tile of [`Band::tile_open`]: a byte of a `covered` word.
pub(super) const TILE: usize = 8;

pub(super) struct Band {
    /// The layer's rows this band holds; `rows.start` is a multiple of [`TILE`].
    pub rows: Range<usize>,
    /// The layer's size, which copies are placed in.
    size: (u16, u16),
    /// Rows `dirty.0..dirty.1` (of the layer) hold pixels put since `begin`; an empty range
    /// means nothing was put.
    pub dirty: (usize, usize),
    /// Pixels put by [`Band::put_under`] since `begin`: one bit a pixel, `words` words a row,
    /// from the band's first row.
    covered: Vec<u64>,
    words: usize,
    /// Pixels of the band not yet covered: at 0 every further `put_under` is a no-op.
    open_total: usize,
    /// Pixels not yet covered in each tile of [`TILE`] x [`TILE`], `tiles_x` a row: a copy
    /// whose tiles are all covered is passed over at a few looks. A row of the image is rarely
    /// covered whole (bullets seldom reach the field's edges), a bullet's tiles often are.
    tile_open: Vec<u8>,
    tiles_x: usize,
}

impl Band {
    /// Rows `rows` of a layer of `size` (width, height), all open.
    pub fn new(rows: Range<usize>, size: (u16, u16)) -> Band {
        debug_assert!(rows.start.is_multiple_of(TILE) && rows.end <= usize::from(size.1));
        let width = usize::from(size.0);
        let words = width.div_ceil(64);
        let tiles_x = width.div_ceil(TILE);
        let mut band = Band {
            covered: vec![0; words * rows.len()],
            tile_open: vec![0; tiles_x * rows.len().div_ceil(TILE)],
            rows,
            size,
            dirty: (0, 0),
            words,
            open_total: 0,
            tiles_x,
        };
        band.open_tiles(band.rows.clone());
        band.open_total = band.tile_open.iter().map(|&n| n as usize).sum();
        band
    }

    /// Marks every pixel of the tile rows holding the layer's rows `rows` open.
    fn open_tiles(&mut self, rows: Range<usize>) {
        let (top, width) = (self.rows.start, usize::from(self.size.0));
        for ty in (rows.start - top) / TILE..(rows.end - top).div_ceil(TILE) {
            let tile_rows = (self.rows.len() - ty * TILE).min(TILE);
            for tx in 0..self.tiles_x {
                let cols = (width - tx * TILE).min(TILE);
                self.tile_open[ty * self.tiles_x + tx] = (tile_rows * cols) as u8;
            }
        }
    }

    /// Starts a frame: clears what the last one put in `pixels`, the band's rows.
    pub fn begin(&mut self, pixels: &mut [[u8; 4]]) {
        let (top, width) = (self.rows.start, usize::from(self.size.0));
        let (first, end) = self.dirty;
        if end > first {
            pixels[(first - top) * width..(end - top) * width].fill([0; 4]);
            self.covered[(first - top) * self.words..(end - top) * self.words].fill(0);
            // Rows outside `dirty` in the same tiles had nothing put: open too.
            self.open_tiles(first..end);
        }
        self.open_total = self.tile_open.iter().map(|&n| n as usize).sum();
        self.dirty = (usize::MAX, 0);
    }

    /// True once `put_under` has covered every pixel: nothing more put under shows.
    pub fn covered(&self) -> bool {
        self.open_total == 0
    }

    /// The copies from `copies` (bottom first) in `pixels`, the band's rows: as
    /// [`Band::put`] in turn would put them, but topmost first under each other while every
    /// stamp met is opaque, so that a covered pixel costs nothing.
    pub fn put_all<I: DoubleEndedIterator<Item = (StampId, Vec2)>>(
        &mut self,
        pixels: &mut [[u8; 4]],
        stamps: &[Stamp],
        copies: impl Fn() -> I,
    ) {
        for (id, pos) in copies().rev() {
            // Everything is covered: the older copies are all hidden.
            if self.covered() {
                return;
            }
            if !self.put_under(pixels, &stamps[id.0], pos) {
                // A translucent stamp blends with what lies under it: bottom first after all.
                self.begin(pixels);
                for (id, pos) in copies() {
                    self.put(pixels, &stamps[id.0], pos);
                }
                return;
            }
        }
    }

    /// Copies the opaque stamp `s` as [`Band::put`] does, but under everything put so far with
    /// this call: only pixels no earlier `put_under` covered are written. Putting copies
    /// topmost first this way gives the image `put` gives bottom first. Frames mixing this
    /// with `put` are not meant: `put` ignores what is covered. Returns false, and puts
    /// nothing, for a stamp with a translucent pixel.
    ///
    /// Cost: O(tiles of the stamp) once they are covered; O(pixels written) before.
    pub fn put_under(&mut self, pixels: &mut [[u8; 4]], s: &Stamp, pos: Vec2) -> bool {
        if !s.opaque {
            return false;
        }
        if self.open_total == 0 {
            return true;
        }
        let Some(at) = Placed::new(s, pos, self.size, self.rows.clone()) else {
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
        let (top, width) = (self.rows.start, usize::from(self.size.0));
        let (y0, y1) = (y0 as usize - top, y1 as usize - top);
        let (tx0, tx1) = (x0 as usize / TILE, (x1 as usize - 1) / TILE);
        let hidden = (y0 / TILE..=(y1 - 1) / TILE).all(|ty| {
            let row = ty * self.tiles_x;
            self.tile_open[row + tx0..=row + tx1]
                .iter()
                .all(|&n| n == 0)
        });
        if hidden {
            return true;
        }
        self.dirty.0 = self.dirty.0.min(y0 + top);
        self.dirty.1 = self.dirty.1.max(y1 + top);
        for (span, y, sx0, sx1) in at.spans(s) {
            let (y, sx0, sx1) = (y as usize - top, sx0 as usize, sx1 as usize);
            let src = &s.pixels[span.row as usize * s.width..][..s.width];
            let bits = &mut self.covered[y * self.words..][..self.words];
            let tiles = &mut self.tile_open[(y / TILE) * self.tiles_x..][..self.tiles_x];
            let row = &mut pixels[y * width..][..width];
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

    /// Copies stamp `s` so that its unturned frame would be centred on `pos`, snapped to whole
    /// pixels as [`crate::render::Renderer::sprite`] snaps. Later copies cover earlier ones.
    pub fn put(&mut self, pixels: &mut [[u8; 4]], s: &Stamp, pos: Vec2) {
        let Some(at) = Placed::new(s, pos, self.size, self.rows.clone()) else {
            return;
        };
        let Placed { left, y0, y1, .. } = at;
        self.dirty.0 = self.dirty.0.min(y0 as usize);
        self.dirty.1 = self.dirty.1.max(y1 as usize);
        let (top, width) = (self.rows.start, usize::from(self.size.0));
        for (span, y, sx0, sx1) in at.spans(s) {
            let src_row = span.row as usize * s.width;
            let from = &s.pixels[src_row + (sx0 - left) as usize..src_row + (sx1 - left) as usize];
            let row = (y as usize - top) * width;
            let to = &mut pixels[row + sx0 as usize..row + sx1 as usize];
            if span.opaque {
                to.copy_from_slice(from);
            } else {
                for (d, p) in to.iter_mut().zip(from) {
                    *d = over(*p, *d);
                }
            }
        }
    }

    /// The tile counts worked out afresh from the covered bits, for tests.
    #[cfg(test)]
    pub fn tiles_recounted(&self) -> (Vec<u8>, &[u8]) {
        let width = usize::from(self.size.0);
        let mut tiles = vec![0u8; self.tile_open.len()];
        for y in 0..self.rows.len() {
            for x in 0..width {
                if self.covered[y * self.words + x / 64] & (1 << (x % 64)) == 0 {
                    tiles[(y / TILE) * self.tiles_x + x / TILE] += 1;
                }
            }
        }
        (tiles, &self.tile_open)
    }
}
