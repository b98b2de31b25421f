//! Values per difficulty (`hp: (easy: 20, normal: 30, hard: 40)`), events on some difficulties
//! only (`only: [...]`) and the second loop's scaling (`loop2`): resolved when the stage loads,
//! so each run's world holds plain values; errors in them name their own line.

use std::sync::Arc;

use skysweep::level::{Difficulty, Level, Tier, TimelineEvent};

const DEFS: &str = r#"Defs(
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: (easy: 1, normal: 2, hard: 3), score: 100,
                  path: Straight(angle_deg: 90, speed: 80)),
        "king": (sprite: "x", layer: Air, score: 1, size: (20, 20), parts: [
            (name: "core", hp: (easy: 20, normal: 30, hard: 40), size: (20, 20)),
            (name: "gun", hp: 5, size: (8, 8), offset: (10, 0)),
        ]),
    },
)"#;

const STAGE: &str = r#"Stage(name: "tiers", length_s: 60, markers: { "boss": 30 },
loop2: (hp: 1.5, count: 2),
waves: {
    "pair": [
        Spawn(at: 0, enemy: "drone", x: 40, count: (easy: 1, normal: 2, hard: 3), spacing_s: 0.3),
        Spawn(at: 1, enemy: "drone", x: 60, only: [hard]),
    ],
},
events: [
    Wave(at: 1, name: "pair"),
    Wave(at: 5, name: "pair", mirror: true, only: [normal, hard]),
    Warning(at: 20, text: "HARD", only: [hard]),
    Boss(at: 30, enemy: "king"),
])"#;

fn load(stage: &str) -> Result<Arc<Level>, String> {
    crate::support::load_linted_with(DEFS, stage).map(|(level, _)| Arc::new(level))
}

fn tier(level: &Arc<Level>, difficulty: Difficulty, loop_index: u32) -> Arc<Level> {
    Level::for_tier(level, Tier::of(difficulty, loop_index))
}

/// The spawn counts of a level's timeline, in order.
fn counts(level: &Level) -> Vec<u32> {
    level
        .timeline
        .iter()
        .filter_map(|e| match e {
            TimelineEvent::Spawn { count, .. } => Some(*count),
            _ => None,
        })
        .collect()
}

fn hp_of(level: &Level, enemy: &str) -> Vec<f32> {
    let i = level.enemy_index(enemy).expect("the enemy");
    level.enemies[i].parts.iter().map(|p| p.hp).collect()
}

#[test]
fn each_difficulty_and_loop_gets_its_own_plain_values() {
    let level = load(STAGE).expect("the stage loads");
    // The level itself is Normal's, first loop.
    assert_eq!(counts(&level), [2, 2]);
    assert_eq!(hp_of(&level, "king"), [30.0, 5.0]);
    let easy = tier(&level, Difficulty::Easy, 0);
    assert_eq!(
        counts(&easy),
        [1],
        "the mirrored wave is not placed on easy"
    );
    assert_eq!(hp_of(&easy, "drone"), [1.0]);
    let hard = tier(&level, Difficulty::Hard, 0);
    assert_eq!(
        counts(&hard),
        [3, 1, 3, 1],
        "hard's extra spawn in both placements"
    );
    assert_eq!(hp_of(&hard, "king"), [40.0, 5.0]);
    assert!(hard
        .timeline
        .iter()
        .any(|e| matches!(e, TimelineEvent::Warning { .. })));
    assert!(!level
        .timeline
        .iter()
        .any(|e| matches!(e, TimelineEvent::Warning { .. })));
    // loop2 multiplies hp by 1.5 and counts by 2 on every later loop.
    let hard2 = tier(&level, Difficulty::Hard, 1);
    assert_eq!(counts(&hard2), [6, 2, 6, 2]);
    assert_eq!(hp_of(&hard2, "king"), [60.0, 7.5]);
    assert_eq!(tier(&level, Difficulty::Hard, 3).timeline, hard2.timeline);
    // The variants are resolved: none holds variants of its own.
    assert!(level.variants.iter().all(|(_, v)| v.variants.is_empty()));
}

#[test]
fn a_world_plays_its_own_difficulty() {
    let level = load(STAGE).expect("loads");
    let config = |difficulty| skysweep::sim::WorldConfig {
        difficulty,
        invincible: true,
        ..Default::default()
    };
    let easy = skysweep::sim::World::new(level.clone(), config(Difficulty::Easy));
    let hard = skysweep::sim::World::new(level.clone(), config(Difficulty::Hard));
    assert_eq!(counts(easy.level()), [1]);
    assert_eq!(counts(hard.level()), [3, 1, 3, 1]);
    assert_ne!(easy.state_hash(), hard.state_hash());
}

