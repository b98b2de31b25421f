//! Rebinding: one page for each player's keys and one for the gamepad buttons. Picking a row
//! listens for the new key or button; Esc cancels.

use macroquad::prelude::*;

use super::ctx::Ctx;
use super::draw::Draw;
use super::keyboard;
use super::menu_input::{nav, MenuInput};
use super::scene::{RunSlot, Scene, Transition};
use crate::render::menus;
use skysweep::save::keys::{Action, KeyBindings};
use skysweep::save::pad::{PadBindings, PadButton};
use skysweep::save::rebind;
use skysweep::save::settings::Settings;

pub struct Controls {
    /// 0 and 1 are the players' keys, 2 the gamepad buttons.
    who: usize,
    cursor: usize,
    listening: bool,
    /// What the last rebinding took from another action, shown until the next one.
    note: Option<String>,
}

impl Controls {
    pub fn new(who: usize) -> Controls {
        Controls {
            who,
            cursor: 0,
            listening: false,
            note: None,
        }
    }

    fn rows(&self, settings: &Settings) -> Vec<(String, String)> {
        let mut rows: Vec<(String, String)> = if self.who < 2 {
            Action::ALL
                .iter()
                .map(|a| {
                    (
                        a.label().to_string(),
                        settings.keys[self.who].keys(*a).join(" ").to_uppercase(),
                    )
                })
                .collect()
        } else {
            let p = &settings.pad;
            vec![
                ("SHOT".into(), p.shot.join(" ").to_uppercase()),
                ("BOMB".into(), p.bomb.join(" ").to_uppercase()),
                ("FOCUS".into(), p.focus.join(" ").to_uppercase()),
            ]
        };
        rows.push(("RESET DEFAULTS".into(), String::new()));
        rows.push(("BACK".into(), String::new()));
        rows
    }

    fn reset(&self, ctx: &mut Ctx) {
        match self.who {
            0 => ctx.settings.keys[0] = KeyBindings::player1(),
            1 => ctx.settings.keys[1] = KeyBindings::player2(),
            _ => ctx.settings.pad = PadBindings::default(),
        }
        ctx.audio.play("menu_select");
    }

    /// Waits for the key (or pad button) that becomes the new binding; Esc cancels.
    fn listen(&mut self, ctx: &mut Ctx, m: &MenuInput) {
        if is_key_pressed(KeyCode::Escape) {
            self.listening = false;
            return;
        }
        let chosen: Option<String> = if self.who < 2 {
            keyboard::bindable_keys()
                .find(|k| is_key_pressed(*k))
                .and_then(keyboard::key_name)
                .map(str::to_string)
        } else {
            m.pads
                .iter()
                .map(|&(_, b)| b)
                .find(|b| {
                    !matches!(
                        b,
                        PadButton::DPadUp
                            | PadButton::DPadDown
                            | PadButton::DPadLeft
                            | PadButton::DPadRight
                    )
                })
                .map(|b| b.name().to_string())
        };
        let Some(name) = chosen else {
            return;
        };
        // The key leaves any other action that had it (a swap when that leaves it bare), so
        // one press never does two things.
        let from: Vec<(String, bool)> = if self.who < 2 {
            let action = Action::ALL[self.cursor.min(Action::ALL.len() - 1)];
            rebind::bind_key(&mut ctx.settings.keys, self.who, action, &name)
                .into_iter()
                .map(|(p, a, swapped)| (format!("{}P {}", p + 1, a.label()), swapped.is_some()))
                .collect()
        } else {
            rebind::bind_button(&mut ctx.settings.pad, self.cursor, &name)
                .into_iter()
                .map(|(row, swapped)| {
                    let what = rebind::PAD_ACTIONS.get(row).copied().unwrap_or("?");
                    (format!("PAD {what}"), swapped.is_some())
                })
                .collect()
        };
        self.note = rebind::moved_note(&name, &from);
        ctx.audio.play("menu_select");
        self.listening = false;
    }
}

impl Scene for Controls {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        // Listening sees the raw presses: menu navigation must not eat the new binding.
        if self.listening {
            self.listen(ctx, m);
            return Transition::Stay;
        }
        let rows = self.rows(&ctx.settings).len();
        match nav(&mut self.cursor, rows, m, &mut ctx.audio) {
            Some(choice) if choice + 2 == rows => {
                self.reset(ctx);
                Transition::Stay
            }
            Some(choice) if choice + 1 == rows => Transition::Pop,
            Some(_) => {
                self.listening = true;
                self.note = None;
                Transition::Stay
            }
            None if m.back => Transition::Pop,
            None => Transition::Stay,
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let title = ["1P KEYS", "2P KEYS", "PAD BUTTONS"][self.who.min(2)];
        let hint = match (self.listening, self.who < 2) {
            (true, true) => "PRESS THE NEW KEY  (ESC CANCELS)",
            (true, false) => "PRESS THE NEW PAD BUTTON  (ESC CANCELS)",
            (false, _) => self.note.as_deref().unwrap_or("SHOT TO REBIND  ESC BACK"),
        };
        let rows = self.rows(draw.settings);
        menus::key_list(draw.renderer, title, &rows, self.cursor, hint);
    }
}
