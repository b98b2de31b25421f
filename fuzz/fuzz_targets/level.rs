//! Arbitrary bytes as a stage, parsed and played: see `skysweep::testkit::fuzzing::level`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::testkit::fuzzing::level(data));
