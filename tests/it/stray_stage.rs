//! A stray `stage2b.ron` beside the shipped stages is not a stage: `sim --all` plays the same
//! campaign with it there (and would refuse to start if it listed the broken file).

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{tempdir, BIN};

fn sim_all_in(dir: &Path) -> Output {
    Command::new(BIN)
        .args(["sim", "--all", "--autoplay", "--seed", "2", "--frames", "1"])
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn first_stage(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON summary");
    v["level"].clone()
}

#[test]
fn a_stray_stage_file_changes_nothing_sim_all_plays() {
    let dir = tempdir();
    let levels = dir.path().join("levels");
    std::fs::create_dir(&levels).unwrap();
    for entry in std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "ron") {
            std::fs::copy(&path, levels.join(path.file_name().unwrap())).unwrap();
        }
    }
    let before = first_stage(&sim_all_in(dir.path()));
    // Not a stage of the game, and not even a level: listed, it would stop the run loading.
    std::fs::write(levels.join("stage2b.ron"), "this is no level").unwrap();
    let after = first_stage(&sim_all_in(dir.path()));
    assert_eq!(before, after);
    assert!(
        before.as_str().is_some_and(|l| l.contains("stage")),
        "{before}"
    );
}
