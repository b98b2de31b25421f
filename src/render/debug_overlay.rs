//! The hitbox overlay (F1): every collision box as a 1-pixel outline in its layer's colour,
//! above everything, and a panel of timings and collider counters.
//!
//! A read-only view: it draws what the collider exposes and never changes it.

use macroquad::prelude::*;

use skysweep::collide::{Layer, Stats};
use skysweep::sim::{World, PLAYFIELD};

use super::{outline, Layout, Renderer, PANEL_W};

/// The overlay colour of each layer, as in the arcade original's debug mode.
pub fn layer_color(layer: Layer) -> Color {
    match layer {
        Layer::Player | Layer::PlayerShot => Color::from_rgba(255, 255, 255, 255),
        Layer::PowerUp => Color::from_rgba(0, 255, 0, 255),
        Layer::GroundEnemy => Color::from_rgba(255, 0, 0, 255),
        Layer::AirEnemy | Layer::EnemyBullet => Color::from_rgba(255, 255, 0, 255),
        // Not one of the arcade's colours: the bomb's blast box covers the whole screen.
        Layer::BombBlast => Color::from_rgba(0, 200, 255, 255),
    }
}

/// Timings of the last frame, in microseconds, and the frame rate.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameTimes {
    pub fps: i32,
    pub step_us: f64,
    pub collide_us: f64,
    pub render_us: f64,
    pub steps: u32,
}

/// Draws every box in screen space as a 1-pixel outline, so the colours are exact. Boxes move
/// with the playfield's `shake` (as the sprites do) and are clipped to the playfield, so boxes
/// of bodies leaving the screen never spill onto the side panels.
pub fn draw_boxes(world: &World, layout: &Layout, shake: Vec2) {
    for (layer, aabb) in world.boxes() {
        let min = (aabb.min - shake).max(Vec2::ZERO);
        let max = (aabb.max - shake).min(PLAYFIELD);
        if min.x >= max.x || min.y >= max.y {
            continue;
        }
        let min = layout.to_screen(min).floor();
        let max = layout.to_screen(max).floor();
        let size = (max - min).max(vec2(1.0, 1.0));
        outline(min, size, layer_color(layer));
    }
}

/// The text panel: fps, step/collide/render time, live boxes and the collider's counters.
pub fn draw_panel(r: &Renderer, world: &World, times: &FrameTimes, stats: &Stats, layout: &Layout) {
    let lines = [
        format!("fps     {:>5}", times.fps),
        format!("sim     {:>5.0}us", times.step_us),
        format!("collide {:>5.0}us", times.collide_us),
        format!("render  {:>5.0}us", times.render_us),
        format!("boxes   {:>5}", stats.live_boxes),
        format!("swaps   {:>5}", stats.swaps),
        format!("tests   {:>5}", stats.pair_tests),
        format!("pairs   {:>5}", stats.live_pairs),
        format!("enter   {:>5}", stats.pairs_added),
        format!("exit    {:>5}", stats.pairs_removed),
        format!("bullets {:>5}", world.bullets.len()),
    ];
    // Twice the font's size when the room allows: the side panel, or the playfield's width.
    let room = if layout.panels {
        (PANEL_W - 4.0) * layout.scale
    } else {
        (224.0 - 8.0) * layout.scale
    };
    let widest = lines.iter().map(|l| l.len()).max().unwrap_or(0);
    let widest = "M".repeat(widest);
    let scale = if r.text_width(&widest, 2.0) + 8.0 <= room && layout.scale >= 2.0 {
        2.0
    } else {
        1.0
    };
    let line_h = 9.0 * scale;
    let pos = if layout.panels {
        vec2(
            layout.origin.x + (224.0 + 4.0) * layout.scale,
            layout.origin.y + 200.0 * layout.scale,
        )
    } else {
        layout.origin + vec2(4.0, 40.0) * layout.scale
    };
    let w = r.text_width(&widest, scale) + 8.0;
    draw_rectangle(
        pos.x - 4.0,
        pos.y - 4.0,
        w,
        line_h * lines.len() as f32 + 8.0,
        Color::from_rgba(0, 0, 0, 170),
    );
    for (i, l) in lines.iter().enumerate() {
        r.text(
            l,
            pos + vec2(0.0, i as f32 * line_h),
            scale,
            Color::from_rgba(200, 230, 255, 255),
        );
    }
}
