//! Finding the overlapping pairs between two layers' endpoint lists (or within one).
//!
//! Every function applies the edge rule of [`Aabb`] (strict inequalities) as its
//! exact test (via [`interiors_meet`]), appends each overlapping pair once as a [`pair_key`], and returns how many exact
//! tests it made.
//!
//! The sweeps are compiled again for newer vector instruction sets (`multiversion`'s `simd`
//! targets: x86-64's v2 and v3 levels, and an AVX-512 level that needs Ice Lake or Zen 4), and
//! the best the processor has is picked at run time. Their block test stays four lanes wide;
//! it takes fewer instructions (three-operand forms, no register copies; with AVX-512, compares
//! into mask registers). They compare and index alone, so every build finds the same pairs in
//! the same order.

use multiversion::multiversion;

use super::endpoints::EndpointList;
use crate::collide::aabb::interiors_meet;
use crate::collide::store::slots::pair_key;
use crate::collide::Aabb;

/// At most this many boxes on one side and the pair is scanned instead of swept: testing a
/// handful of boxes (the player, a bomb blast) against every box of the other list is cheaper
/// than keeping that list sorted, so a layer that only meets tiny layers is never sorted.
pub(super) const SCAN_LIMIT: usize = 8;

/// A box of a small layer, scanned against the layers of `layers` (one bit each): what
/// `scan.rs` tests, gathered into the collider's buffers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Probe {
    pub aabb: Aabb,
    pub id: u32,
    pub layers: u16,
}

#[inline(always)]
fn overlaps(l: &EndpointList, i: usize, m: &EndpointList, k: usize) -> bool {
    interiors_meet(l.min_x[i], l.max_x[i], m.min_x[k], m.max_x[k])
        && interiors_meet(l.min_y[i], l.max_y[i], m.min_y[k], m.max_y[k])
}

/// Boxes tested per block: the block's tests are branch-free so they vectorise, and the bits
/// of the few hits are walked afterwards.
const BLOCK: usize = 8;

/// Tests box `i` of `l` against the run of `m`, starting at `from`, of boxes whose `min.x`
/// lies before `l`'s `max.x` (`m` sorted on `min.x`). Returns the run length: the exact tests.
///
/// Complexity: O(run), in blocks of [`BLOCK`]; the run ends at the first block that contains a
/// box starting at or after `max.x`.
#[inline(always)]
fn test_run(l: &EndpointList, i: usize, m: &EndpointList, from: usize, out: &mut Vec<u64>) -> u64 {
    let (x0, x1, y0, y1) = (l.min_x[i], l.max_x[i], l.min_y[i], l.max_y[i]);
    let id = l.ids[i];
    let n = m.len();
    // Most runs are empty (a narrow shot rarely has an enemy starting under it): leave early.
    if from >= n || m.min_x[from] >= x1 {
        return 0;
    }
    let mut k = from;
    let mut tests = 0u64;
    while k + BLOCK <= n {
        let min_x: &[f32; BLOCK] = m.min_x[k..k + BLOCK].try_into().unwrap();
        let max_x: &[f32; BLOCK] = m.max_x[k..k + BLOCK].try_into().unwrap();
        let min_y: &[f32; BLOCK] = m.min_y[k..k + BLOCK].try_into().unwrap();
        let max_y: &[f32; BLOCK] = m.max_y[k..k + BLOCK].try_into().unwrap();
        let mut hits = 0u32;
        for t in 0..BLOCK {
            // A box past the run fails the x test by itself, so no masking is needed.
            let hit = interiors_meet(x0, x1, min_x[t], max_x[t])
                & interiors_meet(y0, y1, min_y[t], max_y[t]);
            hits |= (hit as u32) << t;
        }
        while hits != 0 {
            let t = hits.trailing_zeros() as usize;
            out.push(pair_key(id, m.ids[k + t]));
            hits &= hits - 1;
        }
        // `m` is sorted on `min.x`, so the run covers the whole block exactly when its last box
        // starts before `max.x`; only the block that ends the run needs counting box by box.
        if min_x[BLOCK - 1] >= x1 {
            return tests + min_x.partition_point(|&v| v < x1) as u64;
        }
        tests += BLOCK as u64;
        k += BLOCK;
    }
    while k < n && m.min_x[k] < x1 {
        tests += 1;
        if overlaps(l, i, m, k) {
            out.push(pair_key(id, m.ids[k]));
        }
        k += 1;
    }
    tests
}

/// Sweep of two lists sorted on `min.x`: boxes are visited in merged `min.x` order, and each
/// one is tested only against the other list's boxes that start at or after it and before it
/// ends, so each overlapping pair is found exactly once.
///
/// Complexity: O(|a| + |b| + x-overlapping candidates); nothing is spent on pairs within `a`
/// or within `b`.
#[multiversion(targets = "simd")]
pub(super) fn sweep_two(a: &EndpointList, b: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(a.sorted && b.sorted);
    let (mut i, mut j, mut tests) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        if a.min_x[i] <= b.min_x[j] {
            tests += test_run(a, i, b, j, out);
            i += 1;
        } else {
            tests += test_run(b, j, a, i, out);
            j += 1;
        }
    }
    tests
}

/// Pairs between two sorted lists found from the shorter one: for each of its boxes, the
/// longer list's candidates start at the first box whose `min.x` lies within the longer list's
/// width bound (`max_w`) to the left, found by galloping from the previous box's start, and
/// run while they start before the box ends. Each pair is tested once, from the short side.
///
/// Complexity: O(|short| · log(|long| / |short|) + candidates). Unlike [`sweep_two`] it never
/// walks the longer list as a whole, which matters when a few enemies of a band meet a band
/// full of shots, and when one band is paired with several.
#[multiversion(targets = "simd")]
pub(super) fn probe_two(a: &EndpointList, b: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(a.sorted && b.sorted);
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // Conservative margins cover the rounding of the width bound and of the subtraction, so
    // a box is skipped only if it surely ends at or before the probing box starts.
    let w = long.max_w as f64 * (1.0 + 1e-6);
    let (mut start, mut tests) = (0, 0u64);
    for i in 0..short.len() {
        let x = short.min_x[i] as f64;
        let t = x - w - x.abs() * 1e-9;
        start = gallop(&long.min_x, start, |m| (m as f64) < t);
        tests += test_run(short, i, long, start, out);
    }
    tests
}

/// The first index at or after `from` whose value fails `pred`, where `pred` holds on a
/// prefix of `v` that reaches at least `from`. O(log distance).
#[inline(always)]
fn gallop(v: &[f32], from: usize, pred: impl Fn(f32) -> bool) -> usize {
    let n = v.len();
    if from >= n || !pred(v[from]) {
        return from;
    }
    let (mut lo, mut step) = (from, 1);
    let mut hi = lo + step;
    while hi < n && pred(v[hi]) {
        lo = hi;
        step *= 2;
        hi = lo + step;
    }
    let hi = hi.min(n);
    lo + 1 + v[lo + 1..hi].partition_point(|&m| pred(m))
}

/// Sweep of one sorted list against itself, for a layer that meets its own kind.
/// Complexity: O(|a| + x-overlapping candidates).
#[multiversion(targets = "simd")]
pub(super) fn sweep_self(a: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(a.sorted);
    (0..a.len()).map(|i| test_run(a, i, a, i + 1, out)).sum()
}
