//! The options menu: volumes, display, shake and difficulty, and the way into key rebinding.

use super::controls::Controls;
use super::ctx::Ctx;
use super::menu_input::{nav, MenuInput};
use super::scene::{Scene, Transition};
use crate::render::menus;
use skysweep::save::settings::Setting;

/// The first rows are [`Setting::ALL`] in order; then the three rebinding pages and BACK.
const ITEMS: [&str; 12] = [
    "MUSIC VOLUME",
    "EFFECTS VOLUME",
    "DISPLAY SCALE",
    "FULLSCREEN",
    "SCREEN SHAKE",
    "DIFFICULTY",
    "TATE",
    "SAVE REPLAYS",
    "1P KEYS",
    "2P KEYS",
    "PAD BUTTONS",
    "BACK",
];
/// The row of the first rebinding page ("1P KEYS"), after the settings.
const FIRST_KEYS_ROW: usize = Setting::ALL.len();
/// The last row.
const BACK_ROW: usize = ITEMS.len() - 1;

pub struct Options {
    cursor: usize,
    /// Opened from the pause menu: settings that would change the game in play wait for the
    /// title's options.
    in_game: bool,
}

impl Options {
    /// The options from the title screen: every setting can change.
    pub fn new() -> Options {
        Options {
            cursor: 0,
            in_game: false,
        }
    }

    /// The options pushed over the pause menu: they apply at once, except those that would
    /// change the rules mid-game (see [`locked_in_game`]).
    pub fn in_game() -> Options {
        Options {
            cursor: 0,
            in_game: true,
        }
    }

    /// Moves the setting on `row` one notch; false when the row has none or it is locked.
    fn adjust(&self, ctx: &mut Ctx, row: usize, dir: i32) -> bool {
        match Setting::ALL.get(row) {
            Some(&setting) if !(self.in_game && locked_in_game(setting)) => {
                ctx.adjust(setting, dir);
                true
            }
            _ => false,
        }
    }
}

/// Settings the pause menu's options show but do not change: the game in play keeps the rules
/// it started with, so its score stays on one table and its replay on one difficulty.
pub fn locked_in_game(setting: Setting) -> bool {
    matches!(setting, Setting::Difficulty)
}

impl Scene for Options {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        if (m.left || m.right) && self.adjust(ctx, self.cursor, if m.right { 1 } else { -1 }) {
            ctx.audio.play("menu_move");
        }
        match nav(&mut self.cursor, ITEMS.len(), m, &mut ctx.audio) {
            Some(BACK_ROW) => Transition::Pop,
            Some(choice @ FIRST_KEYS_ROW..) => {
                Transition::push(Controls::new(choice - FIRST_KEYS_ROW))
            }
            Some(choice) => {
                self.adjust(ctx, choice, 1);
                Transition::Stay
            }
            None if m.back => Transition::Pop,
            None => Transition::Stay,
        }
    }

    fn draw(&self, ctx: &mut Ctx) {
        let c = &ctx.config;
        let pct = |v: f32| format!("{:>3}%", (v * 100.0).round() as u32);
        let on = |b: bool| if b { "ON" } else { "OFF" }.to_string();
        let rows: Vec<(String, String)> = ITEMS
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let value = match i {
                    0 => pct(c.music_volume),
                    1 => pct(c.effects_volume),
                    2 if c.display_scale == 0 => "AUTO".into(),
                    2 => format!("{}X", c.display_scale),
                    3 => on(c.fullscreen),
                    4 => on(c.screen_shake),
                    5 => c.difficulty.name().to_uppercase(),
                    6 => c.tate.label().into(),
                    7 => c.save_replays.name().into(),
                    _ => String::new(),
                };
                (label.to_string(), value)
            })
            .collect();
        menus::list(
            &mut ctx.renderer,
            "OPTIONS",
            &rows,
            self.cursor,
            if self.in_game {
                "LEFT/RIGHT SET  ESC BACK  DIFFICULTY: ON THE TITLE'S OPTIONS"
            } else {
                "LEFT/RIGHT SET  ESC BACK"
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_rules_wait_for_the_title() {
        let locked: Vec<Setting> = Setting::ALL
            .into_iter()
            .filter(|s| locked_in_game(*s))
            .collect();
        assert_eq!(locked, [Setting::Difficulty]);
        // The rows line up with the settings they adjust.
        assert_eq!(ITEMS[5], "DIFFICULTY");
        assert_eq!(ITEMS[6], "TATE");
        assert_eq!(ITEMS[FIRST_KEYS_ROW], "1P KEYS");
        assert_eq!(ITEMS[BACK_ROW - 1], "PAD BUTTONS");
    }
}
