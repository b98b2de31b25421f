//! The three playable characters: how each moves, shoots, charges and bombs.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Character {
    /// A sky courier on a swift glider: wide spread shot, sweeping charge, long bomb.
    Vela,
    /// A steam-powered brass robot: narrow, slow, heavy stream, beam charge, short heavy bomb.
    Brass,
    /// A young mage with a familiar: homing shots, a swarm charge, a bomb that turns bullets to coins.
    Wren,
}

/// Numbers that make a character play differently.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CharacterStats {
    pub name: &'static str,
    /// Movement speed, pixels per second (focus halves it).
    pub speed: f32,
    /// Steps between main-shot volleys.
    pub fire_interval: u32,
    /// Damage of one shot (a paired box deals twice this).
    pub shot_damage: f32,
    /// Upward speed of shots, pixels per second.
    pub shot_speed: f32,
    /// Half-size of a shot's box.
    pub shot_half: (f32, f32),
    /// How long the bomb lasts, in steps.
    pub bomb_steps: u32,
    /// Damage the bomb deals on contact and every 10 steps after.
    pub bomb_damage: f32,
}

impl Character {
    pub const ALL: [Character; 3] = [Character::Vela, Character::Brass, Character::Wren];

    pub fn stats(self) -> CharacterStats {
        match self {
            Character::Vela => CharacterStats {
                name: "Vela",
                speed: 150.0,
                fire_interval: 5,
                shot_damage: 1.1,
                shot_speed: 420.0,
                shot_half: (3.0, 6.0),
                bomb_steps: 150,
                bomb_damage: 6.0,
            },
            Character::Brass => CharacterStats {
                name: "Brass",
                speed: 120.0,
                fire_interval: 10,
                shot_damage: 1.25,
                shot_speed: 560.0,
                shot_half: (2.0, 8.0),
                bomb_steps: 90,
                bomb_damage: 12.0,
            },
            Character::Wren => CharacterStats {
                name: "Wren",
                speed: 135.0,
                fire_interval: 6,
                shot_damage: 1.0,
                shot_speed: 360.0,
                shot_half: (4.0, 4.0),
                bomb_steps: 120,
                bomb_damage: 8.0,
            },
        }
    }

    pub fn name(self) -> &'static str {
        self.stats().name
    }

    /// Parses a character name, case-insensitively.
    pub fn from_name(name: &str) -> Option<Character> {
        Character::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }
}

/// How hard the enemies press, chosen before a run.
///
/// - **Easy**: bullets fly at 0.8x speed, spreads and rings carry 0.6x the bullets, enemies fire
///   1.4x less often and wait 1.4x longer before their first shot, and nothing fires in a
///   stage's first [`Difficulty::opening_hold_s`] seconds.
/// - **Normal**: the stages as written.
/// - **Hard**: bullets fly at 1.15x speed, spreads and rings carry 1.4x the bullets, enemies fire
///   1.2x as often, and every single aimed shot comes as a fan of three.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, PartialOrd, Ord,
)]
pub enum Difficulty {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// (speed factor, density factor) on the first loop; each further loop adds to both.
    pub fn factors(self, loop_index: u32) -> (f32, f32) {
        let (s, d) = match self {
            Difficulty::Easy => (0.8, 0.6),
            Difficulty::Normal => (1.0, 1.0),
            Difficulty::Hard => (1.15, 1.4),
        };
        let extra = loop_index.min(4) as f32;
        (s + 0.15 * extra, d + 0.35 * extra)
    }

    /// Enemies' time between shots (and before the first), times this.
    pub fn fire_interval_factor(self) -> f32 {
        match self {
            Difficulty::Easy => 1.4,
            Difficulty::Normal => 1.0,
            Difficulty::Hard => 1.0 / 1.2,
        }
    }

    /// The bullets a single aimed shot (an `Aimed` pattern of one bullet) becomes: a fan,
    /// its middle bullet still aimed at the player.
    pub fn aimed_fan(self) -> u32 {
        match self {
            Difficulty::Hard => 3,
            Difficulty::Easy | Difficulty::Normal => 1,
        }
    }

    /// Seconds from a stage's start in which no enemy fires, so a new player can find the
    /// controls before the first bullet.
    pub fn opening_hold_s(self) -> f32 {
        match self {
            Difficulty::Easy => 10.0,
            Difficulty::Normal | Difficulty::Hard => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}
