//! Reading level files and resolving them into a [`Level`].
//!
//! File I/O happens only in [`load_stage`] and [`read_source`]; everything else works on text,
//! so tests and the fuzzer parse levels without touching the disk.

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::{Component, Path, PathBuf};

use glam::Vec2;

use super::diag::{line_col, suggest, unknown, Diagnostic, LevelError};
use super::limits;
use super::locate::{map_keys, offset_of, Seg};
use super::resolved::{EnemyType, Event, Level, Part, Phase, Weapon};
use super::schema::{DefsFile, EnemyDef, EventDef, PathDef, PatternDef, StageDef, WeaponDef};

/// A file's name (as shown in messages) and its text.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn too_big(name: &str, len: u64) -> LevelError {
    LevelError::single(
        name,
        1,
        1,
        format!(
            "file is {len} bytes; the limit is {} bytes",
            limits::MAX_FILE_BYTES
        ),
    )
}

/// Parses RON text into `T`, turning ron's spanned error into a diagnostic.
pub fn parse<T: serde::de::DeserializeOwned>(src: &Source) -> Result<T, LevelError> {
    if src.text.len() > limits::MAX_FILE_BYTES {
        return Err(too_big(&src.name, src.text.len() as u64));
    }
    ron_options().from_str::<T>(&src.text).map_err(|e| {
        let (line, col) = super::diag::ron_error_at(&src.text, &e);
        LevelError::single(&src.name, line, col, describe_ron_error(&e.code))
    })
}

/// ron's messages, reworded for a person editing the file rather than a Rust programmer.
fn describe_ron_error(code: &ron::Error) -> String {
    use ron::Error as E;
    let inside = |outer: &Option<String>| {
        outer
            .as_deref()
            .map_or(String::new(), |o| format!(" in {}", friendly_type(o)))
    };
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let hint = |found: &str, expected: &[&'static str]| {
        suggest(found, expected.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"))
    };
    match code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}{}; expected one of {}",
            inside(outer),
            hint(found, expected),
            list(expected)
        ),
        E::MissingStructField { field, outer } => {
            format!(
                "missing field `{field}`{}: it has no default",
                inside(outer)
            )
        }
        E::DuplicateStructField { field, outer } => {
            format!("field `{field}` is given twice{}", inside(outer))
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown name `{found}`{}{}; expected one of {}",
            inside(outer),
            hint(found, expected),
            list(expected)
        ),
        E::ExpectedDifferentStructName { expected, found } => format!(
            "expected `{}(...)` here, found `{found}(...)`",
            friendly_type(expected)
        ),
        E::ExpectedComma => "expected a comma `,` between two items (or a closing bracket)".into(),
        E::ExpectedMapColon => "expected a colon `:` after the map key".into(),
        E::ExpectedStructLikeEnd => {
            "expected `)` closing the parenthesis (a missing comma before this?)".into()
        }
        E::ExpectedArrayEnd => "expected `]` closing the list".into(),
        E::ExpectedMapEnd => "expected `}` closing the map".into(),
        E::ExpectedStringEnd => "this string is never closed with `\"`".into(),
        E::Eof => "the file ends too early: a bracket or parenthesis is not closed".into(),
        E::TrailingCharacters => "unexpected text after the end of the file's value".into(),
        E::ExceededRecursionLimit => "values are nested too deeply".into(),
        E::InvalidValueForType { expected, found } => {
            format!("expected {expected}, found {found}")
        }
        E::ExpectedInteger => "expected a whole number".into(),
        E::ExpectedFloat => "expected a number".into(),
        E::ExpectedString => "expected a string in double quotes".into(),
        E::ExpectedArray => "expected a list in square brackets `[...]`".into(),
        E::ExpectedMap => "expected a map in braces `{...}`".into(),
        E::IntegerOutOfBounds => "this number is too large (or negative where it cannot be)".into(),
        other => {
            // The remaining messages are already plain; only the Rust type names need renaming.
            let text = other.to_string();
            friendly_type(&text).into_owned()
        }
    }
}

/// The names authors see for our types (the schema's Rust names end in `Def`).
fn friendly_type(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains("StageDef") || text.contains("DefsFile") {
        text.replace("StageDef", "Stage")
            .replace("DefsFile", "Defs")
            .into()
    } else {
        text.into()
    }
}

