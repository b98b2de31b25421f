//! The fuzz targets' saved corpus and crashers (`fuzz/saved/TARGET/`), replayed through the
//! very functions the fuzzer runs (`skysweep::fuzzing`), on the stable toolchain: a regression
//! any of them once caught fails here without nightly or cargo-fuzz. The settings and scores
//! targets live in the binary and replay theirs in `src/app/save_fuzz.rs`.

use std::path::PathBuf;

fn saved_inputs(target: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/saved")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{}: the corpus is there", dir.display());
    files
}

fn run_all(target: &str, entry: impl Fn(&[u8])) {
    for f in saved_inputs(target) {
        let data = std::fs::read(&f).unwrap();
        // Named on failure: the panic's own message says what broke.
        eprintln!("{target}: {}", f.display());
        entry(&data);
    }
}

#[test]
fn the_level_corpus_runs_clean() {
    run_all("level", skysweep::fuzzing::level);
}

#[test]
fn the_level_uses_corpus_runs_clean() {
    let dir = tempfile::tempdir().unwrap();
    run_all("level_uses", |data| {
        skysweep::fuzzing::level_uses_in(dir.path(), data)
    });
}

#[test]
fn the_replay_corpus_runs_clean() {
    run_all("replay", skysweep::fuzzing::replay);
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
