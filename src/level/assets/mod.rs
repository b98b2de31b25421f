//! What the `assets/` folder offers a level, and the music's own tables.
//!
//! - [`catalog`]: the [`Catalog`] of sprite names (`sprites/atlas.ron`), images and music cues
//!   the loader checks every name a level gives against; reading the folder is its only I/O.
//! - [`music_titles`] and [`music_loops`]: `music/titles.ron` and `music/loops.ron`, each a
//!   table keyed by music cue, read and checked against the music that is there through one
//!   [`cue_table`].
//!
//! Rules: this folder names no level type (schema, link or resolved); it reports problems as
//! the level's own diagnostics (`text::diag`).

pub mod catalog;
pub mod cue_table;
pub mod music_loops;
pub mod music_titles;

pub use catalog::{is_long_music, read_atlas, AssetKind, Catalog, SpriteInfo, ATLAS, GAME_MUSIC};
