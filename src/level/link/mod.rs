//! Linking: turning a parsed stage and its definitions files into the resolved [`Level`]:
//! merging the definitions by name, checking every value, turning names into indices, and
//! reporting all errors together, each at its file, line and column and sorted top to bottom.
//!
//! [`Linker`] carries the errors; [`validate`] checks the stage's own values and holds the
//! shared rules for numbers and names; [`expand`] flattens waves and sections and [`tiered`]
//! picks the values of the difficulty and loop being linked; [`enemy`] (with [`hitbox`]) and
//! [`timeline`] resolve names to indices as they check; [`lint`] warns about what loads but is
//! probably a mistake. [`path`], [`pattern`] and [`background`] check those values and build
//! the resolved level's own types from the schema's, field for field: the only place a schema
//! type becomes a resolved one.
//!
//! Rules: linking reads the [`schema`](super::schema) and writes the
//! [`resolved`](super::resolved) level; it finds places and words messages with `text`, checks
//! names against the `assets` catalogue, and does no file I/O.

mod background;
mod enemy;
mod expand;
mod hitbox;
mod lint;
mod path;
mod pattern;
mod tiered;
mod timeline;
mod validate;

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::assets::{AssetKind, Catalog};
use super::difficulty::Tier;
use super::limits;
use super::resolved::{Level, Pattern};
use super::schema::{DefsFile, EnemyDef, LoopScale, PatternDef, StageDef};
use super::text::diag::{unknown, Diagnostic, LevelError, Message};
use super::text::locate::{map_keys, span_of, Seg};
use super::text::source::{line_col, Source};
use enemy::link_enemy;
use pattern::check_pattern;
use timeline::link_event;
use validate::check_stage;

/// Where a definition came from, so its errors point into the right file.
struct Defined<'a, T> {
    def: &'a T,
    src: &'a Source,
}

/// The definitions in scope by name (in name order, which fixes their indices), the assets
/// names are checked against, and the errors found so far, at most
/// [`limits::MAX_DIAGNOSTICS`] of them.
struct Linker<'a> {
    stage_src: &'a Source,
    catalog: &'a Catalog,
    errors: Vec<Diagnostic>,
    patterns: BTreeMap<&'a str, Defined<'a, PatternDef>>,
    enemies: BTreeMap<&'a str, Defined<'a, EnemyDef>>,
    /// Added to every error's message while set: which wave placed the event being linked.
    note: Option<String>,
    /// The difficulty and loop whose values are being linked.
    tier: Tier,
    /// The stage's `loop2`, or factors of 1.
    loop2: LoopScale,
}

/// The path `base` extended by `more`.
fn loc(base: &[Seg], more: impl IntoIterator<Item = Seg>) -> Vec<Seg> {
    base.iter().cloned().chain(more).collect()
}

impl<'a> Linker<'a> {
    /// Records an error at `path` inside `src` (or the deepest part of it that exists).
    fn err(&mut self, src: &Source, path: &[Seg], message: impl Into<Message>) {
        let mut message = message.into();
        if let Some(note) = &self.note {
            // Before a "did you mean" would read oddly; the note is short, so it goes last.
            message.text += note;
        }
        self.push(Diagnostic::in_source(
            src,
            span_of(&src.text, path),
            message,
        ));
    }

    /// Records an error, and a last one saying so once there are too many.
    fn push(&mut self, d: Diagnostic) {
        if self.errors.len() >= limits::MAX_DIAGNOSTICS {
            return;
        }
        let mut last = d.clone();
        self.errors.push(d);
        if self.errors.len() == limits::MAX_DIAGNOSTICS {
            last.message = format!(
                "stopping after {} errors; fix these first",
                limits::MAX_DIAGNOSTICS
            );
            last.suggestion = None;
            self.errors.push(last);
        }
    }

    /// Reports `name` at `path` unless the catalogue knows it as an asset of `kind`;
    /// `field` says which field of what gave it (`enemy "drone": sprite`).
    fn asset(&mut self, src: &Source, path: &[Seg], kind: AssetKind, field: &str, name: &str) {
        if let Err(m) = self.catalog.check(kind, name) {
            self.err(src, path, m.map(|t| format!("{field} {t}")));
        }
    }

    /// Reports `count` items at `at` when at most `limit` are allowed, as
    /// "`what(count)`; the limit is `limit`". True when it did.
    fn too_many(
        &mut self,
        src: &Source,
        at: &[Seg],
        count: usize,
        limit: usize,
        what: impl FnOnce(usize) -> String,
    ) -> bool {
        if count <= limit {
            return false;
        }
        self.err(src, at, format!("{}; the limit is {limit}", what(count)));
        true
    }

    fn pattern_index(&mut self, name: &str, src: &Source, path: &[Seg]) -> Option<usize> {
        let found = index_of("pattern", name, self.patterns.keys().copied());
        found.map_err(|msg| self.err(src, path, msg)).ok()
    }

