//! The player's practice record: which stages a run has reached (practice offers those), the
//! best practice result per stage and start point, and the menu's last choice. Saved atomically in the data folder as
//! `practice.ron`; a damaged file is kept aside and a fresh record used, as with the scores.
//!
//! Its boss attacks (PRACTICE > BOSS ATTACKS) are kept in the same file: [`attacks`] holds a
//! tally, its key and the limits a loaded file is held to, and the record's own methods for
//! them are here. Tests in `tests.rs`. Imports `level`, `sim` and `save::store`; [`attacks`]
//! imports only `level` and `sim`.

pub mod attacks;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::save::store::SaveFile;
use crate::sim::Character;

use attacks::{fits, AttackTally, MAX_ATTACKS, MAX_ATTACK_KEY, MAX_TALLIES};

/// Stages practice offers before any run has reached them: the first three.
pub const OPEN_FROM_THE_START: u32 = 3;
/// Most stages and start points kept: a hostile file cannot make the record grow without end.
pub const MAX_ENTRIES: usize = 256;
/// Longest stage or start name kept, in bytes.
pub const MAX_NAME: usize = 64;

/// How one practice run went, in steps of the 60 Hz clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PracticeResult {
    /// The stage was cleared (its boss fell), not lost or left.
    pub cleared: bool,
    /// Steps from the chosen start to the run's end.
    pub steps: u64,
    /// Lives lost, over every automatic restart of the run.
    pub deaths: u32,
    /// Steps the stage boss was on screen before it fell, if it fell.
    pub boss_steps: Option<u64>,
}

impl PracticeResult {
    /// Whether `self` beats `other`: a clear beats no clear, then fewer deaths, then a
    /// quicker boss, then a quicker run.
    pub fn beats(&self, other: &PracticeResult) -> bool {
        let key = |r: &PracticeResult| {
            (
                !r.cleared,
                r.deaths,
                r.boss_steps.unwrap_or(u64::MAX),
                r.steps,
            )
        };
        key(self) < key(other)
    }
}

/// What PRACTICE last chose, so it opens as the player left it, launch after launch. A stage
/// or start that is gone by the next launch falls back on the first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeChoice {
    /// The stage's file name (`stage4.ron`).
    pub stage: String,
    /// The start's name: `start`, or one of the stage's markers.
    pub start: String,
    /// One or two pilots, player 1 first.
    pub pilots: Vec<Character>,
    pub options: PracticeOptions,
}

impl Default for PracticeChoice {
    fn default() -> Self {
        PracticeChoice {
            stage: String::new(),
            start: "start".into(),
            pilots: vec![Character::Vela],
            options: PracticeOptions::default(),
        }
    }
}

/// PRACTICE's choices beside the stage, start and pilots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeOptions {
    pub difficulty: Difficulty,
    /// 1 or 2, as the command line counts.
    pub loop_number: u32,
    /// 1 to 4.
    pub power: u8,
    /// 1 to [`MAX_PRACTICE_LIVES`].
    pub lives: u32,
    pub bombs: u32,
    pub invincible: bool,
    /// A death starts the run again from the chosen start.
    pub auto_restart: bool,
    /// Every stage offered, reached or not.
    pub unlock_all: bool,
}

impl Default for PracticeOptions {
    fn default() -> Self {
        PracticeOptions {
            difficulty: Difficulty::default(),
            loop_number: 1,
            power: 1,
            lives: crate::sim::model::player::START_LIVES,
            bombs: crate::sim::model::player::START_BOMBS,
            invincible: false,
            auto_restart: false,
            unlock_all: false,
        }
    }
}

/// Most lives practice gives.
pub const MAX_PRACTICE_LIVES: u32 = 9;

impl PracticeOptions {
    /// Within what the menu can choose, whatever a hand-edited file says.
    pub fn in_range(self) -> PracticeOptions {
        PracticeOptions {
            loop_number: self.loop_number.clamp(1, 2),
            power: self.power.clamp(1, 4),
            lives: self.lives.clamp(1, MAX_PRACTICE_LIVES),
            bombs: self.bombs.min(crate::sim::model::player::MAX_BOMBS),
            ..self
        }
    }
}

impl PracticeChoice {
    /// Keeps a hand-edited or damaged choice within what the menu can choose.
    fn normalise(&mut self) {
        if self.stage.len() > MAX_NAME {
            self.stage.clear();
        }
        if self.start.len() > MAX_NAME {
            self.start = "start".into();
        }
        self.pilots.truncate(2);
        if self.pilots.is_empty() {
            self.pilots.push(Character::Vela);
        }
        self.options = self.options.in_range();
    }
}

/// Reached stages and best results, keyed by the stage's file name (`stage4.ron`) and the
/// start's name (`start`, or one of the stage's markers).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeRecord {
    pub reached: BTreeSet<String>,
    pub best: BTreeMap<String, BTreeMap<String, PracticeResult>>,
    /// PRACTICE's last choice.
    pub last: Option<PracticeChoice>,
    /// Boss attacks met in a game, by key (`stage2.ron/tidewarden/Tidal Lance`): BOSS
    /// ATTACKS lists these (see [`attacks`]).
    pub met: BTreeSet<String>,
    /// Each attack's tries, captures and best time, by key and then by pilot and difficulty
    /// ([`tally_key`](attacks::tally_key)).
    pub attacks: BTreeMap<String, BTreeMap<String, AttackTally>>,
    /// The boss attack last played from BOSS ATTACKS, by key: the list opens on it.
    pub last_attack: Option<String>,
}

