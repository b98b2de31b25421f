//! The setting that decides whether a finished run's replay is kept: always, ask or never.

use serde::{Deserialize, Serialize};

/// Whether the game saves a replay of each finished run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SaveReplays {
    /// Straight to naming it.
    Always,
    /// Asks first.
    #[default]
    Ask,
    /// Never offered.
    Never,
}

impl SaveReplays {
    pub const ALL: [SaveReplays; 3] = [SaveReplays::Always, SaveReplays::Ask, SaveReplays::Never];

    pub fn name(self) -> &'static str {
        match self {
            SaveReplays::Always => "ALWAYS",
            SaveReplays::Ask => "ASK",
            SaveReplays::Never => "NEVER",
        }
    }
}
