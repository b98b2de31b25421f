//! Finding the overlapping pairs between two layers' endpoint lists (or within one).
//!
//! Every function applies the edge rule of [`Aabb`](super::Aabb) (strict inequalities) as its
//! exact test (via [`interiors_meet`]), appends each overlapping pair once as a [`pair_key`], and returns how many exact
//! tests it made.

use super::aabb::interiors_meet;
use super::endpoints::EndpointList;

/// At most this many boxes on one side and the pair is scanned instead of swept: testing a
/// handful of boxes (the player, a bomb blast) against every box of the other list is cheaper
/// than keeping that list sorted, so a layer that only meets tiny layers is never sorted.
pub(super) const SCAN_LIMIT: usize = 8;

/// The persistent identity of a pair of slots, lower slot in the high half, so sorting keys
/// orders pairs by (lower slot, higher slot).
#[inline]
pub(super) fn pair_key(a: u32, b: u32) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((lo as u64) << 32) | hi as u64
}

/// The two slots of a key, lower first.
#[inline]
pub(super) fn key_slots(key: u64) -> (u32, u32) {
    ((key >> 32) as u32, key as u32)
}

#[inline]
fn overlaps(l: &EndpointList, i: usize, m: &EndpointList, k: usize) -> bool {
    interiors_meet(l.min_x[i], l.max_x[i], m.min_x[k], m.max_x[k])
        && interiors_meet(l.min_y[i], l.max_y[i], m.min_y[k], m.max_y[k])
}

/// Sweep of two lists sorted on `min.x`: boxes are visited in merged `min.x` order, and each
/// one is tested only against the other list's boxes that start before it ends.
///
/// Complexity: O(|a| + |b| + x-overlapping candidates); nothing is spent on pairs within `a`
/// or within `b`.
pub(super) fn sweep_two(a: &EndpointList, b: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(a.sorted && b.sorted);
    let (mut i, mut j, mut tests) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        if a.min_x[i] <= b.min_x[j] {
            let end = a.max_x[i];
            let mut k = j;
            while k < b.len() && b.min_x[k] < end {
                tests += 1;
                if overlaps(a, i, b, k) {
                    out.push(pair_key(a.ids[i], b.ids[k]));
                }
                k += 1;
            }
            i += 1;
        } else {
            let end = b.max_x[j];
            let mut k = i;
            while k < a.len() && a.min_x[k] < end {
                tests += 1;
                if overlaps(b, j, a, k) {
                    out.push(pair_key(b.ids[j], a.ids[k]));
                }
                k += 1;
            }
            j += 1;
        }
    }
    tests
}

/// Sweep of one sorted list against itself, for a layer that meets its own kind.
/// Complexity: O(|a| + x-overlapping candidates).
pub(super) fn sweep_self(a: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(a.sorted);
    let mut tests = 0u64;
    for i in 0..a.len() {
        let end = a.max_x[i];
        let mut k = i + 1;
        while k < a.len() && a.min_x[k] < end {
            tests += 1;
            if overlaps(a, i, a, k) {
                out.push(pair_key(a.ids[i], a.ids[k]));
            }
            k += 1;
        }
    }
    tests
}

/// Every box of the small list against every box of `big`, in any order.
///
/// Complexity: O(|small| · |big|) with |small| <= [`SCAN_LIMIT`]. The inner loop works in
/// blocks of eight with a branch-free test so it vectorises; hits are rare and handled after.
pub(super) fn scan_two(small: &EndpointList, big: &EndpointList, out: &mut Vec<u64>) -> u64 {
    const BLOCK: usize = 8;
    let n = big.len();
    for i in 0..small.len() {
        let (x0, x1, y0, y1) = (
            small.min_x[i],
            small.max_x[i],
            small.min_y[i],
            small.max_y[i],
        );
        let hit = |k: usize| {
            (x0.max(big.min_x[k]) < x1.min(big.max_x[k]))
                & (y0.max(big.min_y[k]) < y1.min(big.max_y[k]))
        };
        let mut k = 0;
        while k + BLOCK <= n {
            let mut bits = 0u32;
            for t in 0..BLOCK {
                bits |= (hit(k + t) as u32) << t;
            }
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                out.push(pair_key(small.ids[i], big.ids[k + t]));
                bits &= bits - 1;
            }
            k += BLOCK;
        }
        for k in k..n {
            if hit(k) {
                out.push(pair_key(small.ids[i], big.ids[k]));
            }
        }
    }
    (small.len() * n) as u64
}

/// Every pair within a small list. Complexity: O(|a|²) with |a| <= [`SCAN_LIMIT`].
pub(super) fn scan_self(a: &EndpointList, out: &mut Vec<u64>) -> u64 {
    let mut tests = 0u64;
    for i in 0..a.len() {
        for k in i + 1..a.len() {
            tests += 1;
            if overlaps(a, i, a, k) {
                out.push(pair_key(a.ids[i], a.ids[k]));
            }
        }
    }
    tests
}
