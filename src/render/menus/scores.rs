//! HIGH SCORES: one difficulty's table, the row chosen, and each row's replay marked.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// Characters of the line under a high score's name that fit in the playfield.
pub const SCORE_SUBTITLE_CHARS: usize = 24;

/// One row of the table as drawn.
#[derive(Clone, Debug)]
pub struct ScoreRow {
    pub name: String,
    pub score: u64,
    pub character: String,
    /// The line under the name: rules tag and stage reached.
    pub subtitle: String,
    /// The replay's mark at the row's right (REPLAY, CHECKING, NOT VERIFIED) and its colour;
    /// `None` for a score kept before scores carried replays.
    pub mark: Option<(&'static str, Color)>,
}

/// The right edge marks end at.
const RIGHT: f32 = 220.0;
const DIM: Color = Color::new(0.55, 0.59, 0.71, 1.0);
const SKY: Color = Color::new(0.63, 0.86, 1.0, 1.0);

/// The high score table for one difficulty: `highlight` is the entry just named (blinking),
/// `cursor` the row chosen; `hint` says what the chosen row offers, above the keys.
pub fn scores(
    r: &mut Renderer,
    difficulty: &str,
    rows: &[ScoreRow],
    (highlight, cursor): (Option<usize>, Option<usize>),
    hint: &str,
    anim: u64,
) {
    clear_background(Color::from_rgba(16, 20, 44, 255));
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, Color::new(0.3, 0.3, 0.4, 1.0));
    }
    r.text_centered("HIGH SCORES", 112.0, 16.0, 2.0, TITLE_GOLD);
    r.text_centered(
        &format!("< {} >", difficulty.to_uppercase()),
        112.0,
        38.0,
        1.0,
        SKY,
    );
    for i in 0..10 {
        let y = 58.0 + i as f32 * 20.0;
        let chosen = cursor == Some(i);
        if chosen {
            r.text_shadow(">", vec2(0.0, y), 1.0, TITLE_GOLD);
        }
        let rank_color = Color::from_rgba(180, 180, 200, 255);
        r.text_shadow(&format!("{:>2}", i + 1), vec2(8.0, y), 1.0, rank_color);
        match rows.get(i) {
            Some(row) => draw_row(r, row, y, highlight == Some(i), chosen, anim),
            None => r.text_shadow(
                "---",
                vec2(30.0, y),
                1.0,
                Color::from_rgba(90, 100, 130, 255),
            ),
        }
    }
    let keys = Color::from_rgba(170, 180, 210, 255);
    for (n, line) in hint.lines().enumerate() {
        r.text_centered(line, 112.0, 270.0 + n as f32 * 11.0, 1.0, keys);
    }
    r.text_centered("< > DIFFICULTY   ESC BACK", 112.0, 304.0, 1.0, keys);
}

fn draw_row(r: &Renderer, row: &ScoreRow, y: f32, highlight: bool, chosen: bool, anim: u64) {
    let lit = highlight && (anim / 8).is_multiple_of(2);
    let color = match (lit, chosen) {
        (true, _) => TITLE_GOLD,
        (false, true) => SKY,
        (false, false) => WHITE,
    };
    r.text_shadow(&row.name, vec2(30.0, y), 1.0, color);
    let s = format!("{}", row.score);
    r.text_shadow(&s, vec2(140.0 - r.text_width(&s, 1.0), y), 1.0, color);
    r.text_shadow(&row.character.to_uppercase(), vec2(150.0, y), 1.0, SKY);
    // The stage's name gives way to the mark, which is kept whole.
    let mut room = RIGHT - 30.0;
    if let Some((mark, mark_color)) = row.mark {
        let w = r.text_width(mark, 1.0);
        r.text_shadow(mark, vec2(RIGHT - w, y + 9.0), 1.0, mark_color);
        room -= w + r.text_width(" ", 1.0);
    }
    let cell = r.text_width("M", 1.0).max(1.0);
    let fits = ((room / cell) as usize).min(SCORE_SUBTITLE_CHARS);
    let subtitle: String = row.subtitle.to_uppercase().chars().take(fits).collect();
    r.text_shadow(&subtitle, vec2(30.0, y + 9.0), 1.0, DIM);
}