/// Reads the stage file at `path` and every definitions file it `uses`, and resolves them.
///
/// Errors in the stage and in every used file are reported together where each file parses.
pub fn load_stage(path: &Path) -> Result<Level, LevelError> {
    let stage_src = read_source(path)?;
    let stage: StageDef = parse(&stage_src)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    let here = |k: usize| {
        let (line, col) = line_col(
            &stage_src.text,
            offset_of(&stage_src.text, &[Seg::Field("uses"), Seg::Index(k)]),
        );
        (stage_src.name.clone(), line, col)
    };
    for (k, used) in uses_to_read(&stage, |k, msg| {
        let (file, line, col) = here(k);
        errors.push(Diagnostic {
            file,
            line,
            col,
            message: msg,
        });
    }) {
        let (file, line, col) = here(k);
        let at = |message: String| Diagnostic {
            file: file.clone(),
            line,
            col,
            message,
        };
        match confined_join(&dir, used) {
            Some(p) => match read_source(&p) {
                Ok(s) => match parse::<DefsFile>(&s) {
                    Ok(d) => defs.push((s, d)),
                    Err(e) => errors.extend(e.diagnostics),
                },
                Err(e) if !p.is_file() => {
                    let hint = suggest_file(&dir, used)
                        .map_or(String::new(), |s| format!(" (did you mean \"{s}\"?)"));
                    errors.push(at(format!(
                        "cannot read `uses` file \"{used}\"{hint}: {}",
                        e.diagnostics
                            .first()
                            .map_or("", |d| d.message.trim_start_matches("cannot read: "))
                    )))
                }
                Err(e) => errors.extend(e.diagnostics),
            },
            None => errors.push(at(format!(
                "`uses` path \"{used}\" must be a relative path inside the stage's folder \
                 (no `..`, not absolute)"
            ))),
        }
    }
    if !errors.is_empty() {
        return Err(LevelError {
            diagnostics: errors,
        });
    }
    resolve(&stage_src, stage, &defs)
}

/// The `.ron` file in `dir` whose name is closest to a mistyped `used`.
fn suggest_file(dir: &Path, used: &str) -> Option<String> {
    let names: Vec<String> = std::fs::read_dir(base_dir(dir))
        .ok()?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".ron"))
        .take(1_000)
        .collect();
    suggest(used, names.iter().map(String::as_str)).map(str::to_string)
}

/// The stage's `uses` entries worth reading, with their index; reports too many and repeats.
fn uses_to_read(stage: &StageDef, mut report: impl FnMut(usize, String)) -> Vec<(usize, &str)> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (k, used) in stage.uses.iter().enumerate() {
        if k == limits::MAX_USES {
            report(
                k,
                format!(
                    "{} `uses` files; the limit is {}",
                    stage.uses.len(),
                    limits::MAX_USES
                ),
            );
            break;
        }
        if !seen.insert(used.as_str()) {
            report(k, format!("\"{used}\" is listed twice in `uses`"));
            continue;
        }
        out.push((k, used.as_str()));
    }
    out
}

/// Parses and resolves a stage from text alone, with its definitions files given as text
/// (in `uses` order; the stage's own `uses` list is not consulted).
pub fn parse_stage(stage_src: &Source, defs: &[Source]) -> Result<Level, LevelError> {
    let stage: StageDef = parse(stage_src)?;
    let mut parsed = Vec::new();
    let mut errors = Vec::new();
    for d in defs {
        match parse::<DefsFile>(d) {
            Ok(f) => parsed.push((d.clone(), f)),
            Err(e) => errors.extend(e.diagnostics),
        }
    }
    if !errors.is_empty() {
        return Err(LevelError {
            diagnostics: errors,
        });
    }
    resolve(stage_src, stage, &parsed)
}

/// Checks a definitions file on its own, as if a stage used it and nothing else.
pub fn resolve_defs_only(src: &Source, defs: &DefsFile) -> Result<(), LevelError> {
    let stage = StageDef {
        name: String::new(),
        uses: Vec::new(),
        length_s: 60.0,
        scroll_speed: 0.0,
        background: Default::default(),
        music: String::new(),
        markers: BTreeMap::new(),
        events: Vec::new(),
        patterns: BTreeMap::new(),
        enemies: BTreeMap::new(),
    };
    let empty = Source {
        name: src.name.clone(),
        text: String::new(),
    };
    resolve(&empty, stage, &[(src.clone(), defs.clone())]).map(|_| ())
}

/// Reads a level file as UTF-8 text, refusing files over [`limits::MAX_FILE_BYTES`] before
/// reading them.
pub fn read_source(path: &Path) -> Result<Source, LevelError> {
    let name = path.display().to_string();
    let cannot = |e: std::io::Error| LevelError::single(&name, 1, 1, format!("cannot read: {e}"));
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(LevelError::single(&name, 1, 1, "cannot read: not a file"));
    }
    if meta.len() > limits::MAX_FILE_BYTES as u64 {
        return Err(too_big(&name, meta.len()));
    }
    // The file may grow between the two calls; read no more than the limit allows.
    let mut bytes = Vec::new();
    {
        use std::io::Read;
        let f = std::fs::File::open(path).map_err(cannot)?;
        f.take(limits::MAX_FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
    }
    if bytes.len() > limits::MAX_FILE_BYTES {
        return Err(too_big(&name, bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let lossy = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        let (line, col) = line_col(&lossy, valid);
        LevelError::single(&name, line, col, "file is not valid UTF-8 text")
    })?;
    Ok(Source { name, text })
}

/// `base/rel` when `rel` is relative, never climbs out of `base`, and (when both exist) does
/// not leave `base` through a symbolic link either.
fn confined_join(base: &Path, rel: &str) -> Option<PathBuf> {
    if !is_plain_relative(rel) {
        return None;
    }
    let joined = base.join(rel);
    let inside = match (joined.canonicalize(), base_dir(base).canonicalize()) {
        (Ok(p), Ok(b)) => p.starts_with(b),
        // A missing file is reported when it is read.
        _ => true,
    };
    inside.then_some(joined)
}

fn base_dir(base: &Path) -> &Path {
    if base.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base
    }
}

