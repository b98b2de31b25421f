//! A file keyed by music cue (`music/NAME.ogg` is cue `NAME`): the music's titles and its loop
//! regions. Reading one and checking it against the music that is there is the same for both;
//! each says in a [`CueTable`] what it holds and how its text parses.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::level::text::diag::{Diagnostic, LevelError};
use crate::level::Source;
use crate::platform::fileio::read_bounded;

/// One file keyed by music cue: what it holds, in the words of its messages, and how it
/// parses into entries of type `V`.
pub struct CueTable<V: 'static> {
    /// The whole file's contents: `music titles`.
    pub what: &'static str,
    /// One entry: `title`.
    pub entry: &'static str,
    /// What a track without an entry does: `it shows as its cue name`.
    pub one_falls_back: &'static str,
    /// What every track does when there is no file: `every track shows its cue name`.
    pub all_fall_back: &'static str,
    /// Largest file read, in bytes.
    pub max_bytes: u64,
    /// The entries read from the text of a file called `name`, or where it is broken.
    pub parse: Parse<V>,
}

/// Reads the entries of a file keyed by music cue from its name and text.
pub type Parse<V> = fn(name: &str, text: &str) -> Result<BTreeMap<String, V>, LevelError>;

impl<V> CueTable<V> {
    /// Reads the table at `path` and checks it against the music `cues`: the entries (none when
    /// the file is broken or missing) and the problems found. A broken file is an error; a cue
    /// without an entry, an entry naming no cue, or no file at all while there is music, a
    /// warning.
    pub fn load(
        &self,
        path: &Path,
        cues: &BTreeSet<String>,
    ) -> (BTreeMap<String, V>, Vec<Diagnostic>) {
        let name = path.display().to_string();
        let what = self.what;
        let text = match read_bounded(path, self.max_bytes).map(String::from_utf8) {
            Ok(Ok(text)) => text,
            Ok(Err(_)) => {
                let d = Diagnostic::new(&name, 1, 1, format!("the {what} are not UTF-8 text"));
                return (BTreeMap::new(), vec![d]);
            }
            Err(_) if !path.exists() => {
                let says = format!("no {what} file: {}", self.all_fall_back);
                let warn =
                    (!cues.is_empty()).then(|| Diagnostic::new(&name, 1, 1, says).as_warning());
                return (BTreeMap::new(), warn.into_iter().collect());
            }
            Err(e) => {
                let d = Diagnostic::new(&name, 1, 1, format!("cannot read the {what}: {e}"));
                return (BTreeMap::new(), vec![d]);
            }
        };
        match (self.parse)(&name, &text) {
            Ok(entries) => {
                let problems = self.problems(&name, &text, &entries, cues);
                (entries, problems)
            }
            Err(e) => (BTreeMap::new(), e.diagnostics),
        }
    }

    /// Warnings for the table's `entries` (read from `text` of the file `name`) against the
    /// music `cues`: a cue the table lacks ("... has no title: it shows as its cue name"), and an
    /// entry for no cue ("a title for ...", pointing at its key).
    pub fn problems(
        &self,
        name: &str,
        text: &str,
        entries: &BTreeMap<String, V>,
        cues: &BTreeSet<String>,
    ) -> Vec<Diagnostic> {
        let src = Source::new(name, text);
        let (entry, falls_back) = (self.entry, self.one_falls_back);
        let mut out: Vec<Diagnostic> = cues
            .iter()
            .filter(|c| !entries.contains_key(*c))
            .map(|c| {
                let message =
                    format!("the music cue \"{c}\" (music/{c}.ogg) has no {entry}: {falls_back}");
                Diagnostic::new(name, 1, 1, message).as_warning()
            })
            .collect();
        for cue in entries.keys().filter(|k| !cues.contains(*k)) {
            let quoted = format!("\"{cue}\"");
            let at = text.find(&quoted).unwrap_or(0);
            let message = format!(
                "a {entry} for \"{cue}\", which is no music cue: there is no music/{cue}.ogg"
            );
            out.push(Diagnostic::in_source(&src, at..at + quoted.len(), message).as_warning());
        }
        out
    }
}

/// The cues of music files with these names, for tests.
#[cfg(test)]
pub(crate) fn cue_set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::assets::music_loops::LOOPS_FILE;
    use crate::level::assets::music_titles::TITLES_FILE;

    /// The first error `table` finds in `text`, read as the file `name`.
    fn broken<V>(table: &CueTable<V>, name: &str, text: &str) -> Diagnostic {
        let e = (table.parse)(name, text).err().expect("a broken file");
        e.diagnostics[0].clone()
    }

    #[test]
    fn a_broken_file_is_an_error_at_its_line_and_column() {
        let titles = "{\n    \"stage1\": \"Meadowvale Morning\",\n    \"stage2\": 7,\n}\n";
        let d = broken(&TITLES_FILE, "music/titles.ron", titles);
        let says = d.to_string();
        assert!(
            says.starts_with("music/titles.ron:3:15: music titles:"),
            "{d}"
        );
        let loops =
            "{\n    \"boss\": (start: 1, end: 9),\n    \"title\": (start: \"x\", end: 9),\n}\n";
        let d = broken(&LOOPS_FILE, "music/loops.ron", loops);
        assert_eq!((d.file.as_str(), d.line), ("music/loops.ron", 3), "{d:?}");
    }
}
