//! The game's rules, played headless with scripted inputs.

use glam::Vec2;
use skysweep::level::Difficulty;
use skysweep::level::Level;
use skysweep::sim::model::player::{CONTINUE_STEPS, HITBOX_RADIUS};
use skysweep::sim::{
    Character, GameEvent, Input, ItemKind, World, WorldConfig, CLEAR_BONUS_PER_BOMB,
    CLEAR_BONUS_PER_LIFE,
};
use skysweep::testkit::scenario::{self, hold, quiet_level, saw, BOMB, SHOT};

fn world_with(config: WorldConfig) -> World {
    scenario::world(quiet_level(), config)
}

/// A quiet world on Hard, which fires at the pace the stages are written at, flown by
/// invincible `characters`.
fn invincible_on_hard(characters: Vec<Character>) -> World {
    world_with(WorldConfig {
        invincible: true,
        characters,
        difficulty: Difficulty::Hard,
        ..WorldConfig::default()
    })
}

fn quiet_world() -> World {
    world_with(WorldConfig::default())
}

/// A quiet world whose player starts at power level `power`.
fn powered_world(power: u8) -> World {
    world_with(WorldConfig {
        start_power: power,
        ..WorldConfig::default()
    })
}

/// A quiet world whose player nothing can hurt.
/// The shipped first stage, with its assets checked.
fn stage1() -> std::sync::Arc<Level> {
    let assets = skysweep::level::Catalog::load(std::path::Path::new("assets"));
    let path = std::path::Path::new("levels/stage1.ron");
    std::sync::Arc::new(skysweep::level::load_stage(path, &assets).unwrap())
}

fn idle(world: &mut World, steps: usize) {
    hold(world, Input::default(), steps);
}

/// A tough enemy put right on player 1, then `steps` steps with no input.
fn ram(world: &mut World, steps: usize) {
    let at = world.players()[0].pos;
    scenario::spawn(world, "tough", at).unwrap();
    idle(world, steps);
}

#[test]
fn input_acts_in_the_same_step() {
    let mut w = quiet_world();
    let before = w.players()[0].pos;
    w.step(&[Input {
        right: true,
        ..Input::default()
    }]);
    let speed = Character::Vela.stats().speed;
    assert!(
        (w.players()[0].pos.x - before.x - speed / 60.0).abs() < 1e-4,
        "moved {} px",
        w.players()[0].pos.x - before.x
    );
    // A shot pressed in a step is fired in that step.
    let mut w = quiet_world();
    w.step(&[SHOT]);
    assert!(!w.shots().is_empty());
    assert!(saw(&w, |e| matches!(e, GameEvent::Shot { player: 0 })));
}

#[test]
fn focus_halves_speed() {
    let mut w = quiet_world();
    let x0 = w.players()[0].pos.x;
    w.step(&[Input {
        right: true,
        focus: true,
        ..Input::default()
    }]);
    let speed = Character::Vela.stats().speed;
    assert!((w.players()[0].pos.x - x0 - speed / 120.0).abs() < 1e-4);
    assert!(w.players()[0].focused);
    assert!(w.players()[0].hitbox().size().x <= 2.0 * HITBOX_RADIUS + 1e-6);
}

#[test]
fn a_bullet_spawned_on_the_ship_hits_on_its_first_frame() {
    let mut w = quiet_world();
    let at = w.players()[0].pos;
    scenario::bullet(&mut w, at).unwrap();
    w.step(&[Input::default()]);
    assert_eq!(w.stats().deaths, 1);
    assert_eq!(w.players()[0].lives, 2);
    assert!(saw(&w, |e| matches!(e, GameEvent::Death { .. })));
}

#[test]
fn ramming_costs_one_power_level_per_contact_not_per_frame() {
    let mut w = powered_world(3);
    ram(&mut w, 30);
    assert_eq!(
        w.players()[0].power,
        2,
        "thirty frames of contact cost one level"
    );
    assert_eq!(w.stats().power_downs, 1);
    assert_eq!(w.players()[0].lives, 3, "a ram does not destroy the ship");
    assert_eq!(w.enemies().len(), 1, "the enemy keeps flying");
    assert!(
        w.items().iter().any(|(_, i)| i.kind == ItemKind::Power),
        "the lost power flies out as an item"
    );
    // Leave and come back: a new contact costs another level.
    hold(
        &mut w,
        Input {
            down: true,
            ..Input::default()
        },
        20,
    );
    hold(
        &mut w,
        Input {
            up: true,
            ..Input::default()
        },
        20,
    );
    assert_eq!(w.players()[0].power, 1);
    assert_eq!(w.stats().power_downs, 2);
}

