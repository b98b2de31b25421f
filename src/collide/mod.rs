//! The broad phase: which boxes overlap, frame after frame.
//!
//! A small library of its own: it knows boxes, layers and owners, never game types. A
//! [`Layer`] is an id the caller gives its meaning, and the caller fills the [`CollisionMap`]
//! of which layers meet (the game does so in `sim/layers.rs`). It imports nothing from the
//! rest of the crate, and depends on glam, serde (boxes and shapes derive it), wide (the
//! tree's eight-lane search) and multiversion (the sweeps and scans compiled for newer vector
//! units) alone. The game, the tests and the benchmarks all use this public API.
//!
//! The three broad phases, [`Collider`] (incremental sweep-and-prune), [`AabbTree`] (dynamic
//! AABB trees) and the [`BruteForce`] reference, implement one trait, [`BroadPhase`], whose
//! doc states the contract they share: batched calls applied at `update`, Enter / Stay / Exit
//! [`PairEvent`]s under the [`CollisionMap`], exact pairs after the narrow phase, swept
//! boxes, generational handles, determinism. [`push_out`] separates overlapping bodies,
//! whatever found the contacts.
//!
//! Here, the contract (`broad_phase.rs`) and what every part shares: boxes (`aabb.rs`), exact
//! shapes (`shape.rs`) and their test (`narrow.rs`), handles and box descriptions
//! (`handle.rs`), pairs (`pair.rs`) and their events (`events.rs`), layers and the collision
//! map (`layer.rs`), settings and errors (`config.rs`); the brute-force reference (`brute.rs`)
//! and push-out (`push_out.rs`). Then a folder a concept:
//! - `store/`: the body store the three broad phases share (slots, batched calls, pair set);
//! - `sap/`: the sweep-and-prune;
//! - `tree/`: the dynamic AABB tree;
//! - `workloads/`: scripted scenes for the benchmark, the lab and the tests (hidden from the
//!   docs; the only place outside tests that names a shooter's layers).

mod aabb;
mod broad_phase;
mod brute;
mod config;
mod events;
mod handle;
mod layer;
mod narrow;
mod pair;
pub mod push_out;
mod sap;
mod shape;
mod store;
mod tree;
#[doc(hidden)]
pub mod workloads;

pub use aabb::Aabb;
pub use broad_phase::{Boxes, BroadPhase, OwnerPairs, Pairs};
pub use brute::BruteForce;
pub use config::{ColliderError, Config, Stats};
pub use events::{PairEvent, PairEventIter, PairEventKind, PairEvents};
pub use handle::{BoxDesc, Handle};
pub use layer::{CollisionMap, Layer, LayerMask};
pub use pair::{Contact, Pair};
pub use sap::Collider;
pub use shape::{Manifold, Shape};
pub use store::reserve::reserve_touched;
pub use tree::AabbTree;
