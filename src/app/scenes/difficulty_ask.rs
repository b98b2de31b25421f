//! Scene: after START or 2 PLAYERS, the question "how hard?": EASY, NORMAL or HARD, each with a
//! line on what it changes. The cursor starts on the last choice, and the choice is kept in the
//! settings (the router writes them the same frame), so the question is one press for a player
//! who always plays the same. OPTIONS > ASK DIFFICULTY turns the question off.

use skysweep::level::Difficulty;

use super::select::Select;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{nav, MenuInput};
use crate::render::menus;

/// What each difficulty changes, one line each, as the player reads it before choosing. Normal
/// is the stages as their files are written; Easy and Hard are a step either side of it in how
/// much the enemies fire.
pub fn what_changes(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "FEWER, SLOWER BULLETS",
        Difficulty::Normal => "THE STAGES AS DESIGNED",
        Difficulty::Hard => "DENSER, FASTER FIRE",
    }
}

/// The question before pilot select for `players` players.
pub struct DifficultyAsk {
    players: usize,
    cursor: usize,
}

impl DifficultyAsk {
    /// What START (`players` 1) or 2 PLAYERS leads to: the question, or pilot select at once
    /// when the settings say not to ask.
    pub fn start(ctx: &Ctx, players: usize) -> Transition {
        if !ctx.settings().ask_difficulty {
            return Transition::switch(Select::new(players));
        }
        Transition::switch(DifficultyAsk::new(players, ctx.settings().difficulty))
    }

    /// The question, its cursor on `last`.
    fn new(players: usize, last: Difficulty) -> DifficultyAsk {
        let cursor = Difficulty::ALL.iter().position(|d| *d == last).unwrap_or(1);
        DifficultyAsk { players, cursor }
    }
}

impl Scene for DifficultyAsk {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        if m.back {
            return Transition::ToTitle;
        }
        match nav(&mut self.cursor, Difficulty::ALL.len(), m, ctx.audio_mut()) {
            Some(i) => {
                // Kept for the next START: the router saves changed settings this frame.
                ctx.choose_difficulty(Difficulty::ALL[i]);
                Transition::switch(Select::new(self.players))
            }
            None => Transition::Stay,
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let rows: Vec<(String, &str)> = Difficulty::ALL
            .iter()
            .map(|d| (d.name().to_uppercase(), what_changes(*d)))
            .collect();
        let title = match self.players {
            1 => "1 PLAYER",
            _ => "2 PLAYERS",
        };
        menus::difficulty(draw.renderer, title, &rows, self.cursor, draw.anim);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line fits the playfield's 28 columns, and no two difficulties say the same.
    #[test]
    fn each_difficulty_says_in_one_line_what_changes() {
        let lines: Vec<&str> = Difficulty::ALL.iter().map(|d| what_changes(*d)).collect();
        for l in &lines {
            assert!(!l.is_empty() && l.chars().count() <= 28, "{l}");
        }
        assert_ne!(lines[0], lines[1]);
        assert_ne!(lines[1], lines[2]);
    }

    /// The cursor starts on the last choice (Normal when the settings hold none).
    #[test]
    fn the_question_starts_on_the_last_choice() {
        assert_eq!(DifficultyAsk::new(1, Difficulty::Hard).cursor, 2);
        assert_eq!(DifficultyAsk::new(2, Difficulty::Easy).cursor, 0);
        assert_eq!(DifficultyAsk::new(1, Difficulty::default()).cursor, 1);
    }
}
