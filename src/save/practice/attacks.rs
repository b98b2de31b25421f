//! The practice record's boss attacks (PRACTICE > BOSS ATTACKS): which named boss phases a game
//! has met, and for each, per pilot and difficulty, its tries, captures and best time to clear.
//! Kept in `practice.ron` beside the stages' bests (the record's own methods, in
//! [`save::practice`](super), keep them); an older file without them loads with none. Here: a
//! tally, its key, and the limits a loaded file is held to.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::sim::Character;

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

/// Whether `key` is a name worth keeping: not empty, and at most `max` bytes.
pub(super) fn fits(key: &str, max: usize) -> bool {
    !key.is_empty() && key.len() <= max
}

/// Trims what a loaded file says of attacks (the practice record's `met`, `attacks` and
/// `last_attack`) to the limits, and keeps every tally possible: no more captures than tries,
/// no best time without a capture.
pub(super) fn normalise(
    met: &mut BTreeSet<String>,
    attacks: &mut BTreeMap<String, BTreeMap<String, AttackTally>>,
    last_attack: &mut Option<String>,
) {
    if last_attack
        .as_deref()
        .is_some_and(|k| !fits(k, MAX_ATTACK_KEY))
    {
        *last_attack = None;
    }
    met.retain(|k| fits(k, MAX_ATTACK_KEY));
    while met.len() > MAX_ATTACKS {
        met.pop_last();
    }
    attacks.retain(|k, _| fits(k, MAX_ATTACK_KEY));
    while attacks.len() > MAX_ATTACKS {
        attacks.pop_last();
    }
    for tallies in attacks.values_mut() {
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
    attacks.retain(|_, t| !t.is_empty());
}