#[test]
fn ramming_at_power_one_costs_a_bomb() {
    let mut w = quiet_world();
    ram(&mut w, 5);
    assert_eq!(w.players()[0].power, 1);
    assert_eq!(w.players()[0].bombs, 2);
}

#[test]
fn ground_enemies_never_touch_the_ship() {
    let mut w = quiet_world();
    let at = w.players()[0].pos;
    // Keep the tank under the ship the whole time: the ground scrolls it down, so re-place it.
    for _ in 0..60 {
        if w.enemies().is_empty() {
            scenario::spawn(&mut w, "tank", at).unwrap();
        }
        w.step(&[Input::default()]);
    }
    assert_eq!(w.players()[0].power, 1);
    assert_eq!(w.players()[0].bombs, 3);
    assert_eq!(w.players()[0].lives, 3);
    assert_eq!(w.stats().power_downs, 0);
}

/// Hits a still, very tough enemy with one volley and returns the damage dealt.
fn damage_of_one_volley(power: u8, character: Character) -> f32 {
    let mut w = world_with(WorldConfig {
        start_power: power,
        characters: vec![character],
        ..WorldConfig::default()
    });
    let at = w.players()[0].pos - Vec2::new(0.0, 80.0);
    let k = scenario::spawn(&mut w, "tough", at).unwrap();
    w.step(&[SHOT]);
    idle(&mut w, 30);
    1000.0 - w.enemies()[k].parts[0].hp
}

#[test]
fn a_paired_box_deals_double_damage() {
    // Power 2 only pairs Brass's centre bolt: the volley gains exactly one bolt's damage.
    let single = damage_of_one_volley(1, Character::Brass);
    let paired = damage_of_one_volley(2, Character::Brass);
    assert!(single > 0.0);
    assert_eq!(
        paired - single,
        Character::Brass.stats().shot_damage,
        "one box standing for two shots deals twice the damage"
    );
}

#[test]
fn a_bomb_clears_bullets_and_protects_the_ship() {
    let mut w = quiet_world();
    for i in 0..50 {
        scenario::bullet(
            &mut w,
            Vec2::new(20.0 + (i % 10) as f32 * 18.0, 40.0 + (i / 10) as f32 * 20.0),
        )
        .unwrap();
    }
    idle(&mut w, 1);
    assert_eq!(w.bullets().len(), 50);
    w.step(&[BOMB]);
    idle(&mut w, 1);
    assert_eq!(
        w.bullets().len(),
        0,
        "every enemy bullet on screen is cancelled"
    );
    assert_eq!(w.stats().bombs_used, 1);
    assert_eq!(w.players()[0].bombs, 2);
    // While the bomb lasts a bullet on the ship costs nothing.
    let at = w.players()[0].pos;
    scenario::bullet(&mut w, at).unwrap();
    idle(&mut w, 1);
    assert_eq!(w.stats().deaths, 0);
    // Holding bomb does not fire a second one.
    hold(&mut w, BOMB, 10);
    assert_eq!(w.stats().bombs_used, 1);
}

#[test]
fn a_bomb_damages_enemies_on_screen() {
    let mut w = quiet_world();
    let k = scenario::spawn(&mut w, "tough", Vec2::new(40.0, 40.0)).unwrap();
    let t = scenario::spawn(&mut w, "tank", Vec2::new(180.0, 60.0)).unwrap();
    w.step(&[BOMB]);
    // Vela's storm sweeps across from the left: give it time to reach the tank.
    idle(&mut w, 80);
    assert!(
        w.enemies()[k].parts[0].hp < 1000.0,
        "air enemies take bomb damage"
    );
    assert!(
        !w.enemies().contains(t),
        "the tank was destroyed by the blast"
    );
    assert_eq!(w.stats().kills_ground, 1);
}

