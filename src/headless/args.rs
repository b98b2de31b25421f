//! The options the headless commands share with playing in the window, as clap reads them:
//! the binary's command line (`src/cli.rs`) flattens these in.

use std::path::PathBuf;

use clap::Args;

use crate::level::Difficulty;
use crate::run::{RunKind, RunPlan, Stages, Start};
use crate::sim::model::arcade::MAX_CONTINUES;
use crate::sim::{ArcadeRules, Character, Continues, Extends, Skill};

/// How `skysweep check` prints problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
}

/// What `check --deny` turns into a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Deny {
    /// Every warning (see levels/README.md, "Warnings").
    Warnings,
}

/// What a command's run plays where the options say nothing.
pub struct PlanDefaults {
    /// Without `--level` or `--replay`.
    pub stages: Stages,
    /// Without `--difficulty`.
    pub difficulty: Difficulty,
    /// Each rule that `--lives`, `--continues` or `--extends` leaves out.
    pub arcade: ArcadeRules,
}

impl PlanDefaults {
    /// The headless commands' defaults: one stage, `levels/stage1.ron`, on the game's rules.
    pub fn headless(shipped: &crate::run::Shipped) -> PlanDefaults {
        PlanDefaults {
            stages: Stages::One(shipped.default_level()),
            difficulty: Difficulty::default(),
            arcade: ArcadeRules::default(),
        }
    }
}

/// Options shared by playing and `sim`.
#[derive(Debug, Args, Clone)]
pub struct RunArgs {
    /// Stage file to play.
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
    /// Seed of the game's random generator.
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Let the built-in pilot play.
    #[arg(long)]
    pub autoplay: bool,
    /// The built-in pilot's skill: novice, average or expert (the default). Implies --autoplay.
    #[arg(long, value_name = "SKILL", value_parser = parse_skill)]
    pub skill: Option<Skill>,
    /// Enemy bullets and rams cost nothing (for level authors).
    #[arg(long)]
    pub invincible: bool,
    /// Start the stage at a time in seconds or at a named marker (e.g. `boss`).
    // Hyphens allowed so that `--at -5` reaches the stage's range check (see setup::prepare).
    #[arg(long, value_name = "SECONDS|MARKER", allow_hyphen_values = true)]
    pub at: Option<String>,
    /// Start at a boss's named phase (`--phase "Tidal Lance"`): the boss comes in with the
    /// parts its phase waits for already destroyed and its HP where the phase begins. A
    /// replay cannot start there, so `--record` is refused beside it.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["at", "record"])]
    pub phase: Option<String>,
    /// Character: vela, brass, wren, orla or rook (a second one adds player 2).
    #[arg(long = "character", value_name = "NAME", value_parser = parse_character)]
    pub characters: Vec<Character>,
    /// easy, normal or hard.
    #[arg(long, value_name = "LEVEL", value_parser = parse_difficulty)]
    pub difficulty: Option<Difficulty>,
    /// Starting power level, 1 to 4.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4), allow_negative_numbers = true)]
    pub power: Option<u8>,
    /// Start the run in this loop of the game: 1, or 2 for the harder second loop.
    #[arg(long = "loop", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=2), allow_negative_numbers = true)]
    pub loop_number: Option<u32>,
    /// Lives each player starts with and gets on a continue, 1 to 5 (default 3; in the window,
    /// OPTIONS > ARCADE).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=5), allow_negative_numbers = true)]
    pub lives: Option<u32>,
    /// Continues each player may take: 0 to 9, or `free` (the default).
    #[arg(long, value_name = "N|free", value_parser = parse_continues)]
    pub continues: Option<Continues>,
    /// Extra lives for score: `off`, `standard` (100,000 and 300,000, then every 700,000; the
    /// default) or `200k` (every 200,000).
    #[arg(long, value_name = "RULE", value_parser = parse_extends)]
    pub extends: Option<Extends>,
    /// Record every step's input to this replay file, over every stage the run plays.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play back a replay file. It carries its own seed, characters, difficulty, start, power,
    /// loop and invincibility, so the options that set those are refused beside it.
    #[arg(long, value_name = "FILE", conflicts_with_all = REPLAY_SETS)]
    pub replay: Option<PathBuf>,
}

/// Run options a replay decides itself (or that would change what it plays back), by clap id.
/// `--level` stays allowed: it says where the recorded stage is, and the content hash check
/// still refuses a different one.
pub const REPLAY_SETS: [&str; 14] = [
    "seed",
    "characters",
    "difficulty",
    "at",
    "phase",
    "power",
    "loop_number",
    "invincible",
    "autoplay",
    "skill",
    "record",
    "lives",
    "continues",
    "extends",
];

