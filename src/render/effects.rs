//! Purely visual effects driven by the simulation's events: explosions, sparkles, wrecks on
//! the ground, score pop-ups and screen shake; and from what the world shows after each step,
//! sparks where Brass's heavy bolts land and smoke from parts about to break. Their randomness
//! is their own, never the game's, and nothing here is in a state hash.

use macroquad::prelude::*;

use std::collections::HashMap;

use skysweep::sim::{Character, GameEvent, ItemKind, ShotKind, World};

use super::{Renderer, SpriteParams};

#[derive(Clone, Debug)]
struct Particle {
    kind: ParticleKind,
    pos: Vec2,
    vel: Vec2,
    age: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum ParticleKind {
    Explosion(u8),
    Sparkle,
    Popup(String),
    /// A shot glancing off armour: a hot fleck flying off.
    ArmorSpark,
    /// Where armour was struck: a ring, so the glance shows even in a storm of flecks.
    ArmorRing,
    /// Smoke rising from a part about to break.
    Smoke,
    /// Where one of Brass's bolts landed.
    Impact,
}

/// Steps each kind of particle lives.
fn lifetime(kind: &ParticleKind) -> u32 {
    match kind {
        ParticleKind::Explosion(0) => 24,
        ParticleKind::Explosion(_) => 40,
        ParticleKind::Sparkle => 20,
        ParticleKind::Popup(_) => 45,
        ParticleKind::ArmorSpark => 10,
        ParticleKind::ArmorRing => 10,
        ParticleKind::Smoke => 32,
        ParticleKind::Impact => 12,
    }
}

/// A wreck left on the ground; `ground_y` is in ground coordinates so it scrolls with it.
#[derive(Clone, Debug)]
struct Wreck {
    sprite: std::sync::Arc<str>,
    x: f32,
    ground_y: f32,
}

#[derive(Default)]
pub struct Effects {
    particles: Vec<Particle>,
    wrecks: Vec<Wreck>,
    shake: f32,
    /// Steps left of the bomb flash.
    flash: u32,
    rng: u32,
    /// The title of the boss attack in play.
    pub attack: super::attack_card::AttackCard,
    /// Brass's bolts in flight after the last step, by shot key: where each was and where it
    /// was going, so one gone before leaving the screen shows where it landed.
    bolts: HashMap<usize, (Vec2, Vec2)>,
}

const MAX_PARTICLES: usize = 3_000;
/// Flecks flying off each glance off armour.
const ARMOR_FLECKS: usize = 4;

impl Effects {
    fn rand(&mut self) -> f32 {
        // xorshift: cheap and good enough for where sparks fly.
        let mut x = self.rng.max(1);
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.rng = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }

    pub fn clear(&mut self) {
        self.particles.clear();
        self.wrecks.clear();
        self.shake = 0.0;
        self.flash = 0;
        self.attack.clear();
        self.bolts.clear();
    }

    /// Reacts to one step's events. `scroll_offset` places wrecks on the ground.
    pub fn absorb(&mut self, events: &[GameEvent], scroll_offset: f32) {
        for ev in events {
            self.attack.absorb(ev);
            match ev {
                GameEvent::Explosion { pos, size } => {
                    self.push(ParticleKind::Explosion(*size), *pos, Vec2::ZERO);
                    if *size >= 2 {
                        self.shake = self.shake.max(6.0);
                        for _ in 0..6 {
                            let off = vec2(self.rand() - 0.5, self.rand() - 0.5) * 48.0;
                            self.push(ParticleKind::Explosion(1), *pos + off, Vec2::ZERO);
                        }
                    } else if *size == 1 {
                        self.shake = self.shake.max(2.0);
                    }
                }
                GameEvent::Wreck { pos, sprite } => {
                    self.wrecks.push(Wreck {
                        sprite: sprite.clone(),
                        x: pos.x,
                        ground_y: pos.y - scroll_offset,
                    });
                }
                GameEvent::BulletCancelled { pos } if self.particles.len() < MAX_PARTICLES => {
                    let v = vec2(self.rand() - 0.5, -self.rand()) * 40.0;
                    self.push(ParticleKind::Sparkle, *pos, v);
                }
                GameEvent::ItemTaken {
                    pos, score, kind, ..
                } if *score > 0 && *kind != ItemKind::ScoreCoin => {
                    self.push(
                        ParticleKind::Popup(score.to_string()),
                        *pos,
                        vec2(0.0, -20.0),
                    );
                }
                GameEvent::Bomb { .. } => {
                    self.flash = 12;
                    self.shake = self.shake.max(4.0);
                }
                GameEvent::Death { pos, .. } => {
                    self.shake = self.shake.max(5.0);
                    self.push(ParticleKind::Explosion(2), *pos, Vec2::ZERO);
                }
                GameEvent::BossDefeated { .. } => self.shake = self.shake.max(10.0),
                GameEvent::Hit { pos, armored: true } => self.glance(*pos),
                _ => {}
            }
        }
    }

