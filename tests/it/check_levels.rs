//! `skysweep check` as an author runs it: every shipped level passes, and each broken file in
//! `tests/levels_bad/` fails with the expected position and message, shown with its line
//! (human format) or as one JSON object per problem (`--format json`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support;

fn run_check(args: &[&str], files: &[&Path]) -> (bool, String, String) {
    let out = support::skysweep()
        .arg("check")
        .args(args)
        .args(files)
        .output()
        .expect("run skysweep check");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The human output (stdout and stderr together).
fn check(files: &[&Path]) -> (bool, String) {
    let (ok, out, err) = run_check(&[], files);
    (ok, out + &err)
}

/// The JSON output: one object per problem, every stdout line one of them.
fn check_json(files: &[&Path]) -> (bool, Vec<Value>) {
    let (ok, out, err) = run_check(&["--format", "json"], files);
    let problems = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}\n{err}")))
        .collect();
    (ok, problems)
}

/// A problem as `FILE:LINE:COLUMN: MESSAGE`, for comparing with the expectations below.
fn one_line(p: &Value) -> String {
    format!(
        "{}:{}:{}: {}",
        p["file"].as_str().unwrap(),
        p["line"],
        p["column"],
        p["message"].as_str().unwrap()
    )
}

/// Each broken file, with every `line:col: message part` its check must print.
const BAD: &[(&str, &[&str])] = &[
    ("typo_enemy.ron", &["7:29: unknown enemy \"tnak\"; did you mean \"tank\"?"]),
    ("negative_hp.ron", &["9:17: enemy \"brick\": hp must be more than 0"]),
    ("unknown_pattern.ron", &["10:27: unknown pattern \"rign12\"; did you mean \"ring12\"?"]),
    ("event_past_end.ron", &["8:19: event 3 at 75 s is past the stage's end (length_s: 60)"]),
    (
        "bad_phase_part.ron",
        &["14:26: enemy \"fortress\", phase 2: after names unknown part \"wing_left\"; did you mean \"wing_l\"?"],
    ),
    (
        "duplicate_phase_name.ron",
        &["14:24: enemy \"fortress\", phase 2: the name \"Salvo\" is phase 1's already; each phase of an enemy needs its own"],
    ),
    (
        "syntax_error.ron",
        &["5:37: expected a comma `,` after `enemy: \"drone\"` (or a closing bracket), found `x`"],
    ),
    (
        "bad_assets.ron",
        &[
            "7:17: ground \"backgrounds/stage2_grund.png\" is not an image file: there is no \
             assets/backgrounds/stage2_grund.png; did you mean \"backgrounds/stage2_ground.png\"?",
            "8:26: background layer 1: image \"backgrounds/cloud.png\" is not an image file: there \
             is no assets/backgrounds/cloud.png; did you mean \"backgrounds/clouds.png\"?",
            "10:12: music \"stage9\" is not a music cue: there is no assets/music/stage9.ogg \
             (the cues are boss, ending, extra_boss, final_boss, stage1, stage2, stage3, stage4, \
             stage5, stage6, stage7, title); did you mean \"stage1\"?",
            "11:17: boss_music \"bos\" is not a music cue: there is no assets/music/bos.ogg \
             (the cues are boss, ending, extra_boss, final_boss, stage1, stage2, stage3, stage4, \
             stage5, stage6, stage7, title); did you mean \"boss\"?",
            "13:26: enemy \"kite\": sprite \"air_dron\" is not a sprite in \
             assets/sprites/atlas.ron; did you mean \"air_drone\"?",
            "13:68: enemy \"kite\": wreck \"wreck_smal\" is not a sprite in \
             assets/sprites/atlas.ron; did you mean \"wreck_small\"?",
            "16:67: part \"core\" of \"hulk\": sprite \"boss1_cor\" is not a sprite in \
             assets/sprites/atlas.ron; did you mean \"boss1_core\"?",
        ],
    ),
    (
        "unknown_field.ron",
        &["6:74: unknown field `speeed` in Enemy; expected one of `sprite`, `layer`, `hp`"],
    ),
    ("missing_field.ron", &["6:60: missing field `layer` in Enemy"]),
    (
        "unknown_variant.ron",
        &["7:9: unknown name `Spwan` in Event (did you mean `Spawn`?); expected one of `Spawn`"],
    ),
    (
        "huge_count.ron",
        &[
            "6:37: pattern \"wall\": count must be 1 to 720, found 100000",
            "9:52: spawn count must be 1 to 64, found 5000",
        ],
    ),
    (
        "asset_escape.ron",
        &[
            "6:17: ground \"../../secret.png\" must be a relative path inside assets/",
            "7:26: background layer 1: image \"/etc/passwd\" must be a relative path inside assets/",
        ],
    ),
    (
        "uses_escape.ron",
        &["3:30: `uses` path \"../levels/common.ron\" must be a relative path inside the stage's folder"],
    ),
    (
        "uses_missing.ron",
        &["3:30: cannot find `uses` file \"comon.ron\": searched tests/levels_bad, then the \
           game's own files in "],
    ),
    ("defs_uses.ron", &["3:5: unknown field `uses` in Defs"]),
    (
        "duplicate_enemy.ron",
        &["7:9: enemy \"kite\" is defined twice in this file (first on line 6)"],
    ),
    (
        "bad_guard.ron",
        &[
            "10:82: enemy \"barge\": guarded_by names unknown part \"turet_b\"; did you mean \"turret_b\"?",
            "14:48: enemy \"barge\": weapon `from` names unknown part \"turret_c\"",
        ],
    ),
    (
        "bad_defs.ron",
        &[
            "9:54: enemy \"sparrow\": a weapon's interval_s must be 0.05 to 600 seconds, found 0",
            "10:17: enemy \"sparrow\": hp must be more than 0",
        ],
    ),
    (
        "bad_shape.ron",
        &[
            "6:82: enemy \"orb\": circle radius must be 0.5 to 160 pixels, found -4",
            "7:84: enemy \"slab\": has both a size and a shape; give one of them",
            "11:17: part \"shell\" of \"crab\": has no hitbox; give it a size (w, h) or a shape",
            "12:82: part \"claw_l\" of \"crab\": oriented box size must be 1 to 320 pixels on \
             each side, found (30, 0)",
            "13:101: part \"claw_r\" of \"crab\": oriented box angle_deg must be -360 to 360 \
             degrees, found 400",
        ],
    ),
    (
        "many_errors.ron",
        &[
            "5:16: marker \"boss\" at 90 s is outside the stage",
            "7:29: unknown enemy \"dron\"; did you mean \"drone\"?",
            "8:54: unknown pattern \"aimd\"; did you mean \"aimed\"?",
            "9:18: event 3 at 70 s is past the stage's end",
        ],
    ),
];

