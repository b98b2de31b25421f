//! The persistent set of overlapping pairs and the Enter/Stay/Exit events derived from it.
//!
//! The set is a sorted vector of [`pair_key`](super::sweep::pair_key)s. Each update the sweeps
//! produce this frame's keys; after one radix sort, a single merge against last frame's keys
//! yields every event in key order. No hashing, so the event order depends only on slot numbers, which
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
    /// For each pair of `live`, the index of its event in the last update's events (where
    /// Stay and Exit copy it from).
    live_at: Vec<u32>,
    at_scratch: Vec<u32>,
    /// Reused buffers for the radix sort.
    scratch: RadixScratch,
}

impl PairSet {
    pub fn live(&self) -> &[u64] {
        &self.live
    }

    /// Turns this update's `found` keys into `events` and makes them the live set.
    ///
    /// `old_events` must be the previous update's events: `live_at` locates each live pair's
    /// Enter or Stay entry there, so Stay and Exit copy their pair from it, and only Enter builds
    /// a pair from the slot table. Slots of boxes removed by this
    /// update still hold their contacts (a freed slot is only overwritten by a later insert).
    ///
    /// Complexity: O(f + l) for f found and l previously live pairs (radix sort, then merge);
    /// allocation-free once the buffers have grown.
    pub fn diff(
        &mut self,
        slots: &Slots,
        old_events: &[Event],
        events: &mut Vec<Event>,
        stats: &mut Stats,
    ) {
        radix_sort(&mut self.found, &mut self.scratch);
        debug_assert!(
            self.found.windows(2).all(|w| w[0] < w[1]),
            "pair found twice"
        );
        events.clear();
        let (old, new) = (&self.live, &self.found);
        debug_assert_eq!(old.len(), self.live_at.len());
        events.reserve(old.len() + new.len());
        let at = &mut self.at_scratch;
        at.clear();
        at.reserve(new.len());
        // Keys are below u64::MAX (the lower slot is below the higher), so it ends a list.
        let key = |v: &[u64], k: usize| v.get(k).copied().unwrap_or(u64::MAX);
        let (mut i, mut j, mut entered) = (0, 0, 0);
        while i < old.len() || j < new.len() {
            let (o, n) = (key(old, i), key(new, j));
            if n < o {
                let (a, b) = key_slots(n);
                j += 1;
                entered += 1;
                at.push(events.len() as u32);
                events.push(Event {
                    kind: EventKind::Enter,
                    pair: Pair::new(
                        slots.meta[a as usize].contact,
                        slots.meta[b as usize].contact,
                    ),
                });
            } else {
                // Stay or Exit: the pair is copied from its last event, without a branch on
                // which of the two it is.
                let stay = o == n;
                let pair = old_events[self.live_at[i] as usize].pair;
                i += 1;
                j += stay as usize;
                if stay {
                    at.push(events.len() as u32);
                }
                events.push(Event {
                    kind: if stay {
                        EventKind::Stay
                    } else {
                        EventKind::Exit
                    },
                    pair,
                });
            }
        }
        stats.pairs_added += entered;
        stats.pairs_removed += old.len() - (new.len() - entered);
        std::mem::swap(&mut self.live_at, &mut self.at_scratch);
        std::mem::swap(&mut self.live, &mut self.found);
        self.found.clear();
        stats.live_pairs = self.live.len();
    }
}

/// Sorts keys ascending by least-significant-digit radix sort.
///
/// When both slots of every key fit in 16 bits (any collider of up to 65,536 boxes), the keys
/// are packed into `u32`s and sorted in three passes of 11 bits, skipping digits that are the
/// same in all keys; otherwise eight passes of one byte run on the full keys.
///
/// Complexity: O(n · passes); small inputs use the std sort.
#[derive(Clone, Debug, Default)]
struct RadixScratch {
    wide: Vec<u64>,
    packed: Vec<u32>,
    tmp: Vec<u32>,
}

fn radix_sort(keys: &mut Vec<u64>, scratch: &mut RadixScratch) {
    if keys.len() < 256 {
        keys.sort_unstable();
        return;
    }
    let all = keys.iter().fold(0u64, |acc, &k| acc | k);
    if all & 0xFFFF_0000_FFFF_0000 == 0 {
        let (mut packed, mut tmp) = (
            std::mem::take(&mut scratch.packed),
            std::mem::take(&mut scratch.tmp),
        );
        packed.clear();
        packed.extend(
            keys.iter()
                .map(|&k| ((k >> 16) as u32 & 0xFFFF_0000) | (k as u32 & 0xFFFF)),
        );
        // Every entry is written by the first pass that runs before it is read: no clearing.
        tmp.resize(packed.len(), 0);
        // All three digit histograms in one read of the keys.
        let mut counts = [[0u32; 2048]; 3];
        for &k in &packed {
            counts[0][(k & 0x7FF) as usize] += 1;
            counts[1][((k >> 11) & 0x7FF) as usize] += 1;
            counts[2][(k >> 22) as usize] += 1;
        }
        for (pass, shift) in [0u32, 11, 22].into_iter().enumerate() {
            let count = &mut counts[pass];
            // A digit shared by every key leaves the order as it is.
            if count[((packed[0] >> shift) & 0x7FF) as usize] as usize == packed.len() {
                continue;
            }
            let mut at = 0;
            for c in count.iter_mut() {
                let n = *c;
                *c = at;
                at += n;
            }
            for &k in &packed {
                let d = ((k >> shift) & 0x7FF) as usize;
                tmp[count[d] as usize] = k;
                count[d] += 1;
            }
            std::mem::swap(&mut packed, &mut tmp);
        }
        for (k, p) in keys.iter_mut().zip(&packed) {
            *k = (((p >> 16) as u64) << 32) | (p & 0xFFFF) as u64;
        }
        (scratch.packed, scratch.tmp) = (packed, tmp);
        return;
    }
    let first = keys[0];
    let varying = keys.iter().fold(0u64, |acc, &k| acc | (k ^ first));
    let scratch = &mut scratch.wide;
    scratch.clear();
    scratch.resize(keys.len(), 0);
    for byte in 0..8 {
        let shift = byte * 8;
        if (varying >> shift) & 0xff == 0 {
            continue;
        }
        let mut count = [0usize; 256];
        for &k in keys.iter() {
            count[((k >> shift) & 0xff) as usize] += 1;
        }
        let mut at = 0;
        for c in count.iter_mut() {
            let n = *c;
            *c = at;
            at += n;
        }
        for &k in keys.iter() {
            let d = ((k >> shift) & 0xff) as usize;
            scratch[count[d]] = k;
            count[d] += 1;
        }
        std::mem::swap(keys, scratch);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn radix_sort_matches_std_sort() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for n in [0usize, 1, 255, 256, 1000, 5000] {
            let mut keys: Vec<u64> = (0..n)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if n == 1000 && i % 3 == 0 {
                        x
                    } else {
                        super::super::sweep::pair_key((x % 9000) as u32, (x >> 40) as u32 % 9000)
                    }
                })
                .collect();
            let mut expect = keys.clone();
            expect.sort_unstable();
            super::radix_sort(&mut keys, &mut super::RadixScratch::default());
            assert_eq!(keys, expect);
        }
    }
}
