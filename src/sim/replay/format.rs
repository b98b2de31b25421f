//! The replay file: RON text in, RON text out. Reads every layout (version 1, one stage with
//! its fields at the top level; version 2, a list of stages; version 3, with the rules
//! fingerprint and checkpoints) and writes a replay in the version it came in (version 1 as
//! version 2, see [`super::legacy`]). File I/O stays in [`Replay::load`] and [`Replay::save`];
//! the rest works on `&str`.

use std::path::Path;

use serde::Deserialize;

use super::error::ReplayError;
use super::legacy::{self, ReplayV1, ReplayV2};
use super::schema::{Replay, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE, REPLAY_VERSION_STAGES};
use super::validate;

/// Largest replay file read, bytes.
pub const MAX_REPLAY_BYTES: u64 = 16 * 1024 * 1024;

/// Just the version, read first to pick the layout; other fields are left for that pass.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
struct VersionProbe {
    version: u32,
}

impl Replay {
    /// The replay as RON text: version 3 for a version-3 replay (a new recording), version 2
    /// for one read from an older file.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::default().compact_arrays(true);
        let (header, body) = if self.version >= REPLAY_VERSION {
            (
                "// SkySweep replay: who, when and under which rules, the run's settings, then every stage's level, level hash, inputs (bits, steps) and checkpoints (step, state hash).\n",
                ron::ser::to_string_pretty(self, pretty),
            )
        } else {
            (
                "// SkySweep replay: seed, then every stage's level, content hash and every step's input (bits, steps).\n",
                ron::ser::to_string_pretty(&legacy::as_v2(self), pretty),
            )
        };
        format!("{header}{}\n", body.unwrap_or_default())
    }

    /// Parses replay text of any version this build reads; `file` names it in errors. An `Ok`
    /// replay holds only values a recorded run can have; anything else is a
    /// [`ReplayError::Parse`] at the offending value, or a [`ReplayError::Version`] for a
    /// format this build does not read (a newer one is named as such).
    pub fn from_ron(file: &str, text: &str) -> Result<Self, ReplayError> {
        let parse_error = |e: ron::error::SpannedError| {
            let at = crate::level::text::diag::ron_error_at(text, &e);
            ReplayError::parse(file, at, e.code.to_string())
        };
        let version = ron::from_str::<VersionProbe>(text)
            .map_err(parse_error)?
            .version;
        let r = match version {
            REPLAY_VERSION => ron::from_str::<Replay>(text).map_err(parse_error)?,
            REPLAY_VERSION_STAGES => ron::from_str::<ReplayV2>(text).map_err(parse_error)?.into(),
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
