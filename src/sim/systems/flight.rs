//! How an enemy flies its path, one step at a time: straight lines, sine waves, swoops,
//! stops to shoot, hovering, riding the ground, waypoints, and sequences of these; and what
//! each kind of path gives the state hash.

use glam::Vec2;

use crate::level::resolved::waypoints_at;
use crate::level::Path;

use super::legs;
use crate::sim::hasher::{Feed, StateHasher};
use crate::sim::model::bullet::unit;
use crate::sim::model::clock::DT;
use crate::sim::model::enemy::Enemy;

/// Moves `e` one step along its path, the ground scrolling at `scroll` pixels a second; ages
/// it and its parts' hit flashes.
pub(crate) fn fly(e: &mut Enemy, scroll: f32) {
    e.age += 1;
    e.path_timer += 1;
    for p in &mut e.parts {
        p.flash = p.flash.saturating_sub(1);
    }
    let t = e.age as f32 * DT;
    let m = if e.mirror { -1.0 } else { 1.0 };
    legs::next_leg(e);
    match legs::flown(e) {
        Path::Straight { angle_deg, speed } => {
            let a = if e.mirror {
                180.0 - angle_deg
            } else {
                angle_deg
            };
            e.pos += unit(a) * speed * DT;
        }
        Path::Sine {
            speed,
            amplitude,
            period_s,
        } => {
            e.pos.y += speed * DT;
            e.pos.x = e.origin.x + m * amplitude * libm::sinf(std::f32::consts::TAU * t / period_s);
        }
        Path::Swoop {
            speed,
            turn_y,
            turn_deg_s,
        } => {
            if e.pos.y >= turn_y || e.heading_deg != 90.0 {
                // Turn until heading straight back up.
                let delta = turn_deg_s * DT * m;
                let target = 90.0 - 180.0 * turn_deg_s.signum() * m;
                let next = e.heading_deg - delta;
                e.heading_deg = if (target - e.heading_deg).signum() != (target - next).signum() {
                    target
                } else {
                    next
                };
            }
            e.pos += unit(e.heading_deg) * speed * DT;
        }
        Path::StopAndShoot {
            speed,
            stop_y,
            wait_s,
            leave_angle_deg,
        } => {
            if e.pos.y < stop_y && e.heading_deg == 90.0 {
                e.pos.y = (e.pos.y + speed * DT).min(stop_y);
                e.path_timer = 0;
            } else if (e.path_timer as f32) * DT < wait_s && e.heading_deg == 90.0 {
                // Holding position.
            } else {
                let a = if e.mirror {
                    180.0 - leave_angle_deg
                } else {
                    leave_angle_deg
                };
                e.heading_deg = a;
                e.pos += unit(a) * speed * DT;
            }
        }
        Path::Ground => e.pos.y += scroll * DT,
        Path::Drive { angle_deg, speed } => {
            let a = if e.mirror {
                180.0 - angle_deg
            } else {
                angle_deg
            };
            e.pos += (unit(a) * speed + Vec2::new(0.0, scroll)) * DT;
        }
        Path::Hover { y, sway, period_s } => {
            if e.pos.y < y && e.heading_deg == 90.0 {
                e.pos.y = (e.pos.y + 45.0 * DT).min(y);
                e.path_timer = 0;
            } else {
                e.heading_deg = 0.0;
                let ts = e.path_timer as f32 * DT;
                e.pos.x = e.origin.x + m * sway * libm::sinf(std::f32::consts::TAU * ts / period_s);
                e.pos.y = y + 6.0 * libm::sinf(std::f32::consts::TAU * ts / (period_s * 0.5));
            }
        }
        Path::Waypoints {
            points,
            speed,
            legs_s,
            smooth,
        } => {
            let ts = e.path_timer as f32 * DT;
            let (off, heading) = waypoints_at(&points, speed, &legs_s, smooth, ts);
            // Ground enemies ride the ground as they follow their points.
            let ride = if e.ground { scroll * ts } else { 0.0 };
            e.pos = e.origin + Vec2::new(m * off.x, off.y + ride);
            e.heading_deg = if e.mirror { 180.0 - heading } else { heading };
        }
        // `flown` never hands over a sequence, only its parts, which are never sequences.
        Path::Sequence { .. } => {}
    }
}

/// What a path gives the state hash (see `hash`). It sits beside the flying, so a new kind of
/// path changes this one file of the simulation.
impl Feed for Path {
    fn feed(&self, h: &mut StateHasher) {
        // The variant's place in the enum, then its numbers in declaration order.
        match *self {
            Path::Straight { angle_deg, speed } => h.put(&(0u8, angle_deg, speed)),
            Path::Sine {
                speed,
                amplitude,
                period_s,
            } => h.put(&((1u8, speed), amplitude, period_s)),
            Path::Swoop {
                speed,
                turn_y,
                turn_deg_s,
            } => h.put(&((2u8, speed), turn_y, turn_deg_s)),
            Path::StopAndShoot {
                speed,
                stop_y,
                wait_s,
                leave_angle_deg,
            } => h.put(&((3u8, speed), (stop_y, wait_s), leave_angle_deg)),
            Path::Ground => h.put(&4u8),
            Path::Drive { angle_deg, speed } => h.put(&(5u8, angle_deg, speed)),
            Path::Hover { y, sway, period_s } => h.put(&((6u8, y), sway, period_s)),
            Path::Waypoints {
                ref points,
                speed,
                ref legs_s,
                smooth,
            } => {
                h.put(&((7u8, speed), smooth, points.len()));
                for &(x, y) in points.iter() {
                    h.put(&(x, y));
                }
                h.put(&legs_s.len());
                for s in legs_s.iter() {
                    h.put(s);
                }
            }
            Path::Sequence { ref legs } => {
                h.put(&(8u8, legs.len()));
                for leg in legs.iter() {
                    h.put(&leg.path);
                    h.put(&leg.for_s.unwrap_or(-1.0));
                }
            }
        }
    }
}
