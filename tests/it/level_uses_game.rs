//! `uses` from anywhere: a stage outside `levels/` reads the game's shipped definitions as
//! `game:common.ron`; a missing file says where it was looked for and how to fix it; and
//! `check` with no files checks `./levels` when the current folder has one.

use std::fs;

use crate::support;

const STAGE: &str = r#"Stage(
    name: "Elsewhere",
    uses: ["game:common.ron"],
    length_s: 40,
    markers: { "boss": 18 },
    waves: { "pair": [Spawn(at: 0, enemy: "drone", x: 40, count: 3, spacing_s: 0.4)] },
    events: [
        Wave(at: 2, name: "pair"),
        Wave(at: 4, name: "pair", mirror: true),
        Boss(at: 20, enemy: "zeppelin"),
    ],
)"#;

#[test]
fn a_stage_in_a_temporary_folder_uses_the_games_common_definitions() {
    let dir = support::tempdir();
    let stage = dir.path().join("elsewhere.ron");
    fs::write(&stage, STAGE).expect("write the stage");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    let text = support::stdout(&out);
    assert!(text.contains("stage \"Elsewhere\""), "{text}");
    assert!(text.contains(", 0 with errors"), "{text}");
}

#[test]
fn a_missing_uses_file_names_the_folder_searched_and_the_game_prefix() {
    let dir = support::tempdir();
    let stage = dir.path().join("s.ron");
    fs::write(&stage, STAGE.replace("game:common.ron", "common.ron")).expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cannot find `uses` file \"common.ron\": searched")
            && text.contains(&dir.path().display().to_string())
            && text.contains("write \"game:common.ron\" to use it from any folder"),
        "{text}"
    );
    // A name the game does not ship either: where the game's files are, and a near name.
    fs::write(&stage, STAGE.replace("game:common.ron", "game:comon.ron")).expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cannot find `uses` file \"game:comon.ron\"")
            && text.contains("did you mean \"common.ron\"?"),
        "{text}"
    );
}

#[test]
fn check_with_no_files_checks_the_current_folders_levels() {
    let dir = support::tempdir();
    fs::create_dir(dir.path().join("levels")).expect("a levels folder");
    fs::write(dir.path().join("levels/mine.ron"), STAGE).expect("write");
    let out = support::skysweep()
        .current_dir(dir.path())
        .arg("check")
        .output()
        .expect("the binary runs");
    let text = support::stdout(&out);
    assert!(
        text.contains("levels/mine.ron: stage \"Elsewhere\""),
        "{text}"
    );
    assert!(text.contains("1 file checked"), "{text}");
}
