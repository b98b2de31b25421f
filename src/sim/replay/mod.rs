//! Replays: the seed, and for every stage the run played its level, content hash, start and
//! every step's input, saved as RON.
//!
//! Version 2 (written now) holds a list of stages, so a run that clears stage 1 and goes on
//! replays whole. Version 1 files (one stage, its fields at the top level) still load: they
//! become a one-stage [`Replay`].
//!
//! `schema` is the current layout; `format` reads either version and writes the current one,
//! with `validate` refusing values no recorded run can have; `record` builds a replay while
//! playing, and `playback` steps through one after checking its stages are unchanged.

mod error;
mod format;
mod playback;
mod record;
mod schema;
mod validate;

#[cfg(test)]
mod tests;

pub use error::ReplayError;
pub use format::MAX_REPLAY_BYTES;
pub use schema::{Replay, StageRecord, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE};
