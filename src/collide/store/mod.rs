//! The body store the three broad phases share, so they cannot drift apart on what the
//! contract of [`BroadPhase`](super::BroadPhase) says about handles, batching and slot reuse.
//!
//! - `bodies.rs`: [`Bodies`](bodies::Bodies), the store itself: the slot table, the calls
//!   batched until the next update, the pair set, and the trait's provided methods on it;
//! - `slots.rs`: the generational slot table behind handles;
//! - `pairs.rs`: the persistent set of overlapping pairs, and the events it yields;
//! - `reserve.rs`: reserving a buffer's room ahead of time, written once
//!   ([`reserve_touched`](super::reserve_touched), which the game uses too);
//! - `validate.rs`: the store's consistency checks.
//!
//! Seen by the rest of `collide/` only; it reads the collider's vocabulary and the narrow
//! phase, never a broad phase's own structure (`sap/`, `tree/`).

pub(super) mod bodies;
pub(super) mod pairs;
pub(super) mod reserve;
pub(super) mod slots;
mod validate;
