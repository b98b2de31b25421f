//! SkySweep: a Gunbird-style vertical shoot-'em-up.
//!
//! The library holds everything that can run without a window:
//! - [`collide`]: the broad phase (sweep-and-prune, dynamic AABB trees and a brute-force
//!   reference behind one trait), a small library of its own: it uses glam, serde, wide and
//!   multiversion, and nothing of ours.
//! - [`sim`]: the game's rules, stepped at a fixed 60 Hz from plain [`sim::Input`] values.
//! - [`level`]: the RON level format, its loading and validation.
//! - [`save`]: the player's files: settings, key and pad bindings, high scores and their
//!   replays, the practice record, the player's record, and their store.
//! - [`run`]: a run as a value: its plan, its kind and the rules table, preparing it.
//! - [`headless`]: the commands with no window: `sim`, `balance`, `check`, `soak`, `verify`,
//!   and the run options they share with the window's command line.
//! - [`platform`]: stdout, bounded reads, atomic writes, data folders, memory, CPU steal.
//! - `testkit` (feature `testkit`, on for this crate's tests): scenarios, hostile files and fuzz
//!   bodies the tests share.
//!
//! None of these modules imports macroquad; the window, audio and drawing live in the binary.
//! Dependencies point one way: `platform` and `collide` use nothing of ours; `level` uses
//! `platform`; `sim` uses `level`, `collide` and `platform`; `run` and `save` use `sim`,
//! `level` and `platform`; `headless` uses `run`, `sim`, `level` and `platform`; `testkit` may
//! use any of them, and only tests use it.

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
