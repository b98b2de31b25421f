//! How well the built-in pilot plays: three players of different skill, for measuring how
//! hard the game is for people who are not perfect.
//!
//! The expert is the original autopilot: it sees every bullet near it at once, answers within
//! the step, aims dead on and bombs whenever it is cornered. The average and novice players
//! are the same pilot with human limits, each a number in [`SkillTraits`]: they answer late
//! (a reaction delay), look at fewer bullets and less far ahead, misjudge how close a bullet
//! may pass, now and then look away, aim a little off and forget to bomb.
//!
//! The figures are taken from people rather than tuned to the game: a simple visual reaction
//! takes about 200 ms for a practised player and 300 ms for a beginner; a beginner watches
//! the ship rather than the screen, never holds focus, and bombs once the hit has already
//! happened more often than before it. The game's difficulty is tuned against these players,
//! never the other way round.

use serde::{Deserialize, Serialize};

/// A player's skill, for the autopilot.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, PartialOrd, Ord,
)]
pub enum Skill {
    /// New to the game (and to shoot-'em-ups): slow to react, sees little, rarely bombs.
    Novice,
    /// Has played a few: reacts in time to what it sees, but not to everything.
    Average,
    /// Today's autopilot: no delay, dodges almost perfectly, bombs when cornered.
    #[default]
    Expert,
}

/// The numbers that make one skill play as it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkillTraits {
    /// Steps (60 a second) the pilot's picture of the bullets lags behind the screen: it
    /// dodges bullets where they were that long ago, and does not see newer ones yet.
    pub reaction_steps: usize,
    /// How far ahead, in steps, the pilot follows a bullet's flight.
    pub horizon_steps: u32,
    /// Bullets farther from the ship than this, in pixels, go unnoticed.
    pub notice_px: f32,
    /// The margin, in pixels, the pilot keeps between a bullet and the ship's hitbox: the
    /// expert's 3 keeps it clear; less, and it grazes bullets it believes will miss.
    pub margin_px: f32,
    /// Chance, each step, of looking away (at the score, at an explosion) ...
    pub lapse_chance: f32,
    /// ... for this many steps, the hands holding what they held.
    pub lapse_steps: u32,
    /// How far to one side, at most, the pilot lines up under its target, pixels.
    pub aim_error_px: f32,
    /// Steps before the aiming error is drawn again.
    pub aim_steps: u32,
    /// Chance, each step the pilot is cornered with a bomb in hand, that it presses bomb.
    pub bomb_chance: f32,
    /// Whether it spends a spare bomb when a boss fills the screen, before it is cornered.
    pub bombs_early: bool,
    /// Whether it holds focus (half speed) to slip through tight gaps.
    pub uses_focus: bool,
    /// Whether it lets go of a full charge gauge as a charge attack.
    pub uses_charge: bool,
    /// Items farther than this, pixels, are not worth a detour.
    pub item_reach_px: f32,
}

impl Skill {
    pub const ALL: [Skill; 3] = [Skill::Novice, Skill::Average, Skill::Expert];

    pub fn traits(self) -> SkillTraits {
        match self {
            Skill::Novice => SkillTraits {
                reaction_steps: 18,
                horizon_steps: 30,
                notice_px: 70.0,
                margin_px: 0.0,
                lapse_chance: 1.0 / 180.0,
                lapse_steps: 24,
                aim_error_px: 28.0,
                aim_steps: 45,
                bomb_chance: 0.03,
                bombs_early: false,
                uses_focus: false,
                uses_charge: false,
                item_reach_px: 50.0,
            },
            Skill::Average => SkillTraits {
                reaction_steps: 12,
                horizon_steps: 24,
                notice_px: 90.0,
                margin_px: 1.5,
                lapse_chance: 1.0 / 360.0,
                lapse_steps: 15,
                aim_error_px: 14.0,
                aim_steps: 30,
                bomb_chance: 0.12,
                bombs_early: false,
                uses_focus: true,
                uses_charge: true,
                item_reach_px: 90.0,
            },
            Skill::Expert => SkillTraits {
                reaction_steps: 0,
                horizon_steps: 12,
                notice_px: 110.0,
                margin_px: 3.0,
                lapse_chance: 0.0,
                lapse_steps: 0,
                aim_error_px: 0.0,
                aim_steps: 1,
                bomb_chance: 1.0,
                bombs_early: true,
                uses_focus: true,
                uses_charge: true,
                item_reach_px: 120.0,
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Skill::Novice => "novice",
            Skill::Average => "average",
            Skill::Expert => "expert",
        }
    }

    /// Parses a skill name, case-insensitively.
    pub fn from_name(name: &str) -> Option<Skill> {
        Skill::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for s in Skill::ALL {
            assert_eq!(Skill::from_name(s.name()), Some(s));
            assert_eq!(Skill::from_name(&s.name().to_uppercase()), Some(s));
        }
        assert_eq!(Skill::from_name("pro"), None);
        assert_eq!(Skill::from_name(""), None);
    }

    #[test]
    fn each_skill_is_worse_than_the_next_in_every_trait() {
        for pair in Skill::ALL.windows(2) {
            let (lo, hi) = (pair[0].traits(), pair[1].traits());
            assert!(lo.reaction_steps > hi.reaction_steps, "{pair:?}");
            assert!(lo.notice_px < hi.notice_px, "{pair:?}");
            assert!(lo.margin_px < hi.margin_px, "{pair:?}");
            assert!(lo.lapse_chance > hi.lapse_chance, "{pair:?}");
            assert!(lo.aim_error_px > hi.aim_error_px, "{pair:?}");
            assert!(lo.bomb_chance < hi.bomb_chance, "{pair:?}");
            assert!(lo.item_reach_px < hi.item_reach_px, "{pair:?}");
        }
    }
}
