//! Arbitrary bytes as a replay file: see `skysweep::fuzzing::replay`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| skysweep::fuzzing::replay(data));
