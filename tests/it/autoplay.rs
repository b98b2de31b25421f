//! The built-in pilot as a spectator sees it.

use std::sync::Arc;

use skysweep::sim::bots::autoplay::Bot;
use skysweep::sim::{Character, World, WorldConfig};

#[test]
fn two_autoplayed_ships_keep_to_their_own_halves() {
    let level = Arc::new(
        skysweep::level::load_stage(
            std::path::Path::new("levels/stage1.ron"),
            &skysweep::level::Catalog::load("assets".as_ref()),
        )
        .expect("stage 1"),
    );
    // Through the opening waves into the mid-boss, where both chase the same targets.
    for (seed, start_at) in [(1, 0.0), (2, 70.0)] {
        let config = WorldConfig {
            seed,
            characters: vec![Character::Vela, Character::Wren],
            invincible: true,
            start_at,
            ..WorldConfig::default()
        };
        let mut world = World::new(level.clone(), config);
        let mut bots = [Bot::new(), Bot::new()];
        let (mut steps, mut stacked, mut left_of) = (0, 0, 0);
        for _ in 0..60 * 40 {
            let inputs: Vec<_> = (0..2).map(|i| bots[i].decide(&world, i)).collect();
            world.step(&inputs);
            let [a, b] = [&world.players()[0], &world.players()[1]];
            if !(a.in_play() && b.in_play()) {
                continue;
            }
            steps += 1;
            // Ships are 24 pixels wide: closer than that, one covers the other.
            if (a.pos.x - b.pos.x).abs() < 24.0 {
                stacked += 1;
            }
            if a.pos.x < b.pos.x {
                left_of += 1;
            }
        }
        assert!(steps > 60 * 30, "seed {seed}: both ships played");
        assert!(
            stacked * 100 < steps * 2,
            "seed {seed}: one ship covered the other {stacked} of {steps} steps"
        );
        assert!(
            left_of * 100 > steps * 95,
            "seed {seed}: player 1 kept left of player 2 only {left_of} of {steps} steps"
        );
    }
}
