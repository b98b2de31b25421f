//! Replays: the seed, and for every stage the run played its level, content hash, start and
//! every step's input, saved as RON.
//!
//! Version 2 (written now) holds a list of stages, so a run that clears stage 1 and goes on
//! replays whole. Version 1 files (one stage, its fields at the top level) still load: they
//! become a one-stage [`Replay`].

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::character::{Character, Difficulty};
use super::input::Input;
use super::player::MAX_POWER;
use crate::level::diag::line_col;
use crate::level::locate::{offset_of, Seg};

/// A recorded run: what every stage shares, then each stage in the order played.
// Unknown fields are refused: a misspelt `start_power` would otherwise fall back to its default
// and play back a different run without a word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Replay")]
pub struct Replay {
    /// The format the replay was read in (1 or 2); [`Replay::to_ron`] always writes
    /// [`REPLAY_VERSION`].
    pub version: u32,
    pub seed: u64,
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    #[serde(default)]
    pub invincible: bool,
    /// Power level the players started the run with, 1 to [`MAX_POWER`] in a loaded replay.
    /// Later stages start from the power the simulation carries over, not from this.
    #[serde(default = "one")]
    pub start_power: u8,
    /// Every stage the run played, in order, at least one in a loaded replay. Each stage but
    /// the last was cleared; the last ended however the run did (cleared, lost, quit).
    pub stages: Vec<StageRecord>,
}

/// One stage of a recorded run. What the players carry into it (score, lives, bombs, power,
/// charge) is not stored: replaying the stages before it produces it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageRecord {
    /// The stage file, as the game found it (a path relative to the data folder when shipped).
    pub level: String,
    /// The level's content hash, hex; a replay refuses to run on a changed level.
    pub content_hash: String,
    /// Seconds into the stage it started; a loaded replay holds a finite value of 0 or more
    /// (see [`Replay::check_start`] for the stage's end).
    #[serde(default)]
    pub start_at: f32,
    /// Which loop of the game (0 the first time through, 1 after the last stage was cleared).
    #[serde(default)]
    pub loop_index: u32,
    /// One run-length list of `(bits, steps)` per player; every run of a loaded replay lasts
    /// at least one step and every track of a stage lasts as many steps.
    pub inputs: Vec<Vec<(u8, u32)>>,
}

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

/// Just the version, read first to pick the layout; other fields are left for that pass.
#[derive(Deserialize)]
#[serde(rename = "Replay")]
struct VersionProbe {
    version: u32,
}

