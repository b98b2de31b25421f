//! The SkySweep binary: parses the command line, then plays in a window, runs the simulation
//! headless (`sim`), or checks level files (`check`).

mod app;
mod cli;
mod out;
mod render;
mod setup;

use std::process::ExitCode;

use cli::{Cli, Command};
use out::outln;
use skysweep::level::check::{check_file, Checked};
use skysweep::sim::summary::{self, RunOptions};

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    match cli.command {
        Some(Command::Sim { ref run, frames }) => sim(run, frames),
        Some(Command::Check { ref files }) => check(files),
        None => app::play(cli),
    }
}

/// `skysweep sim`: the same simulation as the game, with no window, as fast as it can.
fn sim(run: &cli::RunArgs, frames: Option<u64>) -> ExitCode {
    let setup = match setup::prepare(run) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("skysweep sim: {e}");
            return ExitCode::from(2);
        }
    };
    let replay_len = setup.replay.as_ref().map(|r| r.len() as u64);
    let opts = RunOptions {
        frames: frames.or(replay_len).unwrap_or(summary::DEFAULT_MAX_FRAMES),
        autoplay: run.autoplay,
        replay: setup.replay,
        record: run.record.is_some(),
    };
    // A replay plays every stage it recorded; a live run plays the one stage it was given.
    let levels: Vec<_> = if setup.replay_stages.is_empty() {
        vec![setup.level]
    } else {
        setup.replay_stages.into_iter().map(|(_, l)| l).collect()
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

/// `skysweep check`: validates files and prints every error; exit 1 when any is invalid.
fn check(files: &[std::path::PathBuf]) -> ExitCode {
    let files = if files.is_empty() {
        let dir = setup::find_data("levels");
        let mut found: Vec<_> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .collect()
            })
            .unwrap_or_default();
        found.sort();
        if found.is_empty() {
            eprintln!("skysweep check: no .ron files in {}", dir.display());
            return ExitCode::from(1);
        }
        found
    } else {
        files.to_vec()
    };
    let mut bad = 0;
    for f in &files {
        match check_file(f) {
            Ok(Checked::Stage { name, events }) => {
                outln!("ok    {}: stage \"{name}\", {events} events", f.display())
            }
            Ok(Checked::Defs { patterns, enemies }) => outln!(
                "ok    {}: {patterns} patterns, {enemies} enemy types",
                f.display()
            ),
            Err(e) => {
                bad += 1;
                for d in &e.diagnostics {
                    outln!("error {d}");
                }
            }
        }
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    outln!(
        "{} checked, {} with errors",
        plural(files.len(), "file"),
        bad
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