    /// A shot glancing off a guarded part at `pos` (the part's centre): a ring and flecks,
    /// somewhere on its lower half, where the shots come from.
    fn glance(&mut self, pos: Vec2) {
        let at = pos + vec2((self.rand() - 0.5) * 12.0, self.rand() * 6.0);
        self.push(ParticleKind::ArmorRing, at, Vec2::ZERO);
        for _ in 0..ARMOR_FLECKS {
            let a = (self.rand() - 0.5) * 2.6 + std::f32::consts::FRAC_PI_2;
            let speed = 90.0 + self.rand() * 90.0;
            self.push(ParticleKind::ArmorSpark, at, vec2(a.cos(), a.sin()) * speed);
        }
    }

    /// Reacts to the world as the step left it: a spark where a bolt of Brass's vanished on
    /// the screen (it struck something), smoke from every part about to break.
    pub fn watch(&mut self, world: &World) {
        let mut bolts = HashMap::new();
        for (k, s) in world.shots().iter() {
            if s.character == Character::Brass && s.kind == ShotKind::Main {
                bolts.insert(k, (s.pos, s.vel));
            }
        }
        let gone: Vec<Vec2> = self
            .bolts
            .iter()
            .filter(|(k, (pos, vel))| {
                // The same key may hold a new bolt: it is the old one only where the old
                // one would be now.
                let same = bolts
                    .get(k)
                    .is_some_and(|(now, _)| now.distance(*pos + *vel / 60.0) < 2.0);
                !same && pos.y > 6.0 && pos.x > 0.0 && pos.x < 224.0
            })
            .map(|(_, (pos, vel))| *pos + *vel / 120.0)
            .collect();
        self.bolts = bolts;
        for at in gone {
            self.push(ParticleKind::Impact, at, Vec2::ZERO);
        }
        if !world.frame().is_multiple_of(5) {
            return;
        }
        let mut smoking = Vec::new();
        for (k, e) in world.enemies().iter() {
            for (pi, st) in e.parts.iter().enumerate() {
                if super::stage::about_to_break(st) {
                    smoking.push(world.part_pos(k, pi));
                }
            }
        }
        for pos in smoking {
            let off = vec2(self.rand() - 0.5, self.rand() - 0.5) * 10.0;
            let drift = vec2((self.rand() - 0.5) * 10.0, -18.0 - self.rand() * 10.0);
            self.push(ParticleKind::Smoke, pos + off, drift);
        }
    }

    fn push(&mut self, kind: ParticleKind, pos: Vec2, vel: Vec2) {
        if self.particles.len() < MAX_PARTICLES {
            self.particles.push(Particle {
                kind,
                pos,
                vel,
                age: 0,
            });
        }
    }

