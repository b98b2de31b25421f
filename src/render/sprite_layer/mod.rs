//! A sprite layer composited on the CPU and drawn as one textured quad: the layer and its
//! frame (this file), a band of its rows (`band`), and the stamps copied into it (`stamp`).
//! Imports nothing of the game (only macroquad and rayon): sprites come in as an atlas image and
//! rectangles in it.
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
//! made topmost first (`Band::put_under`): a pixel is written once, by the first copy that
//! reaches it, and later (lower) copies skip what is covered, a whole 8x8 tile at a time once
//! it is full. The image is the same as putting the copies bottom first, bit for bit.
//!
//! In bands: the rows are split into horizontal bands that share nothing they write, and
//! [`SpriteLayer::put_all`] fills them at once, a band a thread. Every band looks at every
//! copy's height, but places and writes only those that can reach it: the pixel work divides,
//! and the picture is the same as one band's.

mod band;
mod stamp;

use std::collections::HashMap;
use std::ops::Range;

use macroquad::prelude::*;

use band::{Band, TILE};
use stamp::{make_stamp, Stamp, StampKey};
pub use stamp::{Sheet, StampId};

/// Rotation steps of a full turn kept for rotated sprites: 5.6° apart, finer than a 12-pixel
/// needle can show.
pub const ANGLES: usize = 64;

/// The layer: a CPU copy of the atlas's part it draws, the playfield-sized image drawn into,
/// and its texture.
pub struct SpriteLayer {
    sheet: Sheet,
    image: Image,
    /// Made at the first draw, so the layer can be filled and tested without a window.
    texture: Option<Texture2D>,
    stamps: Vec<Stamp>,
    by_key: HashMap<StampKey, StampId>,
    /// The largest [`Stamp::reach`] of `stamps`.
    reach: f32,
    /// The image's rows, top to bottom, in bands of equal height (the last may be shorter).
    bands: Vec<Band>,
}

impl SpriteLayer {
    /// A layer of `width` x `height` pixels drawing from `atlas`, in one band.
    #[cfg(test)]
    pub fn new(atlas: Image, width: u16, height: u16) -> Self {
        Self::with_bands(Sheet::whole(atlas), width, height, 1)
    }

    /// A layer of `width` x `height` pixels drawing from `sheet`, whose rows
    /// [`SpriteLayer::put_all`] fills in up to `count` bands at once: bands of whole tile
    /// rows ([`TILE`]), all of one height but the last, which may be shorter. The picture does
    /// not depend on the number of bands.
    pub fn with_bands(sheet: Sheet, width: u16, height: u16, count: usize) -> Self {
        let rows = usize::from(height);
        let tile_rows = rows.div_ceil(TILE).max(1);
        let band_rows = tile_rows.div_ceil(count.clamp(1, tile_rows)) * TILE;
        // At least one band, empty for an image without rows.
        let bands = (0..rows.max(1))
            .step_by(band_rows)
            .map(|top| Band::new(top..(top + band_rows).min(rows), (width, height)))
            .collect();
        Self {
            sheet,
            image: Image::gen_image_color(width, height, Color::new(0.0, 0.0, 0.0, 0.0)),
            texture: None,
            stamps: Vec::new(),
            by_key: HashMap::new(),
            reach: 0.0,
            bands,
        }
    }

    /// The rotation step, `0..ANGLES`, nearest to `rotation` radians.
    pub fn angle_step(rotation: f32) -> usize {
        let turns = rotation / std::f32::consts::TAU;
        stamp::round_i32(turns * ANGLES as f32).rem_euclid(ANGLES as i32) as usize
    }

    /// The stamp for atlas rectangle `src` turned by `angle` steps of [`ANGLES`] (taken modulo
    /// a full turn), made on first use. Turning is about the rectangle's centre, as
    /// `draw_texture_ex` turns, and a copy is centred as the rectangle is. Call once per sprite
    /// and frame, not per copy: it hashes.
    pub fn stamp(&mut self, src: Rect, angle: usize) -> StampId {
        let angle = angle % ANGLES;
        let key = StampKey {
            src: (src.x as u32, src.y as u32, src.w as u32, src.h as u32),
            angle,
        };
        if let Some(&id) = self.by_key.get(&key) {
            return id;
        }
        let stamp = make_stamp(&self.sheet, key);
        self.reach = self.reach.max(stamp.reach());
        let id = StampId(self.stamps.len());
        self.stamps.push(stamp);
        self.by_key.insert(key, id);
        id
    }

    /// A stamp's size and pixels, row by row: the sprite as a copy of it puts it down.
    #[cfg(test)]
    pub fn stamp_pixels(&self, id: StampId) -> (usize, usize, &[[u8; 4]]) {
        let s = &self.stamps[id.0];
        (s.width, s.height, &s.pixels)
    }

