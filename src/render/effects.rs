//! Purely visual effects driven by the simulation's events: explosions, sparkles, wrecks on
//! the ground, score pop-ups and screen shake. Their randomness is their own, never the game's.

use macroquad::prelude::*;

use skysweep::sim::{GameEvent, ItemKind};

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
}

const MAX_PARTICLES: usize = 3_000;

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
                _ => {}
            }
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
        self.particles.retain(|p| match &p.kind {
            ParticleKind::Explosion(0) => p.age < 24,
            ParticleKind::Explosion(_) => p.age < 40,
            ParticleKind::Sparkle => p.age < 20,
            ParticleKind::Popup(_) => p.age < 45,
        });
        self.wrecks.retain(|w| w.ground_y + scroll_offset < 400.0);
        self.shake *= 0.85;
        if self.shake < 0.3 {
            self.shake = 0.0;
        }
        self.flash = self.flash.saturating_sub(1);
        self.attack.step();
    }

    /// The camera offset for screen shake, if enabled.
    pub fn shake_offset(&mut self, enabled: bool) -> Vec2 {
        if !enabled || self.shake == 0.0 {
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

    /// A white flash over the playfield right after a bomb.
    pub fn draw_flash(&self) {
        if self.flash > 0 {
            let a = self.flash as f32 / 12.0 * 0.6;
            draw_rectangle(0.0, 0.0, 224.0, 320.0, Color::new(1.0, 1.0, 0.9, a));
        }
    }
}
