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
/// the default bindings that is WASD, Z and Space, and X. Read each frame without allocating.
#[derive(Clone, Copy, Debug)]
pub struct MenuKeys<'a>(pub &'a KeyBindings);

/// Keys whose menu meaning no binding changes: a bound key that is another action's fixed key
/// (Enter bound to BOMB) does not answer for its binding too.
const FIXED: [KeyCode; 7] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Enter,
    KeyCode::Escape,
    KeyCode::Backspace,
];

impl<'a> MenuKeys<'a> {
    pub fn up(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Up], &self.0.up)
    }
    pub fn down(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Down], &self.0.down)
    }
    pub fn left(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Left], &self.0.left)
    }
    pub fn right(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Right], &self.0.right)
    }
    pub fn ok(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Enter], &self.0.shot)
    }
    pub fn back(self) -> impl Iterator<Item = KeyCode> + 'a {
        keys(&[KeyCode::Escape, KeyCode::Backspace], &self.0.bomb)
    }
}

/// Whether any of `codes` went down this frame.
fn pressed(mut codes: impl Iterator<Item = KeyCode>) -> bool {
    codes.any(is_key_pressed)
}

/// `own` fixed keys, then the keys `bound` names that are not fixed.
fn keys<'a>(own: &'static [KeyCode], bound: &'a [String]) -> impl Iterator<Item = KeyCode> + 'a {
    let bound = bound.iter().filter_map(|n| keyboard::key_from_name(n));
    own.iter()
        .copied()
        .chain(bound.filter(|k| !FIXED.contains(k)))
}

impl MenuInput {
    /// This frame's presses, through player 1's key bindings ([`MenuKeys`]). Takes the pads'
    /// presses, so call it once a frame.
    pub fn read(pads: &mut Gamepads, p1: &KeyBindings) -> MenuInput {
        let keys = MenuKeys(p1);
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        let mut m = MenuInput {
            up: pressed(keys.up()),
            down: pressed(keys.down()),
            left: pressed(keys.left()),
            right: pressed(keys.right()),
            ok: !alt && pressed(keys.ok()),
            back: pressed(keys.back()),
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

    fn all(keys: impl Iterator<Item = KeyCode>) -> Vec<KeyCode> {
        keys.collect()
    }

    #[test]
    fn the_default_keys_answer_menus_as_they_always_did() {
        let p1 = KeyBindings::player1();
        let keys = MenuKeys(&p1);
        use KeyCode::*;
        assert_eq!(all(keys.ok()), [Enter, Z, Space]);
        assert_eq!(all(keys.back()), [Escape, Backspace, X]);
        assert_eq!(all(keys.up()), [Up, W]);
        assert_eq!(all(keys.right()), [Right, D]);
    }

    /// The play-test's case: C added to SHOT, Z made BOMB alone. The menus' "SHOT PICKS" must
    /// hold for C, and Z must now go back, as BOMB does.
    #[test]
    fn rebound_keys_answer_menus_for_their_actions() {
        let mut p1 = KeyBindings::player1();
        p1.shot = vec!["C".into(), "Space".into()];
        p1.bomb = vec!["Z".into()];
        p1.up = vec!["Up".into(), "I".into()];
        let keys = MenuKeys(&p1);
        use KeyCode::*;
        let (ok, back, up) = (all(keys.ok()), all(keys.back()), all(keys.up()));
        assert_eq!(ok, [Enter, C, Space]);
        assert_eq!(back, [Escape, Backspace, Z]);
        assert_eq!(up, [Up, I]);
        assert!(!up.contains(&W) && !ok.contains(&Z) && !back.contains(&X));
    }

    #[test]
    fn a_fixed_key_bound_to_another_action_keeps_its_own_meaning() {
        let mut p1 = KeyBindings::player1();
        p1.bomb = vec!["Enter".into(), "X".into()];
        p1.shot = vec!["Backspace".into(), "Z".into()];
        let keys = MenuKeys(&p1);
        let (ok, back) = (all(keys.ok()), all(keys.back()));
        assert!(!back.contains(&KeyCode::Enter), "{back:?}");
        assert!(!ok.contains(&KeyCode::Backspace), "{ok:?}");
        assert!(ok.contains(&KeyCode::Enter) && back.contains(&KeyCode::Backspace));
    }
}
