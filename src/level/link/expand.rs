//! Waves and sections into one flat list of events at stage times: what the rest of linking,
//! and so the simulation, sees, exactly as if the author had written every event out by hand.
//!
//! A `Wave` event places a named wave (its events' times count from the Wave's `at`), mirrored
//! and moved, perhaps several times; a `Section` shifts its own events and markers by its `at`.
//! Either may hold the other. Each flat event remembers where its text is and which Wave
//! events placed it, so an error inside a wave names the wave's line and the placing line.

use std::collections::{BTreeMap, BTreeSet};

use super::validate::{check_marker, finite_in, outside};
use super::{loc, Linker};
use crate::level::limits;
use crate::level::schema::{StageDef, TimelineEventDef};
use crate::level::text::diag::unknown;
use crate::level::text::locate::{span_of, Seg};
use crate::level::text::source::line_col;

/// The playfield's width: a mirrored x is `PLAYFIELD_W - x`. (The simulation's `PLAYFIELD`
/// says the same; the level format may not import the simulation.)
pub(crate) const PLAYFIELD_W: f32 = 224.0;

/// How deep waves and sections may nest: deeper is surely a mistake, and it bounds the work.
const MAX_DEPTH: usize = 8;

/// Most placements of a wave by one `Wave` event.
pub(crate) const MAX_REPEAT: u32 = 100;

/// One event of the flat timeline (a Spawn, Scroll, Warning, MidBoss or Boss) at its stage
/// time, with where its text is and what placed it.
#[derive(Clone, Debug)]
pub(super) struct Placed {
    /// The event, its `at` the stage time, mirrored and moved as its waves say.
    pub ev: TimelineEventDef,
    /// The stage time, summed in f64 and rounded once, so `Section(at: 60)` holding
    /// `at: 5.3` gives the very f32 `at: 65.3` gives.
    t: f64,
    /// Where the event's text is in the stage file.
    pub path: Vec<Seg>,
    /// Its number in its own list, from 1, for messages.
    pub number: usize,
    /// The waves that placed it, innermost first: each wave's name and its Wave event's line.
    pub placed_by: Vec<(String, usize)>,
}

impl Placed {
    /// What messages about this event add, so both the wave's line and the placing line are
    /// named: ` (in wave "hawks", placed on line 40)`. Empty for an event written in place.
    pub fn context(&self) -> Option<String> {
        let (wave, line) = self.placed_by.first()?;
        let mut text = format!(" (in wave \"{wave}\", placed on line {line}");
        for (outer, line) in &self.placed_by[1..] {
            text += &format!(", in wave \"{outer}\" placed on line {line}");
        }
        Some(text + ")")
    }
}

/// Where and how often a `Wave` event lays its wave: the first copy at `at`, moved by
/// (`dx`, `dy`) and mirrored when `mirror`; `repeat` copies `every_s` apart, each moved a
/// further (`repeat_dx`, `repeat_dy`) and, when `alternate`, every other one mirrored the
/// other way.
struct Copies {
    at: f32,
    dx: f32,
    dy: f32,
    mirror: bool,
    repeat: u32,
    every_s: f32,
    repeat_dx: f32,
    repeat_dy: f32,
    alternate: bool,
}

impl Copies {
    /// Reports every number out of range, at the Wave event's text at `here`. True when all
    /// are fine.
    fn check(&self, r: &mut Linker, here: &[Seg]) -> bool {
        let src = r.stage_src;
        let field = |f: &'static str| loc(here, [Seg::Field(f)]);
        let at = self.at;
        let mut ok = at.is_finite();
        if !ok {
            r.err(
                src,
                &field("at"),
                format!("a Wave's `at` must be a time, found {at}"),
            );
        }
        let offsets = [
            ("dx", self.dx),
            ("dy", self.dy),
            ("repeat_dx", self.repeat_dx),
            ("repeat_dy", self.repeat_dy),
        ];
        for (f, v) in outside(offsets, -1000.0, 1000.0) {
            let says = format!("{f} must be -1000 to 1000 pixels, found {v}");
            r.err(src, &field(f), says);
            ok = false;
        }
        let repeat = self.repeat;
        if !(1..=MAX_REPEAT).contains(&repeat) {
            r.err(
                src,
                &field("repeat"),
                format!("repeat must be 1 to {MAX_REPEAT}, found {repeat}"),
            );
            ok = false;
        }
        let every_s = self.every_s;
        if !finite_in(every_s, 0.0, limits::MAX_STAGE_S) {
            r.err(
                src,
                &field("every_s"),
                format!(
                    "every_s must be 0 to {} seconds, found {every_s}",
                    limits::MAX_STAGE_S
                ),
            );
            ok = false;
        }
        ok
    }
}

