//! [`BroadPhase`]: the one trait the sweep-and-prune [`Collider`](super::Collider), the
//! [`AabbTree`](super::AabbTree) and the [`BruteForce`](super::BruteForce) reference implement,
//! so the game, the tests, the benchmark and the lab are written once against it.
//!
//! What the three share (handles, validation, batching, slot reuse, shapes) lives once in the
//! body store and is written here once, as the trait's provided methods; each broad phase
//! supplies only how an update finds its pairs and what its own structure does when a box
//! moves. Calls on a concrete type are dispatched statically (the game's hot path); a
//! `dyn BroadPhase` serves tools that switch phases at run time.

use std::collections::btree_map;

use super::events::pair_of;
use super::store::bodies::Store;
use super::store::slots::{Slots, State};
use super::{
    Aabb, BoxDesc, ColliderError, CollisionMap, Config, Contact, Handle, LayerMask, Manifold, Pair,
    PairEvents, Shape, Stats,
};

/// A broad phase: which boxes overlap, frame after frame, reported as pair events.
///
/// The contract every implementation keeps, checked on all three by the same tests:
/// - **Batching.** [`insert`](Self::insert), [`set_aabb`](Self::set_aabb),
///   [`teleport`](Self::teleport), [`set_shape`](Self::set_shape) and [`remove`](Self::remove)
///   are recorded at once but applied together at the next [`update`](Self::update); a removed
///   handle is stale immediately, an inserted box is visible to [`get`](Self::get) and
///   [`query`](Self::query) at once.
/// - **PairEvents.** `update` reports [`PairEventKind::Enter`](super::PairEventKind::Enter),
///   `Stay` and `Exit` for each pair of boxes whose layers meet in the [`CollisionMap`], with
///   the strict edge rule of [`Aabb::overlaps`] (touching edges do not overlap). A box removed
///   before an update reports Exit for each pair it had, at that update.
/// - **Exact pairs.** A body has an exact [`Shape`] (its box by default). The boxes only find
///   candidates; a pair with a shaped body is then tested exactly (the narrow phase), and a
///   pair is reported while both its tested boxes and its tested shapes overlap. No pair is
///   missed and none is extra: the reported set is exactly what a test of every pair finds.
/// - **Sweeps.** A swept box is tested, at each update, as the union of its box at the
///   previous update and its current one (a circle as a capsule, an oriented box as the area
///   it sweeps). A new box's "previous" box is the one it was inserted with; `teleport` resets
///   it to the new box.
/// - **Handles** are generational. Slots freed by an update are reused last-freed-first, in
///   ascending index order within one update, so all implementations hand out the same handles
///   for the same calls. A slot whose generation is exhausted is retired instead of wrapping.
/// - **Capacity** counts pending, live, and removed-but-not-yet-applied boxes.
/// - **Determinism.** Same calls, same events in the same order (pair order for
///   [`BruteForce`](super::BruteForce), pair-key order for the others): nothing depends on
///   addresses or random state.
/// - **Errors** leave the broad phase unchanged.
///
/// The trait is sealed: its provided methods rely on the body store the three share.
pub trait BroadPhase: Store {
    /// A broad phase with `config`; a capacity above [`Config::MAX_CAPACITY`] is lowered to it.
    fn new(config: Config) -> Self
    where
        Self: Sized;

    /// Applies the batched calls, finds this frame's pairs and reports what changed since the
    /// last update (see the contract above). The view borrows the broad phase; collect it with
    /// [`PairEvents::to_vec`] to keep the events past the next mutable call.
    fn update(&mut self) -> PairEvents<'_>;

