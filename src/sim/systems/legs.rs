//! `Sequence` paths: which part an enemy flies, and moving on to the next when one ends.

use crate::level::resolved::waypoints_total_s;
use crate::level::Path;

use crate::sim::model::clock::DT;
use crate::sim::model::enemy::Enemy;

/// Moves `e` on to its sequence's next part once the current one has ended: after its
/// `for_s`, or a waypoint part without one at its last point. The next part starts where
/// the enemy is, with its own clock; the last part goes on for good.
pub(super) fn next_leg(e: &mut Enemy) {
    let Path::Sequence { legs } = &e.path else {
        return;
    };
    let i = usize::from(e.leg);
    let Some(leg) = legs.get(i) else {
        return;
    };
    let flown_s = e.path_timer as f32 * DT;
    let ended = match (leg.for_s, &leg.path) {
        (Some(s), _) => flown_s > s,
        (
            None,
            Path::Waypoints {
                points,
                speed,
                legs_s,
                ..
            },
        ) => flown_s > waypoints_total_s(points, *speed, legs_s),
        _ => false,
    };
    if ended && i + 1 < legs.len() {
        e.leg += 1;
        e.origin = e.pos;
        // The first step of the new part is this one.
        e.path_timer = 1;
        // Paths that enter first (StopAndShoot, Hover) know they are entering by this.
        e.heading_deg = 90.0;
    }
}

/// The path `e` flies this step: its own, or its sequence's current part. Cloning a path
/// allocates nothing (its lists are shared).
pub(super) fn flown(e: &Enemy) -> Path {
    match &e.path {
        Path::Sequence { legs } => legs
            .get(usize::from(e.leg))
            .or(legs.last())
            .map_or(Path::Ground, |l| l.path.clone()),
        p => p.clone(),
    }
}
