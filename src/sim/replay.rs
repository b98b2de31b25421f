//! Replays: the seed, the level's content hash and every step's input, saved as RON.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::character::{Character, Difficulty};
use super::input::Input;
use super::player::MAX_POWER;
use crate::level::diag::line_col;
use crate::level::locate::{offset_of, Seg};

/// A recorded run. Inputs are stored run-length encoded as `(bits, steps)` per player.
// Unknown fields are refused: a misspelt `start_power` would otherwise fall back to its default
// and play back a different run without a word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub version: u32,
    /// The stage file it was recorded on, as given on the command line.
    pub level: String,
    /// The level's content hash, hex; a replay refuses to run on a changed level.
    pub content_hash: String,
    pub seed: u64,
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    /// Seconds into the stage the run started; a loaded replay holds a finite value of 0 or
    /// more (see [`Replay::check_start`] for the stage's end).
    #[serde(default)]
    pub start_at: f32,
    #[serde(default)]
    pub invincible: bool,
    /// Power level the players started with, 1 to [`MAX_POWER`] in a loaded replay.
    #[serde(default = "one")]
    pub start_power: u8,
    /// One run-length list per player; every run of a loaded replay lasts at least one step.
    pub inputs: Vec<Vec<(u8, u32)>>,
}

pub const REPLAY_VERSION: u32 = 1;

/// The bits [`Input::to_bits`] can set: seven buttons, the top bit unused.
const INPUT_BITS: u8 = 0x7f;

