//! `skysweep soak`: random and autoplayed runs, headless, for as long as it is given.
//!
//! Each run is drawn at random ([`plan::Plan`]): any stage, pilot, difficulty and loop, one or
//! two players, each flown by the autoplay bot or by random inputs. It is played while its
//! inputs are recorded; the recording is saved as a version-3 replay file, loaded back, and
//! played again, which must pass every checkpoint and end on the same hashes (determinism). Then a mutated copy of its
//! stage is hot-reloaded ([`mutate`]): a refusal must be a clear error, and a stage that loads
//! must play, twice, to the same hash. A panic anywhere in a run is caught and counted, and
//! the soak goes on with the next run. The summary ([`SoakSummary`]) says how it went.
//!
//! Here: the soak and its runs (this file), a run drawn ([`plan`]), a stage mutated
//! ([`mutate`]). May import the runner (`headless::summary`), `sim`, `level` and `platform`;
//! `skysweep soak`'s command is `headless::soak_cmd`.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use oorandom::Rand64;
use serde::Serialize;

use crate::headless::summary::{self, RunOptions, Summary};
use crate::level::{Catalog, Level};
use crate::sim::replay::Replay;

pub mod mutate;
pub mod plan;

use mutate::{Reloaded, Scratch, Watched};
use plan::{Pilot, Plan};

/// Every how many runs a reload goes through the game's file watcher as well (a watched
/// reload waits for the watcher's debounce, a fifth of a second at least).
const WATCH_EVERY: u64 = 10;
/// Steps a reloaded stage plays, from where the game would restart it.
const RELOAD_STEPS: u64 = 1_200;
/// Failures described in the summary at most; the counts go on past it.
const MAX_FAILURES: usize = 20;

/// What a soak plays with.
pub struct SoakOptions {
    /// How long to start new runs for; the run under way when it is up is finished.
    pub duration: Duration,
    /// Seed of the soak's own choices; the same seed draws the same runs.
    pub seed: u64,
    /// The shipped stages, `(file name, level)`, in stage order.
    pub stages: Vec<(String, Arc<Level>)>,
    /// The folder the stages come from, copied for the mutated saves.
    pub levels_dir: PathBuf,
    /// The assets levels are checked against.
    pub catalog: Catalog,
}

/// The soak's report, printed as JSON.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SoakSummary {
    pub seed: u64,
    pub seconds: f64,
    pub runs: u64,
    /// Runs that panicked (caught; the soak went on).
    pub panics: u64,
    /// Runs whose second play did not end as the first: a different hash, step count or
    /// stage, or a recording that did not read back.
    pub mismatches: u64,
    /// Reloads refused without a clear error, or handed over differently by the watcher.
    pub reload_problems: u64,
    /// Simulation steps played, replays and reloads included.
    pub steps: u64,
    /// Stages played (a run of several stages counts each).
    pub stages_played: u64,
    /// Recordings saved as replay files, loaded back and played again.
    pub replays: u64,
    /// Checkpoints of those replays compared while they played again (all matched, unless a
    /// mismatch says otherwise).
    pub checkpoints: u64,
    pub reloads: Reloads,
    /// The largest resident set the process had, KiB (0 where it cannot be read).
    pub max_rss_kib: u64,
    /// Resident set after the first run and at the end, KiB, each taken once the run's freed
    /// memory has gone back to the system: a steady soak keeps them close.
    pub rss_kib_after_first_run: u64,
    pub rss_kib_at_end: u64,
    /// Runs started on each stage, with each pilot, difficulty, loop (1 is the first), player
    /// count and kind of hands.
    pub coverage: BTreeMap<String, BTreeMap<String, u64>>,
    /// The first few failures, each with the plan that reproduces it.
    pub failures: Vec<String>,
}

/// How the hot reloads of mutated stages went.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Reloads {
    /// Loaded, and then played twice to the same hash.
    pub accepted: u64,
    /// Refused with a clear error.
    pub refused: u64,
    /// Also sent through the game's file watcher, which agreed.
    pub watched: u64,
    /// Sent through the watcher, which said nothing within its time (late file events).
    pub watch_silent: u64,
}

impl SoakSummary {
    /// Whether anything failed: a panic, a mismatch or a reload problem.
    pub fn failed(&self) -> bool {
        self.panics + self.mismatches + self.reload_problems > 0
    }

    fn note(&mut self, what: String) {
        if self.failures.len() < MAX_FAILURES {
            self.failures.push(what);
        }
    }

    fn count(&mut self, table: &str, key: &str) {
        *self
            .coverage
            .entry(table.into())
            .or_default()
            .entry(key.into())
            .or_default() += 1;
    }
}

