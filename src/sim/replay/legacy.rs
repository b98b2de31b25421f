//! The older layouts, read and turned into the current [`Replay`]: version 1 (one stage, its
//! fields at the top level) and version 2 (a list of stages, no checkpoints, no rules
//! fingerprint). Both hash a stage by its text (`content_hash`).
//!
//! A replay read from either is written back as version 2: it has no checkpoints and no
//! fingerprint, and its hashes are of the text, so calling it version 3 would be a lie.

use serde::{Deserialize, Serialize};

use super::schema::{Replay, StageRecord, REPLAY_VERSION_STAGES};
use crate::level::Difficulty;
use crate::sim::model::character::Character;

/// `start_power`'s default in both old layouts: a file that leaves it out started unpowered.
fn one() -> u8 {
    1
}

/// The version-1 layout: one stage, its fields beside the run's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Replay")]
pub(super) struct ReplayV1 {
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

/// The version-2 layout.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Replay")]
pub(super) struct ReplayV2 {
    version: u32,
    seed: u64,
    characters: Vec<Character>,
    difficulty: Difficulty,
    #[serde(default)]
    invincible: bool,
    #[serde(default = "one")]
    start_power: u8,
    stages: Vec<StageV2>,
}

/// One stage of the version-2 layout.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "StageRecord")]
struct StageV2 {
    level: String,
    content_hash: String,
    #[serde(default)]
    start_at: f32,
    #[serde(default)]
    loop_index: u32,
    inputs: Vec<Vec<(u8, u32)>>,
}

impl From<StageV2> for StageRecord {
    /// What version 3 added to a stage is left empty.
    fn from(s: StageV2) -> Self {
        StageRecord {
            level: s.level,
            name: String::new(),
            level_hash: s.content_hash,
            start_at: s.start_at,
            loop_index: s.loop_index,
            score: 0,
            inputs: s.inputs,
            checkpoints: Vec::new(),
        }
    }
}

impl From<ReplayV1> for ReplayV2 {
    /// The one stage becomes the first and only stage, on the first loop (version 1 had no
    /// loops); `version` stays 1 so the checks know which rules the file was written to.
    fn from(o: ReplayV1) -> Self {
        ReplayV2 {
            version: o.version,
            seed: o.seed,
            characters: o.characters,
            difficulty: o.difficulty,
            invincible: o.invincible,
            start_power: o.start_power,
            stages: vec![StageV2 {
                level: o.level,
                content_hash: o.content_hash,
                start_at: o.start_at,
                loop_index: 0,
                inputs: o.inputs,
            }],
        }
    }
}

impl From<ReplayV1> for Replay {
    fn from(o: ReplayV1) -> Self {
        ReplayV2::from(o).into()
    }
}

impl From<ReplayV2> for Replay {
    /// What version 3 added to a run is left empty.
    fn from(o: ReplayV2) -> Self {
        Replay {
            version: o.version,
            game_version: String::new(),
            rules: String::new(),
            name: String::new(),
            date: 0,
            seed: o.seed,
            characters: o.characters,
            difficulty: o.difficulty,
            invincible: o.invincible,
            start_power: o.start_power,
            // Older files were all played under the game's own arcade rules.
            arcade: Default::default(),
            stages: o.stages.into_iter().map(StageRecord::from).collect(),
        }
    }
}

/// `r`, read from a version-1 or -2 file, in the version-2 layout (what version 3 adds is
/// dropped: an old file holds none of it).
pub(super) fn as_v2(r: &Replay) -> ReplayV2 {
    ReplayV2 {
        version: REPLAY_VERSION_STAGES,
        seed: r.seed,
        characters: r.characters.clone(),
        difficulty: r.difficulty,
        invincible: r.invincible,
        start_power: r.start_power,
        stages: r
            .stages
            .iter()
            .map(|s| StageV2 {
                level: s.level.clone(),
                content_hash: s.level_hash.clone(),
                start_at: s.start_at,
                loop_index: s.loop_index,
                inputs: s.inputs.clone(),
            })
            .collect(),
    }
}
