//! The boxes of one layer in one horizontal band as endpoint arrays (struct of arrays), kept
//! sorted on `min.x` from frame to frame when some sweep needs them sorted.
//!
//! Only the x axis is sorted. Opposing streams (shots up, bullets down) make the vertical order
//! churn every frame, while sideways motion is slow; and because every layer has its own lists,
//! boxes of layers that never meet never swap against each other at all. The vertical axis is
//! pruned coarsely instead: a box lives in the list of the band holding its top edge (`min.y`),
//! and a sweep only pairs bands that boxes can reach across (see [`band_of`]). Layers that are
//! only scanned, never swept, skip the bands: their boxes stay in whichever list they joined.

use crate::collide::store::slots::Slots;
use crate::collide::{Aabb, Layer};

/// Height of a band. The playfield is 320 px tall, so it is cut into ten bands; a box may be
/// any size (tall boxes just make their list reach further) and anywhere (outside the field
/// it joins the first or last band).
pub(super) const BAND_HEIGHT: f32 = 32.0;
/// Number of bands.
pub(super) const BANDS: usize = 10;

/// Index of the list holding `layer`'s boxes in `band`.
#[inline]
pub(super) fn list_index(layer: Layer, band: usize) -> usize {
    layer.index() * BANDS + band
}

/// The `min.y` range of band `band`: the first and last bands are open-ended.
#[inline]
pub(super) fn band_range(band: usize) -> (f32, f32) {
    let lo = if band == 0 {
        f32::NEG_INFINITY
    } else {
        band as f32 * BAND_HEIGHT
    };
    let hi = if band == BANDS - 1 {
        f32::INFINITY
    } else {
        (band + 1) as f32 * BAND_HEIGHT
    };
    (lo, hi)
}

/// The band of a box whose top edge is at `min_y`.
#[inline]
pub(super) fn band_of(min_y: f32) -> usize {
    // `as` saturates, and negative values clamp to band 0.
    ((min_y * (1.0 / BAND_HEIGHT)) as usize).min(BANDS - 1)
}

/// A layer's endpoints. Index `i` of every array describes the same box, `ids[i]` its slot.
#[derive(Clone, Debug, Default)]
pub(super) struct EndpointList {
    pub ids: Vec<u32>,
    pub min_x: Vec<f32>,
    pub max_x: Vec<f32>,
    pub min_y: Vec<f32>,
    pub max_y: Vec<f32>,
    /// True when `min_x` is non-decreasing. Lists that no sweep needs are left unsorted.
    pub sorted: bool,
    /// True when the list keeps its slots alone and no coordinates (the coordinate arrays are
    /// empty): a list that is only scanned and whose layer never held a swept box, whose
    /// tested boxes are the slot table's current boxes. The scan reads those where the caller
    /// wrote them (see `scan.rs`), so the update copies nothing. Set by each
    /// [`EndpointList::refresh`].
    pub direct: bool,
    /// An upper bound on the height of the boxes in the list: how far below its band a box of
    /// this list can reach.
    pub max_h: f32,
    /// An upper bound on the width of the boxes in the list: how far left of a box's `min.x`
    /// the `min.x` of a box overlapping it can lie (see `sweep::probe_two`).
    pub max_w: f32,
    /// Boxes entering the list at this update, with their tested boxes: new ones, teleported
    /// ones taken out of their list, and ones whose top edge moved into this band.
    pub batch: Vec<(Aabb, u32)>,
    /// Reused scratch for sorting batches and full re-sorts.
    scratch: Vec<(Aabb, u32)>,
}

