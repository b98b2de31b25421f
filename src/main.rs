//! The SkySweep binary: parses the command line, then plays in a window, runs the simulation
//! headless (`sim`, `soak`), or checks level files (`check`).

mod app;
mod balance;
mod check_cmd;
mod cli;
mod keys;
mod lab;
mod out;
mod render;
mod setup;
mod soak_cmd;
mod verify_cmd;

use std::process::ExitCode;

use cli::{Cli, Command};
use out::outln;
use skysweep::sim::summary::{self, RunOptions};

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    match cli.command {
        Some(Command::Sim {
            ref run,
            frames,
            all,
        }) => sim(run, frames, all),
        Some(Command::Balance { json, ref stages }) => balance(json, stages),
        Some(Command::Check { ref files, format }) => check_cmd::run(files, format),
        Some(Command::Verify { ref files, json }) => verify_cmd::run(files, json),
        Some(Command::Lab(ref args)) => lab::run(args.clone()),
        Some(Command::Soak {
            minutes,
            seconds,
            seed,
        }) => soak_cmd::run(minutes, seconds, seed),
        None => app::play(cli),
    }
}

/// `skysweep sim`: the same simulation as the game, with no window, as fast as it can.
/// With `all`, the whole run: every shipped stage in the run's order.
fn sim(run: &cli::RunArgs, frames: Option<u64>, all: bool) -> ExitCode {
    let prepared = if all {
        setup::prepare_all(run).map(|(setup, levels)| (setup, Some(levels)))
    } else {
        setup::prepare(run).map(|setup| (setup, None))
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
        autoplay: run.autoplay,
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

/// `skysweep balance`: the pilots against every stage boss, and each stage's pacing.
fn balance(json: bool, stages: &[std::path::PathBuf]) -> ExitCode {
    let levels = match balance::load_stages(stages) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("skysweep balance: {e}");
            return ExitCode::from(2);
        }
    };
    // Many independent runs: one thread per core.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let report = balance::measure(&levels, threads);
    if !json {
        outln!("{}", balance::table(&report).trim_end());
        return ExitCode::SUCCESS;
    }
    match serde_json::to_string_pretty(&report) {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("skysweep balance: cannot write the report: {e}");
            ExitCode::from(1)
        }
    }
}