/// Relative, made only of ordinary names (no `..`, `.`, root or drive), with no backslash or
/// colon so it means the same on every system.
fn is_plain_relative(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= limits::MAX_PATH_LEN
        && !path.contains(['\\', ':', '\0'])
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// True when `path` is a relative path that stays inside `assets/` (no `..`, not absolute).
pub fn is_confined_asset(path: &str) -> bool {
    is_plain_relative(path)
}

/// True for names the atlas and the music folder use: letters, digits, `_` and `-`.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= limits::MAX_NAME_LEN
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Where a definition came from, so its errors point into the right file.
struct Defined<'a, T> {
    def: &'a T,
    src: &'a Source,
}

struct Resolver<'a> {
    stage_src: &'a Source,
    errors: Vec<Diagnostic>,
    patterns: BTreeMap<&'a str, Defined<'a, PatternDef>>,
    enemies: BTreeMap<&'a str, Defined<'a, EnemyDef>>,
}

fn loc(base: &[Seg], more: impl IntoIterator<Item = Seg>) -> Vec<Seg> {
    base.iter().cloned().chain(more).collect()
}

impl<'a> Resolver<'a> {
    /// Records an error at `path` inside `src` (or the deepest part of it that exists).
    fn err(&mut self, src: &Source, path: &[Seg], message: impl Into<String>) {
        if self.errors.len() >= limits::MAX_DIAGNOSTICS {
            return;
        }
        let (line, col) = line_col(&src.text, offset_of(&src.text, path));
        self.errors.push(Diagnostic {
            file: src.name.clone(),
            line,
            col,
            message: message.into(),
        });
        if self.errors.len() == limits::MAX_DIAGNOSTICS {
            self.errors.push(Diagnostic {
                file: src.name.clone(),
                line,
                col,
                message: format!(
                    "stopping after {} errors; fix these first",
                    limits::MAX_DIAGNOSTICS
                ),
            });
        }
    }

    fn pattern_index(&mut self, name: &str, src: &Source, path: &[Seg]) -> Option<usize> {
        match self.patterns.keys().position(|k| *k == name) {
            Some(i) => Some(i),
            None => {
                let msg = unknown("pattern", name, self.patterns.keys().copied());
                self.err(src, path, msg);
                None
            }
        }
    }

    fn enemy_index(&mut self, name: &str, src: &Source, path: &[Seg]) -> Option<usize> {
        match self.enemies.keys().position(|k| *k == name) {
            Some(i) => Some(i),
            None => {
                let msg = unknown("enemy", name, self.enemies.keys().copied());
                self.err(src, path, msg);
                None
            }
        }
    }
}

/// Reports keys that appear twice in one map of one file (serde would keep the last silently).
fn check_duplicate_keys(r: &mut Resolver, src: &Source, map: &'static str, what: &str) {
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    for (key, off) in map_keys(&src.text, &[Seg::Field(map)]) {
        match first.get(&key) {
            Some(&prev) => {
                let (line, col) = line_col(&src.text, off);
                let (pl, _) = line_col(&src.text, prev);
                if r.errors.len() < limits::MAX_DIAGNOSTICS {
                    r.errors.push(Diagnostic {
                        file: src.name.clone(),
                        line,
                        col,
                        message: format!(
                            "{what} \"{key}\" is defined twice in this file (first on line {pl}); \
                             only one can be used"
                        ),
                    });
                }
            }
            None => {
                first.insert(key, off);
            }
        }
    }
}

