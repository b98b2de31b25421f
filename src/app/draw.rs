//! What a scene's drawing may read, lent by the router each frame: [`Draw`]. Drawing takes
//! no [`super::ctx::Ctx`], so it cannot change the game; the renderer is the only thing it
//! changes.

use macroquad::prelude::Vec2;

use super::run::Run;
use crate::cli::Cli;
use crate::render::debug_overlay::FrameTimes;
use crate::render::Renderer;
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
    // The lead moves this out with the run's owner.
    /// The run: what kind it is (campaign, replay from the menu, custom, Extra), its difficulty.
    pub run: &'a Run,
    // The lead moves this out with the run's owner.
    /// A practice run from PRACTICE is in play.
    pub practicing: bool,
    // The lead moves this out with the run's owner.
    /// The command line, for its run options (a chosen stage, start, power, invincibility).
    pub cli: &'a Cli,
}

impl Draw<'_> {
    /// The table's best on the run's difficulty, or `playing`'s best player if higher: each
    /// player is ranked alone, so the HI SCORE a game can set is its best player's.
    pub fn hi_score(&self, playing: Option<u64>) -> u64 {
        let best = self.scores.best(self.run.base_config.difficulty);
        playing.map_or(best, |p| best.max(p))
    }
}
