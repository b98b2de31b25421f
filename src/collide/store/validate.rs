//! Consistency checks of the shared body store ([`Bodies`]), which each broad phase's own
//! validation (`sap/validate.rs`, `tree/validate.rs`) ends with.

use super::bodies::Bodies;
use super::slots::{pair_key, State};
use crate::collide::aabb::interiors_meet;
use crate::collide::narrow::exact;
use crate::collide::{Aabb, Layer, PairEventKind};

impl Bodies {
    /// Checks the slot table against itself and against the `in_structure` boxes the broad
    /// phase holds in `structure` (named in messages): equal column lengths, head and meta
    /// agreeing, live and leaving slots all in the structure, the occupied and visible
    /// counters, the capacity, the pending and leaving lists, a free list of unique free
    /// slots, and a strictly sorted pair set matching the reported events. O(boxes + pairs);
    /// allocation-free once warm, since it runs after every update of a debug build.
    pub fn validate_slots(&self, in_structure: usize, structure: &str) -> Result<(), String> {
        let slots = &self.slots;
        let n = slots.meta.len();
        let lens = [
            slots.head.len(),
            slots.cur.len(),
            slots.prev.len(),
            slots.pos.len(),
            slots.from.len(),
            slots.shape.len(),
            slots.seal.len(),
        ];
        if lens != [n; 7] {
            return Err("slot arrays differ in length".into());
        }
        if slots.shaped_words() != n.div_ceil(64) {
            return Err(format!(
                "{} words of shaped bits for {n} slots",
                slots.shaped_words()
            ));
        }
        if let Some(i) = (0..n).find(|&i| {
            (slots.meta[i].generation, slots.meta[i].layer)
                != (slots.head[i].generation, slots.head[i].layer)
        }) {
            return Err(format!(
                "slot {i}: meta and head disagree on generation or layer"
            ));
        }
        if (n..slots.shaped_words() * 64).any(|i| slots.is_shaped(i)) {
            return Err("a shaped bit past the last slot".into());
        }
        if let Some(i) = (0..n).find(|&i| {
            let h = slots.head[i];
            h.state != State::Free && slots.is_shaped(i) && slots.shaped_layers & h.layer.bit() == 0
        }) {
            return Err(format!("slot {i} is shaped but its layer's bit is not set"));
        }
        if let Some(i) = (0..n).find(|&i| {
            let h = slots.head[i];
            let visible = matches!(h.state, State::Pending | State::Live);
            slots.seal[i] != if visible { h.generation + 1 } else { 0 }
        }) {
            return Err(format!("slot {i}: its seal disagrees with its head"));
        }
        let count = |f: &dyn Fn(State) -> bool| slots.head.iter().filter(|h| f(h.state)).count();
        if count(&|s| matches!(s, State::Live | State::Leaving)) != in_structure {
            return Err(format!("a live box is missing from {structure}"));
        }
        if count(&|s| s != State::Free) != slots.occupied {
            return Err(format!("occupied count {} is wrong", slots.occupied));
        }
        if count(&|s| matches!(s, State::Pending | State::Live)) != slots.visible {
            return Err(format!("visible count {} is wrong", slots.visible));
        }
        if slots.occupied > self.config.capacity {
            return Err("over capacity".into());
        }
        let lists = [
            ("pending", &self.pending, State::Pending),
            ("leaving", &self.leaving, State::Leaving),
        ];
        for (name, list, state) in lists {
            for &i in list.iter() {
                let s = slots.head[i as usize].state;
                if s != state && s != State::Stillborn {
                    return Err(format!("{name} slot {i} is {s:?}"));
                }
            }
        }
        // Reused from call to call: this runs after every update of a debug build, whose
        // steps must allocate no more than a release build's (see tests/it/no_alloc.rs).
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
            .pairs
            .events(slots)
            .iter()
            .filter(|e| e.kind != PairEventKind::Exit)
            .map(|e| pair_key(e.pair.a.handle.index, e.pair.b.handle.index));
        if !reported.eq(live.iter().copied()) {
            return Err("events disagree with the pair set".into());
        }
        Ok(())
    }

    /// Checks the pair set against a brute-force recomputation over `tested`: each box the
    /// broad phase tested at the last update, as (layer, slot, tested box), paired under the
    /// map and the edge rule, then the exact shapes as tested at that update (so call it
    /// before moving anything). O(boxes²): for tests.
    pub fn validate_pairs(&self, tested: &[(Layer, u32, Aabb)]) -> Result<(), String> {
        let map = &self.config.map;
        let mut expect = Vec::new();
        for (i, (la, a, ta)) in tested.iter().enumerate() {
            for (lb, b, tb) in &tested[i + 1..] {
                if map.meets(*la, *lb)
                    && interiors_meet(ta.min.x, ta.max.x, tb.min.x, tb.max.x)
                    && interiors_meet(ta.min.y, ta.max.y, tb.min.y, tb.max.y)
                    && exact(&self.slots, *a as usize, *b as usize)
                {
                    expect.push(pair_key(*a, *b));
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