#[test]
fn a_stage_that_never_differs_has_no_variants() {
    let plain = load(
        r#"Stage(name: "p", length_s: 20, events: [Spawn(at: 1, enemy: "drone", x: 10, count: 2)])"#,
    );
    // Its drone's hp differs by difficulty (in the used file), so it does have variants...
    assert!(!plain.expect("loads").variants.is_empty());
    // ...while a stage whose values are all plain has none, and hashes as before the format
    // knew difficulties.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    for path in skysweep::level::stage_files(&dir).unwrap() {
        let level = skysweep::level::load_stage(&path, &skysweep::level::Catalog::unchecked())
            .expect("a shipped stage loads");
        assert!(level.variants.is_empty(), "{}", path.display());
    }
}

#[test]
fn errors_in_per_difficulty_values_name_their_line() {
    let bad_hp = DEFS.replace("hp: (easy: 1, normal: 2,", "hp: (easy: -1, normal: 2,");
    let e = crate::support::load_linted_with(&bad_hp, STAGE).expect_err("refused");
    assert!(
        e.contains("defs.ron:3:") && e.contains("enemy \"drone\": hp on easy must be more than 0"),
        "{e}"
    );
    // (what the stage's text is changed from, to, and where and what the error says)
    let cases = [
        (
            "normal: 2, hard: 3), spacing_s",
            "normal: 2), spacing_s",
            "s.ron:5:",
            "has no hard",
        ),
        (
            "count: (easy: 1,",
            "count: (easy: 0,",
            "s.ron:5:",
            "spawn count on easy must be 1 to",
        ),
        ("only: [hard]", "only: [hrad]", "s.ron:6:", "`hrad`"),
        (
            "only: [hard]),",
            "only: []),",
            "s.ron:6:",
            "on every difficulty",
        ),
        (
            "loop2: (hp: 1.5",
            "loop2: (hp: 0",
            "s.ron:2:",
            "loop2's hp is a factor",
        ),
    ];
    for (from, to, at, says) in cases {
        let e = load(&STAGE.replace(from, to)).expect_err(to);
        assert!(e.contains(at) && e.contains(says), "{to}: {e}");
    }
}

#[test]
fn a_replay_hashes_the_level_its_run_played() {
    use skysweep::sim::replay::Replay;
    let level = load(STAGE).expect("loads");
    let config = skysweep::sim::WorldConfig {
        difficulty: Difficulty::Hard,
        loop_index: 1,
        ..Default::default()
    };
    let played = tier(&level, Difficulty::Hard, 1);
    // Begun on the level as loaded or on the one a world already picked (a practice
    // restart hands that on): the same hash, and either plays against the loaded level.
    let from_loaded = Replay::for_run(&level, &config);
    let from_played = Replay::for_run(&played, &config);
    assert_eq!(
        from_loaded.stages[0].level_hash,
        from_played.stages[0].level_hash
    );
    assert!(from_played.stage_matches(0, &level));
    // Easy's values are not hard's: the hard run's replay does not care for them, and a
    // run on easy records another hash.
    let easy = skysweep::sim::WorldConfig {
        difficulty: Difficulty::Easy,
        ..config.clone()
    };
    assert_ne!(
        Replay::for_run(&level, &easy).stages[0].level_hash,
        from_loaded.stages[0].level_hash
    );
}

#[test]
fn a_definition_used_on_one_difficulty_only_is_not_unused() {
    let stage = r#"Stage(name: "w", length_s: 30, markers: { "boss": 20 },
    enemies: {
        "rare": (sprite: "air_drone", layer: Air, score: 1),
        "never": (sprite: "air_drone", layer: Air, score: 1),
    },
    events: [
        Spawn(at: 1, enemy: "rare", x: 40, only: [hard]),
        Boss(at: 20, enemy: "king"),
    ])"#;
    let (_, warnings) = crate::support::load_linted_with(DEFS, stage).expect("loads");
    let text: Vec<String> = warnings.iter().map(|w| w.message.clone()).collect();
    assert!(text.iter().any(|m| m.contains("\"never\"")), "{text:?}");
    assert!(!text.iter().any(|m| m.contains("\"rare\"")), "{text:?}");
}
