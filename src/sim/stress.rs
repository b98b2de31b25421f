//! `--stress N`: the stress test's bullets, in the game's window (`src/app`), in the step's
//! benchmark (`benches/step.rs`) and in its byte count (`examples/step_bytes.rs`).
//!
//! N bullets circle slowly over the whole playfield for the whole run: bullets expire after
//! [`BULLET_MAX_AGE`] steps, so their ages are spread at the start and each step tops the
//! count up again. A steady few hundred a second die and are born, as in a busy stage, rather
//! than all of them at once, and a `--frames 1800` run measures N bullets from start to end.

use std::sync::Arc;

use glam::vec2;

use crate::level::limits;
use crate::level::BulletStyle;
use crate::level::Level;

use super::{Bullet, World, WorldConfig, BULLET_MAX_AGE, PLAYFIELD};

/// The stress test's bullets: how many to keep alive, and the next one's place in the spread.
pub struct Stress {
    count: usize,
    next: u32,
}

impl Stress {
    /// `level` as a stage that allows `count` bullets at once, so the world made from it
    /// reserves for them (see `max_bullets` in `levels/README.md`).
    pub fn level_for(level: Arc<Level>, count: u32) -> Arc<Level> {
        let count = (count as usize).min(limits::MAX_ENEMY_BULLETS);
        if level.max_bullets >= count {
            return level;
        }
        let mut wider = (*level).clone();
        wider.max_bullets = count;
        Arc::new(wider)
    }

    /// A world of `level` as the step's benchmark and its byte count play it
    /// (`benches/step.rs`, `examples/step_bytes.rs`): made for `count` bullets, its players
    /// invincible so the count holds, and filled.
    pub fn invincible_world(level: Arc<Level>, count: u32) -> (World, Stress) {
        let config = WorldConfig {
            invincible: true,
            ..WorldConfig::default()
        };
        let mut world = World::new(Stress::level_for(level, count), config);
        let stress = Stress::fill(&mut world, count);
        (world, stress)
    }

    /// Fills the playfield of `world` with `count` bullets of every age.
    pub fn fill(world: &mut World, count: u32) -> Stress {
        let mut stress = Stress {
            count: count as usize,
            next: 0,
        };
        for i in 0..count {
            // Evenly spread ages: about `count / BULLET_MAX_AGE` expire each step.
            let age = (u64::from(i) * u64::from(BULLET_MAX_AGE) / u64::from(count)) as u32;
            stress.spawn(world, age);
        }
        stress
    }

    /// Brings the bullets back up to the count, with new ones: call before each step.
    pub fn top_up(&mut self, world: &mut World) {
        while world.bullets().len() < self.count {
            if self.spawn(world, 0).is_none() {
                break;
            }
        }
    }

    fn spawn(&mut self, world: &mut World, age: u32) -> Option<usize> {
        const STYLES: [BulletStyle; 4] = [
            BulletStyle::Small,
            BulletStyle::Round,
            BulletStyle::Big,
            BulletStyle::Needle,
        ];
        let i = self.next;
        self.next = self.next.wrapping_add(1);
        // A low-discrepancy spread over the playfield, so the bullets cover it evenly.
        let x = (i as f32 * 0.618_034).fract() * PLAYFIELD.x;
        let y = (i as f32 * 0.754_878).fract() * PLAYFIELD.y;
        let mut bullet = Bullet::new(
            vec2(x, y),
            20.0,
            (i % 360 * 37 % 360) as f32,
            0.0,
            90.0,
            STYLES[i as usize % 4],
        );
        bullet.age = age;
        world.spawn_bullet(bullet)
    }
}
