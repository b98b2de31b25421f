//! The practice record's boss attacks (PRACTICE > BOSS ATTACKS): which named boss phases a game
//! has met, and for each, per pilot and difficulty, its tries, captures and best time to clear.
//! Kept in `practice.ron` beside the stages' bests; an older file without them loads with none.

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::sim::Character;

use super::practice::PracticeRecord;

/// Most attacks kept, met or tried: a hostile file cannot make the record grow without end.
pub const MAX_ATTACKS: usize = 512;
/// Longest attack key kept (`stage2.ron/tidewarden/Tidal Lance`), in bytes.
pub const MAX_ATTACK_KEY: usize = 200;
/// Most pilot and difficulty entries kept for one attack.
pub const MAX_TALLIES: usize = 64;

/// How one attack has gone for one pilot on one difficulty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AttackTally {
    /// Times the phase began in BOSS ATTACKS.
    pub tries: u32,
    /// Tries whose phase ended with no death and no bomb.
    pub captures: u32,
    /// Fewest steps of the 60 Hz clock a capture took, from the phase's start to its end.
    pub best_steps: Option<u64>,
}

/// The key of a pilot, difficulty and loop in an attack's tallies: `vela normal`, and
/// `vela normal loop 2` on the second loop.
pub fn tally_key(pilot: Character, difficulty: Difficulty, loop_number: u32) -> String {
    let base = format!("{} {}", pilot.name(), difficulty.name()).to_lowercase();
    match loop_number {
        0 | 1 => base,
        n => format!("{base} loop {n}"),
    }
}

fn fits(key: &str, max: usize) -> bool {
    !key.is_empty() && key.len() <= max
}

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

    /// How attack `key` has gone for `who` (see [`tally_key`]).
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

    /// Trims what a loaded file says of attacks to the limits, and keeps every tally possible:
    /// no more captures than tries, no best time without a capture.
    pub(super) fn normalise_attacks(&mut self) {
        if self
            .last_attack
            .as_deref()
            .is_some_and(|k| !fits(k, MAX_ATTACK_KEY))
        {
            self.last_attack = None;
        }
        self.met.retain(|k| fits(k, MAX_ATTACK_KEY));
        while self.met.len() > MAX_ATTACKS {
            self.met.pop_last();
        }
        self.attacks.retain(|k, _| fits(k, MAX_ATTACK_KEY));
        while self.attacks.len() > MAX_ATTACKS {
            self.attacks.pop_last();
        }
        for tallies in self.attacks.values_mut() {
            tallies.retain(|k, _| fits(k, MAX_ATTACK_KEY));
            while tallies.len() > MAX_TALLIES {
                tallies.pop_last();
            }
            for t in tallies.values_mut() {
                t.captures = t.captures.min(t.tries);
                if t.captures == 0 {
                    t.best_steps = None;
                }
            }
        }
        self.attacks.retain(|_, t| !t.is_empty());
    }
}

#[cfg(test)]
#[path = "attacks_tests.rs"]
mod tests;
