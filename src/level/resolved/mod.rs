//! The level as loaded: names resolved to indices, values checked, ready for the simulation,
//! which reads only these types (never the [`schema`](super::schema) authors write). Linking
//! (`level::link`) builds them from the schema; nothing reads them from text.
//!
//! Postcard over a [`Level`] is the replays' level hash (`sim::replay::level_hash`), so the
//! order of every type's fields and variants, and their types, are part of every recorded
//! replay: a new field or variant goes last, and one that plays the same when left at a neutral
//! value is left out of the encoding there. These types name nothing in `level` but
//! [`Tier`](super::Tier).

mod enemy;
mod path;
mod pattern;
mod stage;

pub use enemy::{BossPhase, EnemyLayer, EnemyType, HitShape, ItemDrop, Part, Weapon};
pub use path::{waypoints_at, waypoints_total_s, Leg, List, Path};
pub use pattern::{BulletStyle, Pattern, PatternKind};
pub use stage::{Background, Level, Parallax, TimelineEvent};