/// Files in `tests/levels_bad/` that are valid on purpose: the broken stages use them.
const HELPERS: &[&str] = &["common_min.ron"];

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels_bad")
}

#[test]
fn every_shipped_level_passes() {
    let (ok, out) = check(&[]);
    assert!(ok, "{out}");
    assert!(out.contains("ok    levels/stage1.ron"), "{out}");
    assert!(out.contains("ok    levels/stage2.ron"), "{out}");
    assert!(out.contains("ok    levels/common.ron"), "{out}");
    assert!(out.contains(", 0 with errors"), "{out}");
    // Not even a warning: the shipped assets are all readable.
    let (ok, problems) = check_json(&[]);
    assert!(ok && problems.is_empty(), "{problems:?}");
}

#[test]
fn each_broken_file_fails_where_expected() {
    let mut failures = Vec::new();
    for (file, expected) in BAD {
        let rel = format!("tests/levels_bad/{file}");
        let (ok, problems) = check_json(&[Path::new(&rel)]);
        let lines: Vec<String> = problems.iter().map(one_line).collect();
        if ok {
            failures.push(format!("{file}: passed, but should fail:\n{lines:#?}"));
        }
        for e in *expected {
            let want = format!("{rel}:{e}");
            if !lines.iter().any(|l| l.starts_with(&want)) {
                failures.push(format!("{file}: expected `{want}` in:\n{lines:#?}"));
            }
        }
        if lines.len() != expected.len() {
            failures.push(format!(
                "{file}: {} errors printed, {} expected:\n{lines:#?}",
                lines.len(),
                expected.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn an_error_shows_its_line_with_a_caret_under_the_value() {
    let (ok, out) = check(&[Path::new("tests/levels_bad/typo_enemy.ron")]);
    assert!(!ok);
    // Piped, so plain: no colour codes.
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert_eq!(
        out,
        "error: unknown enemy \"tnak\"; did you mean \"tank\"?\n \
         --> tests/levels_bad/typo_enemy.ron:7:29\n  \
         |\n\
         7 |         Spawn(at: 2, enemy: \"tnak\", x: 80),\n  \
         |                             ^^^^^^\n\
         \n\
         1 file checked, 1 with errors\n"
    );
}

#[test]
fn json_gives_every_field_of_a_problem() {
    let (ok, problems) = check_json(&[Path::new("tests/levels_bad/bad_assets.ron")]);
    assert!(!ok);
    assert_eq!(
        problems[4],
        serde_json::json!({
            "file": "tests/levels_bad/bad_assets.ron",
            "line": 13,
            "column": 26,
            "end_column": 36,
            "severity": "error",
            "message": "enemy \"kite\": sprite \"air_dron\" is not a sprite in \
                        assets/sprites/atlas.ron; did you mean \"air_drone\"?",
            "suggestion": "air_drone",
        })
    );
    // A problem with nothing to suggest says so with null.
    let (_, problems) = check_json(&[Path::new("tests/levels_bad/event_past_end.ron")]);
    assert_eq!(problems[0]["suggestion"], Value::Null);
    assert_eq!(problems[0]["end_column"], 21);
}

#[test]
fn json_output_is_only_problems_and_the_count_goes_to_stderr() {
    let (ok, out, err) = run_check(
        &["--format", "json"],
        &[
            Path::new("tests/levels_bad/typo_enemy.ron"),
            Path::new("levels/stage1.ron"),
        ],
    );
    assert!(!ok);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(err, "2 files checked, 1 with errors\n");
}

#[test]
fn every_broken_file_has_an_expectation() {
    for entry in std::fs::read_dir(bad_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            HELPERS.contains(&name.as_str()) || BAD.iter().any(|(f, _)| *f == name),
            "tests/levels_bad/{name} has no expected error in tests/check_levels.rs"
        );
    }
}

#[test]
fn helpers_are_valid() {
    for h in HELPERS {
        let (ok, out) = check(&[&bad_dir().join(h)]);
        assert!(ok, "{out}");
    }
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_parsing() {
    let mut text = String::from("Stage(name: \"big\", length_s: 60, events: [\n");
    while text.len() <= skysweep::level::limits::MAX_FILE_BYTES {
        text.push_str("    Warning(at: 1, text: \"padding padding padding\"),\n");
    }
    text.push_str("])\n");
    let (_tmp, path) = support::temp_file("too_big.ron", &text);
    let (ok, out) = check(&[&path]);
    assert!(!ok);
    let want = format!(
        "error: file is {} bytes; the limit is {} bytes\n--> {}:1:1",
        text.len(),
        skysweep::level::limits::MAX_FILE_BYTES,
        path.display()
    );
    assert!(out.contains(&want), "{out}");
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_out_of_the_folder_is_refused() {
    let (_tmp, stage, outside) = support::stage_using_link_out("link.ron", "outside.ron");
    let (ok, problems) = check_json(&[&stage]);
    assert!(!ok);
    assert_eq!(
        problems.iter().map(one_line).collect::<Vec<_>>(),
        [format!(
            "{}:1:25: `uses` file \"link.ron\" is a symbolic link leading out of the stage's \
             folder, to {}; expected a file inside the folder (copy it in)",
            stage.display(),
            outside.display()
        )]
    );
}

#[test]
fn a_file_that_is_not_utf8_names_the_position() {
    let (_tmp, path) = support::temp_file("latin1.ron", b"Stage(\n  name: \"caf\xe9\",\n)");
    let (ok, problems) = check_json(&[&path]);
    assert!(!ok);
    assert_eq!(
        one_line(&problems[0]),
        format!("{}:2:13: file is not valid UTF-8 text", path.display())
    );
}

#[test]
fn the_readme_problem_matcher_reads_every_json_line() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/README.md"))
            .unwrap();
    let task = readme
        .split("`.vscode/tasks.json`):\n\n```json\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a problem matcher in levels/README.md");
    let task: Value = serde_json::from_str(task).unwrap();
    let pattern = &task["problemMatcher"]["pattern"];
    let re = regex::Regex::new(pattern["regexp"].as_str().unwrap()).unwrap();
    let group = |name: &str| pattern[name].as_u64().unwrap() as usize;
    let (_, out, _) = run_check(
        &["--format", "json"],
        &[Path::new("tests/levels_bad/bad_assets.ron")],
    );
    let (_, problems) = check_json(&[Path::new("tests/levels_bad/bad_assets.ron")]);
    assert!(!problems.is_empty());
    for (line, p) in out.lines().zip(&problems) {
        let m = re
            .captures(line)
            .unwrap_or_else(|| panic!("no match: {line}"));
        assert_eq!(&m[group("file")], p["file"].as_str().unwrap());
        assert_eq!(m[group("line")], p["line"].to_string());
        assert_eq!(m[group("column")], p["column"].to_string());
        assert_eq!(m[group("endColumn")], p["end_column"].to_string());
        assert_eq!(&m[group("severity")], "error");
    }
}

/// `check` with no files, run where there is no `levels/` folder, says it checked the game's
/// own stages and how to check the author's, so "0 with errors" never reads as their pass.
#[test]
fn check_with_no_files_and_no_levels_folder_says_whose_stages_it_checked() {
    let dir = support::tempdir();
    let out = std::process::Command::new(support::BIN)
        .arg("check")
        .current_dir(dir.path())
        .output()
        .expect("run skysweep check");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        stderr.contains("no levels/ folder here") && stderr.contains("skysweep check my_stage.ron"),
        "{stderr}"
    );
    assert!(
        stdout.contains("of the game's own checked, 0 with errors"),
        "{stdout}"
    );
}
