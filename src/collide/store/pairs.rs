//! The persistent set of overlapping pairs and the Enter/Stay/Exit events derived from it.
//!
//! The set is a sorted vector of [`pair_key`](super::slots::pair_key)s. Each update the sweeps
//! produce this frame's keys; after one bucket sort, a single merge against last frame's keys
//! yields every event in key order, packed (see `events.rs`). No hashing, so the event order
//! depends only on slot numbers, which themselves depend only on the sequence of calls:
//! the collider is deterministic.

use super::slots::{key_slots, Slots, State};
use crate::collide::events::{pair_of, PairEvents, DEPARTED, EXIT, STAY};
use crate::collide::{Pair, Stats};

#[derive(Clone, Debug, Default)]
pub(in crate::collide) struct PairSet {
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
    /// Room for `pairs` pairs among `slots` slots, written once (see `reserve_touched`).
    pub fn reserve(&mut self, pairs: usize, slots: usize) {
        use super::reserve::reserve_touched;
        // One more for the end marker `diff` puts on both lists.
        reserve_touched(&mut self.live, pairs + 1, 0);
        reserve_touched(&mut self.found, pairs + 1, 0);
        reserve_touched(&mut self.records, 2 * pairs, 0);
        reserve_touched(&mut self.scratch.starts, 2 * slots + 1, 0);
        reserve_touched(&mut self.scratch.tmp, pairs, 0);
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
        // Keys are below 2^62 (see `Config::MAX_CAPACITY`), so u64::MAX ends either list and the
        // merge needs no bounds tests of its own.
        self.live.push(u64::MAX);
        self.found.push(u64::MAX);
        let (old, new) = (&self.live[..], &self.found[..]);
        // Only grown, never cleared: the merge overwrites what it reports.
        let records = &mut self.records;
        if records.len() < ol + nl {
            records.resize(ol + nl, 0);
        }
        // CHAINS independent merges, each of the keys between two split points of `new`,
        // stepped in turn: each step's positions depend on the keys the previous step loaded,
        // so one merge is a chain of loads, and several chains keep the processor busy. Chain
        // `c` starts at (i, j) and writes from `i + j`: every record consumes at least one key,
        // so the chains before it wrote fewer, and their records are moved down afterwards.
        // A chain needs no end markers of its own: `old[i_end]` and `new[j_end]` end it
        // (every key before them in the other list is smaller), as `u64::MAX` ends the last.
        let mut chains: [Merge; CHAINS] = std::array::from_fn(|c| {
            let j = nl * c / CHAINS;
            // The first chain also takes the old keys below the first new one.
            let i = if c == 0 {
                0
            } else {
                old[..ol].partition_point(|&k| k < new[j])
            };
            Merge::new(i, j, i + j)
        });
        let ends: [(usize, usize); CHAINS] = std::array::from_fn(|c| match chains.get(c + 1) {
            Some(next) => (next.i, next.j),
            None => (ol, nl),
        });
        // A chain with `ri` old and `rj` new keys left takes at least max(ri, rj) more steps
        // (each step consumes one old key, one new key or both), so every chain still running
        // can take the fewest of those without testing its ends: the loop tests once per
        // round, not once per step. Finished chains are swapped behind the running ones.
        let left = |m: &Merge, (i_end, j_end): (usize, usize)| (i_end - m.i).max(j_end - m.j);
        let mut order: [usize; CHAINS] = std::array::from_fn(|c| c);
        let mut running = CHAINS;
        loop {
            let mut c = 0;
            while c < running {
                if left(&chains[order[c]], ends[order[c]]) == 0 {
                    running -= 1;
                    order.swap(c, running);
                } else {
                    c += 1;
                }
            }
            if running == 0 {
                break;
            }
            let steps = order[..running]
                .iter()
                .map(|&c| left(&chains[c], ends[c]))
                .min()
                .unwrap_or(0);
            if running == CHAINS {
                step_all(&mut chains, steps, old, new, records);
            } else {
                for _ in 0..steps {
                    for &c in &order[..running] {
                        chains[c].step(old, new, records);
                    }
                }
            }
        }
        let (mut w, mut entered) = (0, 0);
        for m in &chains {
            records.copy_within(m.base..m.w, w);
            w += m.w - m.base;
            entered += m.entered();
        }
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

/// Merges [`PairSet::diff`] steps in turn.
const CHAINS: usize = 4;

/// One branch-free merge of the last update's keys with this update's, from given positions.
struct Merge {
    i: usize,
    j: usize,
    /// Where the merge writes its next record, and where it wrote its first.
    w: usize,
    base: usize,
    /// Where `i` started.
    i0: usize,
}

impl Merge {
    fn new(i: usize, j: usize, w: usize) -> Self {
        Merge {
            i,
            j,
            w,
            base: w,
            i0: i,
        }
    }

    /// The Enters written so far: each record consumed a new key alone (Enter), an old key
    /// alone (Exit) or one of each (Stay), so it is the records less the old keys consumed.
    /// Counted at the end rather than at every step.
    fn entered(&self) -> usize {
        (self.w - self.base) - (self.i - self.i0)
    }

    /// Writes the next event: Enter, Stay or Exit.
    #[inline(always)]
    fn step(&mut self, old: &[u64], new: &[u64], records: &mut [u64]) {
        let (i, j) = record(old, new, self.i, self.j, &mut records[self.w]);
        (self.i, self.j) = (i, j);
        self.w += 1;
    }
}

/// The record of the merge step at old key `i` and new key `j` into `out`, and the positions
/// after it. Branch-free: which comes next is data the predictor cannot learn, and a
/// mispredicted branch per event cost more than the rest of the merge.
#[inline(always)]
fn record(old: &[u64], new: &[u64], i: usize, j: usize, out: &mut u64) -> (usize, usize) {
    let (o, n) = (old[i], new[j]);
    let (enter, stay) = (n < o, n == o);
    let kept = o | if stay { STAY } else { EXIT };
    *out = if enter { n } else { kept }; // ENTER is zero: the bare key
    (i + !enter as usize, j + (enter | stay) as usize)
}

/// `steps` steps of every chain, each of which has at least that many left. The positions
/// live in locals and each chain writes through a slice of exactly `steps` records, so the
/// loop keeps its state in registers and its writes need no bounds tests.
fn step_all(chains: &mut [Merge; CHAINS], steps: usize, old: &[u64], new: &[u64], out: &mut [u64]) {
    let mut i: [usize; CHAINS] = std::array::from_fn(|c| chains[c].i);
    let mut j: [usize; CHAINS] = std::array::from_fn(|c| chains[c].j);
    // The chains write disjoint, ascending ranges of `out`.
    let mut outs: [&mut [u64]; CHAINS] = Default::default();
    let (mut rest, mut at) = (out, 0);
    for (m, o) in chains.iter().zip(&mut outs) {
        let (_, tail) = std::mem::take(&mut rest).split_at_mut(m.w - at);
        let (mine, tail) = tail.split_at_mut(steps);
        (*o, rest, at) = (mine, tail, m.w + steps);
    }
    for s in 0..steps {
        for ((i, j), out) in i.iter_mut().zip(&mut j).zip(&mut outs) {
            (*i, *j) = record(old, new, *i, *j, &mut out[s]);
        }
    }
    for (c, m) in chains.iter_mut().enumerate() {
        (m.i, m.j) = (i[c], j[c]);
        m.w += steps;
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

/// Sorts keys with every slot below `span` by two counting passes: on the higher slot (low
/// half), then stably on the lower slot (high half). O(n + span), no comparisons.
///
/// One read of the keys counts both passes' buckets. The counting and the first pass take
/// the keys from both halves of the list in turn: one box's partners are found together, so
/// neighbouring keys often share a bucket, and each would wait for the store of the one
/// before it. Order within a first-pass bucket does not matter (its keys share the higher
/// slot and the second pass orders them by the lower), so the first pass may take the keys
/// in any order; the second, which must be stable, reads them in order, and by then
/// neighbours rarely share a bucket.
fn radix_sort_keys(keys: &mut [u64], span: usize, scratch: &mut SortScratch) {
    let n = keys.len();
    // Every place of `tmp` is written before it is read: only grown, never cleared.
    let tmp = &mut scratch.tmp;
    if tmp.len() < n {
        tmp.resize(n, 0);
    }
    let tmp = &mut tmp[..n];
    let starts = &mut scratch.starts;
    starts.clear();
    starts.resize(2 * span, 0);
    let (high, low) = starts.split_at_mut(span);
    let hi = |k: u64| k as u32 as usize;
    let lo = |k: u64| (k >> 32) as usize;
    let (front, back) = keys.split_at(n / 2);
    for (&a, &b) in front.iter().zip(back) {
        high[hi(a)] += 1;
        low[lo(a)] += 1;
        high[hi(b)] += 1;
        low[lo(b)] += 1;
    }
    if let Some(&k) = back.get(front.len()) {
        high[hi(k)] += 1;
        low[lo(k)] += 1;
    }
    // Running sums in a register: reading back the entry just written would make every step
    // wait for the previous store.
    for counts in [&mut *high, &mut *low] {
        let mut sum = 0;
        for s in counts.iter_mut() {
            (*s, sum) = (sum, sum + *s);
        }
    }
    let mut place = |k: u64, dst: &mut [u64]| {
        let s = &mut high[hi(k)];
        dst[*s as usize] = k;
        *s += 1;
    };
    for (&a, &b) in front.iter().zip(back) {
        place(a, tmp);
        place(b, tmp);
    }
    if let Some(&k) = back.get(front.len()) {
        place(k, tmp);
    }
    for &k in tmp.iter() {
        let s = &mut low[lo(k)];
        keys[*s as usize] = k;
        *s += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::slots::pair_key;

    fn check(mut keys: Vec<u64>, span: usize) {
        let mut expect = keys.clone();
        expect.sort_unstable();
        super::sort_keys(&mut keys, span, &mut super::SortScratch::default());
        assert_eq!(keys, expect);
    }

    /// `n` keys, each `key(r)` of a fresh xorshift draw `r`: the same draws, run after run.
    struct Keys(u64);

    impl Keys {
        fn draw(&mut self, n: usize, key: impl Fn(u64) -> u64) -> Vec<u64> {
            (0..n)
                .map(|_| {
                    let x = &mut self.0;
                    *x ^= *x << 13;
                    *x ^= *x >> 7;
                    *x ^= *x << 17;
                    key(*x)
                })
                .collect()
        }

        /// [`Keys::draw`], each key once, in descending order.
        fn distinct_descending(&mut self, n: usize, key: impl Fn(u64) -> u64) -> Vec<u64> {
            let set: BTreeSet<u64> = self.draw(n, key).into_iter().collect();
            set.into_iter().rev().collect()
        }
    }

    #[test]
    fn sort_keys_matches_std_sort() {
        let mut keys = Keys(0x1234_5678_9abc_def1);
        for n in [0usize, 1, 63, 64, 1000, 5000] {
            check(
                keys.draw(n, |r| pair_key((r % 9000) as u32, (r >> 40) as u32 % 9000)),
                9000,
            );
        }
        // One box meeting thousands (the player in a bullet cloud), found in descending order:
        // the insertions run out of budget part way and the std sort takes over.
        check((1..5000).rev().map(|b| pair_key(0, b)).collect(), 5000);
        // The same cloud with small buckets found before and after it.
        let mut cloud = keys.draw(3000, |r| {
            pair_key(1 + (r % 3000) as u32, 3001 + (r >> 40) as u32 % 3000)
        });
        cloud.splice(1000..1000, (3001..6000).rev().map(|b| pair_key(7, b)));
        check(cloud, 6001);
        // Dense pairs, more keys than slots: the radix sort.
        let dense = |r: u64| pair_key((r % 3000) as u32, 3000 + (r >> 40) as u32 % 2000);
        check(keys.distinct_descending(20_000, dense), 5000);
        // The same with an odd number of keys: the radix sort's halves leave one over.
        let mut odd = keys.distinct_descending(9_001, dense);
        odd.reverse();
        odd.truncate(odd.len() / 2 * 2 - 1);
        odd.reverse();
        check(odd, 5000);
        // Dense pairs among more slots than 16 bits hold.
        let wide = keys.distinct_descending(90_000, |r| {
            pair_key((r % 70_000) as u32, (r >> 40) as u32 % 70_000 + 1)
        });
        let wide = wide.into_iter().filter(|&k| k >> 32 != k & 0xFFFF_FFFF);
        check(wide.collect(), 70_001);
        // Slots far beyond the number of keys take the fallback.
        check(
            keys.draw(500, |r| pair_key(r as u32 >> 4, (r >> 36) as u32)),
            1 << 28,
        );
    }
}