#[test]
fn destroying_boss_parts_changes_its_attack() {
    // Brass's narrow stream hits only the part it is aimed at; a spread would reach the guards
    // (40 px either side) while aiming at the core.
    // On Hard, which fires at about the pace the boss is written at (Normal waits longer and
    // thins the ring).
    let mut w = invincible_on_hard(vec![Character::Brass]);
    let boss = scenario::spawn(&mut w, "boss", Vec2::new(112.0, 80.0)).unwrap();
    assert_eq!(w.enemies()[boss].boss_phase, 0);
    // The core is guarded: shooting it does nothing while both guards stand.
    let core_hp = w.enemies()[boss].parts[0].hp;
    let aim = |w: &mut World, x: f32, steps: usize| {
        for _ in 0..steps {
            let dx = x - w.players()[0].pos.x;
            let input = Input {
                left: dx < -1.0,
                right: dx > 1.0,
                shot: true,
                ..Input::default()
            };
            w.step(&[input]);
        }
    };
    aim(&mut w, 112.0, 60);
    assert_eq!(
        w.enemies()[boss].parts[0].hp,
        core_hp,
        "the guarded core took no damage"
    );
    assert!(!saw(&w, |e| matches!(e, GameEvent::BossPhase { .. })));
    aim(&mut w, 72.0, 120);
    assert!(w.enemies()[boss].parts[1].destroyed, "left guard destroyed");
    assert_eq!(
        w.enemies()[boss].boss_phase,
        0,
        "one guard down is not enough"
    );
    aim(&mut w, 152.0, 120);
    assert!(w.enemies()[boss].parts[2].destroyed);
    assert_eq!(
        w.enemies()[boss].boss_phase,
        1,
        "both guards down: the second phase"
    );
    assert_eq!(w.stats().boss_parts_destroyed, 2);
    // The new phase fires rings of eight from the core.
    let ring = (0..60).any(|_| {
        let before = w.bullets().len();
        idle(&mut w, 1);
        w.bullets().len() >= before + 8
    });
    assert!(ring, "the second phase fires rings of eight in one step");
    // Now the core can be destroyed, and its bullets turn into coins.
    aim(&mut w, 112.0, 240);
    assert!(!w.enemies().contains(boss));
    assert_eq!(w.stats().bosses_defeated, 1);
    assert_eq!(
        w.bullets().len(),
        0,
        "a fallen boss's bullets become score items"
    );
}

#[test]
fn destroying_a_roof_reveals_what_it_hid() {
    let mut w = powered_world(4);
    let at = Vec2::new(w.players()[0].pos.x, 120.0);
    scenario::spawn(&mut w, "house", at).unwrap();
    let tank = w.level().enemy_index("tank").unwrap();
    let mut revealed = false;
    for _ in 0..40 {
        w.step(&[SHOT]);
        revealed |= w.enemies().iter().any(|(_, e)| e.kind == tank);
    }
    assert!(revealed, "the tank under the roof appeared");
    assert!(saw(&w, |e| matches!(e, GameEvent::Wreck { .. })) || w.stats().kills_ground >= 1);
}

#[test]
fn the_continue_countdown_runs_out_or_is_taken() {
    // Out of lives with nobody pressing: the countdown ends the game.
    let mut w = quiet_world();
    w.player_mut(0).lives = 1;
    let at = w.players()[0].pos;
    scenario::bullet(&mut w, at).unwrap();
    idle(&mut w, 1);
    assert_eq!(w.players()[0].continue_steps, Some(CONTINUE_STEPS));
    assert!(!w.game_over());
    idle(&mut w, CONTINUE_STEPS as usize + 2);
    assert!(w.game_over());

    // Pressing shot during the countdown continues with fresh lives.
    let mut w = quiet_world();
    w.player_mut(0).lives = 1;
    let at = w.players()[0].pos;
    scenario::bullet(&mut w, at).unwrap();
    idle(&mut w, 100);
    w.step(&[SHOT]);
    assert_eq!(w.players()[0].continue_steps, None);
    assert_eq!(w.players()[0].lives, 3);
    assert_eq!(w.stats().continues, 1);
    idle(&mut w, 5);
    assert!(w.players()[0].in_play());
    assert!(!w.game_over());
}

#[test]
fn coins_caught_while_flashing_build_a_chain() {
    let mut w = quiet_world();
    let at = w.players()[0].pos;
    // A coin placed on the ship at the start of its flash window.
    let flash_start =
        skysweep::sim::model::item::COIN_CYCLE_STEPS - skysweep::sim::model::item::COIN_FLASH_STEPS;
    for n in 1..=3u64 {
        scenario::item(&mut w, ItemKind::Coin, at + Vec2::new(0.0, -200.0));
        let k = w.items().iter().next_back().map(|(k, _)| k).unwrap();
        w.item_mut(k).age = flash_start;
        w.item_mut(k).vel = Vec2::ZERO;
        w.item_mut(k).pos = w.players()[0].pos;
        let before = w.players()[0].score;
        idle(&mut w, 1);
        assert_eq!(w.players()[0].chain as u64, n);
        assert_eq!(
            w.players()[0].score - before,
            skysweep::sim::model::item::COIN_FLASH_SCORE * n
        );
    }
    // A plain catch breaks the chain.
    let at = w.players()[0].pos;
    scenario::item(&mut w, ItemKind::Coin, at);
    idle(&mut w, 1);
    assert_eq!(w.players()[0].chain, 0);
}

