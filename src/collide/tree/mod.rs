//! The dynamic-AABB-tree broad phase, [`AabbTree`]: one binary tree of boxes a layer, whose
//! leaves keep fattened boxes so that a box moving a little leaves its tree as it was.
//!
//! - `aabb_tree.rs`: [`AabbTree`], its public API and the order of work in an update;
//! - `nodes.rs`: one tree's node pool, typed node handles and fattened boxes;
//! - `insert.rs`, `rotate.rs`, `build.rs`: adding and taking out leaves, keeping the tree
//!   shallow, and building it anew when most of its leaves go at once;
//! - `query.rs`: reading a tree: the leaves under an area, the overlapping pairs of leaves;
//! - `wide.rs`: the pair search's layout of a tree's leaves, eight boxes to a SIMD node;
//! - `validate.rs`: the structure's consistency checks.
//!
//! Built on the body store (`store/`) and the collider's vocabulary; nothing here is seen
//! outside `collide/` but [`AabbTree`], and nothing here reads the sweep-and-prune (`sap/`).

mod aabb_tree;
mod build;
mod insert;
mod nodes;
mod query;
mod rotate;
mod validate;
mod wide;

pub use aabb_tree::AabbTree;
