//! Gamepad bindings as data: button names as the settings file writes them, and which buttons
//! shoot, bomb and focus. Reading the pads themselves (gilrs) stays in the binary.

use serde::{Deserialize, Serialize};

/// Declares the buttons from one list: the enum, and each button with its name in the
/// settings file (its variant's name, so the two cannot drift apart), in the file's order.
macro_rules! buttons {
    ($($button:ident),+ $(,)?) => {
        /// A gamepad button, by its position rather than its label.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum PadButton {
            $($button),+
        }

        const BUTTON_NAMES: &[(&str, PadButton)] =
            &[$((stringify!($button), PadButton::$button)),+];
    };
}

buttons!(
    South,
    East,
    North,
    West,
    LeftTrigger,
    LeftTrigger2,
    RightTrigger,
    RightTrigger2,
    Select,
    Start,
    DPadUp,
    DPadDown,
    DPadLeft,
    DPadRight,
);

impl PadButton {
    pub fn from_name(name: &str) -> Option<PadButton> {
        BUTTON_NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, b)| *b)
    }

    /// Every button, in the settings file's order.
    pub fn all() -> impl Iterator<Item = PadButton> {
        BUTTON_NAMES.iter().map(|(_, b)| *b)
    }

    pub fn name(self) -> &'static str {
        BUTTON_NAMES
            .iter()
            .find(|(_, b)| *b == self)
            .map_or("?", |(n, _)| n)
    }

    /// This button's bit in a set of held buttons (one bit per button, 14 of 16 used).
    pub fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// Which buttons do what; the d-pad and left stick always move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PadBindings {
    pub shot: Vec<String>,
    pub bomb: Vec<String>,
    pub focus: Vec<String>,
}

impl Default for PadBindings {
    fn default() -> Self {
        let v = |names: &[&str]| names.iter().map(|s| s.to_string()).collect();
        Self {
            shot: v(&["South", "West"]),
            bomb: v(&["East", "North"]),
            focus: v(&[
                "LeftTrigger",
                "RightTrigger",
                "LeftTrigger2",
                "RightTrigger2",
            ]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_names_round_trip() {
        for &(name, b) in BUTTON_NAMES {
            assert_eq!(PadButton::from_name(name), Some(b));
            assert_eq!(b.name(), name);
        }
    }
}
