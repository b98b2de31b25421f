//! The player's files: settings (with key and pad bindings), high scores, and the store that
//! writes them atomically and keeps damaged files aside. Window-free, so the fuzz targets and
//! tests build these very modules without macroquad.

pub mod attacks;
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