/// A whole number from 0 up. Anything numeric outside that, a negative number included, gets
/// the range message clap gives the ranged options (`--power`, `--stress`): "-1 is not in
/// 0..=18446744073709551615", where a plain `u64` parser would say "invalid digit".
pub fn parse_count(s: &str) -> Result<u64, String> {
    let n: i128 = s
        .parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())?;
    u64::try_from(n).map_err(|_| format!("{n} is not in 0..={}", u64::MAX))
}

pub fn parse_character(s: &str) -> Result<Character, String> {
    Character::from_name(s)
        .ok_or_else(|| format!("unknown character `{s}`; choose vela, brass, wren, orla or rook"))
}

pub fn parse_skill(s: &str) -> Result<Skill, String> {
    Skill::from_name(s)
        .ok_or_else(|| format!("unknown skill `{s}`; choose novice, average or expert"))
}

pub fn parse_continues(s: &str) -> Result<Continues, String> {
    match s.to_ascii_lowercase().as_str() {
        "free" => Ok(Continues::FreePlay),
        n => n
            .parse::<u8>()
            .ok()
            .filter(|n| *n <= MAX_CONTINUES)
            .map(Continues::Limited)
            .ok_or_else(|| format!("`{s}` is not 0 to {MAX_CONTINUES} continues, nor `free`")),
    }
}

pub fn parse_extends(s: &str) -> Result<Extends, String> {
    match s.to_ascii_lowercase().as_str() {
        "off" => Ok(Extends::Off),
        "standard" => Ok(Extends::Standard),
        "200k" => Ok(Extends::Every200k),
        _ => Err(format!(
            "unknown extends `{s}`; choose off, standard or 200k"
        )),
    }
}

pub fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    Difficulty::from_name(s)
        .ok_or_else(|| format!("unknown difficulty `{s}`; choose easy, normal or hard"))
}

impl RunArgs {
    /// `settings` with what `--lives`, `--continues` and `--extends` set in their place.
    pub fn arcade(&self, settings: ArcadeRules) -> ArcadeRules {
        ArcadeRules {
            lives: self.lives.unwrap_or(settings.lives),
            continues: self.continues.unwrap_or(settings.continues),
            extends: self.extends.unwrap_or(settings.extends),
        }
    }

    /// The run these options describe. `defaults` fills in what they leave out: the stages
    /// played when neither `--level` nor `--replay` is given (the window plays the whole game,
    /// `sim` one stage), and the difficulty and arcade rules (the window's settings).
    pub fn plan(&self, defaults: PlanDefaults) -> RunPlan {
        let stages = match (&self.replay, &self.level) {
            (Some(file), level) => Stages::Replay {
                file: file.clone(),
                level: level.clone(),
            },
            (None, Some(level)) => Stages::One(level.clone()),
            (None, None) => defaults.stages,
        };
        RunPlan {
            kind: self.kind(),
            stages,
            pilots: match self.characters.is_empty() {
                true => vec![Character::Vela],
                false => self.characters.clone(),
            },
            difficulty: self.difficulty.unwrap_or(defaults.difficulty),
            // The command line counts loops from 1, the run from 0.
            loop_index: self.loop_number.unwrap_or(1).saturating_sub(1),
            start: match (&self.phase, &self.at) {
                (Some(name), _) => Start::Phase {
                    enemy: None,
                    name: name.clone(),
                },
                (None, at) => at.clone().map_or(Start::Beginning, Start::At),
            },
            start_power: self.power.unwrap_or(1),
            arcade: self.arcade(defaults.arcade),
            invincible: self.invincible,
            seed: self.seed.unwrap_or(1),
            bot: self.pilot(),
        }
    }

    /// The kind of run these options ask for: a replay, the autopilot's, a practice run (a
    /// start, power, loop or invincibility chosen), an author's stage, or the whole game.
    pub fn kind(&self) -> RunKind {
        if self.replay.is_some() {
            RunKind::Replay
        } else if self.pilot().is_some() {
            RunKind::Demo
        } else if self.phase.is_some() {
            RunKind::Attack
        } else if self.at.is_some()
            || self.power.is_some()
            || self.loop_number.is_some()
            || self.invincible
        {
            RunKind::Practice
        } else if self.level.is_some() {
            RunKind::Custom
        } else {
            RunKind::Arcade
        }
    }

    /// Who flies: the built-in pilot of the skill asked for (`--skill`, or the expert with
    /// `--autoplay` alone), or nobody.
    pub fn pilot(&self) -> Option<Skill> {
        self.skill.or(self.autoplay.then_some(Skill::Expert))
    }
}
