//! The HUD inside the playfield, for a window with no room for side panels: scores, lives and
//! bombs along the top, power and gauges along the foot.

use macroquad::prelude::*;

use skysweep::sim::{Player, World};

use super::{ReplayMarker, LOOP_ORANGE, REPLAY_MARKER};
use crate::render::{Renderer, TITLE_GOLD};

/// Top of the overlay's bottom row (each player's power and gauge, the replay marker), so that
/// what else goes along the playfield's foot can stay above it.
pub const OVERLAY_FOOT: f32 = 307.0;

/// Inside the playfield, along the top: used when the window has no room for side panels.
/// The replay marker sits at the bottom, between the players' power gauges. `hi_score`, here
/// and in [`super::draw_panels`], already counts this run's score when the run is ranked (see
/// `StagePlay::hi_score`).
pub fn draw_overlay(r: &Renderer, world: &World, hi_score: u64, replay: Option<ReplayMarker>) {
    draw_rectangle(0.0, 0.0, 224.0, 10.0, Color::new(0.0, 0.0, 0.0, 0.45));
    for p in world.players() {
        let x = if p.index == 0 { 2.0 } else { 130.0 };
        r.text_shadow(&format!("{:08}", p.score), vec2(x, 1.0), 1.0, WHITE);
        // Lives and bombs as small pips below the score.
        for l in 0..p.lives.min(6) {
            draw_rectangle(
                x + l as f32 * 6.0,
                12.0,
                4.0,
                4.0,
                Color::from_rgba(120, 220, 255, 255),
            );
        }
        for b in 0..p.bombs.min(6) {
            draw_circle(
                x + 2.0 + b as f32 * 6.0,
                20.0,
                2.0,
                Color::from_rgba(255, 140, 60, 255),
            );
        }
        r.text_shadow(
            &format!("P{}", p.power),
            vec2(x, OVERLAY_FOOT + 1.0),
            1.0,
            Color::from_rgba(255, 200, 80, 255),
        );
        gauge(vec2(x + 20.0, OVERLAY_FOOT + 3.0), 40.0, p);
    }
    if world.players().len() == 1 {
        r.text_shadow(
            &format!("HI {:08}", hi_score),
            vec2(120.0, 1.0),
            1.0,
            Color::from_rgba(255, 230, 150, 255),
        );
    }
    if let Some(label) = crate::render::stage::loop_label(world.config().loop_index) {
        r.text_shadow(&label, vec2(2.0, 28.0), 1.0, LOOP_ORANGE);
    }
    if replay.is_some_and(|m| m.lit) {
        // Player 1's gauge ends at x 62 and player 2's power starts at 130.
        r.text_centered(REPLAY_MARKER, 96.0, OVERLAY_FOOT + 1.0, 1.0, TITLE_GOLD);
    }
}

fn gauge(pos: Vec2, w: f32, p: &Player) {
    draw_rectangle(pos.x, pos.y, w, 4.0, Color::from_rgba(30, 30, 60, 220));
    let frac = (p.charge / skysweep::sim::model::player::MAX_CHARGE).clamp(0.0, 1.0);
    draw_rectangle(
        pos.x,
        pos.y,
        w * frac,
        4.0,
        Color::from_rgba(120, 200, 255, 255),
    );
    // One slot a charge: a full slot is one melee strike or charge attack banked.
    let slots = skysweep::sim::model::player::MAX_CHARGE as u32;
    for i in 1..slots {
        draw_rectangle(pos.x + w * i as f32 / slots as f32, pos.y, 1.0, 4.0, BLACK);
    }
}
