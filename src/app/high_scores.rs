//! The high-score table, one page per difficulty; a new entry is highlighted.

use skysweep::level::Difficulty;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::MenuInput;
use super::scene::{RunSlot, Scene, Transition};
use crate::render::menus;

pub struct HighScores {
    difficulty: Difficulty,
    /// The rank of the entry just named, shown highlighted.
    highlight: Option<usize>,
}

impl HighScores {
    pub fn new(difficulty: Difficulty, highlight: Option<usize>) -> HighScores {
        HighScores {
            difficulty,
            highlight,
        }
    }
}

impl Scene for HighScores {
    fn frame(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        let i = Difficulty::ALL
            .iter()
            .position(|d| *d == self.difficulty)
            .unwrap_or(1);
        if m.left {
            self.difficulty = Difficulty::ALL[(i + 2) % 3];
        }
        if m.right {
            self.difficulty = Difficulty::ALL[(i + 1) % 3];
        }
        if m.ok || m.back {
            return Transition::ToTitle;
        }
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        let rows: Vec<(String, u64, String, String)> = draw
            .scores
            .entries(self.difficulty)
            .iter()
            .map(|e| {
                (
                    e.name.clone(),
                    e.score,
                    e.character.name().to_string(),
                    e.subtitle(menus::SCORE_SUBTITLE_CHARS),
                )
            })
            .collect();
        menus::scores(
            draw.renderer,
            self.difficulty.name(),
            &rows,
            self.highlight,
            draw.anim,
        );
    }
}
