//! `uses` from anywhere: a stage outside `levels/` reads the game's shipped definitions as
//! `game:common.ron`, or as `common.ron` when no file of that name lies beside it; a missing
//! file says where it was looked for and how to fix it; and
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

/// Issue #42: a copy of a shipped stage (`uses: ["common.ron"]`) in another folder failed to
/// load, and the message's guess was a file beside it ("broken.ron"). A plain name not found
/// beside the stage is the game's own file of that name.
#[test]
fn a_copied_shipped_stage_loads_wherever_it_is_copied() {
    let dir = support::tempdir();
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let stage = dir.path().join("stage1.ron");
    fs::copy(levels.join("stage1.ron"), &stage).expect("copy");
    fs::write(dir.path().join("broken.ron"), "Stage(oops").expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    let text = support::stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains(", 0 with errors"), "{text}");
    // A file of that name beside the stage wins over the game's: here, a broken one.
    fs::write(dir.path().join("common.ron"), "Defs(oops").expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    assert!(!out.status.success(), "{}", support::stdout(&out));
}

#[test]
fn a_missing_uses_file_names_the_folders_searched_and_suggests_as_written() {
    let dir = support::tempdir();
    let stage = dir.path().join("s.ron");
    fs::write(dir.path().join("broken.ron"), "Stage(oops").expect("write");
    fs::write(&stage, STAGE.replace("game:common.ron", "comon.ron")).expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cannot find `uses` file \"comon.ron\": searched")
            && text.contains(&dir.path().display().to_string())
            && text.contains("then the game's own files in")
            && text.contains("did you mean \"common.ron\"?"),
        "{text}"
    );
    // A name the game does not ship: where the game's files are, and a near name, written
    // as the author wrote theirs (`game:` kept).
    fs::write(&stage, STAGE.replace("game:common.ron", "game:comon.ron")).expect("write");
    let out = support::run(&["check", stage.to_str().expect("a UTF-8 path")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("cannot find `uses` file \"game:comon.ron\"")
            && text.contains("did you mean \"game:common.ron\"?"),
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
