//! The fuzz targets' saved corpus and crashers (`fuzz/saved/TARGET/`), replayed through the
//! very functions the fuzzer runs (`skysweep::testkit::fuzzing`), on the stable toolchain: a regression
//! any of them once caught fails here without nightly or cargo-fuzz. The settings and scores
//! targets replay theirs in `src/testkit/save_fuzz.rs`.

use skysweep::testkit::fuzzing::{run_saved, saved_inputs};

#[test]
fn the_level_corpus_runs_clean() {
    run_saved("level", skysweep::testkit::fuzzing::level);
}

#[test]
fn the_level_uses_corpus_runs_clean() {
    let dir = crate::support::tempdir();
    run_saved("level_uses", |data| {
        skysweep::testkit::fuzzing::level_uses_in(dir.path(), data)
    });
}

#[test]
fn the_replay_corpus_runs_clean() {
    run_saved("replay", skysweep::testkit::fuzzing::replay);
}

#[test]
fn the_replay_verify_corpus_runs_clean_and_reaches_play() {
    let mut played = 0;
    run_saved("replay_verify", |data| {
        played += skysweep::testkit::fuzzing::replay_verify(data)
    });
    assert!(
        played > 0,
        "a saved version-3 replay plays on the fuzzed stage"
    );
}

/// The saved corpus reaches the loaders' size limits, which random mutation rarely does.
#[test]
fn the_corpus_holds_inputs_at_the_level_size_limit() {
    let limit = skysweep::level::limits::MAX_FILE_BYTES;
    let sizes: Vec<usize> = saved_inputs("level")
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len() as usize - 2)
        .collect();
    for want in [limit, limit + 1] {
        assert!(sizes.contains(&want), "a stage of {want} bytes");
    }
}
