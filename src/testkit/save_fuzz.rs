//! The settings and scores fuzz targets' bodies (see `fuzz/README.md`): compiled into the
//! fuzz crate beside `config.rs` and `scores.rs`, and into this crate's tests, which replay the
//! saved corpus through them (`tests` below), so both run the very same code.
//!
//! Each takes arbitrary bytes as the file's contents and must never panic; what parses must be
//! made usable, described without panicking, and written back as text that reads the same.

use std::path::Path;

use crate::save::store::{Parsed, SaveFile};
use crate::testkit::fuzzing::saved;

use crate::save::scores::ScoreTable;
use crate::save::settings::Settings;

/// Settings: every unusable value is replaced and described at a position in the text, and
/// the settings in use afterwards are usable and survive a save and a load unchanged.
pub fn config(data: &[u8]) {
    let Parsed::Value(config, text) = saved::<Settings>(data) else {
        return;
    };
    let (fixed, problems) = config.checked();
    for p in &problems {
        let line = p.describe(Path::new("config.ron"), &text);
        assert!(line.starts_with("config.ron:"), "{line}");
    }
    let (again, left) = fixed.clone().checked();
    assert!(
        left.is_empty(),
        "checked settings still have problems: {left:?}"
    );
    assert_eq!(again, fixed);
    let written = ron::ser::to_string_pretty(&fixed, Default::default()).expect("settings write");
    match saved::<Settings>(written.as_bytes()) {
        Parsed::Value(back, _) => assert_eq!(back, fixed, "{written}"),
        other => panic!("written settings do not read back: {other:?}\n{written}"),
    }
}

/// Scores: a table that parses is put in order and trimmed, takes a new entry in its place,
/// and survives a save and a load unchanged.
pub fn scores(data: &[u8]) {
    let Parsed::Value(mut table, _) = saved::<ScoreTable>(data) else {
        return;
    };
    table.normalise();
    for (d, list) in &table.tables {
        assert!(list.len() <= crate::save::scores::TABLE_LEN, "{d:?}");
        assert!(list.windows(2).all(|w| w[0].score >= w[1].score), "{d:?}");
    }
    let written = ron::ser::to_string_pretty(&table, Default::default()).expect("scores write");
    match saved::<ScoreTable>(written.as_bytes()) {
        Parsed::Value(mut back, _) => {
            back.normalise();
            assert_eq!(back, table, "{written}");
        }
        other => panic!("written scores do not read back: {other:?}\n{written}"),
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::fuzzing::run_saved;

    #[test]
    fn the_saved_settings_corpus_runs_clean() {
        run_saved("config", super::config);
    }

    #[test]
    fn the_saved_scores_corpus_runs_clean() {
        run_saved("scores", super::scores);
    }
}