    /// The events of the last update, as `update` returned them.
    fn events(&self) -> PairEvents<'_> {
        self.bodies().events()
    }

    /// Pairs overlapping at the last update, in the order of its events.
    fn pairs(&self) -> Pairs<'_> {
        self.bodies().live_pairs()
    }

    /// Appends to `out` every box (live or pending, not removed) whose current box overlaps
    /// `area` and whose layer is in `layers`. Boxes are tested as they stand now, unswept.
    fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>);

    /// Checks the structure's invariants and the pair set of the last update against a
    /// recomputation; the message names what broke. For tests: it may cost O(boxes²).
    fn validate(&self) -> Result<(), String>;

    /// A broad phase with the default configuration and `map`.
    fn with_map(map: CollisionMap) -> Self
    where
        Self: Sized,
    {
        Self::new(Config {
            map,
            ..Config::default()
        })
    }

    fn map(&self) -> &CollisionMap {
        &self.bodies().config.map
    }

    /// Adds a box; it joins the broad phase at the next update. Fails on an invalid box or
    /// shape, or when the capacity (counting pending and not yet applied removals) is reached.
    fn insert(&mut self, desc: BoxDesc) -> Result<Handle, ColliderError> {
        self.bodies_mut().insert(desc)
    }

    /// Moves a box. A swept box will test the span from its position at the previous update.
    #[inline]
    fn set_aabb(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        let i = self.bodies_mut().set_aabb(h, aabb)?;
        self.moved(i, &aabb);
        Ok(())
    }

    /// Moves a box and forgets where it was, so a swept box does not sweep across the jump.
    fn teleport(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        let i = self.bodies_mut().teleport(h, aabb)?;
        self.teleported(i, &aabb);
        Ok(())
    }

    /// Moves a body and gives it `shape`, centred on `centre`, in one call: its box becomes the
    /// shape's bounding box ([`Shape::bounds`]); a [`Shape::Aabb`] keeps the box's size. Like
    /// `set_aabb`, not a teleport: a swept body sweeps from its previous position. Fails on a
    /// stale handle or an invalid shape.
    fn set_shape(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        shape: Shape,
    ) -> Result<(), ColliderError> {
        let (i, aabb) = self.bodies_mut().set_shape(h, centre, shape)?;
        self.moved(i, &aabb);
        Ok(())
    }

    /// [`set_shape`](Self::set_shape) with a [`Shape::Oriented`] of half-extents `half` turned
    /// by `angle`, for a caller that has the angle's sine and cosine already: given
    /// `libm::sincosf(angle)` (as [`Shape::bounds`] works them out), the same box, bit for bit,
    /// without working them out again (a curling needle turns every step, and its heading's
    /// sine and cosine move it).
    fn set_oriented(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        (half, angle): (glam::Vec2, f32),
        (sin, cos): (f32, f32),
    ) -> Result<(), ColliderError> {
        debug_assert!(
            [sin, cos].map(f32::to_bits)
                == <[f32; 2]>::from(libm::sincosf(angle)).map(f32::to_bits),
            "set_oriented given a sine and cosine not of its angle"
        );
        let shape = Shape::Oriented { half, angle };
        let bounds = Shape::oriented_bounds(centre, half, sin, cos);
        let (i, aabb) = self
            .bodies_mut()
            .set_shape_bounded(h, centre, shape, Some(bounds))?;
        self.moved(i, &aabb);
        Ok(())
    }

    /// Moves a circle (or gives a body a circle): [`set_shape`](Self::set_shape) with
    /// [`Shape::Circle`].
    fn set_circle(
        &mut self,
        h: Handle,
        centre: glam::Vec2,
        radius: f32,
    ) -> Result<(), ColliderError> {
        self.set_shape(h, centre, Shape::Circle { radius })
    }

    /// The exact shape of a visible body.
    fn shape(&self, h: Handle) -> Result<Shape, ColliderError> {
        let s = &self.bodies().slots;
        Ok(s.shape_of(s.resolve(h)?))
    }

    /// The contact of two visible bodies as they stand now (current boxes, no sweep): `None`
    /// when their shapes do not overlap, else the normal (from `a` towards `b`) and depth.
    /// Computed on demand, so pairs nobody asks about cost nothing; a pair reported only
    /// through a sweep may have none. Layers and the map are not consulted. Fails on a stale
    /// handle.
    fn manifold(&self, a: Handle, b: Handle) -> Result<Option<Manifold>, ColliderError> {
        self.bodies().manifold(a, b)
    }

    /// Removes a box: the handle is stale at once, Exit events for its pairs come with the
    /// next update.
    fn remove(&mut self, h: Handle) -> Result<(), ColliderError> {
        self.bodies_mut().remove(h)
    }

    /// Whether `h` reaches a visible (pending or live) box.
    fn contains(&self, h: Handle) -> bool {
        self.bodies().slots.resolve(h).is_ok()
    }

    /// The contact and current box of a visible box.
    fn get(&self, h: Handle) -> Result<(Contact, Aabb), ColliderError> {
        self.bodies().get(h)
    }

    /// Boxes visible to callers: pending or live, not removed.
    fn len(&self) -> usize {
        self.bodies().slots.visible
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Counters for the last update.
    fn stats(&self) -> Stats {
        self.bodies().stats
    }

    /// Every box not removed, with its current box, in slot order; for debug drawing.
    fn boxes(&self) -> Boxes<'_> {
        Boxes {
            slots: &self.bodies().slots,
            next: 0,
        }
    }

    /// Current pairs with a box of `owner`, as (owner's side, other side). O(current pairs).
    fn pairs_of_owner(&self, owner: u32) -> OwnerPairs<'_> {
        OwnerPairs {
            pairs: self.pairs(),
            owner,
        }
    }
}