fn resolve(
    stage_src: &Source,
    stage: StageDef,
    defs: &[(Source, DefsFile)],
) -> Result<Level, LevelError> {
    let mut r = Resolver {
        stage_src,
        errors: Vec::new(),
        patterns: BTreeMap::new(),
        enemies: BTreeMap::new(),
    };
    let mut hasher = fnv::FnvHasher::default();
    stage_src.text.hash(&mut hasher);
    // Definitions files first, then the stage's own, which may override them by name. Two
    // definitions files may not define the same name: which one wins would depend on order.
    for (src, file) in defs {
        src.text.hash(&mut hasher);
        check_duplicate_keys(&mut r, src, "patterns", "pattern");
        check_duplicate_keys(&mut r, src, "enemies", "enemy");
        for (name, def) in &file.patterns {
            if let Some(prev) = r.patterns.insert(name, Defined { def, src }) {
                let msg = format!(
                    "pattern \"{name}\" is also defined in {}; names must be unique across \
                     `uses` files (a stage's own definitions may override them)",
                    prev.src.name
                );
                r.err(src, &[Seg::Field("patterns"), Seg::key(name)], msg);
            }
        }
        for (name, def) in &file.enemies {
            if let Some(prev) = r.enemies.insert(name, Defined { def, src }) {
                let msg = format!(
                    "enemy \"{name}\" is also defined in {}; names must be unique across \
                     `uses` files (a stage's own definitions may override them)",
                    prev.src.name
                );
                r.err(src, &[Seg::Field("enemies"), Seg::key(name)], msg);
            }
        }
    }
    check_duplicate_keys(&mut r, stage_src, "patterns", "pattern");
    check_duplicate_keys(&mut r, stage_src, "enemies", "enemy");
    check_duplicate_keys(&mut r, stage_src, "markers", "marker");
    for (name, def) in &stage.patterns {
        r.patterns.insert(
            name,
            Defined {
                def,
                src: stage_src,
            },
        );
    }
    for (name, def) in &stage.enemies {
        r.enemies.insert(
            name,
            Defined {
                def,
                src: stage_src,
            },
        );
    }
    if r.patterns.len() > limits::MAX_PATTERNS {
        r.err(
            stage_src,
            &[Seg::Field("patterns")],
            format!(
                "{} patterns in all; the limit is {}",
                r.patterns.len(),
                limits::MAX_PATTERNS
            ),
        );
    }
    if r.enemies.len() > limits::MAX_ENEMY_TYPES {
        r.err(
            stage_src,
            &[Seg::Field("enemies")],
            format!(
                "{} enemy types in all; the limit is {}",
                r.enemies.len(),
                limits::MAX_ENEMY_TYPES
            ),
        );
    }

    check_stage(&mut r, &stage);
    let patterns: Vec<PatternDef> = r.patterns.values().map(|d| d.def.clone()).collect();
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
        if let Some(e) = resolve_enemy(&mut r, &name, src, def) {
            enemies.push(e);
        }
    }
    let mut events = Vec::new();
    if stage.events.len() > limits::MAX_EVENTS {
        r.err(
            stage_src,
            &[Seg::Field("events")],
            format!(
                "{} events; the limit is {}",
                stage.events.len(),
                limits::MAX_EVENTS
            ),
        );
    }
    for (i, ev) in stage.events.iter().enumerate().take(limits::MAX_EVENTS) {
        if let Some(e) = resolve_event(&mut r, &stage, i, ev) {
            events.push(e);
        }
    }
    if !r.errors.is_empty() {
        let mut diagnostics = r.errors;
        // Top to bottom within each file, files in the order they were first mentioned.
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
        return Err(LevelError { diagnostics });
    }
    events.sort_by(|a, b| a.at().total_cmp(&b.at()));
    Ok(Level {
        name: stage.name,
        source: stage_src.name.clone(),
        length_s: stage.length_s,
        scroll_speed: stage.scroll_speed,
        background: stage.background,
        music: stage.music,
        markers: stage.markers,
        events,
        enemies,
        patterns,
        content_hash: hasher.finish(),
    })
}

fn finite_in(v: f32, lo: f32, hi: f32) -> bool {
    v.is_finite() && v >= lo && v <= hi
}

/// The end the stage's times are checked against: its `length_s`, or, when that is itself
/// invalid (and reported as such), the longest stage allowed, so one bad number does not also
/// flag every marker and event.
fn stage_end(stage: &StageDef) -> f32 {
    if finite_in(stage.length_s, 1.0, limits::MAX_STAGE_S) {
        stage.length_s
    } else {
        limits::MAX_STAGE_S
    }
}

