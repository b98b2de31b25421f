//! The files authors write: a stage (`levels/stageN.ron`) with its background, and a shared
//! definitions file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{EnemyDef, LoopScale, PatternDef, TimelineEventDef};

/// One stage file, `levels/stageN.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Stage")]
pub struct StageDef {
    pub name: String,
    /// Definition files (patterns, enemies, bosses) this stage uses, relative to its folder.
    #[serde(default)]
    pub uses: Vec<String>,
    /// Seconds from start to the end of the timeline. Without a boss the stage clears here.
    pub length_s: f32,
    /// Ground scroll speed at the start, in pixels per second.
    #[serde(default = "scroll_speed")]
    pub scroll_speed: f32,
    /// Enemy bullets alive at once, at most (1 to `limits::MAX_ENEMY_BULLETS`); volleys
    /// beyond it are not fired. The world reserves memory for this many when the stage loads.
    #[serde(default = "max_bullets")]
    pub max_bullets: u32,
    #[serde(default)]
    pub background: BackgroundDef,
    /// Music cue name, a file in `assets/music/` without extension.
    #[serde(default)]
    pub music: String,
    /// The music cue the boss brings in.
    #[serde(default = "boss_music")]
    pub boss_music: String,
    /// Named times, for practice (`--at boss`) and for hot reload to restart at.
    #[serde(default)]
    pub markers: BTreeMap<String, f32>,
    #[serde(default)]
    pub events: Vec<TimelineEventDef>,
    /// Named waves: lists of events whose times count from where a `Wave` event places them
    /// (see [`TimelineEventDef::Wave`]). Expanded when the stage loads.
    #[serde(default)]
    pub waves: BTreeMap<String, Vec<TimelineEventDef>>,
    /// Definitions local to this stage, merged with those from `uses`.
    #[serde(default)]
    pub patterns: BTreeMap<String, PatternDef>,
    #[serde(default)]
    pub enemies: BTreeMap<String, EnemyDef>,
    /// How the second and later loops scale this stage's hp and spawn counts.
    #[serde(default)]
    pub loop2: Option<LoopScale>,
}

/// A shared definitions file, used by stages through `uses`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Defs")]
pub struct DefsFile {
    #[serde(default)]
    pub patterns: BTreeMap<String, PatternDef>,
    #[serde(default)]
    pub enemies: BTreeMap<String, EnemyDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Background")]
pub struct BackgroundDef {
    /// Ground image under `assets/`, tiled vertically, scrolling with ground enemies.
    #[serde(default = "ground")]
    pub ground: String,
    /// Parallax layers drawn above the ground (clouds), each with its own speed factor.
    #[serde(default)]
    pub layers: Vec<ParallaxDef>,
    /// Colour behind everything, `(r, g, b)` 0-255.
    #[serde(default = "sky")]
    pub sky: (u8, u8, u8),
}

impl Default for BackgroundDef {
    fn default() -> Self {
        Self {
            ground: ground(),
            layers: Vec::new(),
            sky: sky(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Layer")]
pub struct ParallaxDef {
    pub image: String,
    /// Speed relative to the ground: 1.0 moves with it, 1.5 moves faster (closer to the eye).
    #[serde(default = "one")]
    pub speed: f32,
    /// 0.0 transparent to 1.0 opaque.
    #[serde(default = "one")]
    pub alpha: f32,
}

// The values its fields take when they are left out.

fn boss_music() -> String {
    "boss".into()
}

fn ground() -> String {
    "backgrounds/stage1_ground.png".into()
}

fn max_bullets() -> u32 {
    crate::level::limits::DEFAULT_ENEMY_BULLETS as u32
}

fn one() -> f32 {
    1.0
}

fn scroll_speed() -> f32 {
    24.0
}

fn sky() -> (u8, u8, u8) {
    (40, 60, 90)
}
