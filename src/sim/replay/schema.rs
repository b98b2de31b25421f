//! The replay's current RON layout (version 2): the run's settings, then one record a stage.
//! The older one-stage layout is read by [`super::format`] and turned into this one.

use serde::{Deserialize, Serialize};

use crate::sim::character::{Character, Difficulty};

/// The format written.
pub const REPLAY_VERSION: u32 = 2;
/// The oldest format still read: one stage per file.
pub const REPLAY_VERSION_ONE_STAGE: u32 = 1;

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
    /// Power level the players started the run with, 1 to
    /// [`MAX_POWER`](crate::sim::player::MAX_POWER) in a loaded replay.
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

/// `start_power`'s default in both layouts: a file that leaves it out started unpowered.
pub(super) fn one() -> u8 {
    1
}

/// Steps in one run-length track; u64 so a hand-edited file cannot overflow it.
pub(super) fn track_len(track: &[(u8, u32)]) -> u64 {
    track.iter().map(|&(_, n)| n as u64).sum()
}

impl StageRecord {
    /// Steps recorded on this stage: player 1's track, which playback follows.
    pub fn len(&self) -> usize {
        self.inputs.first().map_or(0, |t| track_len(t) as usize)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Replay {
    /// Steps recorded, over every stage.
    pub fn len(&self) -> usize {
        self.stages.iter().map(StageRecord::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
