//! Key bindings: the actions a player binds, keys by the names the config file uses, and
//! mapping held keys to the simulation's [`Input`]. Read once per step, right before the step
//! runs, so what is held during a step acts in that same step. Plain data with no window: the
//! binary maps the names to macroquad's key codes (`src/app/services/keyboard.rs`).

use serde::{Deserialize, Serialize};

use crate::sim::Input;

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

/// Keys for each action of one player, by key name (see [`key_name`]). An action left out
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

    /// The input these bindings give when `down(name)` says which keys are held; `down` is
    /// asked about bindable keys only, by their canonical names ([`key_name`]).
    pub fn read(&self, down: impl Fn(&'static str) -> bool) -> Input {
        let held = |a: Action| self.keys(a).iter().filter_map(|n| key_name(n)).any(&down);
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
                .filter(|k| key_name(k).is_none())
                .cloned()
                .collect();
            keys.retain(|k| key_name(k).is_some());
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

/// Every bindable key by the name the config file uses, in one order the binary's table of
/// key codes follows (`src/app/services/keyboard.rs`).
pub const KEY_NAMES: [&str; 64] = [
    "Up",
    "Down",
    "Left",
    "Right",
    "Space",
    "Enter",
    "Tab",
    "Backspace",
    "LeftShift",
    "RightShift",
    "LeftControl",
    "RightControl",
    "LeftAlt",
    "RightAlt",
    "A",
    "B",
    "C",
    "D",
    "E",
    "F",
    "G",
    "H",
    "I",
    "J",
    "K",
    "L",
    "M",
    "N",
    "O",
    "P",
    "Q",
    "R",
    "S",
    "T",
    "U",
    "V",
    "W",
    "X",
    "Y",
    "Z",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "Kp0",
    "Kp1",
    "Kp2",
    "Kp3",
    "Kp4",
    "Kp5",
    "Kp6",
    "Kp7",
    "Kp8",
    "Kp9",
    "Comma",
    "Period",
    "Slash",
    "Semicolon",
];

/// `name` as the config file spells it canonically (names are matched ignoring case); `None`
/// when it names no bindable key.
pub fn key_name(name: &str) -> Option<&'static str> {
    KEY_NAMES
        .iter()
        .find(|n| n.eq_ignore_ascii_case(name))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_and_wasd_both_move_player_one() {
        let b = KeyBindings::player1();
        let i = b.read(|k| k == "Left" || k == "W");
        assert!(i.left && i.up && !i.right && !i.down && !i.shot);
        let z = b.read(|k| k == "Space");
        assert!(z.shot);
        let f = b.read(|k| k == "RightShift");
        assert!(f.focus);
    }

    #[test]
    fn player_two_keys_do_not_move_player_one() {
        let p1 = KeyBindings::player1();
        let p2 = KeyBindings::player2();
        let held = |k: &str| k == "J" || k == "U";
        assert_eq!(p1.read(held), Input::default());
        let i = p2.read(held);
        assert!(i.left && i.shot);
    }

    #[test]
    fn key_names_are_matched_ignoring_case() {
        for n in KEY_NAMES {
            assert_eq!(key_name(&n.to_lowercase()), Some(n));
        }
        assert_eq!(key_name("space"), Some("Space"));
        assert!(key_name("NoSuchKey").is_none());
    }
}
