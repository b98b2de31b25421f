//! What steps the model: each system borrows the parts of the world it changes for the length
//! of its work (its own table, and the `Shared` collider, random draws, events and
//! counters) and moves them on by one step, or answers what happens when they meet.
//!
//! - A step's movers: `players` (the continue countdown, respawns, moving, bombing, the main
//!   shot and the charge), `shots` (the players' shots in flight), `pilots` (Orla's and
//!   Rook's weapons and the melee strike), `bomb` (each pilot's bomb and its blasts),
//!   `enemies` (bringing one in, its flight, boss phases, leaving), `flight` and `legs` (an
//!   enemy's path), `weapons` (enemy fire), `bullets` (the bullet store and its step),
//!   `items` (drops, bouncing, being caught), `timeline` (the stage's clock and what it
//!   brings in), `clear` (the stage's phase and its tally) and `phase_start` (starting at a
//!   boss's phase).
//! - After the broad phase: `encounters` turns its pairs into consequences, and `harm` does
//!   what a hit sets off (damage, kills, drops, score).
//! - Their tools: `shared` (what every system may change besides its own bodies) and
//!   `scratch` (lists reused from step to step, and the room reserved up front).
//!
//! Systems import the model and each other, never the world: the world calls them, in order.

pub mod bomb;
pub(super) mod bullets;
pub(super) mod clear;
pub(super) mod encounters;
pub(super) mod enemies;
pub(super) mod flight;
pub(super) mod harm;
pub(super) mod items;
pub(super) mod legs;
pub(super) mod phase_start;
pub mod pilots;
pub(super) mod players;
pub(super) mod scratch;
pub(super) mod shared;
pub(super) mod shots;
pub(super) mod timeline;
pub(super) mod weapons;
