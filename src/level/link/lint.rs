//! Lints on the whole stage once its names are resolved: events the timeline can never reach
//! (errors), and definitions or bosses that load but are probably not what the author meant
//! (warnings, which `check` prints and the game ignores).

use std::collections::{BTreeMap, BTreeSet};

use super::expand::{Expanded, Placed};
use super::validate::{finite_in, stage_end};
use super::{loc, Linker};
use crate::level::resolved::{EnemyType, TimelineEvent};
use crate::level::schema::{StageDef, TimelineEventDef};
use crate::level::text::diag::Diagnostic;
use crate::level::text::locate::{span_of, Seg};
use crate::level::text::source::line_col;
use crate::level::text::source::Source;

/// The line of an event's text in the stage file, for messages that point from one event
/// to another.
fn event_line(r: &Linker, p: &Placed) -> usize {
    let text = &r.stage_src.text;
    line_col(text, span_of(text, &p.path).start).0
}

/// The timeline's Boss event that comes first: the one the stage ends with, and its time.
fn first_boss(events: &[Placed]) -> Option<(usize, f32)> {
    events
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p.ev {
            TimelineEventDef::Boss { at, .. } if at.is_finite() => Some((i, at)),
            _ => None,
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
}

/// Errors for events that never happen: the timeline stops when the boss appears and the
/// stage ends when it falls, so a second Boss, or any event after the first, is dead text.
pub(super) fn check_boss_order(r: &mut Linker, stage: &StageDef, events: &[Placed]) {
    let Some((boss_i, boss_at)) = first_boss(events) else {
        return;
    };
    let boss_line = event_line(r, &events[boss_i]);
    let src = r.stage_src;
    for (i, p) in events.iter().enumerate() {
        if i == boss_i {
            continue;
        }
        r.note = p.context();
        let at = p.ev.at();
        if matches!(p.ev, TimelineEventDef::Boss { .. }) {
            r.err(
                src,
                &p.path,
                format!(
                    "a second Boss event; a stage has one boss, and it ends when the Boss at \
                     {boss_at} s (line {boss_line}) falls, so this one never appears"
                ),
            );
        } else if at > boss_at && finite_in(at, 0.0, stage_end(stage)) {
            // (An event past the stage's end already has its own error.)
            r.err(
                src,
                &loc(&p.path, [Seg::Field("at")]),
                format!(
                    "event {} at {at} s comes after the Boss at {boss_at} s (line {boss_line}); \
                     the timeline stops when the boss appears, so it never happens",
                    p.number,
                ),
            );
        }
        r.note = None;
    }
}

/// Warnings for a stage that loads: definitions of its own that nothing on the timeline
/// reaches, a boss with no parts, and a Boss with no `boss` marker to practise from.
pub(super) fn warnings(
    r: &Linker,
    stage: &StageDef,
    expanded: &Expanded,
    markers: &BTreeMap<String, f32>,
    enemies: &[EnemyType],
    timeline: &[TimelineEvent],
) -> Vec<Diagnostic> {
    let src = r.stage_src;
    let warn = |path: &[Seg], msg: String| {
        Diagnostic::in_source(src, span_of(&src.text, path), msg).as_warning()
    };
    let mut out = Vec::new();
    // What play can reach: the timeline's enemies, what they reveal, and the patterns they fire.
    let mut reached: Vec<usize> = timeline
        .iter()
        .filter_map(|ev| match ev {
            TimelineEvent::Spawn { enemy, .. }
            | TimelineEvent::MidBoss { enemy, .. }
            | TimelineEvent::Boss { enemy, .. } => Some(*enemy),
            _ => None,
        })
        .collect();
    let mut enemies_used = BTreeSet::new();
    while let Some(e) = reached.pop() {
        if enemies_used.insert(e) {
            reached.extend(enemies.get(e).and_then(|t| t.reveals));
        }
    }
    let mut patterns_used: BTreeSet<usize> = timeline
        .iter()
        .filter_map(|ev| match ev {
            TimelineEvent::Spawn { pattern, .. } => *pattern,
            _ => None,
        })
        .collect();
    for t in enemies_used.iter().filter_map(|&e| enemies.get(e)) {
        let phase_weapons = t.phases.iter().flat_map(|p| &p.weapons);
        patterns_used.extend(t.weapons.iter().chain(phase_weapons).map(|w| w.pattern));
    }
    // Only the stage's own definitions: a shared file is meant to hold more than one stage uses.
    let own = |d: &Source| std::ptr::eq(d, src);
    let mut unused = |field: &'static str, what: &str, name: &str, never: &str| {
        let msg = format!("{what} \"{name}\" is defined but never {never}");
        out.push(warn(&[Seg::Field(field), Seg::key(name)], msg));
    };
    for (i, (name, d)) in r.enemies.iter().enumerate() {
        if own(d.src) && !enemies_used.contains(&i) {
            let never = "appears: no event spawns it and no enemy reveals it";
            unused("enemies", "enemy", name, never);
        }
    }
    for (i, (name, d)) in r.patterns.iter().enumerate() {
        if own(d.src) && !patterns_used.contains(&i) {
            let never = "fired: no weapon of an enemy that appears, and no Spawn, uses it";
            unused("patterns", "pattern", name, never);
        }
    }
    for name in stage.waves.keys() {
        if !expanded.waves_placed.contains(name) {
            unused("waves", "wave", name, "placed: no Wave event names it");
        }
    }
    let mut boss_at: Option<(f32, &Placed)> = None;
    // Each placement of a wave is its own event; one warning per line of text is enough.
    let mut warned_at = BTreeSet::new();
    for p in &expanded.events {
        let (what, enemy) = match &p.ev {
            TimelineEventDef::Boss { enemy, at, .. } => {
                boss_at = boss_at.or(Some((*at, p)));
                ("boss", enemy)
            }
            TimelineEventDef::MidBoss { enemy, .. } => ("mid-boss", enemy),
            _ => continue,
        };
        let partless = enemies
            .iter()
            .find(|t| &*t.name == enemy)
            .is_some_and(|t| !t.is_boss());
        let enemy_at = loc(&p.path, [Seg::Field("enemy")]);
        if partless && warned_at.insert(span_of(&src.text, &enemy_at).start) {
            out.push(warn(
                &enemy_at,
                format!(
                    "the {what} \"{enemy}\" has no parts or phases: one box with one hp bar; it \
                     plays and counts as a boss defeated, but a {what} usually has `parts` to \
                     break off and `phases` (see Parts in levels/README.md)"
                ),
            ));
        }
    }
    if let Some((at, boss)) = boss_at.filter(|(t, _)| finite_in(*t, 0.0, f32::MAX)) {
        if !markers.contains_key("boss") {
            let (path, msg) = boss_marker_hint(stage, at, boss);
            out.push(warn(&path, msg));
        }
    }
    out.sort_by_key(|d| (d.line, d.col));
    out
}