impl EndpointList {
    /// Room for `n` more boxes, written once (see `reserve_touched`): in the arrays, and in
    /// the batch and scratch lists a whole list may pass through.
    pub fn reserve(&mut self, n: usize) {
        use crate::collide::reserve_touched;
        reserve_touched(&mut self.ids, n, 0);
        for v in self.coords_mut() {
            reserve_touched(v, n, 0.0);
        }
        reserve_touched(&mut self.batch, n, (Aabb::default(), 0));
        reserve_touched(&mut self.scratch, n, (Aabb::default(), 0));
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    #[inline(always)]
    fn set(&mut self, i: usize, id: u32, b: &Aabb) {
        self.ids[i] = id;
        self.min_x[i] = b.min.x;
        self.max_x[i] = b.max.x;
        self.min_y[i] = b.min.y;
        self.max_y[i] = b.max.y;
    }

    /// Appends slot `id` without its coordinates, leaving the coordinate arrays short: only
    /// for a list whose next [`EndpointList::refresh`] is unbanded, which loads them (or drops
    /// them all, for a direct list).
    #[inline]
    pub fn push_id(&mut self, id: u32) {
        self.ids.push(id);
    }

    fn truncate(&mut self, n: usize) {
        self.ids.truncate(n);
        if self.direct {
            return;
        }
        self.min_x.truncate(n);
        self.max_x.truncate(n);
        self.min_y.truncate(n);
        self.max_y.truncate(n);
    }

    /// Drops every entry whose slot `keep` rejects, preserving order, in one pass.
    /// O(len); each kept entry that moves gets its back-pointer rewritten.
    pub fn compact(&mut self, slots: &mut Slots, keep: impl Fn(&Slots, u32) -> bool) {
        let mut w = 0;
        for r in 0..self.ids.len() {
            let id = self.ids[r];
            if !keep(slots, id) {
                continue;
            }
            if w != r && self.direct {
                self.ids[w] = id;
                slots.pos[id as usize] = w as u32;
            } else if w != r {
                self.ids[w] = id;
                self.min_x[w] = self.min_x[r];
                self.max_x[w] = self.max_x[r];
                self.min_y[w] = self.min_y[r];
                self.max_y[w] = self.max_y[r];
                slots.pos[id as usize] = w as u32;
            }
            w += 1;
        }
        self.truncate(w);
    }

    /// Takes entry `i` out in O(1) by moving the last entry into its place: only for a list
    /// whose order does not matter (unsorted).
    pub fn swap_remove(&mut self, i: usize, slots: &mut Slots) {
        debug_assert!(!self.sorted);
        let last = self.ids.len() - 1;
        if i != last && self.direct {
            let id = self.ids[last];
            self.ids[i] = id;
            slots.pos[id as usize] = i as u32;
        } else if i != last {
            let id = self.ids[last];
            let b = self.boxed(last);
            self.set(i, id, &b);
            slots.pos[id as usize] = i as u32;
        }
        self.truncate(last);
    }

    /// Reloads every entry's tested box from the slots, in list order; `any_swept` is false
    /// only when no box of the list's layer ever swept its motion (see `Slots::swept_layers`).
    /// Unbanded without a swept box, the list goes [`direct`](EndpointList::direct) instead
    /// and loads nothing. When `banded`, takes out the boxes whose top edge left this list's `band`: they are appended to `moved` as
    /// (band, tested box, slot). A sorted list is compacted in order; an unsorted one fills
    /// each hole with its last entry, so the boxes that stay are not rewritten. O(len).
    pub fn refresh(
        &mut self,
        slots: &mut Slots,
        band: usize,
        banded: bool,
        any_swept: bool,
        moved: &mut Vec<(usize, Aabb, u32)>,
    ) {
        if !banded && !any_swept {
            return self.go_direct();
        }
        if self.direct {
            // Coordinates again: every entry is loaded below (`reload_with` sizes the arrays,
            // the banded passes write every entry they keep).
            self.direct = false;
            let len = self.ids.len();
            for v in self.coords_mut() {
                v.resize(len, 0.0);
            }
        }
        if !banded {
            return self.reload(slots);
        }
        debug_assert_eq!(self.min_x.len(), self.ids.len(), "push_id on a banded list");
        let (lo, hi) = band_range(band);
        if !self.sorted {
            return self.refresh_unsorted(slots, (lo, hi), moved);
        }
        let mut w = 0;
        let (mut max_h, mut max_w) = (0.0f32, 0.0f32);
        for r in 0..self.ids.len() {
            let id = self.ids[r];
            let b = slots.take_tested(id as usize);
            if !(lo <= b.min.y && b.min.y < hi) {
                moved.push((band_of(b.min.y), b, id));
                continue;
            }
            let h = b.max.y - b.min.y;
            max_h = if h > max_h { h } else { max_h };
            let wd = b.max.x - b.min.x;
            max_w = if wd > max_w { wd } else { max_w };
            if w != r {
                self.ids[w] = id;
                slots.pos[id as usize] = w as u32;
            }
            self.min_x[w] = b.min.x;
            self.max_x[w] = b.max.x;
            self.min_y[w] = b.min.y;
            self.max_y[w] = b.max.y;
            w += 1;
        }
        self.truncate(w);
        self.max_h = max_h;
        self.max_w = max_w;
    }

    /// Drops the coordinates: a direct list's boxes are the slots' current boxes. The height
    /// and width bounds only serve sweeps, which never read a direct list. O(1).
    fn go_direct(&mut self) {
        self.direct = true;
        for v in self.coords_mut() {
            v.clear();
        }
    }

    /// The four coordinate arrays, which a direct list keeps empty and a banded one as long
    /// as `ids`.
    fn coords_mut(&mut self) -> [&mut Vec<f32>; 4] {
        [
            &mut self.min_x,
            &mut self.max_x,
            &mut self.min_y,
            &mut self.max_y,
        ]
    }

    /// The tested box of entry `i`: its coordinates, or for a direct list its slot's current
    /// box.
    #[inline]
    pub fn tested(&self, i: usize, slots: &Slots) -> Aabb {
        if self.direct {
            slots.cur[self.ids[i] as usize]
        } else {
            self.boxed(i)
        }
    }

    /// `refresh` without bands, for a layer that has held a swept box: nothing leaves, so
    /// every entry is rewritten in place in one straight pass (no length changes, no bounds
    /// checks in the loop). Entries appended to `ids` alone since the last update (see
    /// [`EndpointList::push_id`]) get their coordinates here. (A layer that never held one
    /// keeps no coordinates at all: see [`EndpointList::direct`].)
    fn reload(&mut self, slots: &mut Slots) {
        self.reload_with(|id| slots.take_tested(id as usize));
    }

    fn reload_with(&mut self, mut tested: impl FnMut(u32) -> Aabb) {
        let n = self.ids.len();
        for v in [
            &mut self.min_x,
            &mut self.max_x,
            &mut self.min_y,
            &mut self.max_y,
        ] {
            v.resize(n, 0.0);
        }
        let (mut max_h, mut max_w) = (0.0f32, 0.0f32);
        let boxes = self
            .min_x
            .iter_mut()
            .zip(self.max_x.iter_mut())
            .zip(self.min_y.iter_mut().zip(self.max_y.iter_mut()));
        for (&id, ((x0, x1), (y0, y1))) in self.ids.iter().zip(boxes) {
            let b = tested(id);
            (*x0, *x1, *y0, *y1) = (b.min.x, b.max.x, b.min.y, b.max.y);
            let (h, w) = (b.max.y - b.min.y, b.max.x - b.min.x);
            max_h = if h > max_h { h } else { max_h };
            max_w = if w > max_w { w } else { max_w };
        }
        self.max_h = max_h;
        self.max_w = max_w;
    }

    fn refresh_unsorted(
        &mut self,
        slots: &mut Slots,
        (lo, hi): (f32, f32),
        moved: &mut Vec<(usize, Aabb, u32)>,
    ) {
        let (mut max_h, mut max_w) = (0.0f32, 0.0f32);
        let mut r = 0;
        while r < self.ids.len() {
            let id = self.ids[r];
            let b = slots.take_tested(id as usize);
            if !(lo <= b.min.y && b.min.y < hi) {
                moved.push((band_of(b.min.y), b, id));
                // The last entry takes this place and is refreshed next.
                let last = self.ids.len() - 1;
                if r != last {
                    let lid = self.ids[last];
                    self.ids[r] = lid;
                    slots.pos[lid as usize] = r as u32;
                }
                self.truncate(last);
                continue;
            }
            let h = b.max.y - b.min.y;
            max_h = if h > max_h { h } else { max_h };
            let wd = b.max.x - b.min.x;
            max_w = if wd > max_w { wd } else { max_w };
            self.min_x[r] = b.min.x;
            self.max_x[r] = b.max.x;
            self.min_y[r] = b.min.y;
            self.max_y[r] = b.max.y;
            r += 1;
        }
        self.max_h = max_h;
        self.max_w = max_w;
    }

    /// Restores `min_x` order by insertion sort, returning the number of adjacent exchanges.
    ///
    /// Complexity: O(len + swaps). Coherent motion keeps `swaps` small, which is the point of
    /// keeping the order from the previous frame instead of sorting from scratch.
    pub fn insertion_sort(&mut self, slots: &mut Slots) -> u64 {
        let mut swaps = 0u64;
        for j in 1..self.ids.len() {
            let key = self.min_x[j];
            if self.min_x[j - 1] <= key {
                continue;
            }
            let (id, max_x, min_y, max_y) =
                (self.ids[j], self.max_x[j], self.min_y[j], self.max_y[j]);
            let mut i = j;
            while i > 0 && self.min_x[i - 1] > key {
                self.ids[i] = self.ids[i - 1];
                self.min_x[i] = self.min_x[i - 1];
                self.max_x[i] = self.max_x[i - 1];
                self.min_y[i] = self.min_y[i - 1];
                self.max_y[i] = self.max_y[i - 1];
                slots.pos[self.ids[i] as usize] = i as u32;
                i -= 1;
            }
            swaps += (j - i) as u64;
            self.ids[i] = id;
            self.min_x[i] = key;
            self.max_x[i] = max_x;
            self.min_y[i] = min_y;
            self.max_y[i] = max_y;
            slots.pos[id as usize] = i as u32;
        }
        swaps
    }

    /// Sorts from scratch, for a list that was left unsorted while no sweep needed it.
    /// O(len log len); the reused scratch buffer keeps it allocation-free once warm.
    pub fn full_sort(&mut self, slots: &mut Slots) {
        let mut entries = std::mem::take(&mut self.scratch);
        entries.clear();
        entries.extend((0..self.len()).map(|i| (self.boxed(i), self.ids[i])));
        sort_entries(&mut entries);
        for (i, (b, id)) in entries.iter().enumerate() {
            self.set(i, *id, b);
            slots.pos[*id as usize] = i as u32;
        }
        self.scratch = entries;
    }

    fn boxed(&self, i: usize) -> Aabb {
        Aabb::new(
            glam::Vec2::new(self.min_x[i], self.min_y[i]),
            glam::Vec2::new(self.max_x[i], self.max_y[i]),
        )
    }

    /// Moves this update's batch into the list: it is sorted once and merged into the sorted
    /// arrays in a single backward pass (no per-box crawl). For an unsorted list the batch is
    /// simply appended; a direct list takes its slots alone.
    ///
    /// A direct list can receive a batch: boxes teleported out of a sorted list are routed to
    /// a batch in the update's first step, before the update knows whether their layer is
    /// still swept; when it is not, the lists go direct at the reload, and the batch follows.
    ///
    /// Complexity: O(k log k + len) for k new boxes, independent of where they land.
    pub fn merge_batch(&mut self, slots: &mut Slots) {
        if self.batch.is_empty() {
            return;
        }
        let mut entries = std::mem::take(&mut self.batch);
        if self.direct {
            // The tested boxes are the slots' current boxes: nothing but the slot is kept.
            debug_assert!(!self.sorted);
            let base = self.len();
            for (k, (_, id)) in entries.iter().enumerate() {
                slots.pos[*id as usize] = (base + k) as u32;
            }
            self.ids.extend(entries.iter().map(|e| e.1));
            entries.clear();
            self.batch = entries;
            return;
        }
        for (b, _) in &entries {
            self.max_h = self.max_h.max(b.max.y - b.min.y);
            self.max_w = self.max_w.max(b.max.x - b.min.x);
        }
        if !self.sorted {
            // Array by array rather than box by box: each loop is a plain copy.
            let base = self.len();
            for (k, (_, id)) in entries.iter().enumerate() {
                slots.pos[*id as usize] = (base + k) as u32;
            }
            self.ids.extend(entries.iter().map(|e| e.1));
            self.min_x.extend(entries.iter().map(|e| e.0.min.x));
            self.max_x.extend(entries.iter().map(|e| e.0.max.x));
            self.min_y.extend(entries.iter().map(|e| e.0.min.y));
            self.max_y.extend(entries.iter().map(|e| e.0.max.y));
            entries.clear();
            self.batch = entries;
            return;
        }
        sort_entries(&mut entries);
        let old_len = self.len();
        let grown = old_len + entries.len();
        self.ids.resize(grown, u32::MAX);
        self.min_x.resize(grown, 0.0);
        self.max_x.resize(grown, 0.0);
        self.min_y.resize(grown, 0.0);
        self.max_y.resize(grown, 0.0);
        // Fill from the back so every old entry moves at most once; the loop ends when the
        // last new box is placed, since the old entries before it are already in place.
        let (mut r, mut n, mut w) = (old_len, entries.len(), self.len());
        while n > 0 {
            w -= 1;
            if r > 0 && self.min_x[r - 1] > entries[n - 1].0.min.x {
                r -= 1;
                let (id, b) = (self.ids[r], self.boxed(r));
                self.set(w, id, &b);
                slots.pos[id as usize] = w as u32;
            } else {
                n -= 1;
                let (b, id) = entries[n];
                self.set(w, id, &b);
                slots.pos[id as usize] = w as u32;
            }
        }
        entries.clear();
        self.batch = entries;
    }
}

/// Orders by `min.x`, ties by slot, so equal inputs always give the same order.
fn sort_entries(entries: &mut [(Aabb, u32)]) {
    entries.sort_unstable_by(|a, b| a.0.min.x.total_cmp(&b.0.min.x).then(a.1.cmp(&b.1)));
}
