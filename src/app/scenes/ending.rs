//! The ending after the final boss: each pilot's page (a picture and a few lines), then the
//! credits, then the next, harder loop begins with what the players carry.

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::session::StagePlace;
use crate::render::ending::{self, EndingPage};

/// Steps a pilot's page stays up unless skipped: time to read it at an easy pace.
const PILOT_PAGE_STEPS: u32 = 14 * 60;
/// Steps before shot may skip a page, so a held shot from the fight does not skip it unseen.
const SKIP_AFTER_STEPS: u32 = 90;

pub struct Ending {
    pages: Vec<EndingPage>,
    page: usize,
    /// Steps on the current page.
    steps: u32,
    /// Where the run goes on: the first stage of the next loop.
    next: StagePlace,
}

impl Ending {
    /// The ending for the players' pilots (a pair's page for two different pilots, else the
    /// solo page), then the credits; `next` is the stage the run goes on to.
    pub fn new(ctx: &mut Ctx, next: StagePlace) -> Ending {
        let pages = ending::pages_for(&next.characters);
        ctx.audio_mut().music("ending");
        ctx.renderer_mut().effects.clear();
        Ending {
            pages,
            page: 0,
            steps: 0,
            next,
        }
    }

    /// Turns to the next page, or goes on to the next loop after the last.
    fn turn(&mut self) -> Transition {
        self.page += 1;
        self.steps = 0;
        if self.page < self.pages.len() {
            return Transition::Stay;
        }
        Transition::Play(self.next.clone())
    }

    fn page_steps(&self) -> u32 {
        match self.pages[self.page] {
            EndingPage::Pilot(_) | EndingPage::Pair(..) => PILOT_PAGE_STEPS,
            EndingPage::Credits => ending::CREDITS_STEPS,
        }
    }
}

impl Scene for Ending {
    fn frame(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        Transition::when(self.steps >= SKIP_AFTER_STEPS && m.ok, || self.turn())
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        self.steps += 1;
        Transition::when(self.steps >= self.page_steps(), || self.turn())
    }

    fn draw(&self, draw: &mut Draw) {
        ending::draw(draw.renderer, self.pages[self.page], self.steps);
    }
}
