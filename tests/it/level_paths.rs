//! Paths with waypoints and paths made of parts: enemies fly through their points (mirrored
//! when their wave is), one part after another, and bad paths are reported where written.

use std::sync::Arc;

use glam::Vec2;
use skysweep::level::Level;
use skysweep::sim::{Input, World, WorldConfig};

const DEFS: &str = r#"Defs(
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100),
    },
)"#;

fn load(stage: &str) -> Result<Level, String> {
    crate::support::load_linted_with(DEFS, stage).map(|(level, _)| level)
}

/// A stage with one wave of a drone on `path`, placed at 1 s and, mirrored, at 1 s too.
fn stage(path: &str) -> String {
    format!(
        r#"Stage(name: "paths", length_s: 60,
waves: {{ "one": [Spawn(at: 0, enemy: "drone", x: 60, y: 20, path: {path})] }},
events: [Wave(at: 1, name: "one"), Wave(at: 1, name: "one", mirror: true)])"#
    )
}

/// The drones' positions `s` seconds after they came in, in spawn order.
fn positions_after(level: Level, s: f32) -> Vec<Vec2> {
    let mut world = World::new(
        Arc::new(level),
        WorldConfig {
            invincible: true,
            ..WorldConfig::default()
        },
    );
    while world.enemies().is_empty() && world.frame() < 600 {
        world.step(&[Input::default()]);
    }
    // The step they came in on moved them once already.
    for _ in 1..(s * 60.0).round() as u32 {
        world.step(&[Input::default()]);
    }
    world.enemies().iter().map(|(_, e)| e.pos).collect()
}

fn near(a: Vec2, b: Vec2) -> bool {
    a.distance(b) < 2.0
}

#[test]
fn a_waypoint_path_goes_through_its_points_and_mirrors() {
    let level = load(&stage("Waypoints(points: [(0, 60), (40, 60)], speed: 60)")).expect("loads");
    let at = positions_after(level, 1.0);
    assert_eq!(at.len(), 2, "{at:?}");
    assert!(near(at[0], Vec2::new(60.0, 80.0)), "down 60 in 1 s: {at:?}");
    assert!(
        near(at[1], Vec2::new(164.0, 80.0)),
        "the mirrored one too: {at:?}"
    );
    let level = load(&stage("Waypoints(points: [(0, 60), (40, 60)], speed: 60)")).expect("loads");
    let at = positions_after(level, 1.5);
    assert!(near(at[0], Vec2::new(90.0, 80.0)), "then right: {at:?}");
    assert!(
        near(at[1], Vec2::new(134.0, 80.0)),
        "the mirrored one left: {at:?}"
    );
}

#[test]
fn a_sequence_flies_its_parts_in_turn() {
    let path = "Sequence(legs: [\
        (path: Straight(angle_deg: 90, speed: 60), for_s: 1),\
        (path: Waypoints(points: [(30, 0)], legs_s: [1])),\
        (path: Straight(angle_deg: -90, speed: 30)),\
    ])";
    let level = load(&stage(path)).expect("loads");
    let at = positions_after(level, 2.0);
    // 1 s down (60 px), 1 s right (30 px), then up.
    assert!(near(at[0], Vec2::new(90.0, 80.0)), "{at:?}");
    assert!(near(at[1], Vec2::new(134.0, 80.0)), "{at:?}");
    let level = load(&stage(path)).expect("loads");
    let at = positions_after(level, 3.0);
    assert!(near(at[0], Vec2::new(90.0, 50.0)), "{at:?}");
}

#[test]
fn bad_paths_are_reported_where_written() {
    let e = load(&stage("Waypoints(points: [], speed: 60)")).expect_err("no points");
    assert!(
        e.contains("a waypoint path has 1 to 32 points, found 0"),
        "{e}"
    );
    let e = load(&stage("Waypoints(points: [(0, 10), (5, 5)], legs_s: [1])")).expect_err("times");
    assert!(
        e.contains("legs_s gives one time per point: 2 points, 1 times"),
        "{e}"
    );
    let e = load(&stage(
        "Sequence(legs: [(path: Straight(speed: 10)), (path: Straight(speed: 20))])",
    ))
    .expect_err("a leg that never ends before another");
    assert!(
        e.contains("s.ron:2:") && e.contains("leg 1 of this Sequence never ends"),
        "{e}"
    );
}