#[test]
fn items_bounce_inside_the_screen_then_leave() {
    let mut w = quiet_world();
    w.player_mut(0).pos = Vec2::new(10.0, 306.0);
    scenario::item(&mut w, ItemKind::Bomb, Vec2::new(112.0, 100.0));
    let mut min = Vec2::splat(f32::MAX);
    let mut max = Vec2::splat(f32::MIN);
    for _ in 0..(skysweep::sim::model::item::ITEM_BOUNCE_STEPS - 1) {
        w.step(&[Input::default()]);
        if let Some((_, it)) = w.items().iter().next() {
            min = min.min(it.pos);
            max = max.max(it.pos);
        }
    }
    assert!(
        min.x >= 0.0 && min.y >= 0.0 && max.x <= 224.0 && max.y <= 320.0,
        "{min} {max}"
    );
    idle(&mut w, 600);
    assert!(
        w.items().is_empty(),
        "after bouncing for a while the item drifts away"
    );
}

#[test]
fn an_extra_life_at_the_score_threshold() {
    let mut w = quiet_world();
    w.player_mut(0).score = 99_990;
    let at = w.players()[0].pos - Vec2::new(0.0, 60.0);
    let k = scenario::spawn(&mut w, "drone", at).unwrap();
    hold(&mut w, SHOT, 30);
    assert!(!w.enemies().contains(k));
    assert_eq!(w.players()[0].lives, 4);
}

#[test]
fn charge_attack_needs_a_long_hold_and_a_gauge_level() {
    let mut w = quiet_world();
    hold(&mut w, SHOT, 70);
    w.step(&[Input::default()]);
    assert!(
        !saw(&w, |e| matches!(e, GameEvent::Charge { .. })),
        "no gauge, no charge attack"
    );
    w.player_mut(0).charge = 1.5;
    hold(&mut w, SHOT, 30);
    w.step(&[Input::default()]);
    assert!(
        !saw(&w, |e| matches!(e, GameEvent::Charge { .. })),
        "a short hold is not a charge"
    );
    hold(&mut w, SHOT, 61);
    w.step(&[Input::default()]);
    assert!(saw(&w, |e| matches!(e, GameEvent::Charge { .. })));
    assert!((w.players()[0].charge - 0.5).abs() < 1e-6);
}

#[test]
fn the_same_seed_and_inputs_give_the_same_hash() {
    let level = stage1();
    let run = |seed: u64| {
        let mut w = World::new(
            level.clone(),
            WorldConfig {
                seed,
                ..WorldConfig::default()
            },
        );
        let mut bot = skysweep::sim::bots::autoplay::Bot::new();
        for _ in 0..1500 {
            let i = bot.decide(&w, 0);
            w.step(&[i]);
        }
        w.state_hash()
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
}

#[test]
fn a_boss_phase_can_wait_for_the_core_hp() {
    let level = scenario::level(
        r#"Stage(name: "Core", length_s: 60, uses: ["defs"], enemies: {
            "hulk": (sprite: "boss1_core", layer: Air, score: 1, parts: [(name: "core", size: (30, 30), hp: 40)],
                path: Straight(speed: 0),
                phases: [
                    (weapons: [(pattern: "aimed", delay_s: 0.1, interval_s: 5)]),
                    (below_hp: 0.5, weapons: [(pattern: "ring8", delay_s: 0.1, interval_s: 5)]),
                ]),
        })"#,
    )
    .unwrap();
    let mut w = World::new(
        level,
        WorldConfig {
            invincible: true,
            ..WorldConfig::default()
        },
    );
    let k = scenario::spawn(&mut w, "hulk", Vec2::new(112.0, 100.0)).unwrap();
    let mut phase_changed_at = None;
    for step in 0..400 {
        w.step(&[SHOT]);
        if !w.enemies().contains(k) {
            break;
        }
        if w.enemies()[k].boss_phase == 1 && phase_changed_at.is_none() {
            phase_changed_at = Some(step);
            let hp = w.enemies()[k].parts[0].hp;
            assert!(
                hp <= 20.0 && hp > 0.0,
                "the second phase starts once the core is below half (hp {hp})"
            );
        }
    }
    assert!(
        phase_changed_at.is_some(),
        "damage to the core alone moved the boss to its second phase"
    );
}

