//! Levels: the RON format authors write ([`schema`]), loading with diagnostics that name file,
//! line and column ([`load`], [`diag`]) and show the line ([`report`]), the assets a level may
//! name ([`assets`]), the bounds that keep shared files safe ([`limits`]), hot reload while
//! editing ([`watch`]), and the resolved [`Level`] the simulation runs.
//!
//! Loading goes down through private steps: reading a file's text (`read`), parsing RON
//! (`parse`), reading the files a stage `uses` (`uses`), then linking: checking values and
//! turning names into indices (`link`). [`load`] is their front door.

pub mod assets;
mod brackets;
pub mod check;
pub mod cue_table;
pub mod diag;
pub mod difficulty;
pub mod limits;
mod link;
pub mod load;
pub mod locate;
pub mod music_loops;
pub mod music_titles;
mod parse;
mod read;
pub mod report;
pub mod resolved;
pub mod schema;
mod source;
pub mod stage_files;
mod unclosed;
mod uses;
pub mod watch;

pub use assets::Catalog;
pub use diag::{Diagnostic, LevelError};
pub use difficulty::{Difficulty, Tier};
pub use load::{
    load_stage, load_stage_linted, parse_stage, parse_stage_linted, read_source, Source,
};
pub use resolved::{
    Background, BossPhase, BulletStyle, EnemyLayer, EnemyType, HitShape, ItemDrop, Level, Parallax,
    Part, Path, Pattern, PatternKind, TimelineEvent, Weapon,
};
pub use stage_files::{extra_stage, is_extra_stage, stage_files, stage_number, EXTRA_STAGE};
pub use watch::LevelWatcher;
