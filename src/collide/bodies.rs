//! The body store the three broad phases share: the slot table, the calls batched until the
//! next update, the persistent pair set, and the public API that is the same for all three.
//!
//! [`Collider`](super::Collider), [`AabbTree`](super::AabbTree) and
//! [`BruteForce`](super::BruteForce) differ only in how an update finds this frame's pairs.
//! Everything the contract in [`super`] says about handles, validation, capacity, batching
//! and slot reuse lives here once, so the three cannot drift apart on it.

use super::narrow::{collide, exact, solid_of};
use super::pairs::PairSet;
use super::slots::{Slots, State};
use super::sweep::key_slots;
use super::{
    Aabb, BoxDesc, ColliderError, Config, Contact, Handle, Layer, LayerMask, Manifold, Shape, Stats,
};

/// The state every broad phase keeps besides its own structure.
#[derive(Clone, Debug)]
pub(super) struct Bodies {
    pub config: Config,
    pub slots: Slots,
    /// Pairs of layers that meet, lower layer first, computed once from the map.
    pub meeting: Vec<(Layer, Layer)>,
    /// Slots inserted since the last update, in call order.
    pub pending: Vec<u32>,
    /// Slots removed since the last update (leaving or stillborn).
    pub leaving: Vec<u32>,
    /// The persistent pair set and the last update's events (the brute-force reference keeps
    /// its own, independently, and leaves this one empty).
    pub pairs: PairSet,
    pub stats: Stats,
    /// One bit per slot removed since the last update, built and cleared within `update`.
    pub gone: Vec<u64>,
}

