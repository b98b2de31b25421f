//! How hard a run is: the [`Difficulty`] and the rules each plays by (bullet speed, density,
//! fire rate), which the simulation reads from here, and the [`Tier`] a level is resolved for
//! (a difficulty, and whether the run is past its first loop). The type and its rules have one
//! home, below the simulation, because the level format names difficulties too (see
//! `schema::by_difficulty`).

use serde::{Deserialize, Serialize};

/// How hard a run is. The level format names them in lower case (`easy`, `normal`, `hard`);
/// replays and settings keep their own spelling (`Easy`, ...).
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

    /// The lower-case name the level format, the command line and messages use.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty called `name`, in any case.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

// How hard the enemies press, chosen before a run: what each difficulty changes in play.
//
// **Normal plays the level file as written**: every bullet at its speed, every spread, ring,
// spiral and burst with its count, every weapon at its interval and first delay. Easy and
// Hard are steps either side of it, each about twice (1.5x to 2.5x) as many enemy bullets a
// minute as its neighbour on every shipped stage, as the genre's difficulties step (`skysweep
// balance` measures the steps and checks them).
//
// - **Easy**: bullets fly at 0.85x speed, spreads, rings and aimed fans carry 0.6x the
//   bullets and spirals turn 0.6x as long, enemies fire 1.6x less often and wait half a
//   second more before their first shot,
//   curving bullets straighten out after `Difficulty::curl_s` seconds, and nothing fires in a
//   stage's first `Difficulty::opening_hold_s` seconds.
// - **Normal**: as written; curving bullets straighten out as on Easy.
// - **Hard**: bullets fly at 1.15x speed, spreads, rings and aimed fans carry 1.5x the
//   bullets and spirals turn 1.5x as long, enemies fire 1.4x as often and wait 0.75x as long for their first shot, curving
//   bullets curl for as long as they live, and every single aimed shot comes as a fan of three.
//
// A later loop presses harder on every difficulty: each loop after the first adds 0.1x to the
// bullets' speed and 0.5x to the volleys' counts, up to the fifth.
impl Difficulty {
    /// (speed factor, density factor) on loop `loop_index` (0 is the first).
    pub fn factors(self, loop_index: u32) -> (f32, f32) {
        let (s, d) = match self {
            Difficulty::Easy => (0.85, 0.6),
            Difficulty::Normal => (1.0, 1.0),
            Difficulty::Hard => (1.15, 1.5),
        };
        let extra = loop_index.min(4) as f32;
        (s * (1.0 + 0.1 * extra), d * (1.0 + 0.5 * extra))
    }

    /// Enemies' time between shots (and before the first), times this.
    pub fn fire_interval_factor(self) -> f32 {
        match self {
            Difficulty::Easy => 1.6,
            Difficulty::Normal => 1.0,
            Difficulty::Hard => 1.0 / 1.4,
        }
    }

    /// A weapon's wait before its first shot (an enemy's arrival, a boss's new phase), times
    /// this. Easy does not stretch it (it only adds [`Difficulty::first_shot_extra_s`]), so
    /// small enemies still fire their first shot on Easy, and fewer after it, rather than
    /// dying before they ever fire: that would make Easy a different stage, not a gentler one.
    pub fn first_delay_factor(self) -> f32 {
        match self {
            Difficulty::Easy => 1.0,
            Difficulty::Normal => 1.0,
            Difficulty::Hard => 0.75,
        }
    }

    /// Seconds added to every weapon's wait before its first shot (an enemy's arrival, a boss's
    /// new phase), so an enemy that just came on screen does not shoot at once.
    pub fn first_shot_extra_s(self) -> f32 {
        match self {
            Difficulty::Easy => 0.5,
            Difficulty::Normal | Difficulty::Hard => 0.0,
        }
    }

