//! Why a run could not be prepared, each case with what the player or author needs to fix it.

use std::fmt;
use std::path::PathBuf;

use crate::level::LevelError;
use crate::sim::replay::ReplayError;
use crate::sim::Character;

#[derive(Debug)]
pub enum RunError {
    /// More than two pilots: at most two players play.
    TooManyPilots(Vec<Character>),
    /// The shipped stages could not be listed.
    NoStages(String),
    /// A stage would not load.
    Level(LevelError),
    /// A replay would not load, or does not fit the stages it is played on.
    Replay(ReplayError),
    /// A replay's later stage (numbered from 1) would not load.
    ReplayStage {
        replay: String,
        number: usize,
        error: LevelError,
    },
    /// The first stage given for a replay is another stage than the one it recorded.
    OtherStage {
        replay: String,
        recorded: String,
        given: PathBuf,
    },
    /// The start is a time off the stage, which is `length_s` seconds long.
    StartOffStage { at: String, length_s: f32 },
    /// The start is neither seconds nor one of the stage's markers.
    NotAStart {
        at: String,
        level: PathBuf,
        markers: Vec<String>,
    },
    /// No boss phase of the stage has that title.
    NotAPhase {
        name: String,
        level: PathBuf,
        names: Vec<String>,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::TooManyPilots(pilots) => {
                let names: Vec<String> = pilots.iter().map(|c| c.name().to_lowercase()).collect();
                write!(
                    f,
                    "--character given {} times ({}): at most two players play, one --character each",
                    names.len(),
                    names.join(", ")
                )
            }
            RunError::NoStages(why) => f.write_str(why),
            RunError::Level(e) => write!(f, "{e}"),
            RunError::Replay(e) => write!(f, "{e}"),
            RunError::ReplayStage {
                replay,
                number,
                error,
            } => write!(f, "{replay}: recorded stage {number} cannot be loaded: {error}"),
            RunError::OtherStage {
                replay,
                recorded,
                given,
            } => write!(
                f,
                "{replay}: this replay was recorded on {recorded}, but --level gives {}, a different stage",
                given.display()
            ),
            RunError::StartOffStage { at, length_s } => write!(
                f,
                "--at {at}: not on the stage, which runs from 0 to {length_s} seconds"
            ),
            RunError::NotAPhase { name, level, names } => write!(
                f,
                "--phase {name:?}: no boss phase of {} has that name (named phases: {})",
                level.display(),
                listed(names)
            ),
            RunError::NotAStart { at, level, markers } => write!(
                f,
                "--at {at}: not a number of seconds nor a marker of {} (markers: {})",
                level.display(),
                listed(markers)
            ),
        }
    }
}

impl std::error::Error for RunError {}

/// The names a player could have given, comma-separated, or `none`.
fn listed(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

impl From<LevelError> for RunError {
    fn from(e: LevelError) -> Self {
        RunError::Level(e)
    }
}

impl From<ReplayError> for RunError {
    fn from(e: ReplayError) -> Self {
        RunError::Replay(e)
    }
}
