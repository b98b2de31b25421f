//! The persistent set of overlapping pairs and the Enter/Stay/Exit events derived from it.
//!
//! The set is a sorted vector of [`pair_key`](super::sweep::pair_key)s. Each update the sweeps
//! produce this frame's keys; after one bucket sort, a single merge against last frame's keys
//! yields every event in key order, packed (see [`super::events`]). No hashing, so the event
//! order depends only on slot numbers, which themselves depend only on the sequence of calls:
//! the collider is deterministic.

use super::events::{pair_of, PairEvents, DEPARTED, EXIT, STAY};
use super::slots::{Slots, State};
use super::sweep::key_slots;
use super::{Pair, Stats};

#[derive(Clone, Debug, Default)]
pub(super) struct PairSet {
    /// Pairs alive after the last update, sorted.
    live: Vec<u64>,
    /// This update's pairs as found by the sweeps; becomes `live` after `diff`.
    pub found: Vec<u64>,
    /// The last update's events, packed: the first `reported` entries.
    records: Vec<u64>,
    reported: usize,
    /// Exits of pairs that lost a box in the last update, stored whole.
    departed: Vec<Pair>,
    /// Reused buffers for sorting `found`.
    scratch: SortScratch,
}

impl PairSet {
    /// Room for `pairs` pairs among `slots` slots, written once (see `reserve::touched`).
    pub fn reserve(&mut self, pairs: usize, slots: usize) {
        use super::reserve::touched;
        // One more for the end marker `diff` puts on both lists.
        touched(&mut self.live, pairs + 1, 0);
        touched(&mut self.found, pairs + 1, 0);
        touched(&mut self.records, 2 * pairs, 0);
        touched(&mut self.scratch.starts, slots + 1, 0);
        touched(&mut self.scratch.tmp, pairs, 0);
        self.departed.reserve(pairs);
    }

    pub fn live(&self) -> &[u64] {
        &self.live
    }

    /// The last update's events.
    pub fn events<'a>(&'a self, slots: &'a Slots) -> PairEvents<'a> {
        PairEvents::packed(&self.records[..self.reported], slots, &self.departed)
    }

    /// Turns this update's `found` keys into the update's events and makes them the live set.
    ///
    /// `slots` must already reflect the update: boxes it removed are `Free`, and still hold
    /// their contacts (a freed slot is only overwritten by a later insert), which their Exits
    /// copy now since that insert may come before the events are read.
    ///
    /// Complexity: O(f + l) for f found and l previously live pairs (bucket sort, then merge);
    /// allocation-free once the buffers have grown.
    pub fn diff(&mut self, slots: &Slots, removed_any: bool, stats: &mut Stats) {
        sort_keys(&mut self.found, slots.meta.len(), &mut self.scratch);
        debug_assert!(
            self.found.windows(2).all(|w| w[0] < w[1]),
            "pair found twice"
        );
        let (ol, nl) = (self.live.len(), self.found.len());
        // Keys are below 2^62 (see `events::MAX_SLOTS`), so u64::MAX ends either list and the
        // merge needs no bounds tests of its own.
        self.live.push(u64::MAX);
        self.found.push(u64::MAX);
        let (old, new) = (&self.live[..], &self.found[..]);
        // Only grown, never cleared: the merge overwrites what it reports. The second half of
        // the merge writes from `ol + nl` on, then moves down.
        let records = &mut self.records;
        if records.len() < 2 * (ol + nl) {
            records.resize(2 * (ol + nl), 0);
        }
        // Two independent merges, of the keys below `new[split]` and of the rest, stepped in
        // turn: each step's positions depend on the keys the previous step loaded, so one merge
        // is a chain of loads, and two chains keep the processor twice as busy. The first half
        // needs no end markers of its own: `old[i_end]` and `new[j_end]` end it (every key
        // before them in the other list is smaller), as `u64::MAX` ends the second.
        let j_end = nl / 2;
        let i_end = old[..ol].partition_point(|&k| k < new[j_end]);
        let mut a = Merge::new(0, 0, 0);
        let mut b = Merge::new(i_end, j_end, ol + nl);
        while (a.i < i_end || a.j < j_end) && (b.i < ol || b.j < nl) {
            a.step(old, new, records);
            b.step(old, new, records);
        }
        while a.i < i_end || a.j < j_end {
            a.step(old, new, records);
        }
        while b.i < ol || b.j < nl {
            b.step(old, new, records);
        }
        records.copy_within(ol + nl..b.w, a.w);
        let w = a.w + b.w - (ol + nl);
        let entered = a.entered + b.entered;
        self.reported = w;
        self.live.pop();
        self.found.pop();
        self.departed.clear();
        if removed_any {
            for r in records[..w].iter_mut().filter(|r| **r & DEPARTED == EXIT) {
                let key = *r & !EXIT;
                let (a, b) = key_slots(key);
                if slots.head[a as usize].state == State::Free
                    || slots.head[b as usize].state == State::Free
                {
                    *r = DEPARTED | self.departed.len() as u64;
                    self.departed.push(pair_of(key, slots));
                }
            }
        }
        stats.pairs_added += entered;
        // Every live pair not found again left; every found pair not entering stayed.
        stats.pairs_removed += ol - (nl - entered);
        std::mem::swap(&mut self.live, &mut self.found);
        self.found.clear();
        stats.live_pairs = self.live.len();
    }
}

/// One branch-free merge of the last update's keys with this update's, from given positions.
struct Merge {
    i: usize,
    j: usize,
    w: usize,
    entered: usize,
}

impl Merge {
    fn new(i: usize, j: usize, w: usize) -> Self {
        Merge {
            i,
            j,
            w,
            entered: 0,
        }
    }

