//! The SkySweep binary: parses the command line, then plays in a window, runs the simulation
//! headless (`sim`), or checks level files (`check`).

mod app;
mod balance;
mod cli;
mod lab;
mod render;
mod setup;

use std::process::ExitCode;

use cli::{Cli, Command};
use skysweep::level::check::{check_file, Checked};
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
        Some(Command::Check { ref files }) => check(files),
        Some(Command::Lab(ref args)) => lab::run(args.clone()),
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
        Ok(json) => print_out("sim", &json),
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
        return print_out("balance", balance::table(&report).trim_end());
    }
    match serde_json::to_string_pretty(&report) {
        Ok(text) => print_out("balance", &text),
        Err(e) => {
            eprintln!("skysweep balance: cannot write the report: {e}");
            ExitCode::from(1)
        }
    }
}

/// Prints `text` and a newline on standard output. A reader that stopped reading (`| head`)
/// is not an error worth a panic: the output is simply cut short.
fn print_out(command: &str, text: &str) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("skysweep {command}: cannot write the output: {e}");
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
                println!("ok    {}: stage \"{name}\", {events} events", f.display())
            }
            Ok(Checked::Defs { patterns, enemies }) => println!(
                "ok    {}: {patterns} patterns, {enemies} enemy types",
                f.display()
            ),
            Err(e) => {
                bad += 1;
                for d in &e.diagnostics {
                    println!("error {d}");
                }
            }
        }
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    println!(
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
