//! `skysweep sim`: the simulation headless, printing its JSON summary.

use std::process::ExitCode;

use super::args::{PlanDefaults, RunArgs};
use super::summary::{self, RunOptions};
use crate::outln;
use crate::run::{self, Shipped, Stages};

/// `skysweep sim`: the same simulation as the game, with no window, as fast as it can.
/// With `all`, the whole run: every shipped stage in the run's order.
pub fn run(run: &RunArgs, frames: Option<u64>, all: bool) -> ExitCode {
    let shipped = Shipped::find();
    let mut plan = run.plan(PlanDefaults::headless(&shipped));
    if all {
        plan.stages = Stages::Campaign;
    }
    // A replay plays every stage it recorded; `--all` every shipped stage; otherwise the run
    // is the one stage it was given.
    let prepared = run::prepare(&plan, &shipped).and_then(|setup| {
        let levels = match all || setup.replay.is_some() {
            true => setup.load_all(&shipped)?,
            false => vec![setup.level.clone()],
        };
        Ok((setup, levels))
    });
    let (setup, levels) = match prepared {
        Ok(s) => s,
        Err(e) => {
            eprintln!("skysweep sim: {e}");
            return ExitCode::from(2);
        }
    };
    let replay_len = setup.replay.as_ref().map(|r| r.len() as u64);
    let opts = RunOptions {
        // The default allows each stage of the run its own ten minutes.
        frames: frames
            .or(replay_len)
            .unwrap_or(summary::DEFAULT_MAX_FRAMES * levels.len() as u64),
        autoplay: setup.bot,
        replay: setup.replay,
        record: run.record.is_some(),
    };
    let (summary, recorded) = summary::run(&levels, setup.config, opts);
    if let (Some(path), Some(replay)) = (&run.record, recorded) {
        if let Err(e) = replay.save(path) {
            eprintln!("skysweep sim: cannot write replay {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    match serde_json::to_string_pretty(&summary) {
        Ok(json) => {
            outln!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("skysweep sim: cannot write the summary: {e}");
            ExitCode::from(1)
        }
    }
}
