//! Preparing plans: replays set up the run they recorded and are refused on another stage,
//! starts are checked against the stage, whole runs follow the seed; and the rules table.

use std::path::PathBuf;

use super::*;
use crate::level::Difficulty;
use crate::sim::model::campaign;
use crate::sim::replay::Replay;
use crate::sim::{Character, WorldConfig};

fn shipped() -> Shipped {
    Shipped::find()
}

fn one(path: PathBuf) -> RunPlan {
    RunPlan::new(RunKind::Custom, Stages::One(path))
}

fn default_stage() -> RunPlan {
    one(shipped().default_level())
}

fn replay_of(file: &std::path::Path, level: Option<PathBuf>) -> RunPlan {
    RunPlan::new(
        RunKind::Replay,
        Stages::Replay {
            file: file.to_path_buf(),
            level,
        },
    )
}

/// A replay of the default stage recorded with `config`, saved in a fresh folder.
fn saved_replay(test: &str, config: &WorldConfig) -> PathBuf {
    let s = shipped();
    let level = s.load(&s.default_level()).expect("the shipped stage");
    let mut replay = Replay::for_run(&level, config);
    replay.record(&vec![Default::default(); config.characters.len()]);
    let dir = std::env::temp_dir().join(format!("skysweep-plan-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ron");
    replay.save(&path).unwrap();
    path
}

#[test]
fn a_replay_sets_up_the_run_it_recorded() {
    let recorded = WorldConfig {
        seed: 77,
        characters: vec![Character::Wren, Character::Brass],
        difficulty: Difficulty::Hard,
        invincible: true,
        start_at: 12.5,
        start_power: 3,
        loop_index: 1,
        ..WorldConfig::default()
    };
    let path = saved_replay("sets-up", &recorded);
    let run = prepare(&replay_of(&path, None), &shipped()).unwrap();
    let c = &run.config;
    assert_eq!(
        (
            c.seed,
            c.characters.clone(),
            c.difficulty,
            c.invincible,
            c.start_at,
            c.start_power,
            c.loop_index
        ),
        (
            77,
            vec![Character::Wren, Character::Brass],
            Difficulty::Hard,
            true,
            12.5,
            3,
            1
        )
    );
    assert!(run.replay.is_some());
    assert_eq!(run.kind, RunKind::Replay);
    assert_eq!(run.replay_levels.len(), 1);
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_replay_starting_past_the_stage_end_is_blamed_on_the_replay_file() {
    let path = saved_replay("past-end", &WorldConfig::default());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("start_at: 0.0"), "{text}");
    std::fs::write(&path, text.replacen("start_at: 0.0", "start_at: 9999.0", 1)).unwrap();
    let err = prepare(&replay_of(&path, None), &shipped()).unwrap_err();
    let s = shipped();
    let level = s.load(&s.default_level()).unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "{}: start_at 9999 is past the end of {}, which is {} seconds long",
            path.display(),
            s.default_level().display(),
            level.length_s
        )
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_replay_given_another_stage_names_both_files() {
    let path = saved_replay("other-stage", &WorldConfig::default());
    let s = shipped();
    let stage2 = s.levels_dir().join("stage2.ron");
    let err = prepare(&replay_of(&path, Some(stage2.clone())), &s).unwrap_err();
    let recorded = s.load(&s.default_level()).unwrap().source;
    assert_eq!(
        err.to_string(),
        format!(
            "{}: this replay was recorded on {recorded}, but --level gives {}, a different stage",
            path.display(),
            stage2.display()
        )
    );
    // The recorded stage at another path is still accepted.
    let copy = path.with_file_name("stage1.ron");
    std::fs::copy(s.default_level(), &copy).unwrap();
    std::fs::copy(
        s.levels_dir().join("common.ron"),
        copy.with_file_name("common.ron"),
    )
    .unwrap();
    assert!(prepare(&replay_of(&path, Some(copy.clone())), &s).is_ok());
    // A comment does not change the stage: the level it loads to is the same.
    let text = std::fs::read_to_string(&copy).unwrap();
    std::fs::write(&copy, format!("// edited\n{text}")).unwrap();
    assert!(prepare(&replay_of(&path, Some(copy.clone())), &s).is_ok());
    // The same file name with content that plays differently is a changed stage, not
    // another one.
    assert!(text.contains("scroll_speed: 24,"), "{text}");
    std::fs::write(
        &copy,
        text.replacen("scroll_speed: 24,", "scroll_speed: 25,", 1),
    )
    .unwrap();
    let err = prepare(&replay_of(&path, Some(copy)), &s).unwrap_err();
    assert!(
        err.to_string()
            .contains(&format!("recorded on a different version of {recorded}")),
        "{err}"
    );
    std::fs::remove_dir_all(path.parent().unwrap()).ok();
}

#[test]
fn a_third_pilot_is_refused_not_dropped() {
    let three = RunPlan {
        pilots: vec![Character::Vela, Character::Wren, Character::Brass],
        ..default_stage()
    };
    let err = prepare(&three, &shipped()).unwrap_err();
    assert!(matches!(err, RunError::TooManyPilots(ref p) if p.len() == 3));
    assert_eq!(
        err.to_string(),
        "--character given 3 times (vela, wren, brass): at most two players play, one --character each"
    );
    let two = RunPlan {
        pilots: vec![Character::Wren, Character::Brass],
        ..default_stage()
    };
    let run = prepare(&two, &shipped()).unwrap();
    assert_eq!(
        run.config.characters,
        vec![Character::Wren, Character::Brass]
    );
}

#[test]
fn a_whole_run_plays_every_shipped_stage_in_the_seeds_order() {
    let s = shipped();
    let listed = s.stages().unwrap();
    for seed in [1, 2, 3, 4] {
        let plan = RunPlan {
            seed,
            start: Start::At("boss".into()),
            ..RunPlan::new(RunKind::Arcade, Stages::Campaign)
        };
        let run = prepare(&plan, &s).unwrap();
        let levels = run.load_all(&s).unwrap();
        assert_eq!(levels.len(), listed.len());
        let order = campaign::stage_order(seed, listed.len());
        for (level, i) in levels.iter().zip(&order) {
            let expected = s.load(&listed[*i]).unwrap();
            assert_eq!(level.content_hash, expected.content_hash, "seed {seed}");
        }
        // The start is the boss marker of the stage the run starts on.
        assert_eq!(run.config.start_at, levels[0].resolve_at("boss").unwrap());
        assert_eq!(run.level_path(), listed[order[0]]);
    }
}

#[test]
fn a_start_off_the_stage_gets_the_range_either_side() {
    let s = shipped();
    let length = s.load(&s.default_level()).unwrap().length_s;
    let at = |at: &str| {
        prepare(
            &RunPlan {
                start: Start::At(at.into()),
                ..default_stage()
            },
            &s,
        )
    };
    for t in ["9999", "-5", "-0.5s", "151"] {
        let err = at(t).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("--at {t}: not on the stage, which runs from 0 to {length} seconds")
        );
    }
    assert!(matches!(at("-boss"), Err(RunError::NotAStart { .. })));
    assert!(at("-boss")
        .unwrap_err()
        .to_string()
        .contains("not a number of seconds nor a marker"));
    assert_eq!(at("0").unwrap().config.start_at, 0.0);
}

