//! Checks on values that name nothing else: the stage's own fields and bullet patterns (movement
//! paths are `path_check`'s), and the shared rules for numbers and names.

use super::{loc, Linker};
use crate::level::assets::AssetKind;
use crate::level::limits;
use crate::level::locate::Seg;
use crate::level::schema::{BackgroundDef, PatternDef, StageDef};
use crate::level::source::Source;
use crate::level::uses::is_confined_asset;

/// True for names the atlas and the music folder use: letters, digits, `_` and `-`.
pub(super) fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= limits::MAX_NAME_LEN
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Reports a marker `name` at `t` s (written at `here`) that lies outside a stage ending at
/// `end` s or whose name is empty or too long; `counted` follows the time in the message
/// (how a section's marker time is counted). True when the marker is fine.
pub(super) fn check_marker(
    r: &mut Linker,
    src: &Source,
    here: &[Seg],
    name: &str,
    t: f32,
    end: f32,
    counted: &str,
) -> bool {
    let within = finite_in(t, 0.0, end);
    if !within {
        r.err(
            src,
            here,
            format!("marker \"{name}\" at {t} s{counted} is outside the stage (0 to {end} s)"),
        );
    }
    let letters = name.chars().count();
    let named = letters > 0 && letters <= limits::MAX_NAME_LEN;
    if !named {
        r.err(
            src,
            here,
            format!(
                "marker names must be 1 to {} characters, found {letters}",
                limits::MAX_NAME_LEN
            ),
        );
    }
    within && named
}

/// True when `v` is a number (not NaN or infinite) from `lo` to `hi`, both included.
pub(super) fn finite_in(v: f32, lo: f32, hi: f32) -> bool {
    v.is_finite() && v >= lo && v <= hi
}

/// The named values among `fields` that are not finite numbers from `lo` to `hi`, in order: the
/// ones to report.
pub(super) fn outside<const N: usize>(
    fields: [(&'static str, f32); N],
    lo: f32,
    hi: f32,
) -> impl Iterator<Item = (&'static str, f32)> {
    fields
        .into_iter()
        .filter(move |(_, v)| !finite_in(*v, lo, hi))
}

/// The end the stage's times are checked against: its `length_s`, or, when that is itself
/// invalid (and reported as such), the longest stage allowed, so one bad number does not also
/// flag every marker and event.
pub(super) fn stage_end(stage: &StageDef) -> f32 {
    if finite_in(stage.length_s, 1.0, limits::MAX_STAGE_S) {
        stage.length_s
    } else {
        limits::MAX_STAGE_S
    }
}

/// Checks the stage's own fields: its name, length, bullet cap and scroll speed, its music
/// cues, its markers and its background.
pub(super) fn check_stage(r: &mut Linker, stage: &StageDef) {
    let src = r.stage_src;
    let f = |name: &'static str| [Seg::Field(name)];
    if stage.name.chars().count() > limits::MAX_NAME_LEN {
        r.err(
            src,
            &f("name"),
            format!(
                "name must be at most {} characters, found {}",
                limits::MAX_NAME_LEN,
                stage.name.chars().count()
            ),
        );
    }
    if !finite_in(stage.length_s, 1.0, limits::MAX_STAGE_S) {
        r.err(
            src,
            &f("length_s"),
            format!(
                "length_s must be between 1 and {} seconds, found {}",
                limits::MAX_STAGE_S,
                stage.length_s
            ),
        );
    }
    if !(1..=limits::MAX_ENEMY_BULLETS).contains(&(stage.max_bullets as usize)) {
        r.err(
            src,
            &f("max_bullets"),
            format!(
                "max_bullets must be between 1 and {}, found {}",
                limits::MAX_ENEMY_BULLETS,
                stage.max_bullets
            ),
        );
    }
    if !finite_in(stage.scroll_speed, 0.0, limits::MAX_SPEED) {
        r.err(
            src,
            &f("scroll_speed"),
            format!(
                "scroll_speed must be between 0 and {} pixels per second, found {}",
                limits::MAX_SPEED,
                stage.scroll_speed
            ),
        );
    }
    for (field, cue) in [("music", &stage.music), ("boss_music", &stage.boss_music)] {
        if cue.is_empty() {
            continue;
        }
        if is_plain_name(cue) {
            r.asset(src, &f(field), AssetKind::Music, field, cue);
        } else {
            r.err(
                src,
                &f(field),
                format!(
                    "{field} \"{cue}\" must be a cue name (letters, digits, `_`, `-`) such as \
                     \"stage1\", not a path"
                ),
            );
        }
    }
    r.too_many(
        src,
        &f("markers"),
        stage.markers.len(),
        limits::MAX_MARKERS,
        |n| format!("{n} markers"),
    );
    for (name, t) in &stage.markers {
        let here = [Seg::Field("markers"), Seg::key(name)];
        check_marker(r, src, &here, name, *t, stage_end(stage), "");
    }
    check_background(r, &stage.background);
}

/// Checks the stage's background: the ground image and each layer's image, speed and alpha.
fn check_background(r: &mut Linker, bg: &BackgroundDef) {
    let src = r.stage_src;
    let ground_at = [Seg::Field("background"), Seg::Field("ground")];
    let layer_at = |i: usize| {
        [
            Seg::Field("background"),
            Seg::Field("layers"),
            Seg::Index(i),
            Seg::Field("image"),
        ]
    };
    if is_confined_asset(&bg.ground) {
        r.asset(src, &ground_at, AssetKind::Image, "ground", &bg.ground);
    } else {
        r.err(
            src,
            &ground_at,
            format!(
                "ground \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                bg.ground
            ),
        );
    }
    r.too_many(
        src,
        &[Seg::Field("background"), Seg::Field("layers")],
        bg.layers.len(),
        limits::MAX_LAYERS,
        |n| format!("{n} background layers"),
    );
    for (i, l) in bg.layers.iter().enumerate().take(limits::MAX_LAYERS) {
        let field = format!("background layer {}: image", i + 1);
        if is_confined_asset(&l.image) {
            r.asset(src, &layer_at(i), AssetKind::Image, &field, &l.image);
        } else {
            r.err(
                src,
                &layer_at(i),
                format!(
                    "{field} \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                    l.image
                ),
            );
        }
        let at = |f: &'static str| {
            [
                Seg::Field("background"),
                Seg::Field("layers"),
                Seg::Index(i),
                Seg::Field(f),
            ]
        };
        if !finite_in(l.speed, 0.0, 8.0) {
            r.err(
                src,
                &at("speed"),
                format!(
                    "background layer {}: speed must be 0 to 8, found {}",
                    i + 1,
                    l.speed
                ),
            );
        }
        if !finite_in(l.alpha, 0.0, 1.0) {
            r.err(
                src,
                &at("alpha"),
                format!(
                    "background layer {}: alpha must be 0 to 1, found {}",
                    i + 1,
                    l.alpha
                ),
            );
        }
    }
}

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
