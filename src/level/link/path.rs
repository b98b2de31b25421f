//! Movement paths: every kind's numbers checked, and the paths made of parts (a waypoint
//! path's points, speed and leg times, a sequence's parts, each a path checked in turn); then
//! the [`Path`] the simulation flies built from the [`PathDef`] the author wrote.

use super::validate::finite_in;
use super::{loc, Linker};
use crate::level::limits::{self, MAX_LEGS, MAX_WAYPOINTS};
use crate::level::resolved::{Leg, Path};
use crate::level::schema::{LegDef, PathDef};
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

/// Checks the path `def` at `at` in `src`, and builds the path the simulation flies.
pub(super) fn link_path(r: &mut Linker, src: &Source, at: &[Seg], def: &PathDef) -> Path {
    check_path(r, src, at, def);
    resolve(def)
}

/// The path the simulation flies for `def`, field for field.
fn resolve(def: &PathDef) -> Path {
    match *def {
        PathDef::Straight { angle_deg, speed } => Path::Straight { angle_deg, speed },
        PathDef::Sine {
            speed,
            amplitude,
            period_s,
        } => Path::Sine {
            speed,
            amplitude,
            period_s,
        },
        PathDef::Swoop {
            speed,
            turn_y,
            turn_deg_s,
        } => Path::Swoop {
            speed,
            turn_y,
            turn_deg_s,
        },
        PathDef::StopAndShoot {
            speed,
            stop_y,
            wait_s,
            leave_angle_deg,
        } => Path::StopAndShoot {
            speed,
            stop_y,
            wait_s,
            leave_angle_deg,
        },
        PathDef::Ground => Path::Ground,
        PathDef::Drive { angle_deg, speed } => Path::Drive { angle_deg, speed },
        PathDef::Hover { y, sway, period_s } => Path::Hover { y, sway, period_s },
        PathDef::Waypoints {
            ref points,
            speed,
            ref legs_s,
            smooth,
        } => Path::Waypoints {
            points: points.clone().into(),
            speed,
            legs_s: legs_s.clone().into(),
            smooth,
        },
        PathDef::Sequence { ref legs } => Path::Sequence {
            legs: legs
                .iter()
                .map(|l| Leg {
                    path: resolve(&l.path),
                    for_s: l.for_s,
                })
                .collect::<Vec<_>>()
                .into(),
        },
    }
}

/// Checks a `Waypoints` or `Sequence` path at `at` in `src` (other paths are `check_path`'s).
fn check_parts(r: &mut Linker, src: &Source, at: &[Seg], path: &PathDef) {
    let field = |f: &'static str| loc(at, [Seg::Field(f)]);
    match path {
        PathDef::Waypoints {
            points,
            speed,
            legs_s,
            ..
        } => {
            if points.is_empty() || points.len() > MAX_WAYPOINTS {
                r.err(
                    src,
                    &field("points"),
                    format!(
                        "a waypoint path has 1 to {MAX_WAYPOINTS} points, found {}",
                        points.len()
                    ),
                );
            }
            for (i, (x, y)) in points.iter().enumerate().take(MAX_WAYPOINTS) {
                if !finite_in(*x, -1000.0, 1000.0) || !finite_in(*y, -1000.0, 1000.0) {
                    r.err(
                        src,
                        &loc(at, [Seg::Field("points"), Seg::Index(i)]),
                        format!(
                            "waypoint {} must be within 1000 pixels of the start, found ({x}, {y})",
                            i + 1
                        ),
                    );
                }
            }
            if !finite_in(*speed, 1.0, limits::MAX_SPEED) {
                r.err(
                    src,
                    &field("speed"),
                    format!(
                        "a waypoint path's speed must be 1 to {}, found {speed}",
                        limits::MAX_SPEED
                    ),
                );
            }
            if !legs_s.is_empty() && legs_s.len() != points.len() {
                r.err(
                    src,
                    &field("legs_s"),
                    format!(
                        "legs_s gives one time per point: {} points, {} times",
                        points.len(),
                        legs_s.len()
                    ),
                );
            }
            for (i, s) in legs_s.iter().enumerate().take(MAX_WAYPOINTS) {
                if !finite_in(*s, 0.0, 600.0) {
                    r.err(
                        src,
                        &loc(at, [Seg::Field("legs_s"), Seg::Index(i)]),
                        format!("a leg takes 0 to 600 seconds, found {s}"),
                    );
                }
            }
        }
        PathDef::Sequence { legs } => check_legs(r, src, at, legs),
        _ => {}
    }
}

