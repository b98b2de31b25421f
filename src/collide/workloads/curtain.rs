//! The `curtain_100k` workload's enemy bullets: a bullet curtain of a hundred thousand, the
//! most a stage may ask for (issue #31), from emitters spread over the top of the field.

use glam::Vec2;

use super::{Workload, FIELD};
use crate::collide::workloads::Body;

/// Emitters of the curtain: four rows of sixteen across the top half of the field, so that a
/// hundred thousand bullets respawning at them do not pile up on a few points (eight emitters
/// would stack hundreds of bullets on each, which no stage does).
const COLUMNS: u32 = 16;
const ROWS: u32 = 4;

impl Workload {
    /// Curtain bullet `i`: from emitter `i % 64`, half in rings fanning down and outwards at
    /// 0.6 to 1.4 px a frame, half in slow aimed streams at 1 to 2 px a frame, 4 to 6 px
    /// across, placed somewhere along its path (the first frame is already a full curtain).
    pub(super) fn curtain_bullet(&mut self, i: u32) -> Body {
        let e = i % (COLUMNS * ROWS);
        let origin = Vec2::new(
            FIELD.x * (e % COLUMNS) as f32 / COLUMNS as f32 + 7.0,
            24.0 + 40.0 * (e / COLUMNS) as f32,
        );
        let vel = if i.is_multiple_of(2) {
            let a = std::f32::consts::PI * (0.05 + 0.9 * self.rand());
            Vec2::from_angle(a) * (0.6 + 0.8 * self.rand())
        } else {
            Vec2::new(0.8 * (self.rand() - 0.5), 1.0 + self.rand())
        };
        let half = 2.0 + self.rand();
        let mut b = self.bullet(origin, vel, half, 800_000 + i);
        let mut age = 400.0 * self.rand();
        while age > 1.0 && !inside(origin + vel * age) {
            age *= 0.5;
        }
        b.center = origin + vel * age;
        b.prev = b.center;
        b
    }
}

/// Whether a bullet centred at `p` is on the field.
fn inside(p: Vec2) -> bool {
    p.x >= 0.0 && p.x <= FIELD.x && p.y >= 0.0 && p.y <= FIELD.y
}
