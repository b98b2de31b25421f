//! The body store the three broad phases share: the slot table, the calls batched until the
//! next update, the persistent pair set; the trait's provided methods are written on it once.
//!
//! [`Collider`](crate::collide::Collider), [`AabbTree`](crate::collide::AabbTree) and
//! [`BruteForce`](crate::collide::BruteForce) differ only in how an update finds this frame's
//! pairs. Everything the contract of [`BroadPhase`](crate::collide::BroadPhase) says about
//! handles, validation, capacity, batching and slot reuse lives here once, so the three cannot
//! drift apart on it.

use super::pairs::PairSet;
use super::slots::{key_slots, Slots, State};
use crate::collide::narrow::{collide, exact, solid_of};
use crate::collide::{
    Aabb, BoxDesc, ColliderError, Config, Contact, Handle, Layer, LayerMask, Manifold, PairEvents,
    Pairs, Shape, Stats,
};

/// The state every broad phase keeps besides its own structure.
#[derive(Clone, Debug)]
pub struct Bodies {
    pub(in crate::collide) config: Config,
    pub(in crate::collide) slots: Slots,
    /// Pairs of layers that meet, lower layer first, computed once from the map.
    pub(in crate::collide) meeting: Vec<(Layer, Layer)>,
    /// Slots inserted since the last update, in call order.
    pub(in crate::collide) pending: Vec<u32>,
    /// Slots removed since the last update (leaving or stillborn).
    pub(in crate::collide) leaving: Vec<u32>,
    /// The persistent pair set and the last update's events (the brute-force reference keeps
    /// its own, independently, and leaves this one empty).
    pub(in crate::collide) pairs: PairSet,
    pub(in crate::collide) stats: Stats,
    /// One bit per slot removed since the last update, built and cleared within `update`.
    pub(in crate::collide) gone: Vec<u64>,
}

impl Bodies {
    /// An empty store; a capacity above [`Config::MAX_CAPACITY`] is lowered to it.
    pub(in crate::collide) fn new(mut config: Config) -> Self {
        config.capacity = config.capacity.min(Config::MAX_CAPACITY);
        let mut meeting = Vec::new();
        for (i, &a) in Layer::ALL.iter().enumerate() {
            for &b in &Layer::ALL[i..] {
                if config.map.meets(a, b) {
                    meeting.push((a, b));
                }
            }
        }
        Self {
            config,
            slots: Slots::default(),
            meeting,
            pending: Vec::new(),
            leaving: Vec::new(),
            pairs: PairSet::default(),
            stats: Stats::default(),
            gone: Vec::new(),
        }
    }

    /// Ends an update of the sweep-and-prune or the tree: turns the persistent pair set's
    /// changes into this update's events and keeps `stats` as the update's figures.
    pub(in crate::collide) fn finish_update(&mut self, mut stats: Stats) {
        self.pairs.diff(&self.slots, stats.removed > 0, &mut stats);
        self.stats = stats;
    }

