//! Saving and loading the player's files safely: atomic writes, and a damaged file kept aside
//! instead of crashing the game or being silently overwritten.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::platform::atomic::write_atomic;

/// Largest settings or score file read, bytes; anything bigger is treated as damaged.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Serialises `value` as pretty RON with a comment header and writes it atomically.
pub fn save_ron<T: Serialize>(path: &Path, header: &str, value: &T) -> std::io::Result<()> {
    let body = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(std::io::Error::other)?;
    write_atomic(path, format!("// {header}\n{body}\n").as_bytes())
}

/// One of the player's own files in the data folder (the scores, the practice record, the
/// player data): read whole or, when damaged, kept aside and started afresh with one warning;
/// trimmed to its limits after every load, since it may be a stranger's; written atomically.
pub trait SaveFile: Serialize + DeserializeOwned + Default {
    /// The file's name in the data folder.
    const FILE: &'static str;
    /// What the file is, written as its first line (a comment).
    const HEADER: &'static str;

    /// Trims what a loaded file holds to the limits the game keeps.
    fn normalise(&mut self);

    /// Where the file lives; `None` when there is no data folder.
    fn path() -> Option<PathBuf> {
        crate::platform::data::folder("data").map(|d| d.join(Self::FILE))
    }

    /// Loads the file at `path`, normalised; a damaged file is kept aside with one warning.
    fn load_from(path: &Path) -> (Self, Option<String>) {
        let loaded = load_ron_or_default::<Self>(path);
        let mut value = loaded.value;
        value.normalise();
        (value, loaded.warning)
    }

    /// Writes the file at `path` atomically; the error names the path.
    fn save_to(&self, path: &Path) -> Result<(), String> {
        save_ron(path, Self::HEADER, self).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// What loading a player's file found.
#[derive(Debug)]
pub struct Loaded<T> {
    pub value: T,
    /// One line for the player when the file was damaged and set aside (or unreadable).
    pub warning: Option<String>,
    /// Where the damaged file was kept, if it was.
    pub kept_aside: Option<PathBuf>,
    /// The text `value` was parsed from (empty when it is the default), for callers that point
    /// at positions in it; the file is read once, so this is what was parsed.
    pub text: String,
}

/// What the bytes of a player's file hold, before anything is done about it.
#[derive(Debug, PartialEq)]
pub enum Parsed<T> {
    /// A value, and the text it was read from.
    Value(T, String),
    /// Nothing but whitespace and comments: the default, quietly.
    Empty,
    /// Damaged: why, as a short phrase ("line 3, column 7: ...").
    Damaged(String),
}

/// Parses the bytes of a player's file: no I/O, so fuzzing and tests reach every outcome.
/// Never panics, whatever the bytes.
pub fn parse_saved<T: DeserializeOwned>(bytes: Vec<u8>) -> Parsed<T> {
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(_) => return Parsed::Damaged("not UTF-8 text".to_string()),
    };
    if holds_no_value(&text) {
        return Parsed::Empty;
    }
    match ron::from_str::<T>(&text) {
        Ok(value) => Parsed::Value(value, text),
        Err(e) => {
            let (line, col) = crate::level::text::diag::ron_error_at(&text, &e);
            Parsed::Damaged(format!("line {line}, column {col}: {}", e.code))
        }
    }
}

/// Loads RON from `path`. A missing file, or one holding no value at all (empty, or only
/// whitespace and comments, as `touch` or clearing the file leaves it), gives the default
/// quietly and stays where it is. A damaged one is renamed to `NAME.damaged-N` (never deleted)
/// and the default is used, with one warning naming the problem's line and column.
///
/// The file is read with [`read_bounded`](crate::platform::fileio::read_bounded): the call never blocks
/// and never reads more than [`MAX_FILE_BYTES`] and one byte. Something that is not a regular
/// file (a FIFO, a device, a folder) gives the default with a warning and is left where it is;
/// a file over the limit is damaged.
pub fn load_ron_or_default<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    use crate::platform::fileio::{read_bounded, ReadError};
    let fresh = |warning: Option<String>, kept_aside: Option<PathBuf>| Loaded {
        value: T::default(),
        warning,
        kept_aside,
        text: String::new(),
    };
    let problem = match read_bounded(path, MAX_FILE_BYTES) {
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return fresh(None, None)
        }
        Err(ReadError::TooBig { len, .. }) => {
            format!("{len} bytes is more than the {MAX_FILE_BYTES}-byte limit")
        }
        Err(e) => {
            return fresh(
                Some(format!(
                    "{}: cannot read ({e}); using defaults",
                    path.display()
                )),
                None,
            )
        }
        Ok(bytes) => match parse_saved::<T>(bytes) {
            Parsed::Value(value, text) => {
                return Loaded {
                    value,
                    warning: None,
                    kept_aside: None,
                    text,
                }
            }
            Parsed::Empty => return fresh(None, None),
            Parsed::Damaged(why) => why,
        },
    };
    let aside = keep_aside(path);
    let where_ = aside
        .as_ref()
        .map_or("could not be moved".to_string(), |p| {
            format!("kept as {}", p.display())
        });
    fresh(
        Some(format!(
            "{} is damaged ({problem}); {where_}; starting fresh",
            path.display()
        )),
        aside,
    )
}

