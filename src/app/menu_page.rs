//! The title's menus a run or a scene goes back to when it ends: a leaf, named by both the
//! scenes' transitions and the session that remembers where it was chosen.

/// The title's menus a scene may end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuPage {
    /// PRACTICE, as the player left it: CHANGE SETTINGS after a practice run.
    Practice,
    /// REPLAYS, after a replay chosen there ends.
    Replays,
    /// PRACTICE > BOSS ATTACKS, after a boss attack played alone ends.
    Attacks,
    /// HIGH SCORES on this difficulty with this row chosen, after its replay ends.
    HighScores {
        difficulty: skysweep::level::Difficulty,
        row: usize,
    },
}

impl MenuPage {
    /// The menu's name, for BACK TO ... rows and lines.
    pub fn name(self) -> &'static str {
        match self {
            MenuPage::Practice => "PRACTICE",
            MenuPage::Replays => "REPLAYS",
            MenuPage::HighScores { .. } => "HIGH SCORES",
            MenuPage::Attacks => "BOSS ATTACKS",
        }
    }
}