/// The format written.
pub const REPLAY_VERSION: u32 = 2;
/// The oldest format still read: one stage per file.
pub const REPLAY_VERSION_ONE_STAGE: u32 = 1;

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
    /// Stage `stage` (from 0) of a replay of `stages` was recorded on other level content.
    LevelChanged {
        file: String,
        stage: usize,
        stages: usize,
        level: String,
        recorded: String,
        now: String,
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
            ReplayError::Version { file, found } => {
                write!(f, "{file}: replay format version {found} is not supported (this build reads versions {REPLAY_VERSION_ONE_STAGE} and {REPLAY_VERSION})")
            }
            ReplayError::LevelChanged { file, stage, stages, level, recorded, now } => write!(
                f,
                "{file}: {}this replay was recorded on a different version of {level} (content hash {recorded}, now {now}); it would not play back the same",
                which_stage(*stage, *stages)
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

impl StageRecord {
    /// An empty record of `level` started `start_at` seconds in, on loop `loop_index`.
    fn new(level: &str, content_hash: u64, start_at: f32, loop_index: u32, players: usize) -> Self {
        StageRecord {
            level: level.to_string(),
            content_hash: format!("{content_hash:016x}"),
            start_at,
            loop_index,
            inputs: vec![Vec::new(); players],
        }
    }

    /// Steps recorded on this stage.
    pub fn len(&self) -> usize {
        self.inputs.first().map_or(0, |t| track_len(t) as usize)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every step's inputs on this stage, in order.
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
}

/// Steps in one run-length track; u64 so a hand-edited file cannot overflow it.
fn track_len(track: &[(u8, u32)]) -> u64 {
    track.iter().map(|&(_, n)| n as u64).sum()
}

impl Replay {
    /// An empty one-stage recording.
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
            seed,
            characters,
            difficulty,
            invincible,
            start_power: 1,
            stages: vec![StageRecord::new(level, content_hash, start_at, 0, players)],
        }
    }

    /// An empty recording of a run whose first stage is `level`, set up as `config`.
    pub fn for_run(level: &crate::level::Level, config: &super::WorldConfig) -> Self {
        let mut r = Self::new(
            &level.source,
            level.content_hash,
            config.seed,
            config.characters.clone(),
            config.difficulty,
            config.start_at,
            config.invincible,
        );
        r.start_power = config.start_power;
        r.stages[0].loop_index = config.loop_index;
        r
    }

    /// Goes on recording the same run on its next stage, `level` set up as `config`; the
    /// inputs recorded from now on belong to it. Only the per-stage parts of `config` (start
    /// and loop) are kept: the rest is the run's, and the carry comes from the stage before.
    pub fn begin_stage(&mut self, level: &crate::level::Level, config: &super::WorldConfig) {
        self.stages.push(StageRecord::new(
            &level.source,
            level.content_hash,
            config.start_at,
            config.loop_index,
            self.characters.len(),
        ));
    }

    /// Appends one step's inputs, one per player, to the stage being recorded.
    pub fn record(&mut self, inputs: &[Input]) {
        let Some(stage) = self.stages.last_mut() else {
            return;
        };
        for (i, track) in stage.inputs.iter_mut().enumerate() {
            let bits = inputs.get(i).copied().unwrap_or_default().to_bits();
            match track.last_mut() {
                Some((b, n)) if *b == bits && *n < u32::MAX => *n += 1,
                _ => track.push((bits, 1)),
            }
        }
    }

    /// Steps recorded, over every stage.
    pub fn len(&self) -> usize {
        self.stages.iter().map(StageRecord::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Checks stage `stage` (from 0) was recorded on this exact level content.
    pub fn check_level(
        &self,
        file: &str,
        stage: usize,
        content_hash: u64,
    ) -> Result<(), ReplayError> {
        let now = format!("{content_hash:016x}");
        let Some(s) = self.stages.get(stage) else {
            return Ok(());
        };
        if now != s.content_hash {
            return Err(ReplayError::LevelChanged {
                file: file.to_string(),
                stage,
                stages: self.stages.len(),
                level: s.level.clone(),
                recorded: s.content_hash.clone(),
                now,
            });
        }
        Ok(())
    }

    /// Checks stage `stage` starts within its level, `length_s` seconds long (`level` names it).
    pub fn check_start(
        &self,
        file: &str,
        stage: usize,
        level: &str,
        length_s: f32,
    ) -> Result<(), ReplayError> {
        let Some(s) = self.stages.get(stage) else {
            return Ok(());
        };
        if s.start_at > length_s {
            return Err(ReplayError::StartPastEnd {
                file: file.to_string(),
                stage,
                stages: self.stages.len(),
                start_at: s.start_at,
                level: level.to_string(),
                length_s,
            });
        }
        Ok(())
    }

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

    /// Parses replay text of either version; `file` names it in errors.
    pub fn from_ron(file: &str, text: &str) -> Result<Self, ReplayError> {
        let parse_error = |e: ron::error::SpannedError| {
            let (line, col) = crate::level::diag::ron_error_at(text, &e);
            ReplayError::Parse {
                file: file.to_string(),
                line,
                col,
                message: e.code.to_string(),
            }
        };
        let version = ron::from_str::<VersionProbe>(text)
            .map_err(parse_error)?
            .version;
        let (r, v1) = match version {
            REPLAY_VERSION => (ron::from_str::<Replay>(text).map_err(parse_error)?, false),
            REPLAY_VERSION_ONE_STAGE => {
                let o: ReplayV1 = ron::from_str(text).map_err(parse_error)?;
                let replay = Replay {
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
                };
                (replay, true)
            }
            found => {
                return Err(ReplayError::Version {
                    file: file.to_string(),
                    found,
                })
            }
        };
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
        // Where stage `i`'s field sits: at the top level in version 1, in `stages` after.
        let field = |i: usize, name: &'static str| -> Vec<Seg> {
            if v1 {
                vec![Seg::Field(name)]
            } else {
                vec![Seg::Field("stages"), Seg::Index(i), Seg::Field(name)]
            }
        };
        // Version 1 messages stay as they were; a stage of a list is named in them.
        let stage_prefix = |i: usize| {
            if v1 {
                String::new()
            } else {
                format!("stage {}: ", i + 1)
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
        if !(1..=MAX_POWER).contains(&r.start_power) {
            return Err(at(
                &[Seg::Field("start_power")],
                format!(
                    "start_power {} is out of range: power levels run from 1 to {MAX_POWER}",
                    r.start_power
                ),
            ));
        }
        if r.stages.is_empty() {
            return Err(at(
                &[Seg::Field("stages")],
                "a replay records at least one stage; this one lists none".into(),
            ));
        }
        for (i, stage) in r.stages.iter().enumerate() {
            let pre = stage_prefix(i);
            let hash_ok = stage.content_hash.len() == 16
                && stage.content_hash.bytes().all(|b| b.is_ascii_hexdigit());
            // Version 1 never checked the hash's form (a wrong one is still refused when the
            // level is checked); a version-2 file is held to the form the game writes.
            if !v1 && !hash_ok {
                return Err(at(
                    &field(i, "content_hash"),
                    format!(
                        "{pre}content_hash {:?} is not a content hash (16 hex digits)",
                        stage.content_hash
                    ),
                ));
            }
            if stage.inputs.len() != r.characters.len() {
                return Err(at(
                    &field(i, "inputs"),
                    format!(
                        "{pre}{} input tracks for {} characters: a replay has one track per character",
                        stage.inputs.len(),
                        r.characters.len()
                    ),
                ));
            }
            if !stage.start_at.is_finite() || stage.start_at < 0.0 {
                return Err(at(
                    &field(i, "start_at"),
                    format!(
                        "{pre}start_at {} is not a time on the stage (seconds from 0)",
                        stage.start_at
                    ),
                ));
            }
            for (player, track) in stage.inputs.iter().enumerate() {
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
                    let mut path = field(i, "inputs");
                    path.extend([Seg::Index(player), Seg::Index(run), Seg::Index(element)]);
                    return Err(at(
                        &path,
                        format!("{pre}input run {} of player {} {why}", run + 1, player + 1),
                    ));
                }
            }
            // Playback follows player 1's track; a shorter second one would be padded with
            // idle input and a longer one cut, so the file is refused instead (new in v2).
            if !v1 {
                let first = stage.inputs.first().map_or(0, |t| track_len(t));
                if let Some((player, track)) = stage
                    .inputs
                    .iter()
                    .enumerate()
                    .find(|(_, t)| track_len(t) != first)
                {
                    let mut path = field(i, "inputs");
                    path.push(Seg::Index(player));
                    return Err(at(
                        &path,
                        format!(
                            "{pre}player {}'s inputs last {} steps but player 1's last {first}: every player's track of a stage lasts as long",
                            player + 1,
                            track_len(track)
                        ),
                    ));
                }
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
        let back: Vec<u8> = r.stages[0].steps().map(|s| s[0].to_bits()).collect();
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
        assert!(r.check_level("r.ron", 0, 0xabc).is_ok());
        let err = r.check_level("r.ron", 0, 0xabd).unwrap_err().to_string();
        assert_eq!(
            err,
            "r.ron: this replay was recorded on a different version of levels/stage1.ron (content hash 0000000000000abc, now 0000000000000abd); it would not play back the same"
        );
    }

    /// A one-player recording of 10 steps in three runs, as a version-1 file (what earlier
    /// builds wrote, byte for byte): the checks below hold old files to the rules they had.
    fn recorded_text() -> String {
        V1_TEXT.to_string()
    }

    const V1_TEXT: &str =
        "// SkySweep replay: seed, level content hash and every step's input (bits, steps).
(
    version: 1,
    level: \"levels/stage1.ron\",
    content_hash: \"0000000000000007\",
    seed: 1,
    characters: [Vela],
    difficulty: Normal,
    start_at: 0.0,
    invincible: false,
    start_power: 1,
    inputs: [[(1, 3), (2, 4), (0, 3)]],
)
";

    #[test]
    fn a_version_1_file_loads_as_a_one_stage_replay() {
        let r = Replay::from_ron("old.ron", V1_TEXT).unwrap();
        assert_eq!(r.version, 1);
        assert_eq!((r.seed, r.start_power, r.invincible), (1, 1, false));
        assert_eq!(r.stages.len(), 1);
        let s = &r.stages[0];
        assert_eq!(
            (
                s.level.as_str(),
                s.content_hash.as_str(),
                s.start_at,
                s.loop_index
            ),
            ("levels/stage1.ron", "0000000000000007", 0.0, 0)
        );
        let bits: Vec<u8> = s.steps().map(|i| i[0].to_bits()).collect();
        assert_eq!(bits, [1, 1, 1, 2, 2, 2, 2, 0, 0, 0]);
        // Written back, it takes the current layout and reads the same.
        let again = Replay::from_ron("new.ron", &r.to_ron()).unwrap();
        assert_eq!(again.version, REPLAY_VERSION);
        assert_eq!(again.stages, r.stages);
        // A version-1 file cannot borrow version 2's fields.
        let text = edited(V1_TEXT, "inputs:", "loop_index: 0,\n    inputs:");
        let err = Replay::from_ron("old.ron", &text).unwrap_err().to_string();
        assert!(err.starts_with("old.ron:"), "{err}");
        assert!(err.contains("loop_index"), "{err}");
    }

    #[test]
    fn unknown_versions_are_refused_by_number() {
        let text = edited(V1_TEXT, "version: 1", "version: 3");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            "r.ron: replay format version 3 is not supported (this build reads versions 1 and 2)"
        );
    }

    /// A two-stage, two-player recording: stage 1 from 12.5 s, stage 2 on loop 0, as RON text.
    fn two_stage() -> Replay {
        let mut r = Replay::new(
            "levels/stage1.ron",
            0x1111,
            5,
            vec![Character::Vela, Character::Wren],
            Difficulty::Hard,
            12.5,
            false,
        );
        for bits in [1, 1, 3, 3, 0] {
            r.record(&[Input::from_bits(bits), Input::from_bits(64)]);
        }
        let mut level = (*crate::sim::scenario::quiet_level()).clone();
        level.source = "levels/stage2.ron".into();
        level.content_hash = 0x2222;
        r.begin_stage(&level, &crate::sim::WorldConfig::default());
        for bits in [2, 2, 2, 5] {
            r.record(&[Input::from_bits(bits), Input::from_bits(bits)]);
        }
        r
    }

    #[test]
    fn a_two_stage_recording_round_trips_through_ron() {
        let r = two_stage();
        assert_eq!((r.stages.len(), r.len()), (2, 9));
        assert_eq!((r.stages[0].len(), r.stages[1].len()), (5, 4));
        let text = r.to_ron();
        assert!(text.contains("version: 2"), "{text}");
        let back = Replay::from_ron("t.ron", &text).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.stages[0].start_at, 12.5);
        assert_eq!(back.stages[1].start_at, 0.0);
        assert_eq!(back.stages[1].content_hash, "0000000000002222");
        let p2: Vec<u8> = back.stages[1].steps().map(|i| i[1].to_bits()).collect();
        assert_eq!(p2, [2, 2, 2, 5]);
    }

    #[test]
    fn a_changed_later_stage_is_refused_naming_its_file() {
        let r = two_stage();
        assert!(r.check_level("run.ron", 1, 0x2222).is_ok());
        let err = r.check_level("run.ron", 1, 0x2223).unwrap_err().to_string();
        assert_eq!(
            err,
            "run.ron: stage 2 of this replay was recorded on a different version of levels/stage2.ron (content hash 0000000000002222, now 0000000000002223); it would not play back the same"
        );
        let err = r
            .check_start("run.ron", 0, "levels/stage1.ron", 10.0)
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "run.ron: stage 1: start_at 12.5 is past the end of levels/stage1.ron, which is 10 seconds long"
        );
    }

    /// Where the `n`-th (from 0) occurrence of `needle` starts in `text`, as line and column.
    fn nth_position(text: &str, needle: &str, n: usize) -> (usize, usize) {
        let start = text
            .match_indices(needle)
            .nth(n)
            .unwrap_or_else(|| panic!("{needle:?} #{n} not in {text}"))
            .0;
        line_col(text, start)
    }

    #[test]
    fn bad_version_2_files_are_refused_where_the_fault_stands() {
        let good = two_stage().to_ron();
        // No stages at all: blamed on the empty list.
        let start = good.find("stages: [").unwrap();
        let end = good.rfind(']').unwrap();
        let text = format!("{}stages: []{}", &good[..start], &good[end + 1..]);
        let (line, col) = nth_position(&text, "[]", 0);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: a replay records at least one stage; this one lists none")
        );
        // The field missing altogether is serde's error, still with a place.
        let text = format!("{}{}", &good[..start], &good[end + 2..]);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert!(err.starts_with("r.ron:") && err.contains("stages"), "{err}");

        // A hash not in the written form, in stage 2.
        let text = edited(&good, "\"0000000000002222\"", "\"22x2\"");
        let (line, col) = nth_position(&text, "\"22x2\"", 0);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: stage 2: content_hash \"22x2\" is not a content hash (16 hex digits)")
        );

        // An unknown field inside a stage.
        let text = edited(
            &good,
            "loop_index: 0,",
            "loop_index: 0,\n            looping: 1,",
        );
        let (line, col) = nth_position(&text, "looping", 0);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert!(
            err.starts_with(&format!("r.ron:{line}:{col}: ")) && err.contains("looping"),
            "{err}"
        );

        // A start before the stage, in stage 2 (stage 1 starts at 12.5, so stage 2's is the
        // only `start_at: 0.0`).
        let second_start = good.find("start_at: 0.0").unwrap();
        let text = format!(
            "{}start_at: -2.0{}",
            &good[..second_start],
            &good[second_start + "start_at: 0.0".len()..]
        );
        let (line, col) = nth_position(&text, "-2.0", 0);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: stage 2: start_at -2 is not a time on the stage (seconds from 0)")
        );

        // A run of zero steps in stage 2, player 2.
        assert!(
            good.contains("[[(2, 3), (5, 1)], [(2, 3), (5, 1)]]"),
            "{good}"
        );
        let text = edited(&good, "[(2, 3), (5, 1)]]", "[(2, 3), (5, 0)]]");
        let (line, col) = position_of(&text, "(5, 0", "0");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: stage 2: input run 2 of player 2 lasts 0 steps; every (bits, steps) run lasts at least 1")
        );

        // Tracks of one stage that disagree on its length.
        let text = edited(&good, "[(2, 3), (5, 1)]]", "[(2, 3), (5, 2)]]");
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        let (tl, tc) = nth_position(&text, "[(2, 3), (5, 2)]", 0);
        assert_eq!(
            err,
            format!("r.ron:{tl}:{tc}: stage 2: player 2's inputs last 5 steps but player 1's last 4: every player's track of a stage lasts as long")
        );

        // Stage 2's tracks must match the characters too.
        let text = edited(
            &good,
            "[[(2, 3), (5, 1)], [(2, 3), (5, 1)]]",
            "[[(2, 3), (5, 1)]]",
        );
        let (line, col) = nth_position(&text, "[[(2, 3), (5, 1)]]", 0);
        let err = Replay::from_ron("r.ron", &text).unwrap_err().to_string();
        assert_eq!(
            err,
            format!("r.ron:{line}:{col}: stage 2: 1 input tracks for 2 characters: a replay has one track per character")
        );
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
            .check_start("runs/r.ron", 0, "levels/stage1.ron", 200.5)
            .is_ok());
        let err = r
            .check_start("runs/r.ron", 0, "levels/stage1.ron", 180.0)
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
