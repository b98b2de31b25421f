//! A stage's `uses` list: reading the shared definitions files it names, only from inside the
//! stage's folder, and the rule that keeps every path in a level file confined.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use super::diag::{did_you_mean, suggest, Diagnostic, LevelError, Message};
use super::limits;
use super::locate::{span_of, Seg};
use super::parse::parse;
use super::read::read_source;
use super::schema::{DefsFile, StageDef};
use super::source::Source;

/// The prefix of a `uses` entry that names a file of the game's own `levels/` folder, from a
/// stage kept anywhere: `uses: ["game:common.ron"]`.
pub const GAME_PREFIX: &str = "game:";

/// The folder a `uses` entry is read from and its path inside it: the game's own `levels/`
/// for a [`GAME_PREFIX`]ed entry, else `dir`, the stage's folder.
pub(super) fn uses_base<'u>(dir: &Path, used: &'u str) -> (PathBuf, &'u str) {
    match used.strip_prefix(GAME_PREFIX) {
        Some(rest) => (crate::platform::data::find_game_data("levels"), rest),
        None => (dir.to_path_buf(), used),
    }
}

/// Reads and parses every definitions file `stage` uses, in `uses` order, from `dir` (the
/// stage file's folder), or from the game's `levels/` for a `game:` entry. Errors in the list and in every used file are reported together,
/// each at its `uses` entry in `stage_src` unless it lies inside the used file.
pub(super) fn read_uses(
    stage_src: &Source,
    stage: &StageDef,
    dir: &Path,
) -> Result<Vec<(Source, DefsFile)>, LevelError> {
    let mut defs = Vec::new();
    let mut errors = Vec::new();
    let at = |k: usize, message: Message| {
        let span = span_of(&stage_src.text, &[Seg::Field("uses"), Seg::Index(k)]);
        Diagnostic::in_source(stage_src, span, message)
    };
    let to_read = uses_to_read(stage, |k, msg| errors.push(at(k, msg.into())));
    for (k, used) in to_read {
        let (base, rel) = uses_base(dir, used);
        let p = match confined_join(&base, rel) {
            Ok(p) => p,
            Err(why) => {
                errors.push(at(k, why.message(used).into()));
                continue;
            }
        };
        match read_source(&p) {
            Ok(s) => match parse::<DefsFile>(&s) {
                Ok(d) => defs.push((s, d)),
                Err(e) => errors.extend(e.diagnostics),
            },
            Err(e) => match std::fs::metadata(&p) {
                Ok(meta) if !meta.is_file() => errors.push(at(
                    k,
                    format!(
                        "`uses` file \"{used}\" is {}, not a regular file; expected a \
                         definitions file, `Defs(...)`",
                        describe_kind(&meta.file_type())
                    )
                    .into(),
                )),
                Ok(_) => errors.extend(e.diagnostics),
                Err(_) => {
                    let hint = suggest_file(&base, rel);
                    let text = missing_file_message(used, &base, rel);
                    errors.push(at(k, did_you_mean(text, hint.as_deref())));
                }
            },
        }
    }
    if !errors.is_empty() {
        return Err(LevelError {
            diagnostics: errors,
        });
    }
    Ok(defs)
}

/// Why a `uses` file was not found: the folder searched, and how to fix it.
fn missing_file_message(used: &str, base: &Path, rel: &str) -> String {
    let searched = base_dir(base).display();
    let game = crate::platform::data::find_game_data("levels");
    let fix = if used.starts_with(GAME_PREFIX) {
        format!(
            "the game's shipped definitions files are the .ron files of {}; check the name",
            game.display()
        )
    } else if game.join(rel).is_file() {
        format!(
            "the game ships a \"{rel}\": write \"{GAME_PREFIX}{rel}\" to use it from any folder, \
             or copy it beside the stage"
        )
    } else {
        format!(
            "put the file beside the stage, or write \"{GAME_PREFIX}NAME.ron\" for one of the \
             game's own (in {})",
            game.display()
        )
    };
    format!("cannot find `uses` file \"{used}\": searched {searched}; {fix}")
}

/// What a path that is not a regular file is, in words.
fn describe_kind(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
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

/// Why a `uses` path is refused before it is read.
#[derive(Debug, PartialEq, Eq)]
enum Escape {
    /// Absolute, or with `..`, `.`, a backslash or a colon.
    NotPlain,
    /// A symbolic link (the file or a folder on the way) leading out, to this place.
    Link(PathBuf),
}

impl Escape {
    fn message(&self, used: &str) -> String {
        match self {
            Escape::NotPlain => format!(
                "`uses` path \"{used}\" must be a relative path inside the stage's folder \
                 (no `..`, not absolute), or \"{GAME_PREFIX}\" and a file of the game's own \
                 levels/ folder"
            ),
            Escape::Link(to) => format!(
                "`uses` file \"{used}\" is a symbolic link leading out of the stage's folder, \
                 to {}; expected a file inside the folder (copy it in)",
                to.display()
            ),
        }
    }
}

/// `base/rel` when `rel` is relative, never climbs out of `base`, and (when both exist) does
/// not leave `base` through a symbolic link either.
fn confined_join(base: &Path, rel: &str) -> Result<PathBuf, Escape> {
    if !is_plain_relative(rel) {
        return Err(Escape::NotPlain);
    }
    let joined = base.join(rel);
    match (joined.canonicalize(), base_dir(base).canonicalize()) {
        (Ok(p), Ok(b)) if !p.starts_with(&b) => Err(Escape::Link(p)),
        // A missing file is reported when it is read.
        _ => Ok(joined),
    }
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
