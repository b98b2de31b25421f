//! HIGH SCORES: one difficulty's table, the row chosen, and each row's replay marked.

use macroquad::prelude::*;

use skysweep::save::scores::Subtitle;

use crate::render::{Renderer, TITLE_GOLD};

/// One row of the table as drawn.
#[derive(Clone, Debug)]
pub struct ScoreRow {
    pub name: String,
    pub score: u64,
    pub character: String,
    /// The line under the name, uncut: rules tag and stage reached. The row fits it once, to
    /// the room the mark leaves ([`subtitle_line`]).
    pub subtitle: Subtitle,
    /// The replay's mark at the row's right (REPLAY, CHECKING, NOT VERIFIED) and its colour;
    /// `None` for a score kept before scores carried replays.
    pub mark: Option<(&'static str, Color)>,
}

/// Where the name and the line under it start.
const LEFT: f32 = 30.0;
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
    if let Some((mark, mark_color)) = row.mark {
        let w = r.text_width(mark, 1.0);
        r.text_shadow(mark, vec2(RIGHT - w, y + 9.0), 1.0, mark_color);
    }
    let subtitle = subtitle_line(row, r.text_width("M", 1.0));
    r.text_shadow(&subtitle, vec2(LEFT, y + 9.0), 1.0, DIM);
}

/// The line under a row's name as drawn, in a font `cell` wide: the stage's name gives way to
/// the mark, which is kept whole, and is cut once, between words, leaving two cells clear
/// before the mark (or the right edge).
fn subtitle_line(row: &ScoreRow, cell: f32) -> String {
    let cell = cell.max(1.0);
    let mark = row.mark.map_or(0, |(m, _)| m.chars().count());
    let room = RIGHT - LEFT - (mark + 2) as f32 * cell;
    row.subtitle
        .fit((room / cell).max(0.0) as usize)
        .to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(tag: &str, stage: &str, mark: Option<&'static str>) -> ScoreRow {
        ScoreRow {
            name: "ACE".into(),
            score: 1,
            character: "Vela".into(),
            subtitle: Subtitle {
                tag: tag.into(),
                stage: stage.into(),
            },
            mark: mark.map(|m| (m, WHITE)),
        }
    }

    /// The line is cut once, only between words, and ends two cells clear of the mark: the
    /// font's cell is 8 wide, where `[1L 0C] SALTMARS` showed beside REPLAY.
    #[test]
    fn the_stage_is_cut_between_words_and_clear_of_the_mark() {
        let cell = 8.0;
        for (tag, stage, mark, want) in [
            ("1L 0C", "Saltmarsh Harbour", Some("REPLAY"), "[1L 0C]"),
            ("1L 0C", "Saltmarsh Harbour", None, "[1L 0C] SALTMARSH"),
            ("", "Saltmarsh Harbour", Some("REPLAY"), "SALTMARSH"),
            ("", "Redrock Canyon", Some("NOT VERIFIED"), "REDROCK"),
        ] {
            let row = row(tag, stage, mark);
            let line = subtitle_line(&row, cell);
            assert_eq!(line, want, "{tag} {stage} {mark:?}");
            let mark_left = RIGHT - mark.map_or(0.0, |m| m.len() as f32 * cell);
            let end = LEFT + line.len() as f32 * cell;
            assert!(end + 2.0 * cell <= mark_left, "{line} ends at {end}");
        }
    }
}
