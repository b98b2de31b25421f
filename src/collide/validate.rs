//! Consistency checks for [`Collider`]: cheap structural ones (run after every update in debug
//! builds) and a full one that recomputes the pair set by brute force (for tests).

use super::aabb::interiors_meet;
use super::endpoints::{band_of, BANDS};
use super::sap::Collider;
use super::slots::State;
use super::sweep::pair_key;
use super::{EventKind, Layer};

impl Collider {
    /// Checks the endpoint lists against the slot table: equal array lengths, every entry's
    /// slot live (or removed since the last update) on the list's layer and band (with the
    /// list's height bound holding), back-pointers exact,
    /// sorted lists in `min.x` order, counters and free list consistent, pair set strictly
    /// sorted and matching the reported events. O(boxes + pairs).
    pub fn validate_structure(&self) -> Result<(), String> {
        let slots = &self.slots;
        let mut in_lists = 0usize;
        for (li, l) in self.lists.iter().enumerate() {
            let (layer, band) = (Layer::ALL[li / BANDS], li % BANDS);
            let n = l.ids.len();
            if [l.min_x.len(), l.max_x.len(), l.min_y.len(), l.max_y.len()] != [n; 4] {
                return Err(format!("{layer:?}: endpoint arrays differ in length"));
            }
            if !l.batch.is_empty() {
                return Err(format!("{layer:?}: batch not drained"));
            }
            for i in 0..n {
                let id = l.ids[i] as usize;
                let head = slots
                    .head
                    .get(id)
                    .ok_or_else(|| format!("{layer:?}[{i}]: slot {id} out of range"))?;
                if !matches!(head.state, State::Live | State::Leaving) {
                    return Err(format!("{layer:?}[{i}]: slot {id} is {:?}", head.state));
                }
                if head.layer != layer {
                    return Err(format!("{layer:?}[{i}]: slot {id} is on {:?}", head.layer));
                }
                if slots.pos[id] as usize != i {
                    return Err(format!(
                        "{layer:?}[{i}]: slot {id} points at {}",
                        slots.pos[id]
                    ));
                }
                if !(l.min_x[i] <= l.max_x[i] && l.min_y[i] <= l.max_y[i]) {
                    return Err(format!("{layer:?}[{i}]: inverted or NaN endpoints"));
                }
                // Only swept (sorted) lists rely on the band of the top edge.
                if (l.sorted && band_of(l.min_y[i]) != band) || slots.head[id].band as usize != band
                {
                    return Err(format!("{layer:?}[{i}]: slot {id} is not in band {band}"));
                }
                if l.max_y[i] - l.min_y[i] > l.max_h {
                    return Err(format!("{layer:?}[{i}]: taller than the list's bound"));
                }
                if l.max_x[i] - l.min_x[i] > l.max_w {
                    return Err(format!("{layer:?}[{i}]: wider than the list's bound"));
                }
                if l.sorted && i > 0 && l.min_x[i - 1] > l.min_x[i] {
                    return Err(format!("{layer:?}: unsorted at {i}"));
                }
            }
            in_lists += n;
        }
        let n = slots.meta.len();
        if [
            slots.head.len(),
            slots.cur.len(),
            slots.prev.len(),
            slots.pos.len(),
        ] != [n; 4]
        {
            return Err("slot arrays differ in length".into());
        }
        if let Some(i) = (0..n).find(|&i| {
            (slots.meta[i].generation, slots.meta[i].layer)
                != (slots.head[i].generation, slots.head[i].layer)
        }) {
            return Err(format!(
                "slot {i}: meta and head disagree on generation or layer"
            ));
        }
        let count = |f: &dyn Fn(State) -> bool| slots.head.iter().filter(|h| f(h.state)).count();
        if count(&|s| matches!(s, State::Live | State::Leaving)) != in_lists {
            return Err("a live box is missing from the endpoint lists".into());
        }
        if count(&|s| s != State::Free) != slots.occupied {
            return Err(format!("occupied count {} is wrong", slots.occupied));
        }
        if count(&|s| matches!(s, State::Pending | State::Live)) != slots.visible {
            return Err(format!("visible count {} is wrong", slots.visible));
        }
        if slots.occupied > self.config().capacity {
            return Err("over capacity".into());
        }
        for &i in self.pending_slots() {
            let s = slots.head[i as usize].state;
            if !matches!(s, State::Pending | State::Stillborn) {
                return Err(format!("pending slot {i} is {s:?}"));
            }
        }
        for &i in self.leaving_slots() {
            let s = slots.head[i as usize].state;
            if !matches!(s, State::Leaving | State::Stillborn) {
                return Err(format!("leaving slot {i} is {s:?}"));
            }
        }
        // Reused from call to call: this runs after every update of a debug build, whose
        // steps must allocate no more than a release build's (see tests/no_alloc.rs).
        thread_local!(static SEEN: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) });
        let duplicate = SEEN.with_borrow_mut(|seen| {
            seen.clear();
            // Sized to the table's capacity, so it grows once, not with every new slot.
            seen.resize(slots.meta.capacity(), false);
            slots.free_list().iter().map(|&i| i as usize).find(|&i| {
                slots.head[i].state != State::Free || std::mem::replace(&mut seen[i], true)
            })
        });
        if let Some(i) = duplicate {
            return Err(format!("free list entry {i} is not a unique free slot"));
        }
        let live = self.pairs.live();
        if !live.windows(2).all(|w| w[0] < w[1]) {
            return Err("pair set not strictly sorted".into());
        }
        let reported = self
            .events()
            .iter()
            .filter(|e| e.kind != EventKind::Exit)
            .map(|e| pair_key(e.pair.a.handle.index, e.pair.b.handle.index));
        if !reported.eq(live.iter().copied()) {
            return Err("events disagree with the pair set".into());
        }
        Ok(())
    }

    /// [`Collider::validate_structure`], plus: the pair set equals a brute-force recomputation
    /// over the boxes tested at the last update, with the same map and edge rule, and every
    /// pair is between layers that meet. O(boxes²): for tests.
    pub fn validate(&self) -> Result<(), String> {
        self.validate_structure()?;
        let map = self.map();
        let mut all = Vec::new();
        for (li, l) in self.lists.iter().enumerate() {
            let layer = Layer::ALL[li / BANDS];
            for i in 0..l.ids.len() {
                all.push((
                    layer, l.ids[i], l.min_x[i], l.max_x[i], l.min_y[i], l.max_y[i],
                ));
            }
        }
        let mut expect = Vec::new();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                if map.meets(a.0, b.0)
                    && interiors_meet(a.2, a.3, b.2, b.3)
                    && interiors_meet(a.4, a.5, b.4, b.5)
                {
                    expect.push(pair_key(a.1, b.1));
                }
            }
        }
        expect.sort_unstable();
        if expect != self.pairs.live() {
            return Err(format!(
                "pair set has {} pairs, brute force finds {}",
                self.pairs.live().len(),
                expect.len()
            ));
        }
        Ok(())
    }
}
