//! The broad phase: which boxes overlap, frame after frame.
//!
//! A small library of its own: it knows boxes, layers and owners, never game types, and depends
//! on glam alone. The game, the tests and the benchmarks all use this public API.
//!
//! Contract, shared by [`Collider`] (incremental sweep-and-prune), [`AabbTree`] (dynamic AABB
//! trees) and the [`BruteForce`] reference:
//! - `insert`, `set_aabb`, `teleport` and `remove` are recorded at once but applied together
//!   at the next [`Collider::update`]; a removed handle is stale immediately.
//! - `update` reports [`EventKind::Enter`], [`EventKind::Stay`] and [`EventKind::Exit`] for each
//!   pair of boxes whose layers meet in the [`CollisionMap`] (see [`Aabb`] for the edge rule).
//!   A box removed before an update reports Exit for each pair it had at that update.
//! - A swept box is tested, at each update, as the union of its box at the previous update and
//!   its current one. A new box's "previous" box is the one it was inserted with; `teleport`
//!   resets it to the new box.
//! - Handles are generational. Slots freed by an update are reused last-freed-first, in
//!   ascending index order within one update, so all three hand out the same handles for the
//!   same calls. A slot whose generation is exhausted is retired instead of wrapping.
//! - The capacity counts pending, live, and removed-but-not-yet-applied boxes.
//! - Same calls, same events in the same order: nothing depends on addresses or random state.
//! - Every error leaves the collider unchanged.
//! - A body has an exact [`Shape`] (its box by default). The broad phase pairs boxes; a pair
//!   with a shaped body is then tested exactly (the narrow phase), and Enter, Stay and Exit
//!   follow the exact test: a pair is reported while both its tested boxes and its tested
//!   shapes overlap. A swept circle is tested as a capsule, a swept oriented box as the area
//!   it sweeps; a swept plain box keeps the union of its two boxes. `manifold` gives the
//!   normal and depth of a contact on demand.

mod aabb;
mod aabb_tree;
mod bodies;
mod brute;
mod endpoints;
mod events;
mod layer;
mod narrow;
mod pairs;
mod reserve;
mod sap;
mod sap_validate;
#[doc(hidden)]
pub mod scenes;
mod shape;
mod slots;
mod sweep;
mod tree;
mod tree_build;
mod tree_insert;
mod tree_query;
mod tree_rotate;
mod tree_validate;
mod types;
mod validate;

pub use aabb::Aabb;
pub use aabb_tree::AabbTree;
pub use brute::BruteForce;
pub use events::{EventIter, Events};
pub use layer::{CollisionMap, Layer, LayerMask};
pub use sap::Collider;
pub use shape::{Manifold, Shape};
pub use types::{BoxDesc, ColliderError, Config, Contact, Event, EventKind, Handle, Pair, Stats};
