//! Arbitrary bytes as a replay file, listed and verified with its checkpoints: see
//! `skysweep::fuzzing::replay_verify`.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    skysweep::fuzzing::replay_verify(data);
});
