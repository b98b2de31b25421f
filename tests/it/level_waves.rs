//! Waves and sections: written once, placed, mirrored, moved and repeated, expanded at load
//! into the same flat timeline the hand-written events give; errors inside a wave name both
//! the wave's line and the placing line; a stage using them plays.

use std::sync::Arc;

use skysweep::level::text::diag::Severity;
use skysweep::level::{Diagnostic, Level, TimelineEvent};
use skysweep::testkit::assert_says;

const DEFS: &str = r#"Defs(
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100, path: Straight(angle_deg: 90, speed: 80)),
        "king": (sprite: "x", layer: Air, score: 1, hp: 30, size: (20, 20)),
    },
)"#;

fn load_linted(stage: &str) -> Result<(Level, Vec<Diagnostic>), String> {
    crate::support::load_linted_with(DEFS, stage)
}

fn load(stage: &str) -> Result<Level, String> {
    load_linted(stage).map(|(level, _)| level)
}

/// A stage using a wave twice (the second mirrored, moved and repeated), a section with a
/// marker of its own, and a wave inside the section.
const WAVED: &str = r#"Stage(name: "waved", length_s: 60, markers: { "start": 0 },
waves: {
    "pair": [
        Spawn(at: 0, enemy: "drone", x: 40, count: 3, spacing_s: 0.3, dx: 10),
        Spawn(at: 0.5, enemy: "drone", x: 60, path: Straight(angle_deg: 80, speed: 90)),
    ],
},
events: [
    Wave(at: 1, name: "pair"),
    Wave(at: 4, name: "pair", mirror: true, dx: -5, dy: 10, repeat: 2, every_s: 2.5),
    Section(at: 20, name: "middle", markers: { "mid": 1.5 }, events: [
        Scroll(at: 0, speed: 30),
        Wave(at: 2.25, name: "pair"),
        Spawn(at: 0.35, enemy: "drone", x: 112),
    ]),
    Boss(at: 40, enemy: "king", x: 112, y: 60),
])"#;

/// The same stage written out by hand.
const FLAT: &str = r#"Stage(name: "waved", length_s: 60, markers: { "start": 0, "mid": 21.5 },
events: [
    Spawn(at: 1, enemy: "drone", x: 40, count: 3, spacing_s: 0.3, dx: 10),
    Spawn(at: 1.5, enemy: "drone", x: 60, path: Straight(angle_deg: 80, speed: 90)),
    Spawn(at: 4, enemy: "drone", x: 179, y: -6, count: 3, spacing_s: 0.3, dx: -10, mirror: true),
    Spawn(at: 4.5, enemy: "drone", x: 159, y: -6, path: Straight(angle_deg: 80, speed: 90), mirror: true),
    Spawn(at: 6.5, enemy: "drone", x: 179, y: -6, count: 3, spacing_s: 0.3, dx: -10, mirror: true),
    Spawn(at: 7, enemy: "drone", x: 159, y: -6, path: Straight(angle_deg: 80, speed: 90), mirror: true),
    Scroll(at: 20, speed: 30),
    Spawn(at: 22.25, enemy: "drone", x: 40, count: 3, spacing_s: 0.3, dx: 10),
    Spawn(at: 22.75, enemy: "drone", x: 60, path: Straight(angle_deg: 80, speed: 90)),
    Spawn(at: 20.35, enemy: "drone", x: 112),
    Boss(at: 40, enemy: "king", x: 112, y: 60),
])"#;

#[test]
fn waves_and_sections_expand_to_the_hand_written_timeline() {
    let waved = load(WAVED).expect("the waved stage loads");
    let flat = load(FLAT).expect("the flat stage loads");
    assert_eq!(waved.timeline, flat.timeline);
    assert_eq!(waved.markers, flat.markers);
    assert_eq!(waved.timeline.len(), 11);
    // A section's times are summed once, so 20 + 0.35 is the very f32 that 20.35 is.
    let section_spawn = waved
        .timeline
        .iter()
        .find(|e| matches!(e, TimelineEvent::Spawn { pos, .. } if pos.x == 112.0))
        .expect("the section's own spawn");
    assert_eq!(section_spawn.at(), 20.35_f32);
}

