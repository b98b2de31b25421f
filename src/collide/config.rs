//! A broad phase's settings ([`Config`]), its counters ([`Stats`]) and why it refuses a call
//! ([`ColliderError`]).

use super::{Aabb, Handle, Shape};

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
    /// Which layers meet: none by default, so a caller that wants pairs fills it.
    pub map: super::CollisionMap,
}

impl Config {
    /// The largest capacity a collider accepts: 2^30 boxes. Slot indices stay below it, so a
    /// pair's key (two slots, the lower in the high half) leaves the top two bits clear for
    /// the kind of an event the sweep-and-prune stores packed.
    pub const MAX_CAPACITY: usize = 1 << 30;
}

impl Default for Config {
    fn default() -> Self {
        Self {
            capacity: 65_536,
            map: super::CollisionMap::empty(),
        }
    }
}
