//! A brute-force broad phase with exactly the [`Collider`](super::Collider)'s contract.
//!
//! It tests every pair of live boxes on every update: O(n²), obviously correct, and the
//! reference the sweep-and-prune is checked against in tests and benchmarks.

use std::collections::BTreeMap;

use super::{
    Aabb, BoxDesc, ColliderError, CollisionMap, Config, Contact, Event, EventKind, Events, Handle,
    LayerMask, Pair, Stats,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Free,
    /// Inserted; joins at the next update.
    Pending,
    Live,
    /// Removed by the caller; leaves at the next update.
    Leaving,
    /// Inserted and removed before any update saw it.
    Stillborn,
}

#[derive(Clone, Debug)]
struct Slot {
    generation: u32,
    state: State,
    desc: BoxDesc,
    /// Position at the previous update, for swept boxes.
    prev: Aabb,
}

/// O(n²) reference broad phase.
#[derive(Clone, Debug)]
pub struct BruteForce {
    config: Config,
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// Boxes counted against the capacity: live, pending, and leaving until applied.
    occupied: usize,
    pairs: BTreeMap<(Handle, Handle), Pair>,
    events: Vec<Event>,
    stats: Stats,
}

impl BruteForce {
    /// A reference collider with `config`; the capacity is lowered to
    /// [`Config::MAX_CAPACITY`] as [`Collider::new`](super::Collider::new) does.
    pub fn new(mut config: Config) -> Self {
        config.capacity = config.capacity.min(Config::MAX_CAPACITY);
        Self {
            config,
            slots: Vec::new(),
            free: Vec::new(),
            occupied: 0,
            pairs: BTreeMap::new(),
            events: Vec::new(),
            stats: Stats::default(),
        }
    }

    pub fn with_map(map: CollisionMap) -> Self {
        Self::new(Config {
            map,
            ..Config::default()
        })
    }

    pub fn map(&self) -> &CollisionMap {
        &self.config.map
    }