    fn enemy_index(&mut self, name: &str, src: &Source, path: &[Seg]) -> Option<usize> {
        let found = index_of("enemy", name, self.enemies.keys().copied());
        found.map_err(|msg| self.err(src, path, msg)).ok()
    }
}

/// The position of `name` in `known`, or the message calling it an unknown `what`.
fn index_of<'k>(
    what: &str,
    name: &str,
    known: impl Iterator<Item = &'k str> + Clone,
) -> Result<usize, Message> {
    known
        .clone()
        .position(|k| k == name)
        .ok_or_else(|| unknown(what, name, known))
}

/// Reports keys that appear twice in one map of one file (serde would keep the last silently).
fn check_duplicate_keys(r: &mut Linker, src: &Source, map: &'static str, what: &str) {
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    for (key, off) in map_keys(&src.text, &[Seg::Field(map)]) {
        match first.get(&key) {
            Some(&prev) => {
                let (pl, _) = line_col(&src.text, prev);
                let key_span = off..off + key.len() + 2;
                r.push(Diagnostic::in_source(
                    src,
                    key_span,
                    format!(
                        "{what} \"{key}\" is defined twice in this file (first on line {pl}); \
                         only one can be used"
                    ),
                ));
            }
            None => {
                first.insert(key, off);
            }
        }
    }
}

/// Adds every definition of one map in `src` to `known`, replacing any of the same name.
/// Returns the replaced names, each with the file that had defined it.
fn add_all<'a, T>(
    known: &mut BTreeMap<&'a str, Defined<'a, T>>,
    defs: &'a BTreeMap<String, T>,
    src: &'a Source,
) -> Vec<(&'a str, &'a str)> {
    let mut replaced = Vec::new();
    for (name, def) in defs {
        if let Some(prev) = known.insert(name, Defined { def, src }) {
            let prev_src: &'a Source = prev.src;
            replaced.push((name.as_str(), prev_src.name.as_str()));
        }
    }
    replaced
}

/// Resolves `stage` against its definitions files (in `uses` order) into a [`Level`],
/// checking every asset it names against `catalog`.
pub(super) fn link(
    stage_src: &Source,
    stage: StageDef,
    defs: &[(Source, DefsFile)],
    catalog: &Catalog,
) -> Result<Level, LevelError> {
    link_linted(stage_src, stage, defs, catalog).map(|(level, _)| level)
}

/// [`link`], with the warnings `check` prints for a stage that loads (kept out of [`Level`],
/// whose every field the replay's level hash covers).
///
/// A stage that plays differently by difficulty or loop ([`tiered::varies`]) is linked once
/// for each [`Tier`]: the errors of all of them are reported together (once each), the
/// warnings are those every tier has, and the levels of the tiers that differ from
/// [`Tier::BASE`]'s go in its [`Level::variants`].
pub(super) fn link_linted(
    stage_src: &Source,
    stage: StageDef,
    defs: &[(Source, DefsFile)],
    catalog: &Catalog,
) -> Result<(Level, Vec<Diagnostic>), LevelError> {
    let tiers: Vec<Tier> = match tiered::varies(&stage, defs) {
        true => Tier::all().collect(),
        false => vec![Tier::BASE],
    };
    let mut errors = Vec::new();
    let mut linked = Vec::new();
    for tier in tiers {
        match link_tier(stage_src, &stage, defs, catalog, tier) {
            Ok(level) => linked.push((tier, level)),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(sorted_once(errors));
    }
    let mut linked = linked.into_iter();
    let Some((_, (mut base, mut warnings))) = linked.next() else {
        return Err(LevelError {
            diagnostics: Vec::new(),
        });
    };
    for (tier, (level, tier_warnings)) in linked {
        warnings.retain(|w| tier_warnings.contains(w));
        if level != base {
            base.variants.push((tier, Arc::new(level)));
        }
    }
    Ok((base, warnings))
}

/// The errors of every tier, top to bottom within each file, files in the order they were
/// first mentioned, each once.
fn sorted_once(mut diagnostics: Vec<Diagnostic>) -> LevelError {
    let order: Vec<String> =
        diagnostics
            .iter()
            .map(|d| d.file.clone())
            .fold(Vec::new(), |mut v, f| {
                if !v.contains(&f) {
                    v.push(f);
                }
                v
            });
    diagnostics.sort_by_key(|d| (order.iter().position(|f| *f == d.file), d.line, d.col));
    // An error in a wave's own Wave or Section event comes once per placement of the wave
    // around it, and an error outside any per-difficulty value once per tier, word for word:
    // once is enough.
    let mut seen = std::collections::BTreeSet::new();
    diagnostics.retain(|d| seen.insert((d.file.clone(), d.line, d.col, d.message.clone())));
    LevelError { diagnostics }
}

/// Puts the definitions in scope in `r`: the definitions files' first, in `uses` order, then
/// the stage's own, which may override them by name. Reports a name defined twice in one
/// file, a name two definitions files share (which one won would depend on order), and too
/// many definitions in all.
fn gather_definitions<'a>(r: &mut Linker<'a>, stage: &'a StageDef, defs: &'a [(Source, DefsFile)]) {
    let stage_src = r.stage_src;
    for (src, file) in defs {
        check_duplicate_keys(r, src, "patterns", "pattern");
        check_duplicate_keys(r, src, "enemies", "enemy");
        let clashes = [
            (
                "patterns",
                "pattern",
                add_all(&mut r.patterns, &file.patterns, src),
            ),
            (
                "enemies",
                "enemy",
                add_all(&mut r.enemies, &file.enemies, src),
            ),
        ];
        for (map, what, names) in clashes {
            for (name, prev) in names {
                let msg = format!(
                    "{what} \"{name}\" is also defined in {prev}; names must be unique across \
                     `uses` files (a stage's own definitions may override them)"
                );
                r.err(src, &[Seg::Field(map), Seg::key(name)], msg);
            }
        }
    }
    check_duplicate_keys(r, stage_src, "patterns", "pattern");
    check_duplicate_keys(r, stage_src, "enemies", "enemy");
    check_duplicate_keys(r, stage_src, "markers", "marker");
    check_duplicate_keys(r, stage_src, "waves", "wave");
    // Overriding a shared definition is allowed, so the replaced names are no error.
    add_all(&mut r.patterns, &stage.patterns, stage_src);
    add_all(&mut r.enemies, &stage.enemies, stage_src);
    let totals = [
        (
            "patterns",
            r.patterns.len(),
            limits::MAX_PATTERNS,
            "patterns",
        ),
        (
            "enemies",
            r.enemies.len(),
            limits::MAX_ENEMY_TYPES,
            "enemy types",
        ),
    ];
    for (field, count, limit, what) in totals {
        r.too_many(stage_src, &[Seg::Field(field)], count, limit, |n| {
            format!("{n} {what} in all")
        });
    }
}

