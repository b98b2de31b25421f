//! The options menu: volumes, display, shake and difficulty, and the way into key rebinding.

use super::controls::Controls;
use super::ctx::Ctx;
use super::menu_input::{nav, MenuInput};
use super::scene::{Scene, Transition};
use crate::render::menus;
use skysweep::save::settings::Setting;

/// The first rows are [`Setting::ALL`] in order; then the three rebinding pages and BACK.
const ITEMS: [&str; 11] = [
    "MUSIC VOLUME",
    "EFFECTS VOLUME",
    "DISPLAY SCALE",
    "FULLSCREEN",
    "SCREEN SHAKE",
    "DIFFICULTY",
    "SAVE REPLAYS",
    "1P KEYS",
    "2P KEYS",
    "PAD BUTTONS",
    "BACK",
];
/// The row of the first rebinding page ("1P KEYS").
const FIRST_KEYS_ROW: usize = 7;

pub struct Options {
    cursor: usize,
}

impl Options {
    pub fn new() -> Options {
        Options { cursor: 0 }
    }

    fn adjust(ctx: &mut Ctx, row: usize, dir: i32) {
        if let Some(&setting) = Setting::ALL.get(row) {
            ctx.adjust(setting, dir);
        }
    }
}

impl Scene for Options {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        if m.left || m.right {
            Self::adjust(ctx, self.cursor, if m.right { 1 } else { -1 });
            ctx.audio.play("menu_move");
        }
        match nav(&mut self.cursor, ITEMS.len(), m, &mut ctx.audio) {
            Some(choice @ FIRST_KEYS_ROW..=9) => {
                Transition::push(Controls::new(choice - FIRST_KEYS_ROW))
            }
            Some(10) => Transition::Pop,
            Some(choice) => {
                Self::adjust(ctx, choice, 1);
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
                    6 => c.save_replays.name().into(),
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
            "LEFT/RIGHT SET  ESC BACK",
        );
    }
}