fn check_stage(r: &mut Resolver, stage: &StageDef) {
    let src = r.stage_src;
    let f = |name: &'static str| [Seg::Field(name)];
    if stage.name.chars().count() > limits::MAX_NAME_LEN {
        r.err(
            src,
            &f("name"),
            format!("name must be at most {} characters", limits::MAX_NAME_LEN),
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
    if !finite_in(stage.scroll_speed, 0.0, limits::MAX_SPEED) {
        r.err(
            src,
            &f("scroll_speed"),
            format!(
                "scroll_speed must be between 0 and {} pixels per second",
                limits::MAX_SPEED
            ),
        );
    }
    if !stage.music.is_empty() && !is_plain_name(&stage.music) {
        r.err(
            src,
            &f("music"),
            format!(
                "music \"{}\" must be a cue name (letters, digits, `_`, `-`) such as \"stage1\", \
                 not a path",
                stage.music
            ),
        );
    }
    if stage.markers.len() > limits::MAX_MARKERS {
        r.err(
            src,
            &f("markers"),
            format!(
                "{} markers; the limit is {}",
                stage.markers.len(),
                limits::MAX_MARKERS
            ),
        );
    }
    for (name, t) in &stage.markers {
        let here = [Seg::Field("markers"), Seg::key(name)];
        if !finite_in(*t, 0.0, stage_end(stage)) {
            r.err(
                src,
                &here,
                format!(
                    "marker \"{name}\" at {t} s is outside the stage (0 to {} s)",
                    stage_end(stage)
                ),
            );
        }
        if name.is_empty() || name.chars().count() > limits::MAX_NAME_LEN {
            r.err(
                src,
                &here,
                format!(
                    "marker names must be 1 to {} characters",
                    limits::MAX_NAME_LEN
                ),
            );
        }
    }
    let bg = &stage.background;
    let ground_at = [Seg::Field("background"), Seg::Field("ground")];
    let layer_at = |i: usize| {
        [
            Seg::Field("background"),
            Seg::Field("layers"),
            Seg::Index(i),
            Seg::Field("image"),
        ]
    };
    if !is_confined_asset(&bg.ground) {
        r.err(
            src,
            &ground_at,
            format!(
                "image \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                bg.ground
            ),
        );
    }
    if bg.layers.len() > limits::MAX_LAYERS {
        r.err(
            src,
            &[Seg::Field("background"), Seg::Field("layers")],
            format!(
                "{} background layers; the limit is {}",
                bg.layers.len(),
                limits::MAX_LAYERS
            ),
        );
    }
    for (i, l) in bg.layers.iter().enumerate().take(limits::MAX_LAYERS) {
        if !is_confined_asset(&l.image) {
            r.err(
                src,
                &layer_at(i),
                format!(
                    "image \"{}\" must be a relative path inside assets/ (no `..`, not absolute)",
                    l.image
                ),
            );
        }
        if !finite_in(l.speed, 0.0, 8.0) || !finite_in(l.alpha, 0.0, 1.0) {
            r.err(
                src,
                &[
                    Seg::Field("background"),
                    Seg::Field("layers"),
                    Seg::Index(i),
                ],
                "a background layer's speed must be 0 to 8 and its alpha 0 to 1",
            );
        }
    }
}

fn check_pattern(r: &mut Resolver, name: &str, src: &Source, p: &PatternDef) {
    let base = [Seg::Field("patterns"), Seg::key(name)];
    let bad = |r: &mut Resolver, field: &'static str, msg: String| {
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
            format!("speed must be 0 to {} pixels per second", limits::MAX_SPEED),
        );
    }
    if !finite_in(p.speed_spread, 0.0, limits::MAX_SPEED) {
        bad(
            r,
            "speed_spread",
            format!("speed_spread must be 0 to {}", limits::MAX_SPEED),
        );
    }
    if !finite_in(p.accel, -limits::MAX_ACCEL, limits::MAX_ACCEL) {
        bad(
            r,
            "accel",
            format!("accel must be between -{0} and {0}", limits::MAX_ACCEL),
        );
    }
    for (field, v) in [
        ("ang_vel_deg", p.ang_vel_deg),
        ("spread_deg", p.spread_deg),
        ("angle_deg", p.angle_deg),
        ("spin_deg", p.spin_deg),
    ] {
        if !finite_in(v, -3600.0, 3600.0) {
            bad(
                r,
                field,
                format!("{field} must be a number of degrees between -3600 and 3600"),
            );
        }
    }
    if !finite_in(p.volley_interval_s, 0.0, 10.0) {
        bad(
            r,
            "volley_interval_s",
            "volley_interval_s must be 0 to 10 seconds".into(),
        );
    }
}

fn check_path(r: &mut Resolver, src: &Source, at: &[Seg], path: &PathDef) {
    let nums: Vec<f32> = match path {
        PathDef::Straight { angle_deg, speed } => vec![*angle_deg, *speed],
        PathDef::Sine {
            speed,
            amplitude,
            period_s,
        } => vec![*speed, *amplitude, *period_s],
        PathDef::Swoop {
            speed,
            turn_y,
            turn_deg_s,
        } => vec![*speed, *turn_y, *turn_deg_s],
        PathDef::StopAndShoot {
            speed,
            stop_y,
            wait_s,
            leave_angle_deg,
        } => vec![*speed, *stop_y, *wait_s, *leave_angle_deg],
        PathDef::Ground => vec![],
        PathDef::Drive { angle_deg, speed } => vec![*angle_deg, *speed],
        PathDef::Hover { y, sway, period_s } => vec![*y, *sway, *period_s],
    };
    if nums.iter().any(|v| !finite_in(*v, -10_000.0, 10_000.0)) {
        r.err(
            src,
            at,
            "path values must be numbers between -10000 and 10000",
        );
    }
    let period = match path {
        PathDef::Sine { period_s, .. } | PathDef::Hover { period_s, .. } => Some(*period_s),
        _ => None,
    };
    if period.is_some_and(|p| p < 0.05) {
        r.err(
            src,
            &loc(at, [Seg::Field("period_s")]),
            "period_s must be at least 0.05 seconds",
        );
    }
}

fn part_index(parts: &[Part], name: &str) -> Option<usize> {
    parts.iter().position(|p| p.name == name)
}

