//! A boss attack's title card, the genre's spell-card banner: when a named phase begins its
//! title sweeps in across the playfield, then settles small at the top right for as long as
//! the phase lasts. Driven by the simulation's `BossPhase` events; nothing of it is the game's.

use std::sync::Arc;

use macroquad::prelude::*;

use skysweep::sim::{GameEvent, World, PLAYFIELD};

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

    /// The banner while it is new, then the title small at the playfield's top right. Drawn
    /// under the ships and the bullets, with no opaque box, and faded wherever a bullet or a
    /// ship is under it ([`see_through`]), so it never hides what can hurt the player.
    pub fn draw(&self, r: &Renderer, world: &World) {
        let Some(title) = self.title.as_deref() else {
            return;
        };
        let title = title.to_uppercase();
        let field = vec2(PLAYFIELD.x, PLAYFIELD.y);
        let hazards = || hazards(world);
        let w = r.text_width(&title, 1.0);
        let corner = vec2(field.x - w - 4.0, CORNER_Y);
        if self.age < BANNER_STEPS {
            // Sweeping in from the right, easing out.
            let t = (self.age as f32 / SWEEP_STEPS as f32).min(1.0);
            let ease = 1.0 - (1.0 - t).powi(3);
            let x = field.x + (field.x * 0.5 - w * 0.5 - field.x) * ease;
            let band_y = 96.0;
            let band = Rect::new(0.0, band_y, field.x, 28.0);
            let a = see_through(band, hazards());
            draw_rectangle(
                band.x,
                band.y,
                band.w,
                band.h,
                Color::new(0.05, 0.02, 0.12, BAND_ALPHA * ease * a),
            );
            for edge in [band_y, band_y + 27.0] {
                draw_rectangle(
                    0.0,
                    edge,
                    field.x * ease,
                    1.0,
                    Color::new(1.0, 0.85, 0.4, 0.8 * a),
                );
            }
            r.text_centered(
                "BOSS ATTACK",
                field.x * 0.5,
                band_y + 3.0,
                1.0,
                faded(GRAY, a),
            );
            r.text_shadow(&title, vec2(x.round(), band_y + 15.0), 1.0, faded(GOLD, a));
            return;
        }
        // Settling from the banner's place into the corner, then staying there.
        let t = ((self.age - BANNER_STEPS) as f32 / SETTLE_STEPS as f32).min(1.0);
        let from = vec2(field.x * 0.5 - w * 0.5, 111.0);
        let at = from.lerp(corner, t * t * (3.0 - 2.0 * t)).round();
        let a = see_through(Rect::new(at.x, at.y, w, 8.0), hazards());
        r.text_shadow(&title, at, 1.0, faded(GOLD, a));
    }
}

/// The settled name's top: under the score drawn over the playfield when there are no side
/// panels (TATE) and under the music's title there (`stage::draw_music_title` at 26, 12 high).
const CORNER_Y: f32 = 40.0;
/// How far the band behind the banner darkens the playfield, with nothing under it.
const BAND_ALPHA: f32 = 0.45;
/// The least a name fades to, with a bullet or a ship right under it: still legible up close.
const FAINTEST: f32 = 0.2;
/// Pixels from the name at which a bullet or a ship starts to fade it.
const FADE_FROM: f32 = 24.0;
const GOLD: Color = Color::new(1.0, 0.886, 0.47, 1.0);

/// How opaque a boss attack's name (or its banner) over `area` of the playfield may be, given
/// the `hazards` (enemy bullets, the ships) there: whole with none within [`FADE_FROM`]
/// pixels, fading as the nearest comes closer, down to [`FAINTEST`] with one under it.
pub fn see_through(area: Rect, hazards: impl IntoIterator<Item = Vec2>) -> f32 {
    let nearest = hazards
        .into_iter()
        .map(|p| {
            let dx = (area.x - p.x).max(p.x - area.right()).max(0.0);
            let dy = (area.y - p.y).max(p.y - area.bottom()).max(0.0);
            vec2(dx, dy).length()
        })
        .fold(f32::INFINITY, f32::min);
    FAINTEST + (1.0 - FAINTEST) * (nearest / FADE_FROM).clamp(0.0, 1.0)
}

/// What a name must not hide: the enemy bullets and the ships in play.
fn hazards(world: &World) -> impl Iterator<Item = Vec2> + '_ {
    let bullets = world.bullets().sprites().map(|b| b.pos);
    bullets.chain(world.players().iter().map(|p| p.pos))
}

fn faded(c: Color, alpha: f32) -> Color {
    Color {
        a: c.a * alpha,
        ..c
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

#[cfg(test)]
mod tests {
    use super::*;

    const NAME: Rect = Rect {
        x: 100.0,
        y: 24.0,
        w: 120.0,
        h: 8.0,
    };

    #[test]
    fn a_name_with_nothing_near_it_is_whole() {
        assert_eq!(see_through(NAME, []), 1.0);
        assert_eq!(see_through(NAME, [vec2(20.0, 200.0)]), 1.0);
    }

    #[test]
    fn a_bullet_or_ship_under_a_name_fades_it_to_the_faintest() {
        assert_eq!(see_through(NAME, [vec2(150.0, 28.0)]), FAINTEST);
        let far_and_under = [vec2(20.0, 300.0), vec2(219.0, 31.0)];
        assert_eq!(see_through(NAME, far_and_under), FAINTEST);
    }

    #[test]
    fn a_name_fades_the_more_the_closer_the_nearest_hazard() {
        let at = |dy: f32| see_through(NAME, [vec2(150.0, 32.0 + dy)]);
        let (near, nearer) = (at(FADE_FROM * 0.75), at(FADE_FROM * 0.25));
        assert!(
            FAINTEST < nearer && nearer < near && near < 1.0,
            "{nearer} {near}"
        );
        assert_eq!(at(FADE_FROM), 1.0);
    }
}
