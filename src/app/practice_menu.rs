//! PRACTICE from the title: choose a stage and where on it to start, the pilots, difficulty
//! and loop, power, lives and bombs, invincibility and auto-restart, then play. The choice
//! becomes the command line's own run options (`--level --at --power --invincible --loop`)
//! and goes through the same setup, so the two ways in cannot drift apart.
//!
//! The menu's logic ([`PracticeSetup::apply`](super::practice_setup::PracticeSetup::apply))
//! is plain data in, plain data out, and is tested without a window; this scene only draws
//! it and starts the run.

use std::collections::BTreeMap;

use skysweep::headless::run_setup;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::MenuInput;
use super::notice::Notice;
use super::practice_session::Session;
use super::practice_setup::{MenuEvent, PracticeSetup, StageEntry};
use super::run::Run;
use super::scene::{Scene, StagePlace, Transition};
use crate::render::menus;

/// The shipped stages, each with its start points and whether practice offers it yet; the
/// Extra stage last, offered once the game has been cleared (or with ALL STAGES).
fn shipped_entries(ctx: &Ctx) -> Vec<StageEntry> {
    let catalog = run_setup::assets_catalog();
    let mut paths = run_setup::shipped_stages().unwrap_or_default();
    paths.extend(run_setup::shipped_extra_stage());
    let cleared = ctx.player_data.game_cleared();
    paths
        .into_iter()
        .map(|path| {
            let file = path
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            let number = crate::render::stage::stage_number(&file);
            // A stage that fails to load is still listed: starting it says why.
            let (name, starts) = match skysweep::level::load_stage(&path, &catalog) {
                Ok(l) => (l.name.clone(), StageEntry::starts_from(&l.markers)),
                Err(_) => (file.clone(), StageEntry::starts_from(&BTreeMap::new())),
            };
            // The Extra stage is offered as the title's EXTRA STAGE row is: once a whole
            // game has been cleared.
            let reached = if skysweep::level::is_extra_stage(&path) {
                cleared
            } else {
                ctx.practice.record.offers(number, &file, false)
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

pub struct PracticeMenu {
    setup: PracticeSetup,
    /// Pushed over the title (BACK pops) rather than alone after a practice run.
    over_title: bool,
}

impl PracticeMenu {
    /// The menu over the title, as the player last left it.
    pub fn new(ctx: &mut Ctx) -> PracticeMenu {
        let stages = shipped_entries(ctx);
        let setup = match ctx.practice.setup.take() {
            Some(mut s) => {
                s.stages = stages;
                s.stage = s.stage.min(s.stages.len().saturating_sub(1));
                s
            }
            None => PracticeSetup::new(stages, ctx.settings.difficulty),
        };
        PracticeMenu {
            setup,
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

    /// Starts the chosen practice run through the command line's setup.
    fn start(&mut self, ctx: &mut Ctx) -> Transition {
        let Some(args) = self.setup.run_args() else {
            return Transition::Stay;
        };
        let prepared = match run_setup::prepare(&args) {
            Ok(p) => p,
            Err(e) => {
                ctx.message = Some(Notice::brief("PRACTICE", e));
                return Transition::Stay;
            }
        };
        let path = prepared.level_path.clone();
        let levels = BTreeMap::from([(path.clone(), prepared.level.clone())]);
        let characters = prepared.config.characters.clone();
        let loop_index = prepared.config.loop_index;
        let run = Run::new(Some(vec![path]), levels, prepared.config, None, None, true);
        let home = std::mem::replace(&mut ctx.run, run);
        // The game's own run waits for the title; a second practice keeps the first one kept.
        ctx.practice.home_run.get_or_insert(home);
        ctx.practice.session = Some(Session::new(self.setup.clone()));
        ctx.practice.setup = Some(self.setup.clone());
        Transition::Play(StagePlace {
            index: 0,
            loop_index,
            characters,
        })
    }
}

impl Scene for PracticeMenu {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
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
            MenuEvent::Back => {
                ctx.practice.setup = Some(self.setup.clone());
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
            Some(b) => format!("BEST {}", super::practice_session::result_line(&b)),
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