    /// Seconds a curving bullet (one with a turn rate) keeps turning before it flies straight;
    /// `None` for as long as it lives. A bullet that keeps curling circles back over the
    /// player's line again and again, the hardest thing on screen to read.
    pub fn curl_s(self) -> Option<f32> {
        match self {
            Difficulty::Easy | Difficulty::Normal => Some(1.5),
            Difficulty::Hard => None,
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
}

/// What a level is resolved for: a difficulty, and whether the run is past its first loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Tier {
    pub difficulty: Difficulty,
    /// A second or later loop, where `loop2` scales the stage.
    pub later_loop: bool,
}

impl Tier {
    /// Normal, first loop: the level `check`, `balance` and the stage lists show.
    pub const BASE: Tier = Tier {
        difficulty: Difficulty::Normal,
        later_loop: false,
    };

    /// The tier of a run on `difficulty` in loop `loop_index` (0 for the first).
    pub fn of(difficulty: Difficulty, loop_index: u32) -> Tier {
        Tier {
            difficulty,
            later_loop: loop_index > 0,
        }
    }

    /// Every tier, [`Tier::BASE`] first.
    pub fn all() -> impl Iterator<Item = Tier> {
        let others = [false, true].into_iter().flat_map(|later_loop| {
            Difficulty::ALL.into_iter().map(move |difficulty| Tier {
                difficulty,
                later_loop,
            })
        });
        std::iter::once(Tier::BASE).chain(others.filter(|t| *t != Tier::BASE))
    }

    /// " on hard", " on hard, second loop": what a message about a value of this tier adds.
    pub fn label(self, varied: bool) -> String {
        match (varied, self.later_loop) {
            (false, false) => String::new(),
            (false, true) => " on the second loop".into(),
            (true, false) => format!(" on {}", self.difficulty.name()),
            (true, true) => format!(" on {}, second loop", self.difficulty.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tier_comes_once_base_first() {
        let tiers: Vec<Tier> = Tier::all().collect();
        assert_eq!(tiers.len(), 6);
        assert_eq!(tiers[0], Tier::BASE);
        let mut sorted = tiers.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
        assert_eq!(
            Tier::of(Difficulty::Hard, 2).label(true),
            " on hard, second loop"
        );
    }

    #[test]
    fn each_difficulty_presses_no_less_than_the_one_below_in_every_rule() {
        for pair in Difficulty::ALL.windows(2) {
            let (lo, hi) = (pair[0], pair[1]);
            let ((lo_speed, lo_density), (hi_speed, hi_density)) = (lo.factors(0), hi.factors(0));
            assert!(lo_speed < hi_speed && lo_density < hi_density, "{pair:?}");
            assert!(
                lo.fire_interval_factor() > hi.fire_interval_factor(),
                "{pair:?}"
            );
            assert!(
                lo.first_delay_factor() >= hi.first_delay_factor(),
                "{pair:?}"
            );
            assert!(
                lo.first_shot_extra_s() >= hi.first_shot_extra_s(),
                "{pair:?}"
            );
            assert!(lo.opening_hold_s() >= hi.opening_hold_s(), "{pair:?}");
            assert!(lo.aimed_fan() <= hi.aimed_fan(), "{pair:?}");
            let curl = |d: Difficulty| d.curl_s().unwrap_or(f32::INFINITY);
            assert!(curl(lo) <= curl(hi), "{pair:?}");
        }
    }

    #[test]
    fn normal_plays_the_level_file_as_written() {
        let n = Difficulty::Normal;
        assert_eq!(n.factors(0), (1.0, 1.0));
        assert_eq!(n.fire_interval_factor(), 1.0);
        assert_eq!(n.first_delay_factor(), 1.0);
        assert_eq!(n.first_shot_extra_s(), 0.0);
        assert_eq!((n.aimed_fan(), n.opening_hold_s()), (1, 0.0));
    }

    #[test]
    fn later_loops_are_faster_and_denser_up_to_the_fifth() {
        for d in Difficulty::ALL {
            let (s1, d1) = d.factors(0);
            let (s2, d2) = d.factors(1);
            assert!(s2 > s1 && d2 > d1, "{d:?}");
            assert_eq!(d.factors(4), d.factors(9), "{d:?}");
        }
    }
}
