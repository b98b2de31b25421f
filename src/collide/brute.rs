//! A brute-force broad phase with exactly the [`Collider`](super::Collider)'s contract.
//!
//! It tests every pair of live boxes on every update: O(n²), obviously correct, and the
//! reference the sweep-and-prune is checked against in tests and benchmarks.

use std::collections::BTreeMap;

use super::narrow::exact;
use super::store::bodies::{Bodies, Store};
use super::store::slots::State;
use super::{
    Aabb, BroadPhase, Config, Contact, Handle, LayerMask, Pair, PairEvent, PairEventKind,
    PairEvents, Pairs,
};

/// O(n²) reference broad phase, with the same narrow phase as the others. It shares the body store (handles, batching, slot reuse) with
/// the others, but finds pairs and derives events on its own, from a sorted map, so the
/// sweep-and-prune's and the tree's pair sets and event merges are checked against it.
#[derive(Clone, Debug)]
pub struct BruteForce {
    pub(super) bodies: Bodies,
    pairs: BTreeMap<(Handle, Handle), Pair>,
    events: Vec<PairEvent>,
}

impl Store for BruteForce {
    fn bodies(&self) -> &Bodies {
        &self.bodies
    }

    fn bodies_mut(&mut self) -> &mut Bodies {
        &mut self.bodies
    }
}

impl BroadPhase for BruteForce {
    /// A reference collider with `config`; the capacity is lowered to
    /// [`Config::MAX_CAPACITY`] as the other broad phases do.
    fn new(config: Config) -> Self {
        Self {
            bodies: Bodies::new(config),
            pairs: BTreeMap::new(),
            events: Vec::new(),
        }
    }

    /// Applies the batched calls, tests every pair of live boxes whose layers meet, and
    /// reports what changed, in pair order.
    fn update(&mut self) -> PairEvents<'_> {
        self.events.clear();
        let mut stats = super::Stats::default();
        let b = &mut self.bodies;
        b.mark_gone();
        stats.removed = b.release_gone();
        for k in 0..b.pending.len() {
            let i = b.pending[k] as usize;
            if b.slots.head[i].state == State::Pending {
                b.slots.head[i].state = State::Live;
                stats.inserted += 1;
            }
        }
        b.pending.clear();
        let mut live: Vec<(Contact, Aabb)> = Vec::new();
        for i in 0..b.slots.head.len() {
            if b.slots.head[i].state == State::Live {
                live.push((b.slots.contact(i), b.slots.take_tested(i)));
            }
        }
        let slot = |c: &Contact| c.handle.index as usize;
        let mut now = BTreeMap::new();
        for (i, (ca, ta)) in live.iter().enumerate() {
            for (cb, tb) in &live[i + 1..] {
                if !b.config.map.meets(ca.layer, cb.layer) {
                    continue;
                }
                stats.pair_tests += 1;
                if ta.overlaps(tb) && exact(&b.slots, slot(ca), slot(cb)) {
                    let pair = Pair::new(*ca, *cb);
                    now.insert((pair.a.handle, pair.b.handle), pair);
                }
            }
        }
        for (key, pair) in &self.pairs {
            if !now.contains_key(key) {
                self.events.push(PairEvent {
                    kind: PairEventKind::Exit,
                    pair: *pair,
                });
                stats.pairs_removed += 1;
            }
        }
        for (key, pair) in &now {
            let kind = if self.pairs.contains_key(key) {
                PairEventKind::Stay
            } else {
                stats.pairs_added += 1;
                PairEventKind::Enter
            };
            self.events.push(PairEvent { kind, pair: *pair });
        }
        stats.live_boxes = live.len();
        self.pairs = now;
        stats.live_pairs = self.pairs.len();
        b.stats = stats;
        self.events()
    }

    /// The events of the last update: Exits, then Enters and Stays, each in pair order.
    fn events(&self) -> PairEvents<'_> {
        PairEvents::plain(&self.events)
    }

    /// Pairs overlapping at the last update, in pair order.
    fn pairs(&self) -> Pairs<'_> {
        Pairs::plain(self.pairs.values())
    }

    /// Boxes (live or pending, not removed) whose current box overlaps `area`, on `layers`.
    fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
        let s = &self.bodies.slots;
        for (i, h) in s.head.iter().enumerate() {
            if matches!(h.state, State::Pending | State::Live)
                && layers.contains(h.layer)
                && s.cur[i].overlaps(&area)
            {
                out.push(s.contact(i));
            }
        }
    }

    /// The slot table's own checks (the brute force keeps no other structure), and every pair
    /// between two boxes of layers that meet, both live or removed since the last update.
    fn validate(&self) -> Result<(), String> {
        let s = &self.bodies.slots;
        let in_table = |c: &Contact| {
            let i = c.handle.index as usize;
            i < s.head.len()
                && s.head[i].generation == c.handle.generation
                && matches!(s.head[i].state, State::Live | State::Leaving)
        };
        let in_structure = s
            .head
            .iter()
            .filter(|h| matches!(h.state, State::Live | State::Leaving))
            .count();
        self.bodies.validate_slots(in_structure, "the slot table")?;
        for p in self.pairs.values() {
            if !in_table(&p.a) || !in_table(&p.b) {
                return Err(format!("pair {p:?} has a box that is not live"));
            }
            if !self.bodies.config.map.meets(p.a.layer, p.b.layer) {
                return Err(format!("pair {p:?} is between layers that do not meet"));
            }
        }
        Ok(())
    }
}
