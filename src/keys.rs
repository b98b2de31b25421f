//! Key bindings: the actions a player binds, keys by the names the config file uses, and
//! mapping held keys to the simulation's [`Input`]. Read once per step, right before the step
//! runs, so what is held during a step acts in that same step. Plain data below both `app`
//! (which reads and rebinds keys) and `render` (whose HUD lists them).

use macroquad::prelude::KeyCode;
use serde::{Deserialize, Serialize};

use skysweep::sim::Input;

/// An action a player can bind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    Shot,
    Bomb,
    Focus,
}

impl Action {
    pub const ALL: [Action; 7] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Shot,
        Action::Bomb,
        Action::Focus,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Action::Up => "UP",
            Action::Down => "DOWN",
            Action::Left => "LEFT",
            Action::Right => "RIGHT",
            Action::Shot => "SHOT",
            Action::Bomb => "BOMB",
            Action::Focus => "FOCUS",
        }
    }
}

/// Keys for each action of one player, by key name (see [`key_from_name`]). An action left out
/// of the file reads as unbound and gets its default keys, rather than damaging the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeyBindings {
    pub up: Vec<String>,
    pub down: Vec<String>,
    pub left: Vec<String>,
    pub right: Vec<String>,
    pub shot: Vec<String>,
    pub bomb: Vec<String>,
    pub focus: Vec<String>,
}

fn names(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

impl KeyBindings {
    /// Player 1: arrows or WASD, Z or Space to shoot, X to bomb, Shift to focus.
    pub fn player1() -> Self {
        Self {
            up: names(&["Up", "W"]),
            down: names(&["Down", "S"]),
            left: names(&["Left", "A"]),
            right: names(&["Right", "D"]),
            shot: names(&["Z", "Space"]),
            bomb: names(&["X"]),
            focus: names(&["LeftShift", "RightShift"]),
        }
    }

    /// Player 2 on the same keyboard: IJKL to move, U to shoot, O to bomb, H to focus.
    pub fn player2() -> Self {
        Self {
            up: names(&["I"]),
            down: names(&["K"]),
            left: names(&["J"]),
            right: names(&["L"]),
            shot: names(&["U"]),
            bomb: names(&["O"]),
            focus: names(&["H"]),
        }
    }

    pub fn keys(&self, action: Action) -> &Vec<String> {
        match action {
            Action::Up => &self.up,
            Action::Down => &self.down,
            Action::Left => &self.left,
            Action::Right => &self.right,
            Action::Shot => &self.shot,
            Action::Bomb => &self.bomb,
            Action::Focus => &self.focus,
        }
    }

    pub fn keys_mut(&mut self, action: Action) -> &mut Vec<String> {
        match action {
            Action::Up => &mut self.up,
            Action::Down => &mut self.down,
            Action::Left => &mut self.left,
            Action::Right => &mut self.right,
            Action::Shot => &mut self.shot,
            Action::Bomb => &mut self.bomb,
            Action::Focus => &mut self.focus,
        }
    }

    /// The input these bindings give when `down(key)` says which keys are held.
    pub fn read(&self, down: impl Fn(KeyCode) -> bool) -> Input {
        let held = |a: Action| {
            self.keys(a)
                .iter()
                .filter_map(|n| key_from_name(n))
                .any(&down)
        };
        Input {
            up: held(Action::Up),
            down: held(Action::Down),
            left: held(Action::Left),
            right: held(Action::Right),
            shot: held(Action::Shot),
            bomb: held(Action::Bomb),
            focus: held(Action::Focus),
        }
    }

    /// Drops key names that name no key, and gives every action left with no valid key its
    /// default keys, so a bad config file can never leave a player unable to move or shoot.
    /// Returns each dropped name with its action, and the defaults when they were used.
    pub fn fill_unbound(
        &mut self,
        defaults: &KeyBindings,
    ) -> Vec<(Action, String, Option<Vec<String>>)> {
        let mut dropped = Vec::new();
        for a in Action::ALL {
            let keys = self.keys_mut(a);
            let bad: Vec<String> = keys
                .iter()
                .filter(|k| key_from_name(k).is_none())
                .cloned()
                .collect();
            keys.retain(|k| key_from_name(k).is_some());
            let emptied = keys.is_empty();
            if emptied {
                *keys = defaults.keys(a).clone();
            }
            dropped.extend(
                bad.into_iter()
                    .map(|name| (a, name, emptied.then(|| defaults.keys(a).clone()))),
            );
        }
        dropped
    }
}

/// Keys by the names used in the config file.
const KEYS: &[(&str, KeyCode)] = &[
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Space", KeyCode::Space),
    ("Enter", KeyCode::Enter),
    ("Tab", KeyCode::Tab),
    ("Backspace", KeyCode::Backspace),
    ("LeftShift", KeyCode::LeftShift),
    ("RightShift", KeyCode::RightShift),
    ("LeftControl", KeyCode::LeftControl),
    ("RightControl", KeyCode::RightControl),
    ("LeftAlt", KeyCode::LeftAlt),
    ("RightAlt", KeyCode::RightAlt),
    ("A", KeyCode::A),
    ("B", KeyCode::B),
    ("C", KeyCode::C),
    ("D", KeyCode::D),
    ("E", KeyCode::E),
    ("F", KeyCode::F),
    ("G", KeyCode::G),
    ("H", KeyCode::H),
    ("I", KeyCode::I),
    ("J", KeyCode::J),
    ("K", KeyCode::K),
    ("L", KeyCode::L),
    ("M", KeyCode::M),
    ("N", KeyCode::N),
    ("O", KeyCode::O),
    ("P", KeyCode::P),
    ("Q", KeyCode::Q),
    ("R", KeyCode::R),
    ("S", KeyCode::S),
    ("T", KeyCode::T),
    ("U", KeyCode::U),
    ("V", KeyCode::V),
    ("W", KeyCode::W),
    ("X", KeyCode::X),
    ("Y", KeyCode::Y),
    ("Z", KeyCode::Z),
    ("0", KeyCode::Key0),
    ("1", KeyCode::Key1),
    ("2", KeyCode::Key2),
    ("3", KeyCode::Key3),
    ("4", KeyCode::Key4),
    ("5", KeyCode::Key5),
    ("6", KeyCode::Key6),
    ("7", KeyCode::Key7),
    ("8", KeyCode::Key8),
    ("9", KeyCode::Key9),
    ("Kp0", KeyCode::Kp0),
    ("Kp1", KeyCode::Kp1),
    ("Kp2", KeyCode::Kp2),
    ("Kp3", KeyCode::Kp3),
    ("Kp4", KeyCode::Kp4),
    ("Kp5", KeyCode::Kp5),
    ("Kp6", KeyCode::Kp6),
    ("Kp7", KeyCode::Kp7),
    ("Kp8", KeyCode::Kp8),
    ("Kp9", KeyCode::Kp9),
    ("Comma", KeyCode::Comma),
    ("Period", KeyCode::Period),
    ("Slash", KeyCode::Slash),
    ("Semicolon", KeyCode::Semicolon),
];

pub fn key_from_name(name: &str) -> Option<KeyCode> {
    KEYS.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, k)| *k)
}

