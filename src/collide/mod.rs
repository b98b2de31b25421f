//! The broad phase: which boxes overlap, frame after frame.
//!
//! A small library of its own: it knows boxes, layers and owners, never game types, and depends
//! on glam, serde (boxes, layers and shapes are saved), wide (the tree's eight-lane search) and
//! multiversion (the sweeps and scans compiled for newer vector units) alone. The game, the
//! tests and the benchmarks all use this public API.
//!
//! The three broad phases, [`Collider`] (incremental sweep-and-prune), [`AabbTree`] (dynamic
//! AABB trees) and the [`BruteForce`] reference, implement one trait, [`BroadPhase`], whose
//! doc states the contract they share: batched calls applied at `update`, Enter / Stay / Exit
//! [`PairEvent`]s under the [`CollisionMap`], exact pairs after the narrow phase, swept
//! boxes, generational handles, determinism. [`push_out`] separates overlapping bodies,
//! whatever found the contacts.

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
