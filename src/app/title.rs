//! The title screen: start a game for one or two players, practice, options, high scores, quit.

use super::ctx::Ctx;
use super::high_scores::HighScores;
use super::menu_input::{nav, MenuInput};
use super::options::Options;
use super::practice_menu::PracticeMenu;
use super::practice_session::PracticeState;
use super::scene::{Scene, Transition};
use super::select::Select;
use crate::render::menus;

/// What a title row does when picked.
type RowAction = fn(&mut Ctx) -> Transition;

/// The title menu, top to bottom: each row's label and what picking it does. Adding a screen is
/// one line here, e.g. `("REPLAYS", |ctx| Transition::push(super::replays::ReplayBrowser::new(ctx)))`
/// after PRACTICE (REPLAYS, CUSTOM STAGES and EXTRAS belong between PRACTICE and OPTIONS).
const ROWS: &[(&str, RowAction)] = &[
    ("START", |_| Transition::switch(Select::new(1))),
    ("2 PLAYERS", |_| Transition::switch(Select::new(2))),
    ("PRACTICE", |ctx| Transition::push(PracticeMenu::new(ctx))),
    ("REPLAYS", |ctx| {
        Transition::switch(super::replays::ReplayBrowser::new(ctx))
    }),
    ("CUSTOM STAGES", |ctx| {
        Transition::switch(super::custom_stages::CustomStages::new(ctx))
    }),
    ("EXTRAS", |ctx| {
        Transition::switch(super::extras::Extras::new(ctx))
    }),
    ("OPTIONS", |_| Transition::push(Options::new())),
    ("HIGH SCORES", |ctx| {
        Transition::switch(HighScores::new(ctx.config.difficulty, None))
    }),
    ("QUIT", |_| Transition::Quit),
];

pub struct Title {
    cursor: usize,
}

impl Title {
    /// The title screen with its music, from wherever the game was.
    pub fn enter(ctx: &mut Ctx) -> Transition {
        // A practice run ends at the title: the game's own run is back for START.
        PracticeState::end(ctx);
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
        match nav(&mut self.cursor, ROWS.len(), m, &mut ctx.audio) {
            Some(row) => (ROWS[row].1)(ctx),
            None => Transition::Stay,
        }
    }

    fn draw(&self, ctx: &mut Ctx) {
        let items: Vec<String> = ROWS.iter().map(|(s, _)| s.to_string()).collect();
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

#[cfg(test)]
mod tests {
    use super::ROWS;

    /// Issue #26: PRACTICE is on the title, between 2 PLAYERS and OPTIONS, and QUIT stays last.
    #[test]
    fn the_title_rows_come_in_the_issues_order() {
        let labels: Vec<&str> = ROWS.iter().map(|(l, _)| *l).collect();
        let at = |l: &str| labels.iter().position(|x| *x == l).unwrap();
        assert_eq!(labels[..3], ["START", "2 PLAYERS", "PRACTICE"]);
        assert!(at("PRACTICE") < at("REPLAYS"));
        assert!(at("REPLAYS") < at("CUSTOM STAGES"));
        assert!(at("CUSTOM STAGES") < at("EXTRAS"));
        assert!(at("EXTRAS") < at("OPTIONS"));
        assert!(at("OPTIONS") < at("HIGH SCORES"));
        assert_eq!(labels.last(), Some(&"QUIT"));
    }
}
