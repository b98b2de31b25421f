//! How a loaded enemy moves: the [`Path`] kinds the simulation flies (`sim::systems::flight`),
//! and the geometry of a waypoint path, which says where such a path is at a time.

use std::sync::Arc;

use glam::Vec2;
use serde::{Serialize, Serializer};

/// A list in a path, shared by every enemy that flies it: an enemy takes its path when it
/// spawns, during a step, and cloning a `List` allocates nothing. Encoded as a list.
#[derive(Clone, Debug, PartialEq)]
pub struct List<T>(pub Arc<[T]>);

impl<T> Default for List<T> {
    fn default() -> Self {
        List(Vec::new().into())
    }
}

impl<T> std::ops::Deref for List<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> From<Vec<T>> for List<T> {
    fn from(v: Vec<T>) -> Self {
        List(v.into())
    }
}

impl<T: Serialize> Serialize for List<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// How an enemy moves, checked; its spawn point is the path's start. Angles are degrees, 0°
/// right and 90° down; speeds pixels per second. The variants, their order and their fields'
/// order and types are the replays' level hash (see `sim::replay::level_hash`): a new kind goes
/// last.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Path {
    /// Constant velocity.
    Straight { angle_deg: f32, speed: f32 },
    /// Downward drift weaving side to side.
    Sine {
        speed: f32,
        amplitude: f32,
        period_s: f32,
    },
    /// Dives in, turns at `turn_y` and leaves the way it is turning.
    Swoop {
        speed: f32,
        turn_y: f32,
        /// Turn rate; positive turns towards +x first.
        turn_deg_s: f32,
    },
    /// Flies down to `stop_y`, holds for `wait_s`, then leaves at `leave_angle_deg`.
    StopAndShoot {
        speed: f32,
        stop_y: f32,
        wait_s: f32,
        leave_angle_deg: f32,
    },
    /// Fixed to the ground, scrolling with it.
    Ground,
    /// Drives over the scrolling ground.
    Drive { angle_deg: f32, speed: f32 },
    /// Enters to `y` and sways side to side: bosses.
    Hover { y: f32, sway: f32, period_s: f32 },
    /// Through `points`, each an (x, y) offset from where the enemy came in, at `speed`, or
    /// taking `legs_s[i]` seconds to reach point `i` when given; a curve through them with
    /// `smooth`; after the last point straight on (see [`waypoints_at`]).
    Waypoints {
        points: List<(f32, f32)>,
        speed: f32,
        legs_s: List<f32>,
        smooth: bool,
    },
    /// Paths flown one after another, each from where the last left the enemy; no leg is a
    /// sequence itself.
    Sequence { legs: List<Leg> },
}

/// One part of a [`Path::Sequence`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leg {
    /// How the enemy moves during this part, starting from where the last part left it.
    pub path: Path,
    /// Seconds this part lasts. Without it a `Waypoints` part lasts until its last point, and
    /// any other part for good (it is then the last).
    pub for_s: Option<f32>,
}

/// The points a waypoint path goes through, the start (0, 0) first.
fn points_from_start(points: &[(f32, f32)]) -> impl Iterator<Item = Vec2> + Clone + '_ {
    std::iter::once(Vec2::ZERO).chain(points.iter().map(|&(x, y)| Vec2::new(x, y)))
}

/// Seconds leg `i` (from point `i` to point `i + 1`, the start being point 0) takes: its
/// `legs_s` when given, else its length over `speed`.
fn leg_s(points: &[(f32, f32)], speed: f32, legs_s: &[f32], i: usize) -> f32 {
    if let Some(&s) = legs_s.get(i) {
        return s.max(0.0);
    }
    let mut p = points_from_start(points).skip(i);
    match (p.next(), p.next()) {
        (Some(a), Some(b)) if speed > 0.0 => a.distance(b) / speed,
        _ => 0.0,
    }
}

/// Seconds a waypoint path takes from its start to its last point.
pub fn waypoints_total_s(points: &[(f32, f32)], speed: f32, legs_s: &[f32]) -> f32 {
    (0..points.len())
        .map(|i| leg_s(points, speed, legs_s, i))
        .sum()
}

