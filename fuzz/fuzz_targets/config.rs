//! Arbitrary bytes as the settings file: see `src/app/save_fuzz.rs`.

#![no_main]

mod app;

libfuzzer_sys::fuzz_target!(|data: &[u8]| app::save_fuzz::config(data));
