//! The stage's timeline: each event checked, its enemy and pattern names resolved.

use glam::Vec2;

use super::expand::Placed;
use super::path::link_path;
use super::validate::{finite_in, stage_end};
use super::{loc, Linker};
use crate::level::limits;
use crate::level::resolved::TimelineEvent;
use crate::level::schema::{StageDef, TimelineEventDef};
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

/// Checks one event of the flat timeline (see [`super::expand`]) and resolves its names.
/// Errors are reported at the event's own text; one placed by a wave also names the line
/// that placed it.
pub(super) fn link_event(r: &mut Linker, stage: &StageDef, p: &Placed) -> Option<TimelineEvent> {
    r.note = p.context();
    let linked = link_one(r, stage, p);
    r.note = None;
    linked
}

/// One event, any kind: its time against the stage's end, then what its kind holds.
fn link_one(r: &mut Linker, stage: &StageDef, p: &Placed) -> Option<TimelineEvent> {
    let src = r.stage_src;
    let ev = &p.ev;
    let at_time = ev.at();
    let field = |f: &'static str| loc(&p.path, [Seg::Field(f)]);
    if !check_time(r, stage, p) {
        return None;
    }
    match ev {
        TimelineEventDef::Spawn { .. } => link_spawn(r, &field, ev),
        TimelineEventDef::Scroll { speed, over_s, .. } => {
            if !finite_in(*speed, 0.0, limits::MAX_SPEED) {
                r.err(
                    src,
                    &field("speed"),
                    format!(
                        "scroll speed must be 0 to {}, found {speed}",
                        limits::MAX_SPEED
                    ),
                );
            }
            if !finite_in(*over_s, 0.0, 60.0) {
                r.err(
                    src,
                    &field("over_s"),
                    format!("over_s must be 0 to 60 seconds, found {over_s}"),
                );
            }
            Some(TimelineEvent::Scroll {
                at: at_time,
                speed: *speed,
                over_s: *over_s,
            })
        }
        TimelineEventDef::Warning {
            text, duration_s, ..
        } => {
            if text.chars().count() > limits::MAX_NAME_LEN {
                r.err(
                    src,
                    &field("text"),
                    format!(
                        "a warning's text must be at most {} characters, found {}",
                        limits::MAX_NAME_LEN,
                        text.chars().count()
                    ),
                );
            }
            if !finite_in(*duration_s, 0.0, 30.0) {
                r.err(
                    src,
                    &field("duration_s"),
                    format!("a warning's duration_s must be 0 to 30 seconds, found {duration_s}"),
                );
            }
            Some(TimelineEvent::Warning {
                at: at_time,
                text: text.as_str().into(),
                duration_s: *duration_s,
            })
        }
        TimelineEventDef::MidBoss {
            enemy,
            x,
            y,
            wait_s,
            ..
        } => {
            let (enemy, pos) = boss_entry(r, src, &field, enemy, *x, *y);
            if !finite_in(*wait_s, 1.0, 300.0) {
                r.err(
                    src,
                    &field("wait_s"),
                    format!("a mid-boss's wait_s must be 1 to 300 seconds, found {wait_s}"),
                );
            }
            Some(TimelineEvent::MidBoss {
                at: at_time,
                enemy: enemy?,
                pos,
                wait_s: *wait_s,
            })
        }
        TimelineEventDef::Boss { enemy, x, y, .. } => {
            let (enemy, pos) = boss_entry(r, src, &field, enemy, *x, *y);
            Some(TimelineEvent::Boss {
                at: at_time,
                enemy: enemy?,
                pos,
            })
        }
        // Expanded away before linking.
        TimelineEventDef::Wave { .. } | TimelineEventDef::Section { .. } => None,
    }
}

/// Reports an event `at` a time outside the stage. False when that time is not a number at
/// all, and the event cannot be linked.
fn check_time(r: &mut Linker, stage: &StageDef, p: &Placed) -> bool {
    let at_time = p.ev.at();
    let end = stage_end(stage);
    if finite_in(at_time, 0.0, end) {
        return true;
    }
    let msg = if at_time.is_finite() && at_time > 0.0 {
        format!(
            "event {} at {at_time} s is past the stage's end (length_s: {end})",
            p.number,
        )
    } else {
        format!(
            "event {}: `at` must be a time from 0 to the stage's length_s ({end} s), found {at_time}",
            p.number,
        )
    };
    r.err(r.stage_src, &loc(&p.path, [Seg::Field("at")]), msg);
    at_time.is_finite()
}

/// A `Spawn` event (`None` for any other kind): its enemy and pattern resolved, its numbers
/// and path checked. `field` gives the path of one of its fields.
fn link_spawn(
    r: &mut Linker,
    field: &dyn Fn(&'static str) -> Vec<Seg>,
    ev: &TimelineEventDef,
) -> Option<TimelineEvent> {
    let TimelineEventDef::Spawn {
        at,
        enemy,
        x,
        y,
        count,
        spacing_s,
        dx,
        dy,
        path,
        pattern,
        mirror,
        ..
    } = ev
    else {
        return None;
    };
    let src = r.stage_src;
    let enemy_i = r.enemy_index(enemy, src, &field("enemy"));
    let pattern_i = pattern
        .as_deref()
        .and_then(|p| r.pattern_index(p, src, &field("pattern")));
    let count = r.spawn_count(count, &field("count"));
    for (f, v) in [("x", x), ("y", y), ("dx", dx), ("dy", dy)] {
        if !finite_in(*v, -1000.0, 1000.0) {
            r.err(
                src,
                &field(f),
                format!("{f} must be within 1000 pixels of the playfield, found {v}"),
            );
        }
    }
    if !finite_in(*spacing_s, 0.0, 60.0) {
        r.err(
            src,
            &field("spacing_s"),
            format!("spacing_s must be 0 to 60 seconds, found {spacing_s}"),
        );
    }
    let path = path.as_ref().map(|p| link_path(r, src, &field("path"), p));
    Some(TimelineEvent::Spawn {
        at: *at,
        enemy: enemy_i?,
        pos: Vec2::new(*x, *y),
        count,
        spacing_s: *spacing_s,
        step: Vec2::new(*dx, *dy),
        path,
        pattern: pattern_i,
        mirror: *mirror,
    })
    .filter(|_| pattern.is_none() || pattern_i.is_some())
}

/// The enemy and the entry point of a boss or mid-boss event, checked.
fn boss_entry(
    r: &mut Linker,
    src: &Source,
    field: &dyn Fn(&'static str) -> Vec<Seg>,
    enemy: &str,
    x: f32,
    y: f32,
) -> (Option<usize>, Vec2) {
    let enemy_i = r.enemy_index(enemy, src, &field("enemy"));
    for (f, v) in [("x", x), ("y", y)] {
        if !finite_in(v, -1000.0, 1000.0) {
            r.err(
                src,
                &field(f),
                format!("{f} must be within 1000 pixels of the playfield, found {v}"),
            );
        }
    }
    (enemy_i, Vec2::new(x, y))
}