pub fn key_name(key: KeyCode) -> Option<&'static str> {
    KEYS.iter().find(|(_, k)| *k == key).map(|(n, _)| *n)
}

/// Every bindable key, for listening during rebinding.
pub fn bindable_keys() -> impl Iterator<Item = KeyCode> {
    KEYS.iter().map(|(_, k)| *k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_wasd_both_move_player_one() {
        let b = KeyBindings::player1();
        let i = b.read(|k| k == KeyCode::Left || k == KeyCode::W);
        assert!(i.left && i.up && !i.right && !i.down && !i.shot);
        let z = b.read(|k| k == KeyCode::Space);
        assert!(z.shot);
        let f = b.read(|k| k == KeyCode::RightShift);
        assert!(f.focus);
    }

    #[test]
    fn player_two_keys_do_not_move_player_one() {
        let p1 = KeyBindings::player1();
        let p2 = KeyBindings::player2();
        let held = |k: KeyCode| k == KeyCode::J || k == KeyCode::U;
        assert_eq!(p1.read(held), Input::default());
        let i = p2.read(held);
        assert!(i.left && i.shot);
    }

    #[test]
    fn key_names_round_trip() {
        for k in bindable_keys() {
            assert_eq!(key_from_name(key_name(k).unwrap()), Some(k));
        }
        assert_eq!(key_from_name("space"), Some(KeyCode::Space));
        assert!(key_from_name("NoSuchKey").is_none());
    }
}
