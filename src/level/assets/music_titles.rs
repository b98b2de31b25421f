//! The music's titles: `assets/music/titles.ron`, a map from each cue (`music/NAME.ogg`) to
//! the title players see, in the music room and when a stage's music starts. The titles live
//! beside the music, not in code, so a track added to the folder gets its title there too.
//!
//! A broken file is an error at its line and column (the game still runs, each track shown by
//! its cue name); a cue without a title, or a title without its cue, is a warning (see
//! [`CueTable`]).

use std::collections::BTreeMap;

use super::cue_table::CueTable;
use crate::level::text::diag::{ron_file_error, LevelError};

/// The titles file's path under the assets folder.
pub const TITLES: &str = "music/titles.ron";

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

/// The titles file: [`CueTable::load`] reads it and checks it against the music.
pub static TITLES_FILE: CueTable<String> = CueTable {
    what: "music titles",
    entry: "title",
    one_falls_back: "it shows as its cue name",
    all_fall_back: "every track shows its cue name",
    max_bytes: 1 << 16,
    parse: parse_titles,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::assets::cue_table::cue_set as cues;

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
    fn a_cue_without_a_title_and_a_title_without_a_cue_are_warnings() {
        let text = "{\n  \"stage1\": \"A\",\n  \"stage9\": \"B\",\n}";
        let titles = parse_titles("t.ron", text).unwrap();
        let found = TITLES_FILE.problems("t.ron", text, &titles, &cues(&["stage1", "boss"]));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found
            .iter()
            .all(|d| d.severity == crate::level::text::diag::Severity::Warning));
        assert!(found[0].message.contains("\"boss\""), "{}", found[0]);
        assert_eq!((found[1].line, found[1].col), (3, 3), "{}", found[1]);
    }

    #[test]
    fn a_missing_or_broken_file_leaves_no_titles() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("titles.ron");
        let (titles, problems) = TITLES_FILE.load(&path, &cues(&["boss"]));
        assert!(titles.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(
            TITLES_FILE.load(&path, &cues(&[])).1.is_empty(),
            "no music, nothing to title"
        );
        std::fs::write(&path, "{ \"boss\": }").unwrap();
        let (titles, problems) = TITLES_FILE.load(&path, &cues(&["boss"]));
        assert!(titles.is_empty());
        assert_eq!(
            problems[0].severity,
            crate::level::text::diag::Severity::Error
        );
    }
}