impl SaveFile for PracticeRecord {
    const FILE: &'static str = "practice.ron";
    const HEADER: &'static str = "SkySweep practice record";

    /// Drops names over [`MAX_NAME`] and anything past [`MAX_ENTRIES`].
    fn normalise(&mut self) {
        let fits = |s: &String| !s.is_empty() && s.len() <= MAX_NAME;
        self.reached.retain(fits);
        while self.reached.len() > MAX_ENTRIES {
            self.reached.pop_last();
        }
        self.best.retain(|k, _| fits(k));
        while self.best.len() > MAX_ENTRIES {
            self.best.pop_last();
        }
        for starts in self.best.values_mut() {
            starts.retain(|k, _| fits(k));
            while starts.len() > MAX_ENTRIES {
                starts.pop_last();
            }
        }
        self.best.retain(|_, starts| !starts.is_empty());
        if let Some(last) = &mut self.last {
            last.normalise();
        }
        attacks::normalise(&mut self.met, &mut self.attacks, &mut self.last_attack);
    }
}

impl PracticeRecord {
    /// Notes that a run reached `stage`; true when that is news (the file needs saving).
    pub fn reach(&mut self, stage: &str) -> bool {
        let fits = !stage.is_empty() && stage.len() <= MAX_NAME;
        fits && self.reached.len() < MAX_ENTRIES && self.reached.insert(stage.to_string())
    }

    /// Whether practice offers stage `number` (1-based) named `stage`.
    pub fn offers(&self, number: u32, stage: &str, unlock_all: bool) -> bool {
        unlock_all || number <= OPEN_FROM_THE_START || self.reached.contains(stage)
    }

    pub fn best(&self, stage: &str, start: &str) -> Option<&PracticeResult> {
        self.best.get(stage).and_then(|s| s.get(start))
    }

    /// Keeps `result` if it beats the best for `stage` from `start`; true when it was kept.
    pub fn offer(&mut self, stage: &str, start: &str, result: PracticeResult) -> bool {
        let fits = |s: &str| !s.is_empty() && s.len() <= MAX_NAME;
        if !fits(stage) || !fits(start) {
            return false;
        }
        if !self.best.contains_key(stage) && self.best.len() >= MAX_ENTRIES {
            return false;
        }
        let starts = self.best.entry(stage.to_string()).or_default();
        match starts.get(start) {
            Some(old) if !result.beats(old) => false,
            None if starts.len() >= MAX_ENTRIES => false,
            _ => {
                starts.insert(start.to_string(), result);
                true
            }
        }
    }
}

/// The boss attacks' part of the record (PRACTICE > BOSS ATTACKS), held to
/// [`attacks`]'s limits.
impl PracticeRecord {
    /// Notes that a game met attack `key`; true when that is news (the file needs saving).
    pub fn meet(&mut self, key: &str) -> bool {
        fits(key, MAX_ATTACK_KEY)
            && self.met.len() < MAX_ATTACKS
            && !self.met.contains(key)
            && self.met.insert(key.to_string())
    }

    /// Whether a game has met attack `key` (a try at it counts too).
    pub fn has_met(&self, key: &str) -> bool {
        self.met.contains(key) || self.attacks.contains_key(key)
    }

    /// How attack `key` has gone for `who` (see [`tally_key`](attacks::tally_key)).
    pub fn tally(&self, key: &str, who: &str) -> Option<&AttackTally> {
        self.attacks.get(key).and_then(|t| t.get(who))
    }

    /// The tally of `key` for `who`, made when there is room; `None` when the record is full.
    fn tally_mut(&mut self, key: &str, who: &str) -> Option<&mut AttackTally> {
        if !fits(key, MAX_ATTACK_KEY) || !fits(who, MAX_ATTACK_KEY) {
            return None;
        }
        if !self.attacks.contains_key(key) && self.attacks.len() >= MAX_ATTACKS {
            return None;
        }
        let tallies = self.attacks.entry(key.to_string()).or_default();
        if !tallies.contains_key(who) && tallies.len() >= MAX_TALLIES {
            return None;
        }
        Some(tallies.entry(who.to_string()).or_default())
    }

    /// A try at `key` by `who` began; false when the record has no room for it.
    pub fn try_begun(&mut self, key: &str, who: &str) -> bool {
        self.tally_mut(key, who)
            .map(|t| t.tries = t.tries.saturating_add(1))
            .is_some()
    }

    /// A try at `key` by `who` was captured in `steps`; true when that is the best time.
    pub fn captured(&mut self, key: &str, who: &str, steps: u64) -> bool {
        let Some(t) = self.tally_mut(key, who) else {
            return false;
        };
        // A capture is always of a try counted as it began; a file that lost that count
        // still never shows more captures than tries.
        t.captures = t.captures.saturating_add(1);
        t.tries = t.tries.max(t.captures);
        let best = t.best_steps.is_none_or(|b| steps < b);
        if best {
            t.best_steps = Some(steps);
        }
        best
    }
}

#[cfg(test)]
mod tests;
