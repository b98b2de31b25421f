//! Arbitrary bytes as a replay file: see `skysweep::testkit::fuzzing::replay`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::testkit::fuzzing::replay(data));
