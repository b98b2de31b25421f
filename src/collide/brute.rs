//! A brute-force broad phase with exactly the [`Collider`](super::Collider)'s contract.
//!
//! It tests every pair of live boxes on every update: O(n²), obviously correct, and the
//! reference the sweep-and-prune is checked against in tests and benchmarks.

use std::collections::BTreeMap;

use super::bodies::{body_api, Bodies};
use super::narrow::exact;
use super::slots::State;
use super::{Aabb, Config, Contact, Event, EventKind, Events, Handle, LayerMask, Pair};

/// O(n²) reference broad phase, with the same narrow phase as the others. It shares the body store (handles, batching, slot reuse) with
/// the others, but finds pairs and derives events on its own, from a sorted map, so the
/// sweep-and-prune's and the tree's pair sets and event merges are checked against it.
#[derive(Clone, Debug)]
pub struct BruteForce {
    pub(super) bodies: Bodies,
    pairs: BTreeMap<(Handle, Handle), Pair>,
    events: Vec<Event>,
}

body_api!(BruteForce);

impl BruteForce {
    /// A reference collider with `config`; the capacity is lowered to
    /// [`Config::MAX_CAPACITY`] as [`Collider::new`](super::Collider::new) does.
    pub fn new(config: Config) -> Self {
        Self {
            bodies: Bodies::new(config),
            pairs: BTreeMap::new(),
            events: Vec::new(),
        }
    }

    #[inline(always)]
    fn moved(&mut self, _: usize, _: &Aabb) {}

    #[inline(always)]
    fn teleported(&mut self, _: usize, _: &Aabb) {}

    /// Applies the batched calls, tests every pair of live boxes whose layers meet, and
    /// reports what changed, in pair order.
    pub fn update(&mut self) -> Events<'_> {
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
                self.events.push(Event {
                    kind: EventKind::Exit,
                    pair: *pair,
                });
                stats.pairs_removed += 1;
            }
        }
        for (key, pair) in &now {
            let kind = if self.pairs.contains_key(key) {
                EventKind::Stay
            } else {
                stats.pairs_added += 1;
                EventKind::Enter
            };
            self.events.push(Event { kind, pair: *pair });
        }
        stats.live_boxes = live.len();
        self.pairs = now;
        stats.live_pairs = self.pairs.len();
        b.stats = stats;
        self.events()
    }

    /// The events of the last update: Exits, then Enters and Stays, each in pair order.
    pub fn events(&self) -> Events<'_> {
        Events::plain(&self.events)
    }

    pub fn pairs(&self) -> impl Iterator<Item = Pair> + '_ {
        self.pairs.values().copied()
    }

    /// Current pairs with a box of `owner`, as (owner's side, other side).
    pub fn pairs_of_owner(&self, owner: u32) -> impl Iterator<Item = (Contact, Contact)> + '_ {
        self.pairs.values().filter_map(move |p| p.for_owner(owner))
    }

    /// Boxes (live or pending, not removed) whose current box overlaps `area`, on `layers`.
    pub fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
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
}
