//! The shape mix (key S): the collider's exact shapes on the lab's scenes.
//!
//! Enemy bullets become circles through the scene itself (`Workload::with_round_bullets`, the
//! benchmark's own option), so every broad phase gets them from the first insert. Enemies and
//! player shots become oriented boxes here: an enemy turned by a fixed angle of its own, a shot
//! along its flight. Each oriented box is the largest one at that angle that fits the body's
//! box, so the box the scene mirrors into the collider each frame stays the shape's bounding
//! box (a smaller box would cut pairs off; see `Shape`). Everything else stays a box.

use glam::Vec2;
use skysweep::collide::workloads::layers::{AIR_ENEMY, GROUND_ENEMY, PLAYER_SHOT};
use skysweep::collide::workloads::{Body, Workload};
use skysweep::collide::Shape;

use super::phase::Broad;

/// Largest turn given to an enemy, in radians (40°): past 45° a square's inscribed box would
/// shrink back towards the square itself.
const MAX_TURN: f32 = 0.7;

/// The half-extents of the box turned by `angle` whose bounding box has half-extents `half`,
/// or `None` when no such box exists (the turn too steep for the box's proportions).
pub fn inscribed(half: Vec2, angle: f32) -> Option<Vec2> {
    let (s, c) = angle.sin_cos();
    let (s, c) = (s.abs(), c.abs());
    // The bounds are [c s; s c] * h = half; solve for h.
    let det = c * c - s * s;
    if det <= 1e-3 {
        return None;
    }
    let h = Vec2::new(c * half.x - s * half.y, c * half.y - s * half.x) / det;
    (h.x > 0.0 && h.y > 0.0).then_some(h)
}

/// The oriented box the mix gives scene body `id`, or `None` to leave it as the scene made it.
pub fn shape_for(id: u32, b: &Body) -> Option<Shape> {
    let angle = match b.layer {
        // Static bodies (rain's ledges) stay level.
        AIR_ENEMY | GROUND_ENEMY if b.vel != Vec2::ZERO => {
            // A fixed turn per body from its id (Knuth's multiplicative hash), either way.
            let u = (id.wrapping_mul(2_654_435_761) >> 8) as f32 / (1u32 << 24) as f32;
            (u * 2.0 - 1.0) * MAX_TURN
        }
        // Along the flight, measured from straight up (y down on screen).
        PLAYER_SHOT => b.vel.x.atan2(-b.vel.y),
        _ => return None,
    };
    let half = inscribed(b.half, angle)?;
    Some(Shape::Oriented { half, angle })
}

/// Gives the bodies `ids` of `scene` their oriented boxes in `broad`. New bodies join the
/// broad phase as boxes, so this runs after each frame for the frame's spawns (their shape
/// counts from the next update) and once over every body after a build.
pub fn orient(broad: &mut Broad, scene: &Workload, ids: &[u32]) {
    if ids.is_empty() {
        return;
    }
    // The driver maps handles to scene ids only, so find each id's handle once: O(bodies).
    let mut handles = vec![None; scene.bodies.len()];
    for (c, _) in broad.boxes() {
        if let Some(slot) = handles.get_mut(broad.id_of(c.handle) as usize) {
            *slot = Some(c.handle);
        }
    }
    for &id in ids {
        let (Some(b), Some(h)) = (&scene.bodies[id as usize], handles[id as usize]) else {
            continue;
        };
        if let Some(shape) = shape_for(id, b) {
            broad.set_shape(h, b.center, shape);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inscribed_box_turned_back_fills_the_box_it_came_from() {
        for (half, angle) in [
            (Vec2::splat(8.0), 0.3),
            (Vec2::splat(8.0), -0.7),
            (Vec2::new(3.0, 6.0), 0.2),
            (Vec2::new(2.0, 6.0), 0.0),
        ] {
            let h = inscribed(half, angle).unwrap();
            let shape = Shape::Oriented { half: h, angle };
            let b = shape.bounds(Vec2::ZERO).unwrap();
            assert!(
                (b.max - half).abs().max_element() < 1e-4,
                "{half} {angle}: {b:?}"
            );
        }
        // A square cannot hold a box turned by 45°, nor a thin needle a steep one.
        assert_eq!(
            inscribed(Vec2::splat(8.0), std::f32::consts::FRAC_PI_4),
            None
        );
        assert_eq!(inscribed(Vec2::new(2.0, 6.0), 0.5), None);
    }
}