fn resolve_enemy(r: &mut Resolver, name: &str, src: &Source, def: &EnemyDef) -> Option<EnemyType> {
    let base = [Seg::Field("enemies"), Seg::key(name)];
    let field = |f: &'static str| loc(&base, [Seg::Field(f)]);
    let before = r.errors.len();
    let mut parts: Vec<Part> = Vec::new();
    if def.parts.is_empty() {
        if !(def.hp > 0.0 && def.hp.is_finite() && def.hp <= limits::MAX_HP) {
            r.err(
                src,
                &field("hp"),
                format!(
                    "enemy \"{name}\": hp must be more than 0 and at most {}, found {}",
                    limits::MAX_HP,
                    def.hp
                ),
            );
        }
        if !(finite_in(def.size.0, 1.0, 320.0) && finite_in(def.size.1, 1.0, 320.0)) {
            r.err(
                src,
                &field("size"),
                format!("enemy \"{name}\": size must be 1 to 320 pixels on each side"),
            );
        }
        parts.push(Part {
            name: "body".into(),
            offset: Vec2::ZERO,
            half: Vec2::new(def.size.0, def.size.1) * 0.5,
            hp: def.hp,
            sprite: None,
            destroyed_sprite: None,
            guarded_by: Vec::new(),
            mirror: false,
            score: 0,
        });
    } else {
        if def.parts.len() > limits::MAX_PARTS {
            r.err(
                src,
                &field("parts"),
                format!(
                    "enemy \"{name}\" has {} parts; the limit is {}",
                    def.parts.len(),
                    limits::MAX_PARTS
                ),
            );
            return None;
        }
        for (i, p) in def.parts.iter().enumerate() {
            let part_at =
                |f: &'static str| loc(&base, [Seg::Field("parts"), Seg::Index(i), Seg::Field(f)]);
            if !(p.hp > 0.0 && p.hp.is_finite() && p.hp <= limits::MAX_HP) {
                r.err(
                    src,
                    &part_at("hp"),
                    format!(
                        "part \"{}\" of \"{name}\": hp must be more than 0 and at most {}, found {}",
                        p.name,
                        limits::MAX_HP,
                        p.hp
                    ),
                );
            }
            if !(finite_in(p.size.0, 1.0, 320.0) && finite_in(p.size.1, 1.0, 320.0)) {
                r.err(
                    src,
                    &part_at("size"),
                    format!(
                        "part \"{}\" of \"{name}\": size must be 1 to 320 pixels on each side",
                        p.name
                    ),
                );
            }
            if !(finite_in(p.offset.0, -320.0, 320.0) && finite_in(p.offset.1, -320.0, 320.0)) {
                r.err(
                    src,
                    &part_at("offset"),
                    format!(
                        "part \"{}\" of \"{name}\": offset must be within 320 pixels",
                        p.name
                    ),
                );
            }
            if p.score > limits::MAX_SCORE {
                r.err(
                    src,
                    &part_at("score"),
                    format!(
                        "part \"{}\" of \"{name}\": score must be at most {}",
                        p.name,
                        limits::MAX_SCORE
                    ),
                );
            }
            for s in [&p.sprite, &p.destroyed_sprite].into_iter().flatten() {
                if !is_plain_name(s) {
                    r.err(src, &part_at("sprite"), sprite_message(name, s));
                }
            }
            if part_index(&parts, &p.name).is_some() {
                r.err(
                    src,
                    &part_at("name"),
                    format!("enemy \"{name}\" has two parts named \"{}\"", p.name),
                );
            }
            parts.push(Part {
                name: p.name.clone(),
                offset: Vec2::new(p.offset.0, p.offset.1),
                half: Vec2::new(p.size.0, p.size.1) * 0.5,
                hp: p.hp,
                sprite: p.sprite.clone(),
                destroyed_sprite: p.destroyed_sprite.clone(),
                guarded_by: Vec::new(),
                mirror: p.mirror,
                score: p.score,
            });
        }
        for (i, p) in def.parts.iter().enumerate() {
            for (gi, g) in p.guarded_by.iter().enumerate().take(limits::MAX_PARTS) {
                let at = loc(
                    &base,
                    [
                        Seg::Field("parts"),
                        Seg::Index(i),
                        Seg::Field("guarded_by"),
                        Seg::Index(gi),
                    ],
                );
                match part_index(&parts, g) {
                    Some(gi) if gi != i => {
                        if !parts[i].guarded_by.contains(&gi) {
                            parts[i].guarded_by.push(gi)
                        }
                    }
                    Some(_) => r.err(
                        src,
                        &at,
                        format!("part \"{g}\" of \"{name}\" cannot guard itself"),
                    ),
                    None => {
                        let msg = unknown("part", g, parts.iter().map(|p| p.name.as_str()));
                        r.err(
                            src,
                            &at,
                            format!("enemy \"{name}\": guarded_by names {msg}"),
                        );
                    }
                }
            }
        }
    }
    let core = match &def.core {
        None => 0,
        Some(c) => part_index(&parts, c).unwrap_or_else(|| {
            let msg = unknown("part", c, parts.iter().map(|p| p.name.as_str()));
            r.err(
                src,
                &field("core"),
                format!("enemy \"{name}\": core names {msg}"),
            );
            0
        }),
    };
    if def.score > limits::MAX_SCORE || def.bonus > limits::MAX_SCORE {
        r.err(
            src,
            &field(if def.score > limits::MAX_SCORE {
                "score"
            } else {
                "bonus"
            }),
            format!(
                "enemy \"{name}\": score and bonus must be at most {}",
                limits::MAX_SCORE
            ),
        );
    }
    if def.explosion > 2 {
        r.err(
            src,
            &field("explosion"),
            format!("enemy \"{name}\": explosion must be 0, 1 or 2"),
        );
    }
    check_path(r, src, &field("path"), &def.path);
    let weapons = resolve_weapons(r, name, src, &parts, &def.weapons, &field("weapons"));
    if def.phases.len() > limits::MAX_PHASES {
        r.err(
            src,
            &field("phases"),
            format!(
                "enemy \"{name}\" has {} phases; the limit is {}",
                def.phases.len(),
                limits::MAX_PHASES
            ),
        );
    }
    let mut phases = Vec::new();
    for (pi, ph) in def.phases.iter().enumerate().take(limits::MAX_PHASES) {
        let phase_at = loc(&base, [Seg::Field("phases"), Seg::Index(pi)]);
        let mut after = Vec::new();
        for (ai, a) in ph.after.iter().enumerate().take(limits::MAX_PARTS) {
            match part_index(&parts, a) {
                Some(i) => after.push(i),
                None => {
                    let msg = unknown("part", a, parts.iter().map(|p| p.name.as_str()));
                    r.err(
                        src,
                        &loc(&phase_at, [Seg::Field("after"), Seg::Index(ai)]),
                        format!("enemy \"{name}\", phase {}: after names {msg}", pi + 1),
                    );
                }
            }
        }
        if !finite_in(ph.below_hp, 0.0, 1.0) {
            r.err(
                src,
                &loc(&phase_at, [Seg::Field("below_hp")]),
                format!(
                    "enemy \"{name}\", phase {}: below_hp must be 0 to 1",
                    pi + 1
                ),
            );
        }
        if let Some(p) = &ph.path {
            check_path(r, src, &loc(&phase_at, [Seg::Field("path")]), p);
        }
        let weapons = resolve_weapons(
            r,
            name,
            src,
            &parts,
            &ph.weapons,
            &loc(&phase_at, [Seg::Field("weapons")]),
        );
        phases.push(Phase {
            after,
            below_hp: ph.below_hp,
            weapons,
            path: ph.path.clone(),
        });
    }
    let reveals = def.reveals.as_deref().and_then(|rv| {
        if rv == name {
            r.err(
                src,
                &field("reveals"),
                format!("enemy \"{name}\" cannot reveal itself"),
            );
            return None;
        }
        r.enemy_index(rv, src, &field("reveals"))
    });
    if !is_plain_name(&def.sprite) {
        r.err(src, &field("sprite"), sprite_message(name, &def.sprite));
    }
    if let Some(w) = &def.wreck {
        if !is_plain_name(w) {
            r.err(src, &field("wreck"), sprite_message(name, w));
        }
    }
    if r.errors.len() > before {
        return None;
    }
    Some(EnemyType {
        name: name.to_string(),
        sprite: def.sprite.clone(),
        layer: def.layer,
        score: def.score,
        parts,
        core,
        path: def.path.clone(),
        weapons,
        phases,
        drop: def.drop,
        reveals,
        wreck: def.wreck.clone(),
        bonus: def.bonus,
        explosion: def.explosion.min(2),
    })
}

