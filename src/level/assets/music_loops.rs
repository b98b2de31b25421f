//! The music's loop regions: `assets/music/loops.ron`, a map from each cue (`music/NAME.ogg`)
//! to the part of the track that repeats, in sample frames. A track plays from its first
//! frame; on reaching `end` it goes on at `start`, so an intro before `start` plays once.
//!
//! The file is written by `tools/gen_audio.py` with the tracks themselves, which know where
//! their loop begins; it lives beside the music, not in code. A broken file is an error at its
//! line and column (the game still plays every track, each looping whole); a cue without a
//! region, or a region without its cue, is a warning.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::cue_table::CueTable;
use crate::level::text::diag::{ron_file_error, Diagnostic, LevelError};
use crate::level::Source;

/// The loop regions file's path under the assets folder.
pub const LOOPS: &str = "music/loops.ron";

/// The part of a track that repeats, in sample frames: from `start` (inclusive) to `end`
/// (exclusive, the track's length for a track that loops to its very end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct LoopRegion {
    pub start: u64,
    pub end: u64,
}

/// The regions read from the text of a loops file called `name`, or where it is broken: a
/// region whose `start` is not before its `end` is an error at that region's cue.
pub fn parse_loops(name: &str, text: &str) -> Result<BTreeMap<String, LoopRegion>, LevelError> {
    let loops = ron::from_str::<BTreeMap<String, LoopRegion>>(text)
        .map_err(|e| ron_file_error(name, text, &e, "music loop regions"))?;
    let src = Source::new(name, text);
    let diagnostics: Vec<Diagnostic> = loops
        .iter()
        .filter(|(_, r)| r.start >= r.end)
        .map(|(cue, r)| {
            let quoted = format!("\"{cue}\"");
            let at = text.find(&quoted).unwrap_or(0);
            let message = format!(
                "the loop of \"{cue}\" starts at frame {} but ends at {}: it must start first",
                r.start, r.end
            );
            Diagnostic::in_source(&src, at..at + quoted.len(), message)
        })
        .collect();
    if diagnostics.is_empty() {
        Ok(loops)
    } else {
        Err(LevelError { diagnostics })
    }
}

/// The loop regions file: [`CueTable::load`] reads it and checks it against the music; a cue
/// without a region loops whole.
pub static LOOPS_FILE: CueTable<LoopRegion> = CueTable {
    what: "music loop regions",
    entry: "loop region",
    one_falls_back: "it loops whole",
    all_fall_back: "every track loops whole",
    max_bytes: 1 << 16,
    parse: parse_loops,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::assets::cue_table::cue_set as cues;
    use crate::level::text::diag::Severity;

    #[test]
    fn regions_are_read_in_frames() {
        let text = "{\n    \"boss\": (start: 66150, end: 1389150),\n    \"title\": (start: 0, end: 9),\n}\n";
        let loops = parse_loops("loops.ron", text).unwrap();
        let boss = LoopRegion {
            start: 66_150,
            end: 1_389_150,
        };
        assert_eq!(loops["boss"], boss);
        assert_eq!(loops["title"], LoopRegion { start: 0, end: 9 });
    }

    #[test]
    fn a_region_that_ends_before_it_starts_is_an_error_at_its_cue() {
        let text = "{\n    \"boss\": (start: 1, end: 9),\n    \"title\": (start: 9, end: 9),\n}\n";
        let e = parse_loops("loops.ron", text).unwrap_err();
        let d = &e.diagnostics[0];
        assert_eq!((d.line, d.col), (3, 5), "{d:?}");
        assert!(d.message.contains("\"title\""), "{}", d.message);
    }

    #[test]
    fn a_cue_without_a_region_and_a_region_without_a_cue_are_warnings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("loops.ron");
        std::fs::write(&path, "{\n    \"boss\": (start: 1, end: 9),\n}\n").unwrap();
        let (loops, problems) = LOOPS_FILE.load(&path, &cues(&["title"]));
        assert_eq!(loops.len(), 1);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let warned = problems.iter().all(|d| d.severity == Severity::Warning);
        assert!(warned, "{problems:?}");
        let (_, missing) = LOOPS_FILE.load(&dir.path().join("none.ron"), &cues(&["title"]));
        assert!(missing[0].message.contains("loops whole"), "{missing:?}");
    }
}
