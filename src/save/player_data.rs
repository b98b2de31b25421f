//! The player's record for EXTRAS: best score per stage and pilot, whole-game clears per
//! pilot and difficulty, endings seen, time played and continues used.
//!
//! Saved atomically in the data folder as `player.ron`, beside the scores; a damaged file is
//! kept aside and a fresh record used, as the scores are. Pilots, stages and endings are kept
//! by name, so a file from a build with more pilots (or fewer) still loads.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::save::store::SaveFile;
use crate::sim::Character;

/// Most stages, pilots or endings kept in one map of the file: a file someone edited to hold
/// millions of entries is cut to this many rather than slowing every save.
pub const MAX_KEYS: usize = 256;
/// Longest stage, pilot or ending name kept, in characters.
pub const MAX_NAME: usize = 48;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerData {
    /// Best score by stage name, then by pilot name.
    pub best: BTreeMap<String, BTreeMap<String, u64>>,
    /// Whole games cleared (the final boss beaten) by pilot name, then difficulty.
    pub clears: BTreeMap<String, BTreeMap<Difficulty, u32>>,
    /// Endings seen, by id ([`ending_id`]).
    pub endings_seen: BTreeSet<String>,
    /// Seconds of play, in stages.
    pub seconds_played: u64,
    /// Continues taken.
    pub continues_used: u64,
    /// Steps of play not yet a whole second; not saved.
    #[serde(skip)]
    steps: u32,
}

/// The id of the ending a set of pilots earns: their names, lower case, joined by `+` in
/// [`Character::ALL`]'s order, so a pair's ending is one id whichever player flew which.
pub fn ending_id(pilots: &[Character]) -> String {
    let names: Vec<&str> = Character::ALL
        .iter()
        .filter(|c| pilots.contains(c))
        .map(|c| c.name())
        .collect();
    names.join("+").to_lowercase()
}

fn clean(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect()
}

impl SaveFile for PlayerData {
    const FILE: &'static str = "player.ron";
    const HEADER: &'static str = "SkySweep player data";

    /// Trims a record read from a file someone may have edited: names cleaned and cut,
    /// each map cut to [`MAX_KEYS`] entries.
    fn normalise(&mut self) {
        let best = std::mem::take(&mut self.best);
        for (stage, pilots) in best.into_iter().take(MAX_KEYS) {
            let pilots = pilots
                .into_iter()
                .take(MAX_KEYS)
                .map(|(p, s)| (clean(&p), s));
            self.best.entry(clean(&stage)).or_default().extend(pilots);
        }
        let clears = std::mem::take(&mut self.clears);
        self.clears = clears
            .into_iter()
            .take(MAX_KEYS)
            .map(|(p, m)| (clean(&p), m))
            .collect();
        let endings = std::mem::take(&mut self.endings_seen);
        self.endings_seen = endings.iter().take(MAX_KEYS).map(|e| clean(e)).collect();
    }
}

impl PlayerData {
    /// Keeps `score` as `pilot`'s best on `stage` if it beats the one kept; true if it did.
    pub fn record_score(&mut self, stage: &str, pilot: Character, score: u64) -> bool {
        let stage = clean(stage);
        if !self.best.contains_key(&stage) && self.best.len() >= MAX_KEYS {
            return false;
        }
        let best = self
            .best
            .entry(stage)
            .or_default()
            .entry(pilot.name().to_string())
            .or_default();
        let beaten = score > *best;
        *best = (*best).max(score);
        beaten
    }

    /// Counts a whole game cleared by `pilot` on `difficulty`.
    pub fn record_clear(&mut self, pilot: Character, difficulty: Difficulty) {
        let n = self
            .clears
            .entry(pilot.name().to_string())
            .or_default()
            .entry(difficulty)
            .or_default();
        *n = n.saturating_add(1);
    }

    /// Marks the ending `id` seen; true if it is new.
    pub fn record_ending(&mut self, id: &str) -> bool {
        self.endings_seen.len() < MAX_KEYS && self.endings_seen.insert(clean(id))
    }

    /// Counts `n` steps of play at 60 a second.
    pub fn add_steps(&mut self, n: u32) {
        let steps = self.steps as u64 + n as u64;
        self.seconds_played = self.seconds_played.saturating_add(steps / 60);
        self.steps = (steps % 60) as u32;
    }

    pub fn add_continues(&mut self, n: u64) {
        self.continues_used = self.continues_used.saturating_add(n);
    }

    /// `pilot`'s best on `stage`, 0 if none.
    pub fn best(&self, stage: &str, pilot: Character) -> u64 {
        self.best
            .get(stage)
            .and_then(|m| m.get(pilot.name()))
            .copied()
            .unwrap_or(0)
    }

    /// Whether any whole game has been cleared, by any pilot on any difficulty: what unlocks
    /// the Extra stage (issue #31). A count of 0 kept in an edited file is no clear.
    pub fn game_cleared(&self) -> bool {
        self.clears
            .values()
            .flat_map(|m| m.values())
            .any(|n| *n > 0)
    }

    /// Games `pilot` cleared on `difficulty`.
    pub fn clears(&self, pilot: Character, difficulty: Difficulty) -> u32 {
        self.clears
            .get(pilot.name())
            .and_then(|m| m.get(&difficulty))
            .copied()
            .unwrap_or(0)
    }