    /// Writes the next event: Enter, Stay or Exit. Branch-free: which comes next is data the
    /// predictor cannot learn, and a mispredicted branch per event cost more than the rest of
    /// the merge.
    #[inline(always)]
    fn step(&mut self, old: &[u64], new: &[u64], records: &mut [u64]) {
        let (o, n) = (old[self.i], new[self.j]);
        let (enter, stay) = (n < o, n == o);
        let kept = o | if stay { STAY } else { EXIT };
        records[self.w] = if enter { n } else { kept }; // ENTER is zero: the bare key
        self.w += 1;
        self.i += !enter as usize;
        self.j += (enter | stay) as usize;
        self.entered += enter as usize;
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
/// A key's high half is its lower slot, so a counting pass sizes one bucket per lower slot,
/// and a second pass places each key in its bucket by insertion (a bucket holds the partners
/// of one box, usually a handful). Should the insertions meet a big bucket in bad order (the
/// player in a bullet cloud) they stop after a budget of moves, the remaining keys are only
/// bucketed, and the std sort finishes the job. When `span` dwarfs the number of keys (a huge
/// collider with few pairs) the counting would cost more than it saves, and the std sort runs
/// instead.
///
/// When there are at least as many keys as slots (dense pairs: a swarm crossed by a stream
/// of shots, dozens of partners per box) the buckets are big and arrive in no useful order,
/// so a two-pass radix sort (by higher slot, then stably by lower slot) runs instead.
///
/// Complexity: O(n + span) when buckets are small or keys are dense; O(n log n) at worst.
fn sort_keys(keys: &mut Vec<u64>, span: usize, scratch: &mut SortScratch) {
    let n = keys.len();
    if n < 64 || span > 4 * n + 4096 {
        keys.sort_unstable();
        return;
    }
    if n >= span {
        return radix_sort_keys(keys, span, scratch);
    }
    let starts = &mut scratch.starts;
    starts.clear();
    starts.resize(span, 0);
    for &k in keys.iter() {
        starts[(k >> 32) as usize] += 1;
    }
    // The running sum stays in a register: reading back the entry just written would make
    // every step wait for the previous store.
    let mut sum = 0;
    for s in starts.iter_mut() {
        (*s, sum) = (sum, sum + *s);
    }
    // Each key is inserted into its bucket as it is placed, while that cache line is at hand.
    // Zero marks a place not filled yet: every key is above it (its higher slot is at least 1),
    // and every filled place below a bucket holds a key of a lower bucket, so the insertion
    // stops at the bucket's start without knowing where that is.
    let tmp = &mut scratch.tmp;
    tmp.clear();
    tmp.resize(n, 0);
    let mut budget = 8 * n;
    let mut rest = 0;
    for &k in keys.iter() {
        let s = &mut starts[(k >> 32) as usize];
        let mut p = *s as usize;
        *s += 1;
        while p > 0 && tmp[p - 1] > k {
            tmp[p] = tmp[p - 1];
            p -= 1;
        }
        tmp[p] = k;
        budget = budget.saturating_sub(*s as usize - 1 - p);
        rest += 1;
        if budget == 0 {
            break;
        }
    }
    // Out of budget (a big bucket in bad order: the player in a bullet cloud): place the rest
    // unordered and let the std sort finish.
    for &k in &keys[rest..] {
        let s = &mut starts[(k >> 32) as usize];
        tmp[*s as usize] = k;
        *s += 1;
    }
    std::mem::swap(keys, tmp);
    if budget == 0 {
        keys.sort_unstable();
    }
}

/// Sorts keys with every slot below `span` by two stable counting passes: on the higher slot
/// (low half), then on the lower slot (high half). O(n + span), no comparisons; each pass
/// reads its keys in order and scatters them into buckets.
fn radix_sort_keys(keys: &mut [u64], span: usize, scratch: &mut SortScratch) {
    let n = keys.len();
    let tmp = &mut scratch.tmp;
    tmp.clear();
    tmp.resize(n, 0);
    let starts = &mut scratch.starts;
    for (shift, from_keys) in [(0u32, true), (32, false)] {
        starts.clear();
        starts.resize(span, 0);
        let (src, dst): (&[u64], &mut [u64]) = if from_keys {
            (&keys[..], &mut tmp[..])
        } else {
            (&tmp[..], &mut keys[..])
        };
        for &k in src {
            starts[(k >> shift) as u32 as usize] += 1;
        }
        let mut sum = 0;
        for s in starts.iter_mut() {
            (*s, sum) = (sum, sum + *s);
        }
        for &k in src {
            let s = &mut starts[(k >> shift) as u32 as usize];
            dst[*s as usize] = k;
            *s += 1;
        }
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
        // One box meeting thousands (the player in a bullet cloud), found in descending order:
        // the insertions run out of budget part way and the std sort takes over.
        check((1..5000).rev().map(|b| pair_key(0, b)).collect(), 5000);
        // The same cloud with small buckets found before and after it.
        let mut keys: Vec<u64> = (0..3000)
            .map(|_| {
                let r = next();
                pair_key(1 + (r % 3000) as u32, 3001 + (r >> 40) as u32 % 3000)
            })
            .collect();
        keys.splice(1000..1000, (3001..6000).rev().map(|b| pair_key(7, b)));
        check(keys, 6001);
        // Dense pairs, more keys than slots: the radix sort.
        let keys = (0..20_000)
            .map(|_| {
                let r = next();
                pair_key((r % 3000) as u32, 3000 + (r >> 40) as u32 % 2000)
            })
            .collect::<std::collections::BTreeSet<u64>>()
            .into_iter()
            .rev()
            .collect();
        check(keys, 5000);
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
