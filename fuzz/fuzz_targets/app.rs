//! The binary's settings and scores modules, compiled in by path so the targets run the game's
//! own code (the same files `cargo test` replays the corpus through; see src/app/save_fuzz.rs).
//! Only parsing is used here, so most of these modules goes unused.

#![allow(dead_code)]

#[path = "../../src/app/config.rs"]
pub mod config;
#[path = "../../src/app/gamepad.rs"]
pub mod gamepad;
#[path = "../../src/app/save_fuzz.rs"]
pub mod save_fuzz;
#[path = "../../src/app/scores.rs"]
pub mod scores;
