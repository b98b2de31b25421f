//! The hitbox overlay (F1): every collision box as a 1-pixel outline in its layer's colour,
//! above everything, and a panel of timings and collider counters.
//!
//! A read-only view: it draws what the collider exposes and never changes it.

use macroquad::prelude::*;

use skysweep::collide::{Layer, Stats};
use skysweep::sim::World;

use super::{Layout, Renderer};

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

/// Draws every box in screen space as a 1-pixel outline, so the colours are exact.
pub fn draw_boxes(world: &World, layout: &Layout) {
    for (layer, aabb) in world.boxes() {
        let min = layout.to_screen(aabb.min).floor();
        let max = layout.to_screen(aabb.max).floor();
        let size = (max - min).max(vec2(1.0, 1.0));
        outline(min, size, layer_color(layer));
    }
}

/// A 1-pixel rectangle outline from four filled strips (exact pixels, no line smoothing).
fn outline(min: Vec2, size: Vec2, color: Color) {
    draw_rectangle(min.x, min.y, size.x, 1.0, color);
    draw_rectangle(min.x, min.y + size.y - 1.0, size.x, 1.0, color);
    draw_rectangle(min.x, min.y, 1.0, size.y, color);
    draw_rectangle(min.x + size.x - 1.0, min.y, 1.0, size.y, color);
}

/// The text panel: fps, step/collide/render time, live boxes and the collider's counters.
pub fn draw_panel(r: &Renderer, world: &World, times: &FrameTimes, stats: &Stats, layout: &Layout) {
    let lines = [
        format!("fps     {:>6}", times.fps),
        format!("sim     {:>6.0}us", times.step_us),
        format!("collide {:>6.0}us", times.collide_us),
        format!("render  {:>6.0}us", times.render_us),
        format!("boxes   {:>6}", stats.live_boxes),
        format!("swaps   {:>6}", stats.swaps),
        format!("tests   {:>6}", stats.pair_tests),
        format!("pairs   {:>6}", stats.live_pairs),
        format!("enter   {:>6}", stats.pairs_added),
        format!("exit    {:>6}", stats.pairs_removed),
        format!("bullets {:>6}", world.bullets.len()),
    ];
    let scale = layout.scale.clamp(1.0, 2.0);
    let line_h = 9.0 * scale;
    let pos = if layout.panels {
        vec2(
            layout.origin.x + (224.0 + 4.0) * layout.scale,
            layout.origin.y + 200.0 * layout.scale,
        )
    } else {
        layout.origin + vec2(4.0, 40.0) * layout.scale
    };
    let w = 16.0 * 8.0 * scale + 8.0;
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
