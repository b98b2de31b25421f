//! Watching a replay: fast-forward (x2, x4) and the bar showing how far into the stage it is.
//! Pause and frame step are the practice tools' (F3, F4), which never change what plays.

use macroquad::prelude::*;

use skysweep::sim::PLAYFIELD;

use crate::render::Renderer;

/// Cycles a replay's speed: x1, x2, x4, x1...
pub const KEY_FAST: KeyCode = KeyCode::F5;

/// How many world steps a replay takes per step of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplaySpeed(u32);

impl Default for ReplaySpeed {
    fn default() -> Self {
        ReplaySpeed(1)
    }
}

impl ReplaySpeed {
    /// The next speed of the cycle.
    pub fn next(self) -> ReplaySpeed {
        ReplaySpeed(match self.0 {
            1 => 2,
            2 => 4,
            _ => 1,
        })
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

/// `m:ss` for `steps` at 60 a second.
pub fn time_text(steps: usize) -> String {
    let s = steps / 60;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The playback keys, as the bar shows them (26 letters: the playfield holds 28).
const KEYS: &str = "F5 FAST  F3 PAUSE  F4 STEP";
const _: () = assert!(KEYS.len() <= 28);

/// The replay bar along the playfield's foot: the stage's time played of its recording, the
/// speed, and the keys. The two lines of text sit on the bar, or above `above` when the
/// in-playfield HUD has a row there.
pub fn draw_bar(r: &Renderer, played: usize, total: usize, speed: ReplaySpeed, above: Option<f32>) {
    let y = PLAYFIELD.y - 4.0;
    let part = if total == 0 {
        1.0
    } else {
        (played as f32 / total as f32).min(1.0)
    };
    draw_rectangle(0.0, y, PLAYFIELD.x, 4.0, Color::new(0.0, 0.0, 0.0, 0.6));
    draw_rectangle(
        0.0,
        y + 1.0,
        PLAYFIELD.x * part,
        2.0,
        Color::new(1.0, 0.85, 0.35, 0.9),
    );
    // Two lines: the time and speed, and above them the keys; one line overran the playfield.
    let text = format!(
        "{} / {}  X{}",
        time_text(played),
        time_text(total),
        speed.get()
    );
    let bottom = above.map_or(y, |a| a.min(y));
    r.text_shadow(&text, vec2(2.0, bottom - 9.0), 1.0, WHITE);
    r.text_shadow(KEYS, vec2(2.0, bottom - 19.0), 1.0, LIGHTGRAY);
}

#[cfg(test)]
mod tests {
    use super::{time_text, ReplaySpeed};

    #[test]
    fn speed_cycles_through_two_and_four_and_back() {
        let s = ReplaySpeed::default();
        assert_eq!(s.get(), 1);
        assert_eq!(s.next().get(), 2);
        assert_eq!(s.next().next().get(), 4);
        assert_eq!(s.next().next().next(), s);
        assert_eq!(time_text(0), "0:00");
        assert_eq!(time_text(61 * 60 + 30), "1:01");
    }
}
