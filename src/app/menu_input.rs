//! What the menus read once a frame: keyboard and every gamepad folded into one set of presses;
//! and what a menu of settings answers them with ([`MenuEvent`]), with the sound it makes.

use macroquad::prelude::*;

use super::audio::Audio;
use super::gamepad::Gamepads;
use skysweep::save::pad::PadButton;

/// Menu presses this frame, from the keyboard and every gamepad.
#[derive(Clone, Debug, Default)]
pub struct MenuInput {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
    pub ok: bool,
    pub back: bool,
    /// Start on any pad (pause).
    pub start: bool,
    /// Every pad press this frame with the pad's slot, for screens where each player has a pad
    /// and for listening to a new pad binding.
    pub pads: Vec<(usize, PadButton)>,
}

impl MenuInput {
    /// This frame's presses. Takes the pads' presses, so call it once a frame.
    pub fn read(pads: &mut Gamepads) -> MenuInput {
        let k = |codes: &[KeyCode]| codes.iter().any(|c| is_key_pressed(*c));
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        let mut m = MenuInput {
            up: k(&[KeyCode::Up, KeyCode::W]),
            down: k(&[KeyCode::Down, KeyCode::S]),
            left: k(&[KeyCode::Left, KeyCode::A]),
            right: k(&[KeyCode::Right, KeyCode::D]),
            ok: !alt && k(&[KeyCode::Enter, KeyCode::Z, KeyCode::Space]),
            back: k(&[KeyCode::Escape, KeyCode::X, KeyCode::Backspace]),
            start: false,
            pads: pads.take_pressed(),
        };
        for &(_, b) in &m.pads {
            match b {
                PadButton::DPadUp => m.up = true,
                PadButton::DPadDown => m.down = true,
                PadButton::DPadLeft => m.left = true,
                PadButton::DPadRight => m.right = true,
                PadButton::South => m.ok = true,
                PadButton::Start => {
                    m.ok = true;
                    m.start = true;
                }
                PadButton::East | PadButton::Select => m.back = true,
                _ => {}
            }
        }
        m
    }

    /// Whether any pad pressed `b` this frame (`slot` limits it to one pad).
    pub fn pad(&self, b: PadButton, slot: Option<usize>) -> bool {
        self.pads
            .iter()
            .any(|&(s, x)| x == b && slot.is_none_or(|p| s == p))
    }
}

/// What a frame's input did to a menu of settings and choices (PRACTICE, BOSS ATTACKS): the
/// menu's logic returns it, the scene acts on it. `Pick` names the menu's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEvent<Pick> {
    Nothing,
    /// The cursor moved.
    Moved,
    /// A setting changed (LEFT/RIGHT, or OK on a setting's row).
    Changed,
    /// A choice was taken.
    Picked(Pick),
    Back,
}

impl<Pick> MenuEvent<Pick> {
    /// Plays the sound the menu answers the event with, and hands the event on: a move or a
    /// change clicks, a choice plays the select sound, BACK leaves quietly.
    pub fn heard(self, audio: &mut Audio) -> Self {
        match self {
            MenuEvent::Moved | MenuEvent::Changed => audio.play("menu_move"),
            MenuEvent::Picked(_) => audio.play("menu_select"),
            MenuEvent::Nothing | MenuEvent::Back => {}
        }
        self
    }
}

/// Up/down moves the cursor, ok picks; returns the picked entry.
pub fn nav(cursor: &mut usize, len: usize, m: &MenuInput, audio: &mut Audio) -> Option<usize> {
    if m.up {
        *cursor = (*cursor + len - 1) % len;
        audio.play("menu_move");
    }
    if m.down {
        *cursor = (*cursor + 1) % len;
        audio.play("menu_move");
    }
    if m.ok {
        audio.play("menu_select");
        return Some(*cursor);
    }
    None
}

/// How long a result card (GAME OVER, REPLAY ENDED) has been up, in steps. A key closes it only
/// after half a second, so a press meant for the game just ended does not skip it unseen.
#[derive(Default)]
pub struct CardTimer {
    steps: u32,
}

impl CardTimer {
    pub fn tick(&mut self) {
        self.steps += 1;
    }

    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Shot or back pressed, once the card has been up long enough.
    pub fn dismissed(&self, m: &MenuInput) -> bool {
        self.steps > 30 && (m.ok || m.back)
    }
}

/// One frame's menu input, built for the menus' headless tests.
#[cfg(test)]
pub mod press {
    use super::MenuInput;

    /// The input with what `f` sets, nothing else.
    pub fn with(f: impl FnOnce(&mut MenuInput)) -> MenuInput {
        let mut m = MenuInput::default();
        f(&mut m);
        m
    }

    // One line each, as a table: what each of the menu's keys sets.
    #[rustfmt::skip]
    mod keys {
        use super::{with, MenuInput};
        pub fn ok() -> MenuInput { with(|m| m.ok = true) }
        pub fn back() -> MenuInput { with(|m| m.back = true) }
        pub fn up() -> MenuInput { with(|m| m.up = true) }
        pub fn down() -> MenuInput { with(|m| m.down = true) }
        pub fn left() -> MenuInput { with(|m| m.left = true) }
        pub fn right() -> MenuInput { with(|m| m.right = true) }
    }
    pub use keys::*;
}
