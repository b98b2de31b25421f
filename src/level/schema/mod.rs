//! The level format as authors write it, in RON. See `levels/README.md` for the reference.
//!
//! Units are the ones a person reads: seconds, playfield pixels (the playfield is 224x320 with
//! y pointing down), pixels per second, and degrees where 0° points right and 90° points down.
//! Every field that has a sensible default may be left out; each file keeps the values its
//! fields take then beside the fields, and the few that several share sit below.
//!
//! These types are read from text (`text::parse`) and only linking (`link`) reads them: it
//! checks them and builds the [`resolved`](super::resolved) level the simulation plays, so
//! nothing past `level` names a type from here. The schema names only the [`Difficulty`]
//! (`only: [normal, hard]`) and the [`limits`](super::limits) its defaults stay within.
//!
//! [`Difficulty`]: super::Difficulty

mod by_difficulty;
mod enemy;
mod event;
pub mod fields;
mod path;
mod pattern;
mod stage;

pub(crate) use by_difficulty::PER_DIFFICULTY;
pub use by_difficulty::{LoopScale, Only, PerDifficulty, LOOP_FACTOR};
pub use enemy::{BossPhaseDef, EnemyDef, ItemDef, LayerDef, PartDef, ShapeDef, WeaponDef};
pub use event::TimelineEventDef;
pub use path::{LegDef, PathDef};
pub use pattern::{BulletStyle, PatternDef, PatternKind};
pub use stage::{BackgroundDef, DefsFile, ParallaxDef, StageDef};

// Values left out that more than one kind of value shares.

/// Where bosses come in (`Boss`, `MidBoss`) and where a `Hover` path holds them.
fn boss_y() -> f32 {
    80.0
}

/// A heading of 90°: down the screen.
fn down() -> f32 {
    90.0
}

/// One: a pattern's bullets and volleys, a wave's repeats.
fn one_u32() -> u32 {
    1
}
