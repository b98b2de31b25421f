//! GAME OVER: each player's score for a few seconds, then the name entry for any high score,
//! or the title.

use super::name_entry::draft::PendingScore;
use super::name_entry::NameEntry;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{CardTimer, MenuInput};
use crate::render::menus;

pub struct GameOver {
    timer: CardTimer,
    /// Each player's score, player 1 first.
    scores: Vec<u64>,
    stage: String,
    pending: Vec<PendingScore>,
}

impl GameOver {
    pub fn new(scores: Vec<u64>, stage: String, pending: Vec<PendingScore>) -> GameOver {
        GameOver {
            timer: CardTimer::default(),
            scores,
            stage,
            pending,
        }
    }

    /// After a finished game: name the high scores in `pending`, if any, else the title.
    pub fn after(ctx: &mut Ctx, pending: Vec<PendingScore>) -> Transition {
        if pending.is_empty() {
            Transition::ToTitle
        } else {
            ctx.audio_mut().music("title");
            Transition::switch(NameEntry::new(pending))
        }
    }
}

impl Scene for GameOver {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        let done = self.timer.dismissed(m) || self.timer.steps() > 300;
        Transition::when(done, || {
            GameOver::after(ctx, std::mem::take(&mut self.pending))
        })
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        menus::game_over(draw.renderer, &self.scores, &self.stage);
    }
}
