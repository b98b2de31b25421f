//! The game's things as plain values: what a player, a shot, an enemy, a bullet and an item
//! hold, the bosses the stage waits for, the ground's scroll, the settings and configuration
//! a run is set up with, the order of its stages, a step's input, the events a step reports,
//! the collider boxes' owner tags, and the fixed step itself.
//!
//! A value here may answer questions about itself and change itself (an item's worth, an
//! enemy's part position, a score with its extra lives, the scroll easing on), but nothing
//! here borrows the world or steps it: that is `systems`. Outside tests, the model imports
//! nothing of `sim` but the [`PLAYFIELD`](super::PLAYFIELD), so a value's file can be read
//! on its own.

pub mod arcade;
pub(super) mod boss;
pub(super) mod bullet;
pub mod campaign;
pub mod character;
pub mod clock;
pub(super) mod config;
pub(super) mod enemy;
pub mod events;
pub mod input;
pub mod item;
pub(super) mod owner;
pub mod player;
pub(super) mod scroll;