    /// The events of the last update, in pair-key order (lower slot, then higher slot).
    pub(in crate::collide) fn events(&self) -> PairEvents<'_> {
        self.pairs.events(&self.slots)
    }

    /// Pairs overlapping at the last update, in pair-key order.
    pub(in crate::collide) fn live_pairs(&self) -> Pairs<'_> {
        Pairs::keys(self.pairs.live(), &self.slots)
    }

    /// See [`BroadPhase::insert`](crate::collide::BroadPhase::insert).
    pub(in crate::collide) fn insert(&mut self, desc: BoxDesc) -> Result<Handle, ColliderError> {
        if !desc.aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(desc.aabb));
        }
        if !desc.shape.is_valid() {
            return Err(ColliderError::InvalidShape(desc.shape));
        }
        // Retired slots (see `Slots::release_marked`) never come back, so the slot table could
        // in theory outgrow the capacity; the packed events need every index below the maximum.
        if self.slots.occupied >= self.config.capacity || !self.slots.can_grow() {
            return Err(ColliderError::CapacityExceeded {
                capacity: self.config.capacity,
            });
        }
        let h = self.slots.allocate(&desc);
        self.pending.push(h.index);
        Ok(h)
    }

    /// Sets the current box of a visible body; returns its slot.
    #[inline]
    pub(in crate::collide) fn set_aabb(
        &mut self,
        h: Handle,
        aabb: Aabb,
    ) -> Result<usize, ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        let i = self.slots.resolve(h)?;
        self.slots.cur[i] = aabb;
        Ok(i)
    }

    /// Sets the current box and forgets the previous one; returns the slot.
    pub(in crate::collide) fn teleport(
        &mut self,
        h: Handle,
        aabb: Aabb,
    ) -> Result<usize, ColliderError> {
        let i = self.set_aabb(h, aabb)?;
        self.slots.prev[i] = aabb;
        Ok(i)
    }

    /// Gives a visible body `shape` centred on `centre` and the shape's bounding box as its
    /// box (a [`Shape::Aabb`] keeps the box's size); returns the slot and the new box.
    pub(in crate::collide) fn set_shape(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        shape: Shape,
    ) -> Result<(usize, Aabb), ColliderError> {
        self.set_shape_bounded(h, centre, shape, shape.bounds(centre))
    }

    /// [`Bodies::set_shape`] with the shape's bounding box already worked out (`None` for a
    /// [`Shape::Aabb`]).
    #[inline]
    pub(in crate::collide) fn set_shape_bounded(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        shape: Shape,
        bounds: Option<Aabb>,
    ) -> Result<(usize, Aabb), ColliderError> {
        if !shape.is_valid() {
            return Err(ColliderError::InvalidShape(shape));
        }
        let i = self.slots.resolve(h)?;
        let cur = self.slots.cur[i];
        let aabb = bounds.unwrap_or_else(|| Aabb::from_center(centre, cur.size() * 0.5));
        self.set_aabb(h, aabb)?;
        self.slots.set_shape(i, shape);
        Ok((i, aabb))
    }

    /// The exact contact of two visible bodies at their current boxes (no sweep), normal
    /// from `a` to `b`; `None` when they do not overlap. Ignores layers and the map.
    pub(in crate::collide) fn manifold(
        &self,
        a: Handle,
        b: Handle,
    ) -> Result<Option<Manifold>, ColliderError> {
        let (i, j) = (self.slots.resolve(a)?, self.slots.resolve(b)?);
        if i == j {
            return Ok(None);
        }
        let s = &self.slots;
        if !s.cur[i].overlaps(&s.cur[j]) {
            return Ok(None);
        }
        Ok(collide(&solid_of(s, i, true), &solid_of(s, j, true)))
    }

    /// The narrow phase: drops the keys of `pairs.found` from index `start` on whose shapes
    /// do not overlap exactly. Call it only for pairs of layers in
    /// [`Slots::shaped_layers`]; the others need no exact test. O(keys) flag tests, plus an
    /// exact test for each pair with a shaped body.
    pub(in crate::collide) fn narrow(&mut self, start: usize) {
        let (found, slots) = (&mut self.pairs.found, &self.slots);
        let mut w = start;
        for r in start..found.len() {
            let key = found[r];
            let (a, b) = key_slots(key);
            found[w] = key;
            w += exact(slots, a as usize, b as usize) as usize;
        }
        found.truncate(w);
    }

    /// Marks a visible body removed (stillborn if no update saw it yet).
    // Inlined into the caller's loop: as a call, a bomb's thousands of removals each waited on
    // their own scattered seal load (5,000 took 17.7 µs; inlined, the loads overlap: 12 µs).
    #[inline]
    pub(in crate::collide) fn remove(&mut self, h: Handle) -> Result<(), ColliderError> {
        let i = self.slots.resolve(h)?;
        let state = &mut self.slots.head[i].state;
        *state = if *state == State::Pending {
            State::Stillborn
        } else {
            State::Leaving
        };
        self.slots.visible -= 1;
        self.slots.unseal(i);
        self.leaving.push(i as u32);
        Ok(())
    }

    pub(in crate::collide) fn get(&self, h: Handle) -> Result<(Contact, Aabb), ColliderError> {
        let i = self.slots.resolve(h)?;
        Ok((self.slots.contact(i), self.slots.cur[i]))
    }

    /// The area query's share for bodies inserted since the last update, which no broad
    /// phase structure holds yet. O(pending).
    pub(in crate::collide) fn query_pending(
        &self,
        area: &Aabb,
        layers: LayerMask,
        out: &mut Vec<Contact>,
    ) {
        let s = &self.slots;
        for &id in &self.pending {
            let i = id as usize;
            if s.head[i].state == State::Pending
                && layers.contains(s.head[i].layer)
                && s.cur[i].overlaps(area)
            {
                out.push(s.contact(i));
            }
        }
    }

    /// Sets the bit of every slot removed since the last update in `gone` (cleared first).
    pub(in crate::collide) fn mark_gone(&mut self) {
        self.gone.clear();
        self.gone.resize(self.slots.meta.len().div_ceil(64), 0);
        for &i in &self.leaving {
            self.gone[i as usize / 64] |= 1 << (i % 64);
        }
    }

    /// Frees this update's removed slots in ascending order, which the shared slot-reuse
    /// contract requires, by reading the removal bitmap word by word; clears the bitmap and
    /// the leaving list. Returns how many were freed. O(slots / 64 + removed).
    pub(in crate::collide) fn release_gone(&mut self) -> usize {
        let freed = self.slots.release_marked(&mut self.gone);
        self.leaving.clear();
        freed
    }
}

