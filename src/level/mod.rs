//! Levels: the RON format authors write ([`schema`]), loading with diagnostics that name file,
//! line and column ([`load`], [`diag`]), the bounds that keep shared files safe ([`limits`]),
//! and the resolved [`Level`] the simulation runs.

pub mod check;
pub mod diag;
pub mod limits;
pub mod load;
pub mod resolved;
pub mod schema;

pub use diag::{Diagnostic, LevelError};
pub use load::{load_stage, parse_stage, Source};
pub use resolved::{EnemyType, Event, Level, Part, Phase, Weapon};
