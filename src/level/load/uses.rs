//! A stage's `uses` list: reading the shared definitions files it names, only from inside the
//! stage's folder (by the rule in `level::confined`), or the game's own `levels/` folder.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::level::confined::is_plain_relative;
use crate::level::limits;
use crate::level::schema::{DefsFile, StageDef};
use crate::level::text::diag::{did_you_mean, suggest, Diagnostic, LevelError, Message};
use crate::level::text::locate::{span_of, Seg};
use crate::level::text::parse::parse;
use crate::level::text::read::read_source;
use crate::level::text::source::Source;

/// The prefix of a `uses` entry that names a file of the game's own `levels/` folder, from a
/// stage kept anywhere: `uses: ["game:common.ron"]`.
pub const GAME_PREFIX: &str = "game:";

/// The folder a `uses` entry is read from and its path inside it: the game's own `levels/`
/// for a [`GAME_PREFIX`]ed entry; else `dir`, the stage's folder, when anything of that name
/// is there; else the game's own file of that name, when it ships one. So a shipped stage
/// (`uses: ["common.ron"]`) copied into any folder still loads, and a file beside the stage
/// always wins over the game's.
pub(super) fn uses_base<'u>(dir: &Path, used: &'u str) -> (PathBuf, &'u str) {
    let game = || crate::platform::data::find_game_data("levels");
    match used.strip_prefix(GAME_PREFIX) {
        Some(rest) => (game(), rest),
        None if is_plain_relative(used)
            && base_dir(dir).join(used).symlink_metadata().is_err()
            && game().join(used).is_file() =>
        {
            (game(), used)
        }
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
                    let hint = suggest_file(&base, used);
                    let text = missing_file_message(used, &base);
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

/// Why a `uses` file was not found: the folders searched, and how to fix it.
fn missing_file_message(used: &str, base: &Path) -> String {
    let searched = base_dir(base).display();
    let game = crate::platform::data::find_game_data("levels");
    if used.starts_with(GAME_PREFIX) {
        format!(
            "cannot find `uses` file \"{used}\": searched {searched}; the game's shipped \
             definitions files are the .ron files of {}; check the name",
            game.display()
        )
    } else {
        format!(
            "cannot find `uses` file \"{used}\": searched {searched}, then the game's own files \
             in {}; put the file beside the stage",
            game.display()
        )
    }
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

/// The name closest to a mistyped `used`, written as the author would write it: for a
/// [`GAME_PREFIX`]ed entry one of the game's `.ron` files, prefix kept; for a plain one a
/// `.ron` file in `dir`, the stage's folder, or one of the game's (a plain name finds those
/// too, see [`uses_base`]).
fn suggest_file(dir: &Path, used: &str) -> Option<String> {
    let game = crate::platform::data::find_game_data("levels");
    let (prefix, rel, folders) = match used.strip_prefix(GAME_PREFIX) {
        Some(rest) => (GAME_PREFIX, rest, vec![game]),
        None => ("", used, vec![base_dir(dir).to_path_buf(), game]),
    };
    let names: Vec<String> = folders
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flat_map(|read| read.filter_map(|e| e.ok()?.file_name().into_string().ok()))
        .filter(|n| n.ends_with(".ron"))
        .take(1_000)
        .collect();
    suggest(rel, names.iter().map(String::as_str)).map(|n| format!("{prefix}{n}"))
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
