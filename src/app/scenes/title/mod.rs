//! The title screen: start a game for one or two players, the Extra stage once the game has
//! been cleared, practice, options, high scores, quit. Left alone for 20 seconds, it plays a
//! demo (`attract`).

pub mod attract;

use super::difficulty_ask::DifficultyAsk;
use super::high_scores::HighScores;
use super::options::Options;
use super::select::Select;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::practice::menu::PracticeMenu;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{nav, MenuInput};
use crate::render::menus;
use attract::Idle;

/// What a title row does when picked.
type RowAction = fn(&mut Ctx) -> Transition;

/// The title menu, top to bottom: each row's label and what picking it does. Adding a screen is
/// one line here, e.g. `("REPLAYS", |ctx| Transition::push(super::replays::ReplayBrowser::new(ctx)))`
/// after PRACTICE (REPLAYS, CUSTOM STAGES and EXTRAS belong between PRACTICE and OPTIONS).
const ROWS: &[(&str, RowAction)] = &[
    ("START", |ctx| DifficultyAsk::start(ctx, 1)),
    ("2 PLAYERS", |ctx| DifficultyAsk::start(ctx, 2)),
    (EXTRA_ROW, |_| Transition::switch(Select::extra())),
    ("PRACTICE", |ctx| Transition::push(PracticeMenu::new(ctx))),
    ("REPLAYS", |ctx| {
        Transition::switch(crate::app::scenes::replays::ReplayBrowser::new(ctx))
    }),
    ("CUSTOM STAGES", |ctx| {
        Transition::switch(crate::app::scenes::custom_stages::CustomStages::new(ctx))
    }),
    ("EXTRAS", |ctx| {
        Transition::switch(crate::app::scenes::extras::Extras::new(ctx))
    }),
    ("OPTIONS", |_| Transition::push(Options::new())),
    ("HIGH SCORES", |ctx| {
        Transition::switch(HighScores::new(ctx.settings().difficulty, None))
    }),
    ("QUIT", |_| Transition::Quit),
];

/// The row that starts the Extra stage, shown only once the game has been cleared.
const EXTRA_ROW: &str = "EXTRA STAGE";

/// The rows of [`ROWS`] the title shows, by index: all of them, but the Extra stage's until
/// `extra_unlocked`.
fn shown_rows(extra_unlocked: bool) -> Vec<usize> {
    (0..ROWS.len())
        .filter(|&i| extra_unlocked || ROWS[i].0 != EXTRA_ROW)
        .collect()
}

/// The cursor on the title's `shown` rows for the row `picked` of [`ROWS`]: on it, or on the
/// first row when it is not shown (the Extra stage's row before it opens).
fn cursor_at(shown: &[usize], picked: usize) -> usize {
    shown.iter().position(|&i| i == picked).unwrap_or(0)
}

pub struct Title {
    cursor: usize,
    /// How long no one has pressed anything: a demo plays once it is long enough.
    idle: Idle,
}

impl Title {
    /// The title screen with its music, from wherever the game was, its cursor on `row` (an
    /// index into the title's full list: the row last picked).
    pub fn enter(ctx: &mut Ctx, row: usize) -> Transition {
        ctx.audio_mut().music("title");
        ctx.renderer_mut().effects.clear();
        let rows = shown_rows(ctx.player_data().game_cleared());
        Transition::switch(Title {
            cursor: cursor_at(&rows, row),
            idle: Idle::default(),
        })
    }

    /// The title screen as the game opens, its music already chosen.
    pub fn new() -> Title {
        Title {
            cursor: 0,
            idle: Idle::default(),
        }
    }
}

