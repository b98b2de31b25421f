//! Rebinding: one page for each player's keys and one for the gamepad buttons. Shot on a row
//! listens for a key or button to add to it, Delete (or Backspace) for one to replace its keys
//! with; Esc cancels. Taking a movement key, or binding the pad's pause button, asks first; the
//! hint says in words which action lost which key (see [`rebind`]).

use macroquad::prelude::*;

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::keyboard;
use crate::app::services::menu_input::{nav, MenuInput};
use crate::render::menus;
use skysweep::save::keys::{Action, KeyBindings};
use skysweep::save::pad::{PadBindings, PadButton};
use skysweep::save::rebind::{self, Mode, Outcome};
use skysweep::save::settings::Settings;

pub struct Controls {
    /// 0 and 1 are the players' keys, 2 the gamepad buttons.
    who: usize,
    cursor: usize,
    /// Waiting for the key that is added to the row, or that replaces its keys.
    listening: Option<Mode>,
    /// A key waiting for the player's YES before it is taken from movement (or, on the pad,
    /// before the pause button is bound).
    confirming: Option<(String, Mode)>,
    /// What the last rebinding did, in words, shown until the next one.
    note: Option<String>,
}

impl Controls {
    pub fn new(who: usize) -> Controls {
        Controls {
            who,
            cursor: 0,
            listening: None,
            confirming: None,
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
            0 => ctx.settings_mut().keys[0] = KeyBindings::player1(),
            1 => ctx.settings_mut().keys[1] = KeyBindings::player2(),
            _ => ctx.settings_mut().pad = PadBindings::default(),
        }
        ctx.audio_mut().play("menu_select");
    }

    /// Waits for the key (or pad button) that is bound as `mode` says; Esc cancels.
    fn listen(&mut self, ctx: &mut Ctx, m: &MenuInput, mode: Mode) {
        if is_key_pressed(KeyCode::Escape) {
            self.listening = None;
            return;
        }
        let Some(name) = self.chosen(m) else {
            return;
        };
        self.listening = None;
        self.bind(ctx, &name, mode, false);
    }

    /// The key or pad button pressed this frame, if one can be bound.
    fn chosen(&self, m: &MenuInput) -> Option<String> {
        if self.who < 2 {
            return keyboard::bindable_keys()
                .find(|k| is_key_pressed(*k))
                .and_then(keyboard::key_name)
                .map(str::to_string);
        }
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
    }

    /// Binds `name` to the row under the cursor, or asks first (see [`rebind::bind`]).
    fn bind(&mut self, ctx: &mut Ctx, name: &str, mode: Mode, confirmed: bool) {
        let (note, outcome) = if self.who < 2 {
            let action = Action::ALL[self.cursor.min(Action::ALL.len() - 1)];
            let keys = &mut ctx.settings_mut().keys;
            let outcome = rebind::bind_key(keys, self.who, action, name, mode, confirmed);
            let label = |&(p, a): &(usize, Action)| format!("{}P {}", p + 1, a.label());
            let target = label(&(self.who, action));
            let note = rebind::note(&outcome, name, mode, &target, label);
            (note, outcome.map(|_| ()))
        } else {
            let row = rebind::PAD_ACTIONS.get(self.cursor).copied().unwrap_or("?");
            let target = format!("PAD {row}");
            if name == PadButton::Start.name() && !confirmed {
                self.note = Some(format!(
                    "START PAUSES THE GAME: BIND IT TO {target} TOO?  SHOT YES  ESC NO"
                ));
                self.confirming = Some((name.to_string(), mode));
                return;
            }
            let outcome = rebind::bind_button(&mut ctx.settings_mut().pad, self.cursor, name, mode);
            let label = |r: &usize| format!("PAD {}", rebind::PAD_ACTIONS.get(*r).unwrap_or(&"?"));
            let note = rebind::note(&outcome, name, mode, &target, label);
            (note, outcome.map(|_| ()))
        };
        self.note = Some(note);
        match outcome {
            Outcome::Confirm(()) => self.confirming = Some((name.to_string(), mode)),
            Outcome::Refused(()) => ctx.audio_mut().play("warning"),
            Outcome::Bound(_) => ctx.audio_mut().play("menu_select"),
        }
    }
}

impl Scene for Controls {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        // Listening sees the raw presses: menu navigation must not eat the new binding.
        if let Some(mode) = self.listening {
            self.listen(ctx, m, mode);
            return Transition::Stay;
        }
        if let Some((name, mode)) = self.confirming.take() {
            if m.ok {
                self.bind(ctx, &name, mode, true);
            } else if m.back {
                self.note = Some(format!("NOTHING CHANGED: {} KEPT", name.to_uppercase()));
            } else {
                self.confirming = Some((name, mode));
            }
            return Transition::Stay;
        }
        let rows = self.rows(ctx.settings()).len();
        match nav(&mut self.cursor, rows, m, ctx.audio_mut()) {
            Some(choice) if choice + 2 == rows => {
                self.reset(ctx);
                Transition::Stay
            }
            Some(choice) if choice + 1 == rows => Transition::Pop,
            Some(_) => {
                self.listening = Some(Mode::Add);
                self.note = None;
                Transition::Stay
            }
            None if m.back => Transition::Pop,
            None if self.cursor + 2 < rows
                && (is_key_pressed(KeyCode::Delete) || is_key_pressed(KeyCode::Backspace)) =>
            {
                self.listening = Some(Mode::Replace);
                self.note = None;
                Transition::Stay
            }
            None => Transition::Stay,
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let title = ["1P KEYS", "2P KEYS", "PAD BUTTONS"][self.who.min(2)];
        let hint = match (self.listening, self.who < 2) {
            (Some(Mode::Add), true) => "PRESS A KEY TO ADD  (ESC CANCELS)",
            (Some(Mode::Replace), true) => "PRESS THE ONE KEY IT KEEPS  (ESC CANCELS)",
            (Some(Mode::Add), false) => "PRESS A PAD BUTTON TO ADD  (ESC CANCELS)",
            (Some(Mode::Replace), false) => "PRESS THE ONE BUTTON IT KEEPS  (ESC CANCELS)",
            (None, _) => self
                .note
                .as_deref()
                .unwrap_or("SHOT ADDS A KEY  DEL REPLACES THEM  ESC BACK"),
        };
        let rows = self.rows(draw.settings);
        menus::key_list(draw.renderer, title, &rows, self.cursor, hint);
    }
}
