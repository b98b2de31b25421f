//! The hitbox overlay: every box of the running broad phase as a 1-pixel outline in its
//! layer's colour (the game's F1 colours), filled faintly while it overlaps another box;
//! circles are drawn as circles and oriented boxes turned, inside their boxes. With the
//! outlines off (F1) each body is painted solid instead, as a silhouette in its layer's
//! colour: where things are and how they crowd, without the clutter of outlines and fills.
//!
//! Painted on the CPU into one field-sized image and uploaded once a frame, as the game does
//! with its enemy bullets: 50,000 boxes drawn as four quads each would cost a software OpenGL
//! driver (Xvfb, CI) far more than the collider it is showing.

use macroquad::prelude::*;

use skysweep::collide::workloads::FIELD;
use skysweep::collide::{Aabb, Layer, Shape};
use skysweep::sim::layers::GameLayer;

use crate::render::debug_overlay::layer_color;

/// Layers in the order they are painted: the player's box last, on top.
const PAINT_ORDER: [GameLayer; GameLayer::COUNT] = [
    GameLayer::BombBlast,
    GameLayer::GroundEnemy,
    GameLayer::PowerUp,
    GameLayer::AirEnemy,
    GameLayer::EnemyBullet,
    GameLayer::PlayerShot,
    GameLayer::Player,
];

/// The field's background.
pub const FIELD_BG: [u8; 4] = [20, 30, 60, 255];

/// How strongly a touching box's fill covers what is under it, out of 256.
const FILL_ALPHA: u32 = 90;

/// One body to paint: its layer, its box in field pixels, whether it touches another, and
/// its exact shape (centred in the box).
pub type Shown = (Layer, Aabb, bool, Shape);

/// An RGBA image of the field at some whole or fractional scale, and its texture.
#[derive(Default)]
pub struct Overlay {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
    texture: Option<Texture2D>,
    order: Vec<(u8, Shown)>,
}

impl Overlay {
    /// Paints `boxes` at `scale` screen pixels per field pixel, as outlines or as solid
    /// silhouettes (`solid`), and draws the result with its top-left at `origin`.
    pub fn draw(
        &mut self,
        boxes: impl Iterator<Item = Shown>,
        solid: bool,
        origin: Vec2,
        scale: f32,
    ) {
        let (w, h) = ((FIELD.x * scale) as usize, (FIELD.y * scale) as usize);
        if (w, h) != (self.width, self.height) || self.texture.is_none() {
            self.width = w.max(1);
            self.height = h.max(1);
            self.pixels = vec![0; self.width * self.height * 4];
            let t = Texture2D::from_rgba8(self.width as u16, self.height as u16, &self.pixels);
            t.set_filter(FilterMode::Nearest);
            self.texture = Some(t);
        }
        self.order.clear();
        self.order.extend(boxes.map(|b| (rank(b.0), b)));
        self.order.sort_unstable_by_key(|(r, _)| *r);
        let mut canvas = Canvas {
            pixels: &mut self.pixels,
            width: self.width,
            height: self.height,
        };
        canvas.clear(FIELD_BG);
        for (_, b) in &self.order {
            if solid {
                canvas.paint_solid(b, scale);
            } else {
                canvas.paint(b, scale);
            }
        }
        if let Some(t) = &self.texture {
            t.update_from_bytes(self.width as u32, self.height as u32, &self.pixels);
            draw_texture(t, origin.x, origin.y, WHITE);
        }
    }
}

fn rank(layer: Layer) -> u8 {
    PAINT_ORDER
        .iter()
        .position(|&l| l.id() == layer)
        .unwrap_or(0) as u8
}

/// Depth of screen point `p` inside `shape` centred at `centre` (screen pixels to its edge),
/// negative outside; a plain box is all inside, its clip being the box.
fn depth(shape: Shape, centre: Vec2, scale: f32, p: Vec2) -> f32 {
    let d = p - centre;
    match shape {
        Shape::Circle { radius } => radius * scale - d.length(),
        Shape::Oriented { half, angle } => {
            // The shape's own axes, as the collider turns them.
            let u = Vec2::from_angle(angle);
            let local = Vec2::new(d.dot(u), d.dot(u.perp())).abs();
            (half * scale - local).min_element()
        }
        Shape::Aabb => f32::INFINITY,
    }
}

