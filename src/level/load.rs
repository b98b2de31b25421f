//! Reading level files and resolving them into a [`Level`].
//!
//! File I/O happens only in [`load_stage`]; everything else works on text, so tests and the
//! fuzzer parse levels without touching the disk.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Component, Path, PathBuf};

use glam::Vec2;

use super::diag::{line_col, locate, unknown, Diagnostic, LevelError};
use super::limits;
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

/// Parses RON text into `T`, turning ron's spanned error into a diagnostic.
pub fn parse<T: serde::de::DeserializeOwned>(src: &Source) -> Result<T, LevelError> {
    if src.text.len() > limits::MAX_FILE_BYTES {
        return Err(LevelError::single(
            &src.name,
            1,
            1,
            format!(
                "file is {} bytes; the limit is {} bytes",
                src.text.len(),
                limits::MAX_FILE_BYTES
            ),
        ));
    }
    ron_options().from_str::<T>(&src.text).map_err(|e| {
        LevelError::single(
            &src.name,
            e.span.start.line,
            e.span.start.col,
            describe_ron_error(&e.code),
        )
    })
}

fn describe_ron_error(code: &ron::Error) -> String {
    let text = code.to_string();
    // ron phrases struct-name mismatches in terms of Rust types; authors know them as file kinds.
    text.replace("StageDef", "Stage")
        .replace("DefsFile", "Defs")
}

/// Reads the stage file at `path` and every definitions file it `uses`, and resolves them.
pub fn load_stage(path: &Path) -> Result<Level, LevelError> {
    let stage_src = read_source(path)?;
    let stage: StageDef = parse(&stage_src)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    for used in &stage.uses {
        let (line, col) = locate(&stage_src.text, &["uses", &format!("\"{used}\"")]);
        match confined_join(&dir, used) {
            Some(p) => match read_source(&p).and_then(|s| parse::<DefsFile>(&s).map(|d| (s, d))) {
                Ok(pair) => defs.push(pair),
                Err(e) => errors.extend(e.diagnostics),
            },
            None => errors.push(Diagnostic {
                file: stage_src.name.clone(),
                line,
                col,
                message: format!(
                    "`uses` path \"{used}\" must be a relative path inside the stage's folder"
                ),
            }),
        }
    }
    if !errors.is_empty() {
        return Err(LevelError {
            diagnostics: errors,
        });
    }
    resolve(&stage_src, stage, &defs)
}

/// Parses and resolves a stage from text alone, with its definitions files given as text.
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

fn read_source(path: &Path) -> Result<Source, LevelError> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| LevelError::single(&name, 1, 1, format!("cannot read: {e}")))?;
    if meta.len() > limits::MAX_FILE_BYTES as u64 {
        return Err(LevelError::single(
            &name,
            1,
            1,
            format!(
                "file is {} bytes; the limit is {} bytes",
                meta.len(),
                limits::MAX_FILE_BYTES
            ),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| LevelError::single(&name, 1, 1, format!("cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, col) = line_col(
            &String::from_utf8_lossy(e.as_bytes()),
            e.utf8_error().valid_up_to(),
        );
        LevelError::single(&name, line, col, "file is not valid UTF-8 text")
    })?;
    Ok(Source { name, text })
}

/// `base/rel` when `rel` is relative and never climbs out of `base`.
fn confined_join(base: &Path, rel: &str) -> Option<PathBuf> {
    let p = Path::new(rel);
    p.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| base.join(p))
}

