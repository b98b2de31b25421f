//! PRACTICE from the title: choose a stage and where on it to start, the pilots, difficulty
//! and loop, power, lives and bombs, invincibility and auto-restart, then play. The choice
//! becomes a run plan, prepared as every other run is, so the ways in cannot drift apart.
//!
//! The menu's logic ([`PracticeSetup::apply`](super::practice_setup::PracticeSetup::apply))
//! is plain data in, plain data out, and is tested without a window; this scene only draws
//! it and starts the run.

use std::collections::BTreeMap;

use super::attack_menu::AttackMenu;
use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::MenuInput;
use super::practice_results::result_line;
use super::practice_setup::{MenuEvent, PracticeSetup, StageEntry};
use super::scene::{RunSlot, Scene, Transition};
use super::session::{self, PracticeRun};
use crate::render::menus;
use skysweep::run::RunPlan;

/// The shipped stages, each with its start points and whether practice offers it yet; the
/// Extra stage last, offered once the game has been cleared (or with ALL STAGES).
pub(super) fn shipped_entries(ctx: &Ctx) -> Vec<StageEntry> {
    let shipped = &ctx.shipped;
    let mut paths = shipped.stages().unwrap_or_default();
    paths.extend(shipped.extra_stage());
    let cleared = ctx.player_data.game_cleared();
    paths
        .into_iter()
        .map(|path| {
            let file = path
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            let number = crate::render::stage::stage_number(&file);
            // A stage that fails to load is still listed: starting it says why.
            let (name, starts) = match shipped.load(&path) {
                Ok(l) => (l.name.clone(), StageEntry::starts_from(&l.markers)),
                Err(_) => (file.clone(), StageEntry::starts_from(&BTreeMap::new())),
            };
            // The Extra stage is offered as the title's EXTRA STAGE row is: once a whole
            // game has been cleared.
            let reached = if skysweep::level::is_extra_stage(&path) {
                cleared
            } else {
                ctx.practice_record.offers(number, &file, false)
            };
            StageEntry {
                path,
                file,
                name,
                number,
                starts,
                reached,
            }
        })
        .collect()
}

/// PRACTICE's choices over the shipped stages, as the player last left them (kept in the
/// practice record), or the first visit's.
pub(super) fn last_setup(ctx: &Ctx) -> PracticeSetup {
    let stages = shipped_entries(ctx);
    match &ctx.practice_record.last {
        Some(choice) => PracticeSetup::recall(stages, choice),
        None => PracticeSetup::new(stages, ctx.settings.difficulty),
    }
}

/// Begins `plan` as the practice run `practice`, or stays where it is when the run cannot be
/// prepared (`session::prepared` has told the player why, under `title`).
pub(super) fn begin(
    ctx: &mut Ctx,
    plan: &RunPlan,
    title: &str,
    practice: PracticeRun,
) -> Transition {
    match session::prepared(ctx, plan, title) {
        Some(run) => Transition::Begin(Box::new(run.with_practice(practice))),
        None => Transition::Stay,
    }
}

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
        if ctx.practice_record.last != choice {
            ctx.practice_record.last = choice;
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
        match self.setup.apply(m) {
            MenuEvent::Nothing => Transition::Stay,
            MenuEvent::Moved | MenuEvent::Changed => {
                ctx.audio.play("menu_move");
                Transition::Stay
            }
            MenuEvent::Go => {
                ctx.audio.play("menu_select");
                self.start(ctx)
            }
            MenuEvent::Attacks => {
                ctx.audio.play("menu_select");
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
