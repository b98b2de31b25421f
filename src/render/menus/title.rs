//! The title screen: the logo, its menu with the cursor's row lit, and a footer.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// The title screen with its menu; `cursor` is the highlighted entry.
pub fn title(r: &mut Renderer, items: &[String], cursor: usize, anim: u64, footer: &str) {
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, WHITE);
    } else {
        clear_background(Color::from_rgba(30, 60, 110, 255));
    }
    if let Some(logo) = r.assets.texture("backgrounds/logo.png") {
        let bob = ((anim as f32) / 30.0).sin() * 2.0;
        draw_texture(
            &logo,
            ((224.0 - logo.width()) * 0.5).round(),
            (48.0 + bob).round(),
            WHITE,
        );
    } else {
        r.text_centered("SKYSWEEP", 112.0, 60.0, 3.0, TITLE_GOLD);
    }
    draw_rectangle(
        44.0,
        150.0,
        136.0,
        16.0 + items.len() as f32 * 14.0,
        Color::new(0.0, 0.0, 0.15, 0.55),
    );
    for (i, item) in items.iter().enumerate() {
        let y = 158.0 + i as f32 * 14.0;
        let selected = i == cursor;
        let color = if selected {
            TITLE_GOLD
        } else {
            Color::from_rgba(220, 230, 255, 255)
        };
        r.text_centered(item, 112.0, y, 1.0, color);
        if selected && (anim / 15).is_multiple_of(2) {
            r.text(">", vec2(52.0, y), 1.0, TITLE_GOLD);
        }
    }
    r.text_centered(
        footer,
        112.0,
        304.0,
        1.0,
        Color::from_rgba(200, 210, 230, 200),
    );
}
