//! The music's loop regions: `assets/music/loops.ron`, a map from each cue (`music/NAME.ogg`)
//! to the part of the track that repeats, in sample frames. A track plays from its first
//! frame; on reaching `end` it goes on at `start`, so an intro before `start` plays once.
//!
//! The file is written by `tools/gen_audio.py` with the tracks themselves, which know where
//! their loop begins; it lives beside the music, not in code. A broken file is an error at its
//! line and column (the game still plays every track, each looping whole); a cue without a
//! region, or a region without its cue, is a warning.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::diag::{ron_file_error, Diagnostic, LevelError};
use super::music_titles::cue_table_problems;
use super::Source;
use crate::platform::fileio::read_bounded;

/// The loop regions file's path under the assets folder.
pub const LOOPS: &str = "music/loops.ron";
/// Largest loop regions file read, in bytes.
const MAX_LOOPS_BYTES: u64 = 1 << 16;

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
    let src = Source {
        name: name.to_string(),
        text: text.to_string(),
    };
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

/// Reads the regions at `path` and checks them against the music `cues`: the regions (empty
/// when the file is broken or missing) and the problems found. A broken file is an error; a
/// cue without a region (it loops whole), a region naming no cue, or no file at all while
/// there is music, a warning.
pub fn load_loops(
    path: &Path,
    cues: &BTreeSet<String>,
) -> (BTreeMap<String, LoopRegion>, Vec<Diagnostic>) {
    let name = path.display().to_string();
    let text = match read_bounded(path, MAX_LOOPS_BYTES).map(String::from_utf8) {
        Ok(Ok(text)) => text,
        Ok(Err(_)) => {
            let d = Diagnostic::new(&name, 1, 1, "the music loop regions are not UTF-8 text");
            return (BTreeMap::new(), vec![d]);
        }
        Err(_) if !path.exists() => {
            let warn = Diagnostic::new(
                &name,
                1,
                1,
                "no music loop regions: every track loops whole",
            );
            let problems = (!cues.is_empty()).then(|| warn.as_warning());
            return (BTreeMap::new(), problems.into_iter().collect());
        }
        Err(e) => {
            let d = Diagnostic::new(&name, 1, 1, format!("cannot read the loop regions: {e}"));
            return (BTreeMap::new(), vec![d]);
        }
    };
    match parse_loops(&name, &text) {
        Ok(loops) => {
            let problems = loop_problems(&name, &text, &loops, cues);
            (loops, problems)
        }
        Err(e) => (BTreeMap::new(), e.diagnostics),
    }
}

/// Warnings for `loops` (read from `text` of the file `name`) against the music `cues`.
fn loop_problems(
    name: &str,
    text: &str,
    loops: &BTreeMap<String, LoopRegion>,
    cues: &BTreeSet<String>,
) -> Vec<Diagnostic> {
    cue_table_problems(
        name,
        text,
        loops,
        cues,
        ("loop region: it loops whole", "loop region"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::diag::Severity;

    fn cues(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

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
    fn a_broken_file_is_an_error_at_its_line_and_column() {
        let text =
            "{\n    \"boss\": (start: 1, end: 9),\n    \"title\": (start: \"x\", end: 9),\n}\n";
        let e = parse_loops("music/loops.ron", text).unwrap_err();
        let d = &e.diagnostics[0];
        assert_eq!((d.file.as_str(), d.line), ("music/loops.ron", 3), "{d:?}");
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
        let (loops, problems) = load_loops(&path, &cues(&["title"]));
        assert_eq!(loops.len(), 1);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let warned = problems.iter().all(|d| d.severity == Severity::Warning);
        assert!(warned, "{problems:?}");
        let (_, missing) = load_loops(&dir.path().join("none.ron"), &cues(&["title"]));
        assert!(missing[0].message.contains("loops whole"), "{missing:?}");
    }
}
