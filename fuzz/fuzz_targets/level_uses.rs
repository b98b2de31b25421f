//! A stage and the definitions files it `uses`, loaded from disk: see
//! `skysweep::testkit::fuzzing::level_uses`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::testkit::fuzzing::level_uses(data));
