//! The lints `check` adds on top of loading: errors for what can never play (a guard cycle,
//! events after the Boss, a second Boss) and warnings for what loads but is probably a
//! mistake, each firing on a small stage written for it; and `check --deny warnings`.

use skysweep::level::text::diag::Severity;
use skysweep::level::{Diagnostic, Level};
use std::sync::Arc;

use crate::support;

const DEFS: &str = r#"Defs(
    enemies: { "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100) },
)"#;

fn load(stage: &str) -> Result<Level, String> {
    load_linted(stage).map(|(level, _)| level)
}

fn load_linted(stage: &str) -> Result<(Level, Vec<Diagnostic>), String> {
    crate::support::load_linted_with(DEFS, stage)
}

/// The warnings of a stage that must load, as `line: message`.
fn warnings(stage: &str) -> Vec<String> {
    let (_, warnings) = load_linted(stage).unwrap_or_else(|e| panic!("should load: {e}"));
    warnings
        .iter()
        .inspect(|d| assert_eq!(d.severity, Severity::Warning))
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect()
}

/// A boss whose parts guard each other as `guards` says.
fn boss_with_guards(guards: &str) -> String {
    format!(
        r#"Stage(name: "t", length_s: 30, markers: {{ "boss": 1 }},
enemies: {{ "king": (sprite: "x", layer: Air, score: 1, core: "core", parts: [
    (name: "core", size: (20, 20), hp: 10{}),
    (name: "tower", size: (10, 10), hp: 5{}),
    (name: "wing", size: (10, 10), hp: 5),
]) }},
events: [Boss(at: 2, enemy: "king", x: 100, y: 60)])"#,
        guards.split('|').next().unwrap_or(""),
        guards.split('|').nth(1).unwrap_or(""),
    )
}

#[test]
fn a_guard_cycle_is_an_error_that_names_the_parts() {
    let e = load(&boss_with_guards(
        r#", guarded_by: ["tower"]|, guarded_by: ["core"]"#,
    ))
    .expect_err("a core guarded by a tower it guards can never fall");
    assert!(
        e.contains("s.ron:3:") && e.contains("core -> guarded by -> tower -> guarded by -> core"),
        "{e}"
    );
    // A chain without a loop is fine.
    let ok = load(&boss_with_guards(
        r#", guarded_by: ["tower"]|, guarded_by: ["wing"]"#,
    ));
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn events_after_the_boss_and_a_second_boss_are_errors() {
    let stage = r#"Stage(name: "t", length_s: 60, markers: { "boss": 9 },
events: [
    Boss(at: 10, enemy: "drone", x: 100, y: 60),
    Spawn(at: 20, enemy: "drone", x: 10),
    Spawn(at: 10, enemy: "drone", x: 10),
    Boss(at: 30, enemy: "drone", x: 100, y: 60),
])"#;
    let e = load(stage).expect_err("dead events");
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), 2, "{e}");
    assert!(
        lines[0].starts_with("s.ron:4:")
            && lines[0].contains("event 2 at 20 s comes after the Boss at 10 s (line 3)"),
        "{e}"
    );
    assert!(
        lines[1].starts_with("s.ron:6:") && lines[1].contains("a second Boss event"),
        "{e}"
    );
}

#[test]
fn unused_definitions_of_the_stage_warn_but_shared_ones_do_not() {
    let stage = r#"Stage(name: "t", length_s: 30,
patterns: {
    "fired": (kind: Aimed),
    "idle": (kind: Aimed),
},
enemies: {
    "gunner": (sprite: "x", layer: Air, score: 1, weapons: [(pattern: "fired")], reveals: "hidden"),
    "hidden": (sprite: "x", layer: Ground, score: 1),
    "spare": (sprite: "x", layer: Air, score: 1, weapons: [(pattern: "idle")]),
},
events: [Spawn(at: 1, enemy: "gunner", x: 10)])"#;
    assert_eq!(
        warnings(stage),
        [
            "4: pattern \"idle\" is defined but never fired: no weapon of an enemy that appears, \
             and no Spawn, uses it",
            "9: enemy \"spare\" is defined but never appears: no event spawns it and no enemy \
             reveals it",
        ]
    );
}

#[test]
fn a_boss_without_a_marker_or_parts_warns() {
    let stage = r#"Stage(name: "t", length_s: 30,
events: [
    Boss(at: 20, enemy: "drone", x: 100, y: 60),
])"#;
    let w = warnings(stage);
    assert_eq!(w.len(), 2, "{w:?}");
    assert!(
        w[0].starts_with("1: no `boss` marker") && w[0].contains("\"boss\": 18"),
        "{w:?}"
    );
    assert!(
        w[1].starts_with("3: the boss \"drone\" has no parts"),
        "{w:?}"
    );
    // With a marker and a stage that has no boss at all, nothing to say.
    let quiet = r#"Stage(name: "t", length_s: 30, events: [Spawn(at: 1, enemy: "drone", x: 10)])"#;
    assert_eq!(warnings(quiet), Vec::<String>::new());
}

#[test]
fn a_boss_without_parts_counts_as_a_boss_defeated() {
    let stage = r#"Stage(name: "t", length_s: 30, markers: { "boss": 0 },
events: [Boss(at: 0, enemy: "drone", x: 100, y: 200)])"#;
    let level = Arc::new(load(stage).expect("loads"));
    let world = skysweep::testkit::scenario::autoplay_to_boss(level, 60 * 60);
    assert_eq!(world.stats().bosses_defeated, 1);
}

#[test]
fn check_prints_warnings_keeps_exit_0_and_deny_warnings_fails() {
    let dir = support::tempdir();
    let stage = dir.path().join("w.ron");
    std::fs::write(
        &stage,
        r#"Stage(name: "w", length_s: 30, uses: ["defs.ron"],
events: [Boss(at: 20, enemy: "drone", x: 100, y: 60)])"#,
    )
    .unwrap();
    std::fs::write(dir.path().join("defs.ron"), DEFS).unwrap();
    let run = |args: &[&str]| {
        support::skysweep()
            .arg("check")
            .args(args)
            .arg(&stage)
            .output()
            .expect("run skysweep check")
    };
    let out = run(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("warning: no `boss` marker"), "{text}");
    assert!(text.contains("0 with errors, 2 warnings"), "{text}");
    let out = run(&["--deny", "warnings"]);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["--format", "json"]);
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines.iter().all(|v| v["severity"] == "warning"),
        "{lines:?}"
    );
}
