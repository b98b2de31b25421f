//! The arcade settings played headless: lives, extends and continues decide the game, and a
//! replay carries them so it plays back the same game.

use skysweep::sim::model::arcade::{ArcadeRules, Continues, Extends};
use skysweep::sim::model::player::CONTINUE_STEPS;
use skysweep::sim::replay::Replay;
use skysweep::sim::{GameEvent, Input, World, WorldConfig};
use skysweep::testkit::scenario::{self, hold, quiet_level, SHOT};

fn world_under(arcade: ArcadeRules) -> World {
    scenario::world(
        quiet_level(),
        WorldConfig {
            arcade,
            ..WorldConfig::default()
        },
    )
}

/// A bullet put on player 1, then one quiet step: a life lost.
fn lose_a_life(w: &mut World) {
    let at = w.players()[0].pos;
    scenario::bullet(w, at).unwrap();
    hold(w, Input::default(), 1);
}

#[test]
fn lives_are_what_the_settings_give_at_the_start_and_on_a_continue() {
    let arcade = ArcadeRules {
        lives: 1,
        ..ArcadeRules::default()
    };
    let mut w = world_under(arcade);
    assert_eq!(w.players()[0].lives, 1);
    lose_a_life(&mut w);
    assert_eq!(w.players()[0].continue_steps, Some(CONTINUE_STEPS));
    hold(&mut w, SHOT, 1);
    assert_eq!(w.players()[0].lives, 1, "a continue gives the set lives");
    assert_eq!(w.players()[0].continues_used, 1);
    let five = world_under(ArcadeRules {
        lives: 5,
        ..ArcadeRules::default()
    });
    assert_eq!(five.players()[0].lives, 5);
}

#[test]
fn with_no_continues_the_last_life_ends_the_game_at_once() {
    let mut w = world_under(ArcadeRules {
        lives: 1,
        continues: Continues::Limited(0),
        ..ArcadeRules::default()
    });
    lose_a_life(&mut w);
    assert_eq!(w.players()[0].continue_steps, None, "no countdown offered");
    hold(&mut w, Input::default(), 2);
    assert!(w.game_over());
}

#[test]
fn limited_continues_run_out_and_are_counted_across_stages() {
    let rules = ArcadeRules {
        lives: 1,
        continues: Continues::Limited(1),
        ..ArcadeRules::default()
    };
    let mut w = world_under(rules);
    lose_a_life(&mut w);
    hold(&mut w, SHOT, 1);
    assert_eq!(w.players()[0].continues_used, 1);
    // Into the next stage with the continue spent: the next last life is the last.
    let carry = w.players().iter().map(skysweep::sim::Carry::of).collect();
    let mut next = scenario::world(
        quiet_level(),
        WorldConfig {
            arcade: rules,
            carry,
            ..WorldConfig::default()
        },
    );
    assert_eq!(next.players()[0].continues_used, 1);
    // Out of the respawn's invulnerability first.
    next.player_mut(0).invulnerable = 0;
    lose_a_life(&mut next);
    assert_eq!(next.players()[0].continue_steps, None);
    assert!(next.players()[0].retired);
}

#[test]
fn extends_off_give_no_lives_and_every_200k_gives_them_evenly() {
    let mut w = world_under(ArcadeRules {
        extends: Extends::Off,
        ..ArcadeRules::default()
    });
    let lives = w.players()[0].lives;
    scenario::add_score(&mut w, 0, 2_000_000);
    assert_eq!(w.players()[0].lives, lives, "no extend with extends off");
    let mut w = world_under(ArcadeRules {
        extends: Extends::Every200k,
        ..ArcadeRules::default()
    });
    scenario::add_score(&mut w, 0, 650_000);
    assert_eq!(w.players()[0].lives, lives + 3, "at 200K, 400K and 600K");
    let extends = w
        .events()
        .iter()
        .filter(|e| matches!(e, GameEvent::ExtraLife { .. }))
        .count();
    assert_eq!(extends, 3);
}

#[test]
fn a_replay_keeps_its_arcade_rules_and_older_files_read_as_the_defaults() {
    let level = quiet_level();
    let rules = ArcadeRules {
        lives: 2,
        extends: Extends::Off,
        continues: Continues::Limited(3),
    };
    let config = WorldConfig {
        arcade: rules,
        ..WorldConfig::default()
    };
    let mut r = Replay::for_run(&level, &config);
    r.record(&[SHOT]);
    let text = r.to_ron();
    assert!(text.contains("arcade:"), "{text}");
    let back = Replay::from_ron("r.ron", &text).unwrap();
    assert_eq!(back.arcade, rules);
    assert_eq!(back.stage_config(0, Vec::new()).arcade, rules);
    // A run under the game's own rules writes no arcade field: its file reads as before.
    let plain = Replay::for_run(&level, &WorldConfig::default()).to_ron();
    assert!(!plain.contains("arcade"), "{plain}");
    assert_eq!(
        Replay::from_ron("p.ron", &plain).unwrap().arcade,
        ArcadeRules::default()
    );
    // Rules no settings can give are refused with their place.
    let wild = text.replace("lives: 2", "lives: 40");
    let e = Replay::from_ron("w.ron", &wild).unwrap_err().to_string();
    assert!(e.contains("w.ron") && e.contains("arcade"), "{e}");
}
