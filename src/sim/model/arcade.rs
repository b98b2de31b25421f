//! The arcade settings a run is played under, as an arcade operator would set them: lives per
//! credit, the scores that give an extra life, and how many continues a player may take.
//!
//! The defaults are SkySweep's own rules (3 lives, extends at 100,000 and 300,000 then every
//! 700,000, free play), so a run under them plays exactly as before these settings existed.

use serde::{Deserialize, Serialize};

/// Lives each player starts with under the default rules.
pub const START_LIVES: u32 = 3;
/// The score of the first extra life under the standard extends.
pub const FIRST_EXTRA_LIFE: u64 = 100_000;

/// The score at which the extra life after `current` is granted, under the standard extends.
pub fn next_extra_life(current: u64) -> u64 {
    if current < 300_000 {
        300_000
    } else {
        current + 700_000
    }
}

/// Lives, extends and continues for a run; part of the world's configuration and of a
/// replay's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArcadeRules {
    /// Lives each player starts with and gets back on a continue, 1 to [`MAX_LIVES`] in a
    /// configuration the world was given (see [`ArcadeRules::sanitised`]).
    pub lives: u32,
    pub extends: Extends,
    pub continues: Continues,
}

/// Most lives the settings offer.
pub const MAX_LIVES: u32 = 5;
/// Most continues a limited credit count offers; beyond it is free play.
pub const MAX_CONTINUES: u8 = 9;

impl Default for ArcadeRules {
    fn default() -> Self {
        ArcadeRules {
            lives: START_LIVES,
            extends: Extends::Standard,
            continues: Continues::FreePlay,
        }
    }
}

impl ArcadeRules {
    pub fn is_default(&self) -> bool {
        *self == ArcadeRules::default()
    }

    /// The rules with every value in range: lives 1 to [`MAX_LIVES`], continues 0 to
    /// [`MAX_CONTINUES`]. A hand-edited file or replay cannot ask for more.
    pub fn sanitised(self) -> ArcadeRules {
        ArcadeRules {
            lives: self.lives.clamp(1, MAX_LIVES),
            extends: self.extends,
            continues: match self.continues {
                Continues::Limited(n) => Continues::Limited(n.min(MAX_CONTINUES)),
                free => free,
            },
        }
    }

    /// A short tag for a high score set under other rules than the defaults, such as
    /// `1L NOEXT 0C`; empty for the defaults.
    pub fn tag(&self) -> String {
        let d = ArcadeRules::default();
        let mut parts = Vec::new();
        if self.lives != d.lives {
            parts.push(format!("{}L", self.lives));
        }
        if self.extends != d.extends {
            parts.push(self.extends.tag().into());
        }
        if let Continues::Limited(n) = self.continues {
            parts.push(format!("{n}C"));
        }
        parts.join(" ")
    }

    /// Whether a player who has taken `used` continues may take another.
    pub fn may_continue(&self, used: u32) -> bool {
        match self.continues {
            Continues::FreePlay => true,
            Continues::Limited(n) => used < n as u32,
        }
    }
}

/// The scores at which a player gets an extra life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Extends {
    /// No extra lives for score.
    Off,
    /// SkySweep's own: 100,000 and 300,000, then every 700,000.
    #[default]
    Standard,
    /// Every 200,000.
    Every200k,
}

impl Extends {
    pub const ALL: [Extends; 3] = [Extends::Off, Extends::Standard, Extends::Every200k];

    /// The first score that gives a life; `u64::MAX` when none does.
    pub fn first(self) -> u64 {
        match self {
            Extends::Off => u64::MAX,
            Extends::Standard => FIRST_EXTRA_LIFE,
            Extends::Every200k => 200_000,
        }
    }

    /// The score that gives the life after the one at `current`; `u64::MAX` when none does.
    pub fn next(self, current: u64) -> u64 {
        match self {
            Extends::Off => u64::MAX,
            Extends::Standard => next_extra_life(current),
            Extends::Every200k => current.saturating_add(200_000),
        }
    }

    /// As the options menu shows it.
    pub fn label(self) -> &'static str {
        match self {
            Extends::Off => "OFF",
            Extends::Standard => "100K 300K +700K",
            Extends::Every200k => "EVERY 200K",
        }
    }

    fn tag(self) -> &'static str {
        match self {
            Extends::Off => "NOEXT",
            Extends::Standard => "",
            Extends::Every200k => "EXT200K",
        }
    }
}

/// How many times a player may continue after losing the last life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Continues {
    /// As many as the player likes (SkySweep's own rule).
    #[default]
    FreePlay,
    /// At most this many, each player; 0 means the game ends with the last life.
    Limited(u8),
}

impl Continues {
    /// One notch along 0, 1, ... 9, FREE PLAY, round again.
    pub fn step(self, dir: i32) -> Continues {
        let free = MAX_CONTINUES as i32 + 1;
        let k = match self {
            Continues::Limited(n) => (n.min(MAX_CONTINUES)) as i32,
            Continues::FreePlay => free,
        };
        match (k + dir).rem_euclid(free + 1) {
            k if k == free => Continues::FreePlay,
            k => Continues::Limited(k as u8),
        }
    }

    pub fn label(self) -> String {
        match self {
            Continues::FreePlay => "FREE PLAY".into(),
            Continues::Limited(n) => n.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_rules_are_the_games_own() {
        let d = ArcadeRules::default();
        assert_eq!(d.lives, START_LIVES);
        assert_eq!(d.extends.first(), FIRST_EXTRA_LIFE);
        for at in [100_000, 300_000, 1_000_000] {
            assert_eq!(d.extends.next(at), next_extra_life(at));
        }
        assert!(d.may_continue(1_000));
        assert_eq!(d.tag(), "", "default scores are not marked");
    }

    #[test]
    fn extends_off_never_come_and_every_200k_steps_evenly() {
        assert_eq!(Extends::Off.first(), u64::MAX);
        assert_eq!(Extends::Off.next(u64::MAX), u64::MAX);
        assert_eq!(Extends::Every200k.next(200_000), 400_000);
        assert_eq!(
            Extends::Every200k.next(u64::MAX - 5),
            u64::MAX,
            "no overflow"
        );
    }

    #[test]
    fn continues_step_through_the_counts_and_free_play() {
        let mut c = Continues::Limited(0);
        let seen: Vec<String> = (0..12)
            .map(|_| {
                c = c.step(1);
                c.label()
            })
            .collect();
        // One to nine, free play, none, and round again.
        let counts = (1..=9).map(|n| n.to_string());
        let expected: Vec<String> = counts
            .chain(["FREE PLAY", "0", "1"].map(String::from))
            .collect();
        assert_eq!(seen, expected);
        assert_eq!(Continues::Limited(0).step(-1), Continues::FreePlay);
        assert!(!ArcadeRules {
            continues: Continues::Limited(0),
            ..ArcadeRules::default()
        }
        .may_continue(0));
    }

    #[test]
    fn other_rules_are_tagged_and_hostile_values_clamped() {
        let r = ArcadeRules {
            lives: 1,
            extends: Extends::Off,
            continues: Continues::Limited(0),
        };
        assert_eq!(r.tag(), "1L NOEXT 0C");
        let wild = ArcadeRules {
            lives: 400,
            extends: Extends::Every200k,
            continues: Continues::Limited(200),
        }
        .sanitised();
        assert_eq!(wild.lives, MAX_LIVES);
        assert_eq!(wild.continues, Continues::Limited(MAX_CONTINUES));
        assert_eq!(ArcadeRules { lives: 0, ..r }.sanitised().lives, 1);
    }
}
