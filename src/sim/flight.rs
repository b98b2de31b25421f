//! How an enemy flies its path, one step at a time: straight lines, sine waves, swoops,
//! stops to shoot, hovering, riding the ground, waypoints, and sequences of these.

use glam::Vec2;

use crate::level::paths::waypoints_at;
use crate::level::schema::PathDef;

use super::bullet::unit;
use super::clock::DT;
use super::enemy::Enemy;
use super::legs;

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
        PathDef::Straight { angle_deg, speed } => {
            let a = if e.mirror {
                180.0 - angle_deg
            } else {
                angle_deg
            };
            e.pos += unit(a) * speed * DT;
        }
        PathDef::Sine {
            speed,
            amplitude,
            period_s,
        } => {
            e.pos.y += speed * DT;
            e.pos.x = e.origin.x + m * amplitude * libm::sinf(std::f32::consts::TAU * t / period_s);
        }
        PathDef::Swoop {
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
        PathDef::StopAndShoot {
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
        PathDef::Ground => e.pos.y += scroll * DT,
        PathDef::Drive { angle_deg, speed } => {
            let a = if e.mirror {
                180.0 - angle_deg
            } else {
                angle_deg
            };
            e.pos += (unit(a) * speed + Vec2::new(0.0, scroll)) * DT;
        }
        PathDef::Hover { y, sway, period_s } => {
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
        PathDef::Waypoints {
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
        PathDef::Sequence { .. } => {}
    }
}
