//! The replay file: RON text in, RON text out. Reads both layouts (version 1, one stage with
//! its fields at the top level; version 2, a list of stages) and always writes version 2.
//! File I/O stays in [`Replay::load`] and [`Replay::save`]; the rest works on `&str`.

use std::path::Path;

use serde::Deserialize;

use super::error::ReplayError;
use super::schema::{one, Replay, StageRecord, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE};
use super::validate;
use crate::sim::character::{Character, Difficulty};

/// Largest replay file read, bytes.
pub const MAX_REPLAY_BYTES: u64 = 16 * 1024 * 1024;

/// The version-1 layout: one stage, its fields beside the run's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Replay")]
struct ReplayV1 {
    version: u32,
    level: String,
    content_hash: String,
    seed: u64,
    characters: Vec<Character>,
    difficulty: Difficulty,
    #[serde(default)]
    start_at: f32,
    #[serde(default)]
    invincible: bool,
    #[serde(default = "one")]
    start_power: u8,
    inputs: Vec<Vec<(u8, u32)>>,
}

impl From<ReplayV1> for Replay {
    /// The one stage becomes the first and only [`StageRecord`], on the first loop (version 1
    /// had no loops); `version` stays 1 so the checks know which rules the file was written to.
    fn from(o: ReplayV1) -> Self {
        Replay {
            version: o.version,
            seed: o.seed,
            characters: o.characters,
            difficulty: o.difficulty,
            invincible: o.invincible,
            start_power: o.start_power,
            stages: vec![StageRecord {
                level: o.level,
                content_hash: o.content_hash,
                start_at: o.start_at,
                loop_index: 0,
                inputs: o.inputs,
            }],
        }
    }
}

/// Just the version, read first to pick the layout; other fields are left for that pass.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
struct VersionProbe {
    version: u32,
}

impl Replay {
    /// The replay as RON text, always in the current layout ([`REPLAY_VERSION`]).
    pub fn to_ron(&self) -> String {
        let header = "// SkySweep replay: seed, then every stage's level, content hash and every step's input (bits, steps).\n";
        let pretty = ron::ser::PrettyConfig::default().compact_arrays(true);
        let body = if self.version == REPLAY_VERSION {
            ron::ser::to_string_pretty(self, pretty)
        } else {
            // Read from an older file: written back in the layout this build reads as current.
            let current = Replay {
                version: REPLAY_VERSION,
                ..self.clone()
            };
            ron::ser::to_string_pretty(&current, pretty)
        }
        .unwrap_or_default();
        format!("{header}{body}\n")
    }

    /// Parses replay text of either version; `file` names it in errors. An `Ok` replay holds
    /// only values a recorded run can have; anything else is a [`ReplayError::Parse`] at the
    /// offending value, or a [`ReplayError::Version`] for a format this build does not read.
    pub fn from_ron(file: &str, text: &str) -> Result<Self, ReplayError> {
        let parse_error = |e: ron::error::SpannedError| {
            let at = crate::level::diag::ron_error_at(text, &e);
            ReplayError::parse(file, at, e.code.to_string())
        };
        let version = ron::from_str::<VersionProbe>(text)
            .map_err(parse_error)?
            .version;
        let r = match version {
            REPLAY_VERSION => ron::from_str::<Replay>(text).map_err(parse_error)?,
            REPLAY_VERSION_ONE_STAGE => {
                ron::from_str::<ReplayV1>(text).map_err(parse_error)?.into()
            }
            found => {
                return Err(ReplayError::Version {
                    file: file.to_string(),
                    found,
                })
            }
        };
        validate::check_values(&r, file, text)?;
        Ok(r)
    }

    /// Reads and parses the replay at `path` with
    /// [`read_text`](crate::platform::fileio::read_text): files over [`MAX_REPLAY_BYTES`] are
    /// refused before reading them, and a FIFO or device is refused without blocking on it.
    /// Errors name the file as `path` displays.
    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        use crate::platform::fileio::{read_text, ReadError};
        let file = path.display().to_string();
        let text = read_text(path, MAX_REPLAY_BYTES).map_err(|e| match e {
            ReadError::TooBig { len, limit } => ReplayError::Io(format!(
                "{file}: {len} bytes is larger than the {limit}-byte limit"
            )),
            e => ReplayError::Io(format!("{file}: cannot read: {e}")),
        })?;
        Self::from_ron(&file, &text)
    }

    /// Writes the replay atomically: a temporary file beside it, then a rename.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        crate::platform::atomic::write_atomic(path, self.to_ron().as_bytes())
    }
}
