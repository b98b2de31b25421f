//! Levels: from the RON text authors write to the resolved [`Level`] the simulation runs.
//!
//! - [`schema`]: the format as authors write it, each value with its defaults beside it.
//! - [`text`]: a file as text: reading, parsing RON into the schema, finding places in the
//!   text, and diagnostics that name file, line and column and show the line.
//! - `link`: checking the schema's values, turning names into indices, and building the
//!   resolved level from them.
//! - [`resolved`]: the loaded level's own types, the only ones the simulation reads.
//! - [`load`]: the front door that reads, parses and links a stage and the files it `uses`;
//!   which files are stages, `skysweep check`, and hot reload while editing.
//! - [`assets`]: the sprite names, images and music cues a level may name, and the music's
//!   titles and loop regions.
//! - [`difficulty`]: difficulties, the rules each plays by, and the [`Tier`] a level is resolved
//!   for; [`limits`]: the bounds that keep a shared file from exhausting memory; [`confined`]:
//!   the rule that keeps the paths a level names inside their folders.
//!
//! Data flows one way: `load` reads `text` into the `schema`, `link` turns the schema into the
//! `resolved` level. The simulation, runs, render and app name `resolved` types (mostly through
//! the re-exports below), never `schema` ones; only tools that read a file as written (the
//! balance plot's sections) do. Nothing here imports the simulation, the window or the app;
//! file I/O goes through `platform`.

pub mod assets;
pub mod confined;
pub mod difficulty;
pub mod limits;
mod link;
pub mod load;
pub mod resolved;
pub mod schema;
pub mod text;

pub use assets::Catalog;
pub use difficulty::{Difficulty, Tier};
pub use load::stage_files::{extra_stage, is_extra_stage, stage_files, stage_number, EXTRA_STAGE};
pub use load::watch::LevelWatcher;
pub use load::{
    load_stage, load_stage_linted, parse_stage, parse_stage_linted, read_source, Source,
};
pub use resolved::{
    Background, BossPhase, BulletStyle, EnemyLayer, EnemyType, HitShape, ItemDrop, Level, Parallax,
    Part, Path, Pattern, PatternKind, TimelineEvent, Weapon,
};
pub use text::diag::{Diagnostic, LevelError};
