//! The SkySweep binary: parses the command line ([`cli`]), then plays in a window ([`app`]),
//! opens the collision lab ([`lab`]), or runs a command with no window from the library's
//! `headless` (`sim`, `balance`, `check`, `soak`, `verify`).
//!
//! Its modules, top down, each importing only modules below it and the library: `main`; `app`
//! (the window's game, launched from the command line's options); `cli`; `lab` (the collision
//! lab, whose options are `cli`'s `lab` command's); `render` (drawing); `window` (display,
//! sound device, frame timing), which imports the library alone.

mod app;
mod cli;
mod lab;
mod render;
mod window;

use std::process::ExitCode;

use cli::{Cli, Command};
use skysweep::headless::args::Deny;
use skysweep::headless::{balance, check_cmd, sim_cmd, soak_cmd, verify_cmd};

/// `skysweep verify` with no files or `--scores`: every high score's replay, marked, then
/// `files`. The table is read as it is: a damaged one is said, not moved aside.
fn verify_scores(files: &[std::path::PathBuf], json: bool) -> ExitCode {
    use skysweep::save::score_replays;
    use skysweep::save::scores::ScoreTable;
    use skysweep::save::store::SaveFile;
    let (Some(table_path), Some(dir)) = (ScoreTable::path(), score_replays::folder()) else {
        eprintln!("skysweep verify: there is no data folder, so no high scores");
        return ExitCode::from(2);
    };
    let table = match score_replays::read_table(&table_path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("skysweep verify: {e}");
            return ExitCode::from(2);
        }
    };
    let rows: Vec<(String, Option<std::path::PathBuf>)> = score_replays::rows(&table, &dir)
        .into_iter()
        .map(|r| (r.label(), r.replay))
        .chain(
            files
                .iter()
                .map(|f| (f.display().to_string(), Some(f.clone()))),
        )
        .collect();
    if rows.is_empty() {
        eprintln!(
            "skysweep verify: no high scores yet in {}",
            table_path.display()
        );
    }
    verify_cmd::run_labelled(&rows, json)
}

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    match cli.command {
        Some(Command::Sim {
            ref run,
            frames,
            all,
        }) => sim_cmd::run(run, frames, all),
        Some(Command::Balance {
            json,
            ref stages,
            ref plot,
            ref difficulties,
            character,
            seed,
            skill,
        }) => {
            let mut opts = balance::plot::PlotOptions::default();
            if !difficulties.is_empty() {
                opts.difficulties = difficulties.clone();
                opts.difficulties.sort();
                opts.difficulties.dedup();
            }
            opts.character = character.unwrap_or(opts.character);
            opts.seed = seed.unwrap_or(opts.seed);
            opts.skill = skill.unwrap_or(opts.skill);
            balance::run(json, stages, plot.as_deref(), &opts)
        }
        Some(Command::Check {
            ref files,
            format,
            ref deny,
        }) => check_cmd::run(files, format, deny.contains(&Deny::Warnings)),
        Some(Command::Verify {
            ref files,
            json,
            scores,
        }) if scores || files.is_empty() => verify_scores(files, json),
        Some(Command::Verify {
            ref files, json, ..
        }) => verify_cmd::run(files, json),
        Some(Command::Lab(ref args)) => lab::run(args.clone()),
        Some(Command::Soak {
            minutes,
            seconds,
            seed,
        }) => soak_cmd::run(minutes, seconds, seed),
        None => app::play(cli),
    }
}
