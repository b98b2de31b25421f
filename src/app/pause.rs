//! The pause menu, pushed over the stage: the stage below keeps its state untouched while it
//! is up.

use macroquad::prelude::*;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{nav, MenuInput};
use super::options::Options;
use super::practice_results;
use super::scene::{RunSlot, Scene, Transition};
use super::session::StagePlace;
use crate::render::menus;
use skysweep::run::PauseRow;
use skysweep::save::practice::PracticeResult;

pub struct Pause {
    /// The rows the run's kind has (see the rules table).
    rows: &'static [PauseRow],
    /// The help lines of the practice tools the run allows.
    tools: &'static [(&'static str, &'static str)],
    cursor: usize,
    /// The stage under the menu, for RESTART STAGE.
    place: StagePlace,
    /// How the practice run under the menu stands, if one is: leaving it shows its results.
    practice: Option<PracticeResult>,
}

impl Pause {
    /// The pause menu over the stage at `place`; `practice` is how a practice run from the
    /// PRACTICE menu stands, so QUIT ends it on its results card rather than at the title.
    pub fn new(
        place: StagePlace,
        practice: Option<PracticeResult>,
        rows: &'static [PauseRow],
        tools: &'static [(&'static str, &'static str)],
    ) -> Pause {
        Pause {
            rows,
            tools,
            cursor: 0,
            place,
            practice,
        }
    }
}

impl Scene for Pause {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        if is_key_pressed(KeyCode::Escape) || m.start {
            return Transition::Pop;
        }
        let Some(row) = nav(&mut self.cursor, self.rows.len(), m, &mut ctx.audio) else {
            return Transition::Stay;
        };
        match self.rows[row] {
            PauseRow::Resume => Transition::Pop,
            // Over the pause menu, which comes back as it was when the options close.
            PauseRow::Options => Transition::push(Options::in_game()),
            PauseRow::RestartStage | PauseRow::RestartReplay => {
                Transition::Restart(self.place.clone())
            }
            PauseRow::Quit => match (self.practice, run) {
                (Some(result), Some(run)) => {
                    run.end_recording();
                    practice_results::left(ctx, run, result, self.place.clone())
                }
                _ => Transition::ToTitle,
            },
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let labels: Vec<&str> = self.rows.iter().map(|r| r.label()).collect();
        menus::pause(draw.renderer, &labels, self.cursor);
        crate::render::practice::key_help(draw.renderer, "PRACTICE", self.tools, 196.0);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
