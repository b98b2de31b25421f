//! A boss attack's title card, the genre's spell-card banner: when a named phase begins its
//! title sweeps in across the playfield, then settles small at the top right for as long as
//! the phase lasts. Driven by the simulation's `BossPhase` events; nothing of it is the game's.

use std::sync::Arc;

use macroquad::prelude::*;

use skysweep::sim::{GameEvent, World};

use super::Renderer;

/// Steps the title takes to sweep in.
const SWEEP_STEPS: u32 = 16;
/// Steps the big banner shows before it settles.
const BANNER_STEPS: u32 = 110;
/// Steps it takes to settle into the corner.
const SETTLE_STEPS: u32 = 20;

/// The title of the boss attack in play, and how long it has shown.
#[derive(Clone, Debug, Default)]
pub struct AttackCard {
    title: Option<Arc<str>>,
    age: u32,
}

impl AttackCard {
    /// A named phase begun shows its title; an unnamed one, or the boss's fall, ends it.
    pub fn absorb(&mut self, ev: &GameEvent) {
        match ev {
            GameEvent::BossPhase { name, .. } => {
                self.title = name.clone();
                self.age = 0;
            }
            GameEvent::BossDefeated { .. } | GameEvent::StageClear => self.title = None,
            _ => {}
        }
    }

    pub fn step(&mut self) {
        self.age = self.age.saturating_add(1);
    }

    pub fn clear(&mut self) {
        self.title = None;
    }

    /// The banner while it is new, then the title small at the playfield's top right.
    pub fn draw(&self, r: &Renderer) {
        let Some(title) = self.title.as_deref() else {
            return;
        };
        let field = vec2(224.0, 320.0);
        let gold = Color::from_rgba(255, 226, 120, 255);
        let w = r.text_width(title, 1.0);
        let corner = vec2(field.x - w - 4.0, 24.0);
        if self.age < BANNER_STEPS {
            // Sweeping in from the right, easing out.
            let t = (self.age as f32 / SWEEP_STEPS as f32).min(1.0);
            let ease = 1.0 - (1.0 - t).powi(3);
            let x = field.x + (field.x * 0.5 - w * 0.5 - field.x) * ease;
            let band_y = 96.0;
            draw_rectangle(
                0.0,
                band_y,
                field.x,
                28.0,
                Color::new(0.05, 0.02, 0.12, 0.72 * ease),
            );
            for edge in [band_y, band_y + 27.0] {
                draw_rectangle(
                    0.0,
                    edge,
                    field.x * ease,
                    1.0,
                    Color::new(1.0, 0.85, 0.4, 0.8),
                );
            }
            r.text_centered("BOSS ATTACK", field.x * 0.5, band_y + 3.0, 1.0, GRAY);
            r.text_shadow(title, vec2(x.round(), band_y + 15.0), 1.0, gold);
            return;
        }
        // Settling from the banner's place into the corner, then staying there.
        let t = ((self.age - BANNER_STEPS) as f32 / SETTLE_STEPS as f32).min(1.0);
        let from = vec2(field.x * 0.5 - w * 0.5, 111.0);
        let at = from.lerp(corner, t * t * (3.0 - 2.0 * t));
        draw_rectangle(
            at.x - 2.0,
            at.y - 2.0,
            w + 4.0,
            12.0,
            Color::new(0.05, 0.02, 0.12, 0.55),
        );
        r.text_shadow(title, at.round(), 1.0, gold);
    }
}

/// The phase the boss (else the mid-boss) is in: its number from 1, how many its type has,
/// and its title if it has one. `None` with neither in play, or one without phases.
pub fn phase_in_play(world: &World) -> Option<(usize, usize, Option<Arc<str>>)> {
    let k = world.boss().or(world.mid_boss().map(|w| w.key))?;
    let e = world.enemies().get(k)?;
    let phases = &world.level().enemies[e.kind].phases;
    let p = phases.get(e.boss_phase)?;
    Some((e.boss_phase + 1, phases.len(), p.name.clone()))
}
