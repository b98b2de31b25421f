//! Watching a replay: fast-forward (x2, x4), a speed the run keeps from stage to stage. Pause
//! and frame step are the practice tools' (F3, F4), which never change what plays; the bar
//! showing how far into the stage it is, and those keys, is drawn beside the playfield
//! (`render::hud::beside`).

use macroquad::prelude::*;

/// Cycles a replay's speed: x1, x2, x4, x1...
pub const KEY_FAST: KeyCode = KeyCode::F5;

/// How many world steps a replay takes per step of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplaySpeed(u32);

impl Default for ReplaySpeed {
    fn default() -> Self {
        ReplaySpeed(1)
    }
}

impl ReplaySpeed {
    /// The next speed of the cycle.
    pub fn next(self) -> ReplaySpeed {
        ReplaySpeed(match self.0 {
            1 => 2,
            2 => 4,
            _ => 1,
        })
    }

    /// The speed before this one in the cycle.
    pub fn prev(self) -> ReplaySpeed {
        self.next().next()
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::ReplaySpeed;

    #[test]
    fn speed_cycles_through_two_and_four_and_back() {
        let s = ReplaySpeed::default();
        assert_eq!(s.get(), 1);
        assert_eq!(s.next().get(), 2);
        assert_eq!(s.next().next().get(), 4);
        assert_eq!(s.next().next().next(), s);
        assert_eq!(s.prev().get(), 4);
        assert_eq!(s.next().prev(), s);
    }
}
