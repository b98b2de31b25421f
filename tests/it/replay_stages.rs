//! Recording a run across stages and playing it back headless: the carry between stages comes
//! from the simulation, so replaying each stage's inputs must end every stage as it ended live.

use std::sync::Arc;

use skysweep::headless::summary::{self, RunOptions};
use skysweep::level::Level;
use skysweep::sim::replay::Replay;
use skysweep::sim::{Character, WorldConfig};
use skysweep::testkit::scenario;

/// A short stage with a few drones for the pilot to shoot: it clears after `length_s` seconds
/// plus the tally, so a run of two takes a few hundred steps.
fn short_stage(name: &str, length_s: u32, x: u32) -> Arc<Level> {
    scenario::level(&format!(
        r#"Stage(name: "{name}", length_s: {length_s}, scroll_speed: 20, uses: ["defs"], events: [
            Spawn(at: 0.5, enemy: "drone", x: {x}, y: 60, count: 4, spacing_s: 0.4),
            Spawn(at: 1.5, enemy: "tank", x: 80, count: 2, spacing_s: 0.5),
        ])"#
    ))
    .expect("a valid scenario stage")
}

fn live(levels: &[Arc<Level>], config: WorldConfig) -> (summary::Summary, Replay) {
    let (s, rec) = summary::run(
        levels,
        config,
        RunOptions {
            frames: 20_000,
            autoplay: Some(skysweep::sim::Skill::Expert),
            replay: None,
            record: true,
        },
    );
    (s, rec.expect("a recording was asked for"))
}

fn replayed(levels: &[Arc<Level>], config: WorldConfig, replay: Replay) -> summary::Summary {
    let frames = replay.len() as u64;
    summary::run(
        levels,
        config,
        RunOptions {
            frames,
            autoplay: None,
            replay: Some(replay),
            record: false,
        },
    )
    .0
}

/// What the replay itself sets up (see `setup::prepare`), so nothing of the live run leaks in.
fn config_of(r: &Replay) -> WorldConfig {
    WorldConfig {
        seed: r.seed,
        characters: r.characters.clone(),
        difficulty: r.difficulty,
        invincible: r.invincible,
        start_at: r.stages[0].start_at,
        start_power: r.start_power,
        loop_index: r.stages[0].loop_index,
        ..WorldConfig::default()
    }
}

#[test]
fn a_two_stage_run_replays_stage_by_stage_through_ron() {
    let levels = [short_stage("One", 4, 112), short_stage("Two", 3, 60)];
    let config = WorldConfig {
        seed: 21,
        characters: vec![Character::Brass],
        start_at: 0.5,
        ..WorldConfig::default()
    };
    let (run, recording) = live(&levels, config);
    assert_eq!(run.stages.len(), 2, "{run:?}");
    assert!(run.stages[0].cleared && run.stages[1].cleared, "{run:?}");
    assert!(
        run.stages[1].score > run.stages[0].score,
        "stage 2 starts from stage 1's score and adds to it: {run:?}"
    );
    assert!(run.kills.air > 0, "the pilot shot something down");
    assert_eq!(recording.stages.len(), 2);
    assert_eq!(recording.stages[0].start_at, 0.5);
    assert_eq!(recording.stages[1].start_at, 0.0, "later stages start at 0");
    assert_eq!(
        recording.stages[1].len() as u64,
        run.stages[1].frames,
        "stage 2's inputs are stage 2's steps"
    );

    let text = recording.to_ron();
    let loaded = Replay::from_ron("run.ron", &text).expect("the recording reads back");
    assert_eq!(loaded, recording);
    for (i, l) in levels.iter().enumerate() {
        loaded.check_level("run.ron", i, l).unwrap();
    }

    let again = replayed(&levels, config_of(&loaded), loaded);
    assert_eq!(again.stages.len(), 2);
    for (live, back) in run.stages.iter().zip(&again.stages) {
        assert_eq!(
            (live.frames, live.score, &live.state_hash, live.cleared),
            (back.frames, back.score, &back.state_hash, back.cleared),
            "stage {} replays as it was played",
            live.stage
        );
    }
    assert_eq!(
        (again.score, &again.state_hash),
        (run.score, &run.state_hash)
    );
    assert_eq!(again.frames, run.frames);
}

#[test]
fn a_replay_on_a_changed_second_stage_is_refused_naming_it() {
    let levels = [short_stage("One", 2, 112), short_stage("Two", 2, 60)];
    let (_, recording) = live(&levels, WorldConfig::default());
    let changed = short_stage("Two", 3, 60);
    let err = recording
        .check_level("run.ron", 1, &changed)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(
            "run.ron: stage 2 of this replay was recorded on a different version of scenario.ron"
        ),
        "{err}"
    );
    assert!(recording.check_level("run.ron", 0, &levels[0]).is_ok());
}

#[test]
fn a_replay_stops_after_its_last_recorded_stage() {
    let levels = [short_stage("One", 2, 112), short_stage("Two", 2, 60)];
    let (one, recording) = live(&levels[..1], WorldConfig::default());
    assert_eq!(recording.stages.len(), 1);
    // Given more levels than it recorded, it plays only its own.
    let back = replayed(&levels, config_of(&recording), recording);
    assert_eq!(back.stages.len(), 1);
    assert_eq!(back.state_hash, one.state_hash);
}
