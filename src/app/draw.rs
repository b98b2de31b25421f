//! What a scene's drawing may read, lent by the router each frame (the context's `drawing`):
//! [`Draw`]. Drawing takes no context (`Ctx`), so it cannot change the game; the renderer is
//! the only thing it changes.

use macroquad::prelude::Vec2;

use crate::render::Renderer;
use crate::window::frame_times::FrameTimes;
use skysweep::level::Difficulty;
use skysweep::save::player_data::PlayerData;
use skysweep::save::practice::PracticeRecord;
use skysweep::save::scores::ScoreTable;
use skysweep::save::settings::Settings;

/// What a scene's drawing may read, and the renderer it draws with: the only thing it changes.
pub struct Draw<'a> {
    /// The renderer; the effects it keeps move on as they are drawn.
    pub renderer: &'a mut Renderer,
    pub settings: &'a Settings,
    pub scores: &'a ScoreTable,
    /// What checking the high scores' replays found so far.
    pub score_checks: &'a crate::app::services::score_checks::ScoreChecks,
    /// The player's record for EXTRAS.
    pub player_data: &'a PlayerData,
    /// The practice record: the best result per stage and start.
    pub practice: &'a PracticeRecord,
    /// Pads connected.
    pub pads: usize,
    /// Animation counter, one per step.
    pub anim: u64,
    /// Hitbox overlay on (F1).
    pub debug: bool,
    /// This frame's timings, for the F1 overlay.
    pub times: &'a FrameTimes,
    /// This frame's screen-shake offset of the playfield.
    pub shake: Vec2,
    /// The scene drawing is under an overlay (the pause menu): what it would put where the
    /// overlay draws is left out.
    pub covered: bool,
}

impl Draw<'_> {
    /// The HI SCORE on `difficulty`: the table's best, or `playing`'s best player if higher.
    /// Each player is ranked alone, so the HI SCORE a game can set is its best player's.
    pub fn hi_score(&self, difficulty: Difficulty, playing: Option<u64>) -> u64 {
        let best = self.scores.best(difficulty);
        playing.map_or(best, |p| best.max(p))
    }
}