impl Scene for Title {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        self.idle.input(attract::any_input(m));
        let rows = shown_rows(ctx.player_data().game_cleared());
        match nav(&mut self.cursor, rows.len(), m, ctx.audio_mut()) {
            Some(row) => {
                // Picking a row is the player's next move: a word that the last one went as
                // asked (REPLAY SAVED) must not cover the next screen. Failures stay.
                ctx.notices_mut().clear_done();
                let then = Box::new((ROWS[rows[row]].1)(ctx));
                Transition::TitleRow {
                    row: rows[row],
                    then,
                }
            }
            None => Transition::Stay,
        }
    }

    /// The wait for the demo counts in steps, so it is 20 seconds at any frame rate.
    fn step(&mut self, ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        match self.idle.tick() {
            true => attract::begin(ctx),
            false => Transition::Stay,
        }
    }

    fn notice_band(&self) -> menus::NoticeBand {
        menus::TITLE_NOTICE_BAND
    }

    fn draw(&self, draw: &mut Draw) {
        let items: Vec<String> = shown_rows(draw.player_data.game_cleared())
            .into_iter()
            .map(|i| ROWS[i].0.to_string())
            .collect();
        let pads = match draw.pads {
            0 => String::new(),
            n => format!("  {n} PAD{}", if n > 1 { "S" } else { "" }),
        };
        let hi = draw.hi_score(draw.settings.difficulty, None);
        menus::title(
            draw.renderer,
            &items,
            self.cursor,
            draw.anim,
            &format!("HI {hi:08}{pads}"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{cursor_at, shown_rows, EXTRA_ROW, ROWS};

    /// Back from REPLAYS (or any screen the title switched to), the cursor is on REPLAYS, not
    /// on START; the same row whether or not the Extra stage's row is above it.
    #[test]
    fn the_title_cursor_comes_back_to_the_row_last_picked() {
        let replays = ROWS.iter().position(|r| r.0 == "REPLAYS").unwrap();
        for unlocked in [false, true] {
            let shown = shown_rows(unlocked);
            assert_eq!(ROWS[shown[cursor_at(&shown, replays)]].0, "REPLAYS");
        }
        let extra = ROWS.iter().position(|r| r.0 == EXTRA_ROW).unwrap();
        assert_eq!(
            cursor_at(&shown_rows(false), extra),
            0,
            "a hidden row: START"
        );
        assert_eq!(
            ROWS[shown_rows(true)[cursor_at(&shown_rows(true), extra)]].0,
            EXTRA_ROW
        );
    }

    fn labels(extra_unlocked: bool) -> Vec<&'static str> {
        shown_rows(extra_unlocked)
            .into_iter()
            .map(|i| ROWS[i].0)
            .collect()
    }

    /// Issue #26: PRACTICE is on the title, between 2 PLAYERS and OPTIONS, and QUIT stays last.
    #[test]
    fn the_title_rows_come_in_the_issues_order() {
        let labels = labels(false);
        let at = |l: &str| labels.iter().position(|x| *x == l).unwrap();
        assert_eq!(labels[..3], ["START", "2 PLAYERS", "PRACTICE"]);
        assert!(at("PRACTICE") < at("REPLAYS"));
        assert!(at("REPLAYS") < at("CUSTOM STAGES"));
        assert!(at("CUSTOM STAGES") < at("EXTRAS"));
        assert!(at("EXTRAS") < at("OPTIONS"));
        assert!(at("OPTIONS") < at("HIGH SCORES"));
        assert_eq!(labels.last(), Some(&"QUIT"));
    }

    /// Issue #31: EXTRA STAGE shows once the game has been cleared, under 2 PLAYERS; before
    /// that the title is as it was.
    #[test]
    fn the_extra_stage_row_shows_only_once_unlocked() {
        let locked = labels(false);
        assert!(!locked.contains(&EXTRA_ROW));
        let unlocked = labels(true);
        assert_eq!(unlocked.len(), locked.len() + 1);
        assert_eq!(unlocked[..4], ["START", "2 PLAYERS", EXTRA_ROW, "PRACTICE"]);
        assert_eq!(
            unlocked
                .iter()
                .filter(|l| **l != EXTRA_ROW)
                .collect::<Vec<_>>(),
            locked.iter().collect::<Vec<_>>()
        );
    }
}
