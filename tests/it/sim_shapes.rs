//! The game's hitboxes are the collider's exact shapes: round bullets are circles, needles are
//! boxes along their flight, the ship is a small circle, and a part may be a circle. Each test
//! puts two bodies whose bounding boxes overlap and checks that only overlapping shapes count.

use glam::Vec2;
use skysweep::collide::Shape;
use skysweep::level::BulletStyle;
use skysweep::sim::layers::GameLayer;
use skysweep::sim::model::player::HITBOX_RADIUS;
use skysweep::sim::{Bullet, Input, World, WorldConfig};
use skysweep::testkit::scenario::{self, hold, quiet_level};

fn quiet_world() -> World {
    scenario::world(quiet_level(), WorldConfig::default())
}

/// A quiet world with a bullet of `style` `offset` from the ship, heading `heading_deg`,
/// barely moving (a bullet at speed 0 that cannot speed up is cleared as stuck), turning at
/// `turn_deg_s`.
fn bullet_near_ship(offset: Vec2, style: BulletStyle, heading_deg: f32, turn_deg_s: f32) -> World {
    let mut w = quiet_world();
    let pos = w.players()[0].pos + offset;
    w.spawn_bullet(Bullet::new(pos, 0.0, heading_deg, 1.0, turn_deg_s, style))
        .expect("room for a bullet");
    w
}

#[test]
fn the_ship_is_a_circle_of_the_hitbox_radius() {
    let w = quiet_world();
    let ship = w
        .boxes()
        .find(|(layer, ..)| *layer == GameLayer::Player.id())
        .expect("the ship's body");
    assert_eq!(
        ship.2,
        Shape::Circle {
            radius: HITBOX_RADIUS
        }
    );
}

#[test]
fn a_round_bullet_past_the_ships_corner_misses_and_one_inside_hits() {
    // Big bullets have radius 5 and the ship 2: boxes overlap up to 7 on each axis, circles
    // only within 7 of each other.
    let mut w = bullet_near_ship(Vec2::new(5.5, 5.5), BulletStyle::Big, 90.0, 0.0);
    hold(&mut w, Input::default(), 10);
    assert_eq!(
        w.stats().deaths,
        0,
        "boxes overlap, circles 7.8 apart do not"
    );
    assert_eq!(w.bullets().len(), 1);

    let mut w = bullet_near_ship(Vec2::new(4.5, 4.5), BulletStyle::Big, 90.0, 0.0);
    w.step(&[Input::default()]);
    assert_eq!(w.stats().deaths, 1, "circles 6.4 apart overlap");
}

#[test]
fn a_needle_is_a_box_along_its_heading() {
    // 5 px below the ship: a needle flying sideways (half-width 1.5) misses, one flying down
    // (half-length 4) reaches into the dot.
    for (heading, deaths) in [(0.0, 0), (180.0, 0), (90.0, 1), (-90.0, 1)] {
        let mut w = bullet_near_ship(Vec2::new(0.0, 5.0), BulletStyle::Needle, heading, 0.0);
        hold(&mut w, Input::default(), 3);
        assert_eq!(w.stats().deaths, deaths, "heading {heading}");
    }
}

#[test]
fn a_turning_needles_box_turns_with_it() {
    // 15 degrees a step: sideways at first, pointing at the ship after six steps.
    let mut w = bullet_near_ship(Vec2::new(0.0, 5.0), BulletStyle::Needle, 0.0, 900.0);
    let mut first_death = None;
    for step in 1..=8 {
        w.step(&[Input::default()]);
        if let Some((_, b)) = w.bullets().iter().next() {
            let (_, _, shape) = w
                .boxes()
                .find(|(layer, ..)| *layer == GameLayer::EnemyBullet.id())
                .expect("the needle's body");
            let Shape::Oriented { half, angle } = shape else {
                panic!("a needle is an oriented box, found {shape:?}");
            };
            assert_eq!(half, Vec2::new(4.0, 1.5));
            assert!(
                (angle - b.heading_deg.to_radians()).abs() < 1e-5,
                "step {step}: box at {angle} rad, needle heading {} deg",
                b.heading_deg
            );
        }
        if w.stats().deaths > 0 {
            first_death = Some(step);
            break;
        }
    }
    // At 45 degrees the box is 2.04 from the dot's centre, at 60 it is 1.05.
    assert_eq!(
        first_death,
        Some(4),
        "the needle hits once it has turned to 60 degrees"
    );
}

#[test]
fn a_round_part_rams_only_inside_its_circle() {
    let level = scenario::level(
        r#"Stage(name: "Orb", length_s: 60, uses: ["defs"], enemies: {
            "orb": (sprite: "boss1_core", layer: Air, score: 1, path: Straight(speed: 0),
                parts: [(name: "core", shape: Circle(radius: 12), hp: 1000)]),
        })"#,
    )
    .expect("a valid stage");
    let config = WorldConfig {
        start_power: 3,
        ..WorldConfig::default()
    };
    // Ship radius 2, orb 12: the boxes overlap within 14 on each axis, the circles within 14.
    for (offset, power) in [(11.0, 3), (8.0, 2)] {
        let mut w = scenario::world(level.clone(), config.clone());
        let at = w.players()[0].pos;
        scenario::spawn(&mut w, "orb", at + Vec2::splat(offset)).expect("the orb spawns");
        hold(&mut w, Input::default(), 5);
        assert_eq!(
            w.players()[0].power,
            power,
            "orb centre {offset} px right and below the ship"
        );
    }
}