fn sprite_message(enemy: &str, sprite: &str) -> String {
    format!(
        "enemy \"{enemy}\": sprite \"{sprite}\" must be an atlas name of 1 to {} letters, digits, \
         `_` or `-`",
        limits::MAX_NAME_LEN
    )
}

fn resolve_weapons(
    r: &mut Resolver,
    enemy: &str,
    src: &Source,
    parts: &[Part],
    defs: &[WeaponDef],
    list_at: &[Seg],
) -> Vec<Weapon> {
    if defs.len() > limits::MAX_WEAPONS {
        r.err(
            src,
            list_at,
            format!(
                "enemy \"{enemy}\" has {} weapons in one list; the limit is {}",
                defs.len(),
                limits::MAX_WEAPONS
            ),
        );
    }
    let mut out = Vec::new();
    for (wi, w) in defs.iter().enumerate().take(limits::MAX_WEAPONS) {
        let at = |f: &'static str| loc(list_at, [Seg::Index(wi), Seg::Field(f)]);
        let pattern = r.pattern_index(&w.pattern, src, &at("pattern"));
        let from = w.from.as_deref().and_then(|f| {
            part_index(parts, f).or_else(|| {
                let msg = unknown("part", f, parts.iter().map(|p| p.name.as_str()));
                r.err(
                    src,
                    &at("from"),
                    format!("enemy \"{enemy}\": weapon `from` names {msg}"),
                );
                None
            })
        });
        if !finite_in(w.delay_s, 0.0, 600.0) {
            r.err(
                src,
                &at("delay_s"),
                format!(
                    "enemy \"{enemy}\": a weapon's delay_s must be 0 to 600 seconds, found {}",
                    w.delay_s
                ),
            );
        }
        if !finite_in(w.interval_s, 0.05, 600.0) {
            r.err(
                src,
                &at("interval_s"),
                format!(
                    "enemy \"{enemy}\": a weapon's interval_s must be 0.05 to 600 seconds, found {}",
                    w.interval_s
                ),
            );
        }
        if !(finite_in(w.offset.0, -320.0, 320.0) && finite_in(w.offset.1, -320.0, 320.0)) {
            r.err(
                src,
                &at("offset"),
                format!("enemy \"{enemy}\": a weapon's offset must be within 320 pixels"),
            );
        }
        if w.turn_deg_s.is_some_and(|t| !finite_in(t, 0.0, 3600.0)) {
            r.err(
                src,
                &at("turn_deg_s"),
                format!("enemy \"{enemy}\": turn_deg_s must be 0 to 3600"),
            );
        }
        if let Some(pattern) = pattern {
            out.push(Weapon {
                pattern,
                delay_s: w.delay_s,
                interval_s: w.interval_s,
                from,
                offset: Vec2::new(w.offset.0, w.offset.1),
                turn_deg_s: w.turn_deg_s,
            });
        }
    }
    out
}

