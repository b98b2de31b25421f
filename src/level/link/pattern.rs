//! Bullet patterns: each one's counts, speeds and angles checked, and the [`Pattern`] the
//! simulation fires built from the [`PatternDef`] the author wrote.

use super::validate::{finite_in, outside};
use super::{loc, Linker};
use crate::level::limits;
use crate::level::resolved::{BulletStyle, Pattern, PatternKind};
use crate::level::schema::{self, PatternDef};
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

/// The pattern the simulation fires for `def`, field for field.
pub(super) fn resolve(def: &PatternDef) -> Pattern {
    Pattern {
        kind: match def.kind {
            schema::PatternKind::Aimed => PatternKind::Aimed,
            schema::PatternKind::Spread => PatternKind::Spread,
            schema::PatternKind::Ring => PatternKind::Ring,
            schema::PatternKind::Spiral => PatternKind::Spiral,
            schema::PatternKind::Stream => PatternKind::Stream,
            schema::PatternKind::Burst => PatternKind::Burst,
        },
        count: def.count,
        speed: def.speed,
        accel: def.accel,
        ang_vel_deg: def.ang_vel_deg,
        spread_deg: def.spread_deg,
        angle_deg: def.angle_deg,
        volleys: def.volleys,
        volley_interval_s: def.volley_interval_s,
        spin_deg: def.spin_deg,
        speed_spread: def.speed_spread,
        bullet: match def.bullet {
            schema::BulletStyle::Small => BulletStyle::Small,
            schema::BulletStyle::Round => BulletStyle::Round,
            schema::BulletStyle::Big => BulletStyle::Big,
            schema::BulletStyle::Needle => BulletStyle::Needle,
        },
    }
}

/// Checks pattern `name`, defined in `src`: its counts, speeds, angles and volley interval.
pub(super) fn check_pattern(r: &mut Linker, name: &str, src: &Source, p: &PatternDef) {
    let base = [Seg::Field("patterns"), Seg::key(name)];
    let bad = |r: &mut Linker, field: &'static str, msg: String| {
        r.err(
            src,
            &loc(&base, [Seg::Field(field)]),
            format!("pattern \"{name}\": {msg}"),
        )
    };
    if p.count == 0 || p.count > limits::MAX_BULLETS_PER_VOLLEY {
        bad(
            r,
            "count",
            format!(
                "count must be 1 to {}, found {}",
                limits::MAX_BULLETS_PER_VOLLEY,
                p.count
            ),
        );
    }
    if p.volleys == 0 || p.volleys > limits::MAX_VOLLEYS {
        bad(
            r,
            "volleys",
            format!(
                "volleys must be 1 to {}, found {}",
                limits::MAX_VOLLEYS,
                p.volleys
            ),
        );
    }
    if !finite_in(p.speed, 0.0, limits::MAX_SPEED) {
        bad(
            r,
            "speed",
            format!(
                "speed must be 0 to {} pixels per second, found {}",
                limits::MAX_SPEED,
                p.speed
            ),
        );
    }
    if !finite_in(p.speed_spread, 0.0, limits::MAX_SPEED) {
        bad(
            r,
            "speed_spread",
            format!(
                "speed_spread must be 0 to {}, found {}",
                limits::MAX_SPEED,
                p.speed_spread
            ),
        );
    }
    if !finite_in(p.accel, -limits::MAX_ACCEL, limits::MAX_ACCEL) {
        bad(
            r,
            "accel",
            format!(
                "accel must be between -{0} and {0}, found {1}",
                limits::MAX_ACCEL,
                p.accel
            ),
        );
    }
    let angles = [
        ("ang_vel_deg", p.ang_vel_deg),
        ("spread_deg", p.spread_deg),
        ("angle_deg", p.angle_deg),
        ("spin_deg", p.spin_deg),
    ];
    for (field, v) in outside(angles, -3600.0, 3600.0) {
        let says = format!("{field} must be a number of degrees between -3600 and 3600, found {v}");
        bad(r, field, says);
    }
    if !finite_in(p.volley_interval_s, 0.0, 10.0) {
        bad(
            r,
            "volley_interval_s",
            format!(
                "volley_interval_s must be 0 to 10 seconds, found {}",
                p.volley_interval_s
            ),
        );
    }
}
