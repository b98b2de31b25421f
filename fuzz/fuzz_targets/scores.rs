//! Arbitrary bytes as the high score file: see `skysweep::testkit::save_fuzz::scores`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::testkit::save_fuzz::scores(data));
