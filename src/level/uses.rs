//! A stage's `uses` list: reading the shared definitions files it names, only from inside the
//! stage's folder, and the rule that keeps every path in a level file confined.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use super::diag::{line_col, suggest, Diagnostic, LevelError};
use super::limits;
use super::locate::{offset_of, Seg};
use super::parse::parse;
use super::schema::{DefsFile, StageDef};
use super::source::{read_source, Source};

/// Reads and parses every definitions file `stage` uses, in `uses` order, from `dir` (the
/// stage file's folder). Errors in the list and in every used file are reported together,
/// each at its `uses` entry in `stage_src` unless it lies inside the used file.
pub(super) fn read_uses(
    stage_src: &Source,
    stage: &StageDef,
    dir: &Path,
) -> Result<Vec<(Source, DefsFile)>, LevelError> {
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    let here = |k: usize| {
        let (line, col) = line_col(
            &stage_src.text,
            offset_of(&stage_src.text, &[Seg::Field("uses"), Seg::Index(k)]),
        );
        (stage_src.name.clone(), line, col)
    };
    for (k, used) in uses_to_read(stage, |k, msg| {
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
        match confined_join(dir, used) {
            Some(p) => match read_source(&p) {
                Ok(s) => match parse::<DefsFile>(&s) {
                    Ok(d) => defs.push((s, d)),
                    Err(e) => errors.extend(e.diagnostics),
                },
                Err(e) if !p.is_file() => {
                    // Only a name that is not there at all can be a typo.
                    let hint = match p.symlink_metadata() {
                        Err(_) => suggest_file(dir, used)
                            .map_or(String::new(), |s| format!(" (did you mean \"{s}\"?)")),
                        Ok(_) => String::new(),
                    };
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
    Ok(defs)
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