fn one() -> u8 {
    1
}
/// Largest replay file read, bytes.
pub const MAX_REPLAY_BYTES: u64 = 16 * 1024 * 1024;

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
    LevelChanged {
        file: String,
        level: String,
        recorded: String,
        now: String,
    },
    /// `start_at` lies past the end of the stage, which no recording on it can do.
    StartPastEnd {
        file: String,
        start_at: f32,
        level: String,
        length_s: f32,
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
            ReplayError::StartPastEnd { file, start_at, level, length_s } => write!(
                f,
                "{file}: start_at {start_at} is past the end of {level}, which is {length_s} seconds long"
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

    /// Checks the replay starts within a stage `length_s` seconds long (`level` names it).
    pub fn check_start(&self, file: &str, level: &str, length_s: f32) -> Result<(), ReplayError> {
        if self.start_at > length_s {
            return Err(ReplayError::StartPastEnd {
                file: file.to_string(),
                start_at: self.start_at,
                level: level.to_string(),
                length_s,
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
        // serde gives values without positions: find the offending one again in the text.
        let at = |path: &[Seg], message: String| {
            let (line, col) = line_col(text, offset_of(text, path));
            ReplayError::Parse {
                file: file.to_string(),
                line,
                col,
                message,
            }
        };
        if r.characters.is_empty() || r.characters.len() > 2 {
            return Err(at(
                &[Seg::Field("characters")],
                format!(
                    "a replay has one or two characters, not {}",
                    r.characters.len()
                ),
            ));
        }
        if r.inputs.len() != r.characters.len() {
            return Err(at(
                &[Seg::Field("inputs")],
                format!(
                    "{} input tracks for {} characters: a replay has one track per character",
                    r.inputs.len(),
                    r.characters.len()
                ),
            ));
        }
        if !r.start_at.is_finite() || r.start_at < 0.0 {
            return Err(at(
                &[Seg::Field("start_at")],
                format!(
                    "start_at {} is not a time on the stage (seconds from 0)",
                    r.start_at
                ),
            ));
        }
        if !(1..=MAX_POWER).contains(&r.start_power) {
            return Err(at(
                &[Seg::Field("start_power")],
                format!(
                    "start_power {} is out of range: power levels run from 1 to {MAX_POWER}",
                    r.start_power
                ),
            ));
        }
        for (player, track) in r.inputs.iter().enumerate() {
            for (run, &(bits, steps)) in track.iter().enumerate() {
                // Which element of the (bits, steps) tuple is wrong, and why.
                let (element, why) = if bits & !INPUT_BITS != 0 {
                    (
                        0,
                        format!("holds bits {bits}: button bits run from 0 to {INPUT_BITS}"),
                    )
                } else if steps == 0 {
                    (
                        1,
                        "lasts 0 steps; every (bits, steps) run lasts at least 1".into(),
                    )
                } else {
                    continue;
                };
                return Err(at(
                    &[
                        Seg::Field("inputs"),
                        Seg::Index(player),
                        Seg::Index(run),
                        Seg::Index(element),
                    ],
                    format!("input run {} of player {} {why}", run + 1, player + 1),
                ));
            }
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

    /// A one-player recording of 10 steps in three runs, as RON text.
    fn recorded_text() -> String {
        let mut r = Replay::new(
            "levels/stage1.ron",
            7,
            1,
            vec![Character::Vela],
            Difficulty::Normal,
            0.0,
            false,
        );
        for bits in [1, 1, 1, 2, 2, 2, 2, 0, 0, 0] {
            r.record(&[Input::from_bits(bits)]);
        }
        r.to_ron()
    }

    /// `text` with `from` replaced once; panics when `from` is missing, so a changed format
    /// cannot make a test pass by no longer containing the bad value.
    fn edited(text: &str, from: &str, to: &str) -> String {
        assert!(text.contains(from), "{from:?} not in {text}");
        text.replacen(from, to, 1)
    }

    /// Line and column (1-based) of `value` where it ends the first `context` in `text`.
    fn position_of(text: &str, context: &str, value: &str) -> (usize, usize) {
        assert!(context.ends_with(value));
        let start = text.find(context).expect("context in text");
        line_col(text, start + context.len() - value.len())
    }

    #[test]
    fn start_power_outside_the_power_levels_is_refused_where_it_stands() {
        let good = recorded_text();
        for power in ["1", "4"] {
            let text = edited(&good, "start_power: 1", &format!("start_power: {power}"));
            assert_eq!(
                Replay::from_ron("r.ron", &text)
                    .unwrap()
                    .start_power
                    .to_string(),
                power
            );
        }
        for power in [0, 5, 9] {
            let text = edited(&good, "start_power: 1", &format!("start_power: {power}"));
            let (line, col) =
                position_of(&text, &format!("start_power: {power}"), &power.to_string());
            let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
            assert_eq!(
                err,
                format!(
                    "r.ron:{line}:{col}: start_power {power} is out of range: power levels run from 1 to {MAX_POWER}"
                )
            );
        }
    }

    #[test]
    fn input_runs_of_zero_steps_are_refused_where_they_stand() {
        let good = recorded_text();
        assert!(good.contains("[[(1, 3), (2, 4), (0, 3)]]"), "{good}");
        let text = edited(&good, "(2, 4)", "(2, 0)");
        let (line, col) = position_of(&text, "(2, 0", "0");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: input run 2 of player 1 lasts 0 steps; every (bits, steps) run lasts at least 1")
        );

        // Player 2's track is checked as well as player 1's.
        let two = edited(&good, "[Vela]", "[Vela, Wren]");
        let two = edited(
            &two,
            "[[(1, 3), (2, 4), (0, 3)]]",
            "[[(1, 10)], [(1, 5), (3, 0)]]",
        );
        let err = Replay::from_ron("r.ron", &two).unwrap_err().to_string();
        let (line, col) = position_of(&two, "(3, 0", "0");
        assert!(
            err.starts_with(&format!("r.ron:{line}:{col}: input run 2 of player 2")),
            "{err}"
        );
    }

    #[test]
    fn start_at_before_the_stage_or_not_a_number_is_refused_where_it_stands() {
        let good = recorded_text();
        for bad in ["-1.0", "NaN", "inf"] {
            let text = edited(&good, "start_at: 0.0", &format!("start_at: {bad}"));
            let (line, col) = position_of(&text, &format!("start_at: {bad}"), bad);
            let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
            assert!(
                err.starts_with(&format!("r.ron:{line}:{col}: start_at ")),
                "{bad}: {err}"
            );
            assert!(
                err.ends_with("is not a time on the stage (seconds from 0)"),
                "{err}"
            );
        }
    }

    #[test]
    fn start_at_past_the_stage_end_names_the_replay_file_and_field() {
        let text = edited(&recorded_text(), "start_at: 0.0", "start_at: 200.5");
        let r = Replay::from_ron("runs/r.ron", &text).unwrap();
        assert!(r
            .check_start("runs/r.ron", "levels/stage1.ron", 200.5)
            .is_ok());
        let err = r
            .check_start("runs/r.ron", "levels/stage1.ron", 180.0)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "runs/r.ron: start_at 200.5 is past the end of levels/stage1.ron, which is 180 seconds long"
        );
    }

    #[test]
    fn unknown_fields_are_refused_where_they_stand() {
        let text = edited(&recorded_text(), "seed: 1,", "seed: 1,\n    bogus: 3,");
        let (line, _) = position_of(&text, "bogus", "bogus");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert!(err.starts_with(&format!("r.ron:{line}:")), "{err}");
        assert!(err.contains("bogus"), "{err}");
    }

    #[test]
    fn input_bits_outside_the_buttons_are_refused_where_they_stand() {
        let good = recorded_text();
        let text = edited(&good, "(2, 4)", "(127, 4)");
        assert!(Replay::from_ron("r.ron", &text).is_ok());
        for bad in ["128", "255"] {
            let text = edited(&good, "(2, 4)", &format!("({bad}, 4)"));
            let (line, col) = position_of(&text, &format!("({bad}"), bad);
            let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
            assert_eq!(
                err,
                format!("r.ron:{line}:{col}: input run 2 of player 1 holds bits {bad}: button bits run from 0 to 127")
            );
        }
    }

    #[test]
    fn wrong_numbers_of_characters_or_tracks_are_refused_at_the_field() {
        let good = recorded_text();
        let text = edited(&good, "[Vela]", "[Vela, Wren, Brass]");
        let (line, col) = position_of(&text, "characters: [", "[");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: a replay has one or two characters, not 3")
        );
        let text = edited(&good, "[Vela]", "[]");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert!(
            err.ends_with("a replay has one or two characters, not 0"),
            "{err}"
        );

        let text = edited(&good, "[Vela]", "[Vela, Wren]");
        let (line, col) = position_of(&text, "inputs: [", "[");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: 1 input tracks for 2 characters: a replay has one track per character")
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
