//! REPLAY ENDED: a played-back recording is over. It shows the result and waits for a key
//! (no timeout); then a replay chosen in REPLAYS goes back there, and one given on the
//! command line quits.

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{CardTimer, MenuInput};
use crate::render::menus::{self, ReplayEnd};

pub struct ReplayEnded {
    timer: CardTimer,
    /// Each player's score, player 1 first.
    scores: Vec<u64>,
    stage: String,
    how: ReplayEnd,
    /// The menu the replay was chosen in (REPLAYS, HIGH SCORES): its end goes back there.
    back_to: Option<MenuPage>,
}

impl ReplayEnded {
    pub fn new(
        scores: Vec<u64>,
        stage: String,
        how: ReplayEnd,
        back_to: Option<MenuPage>,
    ) -> ReplayEnded {
        ReplayEnded {
            timer: CardTimer::default(),
            scores,
            stage,
            how,
            back_to,
        }
    }
}

impl Scene for ReplayEnded {
    fn frame(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        if !self.timer.dismissed(m) {
            Transition::Stay
        } else if let Some(page) = self.back_to {
            Transition::ToMenu(page)
        } else {
            Transition::Quit
        }
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        menus::replay_ended(
            draw.renderer,
            &self.scores,
            &self.stage,
            self.how,
            self.back_to.map(MenuPage::name),
        );
    }
}
