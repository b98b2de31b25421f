//! The sweep-and-prune broad phase, [`Collider`]: each layer's boxes in endpoint lists, one a
//! horizontal band, sorted on `min.x` and repaired from frame to frame by insertion sort.
//!
//! - `collider.rs`: [`Collider`], its public API and the order of work in an update;
//! - `endpoints.rs`: one list (a layer's boxes in one band, as arrays) and the bands;
//! - `sweep.rs`: the pairs between two sorted lists, or within one;
//! - `scan.rs`: the pairs between a layer of a few boxes and a layer it meets, unsorted;
//! - `validate.rs`: the structure's consistency checks.
//!
//! Built on the body store (`store/`) and the collider's vocabulary; nothing here is seen
//! outside `collide/` but [`Collider`], and nothing here reads the tree (`tree/`).

mod collider;
mod endpoints;
mod scan;
mod sweep;
mod validate;

pub use collider::Collider;