    /// Advances one 60 Hz step.
    pub fn step(&mut self, scroll_speed: f32, scroll_offset: f32) {
        for p in &mut self.particles {
            p.age += 1;
            p.pos += p.vel / 60.0;
            // Explosions on the ground drift with it, a little.
            if matches!(p.kind, ParticleKind::Explosion(_)) {
                p.pos.y += scroll_speed / 120.0;
            }
        }
        self.particles.retain(|p| p.age < lifetime(&p.kind));
        self.wrecks.retain(|w| w.ground_y + scroll_offset < 400.0);
        self.shake *= 0.85;
        if self.shake < 0.3 {
            self.shake = 0.0;
        }
        self.flash = self.flash.saturating_sub(1);
        self.attack.step();
    }

    /// The camera offset for screen shake, if enabled. The shake belongs to play: it decays
    /// only with steps, so a screen where play does not step (`stepping` false: a pause, a
    /// result card, SAVE REPLAY?) draws steady, whatever shake the last step left.
    pub fn shake_offset(&mut self, enabled: bool, stepping: bool) -> Vec2 {
        if !enabled || !stepping || self.shake == 0.0 {
            return Vec2::ZERO;
        }
        let s = self.shake;
        vec2((self.rand() - 0.5) * s, (self.rand() - 0.5) * s).round()
    }

    /// Wrecks, drawn on the ground under everything that moves.
    pub fn draw_ground(&self, r: &Renderer, scroll_offset: f32) {
        for w in &self.wrecks {
            r.sprite(
                &w.sprite,
                0,
                vec2(w.x, w.ground_y + scroll_offset),
                SpriteParams::default(),
            );
        }
    }

    /// Explosions, sparkles and pop-ups, above the action.
    pub fn draw(&self, r: &Renderer) {
        for p in &self.particles {
            match &p.kind {
                ParticleKind::Explosion(size) => {
                    let (name, frames, len) = match size {
                        0 => ("explosion_small", 6, 24),
                        1 => ("explosion_medium", 8, 40),
                        _ => ("explosion_large", 8, 40),
                    };
                    let frame = (p.age as usize * frames / len).min(frames - 1);
                    if !r.sprite(name, frame, p.pos, SpriteParams::default()) {
                        let rad = 4.0 + 6.0 * *size as f32 + p.age as f32 * 0.5;
                        draw_circle(p.pos.x, p.pos.y, rad, Color::from_rgba(255, 160, 40, 200));
                    }
                }
                ParticleKind::Sparkle => {
                    r.sprite(
                        "sparkle",
                        p.age as usize / 5,
                        p.pos,
                        SpriteParams::default(),
                    );
                }
                ParticleKind::ArmorSpark
                | ParticleKind::ArmorRing
                | ParticleKind::Smoke
                | ParticleKind::Impact => draw_hit_particle(r, p),
                ParticleKind::Popup(text) => {
                    let alpha = 1.0 - p.age as f32 / 45.0;
                    let w = r.text_width(text, 1.0);
                    r.text(
                        text,
                        vec2(p.pos.x - w * 0.5, p.pos.y),
                        1.0,
                        Color::new(1.0, 1.0, 0.6, alpha),
                    );
                }
            }
        }
    }

    /// How many particles of each kind of hit feedback are live, for tests: armour flecks,
    /// smoke puffs, impacts.
    #[cfg(test)]
    fn hit_particles(&self) -> (usize, usize, usize) {
        let n = |k: ParticleKind| self.particles.iter().filter(|p| p.kind == k).count();
        (
            n(ParticleKind::ArmorSpark),
            n(ParticleKind::Smoke),
            n(ParticleKind::Impact),
        )
    }