/// A marker of a section, at its stage time.
pub(super) struct PlacedMarker {
    pub name: String,
    pub t: f32,
    pub path: Vec<Seg>,
}

/// The flat timeline, the sections' markers, and the waves some Wave event placed.
pub(super) struct Expanded {
    pub events: Vec<Placed>,
    pub markers: Vec<PlacedMarker>,
    pub waves_placed: BTreeSet<String>,
}

struct Expander<'s> {
    stage: &'s StageDef,
    /// The waves being expanded, outermost first, to refuse a wave that places itself.
    stack: Vec<&'s str>,
    /// The waves of a circle already reported: they place nothing, so the one mistake gives
    /// one error, not others about where their partial copies landed.
    circular: BTreeSet<String>,
    /// How many waves and sections the list being expanded sits inside.
    depth: usize,
    waves_placed: BTreeSet<String>,
    /// Events produced so far, against [`limits::MAX_EVENTS`].
    produced: usize,
    over_limit: bool,
}

/// Expands `stage.events` (reporting bad Wave and Section events, and section markers,
/// through `r`) into the flat timeline, in the order the events are written.
pub(super) fn expand(r: &mut Linker, stage: &StageDef) -> Expanded {
    let mut x = Expander {
        stage,
        stack: Vec::new(),
        circular: BTreeSet::new(),
        depth: 0,
        waves_placed: BTreeSet::new(),
        produced: 0,
        over_limit: false,
    };
    let mut events = Vec::new();
    let mut markers = Vec::new();
    x.list(
        r,
        &stage.events,
        &[Seg::Field("events")],
        &mut events,
        &mut markers,
    );
    // (A stage that lists too many events itself has that error already.)
    if x.over_limit && stage.events.len() <= limits::MAX_EVENTS {
        r.err(
            r.stage_src,
            &[Seg::Field("events")],
            format!(
                "more than {} events once waves and sections are expanded; the limit is {}",
                limits::MAX_EVENTS,
                limits::MAX_EVENTS
            ),
        );
    }
    for p in &mut events {
        *p.ev.at_mut() = p.t as f32;
    }
    Expanded {
        events,
        markers,
        waves_placed: x.waves_placed,
    }
}

impl<'s> Expander<'s> {
    fn line(r: &Linker, path: &[Seg]) -> usize {
        let text = &r.stage_src.text;
        line_col(text, span_of(text, path).start).0
    }

    /// True, with an error at `here`, when waves and sections already nest as deep as they may.
    fn too_deep(&self, r: &mut Linker, here: &[Seg]) -> bool {
        let deep = self.depth >= MAX_DEPTH;
        if deep {
            let msg = format!("waves and sections nest more than {MAX_DEPTH} deep here");
            r.err(r.stage_src, here, msg);
        }
        deep
    }

    /// The events and markers of `list` (a wave's or a section's, its text at `base`), one
    /// level deeper, with times relative to their own origin.
    fn inner(
        &mut self,
        r: &mut Linker,
        list: &'s [TimelineEventDef],
        base: &[Seg],
    ) -> (Vec<Placed>, Vec<PlacedMarker>) {
        self.depth += 1;
        let (mut events, mut markers) = (Vec::new(), Vec::new());
        self.list(r, list, base, &mut events, &mut markers);
        self.depth -= 1;
        (events, markers)
    }

