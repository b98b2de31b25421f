//! High scores carry their replay: every run that enters HIGH SCORES keeps its recording in
//! `<data folder>/score_replays/`, whatever SAVE REPLAYS says, and the table's entry names the
//! file ([`Entry::replay`]).
//!
//! The folder is bounded: a score that leaves the table takes its replay with it
//! ([`tidy`]), and files no entry names (a crash between the two writes, a damaged table kept
//! aside) are removed, oldest first, only past [`MAX_FILES`], so a table repaired by hand
//! finds its replays. Replays are written atomically before the table that names them. A
//! damaged or missing replay never costs its score: the row says so, and the score stays.
//!
//! Tests in `tests.rs`. Imports `save::scores` and `save::store`, `sim`'s replays, `level` and
//! `platform`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::level::Difficulty;
use crate::save::scores::{is_own_name, Entry, ScoreTable, TABLE_LEN};
use crate::sim::replay::verify::{self, StageSource, Verdict};
use crate::sim::replay::Replay;

/// The folder's name inside the data folder.
pub const FOLDER: &str = "score_replays";

/// The most files the folder keeps: one for every row of every difficulty's table.
pub const MAX_FILES: usize = TABLE_LEN * Difficulty::ALL.len();

/// Where the score replays are; `None` when there is no data folder.
pub fn folder() -> Option<PathBuf> {
    crate::platform::data::folder("data").map(|d| d.join(FOLDER))
}

/// Where `entry`'s replay is in `dir`, if it names one.
pub fn path_of(dir: &Path, entry: &Entry) -> Option<PathBuf> {
    (!entry.replay.is_empty() && is_own_name(&entry.replay)).then(|| dir.join(&entry.replay))
}

/// Writes `replay`, the run that made `score` on `difficulty`, into `dir` (made if missing)
/// under a name not taken yet, atomically; returns the file's name for the table's entry.
pub fn keep(
    dir: &Path,
    replay: &Replay,
    difficulty: Difficulty,
    score: u64,
) -> std::io::Result<String> {
    std::fs::create_dir_all(dir)?;
    let stem = format!(
        "{}_{}_{score}",
        replay.date,
        difficulty.name().to_uppercase()
    );
    let mut name = format!("{stem}.ron");
    let mut n = 2;
    while dir.join(&name).exists() {
        name = format!("{stem}_{n}.ron");
        n += 1;
    }
    replay.save(&dir.join(&name))?;
    Ok(name)
}

/// Every replay file `table` names.
pub fn named(table: &ScoreTable) -> BTreeSet<String> {
    table
        .tables
        .values()
        .flatten()
        .filter(|e| !e.replay.is_empty())
        .map(|e| e.replay.clone())
        .collect()
}

/// After scores entered the table (`before` it, `after` it, already saved): removes the
/// replays of the scores that left it, and `new` (the replay just kept) when no entry took
/// it; then keeps the folder within [`MAX_FILES`]. Returns the names removed. Failures to
/// remove are left for the next time: they cost nothing but room.
pub fn tidy(dir: &Path, before: &ScoreTable, after: &ScoreTable, new: Option<&str>) -> Vec<String> {
    let kept = named(after);
    let mut gone: Vec<String> = named(before)
        .into_iter()
        .chain(new.map(str::to_string))
        .filter(|n| !kept.contains(n) && is_own_name(n))
        .filter(|n| std::fs::remove_file(dir.join(n)).is_ok())
        .collect();
    gone.extend(bound(dir, after));
    gone
}

/// Keeps `dir` within [`MAX_FILES`] replay files: files `table` does not name go, oldest
/// first, until it is. A file the table names is never removed. Returns the names removed.
pub fn bound(dir: &Path, table: &ScoreTable) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let files: Vec<(std::time::SystemTime, String)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let when = e.metadata().and_then(|m| m.modified()).ok()?;
            is_own_name(&name).then_some((when, name))
        })
        .collect();
    let kept = named(table);
    let mut spare: Vec<_> = files.iter().filter(|(_, n)| !kept.contains(n)).collect();
    spare.sort();
    let over = files.len().saturating_sub(MAX_FILES);
    spare
        .into_iter()
        .take(over)
        .filter(|(_, n)| std::fs::remove_file(dir.join(n)).is_ok())
        .map(|(_, n)| n.clone())
        .collect()
}

/// What checking a score's replay found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// It plays back to its end, every checkpoint matching.
    Verified,
    /// It does not (any more): why, in a short phrase. The score stays in the table.
    NotVerified(String),
    /// The table names a file that is not there.
    Missing,
}

impl Check {
    /// The mark on a HIGH SCORES row.
    pub fn mark(&self) -> &'static str {
        match self {
            Check::Verified => "REPLAY",
            Check::NotVerified(_) => "NOT VERIFIED",
            Check::Missing => "NO REPLAY",
        }
    }
}

/// Plays the replay at `path` headless, as `skysweep verify` does, and says whether it holds.
pub fn check(path: &Path, stages: &mut dyn StageSource) -> Check {
    if !path.exists() {
        return Check::Missing;
    }
    match verify::verify(path, stages).verdict {
        Verdict::Ok => Check::Verified,
        Verdict::Desynced(d) => Check::NotVerified(format!(
            "desynced at stage {}, {}",
            d.stage + 1,
            d.time_text()
        )),
        Verdict::Unplayable(why) => Check::NotVerified(why),
    }
}

/// One row of the tables, for `skysweep verify`: which table, its rank from 1, the entry and
/// where its replay is (`None` when it has none).
#[derive(Clone, Debug)]
pub struct Row {
    pub difficulty: Difficulty,
    pub rank: usize,
    pub entry: Entry,
    pub replay: Option<PathBuf>,
}

impl Row {
    /// `NORMAL 1 ACE 123456 VELA`.
    pub fn label(&self) -> String {
        let e = &self.entry;
        format!(
            "{} {} {} {} {}",
            self.difficulty.name().to_uppercase(),
            self.rank,
            e.name,
            e.score,
            e.character.name().to_uppercase()
        )
    }
}

/// Every row of `table`, hardest difficulty last, with its replay in `dir`.
pub fn rows(table: &ScoreTable, dir: &Path) -> Vec<Row> {
    Difficulty::ALL
        .iter()
        .flat_map(|&d| {
            table.entries(d).iter().enumerate().map(move |(i, e)| Row {
                difficulty: d,
                rank: i + 1,
                entry: e.clone(),
                replay: path_of(dir, e),
            })
        })
        .collect()
}

/// Reads the table at `path` without changing anything (a damaged file is not moved aside,
/// as the game does on starting): for `skysweep verify`. A missing file is an empty table.
pub fn read_table(path: &Path) -> Result<ScoreTable, String> {
    use crate::platform::fileio::{read_bounded, ReadError};
    use crate::save::store::{parse_saved, Parsed, SaveFile, MAX_FILE_BYTES};
    let bytes = match read_bounded(path, MAX_FILE_BYTES) {
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(ScoreTable::default())
        }
        Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
        Ok(b) => b,
    };
    match parse_saved::<ScoreTable>(bytes) {
        Parsed::Value(mut t, _) => {
            t.normalise();
            Ok(t)
        }
        Parsed::Empty => Ok(ScoreTable::default()),
        Parsed::Damaged(why) => Err(format!("{}: damaged: {why}", path.display())),
    }
}

#[cfg(test)]
mod tests;
