//! The pause menu over the frozen stage, and the key help drawn under it (a practice run's
//! tools).

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// The pause menu over the frozen stage.
pub fn pause(r: &Renderer, items: &[&str], cursor: usize) {
    draw_rectangle(0.0, 0.0, 224.0, 320.0, Color::new(0.0, 0.0, 0.05, 0.55));
    r.text_centered("PAUSED", 112.0, 110.0, 2.0, TITLE_GOLD);
    for (i, item) in items.iter().enumerate() {
        let color = if i == cursor { TITLE_GOLD } else { WHITE };
        r.text_centered(item, 112.0, 140.0 + i as f32 * 14.0, 1.0, color);
    }
}

/// A small block of key help under a heading, keys in gold and what they do in white, from
/// `top` down; centred as one block.
pub fn key_help(r: &Renderer, heading: &str, keys: &[(&str, &str)], top: f32) {
    r.text_centered(
        heading,
        112.0,
        top,
        1.0,
        Color::from_rgba(150, 170, 200, 255),
    );
    let key_w = keys.iter().map(|(k, _)| k.len()).max().unwrap_or(0) + 1;
    let width = keys
        .iter()
        .map(|(_, what)| key_w + what.len())
        .max()
        .unwrap_or(0) as f32
        * r.text_width("M", 1.0);
    let x = ((224.0 - width) * 0.5).round();
    for (i, (key, what)) in keys.iter().enumerate() {
        let y = top + 14.0 + i as f32 * 11.0;
        r.text(key, vec2(x, y), 1.0, TITLE_GOLD);
        r.text(
            what,
            vec2(x + key_w as f32 * r.text_width("M", 1.0), y),
            1.0,
            WHITE,
        );
    }
}
