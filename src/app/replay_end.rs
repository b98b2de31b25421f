//! REPLAY ENDED: a played-back recording is over. It shows the result and waits for a key
//! (no timeout); then a replay chosen in REPLAYS goes back there, and one given on the
//! command line quits (a game started from the title would be set up from the replay).

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{CardTimer, MenuInput};
use super::scene::{MenuPage, Scene, Transition};
use crate::render::menus::{self, ReplayEnd};

pub struct ReplayEnded {
    timer: CardTimer,
    /// Each player's score, player 1 first.
    scores: Vec<u64>,
    stage: String,
    how: ReplayEnd,
}

impl ReplayEnded {
    pub fn new(scores: Vec<u64>, stage: String, how: ReplayEnd) -> ReplayEnded {
        ReplayEnded {
            timer: CardTimer::default(),
            scores,
            stage,
            how,
        }
    }
}

impl Scene for ReplayEnded {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        if !self.timer.dismissed(m) {
            return Transition::Stay;
        }
        // A replay chosen in the REPLAYS menu goes back there, the run it stood in for restored.
        if ctx.run.is_menu_replay() {
            ctx.run.end_menu_replay();
            return Transition::ToMenu(MenuPage::Replays);
        }
        Transition::Quit
    }

    fn step(&mut self, _ctx: &mut Ctx) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        let to_replays = draw.run.is_menu_replay();
        menus::replay_ended(
            draw.renderer,
            &self.scores,
            &self.stage,
            self.how,
            to_replays,
        );
    }
}
