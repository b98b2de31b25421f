//! The five playable characters: how each moves, shoots, charges, strikes and bombs.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
pub enum Character {
    /// A sky courier on a swift glider: wide spread shot, sweeping charge, long bomb.
    Vela,
    /// A steam-powered brass robot: narrow, slow, heavy stream, beam charge, short heavy bomb.
    Brass,
    /// A young mage with a familiar: homing shots, a swarm charge, a bomb that turns bullets to coins.
    Wren,
    /// The lighthouse keeper's daughter on a lamp-driven ornithopter: a thin laser that passes
    /// through enemies, a wide lens-flare beam, a blinding flash, a rotating lighthouse beam.
    Orla,
    /// An old mechanic in a bathtub gyrocopter: two side pods that lock to the angle they hold
    /// while fire is held, a spread of bolts, a spinning wrench, a barrage of falling scrap.
    Rook,
}

/// Seconds of held main fire one melee strike is worth (reviewers of the arcade original put
/// a strike at about five).
pub const MELEE_HELD_FIRE_S: f32 = 5.0;

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
    /// Damage the bomb deals on contact and every 10 steps after (Rook's: each piece of scrap).
    pub bomb_damage: f32,
}

impl Character {
    pub const ALL: [Character; 5] = [
        Character::Vela,
        Character::Brass,
        Character::Wren,
        Character::Orla,
        Character::Rook,
    ];

    pub fn stats(self) -> CharacterStats {
        match self {
            Character::Vela => CharacterStats {
                name: "Vela",
                speed: 150.0,
                fire_interval: 5,
                shot_damage: 1.55,
                shot_speed: 420.0,
                shot_half: (3.0, 6.0),
                bomb_steps: 150,
                bomb_damage: 6.0,
            },
            Character::Brass => CharacterStats {
                name: "Brass",
                speed: 130.0,
                fire_interval: 10,
                shot_damage: 2.0,
                shot_speed: 560.0,
                shot_half: (3.0, 9.0),
                bomb_steps: 120,
                bomb_damage: 30.0,
            },
            Character::Wren => CharacterStats {
                name: "Wren",
                speed: 135.0,
                fire_interval: 6,
                shot_damage: 1.3,
                shot_speed: 360.0,
                shot_half: (4.0, 4.0),
                bomb_steps: 120,
                bomb_damage: 8.0,
            },
            Character::Orla => CharacterStats {
                name: "Orla",
                speed: 140.0,
                fire_interval: 4,
                shot_damage: 0.85,
                shot_speed: 720.0,
                shot_half: (2.0, 24.0),
                bomb_steps: 150,
                bomb_damage: 10.0,
            },
            Character::Rook => CharacterStats {
                name: "Rook",
                speed: 125.0,
                fire_interval: 6,
                shot_damage: 1.4,
                shot_speed: 480.0,
                shot_half: (2.0, 4.0),
                bomb_steps: 150,
                bomb_damage: 30.0,
            },
        }
    }

    pub fn name(self) -> &'static str {
        self.stats().name
    }

    /// The damage one main-shot volley at `power` deals when every shot in it lands, a paired
    /// box counting as two shots. `World::fire_main_shot` spawns exactly this much (a test
    /// checks it), so it is the yardstick the melee strike is measured by.
    pub fn volley_damage(self, power: u8) -> f32 {
        let power = power.clamp(1, 4);
        let centre = if power >= 2 { 2.0 } else { 1.0 };
        let d = self.stats().shot_damage;
        let shots = match self {
            // The centre and a fan of singles on each side.
            Character::Vela => centre + [2.0, 2.0, 4.0, 6.0][power as usize - 1],
            // A single bolt each side, paired from power 3, two singles more at power 4.
            Character::Brass => centre + [2.0, 2.0, 4.0, 6.0][power as usize - 1],
            // The familiar's orbs hit a little softer than the main shot.
            Character::Wren => centre + [1.0, 2.0, 3.0, 4.0][power as usize - 1] * 0.95,
            // Side beams from the first power level, paired from power 3.
            Character::Orla => centre + [2.0, 2.0, 4.0, 4.0][power as usize - 1],
            // Each pod fires one rivet, a paired box from power 3, two from power 4.
            Character::Rook => centre + [2.0, 2.0, 4.0, 6.0][power as usize - 1],
        };
        shots * d
    }

    /// Damage per second of holding fire at `power` with every shot landing.
    pub fn held_fire_dps(self, power: u8) -> f32 {
        self.volley_damage(power) * 60.0 / self.stats().fire_interval as f32
    }

    /// The damage of one melee strike at `power`: [`MELEE_HELD_FIRE_S`] of held fire.
    pub fn melee_damage(self, power: u8) -> f32 {
        MELEE_HELD_FIRE_S * self.held_fire_dps(power)
    }

    /// The name in lower case, as asset and file names spell it (`ship_<key>`).
    pub fn key(self) -> &'static str {
        match self {
            Character::Vela => "vela",
            Character::Brass => "brass",
            Character::Wren => "wren",
            Character::Orla => "orla",
            Character::Rook => "rook",
        }
    }

    /// Parses a character name, case-insensitively.
    pub fn from_name(name: &str) -> Option<Character> {
        Character::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }
}

/// The key of the pair ending for `a` and `b` together (`"vela_orla"`): the two keys in
/// [`Character::ALL`]'s order, whichever player flew which. `None` for the same pilot twice,
/// who gets the solo page instead.
pub fn pair_key(a: Character, b: Character) -> Option<String> {
    let (first, second) = match a.cmp(&b) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal => return None,
    };
    Some(format!("{}_{}", first.key(), second.key()))
}