/// True when `text` is nothing but whitespace and RON comments (`// ...` to the end of a line,
/// `/* ... */` nested). An unclosed block comment is a damaged file, not an empty one.
fn holds_no_value(text: &str) -> bool {
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            match skip_block_comment(after) {
                Some(r) => rest = r,
                None => return false,
            }
        } else {
            return false;
        }
        rest = rest.trim_start();
    }
    true
}

/// What follows the `*/` closing a block comment whose `/*` came just before `text`, nested
/// comments included; `None` if it never closes.
fn skip_block_comment(text: &str) -> Option<&str> {
    let mut depth = 1usize;
    let mut rest = text;
    while depth > 0 {
        let open = rest.find("/*");
        let close = rest.find("*/")?;
        match open {
            Some(o) if o < close => {
                depth += 1;
                rest = &rest[o + 2..];
            }
            _ => {
                depth -= 1;
                rest = &rest[close + 2..];
            }
        }
    }
    Some(rest)
}

/// Renames a damaged file to the first free `NAME.damaged-N`.
fn keep_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    (1..1000)
        .map(|n| path.with_file_name(format!("{name}.damaged-{n}")))
        .find(|p| !p.exists())
        .and_then(|p| std::fs::rename(path, &p).ok().map(|_| p))
}

#[cfg(test)]
mod tests {
    use tempfile::TempDir;

    use super::*;
    use crate::platform::atomic::check_writable;
    use crate::testkit::files::{load_each_hostile, names_in};

    /// A fresh folder, and where the test's file goes in it.
    fn thing_file() -> (TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("thing.ron");
        (tmp, p)
    }

    #[derive(Debug, Default, PartialEq, Serialize, serde::Deserialize)]
    struct Thing {
        n: u32,
    }

