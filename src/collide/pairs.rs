//! The persistent set of overlapping pairs and the Enter/Stay/Exit events derived from it.
//!
//! The set is a sorted vector of [`pair_key`](super::sweep::pair_key)s. Each update the sweeps
//! produce this frame's keys; after one bucket sort, a single merge against last frame's keys
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
    /// Reused buffers for sorting `found`.
    scratch: SortScratch,
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
    /// Complexity: O(f + l) for f found and l previously live pairs (bucket sort, then merge);
    /// allocation-free once the buffers have grown.
    pub fn diff(
        &mut self,
        slots: &Slots,
        old_events: &[Event],
        events: &mut Vec<Event>,
        stats: &mut Stats,
    ) {
        sort_keys(&mut self.found, slots.meta.len(), &mut self.scratch);
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

/// Reused buffers for [`sort_keys`].
#[derive(Clone, Debug, Default)]
struct SortScratch {
    starts: Vec<u32>,
    tmp: Vec<u64>,
}

/// Sorts pair keys ascending, given that every slot is below `span`.
///
/// A key's high half is its lower slot, so one counting pass buckets the keys by lower slot
/// and leaves only each bucket (the partners of one box, usually a handful) to sort, in place
/// and in one forward walk. When `span` dwarfs the number of keys (a huge collider with few
/// pairs) the buckets would cost more than they save, and the std sort runs instead.
///
/// Complexity: O(n + span) plus the bucket sorts, O(b log b) each; O(n log n) on the fallback.
fn sort_keys(keys: &mut Vec<u64>, span: usize, scratch: &mut SortScratch) {
    let n = keys.len();
    if n < 64 || span > 4 * n + 4096 {
        keys.sort_unstable();
        return;
    }
    let starts = &mut scratch.starts;
    starts.clear();
    starts.resize(span + 1, 0);
    for &k in keys.iter() {
        starts[(k >> 32) as usize + 1] += 1;
    }
    for s in 1..starts.len() {
        starts[s] += starts[s - 1];
    }
    let tmp = &mut scratch.tmp;
    tmp.clear();
    tmp.resize(n, 0);
    for &k in keys.iter() {
        let s = (k >> 32) as usize;
        tmp[starts[s] as usize] = k;
        starts[s] += 1;
    }
    std::mem::swap(keys, tmp);
    // Buckets follow one another in order; each is insertion-sorted as the walk reaches it,
    // which for the usual handful of partners beats calling a general sort per bucket. A big
    // bucket (the player in a bullet cloud) gets the std sort instead.
    let mut first = 0;
    for i in 1..=n {
        if i < n && keys[i] >> 32 == keys[first] >> 32 {
            continue;
        }
        let bucket = &mut keys[first..i];
        if bucket.len() > 16 {
            bucket.sort_unstable();
        } else {
            for j in 1..bucket.len() {
                let k = bucket[j];
                let mut m = j;
                while m > 0 && bucket[m - 1] > k {
                    bucket[m] = bucket[m - 1];
                    m -= 1;
                }
                bucket[m] = k;
            }
        }
        first = i;
    }
}

#[cfg(test)]
mod tests {
    use super::super::sweep::pair_key;

    fn check(mut keys: Vec<u64>, span: usize) {
        let mut expect = keys.clone();
        expect.sort_unstable();
        super::sort_keys(&mut keys, span, &mut super::SortScratch::default());
        assert_eq!(keys, expect);
    }

    #[test]
    fn sort_keys_matches_std_sort() {
        let mut x = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for n in [0usize, 1, 63, 64, 1000, 5000] {
            let keys = (0..n)
                .map(|_| {
                    let r = next();
                    pair_key((r % 9000) as u32, (r >> 40) as u32 % 9000)
                })
                .collect();
            check(keys, 9000);
        }
        // One box meeting thousands (the player in a bullet cloud), found in descending order.
        check((1..5000).rev().map(|b| pair_key(0, b)).collect(), 5000);
        // Slots far beyond the number of keys take the fallback.
        let keys = (0..500)
            .map(|_| {
                let r = next();
                pair_key(r as u32 >> 4, (r >> 36) as u32)
            })
            .collect();
        check(keys, 1 << 28);
    }
}