    /// Expands `list`, whose text is at `base`, with times relative to its own origin.
    fn list(
        &mut self,
        r: &mut Linker,
        list: &'s [TimelineEventDef],
        base: &[Seg],
        out: &mut Vec<Placed>,
        markers: &mut Vec<PlacedMarker>,
    ) {
        for (i, ev) in list.iter().enumerate() {
            if self.over_limit {
                return;
            }
            let here = loc(base, [Seg::Index(i)]);
            if !r.happens(ev, &here) {
                continue;
            }
            match ev {
                TimelineEventDef::Wave {
                    at,
                    name,
                    dx,
                    dy,
                    mirror,
                    repeat,
                    every_s,
                    repeat_dx,
                    repeat_dy,
                    alternate,
                    ..
                } => {
                    let copies = Copies {
                        at: *at,
                        dx: *dx,
                        dy: *dy,
                        mirror: *mirror,
                        repeat: *repeat,
                        every_s: *every_s,
                        repeat_dx: *repeat_dx,
                        repeat_dy: *repeat_dy,
                        alternate: *alternate,
                    };
                    self.wave(r, name, &copies, &here, out, markers);
                }
                TimelineEventDef::Section {
                    at,
                    markers: own_markers,
                    events,
                    ..
                } => {
                    let Some((inner, inner_markers)) =
                        self.section(r, *at, own_markers, events, &here)
                    else {
                        continue;
                    };
                    for p in inner {
                        self.push(out, p);
                    }
                    markers.extend(inner_markers);
                }
                leaf => self.push(
                    out,
                    Placed {
                        ev: leaf.clone(),
                        t: leaf.at() as f64,
                        path: here.clone(),
                        number: i + 1,
                        placed_by: Vec::new(),
                    },
                ),
            }
        }
    }

    /// Places the copies of wave `name` a `Wave` event (its text at `here`) asks for, unless
    /// its numbers are wrong, the wave is unknown, it would place itself, or it nests too deep.
    fn wave(
        &mut self,
        r: &mut Linker,
        name: &str,
        copies: &Copies,
        here: &[Seg],
        out: &mut Vec<Placed>,
        markers: &mut Vec<PlacedMarker>,
    ) {
        let src = r.stage_src;
        let field = |f: &'static str| loc(here, [Seg::Field(f)]);
        let ok = copies.check(r, here);
        let Some((key, events)) = self.stage.waves.get_key_value(name) else {
            let known = self.stage.waves.keys().map(String::as_str);
            r.err(src, &field("name"), unknown("wave", name, known));
            return;
        };
        self.waves_placed.insert(name.to_string());
        if self.circular.contains(name) {
            return;
        }
        if let Some(first) = self.stack.iter().position(|w| *w == name) {
            let chain: Vec<&str> = self.stack[first..].to_vec();
            self.circular.extend(chain.iter().map(|w| w.to_string()));
            r.err(
                src,
                &field("name"),
                format!(
                    "wave \"{name}\" places itself ({} -> {name}); a wave may place \
                     other waves, but not in a circle",
                    chain.join(" -> ")
                ),
            );
            return;
        }
        if self.too_deep(r, here) || !ok {
            return;
        }
        self.stack.push(key.as_str());
        let wave_at = [Seg::Field("waves"), Seg::key(name)];
        let (inner, inner_markers) = self.inner(r, events, &wave_at);
        self.stack.pop();
        if self.circular.contains(name) {
            return;
        }
        let line = Self::line(r, here);
        for k in 0..copies.repeat {
            let shift = copies.at as f64 + copies.every_s as f64 * k as f64;
            let mirror_this = copies.mirror != (copies.alternate && k % 2 == 1);
            for p in &inner {
                let mut q = p.clone();
                q.t += shift;
                if mirror_this {
                    mirror_event(&mut q.ev);
                }
                let k = k as f32;
                let (dx, dy) = (
                    copies.dx + copies.repeat_dx * k,
                    copies.dy + copies.repeat_dy * k,
                );
                move_event(&mut q.ev, dx, dy);
                q.placed_by.push((name.to_string(), line));
                self.push(out, q);
            }
            for m in &inner_markers {
                markers.push(PlacedMarker {
                    name: m.name.clone(),
                    t: (m.t as f64 + shift) as f32,
                    path: m.path.clone(),
                });
            }
        }
    }