/// The table's rules that hold for every kind, walked over every kind: a kind that is nobody's
/// own flying adds nothing anywhere; only the whole game is ranked or unlocks; every pause
/// menu can be left both ways; a replay's past cannot be changed; only a replay and the
/// title's demo refuse the `--record` file, and only the demo ends on any key.
#[test]
fn the_rules_table_holds_for_every_kind() {
    for kind in RunKind::ALL {
        let r = kind.rules();
        let own_flying = !matches!(kind, RunKind::Replay | RunKind::Demo | RunKind::Attract);
        // A replay cannot start at a boss's phase: a phase played alone offers none.
        let from_a_phase = kind == RunKind::Attack;
        assert_eq!(r.offers_replay, own_flying && !from_a_phase, "{kind:?}");
        assert_eq!(r.meets_attacks, own_flying, "{kind:?}");
        assert_eq!(r.attack_record, from_a_phase, "{kind:?}");
        assert_eq!(r.record != Record::Nothing, own_flying, "{kind:?}");
        assert_eq!(r.high_scores, kind == RunKind::Arcade, "{kind:?}");
        assert_eq!(r.high_scores, kind.unranked_because().is_none(), "{kind:?}");
        assert_eq!(r.unlocks, kind == RunKind::Arcade, "{kind:?}");
        assert_eq!(r.practice_bests, kind == RunKind::Practice, "{kind:?}");
        // The command line's `--record` file: any run asked for, the autopilot's too.
        assert_eq!(
            r.takes_record_file,
            !matches!(kind, RunKind::Replay | RunKind::Attract),
            "{kind:?}"
        );
        assert_eq!(r.ends_on_any_input, kind == RunKind::Attract, "{kind:?}");
        assert_eq!(r.pause.first(), Some(&PauseRow::Resume), "{kind:?}");
        assert_eq!(r.pause.last(), Some(&PauseRow::Quit), "{kind:?}");
        assert!(r.tools.timing, "{kind:?}: pause and step are always there");
        assert_eq!(r.tools.past, own_flying, "{kind:?}");
        assert_eq!(
            r.pause.contains(&PauseRow::RestartReplay),
            kind == RunKind::Replay,
            "{kind:?}"
        );
        assert_ne!(
            r.pause.contains(&PauseRow::RestartStage),
            r.pause.contains(&PauseRow::RestartReplay),
            "{kind:?}: one way to start again"
        );
        if r.shows_timeline {
            assert!(r.tools.past, "{kind:?}: a timeline to jump along");
        }
    }
    // A replay's pause menu is its own: none of the game in play's rows but RESUME and QUIT.
    assert_eq!(
        RunKind::Replay.rules().pause,
        [
            PauseRow::Resume,
            PauseRow::RestartReplay,
            PauseRow::ReplaySpeed,
            PauseRow::Quit
        ]
    );
    for kind in RunKind::ALL.into_iter().filter(|k| *k != RunKind::Replay) {
        assert!(
            !kind.rules().pause.contains(&PauseRow::ReplaySpeed),
            "{kind:?}"
        );
    }
}
