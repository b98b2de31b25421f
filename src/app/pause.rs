//! The pause menu, pushed over the stage: the stage below keeps its state untouched while it
//! is up.

use macroquad::prelude::*;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{nav, MenuInput};
use super::options::Options;
use super::practice;
use super::practice_results;
use super::scene::{Scene, StagePlace, Transition};
use crate::render::menus;
use skysweep::save::practice::PracticeResult;

const ITEMS: [&str; 4] = ["RESUME", "OPTIONS", "RESTART STAGE", "QUIT TO TITLE"];

pub struct Pause {
    cursor: usize,
    /// The stage under the menu, for RESTART STAGE.
    place: StagePlace,
    /// How the practice run under the menu stands, if one is: leaving it shows its results.
    practice: Option<PracticeResult>,
}

impl Pause {
    /// The pause menu over the stage at `place`; `practice` is how a practice run from the
    /// PRACTICE menu stands, so QUIT ends it on its results card rather than at the title.
    pub fn new(place: StagePlace, practice: Option<PracticeResult>) -> Pause {
        Pause {
            cursor: 0,
            place,
            practice,
        }
    }
}

impl Scene for Pause {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        if is_key_pressed(KeyCode::Escape) || m.start {
            return Transition::Pop;
        }
        match nav(&mut self.cursor, ITEMS.len(), m, &mut ctx.audio) {
            Some(0) => Transition::Pop,
            // Over the pause menu, which comes back as it was when the options close.
            Some(1) => Transition::push(Options::in_game()),
            Some(2) => Transition::Restart(self.place.clone()),
            Some(_) => {
                ctx.run.end_recording();
                match self.practice {
                    Some(result) => practice_results::left(ctx, result, self.place.clone()),
                    None => Transition::ToTitle,
                }
            }
            None => Transition::Stay,
        }
    }

    fn draw(&self, draw: &mut Draw) {
        menus::pause(draw.renderer, &ITEMS, self.cursor);
        crate::render::practice::key_help(draw.renderer, "PRACTICE", &practice::HELP, 196.0);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