    /// A `Section`'s events and markers (its text at `here`) at times shifted by its `at`, or
    /// `None` when its `at` is not a time or it nests too deep.
    fn section(
        &mut self,
        r: &mut Linker,
        at: f32,
        own_markers: &BTreeMap<String, f32>,
        events: &'s [TimelineEventDef],
        here: &[Seg],
    ) -> Option<(Vec<Placed>, Vec<PlacedMarker>)> {
        let field = |f: &'static str| loc(here, [Seg::Field(f)]);
        if !at.is_finite() {
            r.err(
                r.stage_src,
                &field("at"),
                format!("a Section's `at` must be a time, found {at}"),
            );
            return None;
        }
        if self.too_deep(r, here) {
            return None;
        }
        let (mut inner, mut inner_markers) = self.inner(r, events, &field("events"));
        for p in &mut inner {
            p.t += at as f64;
        }
        for (name, t) in own_markers {
            inner_markers.push(PlacedMarker {
                name: name.clone(),
                t: *t,
                path: loc(&field("markers"), [Seg::key(name)]),
            });
        }
        for m in &mut inner_markers {
            m.t = (m.t as f64 + at as f64) as f32;
        }
        Some((inner, inner_markers))
    }

    /// Adds `p` unless the timeline is already full, which is then reported once.
    fn push(&mut self, out: &mut Vec<Placed>, p: Placed) {
        if self.produced >= limits::MAX_EVENTS {
            self.over_limit = true;
            return;
        }
        self.produced += 1;
        out.push(p);
    }
}

/// Mirrors an event left-right: x becomes `PLAYFIELD_W - x`, a formation steps the other
/// way, and a spawn's path flips (its `mirror` toggles).
fn mirror_event(ev: &mut TimelineEventDef) {
    match ev {
        TimelineEventDef::Spawn { x, dx, mirror, .. } => {
            *x = PLAYFIELD_W - *x;
            // Not `-*dx`: no step would become -0.0, a different level to its hash.
            *dx = 0.0 - *dx;
            *mirror = !*mirror;
        }
        TimelineEventDef::MidBoss { x, .. } | TimelineEventDef::Boss { x, .. } => {
            *x = PLAYFIELD_W - *x;
        }
        _ => {}
    }
}

/// Moves an event's entry point by (`ox`, `oy`).
fn move_event(ev: &mut TimelineEventDef, ox: f32, oy: f32) {
    if ox == 0.0 && oy == 0.0 {
        return;
    }
    match ev {
        TimelineEventDef::Spawn { x, y, .. }
        | TimelineEventDef::MidBoss { x, y, .. }
        | TimelineEventDef::Boss { x, y, .. } => {
            *x += ox;
            *y += oy;
        }
        _ => {}
    }
}

/// Checks the sections' markers (as `check_stage` does the stage's own) and adds them to
/// `markers`: each within the stage, named once across the stage and its sections.
pub(super) fn merge_markers(
    r: &mut Linker,
    placed: &[PlacedMarker],
    end: f32,
    markers: &mut BTreeMap<String, f32>,
) {
    let src = r.stage_src;
    for m in placed {
        if !check_marker(
            r,
            src,
            &m.path,
            &m.name,
            m.t,
            end,
            " (counted from its section)",
        ) {
            continue;
        }
        if let Some(prev) = markers.get(&m.name) {
            r.err(
                src,
                &m.path,
                format!(
                    "marker \"{}\" is already at {prev} s; each marker name is used once in a \
                     stage (sections and waves included)",
                    m.name
                ),
            );
            continue;
        }
        markers.insert(m.name.clone(), m.t);
    }
    if markers.len() > limits::MAX_MARKERS {
        r.err(
            src,
            &[Seg::Field("markers")],
            format!(
                "{} markers with the sections'; the limit is {}",
                markers.len(),
                limits::MAX_MARKERS
            ),
        );
    }
}