    /// The bands, each with its rows of the image.
    fn banded(&mut self) -> impl Iterator<Item = (&mut Band, &mut [[u8; 4]])> {
        let width = usize::from(self.image.width);
        let mut rest = self.image.get_image_data_mut();
        self.bands.iter_mut().map(move |band| {
            let (pixels, below) = std::mem::take(&mut rest).split_at_mut(band.rows.len() * width);
            rest = below;
            (band, pixels)
        })
    }

    /// Starts a frame: clears what the last one drew.
    pub fn begin(&mut self) {
        for (band, pixels) in self.banded() {
            band.begin(pixels);
        }
    }

    /// True once `put_under` has covered every pixel: nothing more put under shows.
    #[cfg(test)]
    pub fn covered(&self) -> bool {
        self.bands.iter().all(Band::covered)
    }

    /// Copies the opaque `stamp` as [`SpriteLayer::put`] does, but under everything put so far
    /// with this call: only pixels no earlier `put_under` covered are written. Putting copies
    /// topmost first this way gives the image `put` gives bottom first. Frames mixing this
    /// with `put` are not meant: `put` ignores what is covered. Returns false, and puts
    /// nothing, for a stamp with a translucent pixel. One copy at a time, in every band in
    /// turn: what [`SpriteLayer::put_all`] is tested against.
    #[cfg(test)]
    pub fn put_under(&mut self, stamp: StampId, pos: Vec2) -> bool {
        let stamps = std::mem::take(&mut self.stamps);
        let s = &stamps[stamp.0];
        let opaque = s.opaque && self.banded().all(|(b, px)| b.put_under(px, s, pos));
        self.stamps = stamps;
        opaque
    }

    /// Copies `stamp` so that its unturned frame would be centred on `pos`, snapped to whole
    /// pixels as [`super::Renderer::sprite`] snaps. Later copies cover earlier ones. One copy
    /// at a time, as [`SpriteLayer::put_under`].
    #[cfg(test)]
    pub fn put(&mut self, stamp: StampId, pos: Vec2) {
        let stamps = std::mem::take(&mut self.stamps);
        for (band, pixels) in self.banded() {
            band.put(pixels, &stamps[stamp.0], pos);
        }
        self.stamps = stamps;
    }

    /// Puts a frame's copies, given bottom first, as putting each over the ones before would;
    /// opaque copies go topmost first under each other, so a covered pixel costs nothing. The
    /// bands are filled at once, on rayon's threads.
    ///
    /// `copies(ys)` is called once or twice for each band. It must give, in the same order
    /// every time, at least the copies centred at a height in `ys`: the others cannot reach
    /// the band, and it may leave them out (or not).
    pub fn put_all<F, I>(&mut self, copies: F)
    where
        F: Fn(Range<f32>) -> I + Sync,
        I: DoubleEndedIterator<Item = (StampId, Vec2)>,
    {
        let width = usize::from(self.image.width);
        let (stamps, reach) = (&self.stamps[..], self.reach);
        let pixels = self.image.get_image_data_mut();
        fill(
            &mut self.bands,
            pixels,
            width,
            &|band: &mut Band, pixels| {
                let ys = band.rows.start as f32 - reach..band.rows.end as f32 + reach;
                band.put_all(pixels, stamps, || copies(ys.clone()));
            },
        );
    }

