//! Name entry for a new high score: the player, rank and score, the name's letters with the
//! cursor's lit, and the keys that steer.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// Name entry for a new high score.
pub fn name_entry(
    r: &mut Renderer,
    player: usize,
    score: u64,
    rank: usize,
    name: &[char],
    pos: usize,
    anim: u64,
) {
    clear_background(Color::from_rgba(16, 20, 44, 255));
    r.text_centered("NEW RECORD!", 112.0, 60.0, 2.0, TITLE_GOLD);
    r.text_centered(
        &format!("PLAYER {}  RANK {}", player + 1, rank + 1),
        112.0,
        90.0,
        1.0,
        WHITE,
    );
    r.text_centered(&format!("{score}"), 112.0, 106.0, 2.0, WHITE);
    for (i, c) in name.iter().enumerate() {
        let x = 88.0 + i as f32 * 24.0;
        let lit = i == pos && (anim / 10).is_multiple_of(2);
        r.text(
            &c.to_string(),
            vec2(x, 150.0),
            3.0,
            if lit { TITLE_GOLD } else { WHITE },
        );
        draw_rectangle(
            x,
            176.0,
            18.0,
            2.0,
            if i == pos { TITLE_GOLD } else { GRAY },
        );
    }
    for (i, l) in [
        "TYPE YOUR NAME, OR",
        "UP/DOWN PICK A LETTER",
        "LEFT/RIGHT MOVE",
        "ENTER TO FINISH",
    ]
    .iter()
    .enumerate()
    {
        r.text_centered(
            l,
            112.0,
            210.0 + i as f32 * 12.0,
            1.0,
            Color::from_rgba(170, 180, 210, 255),
        );
    }
}