    pub fn insert(&mut self, desc: BoxDesc) -> Result<Handle, ColliderError> {
        if !desc.aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(desc.aabb));
        }
        if self.occupied >= self.config.capacity {
            return Err(ColliderError::CapacityExceeded {
                capacity: self.config.capacity,
            });
        }
        self.occupied += 1;
        let slot = Slot {
            generation: 0,
            state: State::Pending,
            desc,
            prev: desc.aabb,
        };
        let index = match self.free.pop() {
            Some(i) => {
                let s = &mut self.slots[i as usize];
                // Never wraps: a slot whose generation reached u32::MAX is retired in `update`.
                let generation = s.generation + 1;
                *s = Slot { generation, ..slot };
                i
            }
            None => {
                self.slots.push(slot);
                (self.slots.len() - 1) as u32
            }
        };
        Ok(Handle {
            index,
            generation: self.slots[index as usize].generation,
        })
    }

    fn slot_mut(&mut self, h: Handle) -> Result<&mut Slot, ColliderError> {
        match self.slots.get_mut(h.index as usize) {
            Some(s)
                if s.generation == h.generation
                    && matches!(s.state, State::Pending | State::Live) =>
            {
                Ok(s)
            }
            _ => Err(ColliderError::StaleHandle(h)),
        }
    }

    fn slot(&self, h: Handle) -> Result<&Slot, ColliderError> {
        match self.slots.get(h.index as usize) {
            Some(s)
                if s.generation == h.generation
                    && matches!(s.state, State::Pending | State::Live) =>
            {
                Ok(s)
            }
            _ => Err(ColliderError::StaleHandle(h)),
        }
    }

    pub fn set_aabb(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        self.slot_mut(h)?.desc.aabb = aabb;
        Ok(())
    }

    pub fn teleport(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        let s = self.slot_mut(h)?;
        s.desc.aabb = aabb;
        s.prev = aabb;
        Ok(())
    }

    pub fn remove(&mut self, h: Handle) -> Result<(), ColliderError> {
        let s = self.slot_mut(h)?;
        s.state = if s.state == State::Pending {
            State::Stillborn
        } else {
            State::Leaving
        };
        Ok(())
    }

    pub fn contains(&self, h: Handle) -> bool {
        self.slot(h).is_ok()
    }

    pub fn get(&self, h: Handle) -> Result<(Contact, Aabb), ColliderError> {
        let s = self.slot(h)?;
        Ok((contact(h, &s.desc), s.desc.aabb))
    }

    pub fn len(&self) -> usize {
        self.slots
            .iter()
            .filter(|s| matches!(s.state, State::Pending | State::Live))
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn tested(s: &Slot) -> Aabb {
        if s.desc.swept {
            s.prev.union(&s.desc.aabb)
        } else {
            s.desc.aabb
        }
    }

    pub fn update(&mut self) -> Events<'_> {
        self.events.clear();
        let mut stats = Stats::default();
        for (i, s) in self.slots.iter_mut().enumerate() {
            match s.state {
                State::Leaving | State::Stillborn => {
                    s.state = State::Free;
                    // Retire an exhausted slot rather than let a generation repeat, which
                    // would let a very old handle reach a new box.
                    if s.generation != u32::MAX {
                        self.free.push(i as u32);
                    }
                    self.occupied -= 1;
                    stats.removed += 1;
                }
                State::Pending => {
                    s.state = State::Live;
                    stats.inserted += 1;
                }
                _ => {}
            }
        }
        let live: Vec<(Handle, &Slot)> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.state == State::Live)
            .map(|(i, s)| {
                (
                    Handle {
                        index: i as u32,
                        generation: s.generation,
                    },
                    s,
                )
            })
            .collect();
        let mut now = BTreeMap::new();
        for (i, &(ha, sa)) in live.iter().enumerate() {
            let ta = Self::tested(sa);
            for &(hb, sb) in &live[i + 1..] {
                if !self.config.map.meets(sa.desc.layer, sb.desc.layer) {
                    continue;
                }
                stats.pair_tests += 1;
                if ta.overlaps(&Self::tested(sb)) {
                    let pair = Pair::new(contact(ha, &sa.desc), contact(hb, &sb.desc));
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
        for s in &mut self.slots {
            s.prev = s.desc.aabb;
        }
        stats.live_pairs = self.pairs.len();
        self.stats = stats;
        self.events()
    }

    pub fn events(&self) -> Events<'_> {
        Events::plain(&self.events)
    }

    pub fn stats(&self) -> Stats {
        self.stats
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
        for (i, s) in self.slots.iter().enumerate() {
            if matches!(s.state, State::Pending | State::Live)
                && layers.contains(s.desc.layer)
                && s.desc.aabb.overlaps(&area)
            {
                out.push(contact(
                    Handle {
                        index: i as u32,
                        generation: s.generation,
                    },
                    &s.desc,
                ));
            }
        }
    }

    /// Every box not removed, with its current box; for debug drawing.
    pub fn boxes(&self) -> impl Iterator<Item = (Contact, Aabb)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s.state, State::Pending | State::Live))
            .map(|(i, s)| {
                (
                    contact(
                        Handle {
                            index: i as u32,
                            generation: s.generation,
                        },
                        &s.desc,
                    ),
                    s.desc.aabb,
                )
            })
    }
}

fn contact(handle: Handle, d: &BoxDesc) -> Contact {
    Contact {
        handle,
        owner: d.owner,
        part: d.part,
        layer: d.layer,
        user: d.user,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::Layer;
    use glam::Vec2;

    #[test]
    fn exhausted_generation_retires_the_slot() {
        let mut c = BruteForce::new(Config::default());
        let unit = Aabb::new(Vec2::ZERO, Vec2::ONE);
        let h = c.insert(BoxDesc::new(unit, 1, Layer::Player)).unwrap();
        c.update();
        c.slots[h.index as usize].generation = u32::MAX;
        let old = Handle {
            index: h.index,
            generation: u32::MAX,
        };
        c.remove(old).unwrap();
        c.update();
        let n = c.insert(BoxDesc::new(unit, 2, Layer::Player)).unwrap();
        assert_ne!(n.index, h.index, "an exhausted slot must not be reused");
    }
}
