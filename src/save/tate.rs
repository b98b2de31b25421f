//! TATE: the picture turned a quarter for a monitor stood on its side, as the genre's arcade
//! cabinets stand theirs. Plain data; the renderer turns the picture (`src/render/tate.rs`).

use serde::{Deserialize, Serialize};

/// Which way the monitor has been turned. The picture is drawn turned back the other way, so
/// the player sees it upright and the playfield fills the tall screen.
///
/// The controls stay as they are: on a turned monitor the picture's up is the player's up, so
/// up on the keys or stick is up on the screen in every mode, menus included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tate {
    /// A monitor as it stands.
    #[default]
    Off,
    /// The monitor turned a quarter clockwise: its top edge is now on the right.
    Turned90,
    /// The monitor turned a quarter counter-clockwise (270 clockwise): its top is on the left.
    Turned270,
}

impl Tate {
    pub const ALL: [Tate; 3] = [Tate::Off, Tate::Turned90, Tate::Turned270];

    /// As the options menu shows it.
    pub fn label(self) -> &'static str {
        match self {
            Tate::Off => "OFF",
            Tate::Turned90 => "90",
            Tate::Turned270 => "270",
        }
    }

    /// Whether the window's sides are swapped: the picture is tall on a wide window.
    pub fn turned(self) -> bool {
        self != Tate::Off
    }

    /// The next mode `dir` steps on (1 or -1), round the three.
    pub fn step(self, dir: i32) -> Tate {
        let k = Tate::ALL.iter().position(|t| *t == self).unwrap_or(0) as i32;
        Tate::ALL[(k + dir).rem_euclid(Tate::ALL.len() as i32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_goes_round_the_three_modes_both_ways() {
        let mut t = Tate::Off;
        let seen: Vec<Tate> = (0..4)
            .map(|_| {
                t = t.step(1);
                t
            })
            .collect();
        assert_eq!(
            seen,
            [Tate::Turned90, Tate::Turned270, Tate::Off, Tate::Turned90]
        );
        assert_eq!(Tate::Off.step(-1), Tate::Turned270);
        assert!(!Tate::Off.turned() && Tate::Turned90.turned() && Tate::Turned270.turned());
        assert_eq!(Tate::Turned270.label(), "270");
    }
}
