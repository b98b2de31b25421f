//! Replays: who recorded a run, under which rules, its seed, and for every stage the run
//! played its level, level hash, start, every step's input and checkpoints, saved as RON.
//!
//! Version 3 (written now) adds to version 2 the game's version, the [rules
//! fingerprint](rules), the player's name, the date, each stage's name and score, a hash of
//! each level as loaded ([`level_hash`]) instead of its text, and a checkpoint (the
//! world's state hash) every 5 seconds and at each stage's last step. Versions 2 (a list of
//! stages) and 1 (one stage, its fields at the top level) still load and play, unchecked
//! until their end, which they hold no hash of.
//!
//! For a menu or a window:
//! - [`Replay::load`] reads a file (bounded, never panicking), [`listing::list`] also says
//!   whether it plays ([`Listing`]) without playing it, [`Replay::save`] writes one atomically;
//! - [`Replay::for_run`], [`Replay::begin_stage`] and [`Replay::record_step`] record a run;
//! - [`Replay::stage_config`] and [`StagePlayback`] play a stage back, stopping at the first
//!   checkpoint that differs ([`Desync`]); [`verify::carry_into`] plays the stages before a
//!   chosen one headless, to start a replay from its second stage;
//! - [`verify::verify`] plays a whole replay headless (`skysweep verify`).
//!
//! `schema` is the current layout and `legacy` the older ones; `format` reads any and writes
//! one, with `validate` refusing values no recorded run can have; `record` builds a replay
//! while playing, and `playback` steps through one after checking its stages are unchanged.

mod error;
mod format;
mod legacy;
pub mod level_hash;
pub mod listing;
mod playback;
mod record;
pub mod rules;
mod schema;
mod validate;
pub mod verify;

#[cfg(test)]
mod tests;

pub use error::ReplayError;
pub use format::MAX_REPLAY_BYTES;
pub use level_hash::level_hash;
pub use listing::{Listing, ListingState};
pub use playback::{Desync, StagePlayback};
pub use schema::{
    Replay, StageRecord, CHECKPOINT_STEPS, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE,
    REPLAY_VERSION_STAGES,
};
pub use validate::{MAX_NAME_CHARS, MAX_STAGES, MAX_STAGE_STEPS};
