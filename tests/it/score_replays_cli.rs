//! `skysweep verify` with no files: every high score's replay, marked verified or not, from
//! the data folder the game keeps them in (issue #44).

use std::path::Path;

use crate::support::{assert_line_starts, skysweep, tempdir};

/// What the command printed, whatever its exit status.
fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Records `frames` steps of stage 1 with the autopilot into `file`, as a run the game kept.
fn record(file: &Path, frames: &str) {
    let out = skysweep()
        .args([
            "sim",
            "--level",
            "levels/stage1.ron",
            "--autoplay",
            "--frames",
            frames,
        ])
        .arg("--record")
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn entry(name: &str, score: u64, replay: &str) -> String {
    let replay = match replay {
        "" => String::new(),
        r => format!(", replay: \"{r}\""),
    };
    format!("(name: \"{name}\", score: {score}, character: Vela, stage: \"Meadowvale\"{replay})")
}

#[test]
fn verify_with_no_files_marks_each_scores_replay() {
    let data = tempdir();
    let dir = data.path().join("score_replays");
    std::fs::create_dir_all(&dir).unwrap();
    record(&dir.join("1_NORMAL_900.ron"), "400");
    // A copy whose second checkpoint no longer matches: it no longer verifies.
    let good = std::fs::read_to_string(dir.join("1_NORMAL_900.ron")).unwrap();
    let at = good.find("checkpoints: [(").unwrap();
    let hash = good[at..].find(", \"").unwrap() + at + 3;
    let mut bad = good.clone();
    bad.replace_range(hash..hash + 16, "0123456789abcdef");
    std::fs::write(dir.join("2_NORMAL_800.ron"), bad).unwrap();
    let rows = [
        entry("ACE", 900, "1_NORMAL_900.ron"),
        entry("BAD", 800, "2_NORMAL_800.ron"),
        entry("OLD", 700, ""),
    ];
    let table = format!("(tables: {{Normal: [{}]}})", rows.join(", "));
    std::fs::write(data.path().join("scores.ron"), &table).unwrap();

    for args in [&["verify"][..], &["verify", "--scores"]] {
        let out = skysweep()
            .args(args)
            .env("SKYSWEEP_DATA_DIR", data.path())
            .output()
            .unwrap();
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_line_starts(&lines, 0, "NORMAL 1 ACE 900 VELA: verified: ");
        assert_line_starts(&lines, 1, "NORMAL 2 BAD 800 VELA: NOT VERIFIED: ");
        assert!(lines[1].contains("desynced"), "{text}");
        assert_eq!(lines[2], "NORMAL 3 OLD 700 VELA: no replay");
        assert_eq!(out.status.code(), Some(1), "a desync fails: {text}");
    }
    // Marking deletes nothing: the table and every replay are as they were.
    assert_eq!(
        std::fs::read_to_string(data.path().join("scores.ron")).unwrap(),
        table
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);

    let out = skysweep()
        .args(["verify", "--json"])
        .env("SKYSWEEP_DATA_DIR", data.path())
        .output()
        .unwrap();
    let first: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(first["score"], "NORMAL 1 ACE 900 VELA");
    assert_eq!(first["verified"], true);

    // A damaged table is said, and left where it is.
    std::fs::write(data.path().join("scores.ron"), "(tables: {Normal: [(").unwrap();
    let out = skysweep()
        .arg("verify")
        .env("SKYSWEEP_DATA_DIR", data.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("damaged"));
    assert!(data.path().join("scores.ron").exists());
}
