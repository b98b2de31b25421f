//! Issue #46's messages: each names the enemy, part, wave or section it is in, with a hint
//! that fits the field, and one mistake gives one error.

use skysweep::level::{parse_stage, Catalog, Source};

const DEFS: &str = r#"Defs(
    enemies: { "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100) },
)"#;

fn src(name: &str, text: &str) -> Source {
    Source::new(name, text)
}

/// Every error `stage` has, one a line.
fn errors(stage: &str) -> Vec<String> {
    let e = parse_stage(
        &src("s.ron", stage),
        &[src("defs.ron", DEFS)],
        &Catalog::unchecked(),
    )
    .expect_err("the stage should not load");
    e.diagnostics.iter().map(|d| d.message.clone()).collect()
}

/// The warnings of a stage that loads.
fn warnings(stage: &str) -> Vec<String> {
    let (_, w) = crate::support::load_linted_with(DEFS, stage)
        .unwrap_or_else(|e| panic!("should load: {e}"));
    w.iter()
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect()
}

#[test]
fn a_value_per_difficulty_lacking_one_names_the_enemy_and_field_with_a_hint_for_it() {
    let e = errors(
        r#"Stage(name: "t", length_s: 30, enemies: {
    "tank": (sprite: "x", layer: Air, score: 1, hp: (easy: 2, normal: 3)),
})"#,
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("enemy \"tank\": `hp`: "), "{e:?}");
    assert!(e[0].contains("has no hard"), "{e:?}");
    assert!(
        !e[0].contains("only"),
        "an hp is not left out with `only`: {e:?}"
    );
    // A count may be: there `only` is the fitting hint.
    let e = errors(
        r#"Stage(name: "t", length_s: 30, events: [
    Spawn(at: 1, enemy: "drone", x: 2, count: (easy: 1, hard: 3)),
])"#,
    );
    assert!(e[0].starts_with("event 1: `count`: "), "{e:?}");
    assert!(
        e[0].contains("no normal") && e[0].contains("`only"),
        "{e:?}"
    );
}

#[test]
fn a_field_deep_in_a_boss_names_its_part() {
    let e = errors(
        r#"Stage(name: "t", length_s: 30, enemies: { "king": (sprite: "x", layer: Air, score: 1,
    parts: [(name: "core", size: (20, 20), hp: 10), (name: "wing", size: (10, 10), hp: "five")]) })"#,
    );
    assert!(e[0].starts_with("enemy \"king\", part 2: `hp`"), "{e:?}");
}

#[test]
fn two_waves_placing_each_other_give_the_one_error() {
    let e = errors(
        r#"Stage(name: "t", length_s: 60, markers: { "boss": 18 },
    enemies: { "king": (sprite: "x", layer: Air, score: 1, hp: 10) },
    waves: {
        "a": [ Spawn(at: 0, enemy: "drone", x: 40), Wave(at: 4, name: "b") ],
        "b": [ Spawn(at: 3, enemy: "drone", x: 80), Wave(at: 2, name: "a") ],
    },
    events: [ Wave(at: 15, name: "a"), Boss(at: 20, enemy: "king") ],
)"#,
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("places itself"), "{e:?}");
}

#[test]
fn a_sequence_leg_that_never_ends_is_called_a_leg_of_its_event() {
    let e = errors(
        r#"Stage(name: "t", length_s: 30, events: [
    Spawn(at: 1, enemy: "drone", x: 40, path: Sequence(legs: [
        (path: Straight(speed: 50)),
        (path: Hover(y: 50, sway: 0, period_s: 1), for_s: 2),
    ])),
])"#,
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("event 1: leg 1 of this Sequence never ends"),
        "{e:?}"
    );
    assert!(
        !e[0].contains("part"),
        "a boss has parts, a path legs: {e:?}"
    );
}

#[test]
fn the_missing_boss_marker_is_suggested_in_the_sections_clock() {
    let w = warnings(
        r#"Stage(name: "t", length_s: 200,
    enemies: { "king": (sprite: "x", layer: Air, score: 1, hp: 10) },
    events: [
        Spawn(at: 1, enemy: "drone", x: 40),
        Section(at: 100, name: "second half", events: [
            Spawn(at: 1, enemy: "drone", x: 40),
            Boss(at: 10, enemy: "king"),
        ]),
    ],
)"#,
    );
    let marker: Vec<&String> = w.iter().filter(|m| m.contains("`boss` marker")).collect();
    assert_eq!(marker.len(), 1, "{w:?}");
    assert!(
        marker[0].starts_with("5: ") && marker[0].contains("section \"second half\""),
        "at the section: {w:?}"
    );
    assert!(marker[0].contains(r#"markers: { "boss": 8 }"#), "{w:?}");
    // Written on the stage's own clock, it is suggested there.
    let w = warnings(
        r#"Stage(name: "t", length_s: 200,
    enemies: { "king": (sprite: "x", layer: Air, score: 1, hp: 10) },
    events: [ Spawn(at: 1, enemy: "drone", x: 40), Boss(at: 110, enemy: "king") ],
)"#,
    );
    assert!(w.iter().any(|m| m.contains(r#""boss": 108"#)), "{w:?}");
}
