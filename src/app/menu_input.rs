//! What the menus read once a frame: keyboard and every gamepad folded into one set of presses;
//! and what a menu of settings answers them with ([`MenuEvent`]), with the sound it makes.

use macroquad::prelude::*;

use super::audio::Audio;
use super::gamepad::Gamepads;
use super::keyboard;
use skysweep::save::keys::KeyBindings;
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

/// The keys that move and answer in menus: the arrows, Enter, Escape and Backspace always,
/// and player 1's own keys for moving, SHOT (OK, as the menus' hints say) and BOMB (back). With
/// the default bindings that is WASD, Z and Space, and X.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuKeys {
    pub up: Vec<KeyCode>,
    pub down: Vec<KeyCode>,
    pub left: Vec<KeyCode>,
    pub right: Vec<KeyCode>,
    pub ok: Vec<KeyCode>,
    pub back: Vec<KeyCode>,
}

impl MenuKeys {
    pub fn new(p1: &KeyBindings) -> MenuKeys {
        // The fixed keys keep their meaning: a bound key that is another action's fixed key
        // (Enter bound to BOMB) does not answer for its binding too.
        let fixed = [
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Escape,
            KeyCode::Backspace,
        ];
        let with = |own: KeyCode, names: &[String]| -> Vec<KeyCode> {
            let bound = names.iter().filter_map(|n| keyboard::key_from_name(n));
            std::iter::once(own)
                .chain(bound.filter(|k| !fixed.contains(k)))
                .collect()
        };
        let mut back = with(KeyCode::Escape, &p1.bomb);
        back.insert(1, KeyCode::Backspace);
        MenuKeys {
            up: with(KeyCode::Up, &p1.up),
            down: with(KeyCode::Down, &p1.down),
            left: with(KeyCode::Left, &p1.left),
            right: with(KeyCode::Right, &p1.right),
            ok: with(KeyCode::Enter, &p1.shot),
            back,
        }
    }
}

impl MenuInput {
    /// This frame's presses, through player 1's key bindings ([`MenuKeys`]). Takes the pads'
    /// presses, so call it once a frame.
    pub fn read(pads: &mut Gamepads, p1: &KeyBindings) -> MenuInput {
        let keys = MenuKeys::new(p1);
        let k = |codes: &[KeyCode]| codes.iter().any(|c| is_key_pressed(*c));
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        let mut m = MenuInput {
            up: k(&keys.up),
            down: k(&keys.down),
            left: k(&keys.left),
            right: k(&keys.right),
            ok: !alt && k(&keys.ok),
            back: k(&keys.back),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_keys_answer_menus_as_they_always_did() {
        let keys = MenuKeys::new(&KeyBindings::player1());
        use KeyCode::*;
        assert_eq!(keys.ok, [Enter, Z, Space]);
        assert_eq!(keys.back, [Escape, Backspace, X]);
        assert_eq!(keys.up, [Up, W]);
        assert_eq!(keys.right, [Right, D]);
    }

    /// The play-test's case: C added to SHOT, Z made BOMB alone. The menus' "SHOT PICKS" must
    /// hold for C, and Z must now go back, as BOMB does.
    #[test]
    fn rebound_keys_answer_menus_for_their_actions() {
        let mut p1 = KeyBindings::player1();
        p1.shot = vec!["C".into(), "Space".into()];
        p1.bomb = vec!["Z".into()];
        p1.up = vec!["Up".into(), "I".into()];
        let keys = MenuKeys::new(&p1);
        use KeyCode::*;
        assert_eq!(keys.ok, [Enter, C, Space]);
        assert_eq!(keys.back, [Escape, Backspace, Z]);
        assert_eq!(keys.up, [Up, I]);
        assert!(!keys.up.contains(&W) && !keys.ok.contains(&Z) && !keys.back.contains(&X));
    }

    #[test]
    fn a_fixed_key_bound_to_another_action_keeps_its_own_meaning() {
        let mut p1 = KeyBindings::player1();
        p1.bomb = vec!["Enter".into(), "X".into()];
        p1.shot = vec!["Backspace".into(), "Z".into()];
        let keys = MenuKeys::new(&p1);
        assert!(!keys.back.contains(&KeyCode::Enter), "{keys:?}");
        assert!(!keys.ok.contains(&KeyCode::Backspace), "{keys:?}");
        assert!(keys.ok.contains(&KeyCode::Enter) && keys.back.contains(&KeyCode::Backspace));
    }
}