/// Checks a `Sequence`'s legs at `at`: how many, none a sequence itself, each path, and that
/// only the last goes on for good.
fn check_legs(r: &mut Linker, src: &Source, at: &[Seg], legs: &[LegDef]) {
    let field = |f: &'static str| loc(at, [Seg::Field(f)]);
    if legs.is_empty() || legs.len() > MAX_LEGS {
        r.err(
            src,
            &field("legs"),
            format!(
                "{}a Sequence has 1 to {MAX_LEGS} legs, found {}",
                owner_of(at),
                legs.len()
            ),
        );
    }
    for (i, leg) in legs.iter().enumerate().take(MAX_LEGS) {
        let here = loc(at, [Seg::Field("legs"), Seg::Index(i)]);
        if matches!(leg.path, PathDef::Sequence { .. }) {
            r.err(
                src,
                &loc(&here, [Seg::Field("path")]),
                format!(
                    "{}leg {} of this Sequence cannot be a Sequence itself; list its \
                         legs here",
                    owner_of(at),
                    i + 1
                ),
            );
            continue;
        }
        check_path(r, src, &loc(&here, [Seg::Field("path")]), &leg.path);
        match leg.for_s {
            Some(s) if !finite_in(s, 0.0, 600.0) => r.err(
                src,
                &loc(&here, [Seg::Field("for_s")]),
                format!(
                    "{}leg {} of this Sequence: for_s must be 0 to 600 seconds, found {s}",
                    owner_of(at),
                    i + 1
                ),
            ),
            None if i + 1 < legs.len() && !matches!(leg.path, PathDef::Waypoints { .. }) => r.err(
                src,
                &here,
                format!(
                    "{}leg {} of this Sequence never ends (it has no for_s), so the \
                             legs after it never come: give it a for_s, or make it the last",
                    owner_of(at),
                    i + 1
                ),
            ),
            _ => {}
        }
    }
}

/// Whose path it is, as a prefix: `enemy "drone": `, `event 3: `, `wave "pair", event 1: `.
fn owner_of(at: &[Seg]) -> String {
    use crate::level::text::locate::{item_names, Step};
    let steps: Vec<Step> = at
        .iter()
        .map(|s| match s {
            Seg::Field(f) => Step::Field(f.to_string()),
            Seg::Key(k) => Step::Key(k.clone()),
            Seg::Index(i) => Step::Index(*i),
        })
        .collect();
    let names = item_names(&steps, false);
    if names.is_empty() {
        String::new()
    } else {
        format!("{}: ", names.join(", "))
    }
}

/// Checks a path of any kind at `at` in `src`.
fn check_path(r: &mut Linker, src: &Source, at: &[Seg], path: &PathDef) {
    let nums: Vec<(&'static str, f32)> = match path {
        PathDef::Straight { angle_deg, speed } => {
            vec![("angle_deg", *angle_deg), ("speed", *speed)]
        }
        PathDef::Sine {
            speed,
            amplitude,
            period_s,
        } => vec![
            ("speed", *speed),
            ("amplitude", *amplitude),
            ("period_s", *period_s),
        ],
        PathDef::Swoop {
            speed,
            turn_y,
            turn_deg_s,
        } => vec![
            ("speed", *speed),
            ("turn_y", *turn_y),
            ("turn_deg_s", *turn_deg_s),
        ],
        PathDef::StopAndShoot {
            speed,
            stop_y,
            wait_s,
            leave_angle_deg,
        } => vec![
            ("speed", *speed),
            ("stop_y", *stop_y),
            ("wait_s", *wait_s),
            ("leave_angle_deg", *leave_angle_deg),
        ],
        PathDef::Ground => vec![],
        PathDef::Drive { angle_deg, speed } => vec![("angle_deg", *angle_deg), ("speed", *speed)],
        PathDef::Hover { y, sway, period_s } => {
            vec![("y", *y), ("sway", *sway), ("period_s", *period_s)]
        }
        PathDef::Waypoints { .. } | PathDef::Sequence { .. } => {
            return check_parts(r, src, at, path);
        }
    };
    for (field, v) in nums {
        if !finite_in(v, -10_000.0, 10_000.0) {
            r.err(
                src,
                &loc(at, [Seg::Field(field)]),
                format!("path {field} must be a number between -10000 and 10000, found {v}"),
            );
        } else if field == "period_s" && v < 0.05 {
            r.err(
                src,
                &loc(at, [Seg::Field(field)]),
                format!("path period_s must be at least 0.05 seconds, found {v}"),
            );
        }
    }
}
