//! A run as a value. The command line and every menu build a [`RunPlan`]: which stages, pilots,
//! difficulty, loop, start, power, arcade rules and invincibility, and what [`RunKind`] of run
//! it is. [`prepare`] turns a plan into what the simulation and the window need, or a typed
//! [`RunError`]. What each kind of run may do (scores, bests, the record, unlocks, the replay
//! offer, pause rows, practice tools) is one table, [`RunKind::rules`].
//!
//! Nothing here knows the command line's types or the window.

pub mod attack;
mod error;
mod kind;
mod plan;
mod prepare;
mod shipped;
#[cfg(test)]
mod tests;

pub use error::RunError;
pub use kind::{PauseRow, Record, Rules, RunKind, Tools};
pub use plan::{RunPlan, Stages, Start};
pub use prepare::{prepare, PreparedRun};
pub use shipped::{Shipped, DEFAULT_LEVEL};
