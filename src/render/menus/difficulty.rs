//! The difficulty question after START: three choices, each with a line on what it changes.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// The question for `who` ("1 PLAYER"): `rows` are each difficulty's name and its line, the
/// cursor's highlighted, over the title's artwork.
pub fn difficulty(r: &mut Renderer, who: &str, rows: &[(String, &str)], cursor: usize, anim: u64) {
    clear_background(Color::from_rgba(20, 28, 56, 255));
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, Color::new(0.35, 0.35, 0.45, 1.0));
    }
    r.text_centered(who, 112.0, 40.0, 1.0, Color::from_rgba(200, 210, 230, 255));
    r.text_centered("DIFFICULTY", 112.0, 56.0, 2.0, TITLE_GOLD);
    for (i, (name, line)) in rows.iter().enumerate() {
        let y = 100.0 + i as f32 * 48.0;
        let selected = i == cursor;
        if selected {
            draw_rectangle(
                12.0,
                y - 6.0,
                200.0,
                40.0,
                Color::new(1.0, 0.85, 0.35, 0.18),
            );
            if (anim / 15).is_multiple_of(2) {
                r.text(">", vec2(20.0, y + 4.0), 1.0, TITLE_GOLD);
            }
        }
        let (name_color, line_color) = if selected {
            (TITLE_GOLD, WHITE)
        } else {
            (
                Color::from_rgba(220, 230, 255, 255),
                Color::from_rgba(150, 160, 190, 255),
            )
        };
        r.text_centered(name, 112.0, y, 2.0, name_color);
        r.text_centered(line, 112.0, y + 20.0, 1.0, line_color);
    }
    let hint = Color::from_rgba(170, 180, 210, 255);
    r.text_centered("SHOT PICKS  ESC BACK", 112.0, 268.0, 1.0, hint);
    r.text_centered("OPTIONS: ASK DIFFICULTY OFF", 112.0, 282.0, 1.0, hint);
    r.text_centered("SKIPS THIS QUESTION", 112.0, 294.0, 1.0, hint);
}
