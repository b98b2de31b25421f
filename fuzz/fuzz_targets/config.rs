//! Arbitrary bytes as the settings file: see `src/app/save_fuzz.rs`.

#![no_main]

mod app;
// `app/config.rs` names its key bindings as `crate::keys`, as in the game.
#[allow(dead_code)]
#[path = "../../src/keys.rs"]
mod keys;

libfuzzer_sys::fuzz_target!(|data: &[u8]| app::save_fuzz::config(data));
