//! The messages authors met that misled or said too little, each with its exact text: what
//! field, what it takes, what was found.

use std::path::Path;

use skysweep::level::load::check::check_file;
use skysweep::level::{parse_stage, Catalog, LevelError, Source};

use crate::support;

fn src(name: &str, text: &str) -> Source {
    Source::new(name, text)
}

const DEFS: &str =
    r#"Defs(enemies: { "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100) })"#;

/// The one error `stage` has, as `file:line:col: message`.
fn error(stage: &str) -> String {
    let e = parse_stage(
        &src("s.ron", stage),
        &[src("defs.ron", DEFS)],
        &Catalog::unchecked(),
    )
    .expect_err("the stage should not load");
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    e.to_string()
}

/// A stage with one spawn whose extra fields are `spawn`.
fn spawn(spawn: &str) -> String {
    format!(
        r#"Stage(name: "t", length_s: 30, events: [Spawn(at: 1, enemy: "drone", x: 2, {spawn})])"#
    )
}

/// A stage with one enemy "e" whose extra fields are `fields`.
fn enemy(fields: &str) -> String {
    format!(
        r#"Stage(name: "t", length_s: 30, enemies: {{ "e": (sprite: "x", score: 1, {fields}) }})"#
    )
}

#[test]
fn a_fractional_count_says_it_must_be_whole() {
    assert_eq!(
        error(&spawn("count: 3.5")),
        "s.ron:1:83: event 1: `count` must be a whole number from 1 to 64, found 3.5"
    );
    assert_eq!(
        error(r#"Stage(name: "t", length_s: 30, patterns: { "p": (kind: Ring, count: 3.5) })"#),
        "s.ron:1:69: pattern \"p\": `count` must be a whole number from 1 to 720, found 3.5"
    );
}

#[test]
fn a_count_out_of_range_names_the_field_and_the_range() {
    assert_eq!(
        error(&spawn("count: -3")),
        "s.ron:1:83: event 1: `count` must be a whole number from 1 to 64, found -3"
    );
    assert_eq!(
        error(&spawn("count: 4294967296")),
        "s.ron:1:83: event 1: `count` must be a whole number from 1 to 64, found 4294967296"
    );
}

#[test]
fn a_quoted_choice_lists_the_choices() {
    assert_eq!(
        error(&enemy(r#"layer: "Air""#)),
        "s.ron:1:79: enemy \"e\": `layer` must be `Air` or `Ground` (without quotes), found \"Air\""
    );
    let e = parse_stage(
        &src("s.ron", &enemy(r#"layer: Air, drop: "Power""#)),
        &[],
        &Catalog::unchecked(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "s.ron:1:90: enemy \"e\": `drop` must be `Power`, `Bomb` or `Coin` (without quotes), \
         found \"Power\""
    );
    // The name without its quotes is the fix, for tools.
    assert_eq!(e.diagnostics[0].suggestion.as_deref(), Some("Power"));
}

#[test]
fn a_word_for_a_number_names_the_field() {
    assert_eq!(
        error(&enemy(r#"layer: Air, hp: "three""#)),
        "s.ron:1:88: enemy \"e\": `hp` must be a number, found \"three\""
    );
}

#[test]
fn a_colour_in_hex_says_sky_is_an_rgb_triple() {
    let e = parse_stage(
        &src(
            "s.ron",
            r##"Stage(name: "t", length_s: 30, background: (sky: "#ff0000"))"##,
        ),
        &[],
        &Catalog::unchecked(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "s.ron:1:50: `sky` must be an (r, g, b) triple of whole numbers from 0 to 255, such as \
         (40, 60, 90), found \"#ff0000\"; did you mean (255, 0, 0)?"
    );
    assert_eq!(e.diagnostics[0].suggestion.as_deref(), Some("(255, 0, 0)"));
    assert_eq!(
        error(r#"Stage(name: "t", length_s: 30, background: (sky: (300, 0, 0)))"#),
        "s.ron:1:50: `sky` must be an (r, g, b) triple of whole numbers from 0 to 255, such as \
         (40, 60, 90), found (300, 0, 0)"
    );
}

#[test]
fn a_missing_comma_says_after_what() {
    assert_eq!(
        error("Stage(\n  name: \"t\",\n  length_s: 30\n  events: [],\n)"),
        "s.ron:4:3: expected a comma `,` after `length_s: 30` (or a closing bracket), found `events`"
    );
}

fn check(path: &Path) -> Result<(), LevelError> {
    check_file(path, &Catalog::unchecked()).map(|_| ())
}

#[test]
fn an_empty_file_says_what_a_stage_starts_with() {
    let (_tmp, path) = support::temp_file("new.ron", "");
    assert_eq!(
        check(&path).unwrap_err().to_string(),
        format!(
            "{}:1:1: expected a stage, `Stage(name: \"...\", length_s: ..., ...)`, but the file is \
             empty",
            path.display()
        )
    );
    std::fs::write(&path, "// my new stage\n").unwrap();
    assert!(check(&path)
        .unwrap_err()
        .to_string()
        .ends_with("but the file holds only comments"));
}

#[test]
fn a_byte_order_mark_is_accepted_and_columns_ignore_it() {
    let (_tmp, path) = support::temp_file("bom.ron", "\u{feff}Stage(name: \"t\", length_s: 30)");
    check(&path).unwrap();
    std::fs::write(&path, "\u{feff}Stage(name: 3, length_s: 30)").unwrap();
    assert_eq!(
        check(&path).unwrap_err().to_string(),
        format!(
            "{}:1:13: `name` must be a string in double quotes, found 3",
            path.display()
        )
    );
    // Text handed over with its mark loads too.
    let stage = src("s.ron", "\u{feff}Stage(name: \"t\", length_s: 30)");
    parse_stage(&stage, &[], &Catalog::unchecked()).unwrap();
}

#[cfg(unix)]
#[test]
fn a_uses_symlink_leading_out_says_so() {
    let (_tmp, stage, shared) = support::stage_using_link_out("shared.ron", "shared.ron");
    assert_eq!(
        check(&stage).unwrap_err().to_string(),
        format!(
            "{}:1:25: `uses` file \"shared.ron\" is a symbolic link leading out of the stage's \
             folder, to {}; expected a file inside the folder (copy it in)",
            stage.display(),
            shared.display()
        )
    );
}

#[cfg(unix)]
#[test]
fn a_uses_fifo_says_it_is_not_a_file_and_suggests_nothing() {
    let tmp = support::tempdir();
    let dir = tmp.path();
    let fifo = dir.join("fifo.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let stage = dir.join("stage.ron");
    std::fs::write(
        &stage,
        "Stage(name: \"s\", uses: [\"fifo.ron\"], length_s: 60)",
    )
    .unwrap();
    let e = check(&stage).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}:1:25: `uses` file \"fifo.ron\" is a FIFO (named pipe), not a regular file; \
             expected a definitions file, `Defs(...)`",
            stage.display()
        )
    );
    assert_eq!(e.diagnostics[0].suggestion, None);
}

#[test]
fn a_circle_without_its_radius_name_shows_both_shape_forms() {
    assert_eq!(
        error(&enemy("layer: Air, shape: Circle(12)")),
        "s.ron:1:91: enemy \"e\": `shape` must be `Circle(radius: R)` or \
         `Oriented(size: (W, H), angle_deg: A)`, found Circle(12)"
    );
    assert_eq!(
        error(&enemy("layer: Air, shape: Cirkle(radius: 12)")),
        "s.ron:1:91: unknown name `Cirkle` in Shape (did you mean `Circle`?); expected one of \
         `Circle`, `Oriented`"
    );
}