/// True when `path` is a relative path that stays inside `assets/` (no `..`, not absolute).
pub fn is_confined_asset(path: &str) -> bool {
    !path.is_empty()
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
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

impl<'a> Resolver<'a> {
    fn err(&mut self, src: &Source, needles: &[&str], message: impl Into<String>) {
        let (line, col) = locate(&src.text, needles);
        self.errors.push(Diagnostic {
            file: src.name.clone(),
            line,
            col,
            message: message.into(),
        });
    }

    fn pattern_index(&mut self, name: &str, src: &Source, needles: &[&str]) -> Option<usize> {
        match self.patterns.keys().position(|k| *k == name) {
            Some(i) => Some(i),
            None => {
                let msg = unknown("pattern", name, self.patterns.keys().copied());
                let mut n = needles.to_vec();
                let quoted = format!("\"{name}\"");
                n.push(&quoted);
                self.err(src, &n, msg);
                None
            }
        }
    }

    fn enemy_index(&mut self, name: &str, src: &Source, needles: &[&str]) -> Option<usize> {
        match self.enemies.keys().position(|k| *k == name) {
            Some(i) => Some(i),
            None => {
                let msg = unknown("enemy", name, self.enemies.keys().copied());
                let mut n = needles.to_vec();
                let quoted = format!("\"{name}\"");
                n.push(&quoted);
                self.err(src, &n, msg);
                None
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
    // Definitions files first, then the stage's own, which may override by name.
    let mut hasher = fnv::FnvHasher::default();
    stage_src.text.hash(&mut hasher);
    for (src, file) in defs {
        src.text.hash(&mut hasher);
        for (name, def) in &file.patterns {
            r.patterns.insert(name, Defined { def, src });
        }
        for (name, def) in &file.enemies {
            r.enemies.insert(name, Defined { def, src });
        }
    }
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
            &["events"],
            format!(
                "{} events; the limit is {}",
                stage.events.len(),
                limits::MAX_EVENTS
            ),
        );
    }
    for (i, ev) in stage.events.iter().enumerate() {
        if let Some(e) = resolve_event(&mut r, &stage, i, ev) {
            events.push(e);
        }
    }
    if !r.errors.is_empty() {
        return Err(LevelError {
            diagnostics: r.errors,
        });
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

fn check_stage(r: &mut Resolver, stage: &StageDef) {
    let src = r.stage_src;
    if !finite_in(stage.length_s, 1.0, limits::MAX_STAGE_S) {
        r.err(
            src,
            &["length_s"],
            format!(
                "length_s must be between 1 and {} seconds",
                limits::MAX_STAGE_S
            ),
        );
    }
    if !finite_in(stage.scroll_speed, 0.0, limits::MAX_SPEED) {
        r.err(
            src,
            &["scroll_speed"],
            format!(
                "scroll_speed must be between 0 and {} pixels per second",
                limits::MAX_SPEED
            ),
        );
    }
    for (name, t) in &stage.markers {
        if !finite_in(*t, 0.0, stage.length_s) {
            r.err(
                src,
                &["markers", &format!("\"{name}\"")],
                format!(
                    "marker \"{name}\" at {t} s is outside the stage (0 to {} s)",
                    stage.length_s
                ),
            );
        }
    }
    let bg = &stage.background;
    for path in std::iter::once(&bg.ground).chain(bg.layers.iter().map(|l| &l.image)) {
        if !is_confined_asset(path) {
            r.err(
                src,
                &[&format!("\"{path}\"")],
                format!("image \"{path}\" must be a relative path inside assets/"),
            );
        }
    }
    for l in &bg.layers {
        if !finite_in(l.speed, 0.0, 8.0) || !finite_in(l.alpha, 0.0, 1.0) {
            r.err(
                src,
                &[&format!("\"{}\"", l.image)],
                "a background layer's speed must be 0 to 8 and its alpha 0 to 1",
            );
        }
    }
    if bg.layers.len() > limits::MAX_LAYERS {
        r.err(
            src,
            &["layers"],
            format!(
                "{} background layers; the limit is {}",
                bg.layers.len(),
                limits::MAX_LAYERS
            ),
        );
    }
}

fn check_pattern(r: &mut Resolver, name: &str, src: &Source, p: &PatternDef) {
    let at = format!("\"{name}\"");
    let bad = |r: &mut Resolver, field: &str, msg: String| {
        r.err(src, &[&at, field], format!("pattern \"{name}\": {msg}"))
    };
    if p.count == 0 || p.count > limits::MAX_BULLETS_PER_VOLLEY {
        bad(
            r,
            "count",
            format!("count must be 1 to {}", limits::MAX_BULLETS_PER_VOLLEY),
        );
    }
    if p.volleys == 0 || p.volleys > limits::MAX_VOLLEYS {
        bad(
            r,
            "volleys",
            format!("volleys must be 1 to {}", limits::MAX_VOLLEYS),
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

fn check_path(r: &mut Resolver, src: &Source, needles: &[&str], path: &PathDef) {
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
            needles,
            "path values must be numbers between -10000 and 10000",
        );
    }
    let period = match path {
        PathDef::Sine { period_s, .. } | PathDef::Hover { period_s, .. } => Some(*period_s),
        _ => None,
    };
    if period.is_some_and(|p| p <= 0.0) {
        r.err(src, needles, "period_s must be more than 0");
    }
}

fn part_index(parts: &[Part], name: &str) -> Option<usize> {
    parts.iter().position(|p| p.name == name)
}

fn resolve_enemy(r: &mut Resolver, name: &str, src: &Source, def: &EnemyDef) -> Option<EnemyType> {
    let at = format!("\"{name}\"");
    let before = r.errors.len();
    let mut parts: Vec<Part> = Vec::new();
    if def.parts.is_empty() {
        if !(def.hp > 0.0 && def.hp.is_finite() && def.hp <= limits::MAX_HP) {
            r.err(
                src,
                &[&at, "hp"],
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
                &[&at, "size"],
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
                &[&at, "parts"],
                format!(
                    "enemy \"{name}\" has {} parts; the limit is {}",
                    def.parts.len(),
                    limits::MAX_PARTS
                ),
            );
        }
        for p in &def.parts {
            let pn = format!("\"{}\"", p.name);
            if !(p.hp > 0.0 && p.hp.is_finite() && p.hp <= limits::MAX_HP) {
                r.err(src, &[&at, &pn, "hp"], format!("part \"{}\" of \"{name}\": hp must be more than 0 and at most {}, found {}", p.name, limits::MAX_HP, p.hp));
            }
            if !(finite_in(p.size.0, 1.0, 320.0) && finite_in(p.size.1, 1.0, 320.0)) {
                r.err(
                    src,
                    &[&at, &pn, "size"],
                    format!(
                        "part \"{}\" of \"{name}\": size must be 1 to 320 pixels on each side",
                        p.name
                    ),
                );
            }
            if !(finite_in(p.offset.0, -320.0, 320.0) && finite_in(p.offset.1, -320.0, 320.0)) {
                r.err(
                    src,
                    &[&at, &pn, "offset"],
                    format!(
                        "part \"{}\" of \"{name}\": offset must be within 320 pixels",
                        p.name
                    ),
                );
            }
            if part_index(&parts, &p.name).is_some() {
                r.err(
                    src,
                    &[&at, &pn, &pn],
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
            for g in &p.guarded_by {
                match part_index(&parts, g) {
                    Some(gi) if gi != i => parts[i].guarded_by.push(gi),
                    Some(_) => r.err(
                        src,
                        &[&at, &format!("\"{g}\"")],
                        format!("part \"{g}\" of \"{name}\" cannot guard itself"),
                    ),
                    None => {
                        let msg = unknown("part", g, parts.iter().map(|p| p.name.as_str()));
                        r.err(
                            src,
                            &[&at, "guarded_by", &format!("\"{g}\"")],
                            format!("enemy \"{name}\": {msg}"),
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
                &[&at, "core"],
                format!("enemy \"{name}\": core names {msg}"),
            );
            0
        }),
    };
    if def.score > limits::MAX_SCORE || def.bonus > limits::MAX_SCORE {
        r.err(
            src,
            &[&at, "score"],
            format!(
                "enemy \"{name}\": score and bonus must be at most {}",
                limits::MAX_SCORE
            ),
        );
    }
    check_path(r, src, &[&at, "path"], &def.path);
    let weapons = resolve_weapons(r, name, src, &parts, &def.weapons, &[&at, "weapons"]);
    let mut phases = Vec::new();
    for (pi, ph) in def.phases.iter().enumerate() {
        let mut after = Vec::new();
        for a in &ph.after {
            match part_index(&parts, a) {
                Some(i) => after.push(i),
                None => {
                    let msg = unknown("part", a, parts.iter().map(|p| p.name.as_str()));
                    r.err(
                        src,
                        &[&at, "phases", "after", &format!("\"{a}\"")],
                        format!("enemy \"{name}\", phase {}: {msg}", pi + 1),
                    );
                }
            }
        }
        if !finite_in(ph.below_hp, 0.0, 1.0) {
            r.err(
                src,
                &[&at, "phases", "below_hp"],
                format!(
                    "enemy \"{name}\", phase {}: below_hp must be 0 to 1",
                    pi + 1
                ),
            );
        }
        if let Some(p) = &ph.path {
            check_path(r, src, &[&at, "phases", "path"], p);
        }
        let weapons = resolve_weapons(
            r,
            name,
            src,
            &parts,
            &ph.weapons,
            &[&at, "phases", "weapons"],
        );
        phases.push(Phase {
            after,
            below_hp: ph.below_hp,
            weapons,
            path: ph.path.clone(),
        });
    }
    if phases.len() > limits::MAX_PHASES {
        r.err(
            src,
            &[&at, "phases"],
            format!(
                "enemy \"{name}\" has {} phases; the limit is {}",
                phases.len(),
                limits::MAX_PHASES
            ),
        );
    }
    let reveals = def.reveals.as_deref().and_then(|rv| {
        if rv == name {
            r.err(
                src,
                &[&at, "reveals"],
                format!("enemy \"{name}\" cannot reveal itself"),
            );
            return None;
        }
        r.enemy_index(rv, src, &[&at, "reveals"])
    });
    for s in [Some(&def.sprite), def.wreck.as_ref()]
        .into_iter()
        .flatten()
    {
        if s.is_empty() || s.len() > 64 {
            r.err(
                src,
                &[&at, "sprite"],
                format!("enemy \"{name}\": sprite names must be 1 to 64 characters"),
            );
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

fn resolve_weapons(
    r: &mut Resolver,
    enemy: &str,
    src: &Source,
    parts: &[Part],
    defs: &[WeaponDef],
    needles: &[&str],
) -> Vec<Weapon> {
    if defs.len() > limits::MAX_WEAPONS {
        r.err(
            src,
            needles,
            format!(
                "enemy \"{enemy}\" has {} weapons in one list; the limit is {}",
                defs.len(),
                limits::MAX_WEAPONS
            ),
        );
    }
    let mut out = Vec::new();
    for w in defs {
        let pattern = r.pattern_index(&w.pattern, src, needles);
        let from = w.from.as_deref().and_then(|f| {
            part_index(parts, f).or_else(|| {
                let msg = unknown("part", f, parts.iter().map(|p| p.name.as_str()));
                let mut n = needles.to_vec();
                let q = format!("\"{f}\"");
                n.push(&q);
                r.err(
                    src,
                    &n,
                    format!("enemy \"{enemy}\": weapon `from` names {msg}"),
                );
                None
            })
        });
        if !finite_in(w.delay_s, 0.0, 600.0) || !finite_in(w.interval_s, 0.05, 600.0) {
            r.err(src, needles, format!("enemy \"{enemy}\": a weapon's delay_s must be 0 to 600 and interval_s 0.05 to 600 seconds"));
        }
        if w.turn_deg_s.is_some_and(|t| !finite_in(t, 0.0, 3600.0)) {
            r.err(
                src,
                needles,
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
    let at = ev.at();
    // Point at the i-th event: the variant names are what an author sees at its start.
    let needle = event_needle(&src.text, i);
    let here: Vec<&str> = needle.iter().map(String::as_str).collect();
    if !finite_in(at, 0.0, stage.length_s) {
        r.err(
            src,
            &here,
            format!(
                "event {} at {at} s is past the stage's end ({} s)",
                i + 1,
                stage.length_s
            ),
        );
        if !at.is_finite() {
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
            let enemy_i = r.enemy_index(enemy, src, &here);
            let pattern_i = pattern
                .as_deref()
                .and_then(|p| r.pattern_index(p, src, &here));
            if *count == 0 || *count > limits::MAX_SPAWN_COUNT {
                r.err(
                    src,
                    &here,
                    format!("spawn count must be 1 to {}", limits::MAX_SPAWN_COUNT),
                );
            }
            if ![*x, *y, *dx, *dy]
                .iter()
                .all(|v| finite_in(*v, -1000.0, 1000.0))
                || !finite_in(*spacing_s, 0.0, 60.0)
            {
                r.err(
                    src,
                    &here,
                    "spawn position must be within 1000 pixels and spacing_s 0 to 60 seconds",
                );
            }
            if let Some(p) = path {
                check_path(r, src, &here, p);
            }
            Some(Event::Spawn {
                at,
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
            if !finite_in(*speed, 0.0, limits::MAX_SPEED) || !finite_in(*over_s, 0.0, 60.0) {
                r.err(
                    src,
                    &here,
                    format!(
                        "scroll speed must be 0 to {} and over_s 0 to 60",
                        limits::MAX_SPEED
                    ),
                );
            }
            Some(Event::Scroll {
                at,
                speed: *speed,
                over_s: *over_s,
            })
        }
        EventDef::Warning {
            text, duration_s, ..
        } => {
            if text.len() > 64 || !finite_in(*duration_s, 0.0, 30.0) {
                r.err(
                    src,
                    &here,
                    "a warning's text must be at most 64 characters and duration_s 0 to 30",
                );
            }
            Some(Event::Warning {
                at,
                text: text.clone(),
                duration_s: *duration_s,
            })
        }
        EventDef::Boss { enemy, x, y, .. } => {
            let enemy_i = r.enemy_index(enemy, src, &here);
            if ![*x, *y].iter().all(|v| finite_in(*v, -1000.0, 1000.0)) {
                r.err(src, &here, "boss position must be within 1000 pixels");
            }
            Some(Event::Boss {
                at,
                enemy: enemy_i?,
                pos: Vec2::new(*x, *y),
            })
        }
    }
}

/// Needles leading to the `i`-th entry of the `events` list: the list, then each entry's
/// variant name in turn.
fn event_needle(text: &str, i: usize) -> Vec<String> {
    let Some(start) = text.find("events") else {
        return vec![];
    };
    let mut needles = vec!["events".to_string()];
    let mut pos = start;
    let mut found = 0;
    let variants = ["Spawn(", "Scroll(", "Warning(", "Boss("];
    while found <= i {
        let next = variants
            .iter()
            .filter_map(|v| text[pos..].find(v).map(|o| (o, *v)))
            .min_by_key(|(o, _)| *o);
        match next {
            Some((o, v)) => {
                needles.push(v.to_string());
                pos += o + v.len();
                found += 1;
            }
            None => break,
        }
    }
    needles
}