/// Where a missing `boss` marker goes and the warning saying so, in the clock the author is
/// writing in: a Boss written inside a Section (not placed by a wave) gets a time in that
/// section's `markers`, counted from the section's start, as its own `at` is; any other, a
/// time in the stage's `markers`. `at` is the Boss's stage time.
fn boss_marker_hint(stage: &StageDef, at: f32, boss: &Placed) -> (Vec<Seg>, String) {
    let tail = "so `--at boss` and hot reload can start there";
    // The innermost Section holding the Boss's text, when it is written in one.
    let mut section: Option<(Vec<Seg>, &str)> = None;
    let mut list = &stage.events;
    for (k, pair) in boss.path.chunks(2).enumerate() {
        let [Seg::Field("events"), Seg::Index(i)] = pair else {
            section = None;
            break;
        };
        match list.get(*i) {
            Some(TimelineEventDef::Section { events, name, .. }) => {
                section = Some((boss.path[..2 * k + 2].to_vec(), name.as_str()));
                list = events;
            }
            _ => break,
        }
    }
    // Its own `at`, as written: a wave's copy has none of its own to count from.
    let written = match &section {
        Some((path, _)) if boss.placed_by.is_empty() => {
            section_start(stage, path).map(|start| at - start)
        }
        _ => None,
    };
    match (section, written) {
        (Some((path, name)), Some(own)) if own >= 2.0 => {
            let suggest = own - 2.0;
            let name = if name.is_empty() { "its" } else { name };
            (
                loc(&path, [Seg::Field("markers")]),
                format!(
                    "no `boss` marker; the Boss is at {own} s in section \"{name}\" ({at} s on \
                     the stage's clock): add one a second or two before it to the section's \
                     markers, counted from the section's start as its events are (e.g. \
                     `markers: {{ \"boss\": {suggest} }}`) {tail}"
                ),
            )
        }
        _ => {
            let suggest = (at - 2.0).max(0.0);
            (
                vec![Seg::Field("markers")],
                format!(
                    "no `boss` marker; add one a second or two before the Boss at {at} s \
                     (e.g. \"boss\": {suggest}) {tail}"
                ),
            )
        }
    }
}

/// The stage time a Section at `path` (`events`, index, `events`, index...) starts at.
fn section_start(stage: &StageDef, path: &[Seg]) -> Option<f32> {
    let mut list = &stage.events;
    let mut t = 0.0f64;
    for pair in path.chunks(2) {
        let [Seg::Field("events"), Seg::Index(i)] = pair else {
            return None;
        };
        let TimelineEventDef::Section { at, events, .. } = list.get(*i)? else {
            return None;
        };
        t += f64::from(*at);
        list = events;
    }
    Some(t as f32)
}
