//! The command line: play (the default), `sim` to run headless, `check` to validate levels.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use skysweep::sim::{Character, Difficulty};

#[derive(Debug, Parser)]
#[command(
    name = "skysweep",
    version,
    about = "A Gunbird-style vertical shoot-'em-up with its own sweep-and-prune collider"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Start with the hitbox overlay on (F1 toggles it).
    #[arg(long, global = false)]
    pub debug: bool,
    /// Run this many frames, then exit cleanly.
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Save the last frame as a PNG before exiting.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Start windowed at this size, WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub window: Option<(i32, i32)>,
    /// Start on the title screen even with --level or --autoplay.
    #[arg(long)]
    pub title: bool,
    /// Rendering stress test: fill the playfield with N circling bullets (implies --invincible).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=20000))]
    pub stress: Option<u32>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the simulation headless, as fast as it can, and print a JSON summary.
    Sim {
        #[command(flatten)]
        run: RunArgs,
        /// Most frames to run (the run also ends when the stage is cleared or the game is over).
        #[arg(long, value_name = "N")]
        frames: Option<u64>,
    },
    /// Validate level files and print every error (default: every levels/*.ron).
    Check {
        /// Level or definitions files to check.
        files: Vec<PathBuf>,
    },
}

/// Options shared by playing and `sim`.
#[derive(Debug, Args, Clone)]
pub struct RunArgs {
    /// Stage file to play.
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
    /// Seed of the game's random generator.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Let the built-in pilot play.
    #[arg(long)]
    pub autoplay: bool,
    /// Enemy bullets and rams cost nothing (for level authors).
    #[arg(long)]
    pub invincible: bool,
    /// Start the stage at a time in seconds or at a named marker (e.g. `boss`).
    #[arg(long, value_name = "SECONDS|MARKER")]
    pub at: Option<String>,
    /// Character: vela, brass or wren (a second one adds player 2).
    #[arg(long = "character", value_name = "NAME", value_parser = parse_character)]
    pub characters: Vec<Character>,
    /// easy, normal or hard.
    #[arg(long, value_name = "LEVEL", value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Starting power level, 1 to 4.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    pub power: Option<u8>,
    /// Record every step's input to this replay file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play back a replay file.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "autoplay"])]
    pub replay: Option<PathBuf>,
}

fn parse_character(s: &str) -> Result<Character, String> {
    Character::from_name(s)
        .ok_or_else(|| format!("unknown character `{s}`; choose vela, brass or wren"))
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(s)
        .ok_or_else(|| format!("unknown difficulty `{s}`; choose easy, normal or hard"))
}

fn parse_size(s: &str) -> Result<(i32, i32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("expected WIDTHxHEIGHT, e.g. 960x720")?;
    let w: i32 = w.parse().map_err(|_| format!("`{w}` is not a width"))?;
    let h: i32 = h.parse().map_err(|_| format!("`{h}` is not a height"))?;
    if !(224..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err("window size must be at least 224x240 and at most 8192x8192".into());
    }
    Ok((w, h))
}
