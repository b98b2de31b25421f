//! One stage using waves, sections, mirroring, waypoint paths, a turned weapon, a timed boss
//! phase and values per difficulty, played by `skysweep sim` on easy and on hard: both clear
//! it, hard brings (and the pilot downs) more enemies, and a hard run's replay verifies.

use std::path::Path;

use crate::support::{self, json, tempdir};

const STAGE: &str = r#"Stage(
    name: "Tiers",
    length_s: 40,
    music: "stage1",
    markers: { "start": 0 },
    loop2: (hp: 1.5, count: 1.5),
    patterns: {
        "fan": (kind: Spread, count: 3, spread_deg: 40, speed: 70),
    },
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: (easy: 1, normal: 2, hard: 3), score: 100,
                  path: Straight(speed: 70)),
        "looper": (sprite: "air_fighter", layer: Air, hp: 2, score: 150,
                   path: Waypoints(points: [(0, 80), (60, 120), (100, 60), (100, -200)],
                                   speed: 90, smooth: true)),
        "warden": (sprite: "boss2_core", layer: Air, score: 5000, explosion: 2,
            parts: [
                (name: "core", shape: Circle(radius: 15), hp: (easy: 60, normal: 90, hard: 150),
                 sprite: "boss2_core", guarded_by: ["gun"]),
                (name: "gun", offset: (-30, 10), shape: Circle(radius: 10), hp: 20,
                 sprite: "boss2_turret"),
            ],
            path: Hover(y: 80, sway: 30),
            phases: [
                (weapons: [(pattern: "fan", from: "gun", angle: 20, interval_s: 2.0)]),
                (after_s: 8, weapons: [(pattern: "fan", from: "core", interval_s: 1.5)]),
            ],
        ),
    },
    waves: {
        "left": [
            Spawn(at: 0, enemy: "drone", x: 40, count: (easy: 2, normal: 3, hard: 5),
                  spacing_s: 0.4, dx: 12),
            Spawn(at: 1, enemy: "looper", x: 20),
        ],
    },
    events: [
        Wave(at: 1, name: "left"),
        Wave(at: 5, name: "left", mirror: true),
        Section(at: 10, name: "middle", events: [
            Wave(at: 0, name: "left", repeat: 2, every_s: 3, alternate: true),
            Spawn(at: 2, enemy: "drone", x: 112, count: 4, spacing_s: 0.3, only: [hard]),
        ]),
        Section(at: 22, name: "boss", markers: { "boss": 0 }, events: [
            Warning(at: 0, text: "WARNING"),
            Boss(at: 2, enemy: "warden", y: -40),
        ]),
    ],
)"#;

/// `sim`'s summary of an autoplayed, invincible run of the stage at `path`, plus `more`.
fn sim(path: &Path, more: &[&str]) -> serde_json::Value {
    let level = path.to_str().unwrap();
    let base = [
        "sim",
        "--level",
        level,
        "--autoplay",
        "--invincible",
        "--seed",
        "3",
    ];
    json(&support::run(&[&base[..], more].concat()))
}

#[test]
fn the_stage_checks_and_plays_differently_on_easy_and_hard() {
    let tmp = tempdir();
    let path = tmp.path().join("tiers.ron");
    std::fs::write(&path, STAGE).unwrap();
    let checked = support::run(&["check", path.to_str().unwrap()]);
    assert!(checked.status.success(), "{}", support::stdout(&checked));

    let easy = sim(&path, &["--difficulty", "easy"]);
    let hard = sim(&path, &["--difficulty", "hard"]);
    for run in [&easy, &hard] {
        assert_eq!(run["cleared"], true, "{run}");
        assert_eq!(run["bosses_defeated"], 1, "{run}");
    }
    // Easy brings 2 drones a wave and no extra line; hard 5 a wave and 4 more.
    let air = |run: &serde_json::Value| run["kills"]["air"].as_u64().unwrap();
    assert!(air(&hard) > air(&easy) + 8, "easy {easy}\nhard {hard}");
    assert_ne!(easy["state_hash"], hard["state_hash"]);

    // A hard run on the second loop records and replays to the same hash.
    let replay = tmp.path().join("hard.ron");
    let r = replay.to_str().unwrap();
    let recorded = sim(
        &path,
        &["--difficulty", "hard", "--loop", "2", "--record", r],
    );
    let replayed = json(&support::run(&["sim", "--replay", r]));
    assert_eq!(recorded["state_hash"], replayed["state_hash"]);
    assert_ne!(
        recorded["state_hash"], hard["state_hash"],
        "loop2 changes the run"
    );
}
