//! Arbitrary bytes as the settings file: see `skysweep::testkit::save_fuzz::config`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::testkit::save_fuzz::config(data));
