//! A weapon's `angle` turns its whole pattern (the other way on a mirrored enemy, so a wave
//! mirrored fires its fans mirrored), and a boss phase may start by time (`after_s`), alone or
//! beside an HP threshold, whichever comes first. Played headless.

use std::sync::Arc;

use skysweep::level::Difficulty;
use skysweep::level::Level;
use skysweep::sim::{GameEvent, Input, World, WorldConfig};
use skysweep::testkit::scenario;

/// One gun firing a single bullet straight down, turned 30 degrees, placed by a wave.
const TURNED: &str = r#"Stage(name: "turned", length_s: 60, uses: ["defs"],
    patterns: { "down": (kind: Spread, count: 1, angle_deg: 90, speed: 40) },
    enemies: { "gun": (sprite: "air_drone", layer: Air, hp: 1000, score: 1,
        path: Straight(speed: 0),
        weapons: [(pattern: "down", angle: 30, delay_s: 0.1, interval_s: 100)]) },
    waves: { "one": [Spawn(at: 0, enemy: "gun", x: 60, y: 60)] },
    events: [Wave(at: 0.1, name: "one", mirror: MIRROR)])"#;

/// Normal, invincible: the pattern as written (Hard would fan and thicken it), and no extra
/// wait before the first shot.
fn hard() -> WorldConfig {
    WorldConfig {
        difficulty: Difficulty::Normal,
        invincible: true,
        ..WorldConfig::default()
    }
}

/// The heading of the first enemy bullet `level` fires, within three seconds.
fn first_heading(level: Arc<Level>) -> Option<f32> {
    let mut world = World::new(level, hard());
    for _ in 0..180 {
        world.step(&[Input::default()]);
        if let Some((_, b)) = world.bullets().iter().next() {
            return Some(b.heading_deg);
        }
    }
    None
}

#[test]
fn a_weapon_angle_turns_the_pattern_and_a_mirrored_wave_turns_it_back() {
    let plain = scenario::level(&TURNED.replace("MIRROR", "false")).expect("loads");
    let heading = first_heading(plain).expect("the gun fires");
    assert!((heading - 120.0).abs() < 1e-3, "{heading}");
    let mirrored = scenario::level(&TURNED.replace("MIRROR", "true")).expect("loads");
    let heading = first_heading(mirrored).expect("the mirrored gun fires");
    assert!((heading - 60.0).abs() < 1e-3, "{heading}");
}

#[test]
fn a_weapon_angle_out_of_range_names_its_line() {
    let e = scenario::level(
        &TURNED
            .replace("angle: 30", "angle: 400")
            .replace("MIRROR", "false"),
    )
    .expect_err("refused")
    .to_string();
    assert!(
        e.contains("scenario.ron:5:") && e.contains("angle must be -360 to 360 degrees"),
        "{e}"
    );
}

/// A boss whose second phase comes by time, its third by HP or time.
const TIMED: &str = r#"Stage(name: "timed", length_s: 60, uses: ["defs"],
    enemies: { "clock": (sprite: "boss1_core", layer: Air, score: 1, path: Straight(speed: 0),
        parts: [(name: "core", size: (30, 30), hp: 500)],
        phases: [
            (weapons: []),
            (after_s: 2, weapons: []),
            (after_s: 5, below_hp: 0.5, weapons: []),
        ]) },
    events: [Boss(at: 0, enemy: "clock", x: 112, y: 60)])"#;

/// The steps at which the world reported each boss phase change, over `steps` steps, with
/// the core's HP set to `hurt.1` after step `hurt.0` (a timed boss checks its phases every
/// step, so the change shows on the next).
fn phase_changes(steps: u32, hurt: Option<(u32, f32)>) -> Vec<(u32, usize)> {
    let level = scenario::level(TIMED).expect("loads");
    let mut world = World::new(level, hard());
    let mut changes = Vec::new();
    for step in 1..=steps {
        world.step(&[Input::default()]);
        if let Some((_, hp)) = hurt.filter(|(at, _)| *at == step) {
            let boss = world.boss().expect("the boss is in");
            world.enemy_mut(boss).parts[0].hp = hp;
        }
        for e in world.events() {
            // The first phase is reported as the boss comes in; only changes are counted.
            if let GameEvent::BossPhase { phase, .. } = e {
                if *phase > 0 {
                    changes.push((step, *phase));
                }
            }
        }
    }
    changes
}

#[test]
fn a_phase_starts_on_time_and_an_hp_threshold_can_bring_it_sooner() {
    // Untouched: phase 2 at two seconds of the boss's life, phase 3 at five.
    let changes = phase_changes(6 * 60, None);
    assert_eq!(changes.len(), 2, "{changes:?}");
    let (t2, p2) = changes[0];
    let (t3, p3) = changes[1];
    assert_eq!((p2, p3), (1, 2));
    assert!((110..=130).contains(&t2), "phase 2 at step {t2}");
    assert!((290..=310).contains(&t3), "phase 3 at step {t3}");
    // Half its HP gone at one second: phase 3's threshold is met before its time, and it
    // is the last phase whose condition holds, so it starts at once.
    let hurt = phase_changes(6 * 60, Some((60, 200.0)));
    assert_eq!(hurt.first(), Some(&(61, 2)), "{hurt:?}");
    assert_eq!(hurt.len(), 1, "no phase comes after the last: {hurt:?}");
}

#[test]
fn a_bad_after_s_names_its_line() {
    let e = scenario::level(&TIMED.replace("after_s: 2", "after_s: -1"))
        .expect_err("refused")
        .to_string();
    assert!(
        e.contains("scenario.ron:6:") && e.contains("after_s must be 0 to"),
        "{e}"
    );
}
