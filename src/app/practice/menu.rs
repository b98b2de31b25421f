//! PRACTICE from the title: choose a stage and where on it to start, the pilots, difficulty
//! and loop, power, lives and bombs, invincibility and auto-restart, then play. The choice
//! becomes a run plan, prepared as every other run is, so the ways in cannot drift apart.
//!
//! The menu's logic ([`PracticeSetup::apply`](super::setup::PracticeSetup::apply))
//! is plain data in, plain data out, and is tested without a window; this scene only draws
//! it and starts the run.

use super::attack_menu::AttackMenu;
use super::results::result_line;
use super::run::PracticeRun;
use super::setup::{Pick, PracticeSetup};
use super::start::{begin, last_setup};
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{MenuEvent, MenuInput};
use crate::render::menus;

pub struct PracticeMenu {
    setup: PracticeSetup,
    /// Pushed over the title (BACK pops) rather than alone after a practice run.
    over_title: bool,
}

impl PracticeMenu {
    /// The menu over the title, as the player last left it (kept in the practice record).
    pub fn new(ctx: &mut Ctx) -> PracticeMenu {
        PracticeMenu {
            setup: last_setup(ctx),
            over_title: true,
        }
    }

    /// The menu after a practice run (CHANGE SETTINGS): BACK goes to the title.
    pub fn after_run(ctx: &mut Ctx) -> PracticeMenu {
        PracticeMenu {
            over_title: false,
            ..PracticeMenu::new(ctx)
        }
    }

    /// Keeps the choice in the practice record, written at once, for the next visit.
    fn remember(&self, ctx: &mut Ctx) {
        let choice = Some(self.setup.choice());
        if ctx.practice_record().last != choice {
            ctx.practice_record_mut().last = choice;
            ctx.save_practice_record();
        }
    }

    /// Starts the chosen practice run.
    fn start(&mut self, ctx: &mut Ctx) -> Transition {
        let Some(plan) = self.setup.plan() else {
            return Transition::Stay;
        };
        self.remember(ctx);
        begin(ctx, &plan, "PRACTICE", PracticeRun::new(self.setup.clone()))
    }
}

impl Scene for PracticeMenu {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        match self.setup.apply(m).heard(ctx.audio_mut()) {
            MenuEvent::Nothing | MenuEvent::Moved | MenuEvent::Changed => Transition::Stay,
            MenuEvent::Picked(Pick::Go) => self.start(ctx),
            MenuEvent::Picked(Pick::Attacks) => {
                self.remember(ctx);
                Transition::push(AttackMenu::new(ctx, self.setup.clone()))
            }
            MenuEvent::Back => {
                self.remember(ctx);
                if self.over_title {
                    Transition::Pop
                } else {
                    Transition::ToTitle
                }
            }
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let best = self
            .setup
            .stage_entry()
            .zip(self.setup.start_point())
            .and_then(|(s, (start, _))| draw.practice.best(&s.file, start).copied());
        let hint = match best {
            Some(b) => format!("BEST {}", result_line(&b)),
            None => "LEFT/RIGHT SET  ESC BACK".into(),
        };
        menus::list(
            draw.renderer,
            "PRACTICE",
            &self.setup.rows(),
            self.setup.cursor,
            &hint,
        );
    }
}
