//! Every kind of run, walked against every rule of the table as the game applies it: the
//! replay offer, high scores, practice bests, the player's record, unlocks, the pause menu
//! and the practice tools.

use skysweep::run::{prepare, PauseRow, Record, RunKind, RunPlan, Shipped, Stages};
use skysweep::sim::replay::Replay;
use skysweep::sim::{Input, Skill, World};

use super::Session;
use crate::app::practice::results::sets_best;
use crate::app::practice::results_card::Ending;
use crate::app::practice::tools::{Practice, ToolKeys};
use crate::app::scenes::stage_play::unranked;

/// A session of `kind` on the whole game (or, for a replay, on a recording of its first
/// stage), as the screens that start each kind build it.
fn session_of(kind: RunKind, shipped: &Shipped) -> Session {
    let mut plan = RunPlan::new(kind, Stages::Campaign);
    if matches!(kind, RunKind::Demo | RunKind::Attract) {
        plan.bot = Some(Skill::Expert);
    }
    let run = Session::new(prepare(&plan, shipped).expect("the shipped game"), shipped);
    if kind != RunKind::Replay {
        return run;
    }
    let (path, level) = (run.stages[0].clone(), run.levels[&run.stages[0]].clone());
    let mut replay = Replay::for_run(&level, run.base());
    replay.stages[0].level = path.display().to_string();
    Session::watching(replay, vec![level], 0, Vec::new(), shipped)
}

#[test]
fn every_kind_of_run_follows_its_rules() {
    let shipped = Shipped::find();
    for kind in RunKind::ALL {
        let rules = kind.rules();
        let mut run = session_of(kind, &shipped);
        assert_eq!(run.kind(), kind);

        // The replay offer: a run that offers one leaves its recording when it ends.
        let (_, level) = run.level(0).unwrap();
        let config = run.base().clone();
        run.begin_recording(&level, &config);
        let mut world = World::new(level, config);
        world.step(&[Input::default()]);
        run.record(&[Input::default()], &world);
        let finished = run.finish();
        assert_eq!(finished.replay.is_some(), rules.offers_replay, "{kind:?}");

        // High scores: the kind first; a run that could not die or used a tool never ranks.
        assert_eq!(
            unranked(kind, false, false).is_none(),
            rules.high_scores,
            "{kind:?}"
        );
        assert!(
            unranked(kind, true, false).is_some(),
            "{kind:?}: invincible"
        );
        assert!(
            unranked(kind, false, true).is_some(),
            "{kind:?}: a tool used"
        );

        // Practice bests: only a kind that keeps them, and only a mortal, finished result.
        let run = session_of(kind, &shipped);
        let keeps = |ending, invincible| rules.practice_bests && sets_best(ending, invincible);
        assert_eq!(
            keeps(Ending::Played, false),
            kind == RunKind::Practice,
            "{kind:?}"
        );
        assert!(
            !keeps(Ending::Played, true),
            "{kind:?}: invincible sets no best"
        );
        assert!(
            !keeps(Ending::Left, false),
            "{kind:?}: a run left is no result"
        );

        // The player's record and unlocks: the whole game unlocks; nobody's flying adds
        // nothing (the record's own test walks what each rule adds).
        assert_eq!(run.reaches_stages(), kind == RunKind::Arcade, "{kind:?}");
        let own = !matches!(kind, RunKind::Replay | RunKind::Demo | RunKind::Attract);
        assert_eq!(rules.record != Record::Nothing, own, "{kind:?}");

        // The pause menu: resumed and left both ways, restarted one way.
        assert_eq!(rules.pause.first(), Some(&PauseRow::Resume), "{kind:?}");
        assert_eq!(rules.pause.last(), Some(&PauseRow::Quit), "{kind:?}");

        // The practice tools: every key pressed, only the allowed ones act.
        let mut tools = Practice::new(rules.tools);
        let every_key = ToolKeys {
            slow: true,
            freeze: true,
            step: true,
            rewind: true,
            previous_marker: false,
            next_marker: true,
        };
        let jump = tools.apply(every_key);
        assert_eq!(
            tools.used(),
            rules.tools.timing || rules.tools.past,
            "{kind:?}"
        );
        assert_eq!(tools.changed_past(), rules.tools.past, "{kind:?}");
        assert_eq!(jump.is_some(), rules.tools.past, "{kind:?}");
    }
}

/// The command line's `--record` file goes to the first run someone asked for, and is
/// written whether or not its kind offers a replay (the autopilot's run records too); a
/// replay played back and the title's demo never take it.
#[test]
fn only_a_kind_that_takes_the_record_file_is_given_it() {
    let shipped = Shipped::find();
    for kind in RunKind::ALL {
        let run = session_of(kind, &shipped);
        assert_eq!(
            run.takes_record_file(),
            kind.rules().takes_record_file,
            "{kind:?}"
        );
        assert_eq!(
            run.takes_record_file(),
            !matches!(kind, RunKind::Replay | RunKind::Attract),
            "{kind:?}"
        );
        if !run.takes_record_file() {
            continue;
        }
        // As the router hands it on; nothing is written before the stage's first save.
        let path = std::env::temp_dir().join("skysweep-takes-record-file.ron");
        let mut run = run.recording_to(Some(path));
        let (_, level) = run.level(0).unwrap();
        let config = run.base().clone();
        run.begin_recording(&level, &config);
        assert!(run.is_recording(), "{kind:?}");
    }
}

/// Issue #41: practice swapped the game's run out and relied on the title to put it back. A
/// session is a value: the next run is a new one, and a practice run never becomes the game.
#[test]
fn a_new_run_is_a_new_session() {
    let shipped = Shipped::find();
    let practice = session_of(RunKind::Practice, &shipped);
    let arcade = session_of(RunKind::Arcade, &shipped);
    assert!(practice.practice.is_none() && !practice.reaches_stages());
    assert!(arcade.is_campaign() && arcade.reaches_stages());
    assert_eq!(arcade.stage_count(), shipped.stages().unwrap().len());
}

/// Issue #18: a long game's memory rose at every stage change, one reason being that every
/// stage played stayed loaded. The whole game holds the stage in play only; an author's run
/// keeps what it was given.
#[test]
fn the_whole_game_holds_only_the_stage_in_play() {
    let shipped = Shipped::find();
    let mut run = session_of(RunKind::Arcade, &shipped);
    let (first, _) = run.level(0).unwrap();
    assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&first]);
    let (second, _) = run.level(1).unwrap();
    assert_ne!(first, second);
    assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&second]);
    // Round again: the first stage is read afresh, the second let go.
    run.level(0).unwrap();
    assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&first]);

    let replay = session_of(RunKind::Replay, &shipped);
    let mut kept = replay;
    kept.level(0).unwrap();
    assert_eq!(kept.levels.len(), 1);
    assert!(!kept.is_campaign());
}

/// Issue #31: the Extra stage is played alone, never a campaign stage, and it unlocks
/// nothing; the next new game is the six stages again.
#[test]
fn the_extra_stage_is_played_alone() {
    let shipped = Shipped::find();
    let extra = shipped.extra_stage().expect("stage7.ron");
    let plan = RunPlan::new(RunKind::Extra, Stages::One(extra.clone()));
    let mut run = Session::new(prepare(&plan, &shipped).unwrap(), &shipped);
    assert!(!run.is_campaign() && !run.reaches_stages());
    assert_eq!(run.level(0).unwrap().0, extra);
    assert_eq!(run.stage_count(), 1);
    let game = session_of(RunKind::Arcade, &shipped);
    assert!(!game.stages.contains(&extra));
    assert_eq!(game.stage_count(), 6);
}