#[test]
fn a_stage_with_waves_plays_to_its_boss() {
    let level = Arc::new(load(WAVED).expect("loads"));
    let world = skysweep::testkit::scenario::autoplay_to_boss(level, 60 * 120);
    let kills = world.stats().kills_air;
    assert!(kills > 5, "the waves' drones came and were shot: {kills}");
    assert_eq!(world.stats().bosses_defeated, 1);
}

#[test]
fn an_error_inside_a_wave_names_the_wave_line_and_the_placing_line() {
    let stage = r#"Stage(name: "t", length_s: 30, markers: { "boss": 1 },
waves: {
    "bad": [
        Spawn(at: 0, enemy: "dron", x: 40),
    ],
},
events: [
    Wave(at: 1, name: "bad"),
    Boss(at: 2, enemy: "king"),
])"#;
    let e = load(stage).expect_err("an unknown enemy in a wave");
    assert!(e.contains("s.ron:4:"), "at the wave's own line: {e}");
    assert_says(&e, &["unknown enemy \"dron\"", "placed on line 8"]);
}

#[test]
fn an_event_a_wave_places_past_the_end_is_reported_per_placement() {
    let stage = r#"Stage(name: "t", length_s: 30,
waves: { "late": [Spawn(at: 10, enemy: "drone", x: 40)] },
events: [
    Wave(at: 5, name: "late"),
    Wave(at: 25, name: "late"),
])"#;
    let e = load(stage).expect_err("the second placement ends past the stage");
    assert_says(&e, &["s.ron:2:", "placed on line 5"]);
    assert!(
        !e.contains("placed on line 4"),
        "the first placement is fine: {e}"
    );
}

#[test]
fn unknown_and_circular_waves_are_errors() {
    let stage = r#"Stage(name: "t", length_s: 30,
waves: {
    "a": [Wave(at: 0, name: "b")],
    "b": [Wave(at: 1, name: "a")],
},
events: [
    Wave(at: 1, name: "a"),
    Wave(at: 2, name: "hawk"),
])"#;
    let e = load(stage).expect_err("a wave that places itself");
    assert!(e.contains("places itself (a -> b -> a)"), "{e}");
    assert!(e.contains("unknown wave \"hawk\""), "{e}");
}

#[test]
fn bad_repeats_and_section_markers_are_errors() {
    let stage = r#"Stage(name: "t", length_s: 30, markers: { "mid": 3 },
waves: { "w": [Spawn(at: 0, enemy: "drone", x: 40)] },
events: [
    Wave(at: 1, name: "w", repeat: 0),
    Section(at: 10, markers: { "mid": 1, "late": 25 }, events: []),
])"#;
    let e = load(stage).expect_err("repeat 0, a marker twice, a marker past the end");
    assert!(e.contains("repeat must be 1 to"), "{e}");
    assert!(e.contains("marker \"mid\" is already at 3 s"), "{e}");
    assert!(e.contains("marker \"late\" at 35 s"), "{e}");
}

#[test]
fn a_wave_never_placed_warns() {
    let stage = r#"Stage(name: "t", length_s: 30,
waves: { "spare": [Spawn(at: 0, enemy: "drone", x: 40)] },
events: [Spawn(at: 1, enemy: "drone", x: 40)])"#;
    let (_, warnings) = load_linted(stage).expect("loads");
    let w: Vec<String> = warnings
        .iter()
        .inspect(|d| assert_eq!(d.severity, Severity::Warning))
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect();
    assert!(
        w.iter()
            .any(|m| m.starts_with("2: ")
                && m.contains("wave \"spare\" is defined but never placed")),
        "{w:?}"
    );
}

#[test]
fn events_a_wave_places_after_the_boss_are_errors() {
    let stage = r#"Stage(name: "t", length_s: 30, markers: { "boss": 1 },
waves: { "w": [Spawn(at: 0, enemy: "drone", x: 40)] },
events: [
    Boss(at: 5, enemy: "king"),
    Wave(at: 8, name: "w"),
])"#;
    let e = load(stage).expect_err("the wave comes after the boss");
    assert_says(&e, &["comes after the Boss", "placed on line 5"]);
}
