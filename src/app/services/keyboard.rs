//! The keyboard as macroquad sees it: the key codes behind the bindable key names
//! ([`KEY_NAMES`]), which the library's bindings are written in.

use macroquad::prelude::KeyCode;

use skysweep::save::keys::{key_name as canonical, KeyBindings, KEY_NAMES};
use skysweep::sim::Input;

/// Each of [`KEY_NAMES`]'s keys, in the same order.
const KEY_CODES: [KeyCode; KEY_NAMES.len()] = [
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Space,
    KeyCode::Enter,
    KeyCode::Tab,
    KeyCode::Backspace,
    KeyCode::LeftShift,
    KeyCode::RightShift,
    KeyCode::LeftControl,
    KeyCode::RightControl,
    KeyCode::LeftAlt,
    KeyCode::RightAlt,
    KeyCode::A,
    KeyCode::B,
    KeyCode::C,
    KeyCode::D,
    KeyCode::E,
    KeyCode::F,
    KeyCode::G,
    KeyCode::H,
    KeyCode::I,
    KeyCode::J,
    KeyCode::K,
    KeyCode::L,
    KeyCode::M,
    KeyCode::N,
    KeyCode::O,
    KeyCode::P,
    KeyCode::Q,
    KeyCode::R,
    KeyCode::S,
    KeyCode::T,
    KeyCode::U,
    KeyCode::V,
    KeyCode::W,
    KeyCode::X,
    KeyCode::Y,
    KeyCode::Z,
    KeyCode::Key0,
    KeyCode::Key1,
    KeyCode::Key2,
    KeyCode::Key3,
    KeyCode::Key4,
    KeyCode::Key5,
    KeyCode::Key6,
    KeyCode::Key7,
    KeyCode::Key8,
    KeyCode::Key9,
    KeyCode::Kp0,
    KeyCode::Kp1,
    KeyCode::Kp2,
    KeyCode::Kp3,
    KeyCode::Kp4,
    KeyCode::Kp5,
    KeyCode::Kp6,
    KeyCode::Kp7,
    KeyCode::Kp8,
    KeyCode::Kp9,
    KeyCode::Comma,
    KeyCode::Period,
    KeyCode::Slash,
    KeyCode::Semicolon,
];

/// The key code a key name (matched ignoring case) stands for.
pub fn key_from_name(name: &str) -> Option<KeyCode> {
    let name = canonical(name)?;
    KEY_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| KEY_CODES[i])
}

/// A bindable key's canonical name.
pub fn key_name(key: KeyCode) -> Option<&'static str> {
    KEY_CODES
        .iter()
        .position(|k| *k == key)
        .map(|i| KEY_NAMES[i])
}

/// Every bindable key, for listening during rebinding.
pub fn bindable_keys() -> impl Iterator<Item = KeyCode> {
    KEY_CODES.into_iter()
}

/// The input `bindings` give when `down(key)` says which keys are held.
pub fn read(bindings: &KeyBindings, down: impl Fn(KeyCode) -> bool) -> Input {
    bindings.read(|name| key_from_name(name).is_some_and(&down))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_round_trip() {
        for k in bindable_keys() {
            assert_eq!(key_from_name(key_name(k).unwrap()), Some(k));
        }
        assert_eq!(key_from_name("space"), Some(KeyCode::Space));
        assert!(key_from_name("NoSuchKey").is_none());
    }

    #[test]
    fn each_name_is_its_key_codes_name() {
        // The two tables are kept in one order: macroquad names digit keys `Key0`.
        for (name, code) in KEY_NAMES.iter().zip(KEY_CODES) {
            let debug = format!("{code:?}");
            assert!(
                debug == *name || debug == format!("Key{name}"),
                "{name} vs {debug}"
            );
        }
    }

    #[test]
    fn held_keys_read_through_the_names() {
        let b = KeyBindings::player1();
        let i = read(&b, |k| k == KeyCode::Left || k == KeyCode::W);
        assert!(i.left && i.up && !i.right && !i.down && !i.shot);
    }
}