#[test]
fn ramming_while_invulnerable_costs_nothing() {
    let mut w = powered_world(3);
    w.step(&[BOMB]);
    ram(&mut w, 10);
    assert_eq!(
        w.players()[0].power,
        3,
        "the bomb's invulnerability covers rams too"
    );
    assert_eq!(w.stats().power_downs, 0);
}

#[test]
fn curling_bullets_do_not_live_forever() {
    // On Hard a bullet curls as long as it lives (Easy and Normal straighten it out).
    let mut w = invincible_on_hard(WorldConfig::default().characters);
    w.spawn_bullet(skysweep::sim::Bullet::new(
        Vec2::new(112.0, 120.0),
        30.0,
        0.0,
        0.0,
        60.0,
        skysweep::level::BulletStyle::Round,
    ))
    .unwrap();
    idle(&mut w, 60 * 10);
    assert_eq!(w.bullets().len(), 1, "a circling bullet stays a while");
    idle(&mut w, 60 * 11);
    assert_eq!(w.bullets().len(), 0, "but not forever");
}

#[test]
fn starting_past_the_boss_time_still_brings_the_boss() {
    let level = stage1();
    let start_at = (level.markers["boss"] + 5.0).min(level.length_s);
    let mut w = World::new(
        level,
        WorldConfig {
            start_at,
            invincible: true,
            ..WorldConfig::default()
        },
    );
    idle(&mut w, 5);
    // The boss appears even when practice starts after its time.
    assert!(w.boss().is_some(), "no boss after a start past its time");
}

#[test]
fn players_carry_their_standing_into_the_next_stage() {
    let carry = vec![skysweep::sim::Carry {
        score: 123_456,
        lives: 1,
        bombs: 5,
        power: 4,
        // Within the gauge's two charges: a banked charge and half of the next.
        charge: 1.5,
        next_extra_life: 300_000,
        continues_used: 2,
    }];
    let w = world_with(WorldConfig {
        carry,
        ..WorldConfig::default()
    });
    let p = &w.players()[0];
    assert_eq!(
        (p.score, p.lives, p.bombs, p.power, p.next_extra_life),
        (123_456, 1, 5, 4, 300_000)
    );
    assert_eq!(p.charge, 1.5);
    assert_eq!(p.continues_used, 2, "the credits used go on counting");
}

#[test]
fn a_two_player_game_ranks_each_player_alone() {
    let carry = |score| skysweep::sim::Carry {
        score,
        lives: 3,
        bombs: 2,
        power: 1,
        charge: 0.0,
        next_extra_life: 1_000_000,
        continues_used: 0,
    };
    let w = world_with(WorldConfig {
        characters: vec![Character::Vela, Character::Brass],
        carry: vec![carry(400), carry(800)],
        ..WorldConfig::default()
    });
    assert_eq!(w.score(), 1_200);
    assert_eq!(w.best_player_score(), 800);
}

#[test]
fn two_players_share_the_stage_clear_bonus_equally() {
    let mut w = world_with(WorldConfig {
        characters: vec![Character::Vela, Character::Brass],
        start_at: 59.5,
        ..WorldConfig::default()
    });
    let before: Vec<u64> = w.players().iter().map(|p| p.score).collect();
    let (lives, bombs): (u64, u64) = w
        .players()
        .iter()
        .fold((0, 0), |(l, b), p| (l + p.lives as u64, b + p.bombs as u64));
    for _ in 0..120 {
        if w.tally().is_some() {
            break;
        }
        w.step(&[Input::default(), Input::default()]);
    }
    let t = w.tally().expect("the quiet stage clears at its end");
    // The bonus pays for what the players still hold: every life and every bomb, at its rate.
    assert_eq!(t.lives_bonus, lives * CLEAR_BONUS_PER_LIFE);
    assert_eq!(t.bombs_bonus, bombs * CLEAR_BONUS_PER_BOMB);
    assert_eq!(
        t.total,
        lives * CLEAR_BONUS_PER_LIFE + bombs * CLEAR_BONUS_PER_BOMB
    );
    assert_eq!(t.each, t.total / 2);
    for (p, b) in w.players().iter().zip(before) {
        assert_eq!(p.score - b, t.each, "player {}", p.index);
    }
}
