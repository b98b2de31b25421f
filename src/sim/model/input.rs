//! The player's controls for one step, as plain data. The simulation never reads devices.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What one player holds during one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Input {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
    pub shot: bool,
    pub bomb: bool,
    pub focus: bool,
}

impl Input {
    /// The unit (or zero) direction held; diagonals are normalised so they are not faster.
    pub fn direction(self) -> Vec2 {
        let x = self.right as i32 - self.left as i32;
        let y = self.down as i32 - self.up as i32;
        Vec2::new(x as f32, y as f32).normalize_or_zero()
    }

    /// Both inputs at once: a control is held when either holds it (keyboard and pad driving
    /// the same player, or a tap and the keys).
    pub fn or(self, other: Input) -> Input {
        Input::from_bits(self.to_bits() | other.to_bits())
    }

    /// Packs the input into one byte, for compact replays.
    pub fn to_bits(self) -> u8 {
        [
            self.up, self.down, self.left, self.right, self.shot, self.bomb, self.focus,
        ]
        .iter()
        .enumerate()
        .fold(0u8, |acc, (i, b)| acc | ((*b as u8) << i))
    }

    /// The inverse of [`Input::to_bits`]; the top bit is ignored.
    pub fn from_bits(bits: u8) -> Self {
        let b = |i: u8| bits & (1 << i) != 0;
        Input {
            up: b(0),
            down: b(1),
            left: b(2),
            right: b(3),
            shot: b(4),
            bomb: b(5),
            focus: b(6),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The bits of `Input::to_bits`, to write held controls briefly.
    const UP: u8 = 1;
    const LEFT: u8 = 1 << 2;
    const RIGHT: u8 = 1 << 3;
    const SHOT: u8 = 1 << 4;

    #[test]
    fn or_holds_what_either_holds() {
        let (a, b) = (Input::from_bits(LEFT | SHOT), Input::from_bits(UP | SHOT));
        assert!(a.left && a.shot && b.up && b.shot);
        let both = a.or(b);
        assert!(both.left && both.up && both.shot);
        assert!(!both.right && !both.down && !both.bomb && !both.focus);
        assert_eq!(a.or(Input::default()), a);
    }

    #[test]
    fn bits_round_trip_every_combination() {
        for bits in 0..128u8 {
            assert_eq!(Input::from_bits(bits).to_bits(), bits);
        }
    }

    #[test]
    fn diagonal_is_not_faster() {
        let i = Input::from_bits(UP | RIGHT);
        assert!((i.direction().length() - 1.0).abs() < 1e-6);
        let opposite = Input::from_bits(LEFT | RIGHT);
        assert_eq!(opposite.direction(), Vec2::ZERO);
    }
}