/// RGBA pixels, row by row from the top.
struct Canvas<'a> {
    pixels: &'a mut [u8],
    width: usize,
    height: usize,
}

impl Canvas<'_> {
    fn clear(&mut self, rgba: [u8; 4]) {
        for px in self.pixels.chunks_exact_mut(4) {
            px.copy_from_slice(&rgba);
        }
    }

    /// One box: clipped to the field, corners floored to whole pixels, at least one pixel
    /// across; the fill first when it touches, then the outline in full colour.
    fn paint(&mut self, &(layer, aabb, touching, shape): &Shown, scale: f32) {
        let Some((x0, y0, x1, y1)) = self.clip(aabb, scale) else {
            return;
        };
        let c = layer_color(GameLayer::of(layer));
        let rgb = [c.r, c.g, c.b].map(|v| (v * 255.0).round() as u32);
        if shape != Shape::Aabb {
            self.paint_shape(aabb, shape, scale, (x0, y0, x1, y1), rgb, touching);
            return;
        }
        if touching {
            for y in y0..y1 {
                for x in x0..x1 {
                    let px = &mut self.pixels[(y * self.width + x) * 4..][..3];
                    for (p, &c) in px.iter_mut().zip(&rgb) {
                        *p = ((*p as u32 * (256 - FILL_ALPHA) + c * FILL_ALPHA) >> 8) as u8;
                    }
                }
            }
        }
        let solid = [rgb[0] as u8, rgb[1] as u8, rgb[2] as u8, 255];
        for x in x0..x1 {
            self.set(x, y0, solid);
            self.set(x, y1 - 1, solid);
        }
        for y in y0..y1 {
            self.set(x0, y, solid);
            self.set(x1 - 1, y, solid);
        }
    }

    /// One body as a silhouette: its exact shape filled in full colour, at least one pixel.
    fn paint_solid(&mut self, &(layer, aabb, _, shape): &Shown, scale: f32) {
        let Some((x0, y0, x1, y1)) = self.clip(aabb, scale) else {
            return;
        };
        let c = layer_color(GameLayer::of(layer));
        let solid = [c.r, c.g, c.b].map(|v| (v * 255.0).round() as u8);
        let solid = [solid[0], solid[1], solid[2], 255];
        let centre = aabb.center() * scale;
        let tiny = x1 - x0 <= 1 || y1 - y0 <= 1;
        for y in y0..y1 {
            for x in x0..x1 {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                // A body smaller than a pixel still shows as one.
                if tiny || depth(shape, centre, scale, p) >= 0.0 {
                    self.set(x, y, solid);
                }
            }
        }
    }

    /// `aabb` clipped to the field in screen pixels (end exclusive), at least one pixel
    /// across; `None` when it lies wholly outside.
    fn clip(&self, aabb: Aabb, scale: f32) -> Option<(usize, usize, usize, usize)> {
        let min = aabb.min.max(Vec2::ZERO);
        let max = aabb.max.min(FIELD);
        if !(min.x < max.x && min.y < max.y) {
            return None;
        }
        let x0 = ((min.x * scale).floor() as usize).min(self.width - 1);
        let y0 = ((min.y * scale).floor() as usize).min(self.height - 1);
        let x1 = ((max.x * scale).floor() as usize).clamp(x0 + 1, self.width);
        let y1 = ((max.y * scale).floor() as usize).clamp(y0 + 1, self.height);
        Some((x0, y0, x1, y1))
    }

    /// A circle or an oriented box, tested pixel by pixel over the clipped box `px` (screen
    /// pixels, end exclusive): inside pixels within one pixel of the edge are the outline.
    fn paint_shape(
        &mut self,
        aabb: Aabb,
        shape: Shape,
        scale: f32,
        (x0, y0, x1, y1): (usize, usize, usize, usize),
        rgb: [u32; 3],
        touching: bool,
    ) {
        let centre = aabb.center() * scale;
        let solid = [rgb[0] as u8, rgb[1] as u8, rgb[2] as u8, 255];
        for y in y0..y1 {
            for x in x0..x1 {
                let inside = depth(
                    shape,
                    centre,
                    scale,
                    Vec2::new(x as f32 + 0.5, y as f32 + 0.5),
                );
                if inside < 0.0 {
                    continue;
                }
                if inside < 1.0 {
                    self.set(x, y, solid);
                } else if touching {
                    let px = &mut self.pixels[(y * self.width + x) * 4..][..3];
                    for (p, &c) in px.iter_mut().zip(&rgb) {
                        *p = ((*p as u32 * (256 - FILL_ALPHA) + c * FILL_ALPHA) >> 8) as u8;
                    }
                }
            }
        }
    }

    fn set(&mut self, x: usize, y: usize, rgba: [u8; 4]) {
        let i = (y * self.width + x) * 4;
        self.pixels[i..i + 4].copy_from_slice(&rgba);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::collide::workloads::layers::{
        self as scene, AIR_ENEMY, ENEMY_BULLET, GROUND_ENEMY, PLAYER, PLAYER_SHOT, POWER_UP,
    };

    fn canvas_of(pixels: &mut Vec<u8>, scale: f32) -> Canvas<'_> {
        let (width, height) = ((FIELD.x * scale) as usize, (FIELD.y * scale) as usize);
        pixels.resize(width * height * 4, 0);
        let mut c = Canvas {
            pixels,
            width,
            height,
        };
        c.clear(FIELD_BG);
        c
    }

    /// A canvas at `scale` with `body` painted on the field.
    fn painted<'a>(pixels: &'a mut Vec<u8>, scale: f32, body: &Shown) -> Canvas<'a> {
        let mut c = canvas_of(pixels, scale);
        c.paint(body, scale);
        c
    }

    fn at(c: &Canvas, x: usize, y: usize) -> [u8; 4] {
        let i = (y * c.width + x) * 4;
        c.pixels[i..i + 4].try_into().unwrap()
    }

    #[test]
    fn a_box_is_a_one_pixel_outline_in_its_layer_colour() {
        let b = Aabb::new(Vec2::new(10.0, 20.0), Vec2::new(16.0, 24.0));
        let mut px = Vec::new();
        let c = painted(&mut px, 2.0, &(POWER_UP, b, false, Shape::Aabb));
        // Screen box: x 20..32, y 40..48 (exclusive), so its edges are 20, 31, 40 and 47.
        let edges = [(20, 40), (31, 40), (20, 47), (31, 47), (25, 40), (20, 44)];
        let outside = [(25, 44), (19, 40), (32, 40), (20, 39), (20, 48)];
        let green = [0, 255, 0, 255];
        expect(
            &c,
            &edges.map(|(x, y)| (x, y, green)),
            &outside.map(|(x, y)| (x, y, FIELD_BG)),
        );
    }

    #[test]
    fn a_touching_box_is_filled_faintly_and_outlined_in_full() {
        let b = Aabb::new(Vec2::new(50.0, 50.0), Vec2::new(60.0, 60.0));
        let mut px = Vec::new();
        let c = painted(&mut px, 1.0, &(GROUND_ENEMY, b, true, Shape::Aabb));
        // The field's (20, 30, 60) mixed 90/256 of the way to ground red (255, 0, 0).
        assert_eq!(at(&c, 55, 55), [102, 19, 38, 255]);
        assert_eq!(at(&c, 50, 55), [255, 0, 0, 255]);
    }

    #[test]
    fn boxes_past_the_edges_are_clipped_and_tiny_ones_still_show() {
        let mut px = Vec::new();
        let mut c = canvas_of(&mut px, 1.0);
        // Half off the left and top, wholly outside, and a sliver thinner than a pixel.
        c.paint(
            &(
                PLAYER_SHOT,
                Aabb::new(Vec2::splat(-5.0), Vec2::splat(5.0)),
                false,
                Shape::Aabb,
            ),
            1.0,
        );
        c.paint(
            &(
                PLAYER_SHOT,
                Aabb::new(Vec2::splat(-9.0), Vec2::splat(-1.0)),
                false,
                Shape::Aabb,
            ),
            1.0,
        );
        c.paint(
            &(
                ENEMY_BULLET,
                Aabb::new(Vec2::new(100.2, 100.0), Vec2::new(100.4, 100.5)),
                false,
                Shape::Aabb,
            ),
            1.0,
        );
        let white = [255, 255, 255, 255];
        assert_eq!(at(&c, 0, 0), white);
        assert_eq!(at(&c, 4, 0), white);
        assert_eq!(at(&c, 4, 4), white);
        assert_eq!(at(&c, 2, 2), FIELD_BG);
        assert_eq!(at(&c, 100, 100), [255, 255, 0, 255]);
        // A box reaching past the far corner is clipped there too, without a panic.
        c.paint(
            &(
                PLAYER,
                Aabb::new(FIELD - 2.0, FIELD + 9.0),
                false,
                Shape::Aabb,
            ),
            1.0,
        );
        assert_eq!(at(&c, FIELD.x as usize - 1, FIELD.y as usize - 1), white);
    }

    /// Enemy bullets are painted yellow.
    const YELLOW: [u8; 4] = [255, 255, 0, 255];

    /// Asserts each pixel of `painted`, then of `clear`, has the colour given with it.
    fn expect(c: &Canvas, painted: &[(usize, usize, [u8; 4])], clear: &[(usize, usize, [u8; 4])]) {
        for &(x, y, colour) in painted.iter().chain(clear) {
            assert_eq!(at(c, x, y), colour, "pixel ({x}, {y})");
        }
    }

    /// An enemy bullet of radius 10 centred on (50, 50).
    fn round_bullet() -> Shown {
        let b = Aabb::from_center(Vec2::splat(50.0), Vec2::splat(10.0));
        (ENEMY_BULLET, b, false, Shape::Circle { radius: 10.0 })
    }

    #[test]
    fn circles_are_round_and_oriented_boxes_turned() {
        let mut px = Vec::new();
        let mut c = canvas_of(&mut px, 1.0);
        // A circle of radius 10 at (50, 50): its box's corners stay background.
        c.paint(&round_bullet(), 1.0);
        let rim = [(40, 50, YELLOW), (50, 59, YELLOW)];
        expect(&c, &rim, &[(41, 41, FIELD_BG), (50, 50, FIELD_BG)]);
        // A long thin box turned a quarter turn stands upright; touching, it is filled.
        let needle = Shape::Oriented {
            half: Vec2::new(20.0, 3.0),
            angle: std::f32::consts::FRAC_PI_2,
        };
        let b = Aabb::from_center(Vec2::new(150.0, 150.0), Vec2::new(3.0, 20.0));
        c.paint(&(AIR_ENEMY, b, true, needle), 1.0);
        assert_eq!(at(&c, 150, 130), YELLOW);
        assert_eq!(at(&c, 147, 150), YELLOW);
        assert_ne!(at(&c, 150, 150), FIELD_BG);
        assert_ne!(at(&c, 150, 150), YELLOW);
        assert_eq!(at(&c, 150, 128), FIELD_BG);
    }

    #[test]
    fn the_player_is_painted_above_everything() {
        let others = scene::ALL.into_iter().filter(|&l| l != PLAYER);
        assert!(others.map(rank).all(|r| r < rank(PLAYER)));
    }

    #[test]
    fn solid_view_fills_each_shape_and_keeps_tiny_bodies() {
        let mut px = Vec::new();
        let mut c = canvas_of(&mut px, 1.0);
        // A plain box is filled through, not outlined.
        let b = Aabb::from_center(Vec2::splat(120.0), Vec2::splat(6.0));
        c.paint_solid(&(ENEMY_BULLET, b, false, Shape::Aabb), 1.0);
        assert_eq!(at(&c, 120, 120), YELLOW);
        // A circle filled to its centre, its box's corners still background.
        c.paint_solid(&round_bullet(), 1.0);
        let inside = [(50, 50, YELLOW), (45, 52, YELLOW)];
        expect(&c, &inside, &[(41, 41, FIELD_BG)]);
        // A body far smaller than a pixel at this scale still shows as one.
        let b = Aabb::from_center(Vec2::splat(200.5), Vec2::splat(0.1));
        c.paint_solid(&(ENEMY_BULLET, b, false, round_bullet().3), 1.0);
        assert_eq!(at(&c, 200, 200), YELLOW);
    }
}