/// The hash of the stage's text and its definitions files' texts, in `uses` order.
fn content_hash(stage_src: &Source, defs: &[(Source, DefsFile)]) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    stage_src.text.hash(&mut hasher);
    for (src, _) in defs {
        src.text.hash(&mut hasher);
    }
    hasher.finish()
}

/// Links `stage` for one tier: its level and warnings, or its errors (unsorted).
fn link_tier(
    stage_src: &Source,
    stage: &StageDef,
    defs: &[(Source, DefsFile)],
    catalog: &Catalog,
    tier: Tier,
) -> Result<(Level, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut r = Linker {
        stage_src,
        catalog,
        errors: Vec::new(),
        patterns: BTreeMap::new(),
        enemies: BTreeMap::new(),
        note: None,
        tier,
        loop2: stage.loop2.unwrap_or_default(),
    };
    gather_definitions(&mut r, stage, defs);
    check_stage(&mut r, stage);
    background::check_background(&mut r, &stage.background);
    tiered::check_loop2(&mut r, stage);
    let patterns: Vec<Pattern> = r
        .patterns
        .values()
        .map(|d| pattern::resolve(d.def))
        .collect();
    let pattern_entries: Vec<(String, &Source, &PatternDef)> = r
        .patterns
        .iter()
        .map(|(k, d)| (k.to_string(), d.src, d.def))
        .collect();
    for (name, src, p) in pattern_entries {
        check_pattern(&mut r, &name, src, p);
    }
    let enemy_entries: Vec<(String, &Source, &EnemyDef)> = r
        .enemies
        .iter()
        .map(|(k, d)| (k.to_string(), d.src, d.def))
        .collect();
    let mut enemies = Vec::new();
    for (name, src, def) in enemy_entries {
        if let Some(e) = link_enemy(&mut r, &name, src, def) {
            enemies.push(e);
        }
    }
    let mut timeline = Vec::new();
    r.too_many(
        stage_src,
        &[Seg::Field("events")],
        stage.events.len(),
        limits::MAX_EVENTS,
        |n| format!("{n} events"),
    );
    let expanded = expand::expand(&mut r, stage);
    for p in &expanded.events {
        if let Some(e) = link_event(&mut r, stage, p) {
            timeline.push(e);
        }
    }
    let mut markers = stage.markers.clone();
    expand::merge_markers(
        &mut r,
        &expanded.markers,
        validate::stage_end(stage),
        &mut markers,
    );
    lint::check_boss_order(&mut r, stage, &expanded.events);
    if !r.errors.is_empty() {
        return Err(r.errors);
    }
    timeline.sort_by(|a, b| a.at().total_cmp(&b.at()));
    let warnings = lint::warnings(&r, stage, &expanded, &markers, &enemies, &timeline);
    Ok((
        Level {
            name: stage.name.clone(),
            source: stage_src.name.clone(),
            length_s: stage.length_s,
            scroll_speed: stage.scroll_speed,
            max_bullets: stage.max_bullets as usize,
            background: background::resolve(&stage.background),
            music: stage.music.clone(),
            boss_music: stage.boss_music.clone(),
            markers,
            timeline,
            enemies,
            patterns,
            content_hash: content_hash(stage_src, defs),
            variants: Vec::new(),
        },
        warnings,
    ))
}
