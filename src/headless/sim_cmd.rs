//! `skysweep sim`: the simulation headless, printing its JSON summary.

use std::process::ExitCode;

use super::args::RunArgs;
use super::run_setup;
use super::summary::{self, RunOptions};
use crate::outln;

/// `skysweep sim`: the same simulation as the game, with no window, as fast as it can.
/// With `all`, the whole run: every shipped stage in the run's order.
pub fn run(run: &RunArgs, frames: Option<u64>, all: bool) -> ExitCode {
    let prepared = if all {
        run_setup::prepare_all(run).map(|(setup, levels)| (setup, Some(levels)))
    } else {
        run_setup::prepare(run).map(|setup| (setup, None))
    };
    let (setup, all_levels) = match prepared {
        Ok(s) => s,
        Err(e) => {
            eprintln!("skysweep sim: {e}");
            return ExitCode::from(2);
        }
    };
    // A replay plays every stage it recorded; `--all` every shipped stage; otherwise the run
    // is the one stage it was given.
    let levels: Vec<_> = match all_levels {
        Some(levels) => levels,
        None if setup.replay_stages.is_empty() => vec![setup.level],
        None => setup.replay_stages.into_iter().map(|(_, l)| l).collect(),
    };
    let replay_len = setup.replay.as_ref().map(|r| r.len() as u64);
    let opts = RunOptions {
        // The default allows each stage of the run its own ten minutes.
        frames: frames
            .or(replay_len)
            .unwrap_or(summary::DEFAULT_MAX_FRAMES * levels.len() as u64),
        autoplay: run.pilot(),
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
