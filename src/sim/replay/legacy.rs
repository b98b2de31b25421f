//! The older layouts, read and turned into the current [`Replay`]: version 1 (one stage, its
//! fields at the top level) and version 2 (a list of stages, no checkpoints, no rules
//! fingerprint). Both hash a stage by its text (`content_hash`).
//!
//! A replay read from either is written back as version 2: it has no checkpoints and no
//! fingerprint, and its hashes are of the text, so calling it version 3 would be a lie.

use serde::{Deserialize, Serialize};

use super::schema::{Replay, StageRecord, REPLAY_VERSION_STAGES};
use crate::sim::character::{Character, Difficulty};

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

/// A stage of an old file: what version 3 added is left empty.
fn old_stage(
    level: String,
    content_hash: String,
    start_at: f32,
    loop_index: u32,
    inputs: Vec<Vec<(u8, u32)>>,
) -> StageRecord {
    StageRecord {
        level,
        name: String::new(),
        level_hash: content_hash,
        start_at,
        loop_index,
        score: 0,
        inputs,
        checkpoints: Vec::new(),
    }
}

/// A run of an old file: what version 3 added is left empty.
fn old_run(
    version: u32,
    seed: u64,
    characters: Vec<Character>,
    difficulty: Difficulty,
    invincible: bool,
    start_power: u8,
    stages: Vec<StageRecord>,
) -> Replay {
    Replay {
        version,
        game_version: String::new(),
        rules: String::new(),
        name: String::new(),
        date: 0,
        seed,
        characters,
        difficulty,
        invincible,
        start_power,
        arcade: Default::default(),
        stages,
    }
}

impl From<ReplayV1> for Replay {
    /// The one stage becomes the first and only [`StageRecord`], on the first loop (version 1
    /// had no loops); `version` stays 1 so the checks know which rules the file was written to.
    fn from(o: ReplayV1) -> Self {
        let stage = old_stage(o.level, o.content_hash, o.start_at, 0, o.inputs);
        old_run(
            o.version,
            o.seed,
            o.characters,
            o.difficulty,
            o.invincible,
            o.start_power,
            vec![stage],
        )
    }
}

impl From<ReplayV2> for Replay {
    fn from(o: ReplayV2) -> Self {
        let stages = o
            .stages
            .into_iter()
            .map(|s| old_stage(s.level, s.content_hash, s.start_at, s.loop_index, s.inputs))
            .collect();
        old_run(
            o.version,
            o.seed,
            o.characters,
            o.difficulty,
            o.invincible,
            o.start_power,
            stages,
        )
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
