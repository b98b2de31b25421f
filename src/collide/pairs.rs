//! The persistent set of overlapping pairs and the Enter/Stay/Exit events derived from it.
//!
//! The set is a sorted vector of [`pair_key`](super::sweep::pair_key)s. Each update the sweeps
//! produce this frame's keys; after one sort, a single merge against last frame's keys yields
//! every event in key order. No hashing, so the event order depends only on slot numbers, which
//! themselves depend only on the sequence of calls: the collider is deterministic.

use super::slots::Slots;
use super::sweep::key_slots;
use super::{Event, EventKind, Pair, Stats};

#[derive(Clone, Debug, Default)]
pub(super) struct PairSet {
    /// Pairs alive after the last update, sorted.
    live: Vec<u64>,
    /// This update's pairs as found by the sweeps; becomes `live` after `diff`.
    pub found: Vec<u64>,
}

impl PairSet {
    pub fn live(&self) -> &[u64] {
        &self.live
    }

    /// Turns this update's `found` keys into events and makes them the live set.
    ///
    /// Slots of boxes removed by this update must still hold their contacts (they do: a freed
    /// slot is only overwritten by a later `insert`). Complexity: O(f log f + l) for f found and
    /// l previously live pairs; allocation-free once the buffers have grown.
    pub fn diff(&mut self, slots: &Slots, events: &mut Vec<Event>, stats: &mut Stats) {
        self.found.sort_unstable();
        debug_assert!(
            self.found.windows(2).all(|w| w[0] < w[1]),
            "pair found twice"
        );
        events.clear();
        let pair = |key: u64| {
            let (a, b) = key_slots(key);
            Pair::new(
                slots.meta[a as usize].contact,
                slots.meta[b as usize].contact,
            )
        };
        let (old, new) = (&self.live, &self.found);
        let (mut i, mut j) = (0, 0);
        while i < old.len() || j < new.len() {
            let (kind, key) = if j == new.len() || (i < old.len() && old[i] < new[j]) {
                i += 1;
                stats.pairs_removed += 1;
                (EventKind::Exit, old[i - 1])
            } else if i == old.len() || new[j] < old[i] {
                j += 1;
                stats.pairs_added += 1;
                (EventKind::Enter, new[j - 1])
            } else {
                i += 1;
                j += 1;
                (EventKind::Stay, new[j - 1])
            };
            events.push(Event {
                kind,
                pair: pair(key),
            });
        }
        std::mem::swap(&mut self.live, &mut self.found);
        self.found.clear();
        stats.live_pairs = self.live.len();
    }
}
