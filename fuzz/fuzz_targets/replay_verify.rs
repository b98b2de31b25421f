//! Arbitrary bytes as a replay file, listed and verified with its checkpoints: see
//! `skysweep::testkit::fuzzing::replay_verify`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skysweep::testkit::fuzzing::replay_verify(data);
});