/// Where a waypoint path is `t` seconds after its start, as an offset from the start, and the
/// heading in degrees it flies there. Straight lines from point to point, or with `smooth` a
/// curve through them (Catmull-Rom); past the last point it flies straight on, the way and at
/// the pace of the last leg.
pub fn waypoints_at(
    points: &[(f32, f32)],
    speed: f32,
    legs_s: &[f32],
    smooth: bool,
    t: f32,
) -> (Vec2, f32) {
    let n = points.len();
    let at = |i: usize| {
        points_from_start(points)
            .nth(i.min(n))
            .unwrap_or(Vec2::ZERO)
    };
    let heading = |v: Vec2| {
        if v == Vec2::ZERO {
            90.0
        } else {
            libm::atan2f(v.y, v.x).to_degrees()
        }
    };
    let mut start = 0.0;
    for i in 0..n {
        let d = leg_s(points, speed, legs_s, i);
        if t < start + d {
            let u = (t - start) / d;
            let (p1, p2) = (at(i), at(i + 1));
            if !smooth {
                return (p1.lerp(p2, u), heading(p2 - p1));
            }
            let p0 = if i == 0 { p1 } else { at(i - 1) };
            let p3 = if i + 1 >= n { p2 } else { at(i + 2) };
            let (u2, u3) = (u * u, u * u * u);
            let pos = 0.5
                * (2.0 * p1
                    + (p2 - p0) * u
                    + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * u2
                    + (3.0 * p1 - p0 - 3.0 * p2 + p3) * u3);
            let vel = 0.5
                * ((p2 - p0)
                    + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * (2.0 * u)
                    + (3.0 * p1 - p0 - 3.0 * p2 + p3) * (3.0 * u2));
            return (pos, heading(vel));
        }
        start += d;
    }
    // Past the last point: on along the last leg, at its pace.
    let (last, before) = (at(n), at(n.saturating_sub(1)));
    let d = if n == 0 {
        0.0
    } else {
        leg_s(points, speed, legs_s, n - 1)
    };
    if d <= 0.0 {
        return (last, heading(last - before));
    }
    let v = (last - before) / d;
    (last + v * (t - start), heading(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTS: [(f32, f32); 2] = [(0.0, 100.0), (50.0, 100.0)];

    #[test]
    fn straight_legs_go_point_to_point_at_the_speed() {
        assert_eq!(waypoints_total_s(&PTS, 50.0, &[]), 3.0);
        let (p, h) = waypoints_at(&PTS, 50.0, &[], false, 1.0);
        assert_eq!(p, Vec2::new(0.0, 50.0));
        assert!((h - 90.0).abs() < 1e-3, "down: {h}");
        let (p, h) = waypoints_at(&PTS, 50.0, &[], false, 2.5);
        assert_eq!((p, h), (Vec2::new(25.0, 100.0), 0.0));
        // On past the last point, as the last leg went.
        let (p, _) = waypoints_at(&PTS, 50.0, &[], false, 4.0);
        assert_eq!(p, Vec2::new(100.0, 100.0));
    }

    #[test]
    fn leg_times_override_the_speed() {
        assert_eq!(waypoints_total_s(&PTS, 50.0, &[1.0, 4.0]), 5.0);
        let (p, _) = waypoints_at(&PTS, 50.0, &[1.0, 4.0], false, 3.0);
        assert_eq!(p, Vec2::new(25.0, 100.0));
    }

    #[test]
    fn a_smooth_path_passes_through_every_point() {
        for (t, want) in [(0.0, Vec2::ZERO), (2.0, Vec2::new(0.0, 100.0))] {
            let (p, _) = waypoints_at(&PTS, 50.0, &[], true, t);
            assert!(p.distance(want) < 1e-3, "{t}: {p}");
        }
        // Between the points it bends: off the straight line of the first leg.
        let (p, _) = waypoints_at(&PTS, 50.0, &[], true, 1.0);
        assert!(p.x.abs() > 0.1 || p.y != 50.0, "{p}");
    }
}
