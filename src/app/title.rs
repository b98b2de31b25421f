//! The title screen: start a game for one or two players, options, high scores, quit.

use super::ctx::Ctx;
use super::high_scores::HighScores;
use super::menu_input::{nav, MenuInput};
use super::options::Options;
use super::scene::{Scene, Transition};
use super::select::Select;
use crate::render::menus;

const ITEMS: [&str; 5] = ["START", "2 PLAYERS", "OPTIONS", "HIGH SCORES", "QUIT"];

pub struct Title {
    cursor: usize,
}

impl Title {
    /// The title screen with its music, from wherever the game was.
    pub fn enter(ctx: &mut Ctx) -> Transition {
        ctx.audio.music("title");
        ctx.renderer.effects.clear();
        Transition::switch(Title { cursor: 0 })
    }

    /// The title screen as the game opens, its music already chosen.
    pub fn new() -> Title {
        Title { cursor: 0 }
    }
}

impl Scene for Title {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        match nav(&mut self.cursor, ITEMS.len(), m, &mut ctx.audio) {
            Some(choice @ (0 | 1)) => Transition::switch(Select::new(choice + 1)),
            Some(2) => Transition::push(Options::new()),
            Some(3) => Transition::switch(HighScores::new(ctx.config.difficulty, None)),
            Some(_) => Transition::Quit,
            None => Transition::Stay,
        }
    }

    fn draw(&self, ctx: &mut Ctx) {
        let items: Vec<String> = ITEMS.iter().map(|s| s.to_string()).collect();
        let pads = match ctx.pads.count() {
            0 => String::new(),
            n => format!("  {n} PAD{}", if n > 1 { "S" } else { "" }),
        };
        let hi = ctx.hi_score(None);
        menus::title(
            &mut ctx.renderer,
            &items,
            self.cursor,
            ctx.anim,
            &format!("HI {hi:08}{pads}"),
        );
    }
}
