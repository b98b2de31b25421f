//! The collider's public value types: handles, box descriptions, contacts, events, stats, errors.

use glam::Vec2;

use super::{Aabb, Layer, Shape};

/// A generational handle to a box. A removed box's slot is reused with a new generation, so an
/// old handle is detected as stale instead of reaching the box that now lives in that slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handle {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

impl Handle {
    /// The slot index (stable while the box lives; reused after removal).
    pub fn index(self) -> u32 {
        self.index
    }

    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// Everything the caller says about a box when inserting it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxDesc {
    pub aabb: Aabb,
    /// Caller-chosen id of the thing owning the box (an entity id). Many boxes may share it.
    pub owner: u32,
    /// Which part of the owner this box is (0 for single-box owners; a boss numbers its parts).
    pub part: u16,
    pub layer: Layer,
    /// A small caller value carried into every event, e.g. how many shots a paired box stands for.
    pub user: u16,
    /// When set, the box tested at each update spans its position at the previous update and
    /// its current one, so a fast mover cannot skip over a thin box between two frames.
    pub swept: bool,
    /// The exact shape, centred on the box's centre; [`Shape::Aabb`] (the box itself) by
    /// default. See [`Shape`] for how the two relate.
    pub shape: Shape,
}

impl BoxDesc {
    /// A non-swept box with part 0 and user value 0.
    pub fn new(aabb: Aabb, owner: u32, layer: Layer) -> Self {
        Self {
            aabb,
            owner,
            part: 0,
            layer,
            user: 0,
            swept: false,
            shape: Shape::Aabb,
        }
    }

    /// A circle of `radius` around `centre`, its box the circle's bounding box.
    pub fn circle(centre: Vec2, radius: f32, owner: u32, layer: Layer) -> Self {
        Self::new(Aabb::from_center(centre, Vec2::splat(radius)), owner, layer)
            .shape(Shape::Circle { radius })
    }

    /// A box of half-extents `half` around `centre`, turned by `angle` radians (see
    /// [`Shape::Oriented`]), its box the turned box's bounding box.
    pub fn oriented(centre: Vec2, half: Vec2, angle: f32, owner: u32, layer: Layer) -> Self {
        Self::new(Aabb::from_center(centre, half), owner, layer)
            .shape(Shape::Oriented { half, angle })
    }

    /// Sets the shape, centred where the box is, and makes the box its bounding box (for
    /// [`Shape::Aabb`] the box stays as it is).
    pub fn shape(mut self, shape: Shape) -> Self {
        if let Some(b) = shape.bounds(self.aabb.center()) {
            self.aabb = b;
        }
        self.shape = shape;
        self
    }

    pub fn part(mut self, part: u16) -> Self {
        self.part = part;
        self
    }

    pub fn user(mut self, user: u16) -> Self {
        self.user = user;
        self
    }

    pub fn swept(mut self, swept: bool) -> Self {
        self.swept = swept;
        self
    }
}

/// One side of an encounter: which box, and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contact {
    pub handle: Handle,
    pub owner: u32,
    pub part: u16,
    pub layer: Layer,
    pub user: u16,
}

/// Two boxes that overlap. Ordered: `a.layer < b.layer`, or equal layers and
/// `a.handle < b.handle`, so callers can match on `(a.layer, b.layer)` without checking both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    pub a: Contact,
    pub b: Contact,
}

impl Pair {
    /// Builds a pair in canonical order.
    pub fn new(x: Contact, y: Contact) -> Self {
        // (layer, index, generation) as one integer: a single compare instead of a chain of
        // branches, since reading events builds a pair per event.
        let rank = |c: &Contact| {
            (c.layer as u128) << 64 | (c.handle.index as u128) << 32 | c.handle.generation as u128
        };
        let swap = rank(&x) > rank(&y);
        Pair {
            a: if swap { y } else { x },
            b: if swap { x } else { y },
        }
    }

