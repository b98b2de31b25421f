//! The SkySweep binary: parses the command line, then plays in a window, runs the simulation
//! headless (`sim`, `soak`), or checks level files (`check`).

mod app;
mod cli;
mod lab;
mod render;
mod window;

use std::process::ExitCode;

use cli::{Cli, Command};
use skysweep::headless::args::Deny;
use skysweep::headless::{balance, check_cmd, sim_cmd, soak_cmd, verify_cmd};

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
