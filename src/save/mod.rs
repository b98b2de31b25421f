//! The player's files: settings ([`settings`], with key and pad bindings as data in [`keys`]
//! and [`pad`], rebinding in [`rebind`], TATE in [`tate`]), the high scores ([`scores`]) and
//! their replays ([`score_replays`]), the practice record with its boss attacks ([`practice`]),
//! the player's record for EXTRAS ([`player_data`]), and the store that writes them
//! atomically and keeps damaged files aside ([`store`]). Window-free, so the fuzz targets and
//! tests build these very modules without macroquad.
//!
//! May import `sim`, `level` and `platform` (and `testkit` in tests); never `run` or
//! `headless`.

pub mod keys;
pub mod pad;
pub mod player_data;
pub mod practice;
pub mod rebind;
pub mod score_replays;
pub mod scores;
pub mod settings;
pub mod store;
pub mod tate;
