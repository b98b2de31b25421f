//! SkySweep: a Gunbird-style vertical shoot-'em-up.
//!
//! The library holds everything that can run without a window:
//! - [`collide`]: the sweep-and-prune broad phase, a small library of its own (glam only).
//! - [`sim`]: the game's rules, stepped at a fixed 60 Hz from plain [`sim::Input`] values.
//! - [`level`]: the RON level format, its loading and validation.
//! - [`fileio`]: bounded reads of files a stranger may have shared.
//! - [`memory`]: the process's resident memory, for soaks and memory logs.
//! - [`soak`]: long random runs checking for panics, determinism and memory.
//! - [`store`]: atomic saves and damaged-file handling for replays, settings and scores.
//!
//! None of these modules imports macroquad; the window, audio and drawing live in the binary.

pub mod collide;
pub mod fileio;
#[doc(hidden)]
pub mod fuzzing;
pub mod level;
pub mod memory;
pub mod sim;
pub mod soak;
pub mod store;
#[doc(hidden)]
pub mod test_files;
