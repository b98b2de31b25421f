//! A run as a plain value: what the command line and every menu build, and [`super::prepare`]
//! turns into a world's configuration and its levels.

use std::path::PathBuf;

use crate::level::Difficulty;
use crate::sim::{ArcadeRules, Character, Skill};

use super::RunKind;

/// Which stages a run plays.
#[derive(Clone, Debug, PartialEq)]
pub enum Stages {
    /// Every shipped stage, in the order the run's seed draws: the whole game.
    Campaign,
    /// One stage file, played alone.
    One(PathBuf),
    /// The stages a replay file recorded, in order. `level` may say where its first stage is
    /// on disk; the recording's hash still refuses a different stage.
    Replay {
        file: PathBuf,
        level: Option<PathBuf>,
    },
}

/// Where on its first stage a run starts.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    Beginning,
    /// A marker of the stage (`boss`), or seconds from its start (`42`, `42s`), as written.
    At(String),
    /// A boss's named phase (see [`super::attack`]): the boss comes in already in the state
    /// the phase needs. `enemy` picks among enemies whose phases share the title.
    Phase {
        enemy: Option<String>,
        name: String,
    },
}

/// What a run is, before anything is loaded.
///
/// A replay decides its own seed, pilots, difficulty, start, power, loop, arcade rules and
/// invincibility: with [`Stages::Replay`] those fields are not consulted.
#[derive(Clone, Debug, PartialEq)]
pub struct RunPlan {
    pub kind: RunKind,
    pub stages: Stages,
    /// One or two pilots, player 1 first.
    pub pilots: Vec<Character>,
    pub difficulty: Difficulty,
    /// Which loop of the game the run starts in, from 0.
    pub loop_index: u32,
    pub start: Start,
    /// Power each player starts with, 1 to 4.
    pub start_power: u8,
    pub arcade: ArcadeRules,
    /// Enemy bullets and rams cost nothing.
    pub invincible: bool,
    pub seed: u64,
    /// The built-in pilot flies every player, at this skill.
    pub bot: Option<Skill>,
}

impl RunPlan {
    /// A run of `kind` over `stages` on the game's defaults: Vela alone, the default
    /// difficulty and arcade rules, from the first loop's beginning at power 1, seed 1.
    pub fn new(kind: RunKind, stages: Stages) -> RunPlan {
        RunPlan {
            kind,
            stages,
            pilots: vec![Character::Vela],
            difficulty: Difficulty::default(),
            loop_index: 0,
            start: Start::Beginning,
            start_power: 1,
            arcade: ArcadeRules::default(),
            invincible: false,
            seed: 1,
            bot: None,
        }
    }
}
