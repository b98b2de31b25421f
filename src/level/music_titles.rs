//! The music's titles: `assets/music/titles.ron`, a map from each cue (`music/NAME.ogg`) to
//! the title players see, in the music room and when a stage's music starts. The titles live
//! beside the music, not in code, so a track added to the folder gets its title there too.
//!
//! A broken file is an error at its line and column (the game still runs, each track shown by
//! its cue name); a cue without a title, or a title without its cue, is a warning.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::diag::{ron_file_error, Diagnostic, LevelError};
use super::Source;
use crate::platform::fileio::read_bounded;

/// The titles file's path under the assets folder.
pub const TITLES: &str = "music/titles.ron";
/// Largest titles file read, in bytes.
const MAX_TITLES_BYTES: u64 = 1 << 16;

/// The titles read from the text of a titles file called `name`, or where it is broken.
pub fn parse_titles(name: &str, text: &str) -> Result<BTreeMap<String, String>, LevelError> {
    ron::from_str::<BTreeMap<String, String>>(text)
        .map_err(|e| ron_file_error(name, text, &e, "music titles"))
}

/// The text of a titles file for `titles`, which [`parse_titles`] reads back unchanged.
pub fn write_titles(titles: &BTreeMap<String, String>) -> String {
    let pretty = ron::ser::PrettyConfig::new();
    ron::ser::to_string_pretty(titles, pretty).expect("a map of strings always serialises")
}

/// Reads the titles at `path` and checks them against the music `cues`: the titles (empty
/// when the file is broken or missing) and the problems found. A broken file is an error; a
/// cue without a title, a title naming no cue, or no file at all while there is music, a
/// warning.
pub fn load_titles(
    path: &Path,
    cues: &BTreeSet<String>,
) -> (BTreeMap<String, String>, Vec<Diagnostic>) {
    let name = path.display().to_string();
    let text = match read_bounded(path, MAX_TITLES_BYTES) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => {
                let d = Diagnostic::new(&name, 1, 1, "the music titles are not UTF-8 text");
                return (BTreeMap::new(), vec![d]);
            }
        },
        Err(_) if !path.exists() => {
            let problems = (!cues.is_empty())
                .then(|| {
                    Diagnostic::new(
                        &name,
                        1,
                        1,
                        "no music titles file: every track shows its cue name",
                    )
                    .as_warning()
                })
                .into_iter()
                .collect();
            return (BTreeMap::new(), problems);
        }
        Err(e) => {
            let d = Diagnostic::new(&name, 1, 1, format!("cannot read the music titles: {e}"));
            return (BTreeMap::new(), vec![d]);
        }
    };
    match parse_titles(&name, &text) {
        Ok(titles) => {
            let problems = title_problems(&name, &text, &titles, cues);
            (titles, problems)
        }
        Err(e) => (BTreeMap::new(), e.diagnostics),
    }
}

/// Warnings for `titles` (read from `text` of the file `name`) against the music `cues`: each
/// cue without a title, each title whose cue is not there, at its line.
pub fn title_problems(
    name: &str,
    text: &str,
    titles: &BTreeMap<String, String>,
    cues: &BTreeSet<String>,
) -> Vec<Diagnostic> {
    cue_table_problems(
        name,
        text,
        titles,
        cues,
        ("title: it shows as its cue name", "title"),
    )
}

/// Warnings for a table keyed by music cue (`table`, read from `text` of the file `name`)
/// against the music `cues`: a cue the table lacks ("... has no `missing`"), and an entry for
/// no cue ("a `entry` for ...", pointing at its key). The titles and the loop regions share it.
pub(crate) fn cue_table_problems<V>(
    name: &str,
    text: &str,
    table: &BTreeMap<String, V>,
    cues: &BTreeSet<String>,
    (missing, entry): (&str, &str),
) -> Vec<Diagnostic> {
    let src = Source {
        name: name.to_string(),
        text: text.to_string(),
    };
    let mut out: Vec<Diagnostic> = cues
        .iter()
        .filter(|c| !table.contains_key(*c))
        .map(|c| {
            let message = format!("the music cue \"{c}\" (music/{c}.ogg) has no {missing}");
            Diagnostic::new(name, 1, 1, message).as_warning()
        })
        .collect();
    for cue in table.keys().filter(|k| !cues.contains(*k)) {
        let quoted = format!("\"{cue}\"");
        let at = text.find(&quoted).unwrap_or(0);
        let message =
            format!("a {entry} for \"{cue}\", which is no music cue: there is no music/{cue}.ogg");
        out.push(Diagnostic::in_source(&src, at..at + quoted.len(), message).as_warning());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cues(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn titles_round_trip_through_their_file() {
        let titles: BTreeMap<String, String> = [
            ("stage1", "Meadowvale Morning"),
            ("final_boss", "Sovereign's Decree"),
            ("odd", "Quotes \" and \\ slashes"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
        let text = write_titles(&titles);
        assert_eq!(parse_titles("t.ron", &text).unwrap(), titles);
    }

    #[test]
    fn a_broken_titles_file_is_an_error_at_its_line_and_column() {
        let text = "{\n    \"stage1\": \"Meadowvale Morning\",\n    \"stage2\": 7,\n}\n";
        let e = parse_titles("music/titles.ron", text).unwrap_err();
        let d = &e.diagnostics[0];
        assert_eq!((d.line, d.col), (3, 15), "{d}");
        assert_eq!(d.file, "music/titles.ron");
        assert!(
            d.to_string()
                .starts_with("music/titles.ron:3:15: music titles:"),
            "{d}"
        );
    }

    #[test]
    fn a_cue_without_a_title_and_a_title_without_a_cue_are_warnings() {
        let text = "{\n  \"stage1\": \"A\",\n  \"stage9\": \"B\",\n}";
        let titles = parse_titles("t.ron", text).unwrap();
        let found = title_problems("t.ron", text, &titles, &cues(&["stage1", "boss"]));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found
            .iter()
            .all(|d| d.severity == super::super::diag::Severity::Warning));
        assert!(found[0].message.contains("\"boss\""), "{}", found[0]);
        assert_eq!((found[1].line, found[1].col), (3, 3), "{}", found[1]);
    }

    #[test]
    fn a_missing_or_broken_file_leaves_no_titles() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("titles.ron");
        let (titles, problems) = load_titles(&path, &cues(&["boss"]));
        assert!(titles.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(
            load_titles(&path, &cues(&[])).1.is_empty(),
            "no music, nothing to title"
        );
        std::fs::write(&path, "{ \"boss\": }").unwrap();
        let (titles, problems) = load_titles(&path, &cues(&["boss"]));
        assert!(titles.is_empty());
        assert_eq!(problems[0].severity, super::super::diag::Severity::Error);
    }
}