/// Iterator over the current pairs of a broad phase ([`BroadPhase::pairs`]).
#[derive(Clone, Debug)]
pub struct Pairs<'a> {
    repr: PairsRepr<'a>,
}

#[derive(Clone, Debug)]
enum PairsRepr<'a> {
    /// Pair keys of a persistent pair set, read against the slot table.
    Keys {
        keys: std::slice::Iter<'a, u64>,
        slots: &'a Slots,
    },
    /// Pairs already built (the brute-force reference keeps them in a map).
    Plain(btree_map::Values<'a, (Handle, Handle), Pair>),
}

impl<'a> Pairs<'a> {
    pub(super) fn keys(keys: &'a [u64], slots: &'a Slots) -> Self {
        Pairs {
            repr: PairsRepr::Keys {
                keys: keys.iter(),
                slots,
            },
        }
    }

    pub(super) fn plain(pairs: btree_map::Values<'a, (Handle, Handle), Pair>) -> Self {
        Pairs {
            repr: PairsRepr::Plain(pairs),
        }
    }
}

impl Iterator for Pairs<'_> {
    type Item = Pair;

    #[inline]
    fn next(&mut self) -> Option<Pair> {
        match &mut self.repr {
            PairsRepr::Keys { keys, slots } => keys.next().map(|&k| pair_of(k, slots)),
            PairsRepr::Plain(pairs) => pairs.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.repr {
            PairsRepr::Keys { keys, .. } => keys.size_hint(),
            PairsRepr::Plain(pairs) => pairs.size_hint(),
        }
    }
}

impl ExactSizeIterator for Pairs<'_> {}

/// Iterator over the current pairs with a box of one owner ([`BroadPhase::pairs_of_owner`]).
#[derive(Clone, Debug)]
pub struct OwnerPairs<'a> {
    pairs: Pairs<'a>,
    owner: u32,
}

impl Iterator for OwnerPairs<'_> {
    type Item = (Contact, Contact);

    fn next(&mut self) -> Option<(Contact, Contact)> {
        let owner = self.owner;
        self.pairs.find_map(|p| p.for_owner(owner))
    }
}

/// Iterator over every box not removed, with its current box ([`BroadPhase::boxes`]).
#[derive(Clone, Debug)]
pub struct Boxes<'a> {
    slots: &'a Slots,
    next: usize,
}

impl Iterator for Boxes<'_> {
    type Item = (Contact, Aabb);

    fn next(&mut self) -> Option<(Contact, Aabb)> {
        let s = self.slots;
        while self.next < s.head.len() {
            let i = self.next;
            self.next += 1;
            if matches!(s.head[i].state, State::Pending | State::Live) {
                return Some((s.contact(i), s.cur[i]));
            }
        }
        None
    }
}
