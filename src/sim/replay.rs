//! Replays: the seed, the level's content hash and every step's input, saved as RON.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::character::{Character, Difficulty};
use super::input::Input;

/// A recorded run. Inputs are stored run-length encoded as `(bits, steps)` per player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub version: u32,
    /// The stage file it was recorded on, as given on the command line.
    pub level: String,
    /// The level's content hash, hex; a replay refuses to run on a changed level.
    pub content_hash: String,
    pub seed: u64,
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    #[serde(default)]
    pub start_at: f32,
    #[serde(default)]
    pub invincible: bool,
    /// Power level the players started with.
    #[serde(default = "one")]
    pub start_power: u8,
    /// One run-length list per player.
    pub inputs: Vec<Vec<(u8, u32)>>,
}

pub const REPLAY_VERSION: u32 = 1;

fn one() -> u8 {
    1
}
/// Largest replay file read, bytes.
pub const MAX_REPLAY_BYTES: u64 = 16 * 1024 * 1024;

/// Why a replay cannot be played.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    Io(String),
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
    LevelChanged {
        file: String,
        level: String,
        recorded: String,
        now: String,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Io(m) => write!(f, "{m}"),
            ReplayError::Parse { file, line, col, message } => write!(f, "{file}:{line}:{col}: {message}"),
            ReplayError::Version { file, found } => {
                write!(f, "{file}: replay format version {found} is not supported (this build reads version {REPLAY_VERSION})")
            }
            ReplayError::LevelChanged { file, level, recorded, now } => write!(
                f,
                "{file}: this replay was recorded on a different version of {level} (content hash {recorded}, now {now}); it would not play back the same"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

impl Replay {
    pub fn new(
        level: &str,
        content_hash: u64,
        seed: u64,
        characters: Vec<Character>,
        difficulty: Difficulty,
        start_at: f32,
        invincible: bool,
    ) -> Self {
        let players = characters.len();
        Self {
            version: REPLAY_VERSION,
            level: level.to_string(),
            content_hash: format!("{content_hash:016x}"),
            seed,
            characters,
            difficulty,
            start_at,
            invincible,
            start_power: 1,
            inputs: vec![Vec::new(); players],
        }
    }

    /// An empty recording of a run of `level` set up as `config`.
    pub fn for_run(level: &crate::level::Level, config: &super::WorldConfig) -> Self {
        let r = Self::new(
            &level.source,
            level.content_hash,
            config.seed,
            config.characters.clone(),
            config.difficulty,
            config.start_at,
            config.invincible,
        );
        Replay {
            start_power: config.start_power,
            ..r
        }
    }

    /// Appends one step's inputs, one per player.
    pub fn record(&mut self, inputs: &[Input]) {
        for (i, track) in self.inputs.iter_mut().enumerate() {
            let bits = inputs.get(i).copied().unwrap_or_default().to_bits();
            match track.last_mut() {
                Some((b, n)) if *b == bits && *n < u32::MAX => *n += 1,
                _ => track.push((bits, 1)),
            }
        }
    }

    /// Steps recorded.
    pub fn len(&self) -> usize {
        self.inputs
            .first()
            .map_or(0, |t| t.iter().map(|(_, n)| *n as usize).sum())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every step's inputs, in order.
    pub fn steps(&self) -> impl Iterator<Item = Vec<Input>> + '_ {
        let mut cursors: Vec<(usize, u32)> = vec![(0, 0); self.inputs.len()];
        (0..self.len()).map(move |_| {
            cursors
                .iter_mut()
                .zip(&self.inputs)
                .map(|((run, used), track)| {
                    let (bits, n) = track.get(*run).copied().unwrap_or((0, u32::MAX));
                    *used += 1;
                    if *used >= n {
                        *run += 1;
                        *used = 0;
                    }
                    Input::from_bits(bits)
                })
                .collect()
        })
    }

    /// Checks the replay was recorded on this exact level content.
    pub fn check_level(&self, file: &str, content_hash: u64) -> Result<(), ReplayError> {
        let now = format!("{content_hash:016x}");
        if now != self.content_hash {
            return Err(ReplayError::LevelChanged {
                file: file.to_string(),
                level: self.level.clone(),
                recorded: self.content_hash.clone(),
                now,
            });
        }
        Ok(())
    }

    pub fn to_ron(&self) -> String {
        let header =
            "// SkySweep replay: seed, level content hash and every step's input (bits, steps).\n";
        let body = ron::ser::to_string_pretty(
            self,
            ron::ser::PrettyConfig::default().compact_arrays(true),
        )
        .unwrap_or_default();
        format!("{header}{body}\n")
    }

    /// Parses replay text; `file` names it in errors.
    pub fn from_ron(file: &str, text: &str) -> Result<Self, ReplayError> {
        let r: Replay = ron::from_str(text).map_err(|e| ReplayError::Parse {
            file: file.to_string(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })?;
        if r.version != REPLAY_VERSION {
            return Err(ReplayError::Version {
                file: file.to_string(),
                found: r.version,
            });
        }
        if r.characters.is_empty() || r.characters.len() > 2 || r.inputs.len() != r.characters.len()
        {
            return Err(ReplayError::Parse {
                file: file.to_string(),
                line: 1,
                col: 1,
                message: "a replay needs one or two characters and one input track per character"
                    .into(),
            });
        }
        Ok(r)
    }

    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        let file = path.display().to_string();
        let meta = std::fs::metadata(path)
            .map_err(|e| ReplayError::Io(format!("{file}: cannot read: {e}")))?;
        if meta.len() > MAX_REPLAY_BYTES {
            return Err(ReplayError::Io(format!(
                "{file}: {} bytes is larger than the {MAX_REPLAY_BYTES}-byte limit",
                meta.len()
            )));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| ReplayError::Io(format!("{file}: cannot read: {e}")))?;
        Self::from_ron(&file, &text)
    }

    /// Writes the replay atomically: a temporary file beside it, then a rename.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        crate::store::write_atomic(path, self.to_ron().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_length_encoding_round_trips() {
        let mut r = Replay::new(
            "x.ron",
            7,
            1,
            vec![Character::Vela],
            Difficulty::Normal,
            0.0,
            false,
        );
        let script: Vec<u8> = (0..300).map(|i| ((i / 7) % 5) as u8 * 3).collect();
        for &b in &script {
            r.record(&[Input::from_bits(b)]);
        }
        assert_eq!(r.len(), 300);
        let back: Vec<u8> = r.steps().map(|s| s[0].to_bits()).collect();
        assert_eq!(back, script);
        let text = r.to_ron();
        assert_eq!(Replay::from_ron("t", &text).unwrap(), r);
    }

    #[test]
    fn refuses_a_changed_level() {
        let r = Replay::new(
            "levels/stage1.ron",
            0xabc,
            1,
            vec![Character::Vela],
            Difficulty::Normal,
            0.0,
            false,
        );
        assert!(r.check_level("r.ron", 0xabc).is_ok());
        let err = r.check_level("r.ron", 0xabd).unwrap_err().to_string();
        assert!(
            err.contains("different version of levels/stage1.ron"),
            "{err}"
        );
    }

    #[test]
    fn parse_errors_name_line_and_column() {
        let err = Replay::from_ron("bad.ron", "Replay(\n  version: 1,\n  level: 3,\n)")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("bad.ron:3:"), "{err}");
    }
}