    pub fn seen(&self, id: &str) -> bool {
        self.endings_seen.contains(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::files::load_damaged;

    fn temp() -> (tempfile::TempDir, std::path::PathBuf) {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("player.ron");
        (d, p)
    }

    fn sample() -> PlayerData {
        let mut d = PlayerData::default();
        d.record_score("Meadowvale", Character::Vela, 1200);
        d.record_score("Meadowvale", Character::Wren, 800);
        d.record_clear(Character::Brass, Difficulty::Hard);
        d.record_clear(Character::Brass, Difficulty::Hard);
        d.record_ending(&ending_id(&[Character::Wren]));
        d.add_steps(60 * 90 + 30);
        d.add_continues(2);
        d
    }

    #[test]
    fn records_keep_the_best_and_count() {
        let mut d = sample();
        assert!(!d.record_score("Meadowvale", Character::Vela, 1000));
        assert!(d.record_score("Meadowvale", Character::Vela, 5000));
        assert_eq!(d.best("Meadowvale", Character::Vela), 5000);
        assert_eq!(d.best("Meadowvale", Character::Brass), 0);
        assert_eq!(d.clears(Character::Brass, Difficulty::Hard), 2);
        assert_eq!(d.clears(Character::Brass, Difficulty::Easy), 0);
        assert_eq!(d.seconds_played, 90);
        d.add_steps(30);
        assert_eq!(d.seconds_played, 91);
        assert!(d.seen("wren") && !d.seen("vela"));
        assert!(!d.record_ending("wren"), "seen once is enough");
        assert_eq!(d.continues_used, 2);
    }

    /// Issue #31: the Extra stage unlocks with the first whole game cleared, and stays
    /// unlocked through the file; a file that only claims zero clears unlocks nothing.
    #[test]
    fn a_cleared_game_unlocks_the_extra_stage_and_the_file_keeps_it() {
        let (_d, p) = temp();
        let mut d = PlayerData::default();
        assert!(!d.game_cleared());
        d.record_score("Meadowvale", Character::Vela, 1200);
        d.add_continues(3);
        assert!(!d.game_cleared(), "stage scores and continues are no clear");
        d.record_clear(Character::Wren, Difficulty::Easy);
        assert!(d.game_cleared());
        d.save_to(&p).unwrap();
        assert!(PlayerData::load_from(&p).0.game_cleared());
        std::fs::write(&p, "(clears: {\"Vela\": {Hard: 0, Easy: 0}})").unwrap();
        let (zero, warning) = PlayerData::load_from(&p);
        assert_eq!(warning, None);
        assert!(!zero.game_cleared());
    }

    #[test]
    fn a_pairs_ending_is_one_id_whoever_flew_which() {
        let a = ending_id(&[Character::Wren, Character::Vela]);
        let b = ending_id(&[Character::Vela, Character::Wren, Character::Vela]);
        assert_eq!(a, b);
        assert_eq!(a, "vela+wren");
        assert_eq!(ending_id(&[Character::Brass]), "brass");
    }

    #[test]
    fn round_trips_through_its_file() {
        let (_d, p) = temp();
        let d = sample();
        d.save_to(&p).unwrap();
        let (back, warning) = PlayerData::load_from(&p);
        assert_eq!(warning, None);
        // The part of a second not yet counted is not saved.
        let mut expected = d.clone();
        expected.steps = 0;
        assert_eq!(back, expected);
    }

    #[test]
    fn a_damaged_file_is_kept_aside_and_the_record_starts_fresh() {
        let (_d, p) = temp();
        let w = load_damaged(&p, "(seconds_played: -5, best: {", PlayerData::load_from);
        assert!(w.contains("damaged"), "{w}");
        let kept = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .filter(|e| {
                let name = e.as_ref().unwrap().file_name();
                name.to_string_lossy().contains("damaged")
            })
            .count();
        assert_eq!(kept, 1);
        // The next save writes a good file beside the one kept aside.
        sample().save_to(&p).unwrap();
        assert_eq!(PlayerData::load_from(&p).0.continues_used, 2);
    }

    #[test]
    fn a_hostile_file_is_trimmed_not_trusted() {
        let (_d, p) = temp();
        let long = "x".repeat(10_000);
        let many: Vec<String> = (0..2 * MAX_KEYS).map(|i| format!("\"e{i}\"")).collect();
        let text = format!(
            "(best: {{\"{long}\": {{\"Vela\": 18446744073709551615}}}}, \
             endings_seen: [{}], seconds_played: 18446744073709551615, \
             clears: {{\"Nobody\u{7}\": {{Hard: 4294967295}}}}, unknown_field: 3)",
            many.join(",")
        );
        std::fs::write(&p, text).unwrap();
        let (mut d, _) = PlayerData::load_from(&p);
        assert!(d.best.keys().all(|k| k.chars().count() <= MAX_NAME));
        assert_eq!(d.endings_seen.len(), MAX_KEYS);
        assert!(d.clears.contains_key("Nobody"), "{:?}", d.clears);
        // Counters at their limits stay there rather than wrap or panic.
        d.add_steps(u32::MAX);
        d.add_continues(u64::MAX);
        d.record_clear(Character::Vela, Difficulty::Hard);
        assert_eq!(d.seconds_played, u64::MAX);
        assert_eq!(d.continues_used, u64::MAX);
        // Not a file at all: the default, with a warning, at once.
        let (d, warning) = PlayerData::load_from(p.parent().unwrap());
        assert_eq!(d, PlayerData::default());
        assert!(warning.is_some());
    }
}