/// Soaks until `opts.duration` is up and returns the summary. Never panics itself: every run
/// is played under `catch_unwind`.
pub fn soak(opts: &SoakOptions) -> SoakSummary {
    let scratch = Scratch::new(&opts.levels_dir);
    let starts: Vec<(f32, Vec<f32>)> = opts
        .stages
        .iter()
        .map(|(_, l)| (l.length_s, l.markers.values().copied().collect()))
        .collect();
    drive(opts.duration, 1, opts.seed, |rng, sum| {
        let plan = Plan::draw(rng, &starts);
        let reload_seed = rng.rand_u64();
        note_coverage(sum, &plan, &opts.stages);
        let levels: Vec<Arc<Level>> = (0..plan.stages)
            .map(|i| {
                opts.stages[(plan.first_stage + i) % opts.stages.len()]
                    .1
                    .clone()
            })
            .collect();
        let replay_file = scratch.as_ref().ok().map(Scratch::replay_file);
        if let Err(what) = play_twice(&levels, &plan, replay_file.as_deref(), sum) {
            sum.mismatches += 1;
            sum.note(format!("mismatch: {what}; plan {plan:?}"));
        }
        match &scratch {
            Ok(scratch) => {
                let watch = sum.runs % WATCH_EVERY == 0;
                if let Err(what) = reload(scratch, opts, &plan, reload_seed, watch, sum) {
                    sum.reload_problems += 1;
                    sum.note(format!(
                        "reload: {what}; plan {plan:?}, reload seed {reload_seed}"
                    ));
                }
            }
            Err(e) if sum.runs == 0 => sum.note(format!("no hot reloads: {e}")),
            Err(_) => {}
        }
    })
}

/// The soak's loop: `one_run` over and over under `catch_unwind` until `duration` is up and
/// at least `min_runs` have run, with the runs, panics, memory and time filled in around it.
fn drive(
    duration: Duration,
    min_runs: u64,
    seed: u64,
    mut one_run: impl FnMut(&mut Rand64, &mut SoakSummary),
) -> SoakSummary {
    let start = Instant::now();
    let mut rng = Rand64::new(u128::from(seed));
    let mut sum = SoakSummary {
        seed,
        ..SoakSummary::default()
    };
    loop {
        // The run draws from its own generator, so a panic part-way leaves the soak's intact.
        let mut run_rng = Rand64::new(u128::from(rng.rand_u64()));
        let caught = catch_unwind(AssertUnwindSafe(|| one_run(&mut run_rng, &mut sum)));
        if let Err(payload) = caught {
            sum.panics += 1;
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".into());
            sum.note(format!("panic in run {}: {what}", sum.runs + 1));
        }
        sum.runs += 1;
        // What a run freed goes back to the system, so the resident set measured after a run
        // is what the soak still holds, not the allocator's high water: a leak shows as growth.
        crate::platform::memory::give_back_free_memory();
        if sum.runs == 1 {
            sum.rss_kib_after_first_run = crate::platform::memory::rss_kib().unwrap_or(0);
        }
        if start.elapsed() >= duration && sum.runs >= min_runs {
            break;
        }
    }
    sum.seconds = start.elapsed().as_secs_f64();
    sum.rss_kib_at_end = crate::platform::memory::rss_kib().unwrap_or(0);
    sum.max_rss_kib = crate::platform::memory::peak_rss_kib().unwrap_or(0);
    sum
}

fn note_coverage(sum: &mut SoakSummary, plan: &Plan, stages: &[(String, Arc<Level>)]) {
    sum.count("stage", &stages[plan.first_stage].0);
    let c = &plan.config;
    for pilot in &c.characters {
        sum.count("pilot", pilot.name());
    }
    sum.count("difficulty", c.difficulty.name());
    sum.count("loop", &(c.loop_index + 1).to_string());
    sum.count("players", &c.characters.len().to_string());
    for p in &plan.pilots {
        sum.count("hands", if *p == Pilot::Bot { "bot" } else { "random" });
    }
}