    /// A white flash over the playfield right after a bomb.
    pub fn draw_flash(&self) {
        if self.flash > 0 {
            let a = self.flash as f32 / 12.0 * 0.6;
            draw_rectangle(0.0, 0.0, 224.0, 320.0, Color::new(1.0, 1.0, 0.9, a));
        }
    }
}

/// One particle of hit feedback: an armour fleck, its ring, smoke or an impact.
fn draw_hit_particle(r: &Renderer, p: &Particle) {
    let t = p.age as f32 / lifetime(&p.kind) as f32;
    match p.kind {
        ParticleKind::ArmorSpark => {
            // A streak along its flight, white-hot cooling to pale blue: cold, unlike the
            // warm fire of a hit that hurts.
            let tail = p.pos - p.vel * 0.035;
            let c = Color::new(1.0 - 0.3 * t, 1.0, 1.0, 1.0 - 0.5 * t);
            draw_line(tail.x, tail.y, p.pos.x, p.pos.y, 1.0, c);
        }
        ParticleKind::ArmorRing => {
            // A cold glint in a dark ring, which reads on gold armour and on the sky alike.
            let rad = 2.5 + 5.0 * t;
            draw_circle_lines(
                p.pos.x,
                p.pos.y,
                rad + 1.0,
                1.0,
                Color::new(0.09, 0.05, 0.13, 0.8 * (1.0 - t)),
            );
            draw_circle_lines(
                p.pos.x,
                p.pos.y,
                rad,
                1.0,
                Color::new(0.85, 1.0, 1.0, 1.0 - t),
            );
            if p.age < 6 {
                r.sprite(
                    "sparkle",
                    p.age as usize / 2,
                    p.pos,
                    SpriteParams::default(),
                );
            }
        }
        ParticleKind::Smoke => {
            let grey = 0.25 + 0.15 * t;
            let c = Color::new(grey, grey, grey, 0.55 * (1.0 - t));
            draw_circle(p.pos.x, p.pos.y, 2.5 + 4.0 * t, c);
        }
        ParticleKind::Impact => {
            let frame = p.age as usize / 3;
            if !r.sprite("impact_brass", frame, p.pos, SpriteParams::default()) {
                let c = Color::new(1.0, 0.8, 0.3, 1.0 - t);
                draw_circle_lines(p.pos.x, p.pos.y, 3.0 + 6.0 * t, 2.0, c);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A big blast shakes play, and the shake dies out with the steps; a screen where play
    /// does not step (SAVE REPLAY? after the blast that ended the game, a result card) draws
    /// steady at once, however many frames it shows.
    #[test]
    fn the_shake_belongs_to_play_and_no_other_screen_shakes() {
        let mut fx = Effects::default();
        let blast = GameEvent::Explosion {
            pos: vec2(100.0, 80.0),
            size: 2,
        };
        fx.absorb(&[blast], 0.0);
        let shaken = (0..20).any(|_| fx.shake_offset(true, true) != Vec2::ZERO);
        assert!(shaken, "a big blast shakes play");
        for frame in 0..2_400 {
            assert_eq!(fx.shake_offset(true, false), Vec2::ZERO, "frame {frame}");
        }
        assert_eq!(fx.shake_offset(false, true), Vec2::ZERO, "SCREEN SHAKE off");
        for _ in 0..60 {
            fx.step(0.0, 0.0);
        }
        assert_eq!(
            fx.shake_offset(true, true),
            Vec2::ZERO,
            "a second of steps settles it"
        );
    }

    /// A glance off armour makes flecks that fly and burn out; a plain hit makes none.
    #[test]
    fn a_glance_off_armour_sparks_and_a_plain_hit_does_not() {
        let mut fx = Effects::default();
        let pos = vec2(100.0, 80.0);
        fx.absorb(
            &[GameEvent::Hit {
                pos,
                armored: false,
            }],
            0.0,
        );
        assert_eq!(fx.hit_particles(), (0, 0, 0));
        fx.absorb(&[GameEvent::Hit { pos, armored: true }], 0.0);
        assert_eq!(fx.hit_particles().0, ARMOR_FLECKS);
        let start: Vec<Vec2> = fx.particles.iter().map(|p| p.pos).collect();
        fx.step(0.0, 0.0);
        assert!(fx.particles.iter().zip(&start).any(|(p, s)| p.pos != *s));
        for _ in 0..lifetime(&ParticleKind::ArmorSpark) {
            fx.step(0.0, 0.0);
        }
        assert_eq!(fx.hit_particles().0, 0, "the flecks burn out");
    }
}
