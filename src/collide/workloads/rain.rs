//! The `rain` workload's bodies: small boxes falling past a few static ledges.

use glam::Vec2;

use super::layers::{shooter_map, AIR_ENEMY, GROUND_ENEMY};
use super::{scaled, Body, Workload, WorkloadKind, FIELD};
use crate::collide::CollisionMap;

/// Drops at scale 1.
const RAIN_DROPS: u32 = 4000;

/// The static ledges the drops fall past (min and max corners); the last is the floor.
const RAIN_LEDGES: [(Vec2, Vec2); 6] = [
    (Vec2::new(16.0, 180.0), Vec2::new(64.0, 186.0)),
    (Vec2::new(150.0, 160.0), Vec2::new(208.0, 166.0)),
    (Vec2::new(88.0, 220.0), Vec2::new(136.0, 226.0)),
    (Vec2::new(24.0, 262.0), Vec2::new(72.0, 268.0)),
    (Vec2::new(160.0, 250.0), Vec2::new(200.0, 256.0)),
    (Vec2::new(0.0, 308.0), Vec2::new(224.0, 314.0)),
];

impl Workload {
    /// The collision map the workload is meant for: the shooter's ([`shooter_map`]), except
    /// in `rain`, where drops (air enemies) also meet each other and the ledges (ground
    /// enemies).
    pub fn map(&self) -> CollisionMap {
        let map = shooter_map();
        match self.kind {
            WorkloadKind::Rain => map.with(AIR_ENEMY, AIR_ENEMY).with(AIR_ENEMY, GROUND_ENEMY),
            _ => map,
        }
    }

    /// Adds the ledges (always all of them) and the drops (scaled).
    pub(super) fn add_rain(&mut self) {
        for (i, &(min, max)) in RAIN_LEDGES.iter().enumerate() {
            let ledge = Body {
                half: (max - min) * 0.5,
                layer: GROUND_ENEMY,
                ..self.bullet((min + max) * 0.5, Vec2::ZERO, 0.0, 600_000 + i as u32)
            };
            self.add(ledge);
        }
        for i in 0..scaled(RAIN_DROPS, self.scale) {
            let b = self.drop(i);
            self.add(b);
        }
    }

    /// A drop: 2 to 5 px across, falling straight down at 1.5 to 4 px a frame, placed
    /// anywhere on the field; it reappears at the top of its column, so its x never changes.
    fn drop(&mut self, i: u32) -> Body {
        let x = FIELD.x * self.rand();
        let center = Vec2::new(x, FIELD.y * self.rand());
        let vel = Vec2::new(0.0, 1.5 + 2.5 * self.rand());
        let half = 1.0 + 1.5 * self.rand();
        Body {
            origin: Vec2::new(x, -2.0),
            layer: AIR_ENEMY,
            ..self.bullet(center, vel, half, 700_000 + i)
        }
    }
}