    /// The side belonging to `owner`, then the other side, if either side is `owner`'s.
    pub fn for_owner(&self, owner: u32) -> Option<(Contact, Contact)> {
        if self.a.owner == owner {
            Some((self.a, self.b))
        } else if self.b.owner == owner {
            Some((self.b, self.a))
        } else {
            None
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The first update at which the two boxes overlap.
    Enter,
    /// Every further update at which they still overlap.
    Stay,
    /// The update at which they stop overlapping, or at which either box's removal is applied.
    Exit,
}

/// An encounter reported by [`Collider::update`](super::Collider::update).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    pub kind: EventKind,
    pub pair: Pair,
}

/// Counters for the last update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Boxes alive after the update.
    pub live_boxes: usize,
    /// Adjacent endpoint exchanges made while re-sorting.
    pub swaps: u64,
    /// Exact box-versus-box overlap tests made.
    pub pair_tests: u64,
    /// Pairs that began this update (Enter events).
    pub pairs_added: usize,
    /// Pairs that ended this update (Exit events).
    pub pairs_removed: usize,
    /// Pairs alive after the update.
    pub live_pairs: usize,
    /// Boxes inserted by this update's batch.
    pub inserted: usize,
    /// Boxes removed by this update's batch.
    pub removed: usize,
}

/// Why a collider call was refused. A refused call changes nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ColliderError {
    /// The handle's box was removed (or never existed in this collider).
    StaleHandle(Handle),
    /// A coordinate was NaN or infinite, or `min > max` on an axis.
    InvalidAabb(Aabb),
    /// Inserting would exceed the configured capacity.
    CapacityExceeded { capacity: usize },
    /// A shape parameter was NaN, infinite, or a negative size (see [`Shape::is_valid`]).
    InvalidShape(Shape),
}

impl std::fmt::Display for ColliderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ColliderError::StaleHandle(h) => {
                write!(f, "stale collider handle (slot {}, generation {})", h.index, h.generation)
            }
            ColliderError::InvalidAabb(b) => write!(
                f,
                "invalid box: min ({}, {}) max ({}, {}); coordinates must be finite with min <= max",
                b.min.x, b.min.y, b.max.x, b.max.y
            ),
            ColliderError::CapacityExceeded { capacity } => {
                write!(f, "collider is full: capacity is {capacity} boxes")
            }
            ColliderError::InvalidShape(s) => write!(
                f,
                "invalid shape {s:?}: sizes must be finite and not negative, angles finite"
            ),
        }
    }
}

impl std::error::Error for ColliderError {}

/// Construction settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Most boxes alive at once, counting inserts not yet applied. At most
    /// [`Config::MAX_CAPACITY`]; the colliders lower a larger value to it.
    pub capacity: usize,
    pub map: super::CollisionMap,
}

impl Config {
    /// The largest capacity a collider accepts: 2^30 boxes.
    pub const MAX_CAPACITY: usize = super::events::MAX_SLOTS;
}

impl Default for Config {
    fn default() -> Self {
        Self {
            capacity: 65_536,
            map: super::CollisionMap::game_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact(layer: Layer, index: u32, generation: u32) -> Contact {
        Contact {
            handle: Handle { index, generation },
            owner: index.wrapping_add(100),
            part: 0,
            layer,
            user: 0,
        }
    }

    #[test]
    fn pairs_order_by_layer_then_handle_whichever_side_comes_first() {
        let cases = [
            // Layer decides, even against a lower slot.
            (
                contact(Layer::AirEnemy, 1, 0),
                contact(Layer::PlayerShot, 9, 0),
            ),
            // Same layer: the slot decides, not the generation.
            (
                contact(Layer::EnemyBullet, 7, 0),
                contact(Layer::EnemyBullet, 3, 5),
            ),
            // Same slot (contacts of different lives): the generation decides.
            (contact(Layer::Player, 4, 2), contact(Layer::Player, 4, 1)),
            // Slots above 2^31 and the highest layer.
            (
                contact(Layer::BombBlast, u32::MAX, 0),
                contact(Layer::BombBlast, 1 << 31, 9),
            ),
        ];
        for (hi, lo) in cases {
            let expect = (lo, hi);
            for (x, y) in [(hi, lo), (lo, hi)] {
                let p = Pair::new(x, y);
                assert_eq!((p.a, p.b), expect, "{x:?} / {y:?}");
                assert!((p.a.layer, p.a.handle) < (p.b.layer, p.b.handle));
            }
        }
    }
}