impl Bodies {
    /// An empty store; a capacity above [`Config::MAX_CAPACITY`] is lowered to it.
    pub fn new(mut config: Config) -> Self {
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

    /// See the generated `insert` in [`body_api`].
    pub fn insert(&mut self, desc: BoxDesc) -> Result<Handle, ColliderError> {
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
    pub fn set_aabb(&mut self, h: Handle, aabb: Aabb) -> Result<usize, ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        let i = self.slots.resolve(h)?;
        self.slots.cur[i] = aabb;
        Ok(i)
    }

    /// Sets the current box and forgets the previous one; returns the slot.
    pub fn teleport(&mut self, h: Handle, aabb: Aabb) -> Result<usize, ColliderError> {
        let i = self.set_aabb(h, aabb)?;
        self.slots.prev[i] = aabb;
        Ok(i)
    }

    /// Gives a visible body `shape` centred on `centre` and the shape's bounding box as its
    /// box (a [`Shape::Aabb`] keeps the box's size); returns the slot and the new box.
    pub fn set_shape(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        shape: Shape,
    ) -> Result<(usize, Aabb), ColliderError> {
        if !shape.is_valid() {
            return Err(ColliderError::InvalidShape(shape));
        }
        let i = self.slots.resolve(h)?;
        let cur = self.slots.cur[i];
        let aabb = shape
            .bounds(centre)
            .unwrap_or_else(|| Aabb::from_center(centre, cur.size() * 0.5));
        self.set_aabb(h, aabb)?;
        self.slots.set_shape(i, shape);
        Ok((i, aabb))
    }

    /// The exact contact of two visible bodies at their current boxes (no sweep), normal
    /// from `a` to `b`; `None` when they do not overlap. Ignores layers and the map.
    pub fn manifold(&self, a: Handle, b: Handle) -> Result<Option<Manifold>, ColliderError> {
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
    pub fn narrow(&mut self, start: usize) {
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
    pub fn remove(&mut self, h: Handle) -> Result<(), ColliderError> {
        let i = self.slots.resolve(h)?;
        let state = &mut self.slots.head[i].state;
        *state = if *state == State::Pending {
            State::Stillborn
        } else {
            State::Leaving
        };
        self.slots.visible -= 1;
        self.leaving.push(i as u32);
        Ok(())
    }

    pub fn get(&self, h: Handle) -> Result<(Contact, Aabb), ColliderError> {
        let i = self.slots.resolve(h)?;
        Ok((self.slots.contact(i), self.slots.cur[i]))
    }

    /// Every visible body with its current box, in slot order.
    pub fn boxes(&self) -> impl Iterator<Item = (Contact, Aabb)> + '_ {
        let s = &self.slots;
        (0..s.head.len())
            .filter(|&i| matches!(s.head[i].state, State::Pending | State::Live))
            .map(|i| (s.contact(i), s.cur[i]))
    }

    /// The area query's share for bodies inserted since the last update, which no broad
    /// phase structure holds yet. O(pending).
    pub fn query_pending(&self, area: &Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
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
    pub fn mark_gone(&mut self) {
        self.gone.clear();
        self.gone.resize(self.slots.meta.len().div_ceil(64), 0);
        for &i in &self.leaving {
            self.gone[i as usize / 64] |= 1 << (i % 64);
        }
    }

    /// Frees this update's removed slots in ascending order, which the shared slot-reuse
    /// contract requires, by reading the removal bitmap word by word; clears the bitmap and
    /// the leaving list. Returns how many were freed. O(slots / 64 + removed).
    pub fn release_gone(&mut self) -> usize {
        let freed = self.slots.release_marked(&mut self.gone);
        self.leaving.clear();
        freed
    }
}

/// The public API every broad phase has in common, delegated to its `bodies` (a [`Bodies`]).
/// The type must also have `fn moved(&mut self, i: usize, aabb: &Aabb)` and
/// `fn teleported(&mut self, i: usize, aabb: &Aabb)`: what its own structure does when slot
/// `i`'s box is set or teleported (often nothing).
macro_rules! body_api {
    ($t:ty) => {
        impl $t {
            /// A broad phase with the default configuration and `map`.
            pub fn with_map(map: $crate::collide::CollisionMap) -> Self {
                Self::new($crate::collide::Config {
                    map,
                    ..$crate::collide::Config::default()
                })
            }

            pub fn map(&self) -> &$crate::collide::CollisionMap {
                &self.bodies.config.map
            }

            /// Adds a box; it joins the broad phase at the next update. Fails on an invalid box
            /// or when the capacity (counting pending and not yet applied removals) is reached.
            pub fn insert(
                &mut self,
                desc: $crate::collide::BoxDesc,
            ) -> Result<$crate::collide::Handle, $crate::collide::ColliderError> {
                self.bodies.insert(desc)
            }

            /// Moves a box. A swept box will test the span from its position at the previous
            /// update.
            #[inline]
            pub fn set_aabb(
                &mut self,
                h: $crate::collide::Handle,
                aabb: $crate::collide::Aabb,
            ) -> Result<(), $crate::collide::ColliderError> {
                let i = self.bodies.set_aabb(h, aabb)?;
                self.moved(i, &aabb);
                Ok(())
            }

            /// Moves a box and forgets where it was, so a swept box does not sweep across the
            /// jump.
            pub fn teleport(
                &mut self,
                h: $crate::collide::Handle,
                aabb: $crate::collide::Aabb,
            ) -> Result<(), $crate::collide::ColliderError> {
                let i = self.bodies.teleport(h, aabb)?;
                self.teleported(i, &aabb);
                Ok(())
            }

            /// Moves a body and gives it `shape`, centred on `centre`, in one call: its box
            /// becomes the shape's bounding box ([`Shape::bounds`]); a [`Shape::Aabb`] keeps
            /// the box's size. Like `set_aabb`, not a teleport: a swept body sweeps from its
            /// previous position. Fails on a stale handle or an invalid shape.
            ///
            /// [`Shape::bounds`]: crate::collide::Shape::bounds
            /// [`Shape::Aabb`]: crate::collide::Shape::Aabb
            pub fn set_shape(
                &mut self,
                h: $crate::collide::Handle,
                centre: glam::Vec2,
                shape: $crate::collide::Shape,
            ) -> Result<(), $crate::collide::ColliderError> {
                let (i, aabb) = self.bodies.set_shape(h, centre, shape)?;
                self.moved(i, &aabb);
                Ok(())
            }

            /// Moves a circle (or gives a body a circle): [`set_shape`](Self::set_shape)
            /// with [`Shape::Circle`](crate::collide::Shape::Circle).
            pub fn set_circle(
                &mut self,
                h: $crate::collide::Handle,
                centre: glam::Vec2,
                radius: f32,
            ) -> Result<(), $crate::collide::ColliderError> {
                self.set_shape(h, centre, $crate::collide::Shape::Circle { radius })
            }

            /// The exact shape of a visible body.
            pub fn shape(
                &self,
                h: $crate::collide::Handle,
            ) -> Result<$crate::collide::Shape, $crate::collide::ColliderError> {
                Ok(self.bodies.slots.shape[self.bodies.slots.resolve(h)?])
            }

            /// The contact of two visible bodies as they stand now (current boxes, no
            /// sweep): `None` when their shapes do not overlap, else the normal (from `a`
            /// towards `b`) and depth. Computed on demand, so pairs nobody asks about cost
            /// nothing; a pair reported only through a sweep may have none. Layers and the
            /// map are not consulted. Fails on a stale handle.
            pub fn manifold(
                &self,
                a: $crate::collide::Handle,
                b: $crate::collide::Handle,
            ) -> Result<Option<$crate::collide::Manifold>, $crate::collide::ColliderError> {
                self.bodies.manifold(a, b)
            }

            /// Removes a box: the handle is stale at once, Exit events for its pairs come with
            /// the next update.
            pub fn remove(
                &mut self,
                h: $crate::collide::Handle,
            ) -> Result<(), $crate::collide::ColliderError> {
                self.bodies.remove(h)
            }

            /// Whether `h` reaches a visible (pending or live) box.
            pub fn contains(&self, h: $crate::collide::Handle) -> bool {
                self.bodies.slots.resolve(h).is_ok()
            }

            /// The contact and current box of a visible box.
            pub fn get(
                &self,
                h: $crate::collide::Handle,
            ) -> Result<
                ($crate::collide::Contact, $crate::collide::Aabb),
                $crate::collide::ColliderError,
            > {
                self.bodies.get(h)
            }

            /// Boxes visible to callers: pending or live, not removed.
            pub fn len(&self) -> usize {
                self.bodies.slots.visible
            }

            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            /// Counters for the last update.
            pub fn stats(&self) -> $crate::collide::Stats {
                self.bodies.stats
            }

            /// Every box not removed, with its current box, in slot order; for debug drawing.
            pub fn boxes(
                &self,
            ) -> impl Iterator<Item = ($crate::collide::Contact, $crate::collide::Aabb)> + '_ {
                self.bodies.boxes()
            }
        }
    };
}

/// The event and pair accessors of a broad phase that keeps its pairs in `bodies.pairs`.
macro_rules! pair_set_api {
    ($t:ty) => {
        impl $t {
            /// The events of the last update, in pair-key order (lower slot, then higher slot).
            pub fn events(&self) -> $crate::collide::Events<'_> {
                self.bodies.pairs.events(&self.bodies.slots)
            }

            /// Pairs overlapping at the last update, in pair-key order.
            pub fn pairs(&self) -> impl Iterator<Item = $crate::collide::Pair> + '_ {
                let slots = &self.bodies.slots;
                self.bodies
                    .pairs
                    .live()
                    .iter()
                    .map(move |&k| $crate::collide::events::pair_of(k, slots))
            }

            /// Current pairs with a box of `owner`, as (owner's side, other side).
            /// O(current pairs).
            pub fn pairs_of_owner(
                &self,
                owner: u32,
            ) -> impl Iterator<Item = ($crate::collide::Contact, $crate::collide::Contact)> + '_
            {
                self.pairs().filter_map(move |p| p.for_owner(owner))
            }
        }
    };
}

pub(super) use {body_api, pair_set_api};

#[cfg(test)]
mod tests {
    use crate::collide::aabb::b;
    use crate::collide::{AabbTree, BoxDesc, BruteForce, Collider, Config, Handle, Layer};

    macro_rules! retires {
        ($t:ty) => {{
            let mut c = <$t>::new(Config::default());
            let unit = b(0., 0., 1., 1.);
            let h = c.insert(BoxDesc::new(unit, 1, Layer::Player)).unwrap();
            c.update();
            c.bodies.slots.force_generation(h.index as usize, u32::MAX);
            let old = Handle {
                index: h.index,
                generation: u32::MAX,
            };
            c.remove(old).unwrap();
            c.update();
            let n = c.insert(BoxDesc::new(unit, 2, Layer::Player)).unwrap();
            assert_ne!(n.index, h.index, "an exhausted slot must not be reused");
        }};
    }

    #[test]
    fn exhausted_generation_retires_the_slot() {
        retires!(Collider);
        retires!(AabbTree);
        retires!(BruteForce);
    }
}
