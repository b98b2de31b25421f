//! What sets the three pilots apart, played headless: Vela's wide fan, Brass's narrow heavy
//! stream, Wren's homing orbs.

use glam::Vec2;
use skysweep::sim::{Character, GameEvent, Input, ShotKind, World};
use skysweep::testkit::scenario::{self, hold, pilot, SHOT};

#[test]
fn wrens_orbs_come_with_every_volley_whenever_the_button_goes_down() {
    let interval = Character::Wren.stats().fire_interval as usize;
    // The volley timer's phase against the frame count must not matter: start on either.
    for wait in 0..2 {
        let mut w = pilot(Character::Wren, 4);
        hold(&mut w, Input::default(), wait);
        // Two volleys: the first at once, the second one interval later.
        hold(&mut w, SHOT, interval + 1);
        let orbs = w
            .shots()
            .iter()
            .filter(|(_, s)| s.kind == ShotKind::Homing)
            .count();
        assert_eq!(
            orbs,
            2 * 4,
            "after {wait} idle steps: four orbs a volley at power 4"
        );
    }
}

#[test]
fn homing_orbs_pass_over_armour_to_the_parts_they_can_hurt() {
    // The scenario boss: a core armoured until both side parts fall.
    let mut w = pilot(Character::Wren, 4);
    let boss = scenario::spawn(&mut w, "boss", Vec2::new(140.0, 90.0)).unwrap();
    // Off to the side, so the main shot flies past the boss and only the orbs can reach it.
    w.player_mut(0).pos.x = 20.0;
    let guards_standing = |w: &World| {
        w.enemies()
            .get(boss)
            .is_some_and(|e| !e.parts[1].destroyed && !e.parts[2].destroyed)
    };
    let mut armoured = 0;
    let mut steps = 0;
    while guards_standing(&w) && steps < 600 {
        w.step(&[SHOT]);
        steps += 1;
        armoured += w
            .events()
            .iter()
            .filter(|e| matches!(e, GameEvent::Hit { armored: true, .. }))
            .count();
    }
    assert!(
        !guards_standing(&w),
        "the orbs found a side part and broke it"
    );
    assert_eq!(
        armoured, 0,
        "no orb was spent on the armoured core meanwhile"
    );
    hold(&mut w, SHOT, 600);
    assert!(
        !w.enemies().contains(boss),
        "with the guards down, the orbs took the core"
    );
}

/// How wide one power-4 volley is once it has flown 200 pixels up the screen, and the most
/// damage one of its shots deals.
fn volley(character: Character) -> (f32, f32) {
    let mut w = pilot(character, 4);
    hold(&mut w, SHOT, 1);
    let steps = (200.0 / character.stats().shot_speed * 60.0).round() as usize;
    hold(&mut w, Input::default(), steps);
    let x0 = w.players()[0].pos.x;
    let main = || {
        w.shots()
            .iter()
            .map(|(_, s)| s)
            .filter(|s| s.kind == ShotKind::Main)
    };
    let width = main()
        .map(|s| (s.pos.x - x0).abs() + s.half.x)
        .fold(0.0, f32::max);
    let damage = main().map(|s| s.damage).fold(0.0, f32::max);
    assert!(
        main().count() > 1,
        "{character:?}'s volley is still on screen"
    );
    (width, damage)
}

#[test]
fn brass_fires_a_narrow_heavy_stream_and_vela_a_wide_fan() {
    let (vela_width, vela_damage) = volley(Character::Vela);
    let (brass_width, brass_damage) = volley(Character::Brass);
    assert!(
        brass_width * 2.0 < vela_width,
        "Brass's stream ({brass_width} px) is far narrower than Vela's fan ({vela_width} px)"
    );
    assert!(
        brass_width < 32.0,
        "the stream stays within a ship's width or so"
    );
    assert!(
        brass_damage > vela_damage,
        "and each of its shots hits harder"
    );
    let brass = Character::Brass.stats();
    let others = [Character::Vela, Character::Wren].map(|c| c.stats());
    assert!(
        others
            .iter()
            .all(|o| brass.fire_interval > o.fire_interval && brass.speed < o.speed),
        "Brass fires slowest and flies slowest"
    );
}