/// What the provided methods of [`BroadPhase`](crate::collide::BroadPhase) need of a broad
/// phase: its body store, and what its own structure does when slot `i`'s box is set or
/// teleported (often nothing). Public in name only, in a private module, so nothing outside `collide` can name it
/// or implement the trait (the trait is sealed).
///
/// The accessors are plain field reads: small enough that rustc inlines them everywhere, the
/// benchmark crate too, without an attribute.
pub trait Store {
    fn bodies(&self) -> &Bodies;
    fn bodies_mut(&mut self) -> &mut Bodies;
    #[inline(always)]
    fn moved(&mut self, _i: usize, _aabb: &Aabb) {}
    #[inline(always)]
    fn teleported(&mut self, _i: usize, _aabb: &Aabb) {}
}

#[cfg(test)]
mod tests {
    use crate::collide::aabb::b;
    use crate::collide::store::slots::LAST_GENERATION;
    use crate::collide::workloads::layers::PLAYER;
    use crate::collide::{
        AabbTree, BoxDesc, BroadPhase, BruteForce, Collider, ColliderError, Config, Handle,
    };

    fn retires<C: BroadPhase>() {
        let mut c = C::new(Config::default());
        let unit = b(0., 0., 1., 1.);
        let h = c.insert(BoxDesc::new(unit, 1, PLAYER)).unwrap();
        c.update();
        c.bodies_mut()
            .slots
            .force_generation(h.index as usize, LAST_GENERATION);
        let old = Handle {
            index: h.index,
            generation: LAST_GENERATION,
        };
        c.remove(old).unwrap();
        c.update();
        let n = c.insert(BoxDesc::new(unit, 2, PLAYER)).unwrap();
        assert_ne!(n.index, h.index, "an exhausted slot must not be reused");
    }

    /// A handle at `u32::MAX`, a generation no slot is handed out at, reaches nothing: not a
    /// slot freed, removed, removed before any update, or live. (Its generation plus one wraps
    /// to 0, the seal of a slot no handle reaches.)
    fn the_unused_generation_reaches<C: BroadPhase>() {
        let mut c = C::new(Config::default());
        let unit = b(0., 0., 1., 1.);
        let freed = c.insert(BoxDesc::new(unit, 1, PLAYER)).unwrap();
        c.update();
        c.remove(freed).unwrap();
        c.update();
        let live = c.insert(BoxDesc::new(unit, 2, PLAYER)).unwrap();
        let leaving = c.insert(BoxDesc::new(unit, 3, PLAYER)).unwrap();
        c.update();
        c.remove(leaving).unwrap();
        let stillborn = c.insert(BoxDesc::new(unit, 4, PLAYER)).unwrap();
        c.remove(stillborn).unwrap();
        for h in [freed, live, leaving, stillborn] {
            let forged = Handle {
                index: h.index,
                generation: u32::MAX,
            };
            assert_eq!(c.get(forged), Err(ColliderError::StaleHandle(forged)));
        }
        assert!(c.get(live).is_ok());
    }

    #[test]
    fn a_handle_at_the_unused_generation_reaches_nothing() {
        the_unused_generation_reaches::<Collider>();
        the_unused_generation_reaches::<AabbTree>();
        the_unused_generation_reaches::<BruteForce>();
    }

    #[test]
    fn exhausted_generation_retires_the_slot() {
        retires::<Collider>();
        retires::<AabbTree>();
        retires::<BruteForce>();
    }
}