fn resolve_event(r: &mut Resolver, stage: &StageDef, i: usize, ev: &EventDef) -> Option<Event> {
    let src = r.stage_src;
    let at_time = ev.at();
    let here = [Seg::Field("events"), Seg::Index(i)];
    let field = |f: &'static str| loc(&here, [Seg::Field(f)]);
    let end = stage_end(stage);
    if !finite_in(at_time, 0.0, end) {
        let msg = if at_time.is_finite() && at_time > 0.0 {
            format!(
                "event {} at {at_time} s is past the stage's end (length_s: {end})",
                i + 1,
            )
        } else {
            format!(
                "event {}: `at` must be a time from 0 to the stage's length_s ({end} s), found {at_time}",
                i + 1,
            )
        };
        r.err(src, &field("at"), msg);
        if !at_time.is_finite() {
            return None;
        }
    }
    match ev {
        EventDef::Spawn {
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
        } => {
            let enemy_i = r.enemy_index(enemy, src, &field("enemy"));
            let pattern_i = pattern
                .as_deref()
                .and_then(|p| r.pattern_index(p, src, &field("pattern")));
            if *count == 0 || *count > limits::MAX_SPAWN_COUNT {
                r.err(
                    src,
                    &field("count"),
                    format!(
                        "spawn count must be 1 to {}, found {count}",
                        limits::MAX_SPAWN_COUNT
                    ),
                );
            }
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
            if let Some(p) = path {
                check_path(r, src, &field("path"), p);
            }
            Some(Event::Spawn {
                at: at_time,
                enemy: enemy_i?,
                pos: Vec2::new(*x, *y),
                count: *count,
                spacing_s: *spacing_s,
                step: Vec2::new(*dx, *dy),
                path: path.clone(),
                pattern: pattern_i,
                mirror: *mirror,
            })
            .filter(|_| pattern.is_none() || pattern_i.is_some())
        }
        EventDef::Scroll { speed, over_s, .. } => {
            if !finite_in(*speed, 0.0, limits::MAX_SPEED) {
                r.err(
                    src,
                    &field("speed"),
                    format!("scroll speed must be 0 to {}", limits::MAX_SPEED),
                );
            }
            if !finite_in(*over_s, 0.0, 60.0) {
                r.err(src, &field("over_s"), "over_s must be 0 to 60 seconds");
            }
            Some(Event::Scroll {
                at: at_time,
                speed: *speed,
                over_s: *over_s,
            })
        }
        EventDef::Warning {
            text, duration_s, ..
        } => {
            if text.chars().count() > limits::MAX_NAME_LEN {
                r.err(
                    src,
                    &field("text"),
                    format!(
                        "a warning's text must be at most {} characters",
                        limits::MAX_NAME_LEN
                    ),
                );
            }
            if !finite_in(*duration_s, 0.0, 30.0) {
                r.err(
                    src,
                    &field("duration_s"),
                    "a warning's duration_s must be 0 to 30 seconds",
                );
            }
            Some(Event::Warning {
                at: at_time,
                text: text.clone(),
                duration_s: *duration_s,
            })
        }
        EventDef::Boss { enemy, x, y, .. } => {
            let enemy_i = r.enemy_index(enemy, src, &field("enemy"));
            for (f, v) in [("x", x), ("y", y)] {
                if !finite_in(*v, -1000.0, 1000.0) {
                    r.err(
                        src,
                        &field(f),
                        format!("{f} must be within 1000 pixels of the playfield, found {v}"),
                    );
                }
            }
            Some(Event::Boss {
                at: at_time,
                enemy: enemy_i?,
                pos: Vec2::new(*x, *y),
            })
        }
    }
}
