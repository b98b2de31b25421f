//! PRACTICE > BOSS ATTACKS drawn: the attacks listed under their stage's and boss's headings,
//! a page of them around the cursor, each with its captures of its tries; the chosen one's
//! details and the keys at the foot.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// A line of the list as drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum AttackLine {
    /// A stage's heading: `2 SALTMARSH HARBOUR`.
    Stage(String),
    /// A boss's heading.
    Boss(String),
    /// An attack: its title, and its captures of its tries (`3/5`, or empty before a try).
    Attack { title: String, captures: String },
}

/// Top of the list's first line, its spacing, and how many lines a page shows.
const TOP: f32 = 50.0;
const LINE: f32 = 11.0;
pub const PAGE_LINES: usize = 18;

/// The first line of the page that shows line `cursor` of `total`: the cursor kept in the
/// page's middle third where the list allows.
pub fn page_start(cursor: usize, total: usize) -> usize {
    let max_start = total.saturating_sub(PAGE_LINES);
    cursor.saturating_sub(PAGE_LINES / 2).min(max_start)
}

/// The whole screen: `heading` (whose tallies show) under the title, `lines` with line
/// `cursor` chosen, `detail` (the chosen attack's record, or why nothing is listed) and
/// `hint`'s lines at the foot.
pub fn attacks(
    r: &mut Renderer,
    heading: &str,
    lines: &[AttackLine],
    cursor: usize,
    detail: &[String],
    hint: &[&str],
) {
    clear_background(Color::from_rgba(20, 28, 56, 255));
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, Color::new(0.35, 0.35, 0.45, 1.0));
    }
    r.text_centered("BOSS ATTACKS", 112.0, 14.0, 1.0, TITLE_GOLD);
    r.text_centered(
        heading,
        112.0,
        28.0,
        1.0,
        Color::from_rgba(200, 215, 255, 255),
    );
    let glyph = r.text_width("M", 1.0);
    let start = page_start(cursor, lines.len());
    for (i, line) in lines.iter().enumerate().skip(start).take(PAGE_LINES) {
        let y = TOP + (i - start) as f32 * LINE;
        match line {
            AttackLine::Stage(name) => {
                r.text_shadow_within(name, vec2(10.0, y), 1.0, 204.0, TITLE_GOLD);
            }
            AttackLine::Boss(name) => {
                let c = Color::from_rgba(140, 190, 255, 255);
                r.text_shadow_within(name, vec2(18.0, y), 1.0, 196.0, c);
            }
            AttackLine::Attack { title, captures } => {
                let selected = i == cursor;
                if selected {
                    let bar = Color::new(1.0, 0.85, 0.35, 0.18);
                    draw_rectangle(8.0, y - 2.0, 208.0, LINE, bar);
                }
                let (color, right) = match selected {
                    true => (TITLE_GOLD, WHITE),
                    false => (Color::from_rgba(220, 230, 255, 255), LIGHTGRAY),
                };
                let cw = captures.chars().count() as f32 * glyph;
                let room = 210.0 - 28.0 - cw - glyph;
                r.text_shadow_within(title, vec2(28.0, y), 1.0, room, color);
                r.text_shadow(captures, vec2(210.0 - cw, y), 1.0, right);
            }
        }
    }
    // Arrows where the list goes on past the page.
    let more = Color::from_rgba(170, 180, 210, 255);
    if start > 0 {
        r.text_centered("^", 112.0, TOP - 10.0, 1.0, more);
    }
    if start + PAGE_LINES < lines.len() {
        r.text_centered("v", 112.0, TOP + PAGE_LINES as f32 * LINE - 2.0, 1.0, more);
    }
    let foot = TOP + PAGE_LINES as f32 * LINE + 8.0;
    for (i, l) in detail.iter().enumerate() {
        r.text_centered(l, 112.0, foot + i as f32 * 10.0, 1.0, WHITE);
    }
    for (i, l) in hint.iter().enumerate() {
        r.text_centered(l, 112.0, 296.0 + i as f32 * 10.0, 1.0, more);
    }
}