    #[test]
    fn round_trip_and_no_temp_files_left() {
        let (tmp, p) = thing_file();
        let d = tmp.path();
        save_ron(&p, "test", &Thing { n: 7 }).unwrap();
        let back: Loaded<Thing> = load_ron_or_default(&p);
        assert_eq!(back.value, Thing { n: 7 });
        assert!(back.warning.is_none());
        let names: Vec<_> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_damaged_file_is_kept_aside_and_defaults_used() {
        let (_tmp, p) = thing_file();
        std::fs::write(&p, "(n: \"seven\")").unwrap();
        let loaded: Loaded<Thing> = load_ron_or_default(&p);
        assert_eq!(loaded.value, Thing::default());
        let w = loaded.warning.unwrap();
        assert!(w.contains("line 1, column"), "{w}");
        let aside = loaded.kept_aside.unwrap();
        assert_eq!(
            std::fs::read_to_string(&aside).unwrap(),
            "(n: \"seven\")",
            "the damaged file is kept, not lost"
        );
        assert!(!p.exists());
        // A second damaged file does not overwrite the first one kept aside.
        std::fs::write(&p, "garbage").unwrap();
        let again: Loaded<Thing> = load_ron_or_default(&p);
        assert_ne!(again.kept_aside.unwrap(), aside);
    }

    #[test]
    fn a_file_holding_no_value_is_quietly_the_default_and_stays_put() {
        let (tmp, p) = thing_file();
        let d = tmp.path();
        for text in [
            "",
            "   ",
            "\n\n",
            " \t\r\n  \n",
            "// settings cleared\n",
            "// header\n\n  /* a /* nested */ note */\n// last line, no newline",
        ] {
            std::fs::write(&p, text).unwrap();
            let loaded: Loaded<Thing> = load_ron_or_default(&p);
            assert_eq!(loaded.value, Thing::default(), "{text:?}");
            assert!(loaded.warning.is_none(), "{text:?}: {:?}", loaded.warning);
            assert!(loaded.kept_aside.is_none(), "{text:?}");
            assert_eq!(std::fs::read_to_string(&p).unwrap(), text, "left as it was");
            assert_eq!(names_in(d), ["thing.ron"], "{text:?}: nothing set aside");
        }
    }

    #[test]
    fn comments_around_a_damaged_value_do_not_make_it_empty() {
        for text in [
            "// header\n/* never closed\n",
            "/* outer /* inner */ still open\n",
            "// header\n(n: 3",
            "  ,",
        ] {
            let (_tmp, p) = thing_file();
            std::fs::write(&p, text).unwrap();
            let loaded: Loaded<Thing> = load_ron_or_default(&p);
            let w = loaded.warning.expect(text);
            assert!(w.contains("thing.ron") && w.contains("line "), "{w}");
            assert!(loaded.kept_aside.is_some(), "{text:?} is kept aside");
            assert!(!p.exists());
        }
    }

    #[test]
    fn a_value_after_comments_is_read() {
        let (_tmp, p) = thing_file();
        std::fs::write(&p, "// header\n/* note */\n(n: 4) // trailing\n").unwrap();
        let loaded: Loaded<Thing> = load_ron_or_default(&p);
        assert_eq!(loaded.value, Thing { n: 4 });
        assert!(loaded.warning.is_none());
    }

    /// A FIFO or a link to /dev/zero saved as the scores once hung the game or filled its
    /// memory. Each of the player's files now loads fresh, at once, with a warning.
    #[test]
    fn no_save_file_that_is_not_a_file_hangs_or_is_trusted() {
        use crate::save::{player_data::PlayerData, practice::PracticeRecord, scores::ScoreTable};
        use crate::testkit::files::assert_hostile_loads_fresh;
        let tmp = tempfile::tempdir().unwrap();
        assert_hostile_loads_fresh::<ScoreTable>(tmp.path());
        assert_hostile_loads_fresh::<PracticeRecord>(tmp.path());
        assert_hostile_loads_fresh::<PlayerData>(tmp.path());
    }

    #[test]
    fn what_is_not_a_file_gives_the_default_at_once_and_stays_put() {
        let tmp = tempfile::tempdir().unwrap();
        for (what, p, loaded) in
            load_each_hostile(tmp.path(), "thing.ron", load_ron_or_default::<Thing>)
        {
            assert_eq!(loaded.value, Thing::default(), "{what}");
            let w = loaded
                .warning
                .unwrap_or_else(|| panic!("{what}: no warning"));
            assert_eq!(
                w,
                format!("{}: cannot read (not a file); using defaults", p.display()),
                "{what}"
            );
            assert!(
                loaded.kept_aside.is_none(),
                "{what}: not damaged, so not moved"
            );
            assert!(p.symlink_metadata().is_ok(), "{what}: left where it was");
        }
    }

    #[test]
    fn the_text_parsed_is_handed_back_and_bytes_parse_without_io() {
        let (_tmp, p) = thing_file();
        std::fs::write(&p, "// header\n(n: 4)\n").unwrap();
        let loaded: Loaded<Thing> = load_ron_or_default(&p);
        assert_eq!(loaded.text, "// header\n(n: 4)\n");
        assert_eq!(
            parse_saved::<Thing>(b"(n: 5)".to_vec()),
            Parsed::Value(Thing { n: 5 }, "(n: 5)".into())
        );
        assert_eq!(parse_saved::<Thing>(b" // x".to_vec()), Parsed::Empty);
        assert_eq!(
            parse_saved::<Thing>(vec![0xff, b'(']),
            Parsed::Damaged("not UTF-8 text".into())
        );
    }

    #[test]
    fn a_missing_file_is_quietly_the_default() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let loaded: Loaded<Thing> = load_ron_or_default(&d.join("nope.ron"));
        assert!(loaded.warning.is_none());
        assert_eq!(loaded.value, Thing::default());
    }

    #[test]
    fn a_parent_that_is_a_file_is_named_in_the_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("notes.txt");
        std::fs::write(&file, "x").unwrap();
        let target = file.join("deeper/run.ron");
        for err in [
            write_atomic(&target, b"data").unwrap_err(),
            check_writable(&target).unwrap_err(),
        ] {
            assert_eq!(
                err.to_string(),
                format!("{} is a file, so it cannot hold a folder", file.display())
            );
        }
    }

    #[test]
    fn checking_a_path_leaves_nothing_behind_and_refuses_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("new/run.ron");
        check_writable(&target).unwrap();
        assert!(!target.exists());
        let left: Vec<_> = std::fs::read_dir(dir.path().join("new")).unwrap().collect();
        assert!(left.is_empty(), "the probe was removed");
        let err = check_writable(dir.path()).unwrap_err();
        assert_eq!(err.to_string(), "it is a folder");
    }
}
