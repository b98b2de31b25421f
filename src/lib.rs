//! SkySweep: a Gunbird-style vertical shoot-'em-up.
//!
//! The library holds everything that can run without a window:
//! - [`collide`]: the sweep-and-prune broad phase, a small library of its own (glam only).
//! - [`sim`]: the game's rules, stepped at a fixed 60 Hz from plain [`sim::Input`] values.
//! - [`level`]: the RON level format, its loading and validation.
//! - [`save`]: the player's files: settings, key and pad bindings, high scores, their store.
//! - [`run`]: a run as a value: its plan, its kind and the rules table, preparing it.
//! - [`headless`]: the commands with no window: `sim`, `balance`, `check`, `soak`, `verify`.
//! - [`platform`]: stdout, bounded reads, atomic writes, data folders, memory.
//! - `testkit` (feature `testkit`, on for this crate's tests): scenarios, hostile files and fuzz
//!   bodies the tests share.
//!
//! None of these modules imports macroquad; the window, audio and drawing live in the binary.
//! Dependencies point one way: `headless` uses `run`; `run` and `save` use `sim` and `level`;
//! `sim` uses `level` and `collide`; everything may use `platform`, which uses nothing of ours.

pub mod collide;
pub mod headless;
pub mod level;
pub mod platform;
pub mod run;
pub mod save;
pub mod sim;
#[cfg(any(test, feature = "testkit"))]
#[doc(hidden)]
pub mod testkit;
