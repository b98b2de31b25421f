//! Why a replay cannot be played, worded for the player: every message names the replay file,
//! and a parse error its line and column.

use super::schema::{REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE};

/// Why a replay cannot be played.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    Io(String),
    /// The text does not parse, or holds a value no recorded run can have.
    Parse {
        file: String,
        line: usize,
        col: usize,
        message: String,
    },
    Version {
        file: String,
        found: u32,
    },
    /// Stage `stage` (from 0) of a replay of `stages` was recorded on other level content.
    /// `kind` names the hash compared: "content hash" (the text, versions 1 and 2) or
    /// "level hash" (the level as loaded, version 3).
    LevelChanged {
        file: String,
        stage: usize,
        stages: usize,
        level: String,
        kind: &'static str,
        recorded: u64,
        now: u64,
    },
    /// Stage `stage` (from 0) names a stage file that cannot be found or loaded now.
    StageMissing {
        file: String,
        stage: usize,
        stages: usize,
        level: String,
        why: String,
    },
    /// `start_at` lies past the end of the stage, which no recording on it can do.
    StartPastEnd {
        file: String,
        stage: usize,
        stages: usize,
        start_at: f32,
        level: String,
        length_s: f32,
    },
}

impl ReplayError {
    /// A [`ReplayError::Parse`] in `file` at 1-based `line` and `col`.
    pub(super) fn parse(file: &str, (line, col): (usize, usize), message: String) -> Self {
        ReplayError::Parse {
            file: file.to_string(),
            line,
            col,
            message,
        }
    }
}

/// "stage 2 of " for a replay of several stages; nothing for one, whose messages read as
/// they always have.
fn which_stage(stage: usize, stages: usize) -> String {
    if stages > 1 {
        format!("stage {} of ", stage + 1)
    } else {
        String::new()
    }
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Io(m) => write!(f, "{m}"),
            ReplayError::Parse { file, line, col, message } => write!(f, "{file}:{line}:{col}: {message}"),
            ReplayError::Version { file, found } if *found > REPLAY_VERSION => write!(
                f,
                "{file}: replay format version {found} comes from a newer SkySweep (this build reads versions {REPLAY_VERSION_ONE_STAGE} to {REPLAY_VERSION})"
            ),
            ReplayError::Version { file, found } => {
                write!(f, "{file}: replay format version {found} is not supported (this build reads versions {REPLAY_VERSION_ONE_STAGE} to {REPLAY_VERSION})")
            }
            ReplayError::LevelChanged { file, stage, stages, level, kind, recorded, now } => write!(
                f,
                "{file}: {}this replay was recorded on a different version of {level} ({kind} {recorded:016x}, now {now:016x}); it would not play back the same",
                which_stage(*stage, *stages)
            ),
            ReplayError::StageMissing { file, stage, stages, level, why } => write!(
                f,
                "{file}: {}the recorded stage {level} cannot be loaded: {why}",
                if *stages > 1 { format!("stage {}: ", stage + 1) } else { String::new() }
            ),
            ReplayError::StartPastEnd { file, stage, stages, start_at, level, length_s } => write!(
                f,
                "{file}: {}start_at {start_at} is past the end of {level}, which is {length_s} seconds long",
                // "stage 2 of start_at" would not read: name the stage after the file instead.
                if *stages > 1 { format!("stage {}: ", stage + 1) } else { String::new() }
            ),
        }
    }
}

impl std::error::Error for ReplayError {}
