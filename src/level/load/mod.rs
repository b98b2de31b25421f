//! Loading a level: the entry points that read, parse and link a stage into a [`Level`]
//! (this file), the files a stage `uses` ([`uses`]: read only from inside its folder), which
//! files of a folder are the game's stages ([`stage_files`]), `skysweep check` on one file
//! ([`check`]) and hot reload while editing ([`watch`]).
//!
//! File I/O happens only in [`load_stage`], [`read_source`], the `uses` files, the stage list
//! and the watcher; everything else works on text, so tests and the fuzzer parse levels without
//! touching the disk. The steps themselves live beside this folder: reading and parsing text
//! (`text/`) and linking names to indices (`link/`).
//!
//! Rules: this folder drives the other steps, and is the only caller of `link`.

pub mod check;
pub mod stage_files;
mod uses;
pub mod watch;

use std::collections::BTreeMap;
use std::path::Path;

use crate::level::assets::Catalog;
use crate::level::limits;
use crate::level::link::{link, link_linted};
use crate::level::resolved::Level;
use crate::level::schema::{DefsFile, StageDef};
use crate::level::text::diag::{Diagnostic, LevelError};
use uses::read_uses;

pub use crate::level::text::parse::parse;
pub use crate::level::text::read::read_source;
pub use crate::level::text::source::Source;

/// Reads the stage file at `path` and every definitions file it `uses`, and resolves them,
/// checking every sprite, image and music cue they name against `catalog`.
///
/// Errors in the stage and in every used file are reported together where each file parses.
pub fn load_stage(path: &Path, catalog: &Catalog) -> Result<Level, LevelError> {
    load_stage_linted(path, catalog).map(|(level, _)| level)
}

/// [`load_stage`], with the warnings `check` prints (see levels/README.md, "Warnings"): the
/// stage loads and plays as written, but probably not as meant.
pub fn load_stage_linted(
    path: &Path,
    catalog: &Catalog,
) -> Result<(Level, Vec<Diagnostic>), LevelError> {
    let stage_src = read_source(path)?;
    let stage: StageDef = parse(&stage_src)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let defs = read_uses(&stage_src, &stage, &dir)?;
    link_linted(&stage_src, stage, &defs, catalog)
}

/// Parses and resolves a stage from text alone, with its definitions files given as text
/// (in `uses` order; the stage's own `uses` list is not consulted), checking the assets it
/// names against `catalog`.
pub fn parse_stage(
    stage_src: &Source,
    defs: &[Source],
    catalog: &Catalog,
) -> Result<Level, LevelError> {
    parse_stage_linted(stage_src, defs, catalog).map(|(level, _)| level)
}

/// [`parse_stage`], with the warnings `check` prints.
pub fn parse_stage_linted(
    stage_src: &Source,
    defs: &[Source],
    catalog: &Catalog,
) -> Result<(Level, Vec<Diagnostic>), LevelError> {
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
    link_linted(stage_src, stage, &parsed, catalog)
}

/// Checks a definitions file on its own, as if a stage used it and nothing else.
pub fn link_defs_only(src: &Source, defs: &DefsFile, catalog: &Catalog) -> Result<(), LevelError> {
    let stage = StageDef {
        name: String::new(),
        uses: Vec::new(),
        length_s: 60.0,
        scroll_speed: 0.0,
        max_bullets: limits::DEFAULT_ENEMY_BULLETS as u32,
        // The stage is made up: only the definitions' own assets are checked.
        background: Default::default(),
        music: String::new(),
        boss_music: String::new(),
        markers: BTreeMap::new(),
        events: Vec::new(),
        waves: BTreeMap::new(),
        patterns: BTreeMap::new(),
        enemies: BTreeMap::new(),
        loop2: None,
    };
    let empty = Source::new(src.name.clone(), "");
    // A made-up stage's default ground is not the file's to answer for.
    let catalog = catalog
        .clone()
        .also_accepting_image(&crate::level::schema::BackgroundDef::default().ground);
    link(&empty, stage, &[(src.clone(), defs.clone())], &catalog).map(|_| ())
}