    /// Draws the layer at the current camera's origin, if anything was put this frame.
    pub fn draw(&mut self) {
        if self.bands.iter().all(|b| b.dirty.1 <= b.dirty.0) {
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

/// Runs `each` on every band with its rows of `pixels`, the bands split in halves on rayon's
/// threads (a `join` needs no allocation, which a scope's spawns would).
fn fill(
    bands: &mut [Band],
    pixels: &mut [[u8; 4]],
    width: usize,
    each: &(impl Fn(&mut Band, &mut [[u8; 4]]) + Sync),
) {
    match bands {
        [] => {}
        [band] => each(band, pixels),
        _ => {
            let (upper, lower) = bands.split_at_mut(bands.len() / 2);
            let split = (lower[0].rows.start - upper[0].rows.start) * width;
            let (above, below) = pixels.split_at_mut(split);
            rayon::join(
                || fill(upper, above, width, each),
                || fill(lower, below, width, each),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::stamp::{over, round_i32};
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
        layer.put(id, vec2(3.4, 3.6));
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
        layer.put(id, vec2(4.0, 4.0));
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
        layer.put(id, vec2(-0.2, 0.6)); // top-left at (-1, -1)
        layer.put(id, vec2(100.0, 100.0)); // wholly off
        assert_eq!(at(&layer, 0, 0), BLUE);
        assert_eq!(at(&layer, 0, 1), CLEAR);
        // The same frame one pixel to the left covers the blue with red.
        layer.put(id, vec2(0.8, 1.5));
        assert_eq!(at(&layer, 0, 0), RED);
        // A new frame starts clear.
        layer.begin();
        assert!(layer.pixels().iter().all(|p| *p == CLEAR));
    }

    /// `count` copies at random places and angles, clipped at every edge of a `w` x `h`
    /// layer, of the frames `frames`.
    fn random_copies(
        rng: &mut oorandom::Rand32,
        frames: &[Rect],
        count: usize,
        (w, h): (f32, f32),
    ) -> Vec<(Rect, usize, Vec2)> {
        (0..count)
            .map(|_| {
                let src = frames[rng.rand_range(0..frames.len() as u32) as usize];
                let angle = rng.rand_range(0..ANGLES as u32) as usize;
                let pos = vec2(
                    rng.rand_float() * (w + 6.0) - 3.0,
                    rng.rand_float() * (h + 6.0) - 3.0,
                );
                (src, angle, pos)
            })
            .collect()
    }

    /// Copies at random places and angles, clipped at every edge: put topmost first with
    /// `put_under`, they give the image `put` gives bottom first, pixel for pixel.
    #[test]
    fn putting_opaque_copies_top_first_gives_the_image_of_bottom_first() {
        // A 2x2 opaque sprite and the opaque column of the test sprite (1x3, red), turned.
        let frames = [Rect::new(1.0, 0.0, 2.0, 2.0), Rect::new(1.0, 0.0, 1.0, 3.0)];
        let mut rng = oorandom::Rand32::new(5);
        let mut back = SpriteLayer::new(atlas(), 70, 9);
        let mut front = SpriteLayer::new(atlas(), 70, 9);
        for _frame in 0..3 {
            let copies = random_copies(&mut rng, &frames, 400, (70.0, 9.0));
            back.begin();
            front.begin();
            for &(src, angle, pos) in &copies {
                let id = back.stamp(src, angle);
                back.put(id, pos);
            }
            for &(src, angle, pos) in copies.iter().rev() {
                let id = front.stamp(src, angle);
                assert!(front.stamps[id.0].opaque);
                assert!(front.put_under(id, pos));
            }
            assert!(back.pixels() == front.pixels());
            let (recounted, kept) = front.bands[0].tiles_recounted();
            assert_eq!(recounted, kept);
            let uncovered = front.pixels().iter().filter(|p| p[3] == 0).count();
            assert_eq!(front.covered(), uncovered == 0);
            assert!(back.pixels().contains(&RED));
            assert!(back.pixels().contains(&BLUE));
        }
    }

    /// A frame put in bands at once, each band given only the copies centred within its reach,
    /// is the frame one band gets from `put` bottom first: opaque frames, and frames with a
    /// translucent stamp among them, which blend bottom first.
    #[test]
    fn a_frame_put_in_bands_at_once_is_the_frame_put_in_turn() {
        let mut faded = atlas();
        faded.get_image_data_mut()[1] = [255, 0, 0, 128];
        for (seed, image) in [(11, atlas()), (12, faded)] {
            let frames = [Rect::new(1.0, 0.0, 2.0, 2.0), Rect::new(1.0, 0.0, 2.0, 3.0)];
            let mut rng = oorandom::Rand32::new(seed);
            let (w, h) = (70, 43);
            let mut one = SpriteLayer::new(image.clone(), w, h);
            for bands in [1, 2, 3, 6] {
                let mut banded = SpriteLayer::with_bands(Sheet::whole(image.clone()), w, h, bands);
                assert_eq!(banded.bands.len(), bands);
                for _frame in 0..3 {
                    let copies = random_copies(&mut rng, &frames, 300, (w as f32, h as f32));
                    let ids: Vec<_> = copies
                        .iter()
                        .map(|&(src, angle, pos)| (banded.stamp(src, angle), pos))
                        .collect();
                    one.begin();
                    for &(src, angle, pos) in &copies {
                        let id = one.stamp(src, angle);
                        one.put(id, pos);
                    }
                    banded.begin();
                    banded
                        .put_all(|ys| ids.iter().copied().filter(move |(_, p)| ys.contains(&p.y)));
                    assert!(one.pixels() == banded.pixels(), "{bands} bands");
                    assert!(one.pixels().iter().any(|p| p[3] == 255));
                    for band in &banded.bands {
                        let (recounted, kept) = band.tiles_recounted();
                        assert_eq!(recounted, kept);
                    }
                }
            }
        }
    }

    /// Opaque copies put under first, then a translucent one below them: the band starts
    /// again bottom first, and what it had put is neither lost nor put twice.
    #[test]
    fn a_translucent_copy_below_opaque_ones_starts_the_band_again_bottom_first() {
        let mut faded = atlas();
        faded.get_image_data_mut()[1] = [255, 0, 0, 128];
        let (square, column) = (Rect::new(2.0, 0.0, 1.0, 2.0), sprite_rect());
        let mut one = SpriteLayer::new(faded.clone(), 8, 16);
        let mut two = SpriteLayer::with_bands(Sheet::whole(faded), 8, 16, 2);
        // Bottom first: the translucent column over a clear pixel and under an opaque one,
        // then opaque copies over it and across the bands' edge.
        let copies = [
            (column, vec2(3.0, 7.5)),
            (square, vec2(3.0, 7.0)),
            (square, vec2(5.0, 8.0)),
        ];
        one.begin();
        two.begin();
        let mut ids = Vec::new();
        for &(src, pos) in &copies {
            let id = one.stamp(src, 0);
            one.put(id, pos);
            ids.push((two.stamp(src, 0), pos));
        }
        assert!(!two.stamps[ids[0].0 .0].opaque && two.stamps[ids[1].0 .0].opaque);
        two.put_all(|_| ids.iter().copied());
        assert!(one.pixels() == two.pixels());
        assert!(
            one.pixels().iter().any(|p| p[3] == 128),
            "the translucent pixel shows"
        );
    }

    /// Layers of any size make whole bands: as many as asked while each has a tile row, the
    /// rows covered once and in order, and one empty band for an image without rows.
    #[test]
    fn bands_cover_every_row_once_whatever_the_size() {
        for (height, asked, made) in [
            (0, 2, 1),
            (5, 3, 1),
            (9, 2, 2),
            (43, 3, 3),
            (43, 6, 6),
            (320, 4, 4),
        ] {
            let mut layer = SpriteLayer::with_bands(Sheet::whole(atlas()), 7, height, asked);
            assert_eq!(layer.bands.len(), made, "{height} rows in {asked}");
            let rows: Vec<usize> = layer.bands.iter().flat_map(|b| b.rows.clone()).collect();
            assert_eq!(rows, (0..usize::from(height)).collect::<Vec<_>>());
            layer.begin();
            let id = layer.stamp(sprite_rect(), 0);
            layer.put_all(|_| std::iter::once((id, vec2(3.0, 4.0))));
            assert_eq!(layer.covered(), height == 0);
        }
    }

    #[test]
    fn a_stamp_with_translucent_pixels_is_not_put_under() {
        let mut atlas = atlas();
        atlas.get_image_data_mut()[1] = [255, 0, 0, 128];
        let mut layer = SpriteLayer::new(atlas, 8, 8);
        let id = layer.stamp(sprite_rect(), 0);
        assert!(!layer.stamps[id.0].opaque);
        layer.begin();
        assert!(!layer.put_under(id, vec2(4.0, 4.0)));
        assert!(layer.pixels().iter().all(|p| *p == CLEAR));
    }

    #[test]
    fn a_layer_knows_when_it_is_covered_and_a_new_frame_uncovers_it() {
        let mut layer = SpriteLayer::new(atlas(), 3, 2);
        let square = Rect::new(1.0, 0.0, 2.0, 2.0);
        let id = layer.stamp(square, 0);
        layer.begin();
        assert!(layer.put_under(id, vec2(1.0, 1.0)));
        assert!(!layer.covered(), "a column is left");
        assert!(layer.put_under(id, vec2(2.0, 1.0)));
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

    fn layer_on(sheet: Sheet) -> SpriteLayer {
        SpriteLayer::with_bands(sheet, 1, 1, 1)
    }

    #[test]
    fn a_cut_sheet_stamps_every_turn_as_the_whole_atlas_does() {
        let mut whole = SpriteLayer::new(atlas(), 1, 1);
        let mut cut = layer_on(Sheet::cut(&atlas(), [sprite_rect()]));
        for step in 0..ANGLES {
            let (a, b) = (
                whole.stamp(sprite_rect(), step),
                cut.stamp(sprite_rect(), step),
            );
            assert_eq!(whole.stamp_pixels(a), cut.stamp_pixels(b), "turn {step}");
        }
    }

    #[test]
    fn texels_outside_the_sheet_read_clear() {
        // Only the red column is kept: the blue one, to its right, is outside.
        let mut red_only = layer_on(Sheet::cut(&atlas(), [Rect::new(1.0, 0.0, 1.0, 3.0)]));
        let id = red_only.stamp(sprite_rect(), 0);
        let (_, _, pixels) = red_only.stamp_pixels(id);
        assert_eq!(pixels, [RED, CLEAR, RED, CLEAR, RED, CLEAR]);
        // No frames on the atlas at all: an empty sheet, and every stamp is clear.
        let mut none = layer_on(Sheet::cut(&atlas(), [Rect::new(9.0, 9.0, 2.0, 2.0)]));
        let id = none.stamp(sprite_rect(), ANGLES / 8);
        let (_, _, pixels) = none.stamp_pixels(id);
        assert!(pixels.iter().all(|p| *p == CLEAR));
    }
}
