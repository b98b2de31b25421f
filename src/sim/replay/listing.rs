//! A replay as a menu lists it: who, when, which pilots and stages, the score, and whether it
//! plays, found without playing it (reading the file and loading its stages).

use std::path::Path;

use super::schema::{Replay, REPLAY_VERSION};
use super::verify::{stages_of, StageSource};
use super::ReplayError;
use crate::level::Difficulty;
use crate::sim::model::character::Character;

/// Whether a listed replay can be played, in the order a menu would warn about it.
#[derive(Clone, Debug, PartialEq)]
pub enum ListingState {
    /// Its stages are as recorded, under this build's rules.
    Plays,
    /// Its stages are as recorded, but it was made under other rules (or before version 3,
    /// which recorded none): it may desync, which playback will then say where.
    OtherRules,
    /// A stage file changed since it was recorded; the message names it.
    StageChanged(String),
    /// It cannot be played: a damaged file, an unknown version, a missing stage. The message
    /// says why, in words.
    Unplayable(String),
}

/// One row of a replay menu. Built by [`list`], which never panics on any file.
#[derive(Clone, Debug, PartialEq)]
pub struct Listing {
    /// The file as its path displays.
    pub file: String,
    /// The name the player gave it (empty when none, or when the file does not read).
    pub name: String,
    /// Seconds since 1970 UTC it was recorded (0 when unknown); [`Listing::date_text`] shows it.
    pub date: u64,
    pub characters: Vec<Character>,
    pub difficulty: Option<Difficulty>,
    /// Each stage reached, by its shown name (its file when the replay predates names).
    pub stages: Vec<String>,
    /// Each stage's file as recorded, in the same order: what its number is read from.
    pub levels: Vec<String>,
    /// The score the run ended on (0 before version 3).
    pub final_score: u64,
    /// Steps recorded, over every stage (60 a second).
    pub steps: usize,
    /// The file's format version (0 when unreadable) and the game version that wrote it.
    pub version: u32,
    pub game_version: String,
    pub state: ListingState,
}

impl Listing {
    /// The date as `YYYY-MM-DD HH:MM` UTC; empty when unknown.
    pub fn date_text(&self) -> String {
        if self.date == 0 {
            return String::new();
        }
        let (days, secs) = (self.date / 86_400, self.date % 86_400);
        let (y, m, d) = civil_from_days(days as i64);
        format!(
            "{y:04}-{m:02}-{d:02} {:02}:{:02}",
            secs / 3600,
            secs % 3600 / 60
        )
    }
}

/// The calendar date `days` after 1970-01-01 (proleptic Gregorian): Howard Hinnant's
/// `civil_from_days`, exact for every date a u64 of seconds can reach.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Reads the replay at `path` and says whether it plays on the stages `stages` finds, without
/// playing it. Never panics; a file that cannot be read is listed as
/// [`ListingState::Unplayable`] with the reason.
pub fn list(path: &Path, stages: &mut dyn StageSource) -> Listing {
    let file = path.display().to_string();
    match Replay::load(path) {
        Ok(r) => listing_of(&file, &r, stages),
        Err(e) => Listing {
            file,
            name: String::new(),
            date: 0,
            characters: Vec::new(),
            difficulty: None,
            stages: Vec::new(),
            levels: Vec::new(),
            final_score: 0,
            steps: 0,
            version: 0,
            game_version: String::new(),
            state: ListingState::Unplayable(e.to_string()),
        },
    }
}

/// [`list`] for a replay already read from `file`.
pub fn listing_of(file: &str, r: &Replay, stages: &mut dyn StageSource) -> Listing {
    let state = match stages_of(file, r, stages) {
        Ok(_) if r.version >= REPLAY_VERSION && r.rules == super::rules::fingerprint() => {
            ListingState::Plays
        }
        Ok(_) => ListingState::OtherRules,
        Err(e @ ReplayError::LevelChanged { .. }) => ListingState::StageChanged(e.to_string()),
        Err(e) => ListingState::Unplayable(e.to_string()),
    };
    Listing {
        file: file.to_string(),
        name: r.name.clone(),
        date: r.date,
        characters: r.characters.clone(),
        difficulty: Some(r.difficulty),
        stages: r
            .stages
            .iter()
            .map(|s| {
                if s.name.is_empty() {
                    s.level.clone()
                } else {
                    s.name.clone()
                }
            })
            .collect(),
        levels: r.stages.iter().map(|s| s.level.clone()).collect(),
        final_score: r.final_score(),
        steps: r.len(),
        version: r.version,
        game_version: r.game_version.clone(),
        state,
    }
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn days_become_calendar_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        // 2000 was a leap year, 2100 is not.
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(47_541), (2100, 3, 1));
        assert_eq!(civil_from_days(20_418), (2025, 11, 26));
    }
}
