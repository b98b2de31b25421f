//! The broad phase: which boxes overlap, frame after frame.
//!
//! A small library of its own: it knows boxes, layers and owners, never game types, and depends
//! on glam alone. The game, the tests and the benchmarks all use this public API.
//!
//! Contract, shared by [`Collider`] and the [`BruteForce`] reference:
//! - `insert`, `set_aabb`, `teleport` and `remove` are recorded at once but applied together
//!   at the next [`Collider::update`]; a removed handle is stale immediately.
//! - `update` reports [`EventKind::Enter`], [`EventKind::Stay`] and [`EventKind::Exit`] for each
//!   pair of boxes whose layers meet in the [`CollisionMap`] (see [`Aabb`] for the edge rule).
//! - Every error leaves the collider unchanged.

mod aabb;
mod brute;
mod layer;
mod types;

pub use aabb::Aabb;
pub use brute::BruteForce;
pub use layer::{CollisionMap, Layer, LayerMask};
pub use types::{BoxDesc, ColliderError, Config, Contact, Event, EventKind, Handle, Pair, Stats};

/// The collider the game uses. A stand-in until the sweep-and-prune lands.
pub type Collider = BruteForce;
