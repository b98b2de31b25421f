//! The stage timeline: what holds it, and what it goes on with.

use skysweep::sim::{Input, World, WorldConfig};
use skysweep::testkit::scenario::{self, hold as step, SHOT as SHOOT};

fn world(stage: &str) -> World {
    let level = scenario::level(stage).expect("the test stage parses");
    scenario::world(level, WorldConfig::default())
}

/// A drone mid-boss at 1 s right above the player, which the player's shots bring down in a
/// few seconds, and the next wave, one tough enemy, at `next_at` seconds.
fn mid_boss_then_wave(next_at: f32) -> World {
    world(&format!(
        r#"Stage(name: "Mid", uses: ["defs"], length_s: 60, events: [
            MidBoss(at: 1, enemy: "drone", x: 112, y: 150),
            Spawn(at: {next_at}, enemy: "tough", x: 30, y: 40),
        ])"#
    ))
}

/// Shoots while the mid-boss is in, for ten seconds at the most.
fn shoot_at_mid_boss(w: &mut World) {
    let mut steps = 0;
    while w.mid_boss().is_some() && steps < 600 {
        step(w, SHOOT, 1);
        steps += 1;
    }
}

#[test]
fn a_mid_boss_holds_the_timeline_until_it_falls() {
    let mut w = mid_boss_then_wave(1.5);
    step(&mut w, Input::default(), 120);
    assert!(w.mid_boss().is_some(), "the mid-boss is in");
    let held = w.stage_time();
    step(&mut w, Input::default(), 180);
    assert_eq!(w.stage_time(), held, "no shooting: the timeline waits");
    assert_eq!(w.enemies().len(), 1, "the next wave waits too");
    shoot_at_mid_boss(&mut w);
    assert!(w.mid_boss().is_none(), "the mid-boss fell to the shots");
    step(&mut w, Input::default(), 40);
    assert!(w.stage_time() > held + 0.5, "then the timeline goes on");
    assert_eq!(w.enemies().len(), 1, "with the next wave");
}

#[test]
fn a_mid_boss_holds_the_timeline_no_longer_than_its_wait() {
    let mut w = world(
        r#"Stage(name: "Mid", uses: ["defs"], length_s: 60, events: [
            MidBoss(at: 1, enemy: "tough", x: 112, y: 80, wait_s: 2),
        ])"#,
    );
    step(&mut w, Input::default(), 70);
    let held = w.stage_time();
    step(&mut w, Input::default(), 60);
    assert_eq!(w.stage_time(), held, "one second into the wait");
    step(&mut w, Input::default(), 90);
    assert!(w.mid_boss().is_none(), "the wait ran out");
    assert!(w.stage_time() > held, "and the timeline went on");
    assert_eq!(
        w.enemies().len(),
        1,
        "the mid-boss itself stays to be fought"
    );
}

#[test]
fn a_scroll_change_begun_before_a_boss_still_finishes() {
    let mut w = world(
        r#"Stage(name: "Ease", uses: ["defs"], length_s: 60, scroll_speed: 40, events: [
            Scroll(at: 1, speed: 10, over_s: 3),
            Boss(at: 2, enemy: "tough", x: 112, y: 80),
        ])"#,
    );
    step(&mut w, Input::default(), 60 * 8);
    assert!(w.boss().is_some(), "the boss holds the timeline");
    assert!(w.stage_time() < 2.1);
    assert!(
        (w.scroll_speed() - 10.0).abs() < 1e-3,
        "the scroll reached its new speed: {}",
        w.scroll_speed()
    );
}

#[test]
fn after_a_mid_boss_falls_the_next_wave_comes_at_once() {
    // The next wave is 20 s of timeline after the mid-boss: a quick kill must not leave the
    // player 20 s of empty sky.
    let mut w = mid_boss_then_wave(21.0);
    step(&mut w, Input::default(), 120);
    shoot_at_mid_boss(&mut w);
    assert!(w.mid_boss().is_none(), "the mid-boss fell to the shots");
    step(&mut w, Input::default(), 30);
    assert!(
        w.stage_time() > 21.0,
        "the timeline hurried on: {}",
        w.stage_time()
    );
    assert_eq!(
        w.enemies().len(),
        1,
        "and the next wave is in, half a second after the kill"
    );
}