/// Plays `plan` on `levels` while recording it, then plays the recording, saved to
/// `replay_file` and loaded back (or, with no file, written as text and read back), checking
/// its checkpoints, and compares the two. `Err` says how they differ.
fn play_twice(
    levels: &[Arc<Level>],
    plan: &Plan,
    replay_file: Option<&Path>,
    sum: &mut SoakSummary,
) -> Result<(), String> {
    let mut hands = plan.hands();
    let opts = RunOptions {
        frames: plan.frames,
        autoplay: None,
        replay: None,
        record: true,
    };
    let (first, recording) =
        summary::run_driven(levels, plan.config.clone(), opts, |w, i| hands.decide(w, i));
    sum.steps += first.frames;
    sum.stages_played += first.stages.len() as u64;
    let recording = recording.ok_or("the run recorded nothing")?;
    let replay = match replay_file {
        Some(path) => recording
            .save(path)
            .map_err(|e| e.to_string())
            .and_then(|()| Replay::load(path).map_err(|e| e.to_string())),
        None => Replay::from_ron("soak.ron", &recording.to_ron()).map_err(|e| e.to_string()),
    }
    .map_err(|e| format!("the recording does not read back: {e}"))?;
    if replay != recording {
        return Err("the recording read back differs from the one saved".into());
    }
    let checkpoints: usize = replay.stages.iter().map(|s| s.checkpoints.len()).sum();
    let opts = RunOptions {
        frames: first.frames,
        autoplay: None,
        replay: Some(replay),
        record: false,
    };
    let (second, _) = summary::run(levels, plan.config.clone(), opts);
    sum.steps += second.frames;
    sum.replays += 1;
    if let Some(d) = &second.desync {
        return Err(format!("the replay desynced: {d}"));
    }
    sum.checkpoints += checkpoints as u64;
    same_run(&first, &second)
}

/// Whether two plays of one run ended alike, stage by stage.
fn same_run(a: &Summary, b: &Summary) -> Result<(), String> {
    let ends = |s: &Summary| -> Vec<(String, u64, String)> {
        s.stages
            .iter()
            .map(|r| (r.stage.clone(), r.frames, r.state_hash.clone()))
            .collect()
    };
    if (a.frames, &a.state_hash, ends(a)) == (b.frames, &b.state_hash, ends(b)) {
        Ok(())
    } else {
        Err(format!(
            "played {} steps to {} {:?}, then {} steps to {} {:?}",
            a.frames,
            a.state_hash,
            ends(a),
            b.frames,
            b.state_hash,
            ends(b)
        ))
    }
}

/// Saves a mutated copy of the plan's first stage and reloads it; a stage that loads plays
/// twice from where the game would restart it (the last marker at or before the plan's
/// start), to the same hash.
fn reload(
    scratch: &Scratch,
    opts: &SoakOptions,
    plan: &Plan,
    seed: u64,
    watch: bool,
    sum: &mut SoakSummary,
) -> Result<(), String> {
    let (name, level) = &opts.stages[plan.first_stage];
    let original = crate::platform::fileio::read_text(
        &opts.levels_dir.join(name),
        crate::level::limits::MAX_FILE_BYTES as u64,
    )
    .map_err(|e| format!("{name}: {e}"))?;
    let mut rng = Rand64::new(u128::from(seed));
    let text = mutate::mutate(&original, &mut rng);
    let (reloaded, watched) = scratch.reload(name, &original, &text, &opts.catalog, watch)?;
    match watched {
        Watched::No => {}
        Watched::Agreed => sum.reloads.watched += 1,
        Watched::Silent => sum.reloads.watch_silent += 1,
    }
    let Reloaded::Accepted(mutated) = reloaded else {
        sum.reloads.refused += 1;
        return Ok(());
    };
    let start_at = mutated
        .markers
        .values()
        .copied()
        .filter(|t| *t <= plan.config.start_at.min(level.length_s))
        .fold(0.0, f32::max)
        .min(mutated.length_s);
    let mut replan = plan.clone();
    replan.stages = 1;
    replan.config.start_at = start_at;
    replan.frames = plan.frames.min(RELOAD_STEPS);
    play_twice(&[mutated], &replan, Some(&scratch.replay_file()), sum)
        .map_err(|e| format!("a mutated stage that loaded: {e}"))?;
    sum.reloads.accepted += 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_run_is_counted_and_the_soak_goes_on() {
        let mut calls = 0;
        let sum = drive(Duration::from_millis(50), 3, 3, |_, _| {
            calls += 1;
            if calls == 2 {
                panic!("the second run breaks");
            }
        });
        assert!(sum.runs >= 3, "{} runs", sum.runs);
        assert_eq!(sum.panics, 1);
        assert!(sum.failed());
        assert!(
            sum.failures[0].contains("the second run breaks"),
            "{:?}",
            sum.failures
        );
        assert!(sum.seconds >= 0.05);
    }

    #[test]
    fn at_least_one_run_however_short_the_time() {
        let sum = drive(Duration::ZERO, 1, 1, |_, _| {});
        assert_eq!(sum.runs, 1);
        assert!(!sum.failed());
    }

    #[test]
    fn two_plays_that_differ_are_a_mismatch() {
        let a = Summary {
            frames: 10,
            state_hash: "00000000000000aa".into(),
            ..Summary::default()
        };
        assert!(same_run(&a, &a.clone()).is_ok());
        let b = Summary {
            state_hash: "00000000000000bb".into(),
            ..a.clone()
        };
        assert!(same_run(&a, &b).is_err());
    }
}
