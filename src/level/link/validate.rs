//! Checks on values that name nothing else: the stage's own fields (its background is
//! `background`'s, bullet patterns `pattern`'s and movement paths `path`'s), and the shared
//! rules for numbers and names.

use super::Linker;
use crate::level::assets::AssetKind;
use crate::level::limits;
use crate::level::schema::StageDef;
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

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
}
