//! The replay in memory, which is also the current RON layout (version 3): who recorded it and
//! under which rules, the run's settings, then one record a stage with its checkpoints.
//! The older layouts (versions 1 and 2) are read by [`super::legacy`] and turned into this one.

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::sim::model::arcade::ArcadeRules;
use crate::sim::model::character::Character;

/// The format written for a new recording.
pub const REPLAY_VERSION: u32 = 3;
/// The list-of-stages layout with no checkpoints, still read (and written back as itself).
pub const REPLAY_VERSION_STAGES: u32 = 2;
/// The oldest format still read: one stage per file.
pub const REPLAY_VERSION_ONE_STAGE: u32 = 1;

/// Steps between two checkpoints of a version-3 recording: 5 seconds at 60 Hz.
pub const CHECKPOINT_STEPS: u32 = 300;

/// A recorded run: what every stage shares, then each stage in the order played.
///
/// The fields `game_version` to `date` exist from version 3 on; a replay read from an older
/// file holds them empty (and 0), and no checkpoints.
// Unknown fields are refused: a misspelt `start_power` would otherwise fall back to its default
// and play back a different run without a word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Replay")]
pub struct Replay {
    /// The format the replay was read in (1, 2 or 3); [`Replay::to_ron`] writes a version-3
    /// replay as version 3 and an older one as version 2 (see [`super::legacy`]).
    pub version: u32,
    /// The game's version that recorded it (`CARGO_PKG_VERSION`), for people; playback does
    /// not consult it.
    pub game_version: String,
    /// The rules fingerprint it was recorded under ([`super::rules::fingerprint`]), 16 hex
    /// digits: another one means the run may no longer play back the same.
    pub rules: String,
    /// The name the player gave it; may be empty.
    pub name: String,
    /// When the recording began, seconds since 1970-01-01 UTC (0 when unknown).
    pub date: u64,
    pub seed: u64,
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    pub invincible: bool,
    /// Power level the players started the run with, 1 to
    /// [`MAX_POWER`](crate::sim::model::player::MAX_POWER) in a loaded replay.
    /// Later stages start from the power the simulation carries over, not from this.
    pub start_power: u8,
    /// Lives, extends and continues the run was played under. Written only when they are not
    /// the game's own, so a file from before the arcade settings reads as the defaults and a
    /// run under the defaults is written as it always was.
    #[serde(default, skip_serializing_if = "ArcadeRules::is_default")]
    pub arcade: ArcadeRules,
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
    /// The stage's name as it was shown, for listings (empty before version 3).
    pub name: String,
    /// 16 hex digits. From version 3, the hash of the level as loaded
    /// ([`super::level_hash::level_hash`]); in older files, the hash of the stage's text
    /// ([`Level::content_hash`](crate::level::Level::content_hash)). A replay refuses to run
    /// on a level whose hash of the same kind differs.
    pub level_hash: String,
    /// Seconds into the stage it started; a loaded replay holds a finite value of 0 or more
    /// (see [`Replay::check_start`] for the stage's end).
    pub start_at: f32,
    /// Which loop of the game (0 the first time through, 1 after the last stage was cleared).
    pub loop_index: u32,
    /// Every player's score added up after the stage's last recorded step (0 before version 3).
    pub score: u64,
    /// One run-length list of `(bits, steps)` per player; every run of a loaded replay lasts
    /// at least one step and every track of a stage lasts as many steps.
    pub inputs: Vec<Vec<(u8, u32)>>,
    /// `(step, state hash)` pairs: the world's
    /// [`state_hash`](crate::sim::World::state_hash), 16 hex digits, after that many steps of
    /// the stage, every [`CHECKPOINT_STEPS`] steps and at the stage's last step. Steps rise
    /// strictly and lie within the stage. Empty before version 3.
    pub checkpoints: Vec<(u32, String)>,
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

    /// The score the run ended on: its last stage's (0 for a replay older than version 3,
    /// which did not store it).
    pub fn final_score(&self) -> u64 {
        self.stages.last().map_or(0, |s| s.score)
    }
}
