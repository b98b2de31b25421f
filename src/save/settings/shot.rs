//! How the shot key fires: held (the game's own way) or firing on its own, and an optional
//! rapid-fire rate. Applied where the keys become the simulation's [`Input`], never inside the
//! simulation, so a replay records the shot bit that resulted and plays back the same under
//! any setting.
//!
//! [`Input`]: crate::sim::Input

use serde::{Deserialize, Serialize};

/// The shot settings, saved with the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShotSettings {
    pub mode: ShotMode,
    pub rapid: RapidFire,
}

/// Whether the ship fires while the shot key is held, or all the time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShotMode {
    /// The ship fires while the shot key is held; a release after a long hold sends the
    /// charge attack. The game's own way.
    #[default]
    Hold,
    /// The ship fires on its own ("shoot by default"); holding the shot key holds fire, and
    /// after a second of fire a tap of it sends the charge attack.
    Auto,
}

impl ShotMode {
    pub fn label(self) -> &'static str {
        match self {
            ShotMode::Hold => "HOLD TO FIRE",
            ShotMode::Auto => "AUTO-FIRE",
        }
    }

    pub fn step(self) -> ShotMode {
        match self {
            ShotMode::Hold => ShotMode::Auto,
            ShotMode::Auto => ShotMode::Hold,
        }
    }
}

/// Rapid fire: while firing, the shot is pressed and released this many times a second
/// instead of held, so firing never builds up a charge attack. Off, the shot is held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RapidFire {
    #[default]
    Off,
    Per30,
    Per20,
    Per15,
    Per10,
}

impl RapidFire {
    pub const ALL: [RapidFire; 5] = [
        RapidFire::Off,
        RapidFire::Per30,
        RapidFire::Per20,
        RapidFire::Per15,
        RapidFire::Per10,
    ];

    /// Steps of one press and release at 60 steps a second; `None` when off.
    pub fn period(self) -> Option<u32> {
        match self {
            RapidFire::Off => None,
            RapidFire::Per30 => Some(2),
            RapidFire::Per20 => Some(3),
            RapidFire::Per15 => Some(4),
            RapidFire::Per10 => Some(6),
        }
    }

    pub fn label(self) -> String {
        match self.period() {
            None => "OFF".into(),
            Some(p) => format!("{}/S", 60 / p),
        }
    }

    /// One notch along the rates, round again.
    pub fn step(self, dir: i32) -> RapidFire {
        let k = RapidFire::ALL.iter().position(|r| *r == self).unwrap_or(0) as i32;
        RapidFire::ALL[(k + dir).rem_euclid(RapidFire::ALL.len() as i32) as usize]
    }
}

/// One player's shot key turned into the shot bit, step by step: the settings applied, and the
/// rapid-fire pulse timed from the moment firing began. Kept by the scene in play, one per
/// player; a new stage starts a new one.
#[derive(Clone, Debug, Default)]
pub struct ShotPulse {
    /// Steps the ship has been firing without a break.
    firing: u32,
}

impl ShotPulse {
    /// The shot bit for this step, from whether the shot key (or button) is held. `direct`
    /// passes the key through untouched: while a continue is offered, a press of the key is
    /// what takes it, whatever the settings.
    pub fn shot(&mut self, settings: ShotSettings, key: bool, direct: bool) -> bool {
        let fire = match settings.mode {
            _ if direct => key,
            ShotMode::Hold => key,
            ShotMode::Auto => !key,
        };
        if !fire || direct {
            self.firing = 0;
            return fire;
        }
        let step = self.firing;
        self.firing = self.firing.saturating_add(1);
        // Pressed for the first half of each period (rounded up): a press fires at once.
        settings
            .rapid
            .period()
            .is_none_or(|p| step % p < p.div_ceil(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shot bits `keys` (one per step) give under `settings`.
    fn bits(settings: ShotSettings, keys: &[bool]) -> String {
        let mut pulse = ShotPulse::default();
        keys.iter()
            .map(|&k| {
                if pulse.shot(settings, k, false) {
                    '1'
                } else {
                    '0'
                }
            })
            .collect()
    }

    #[test]
    fn hold_to_fire_is_the_key_itself() {
        let keys = [false, true, true, true, false, true];
        assert_eq!(bits(ShotSettings::default(), &keys), "011101");
    }

    #[test]
    fn auto_fire_fires_until_the_key_holds_fire() {
        let s = ShotSettings {
            mode: ShotMode::Auto,
            ..ShotSettings::default()
        };
        assert_eq!(bits(s, &[false, false, true, true, false]), "11001");
    }

    #[test]
    fn rapid_fire_pulses_from_the_first_step_of_firing() {
        let held = [true; 8];
        let at = |rapid| ShotSettings {
            rapid,
            ..ShotSettings::default()
        };
        assert_eq!(bits(at(RapidFire::Per30), &held), "10101010");
        assert_eq!(bits(at(RapidFire::Per20), &held), "11011011");
        assert_eq!(bits(at(RapidFire::Per10), &held), "11100011");
        // Letting go and pressing again starts a pulse at once.
        let keys = [true, true, false, true];
        assert_eq!(bits(at(RapidFire::Per30), &keys), "1001");
    }

    #[test]
    fn a_continue_is_taken_by_the_key_whatever_the_settings() {
        let s = ShotSettings {
            mode: ShotMode::Auto,
            rapid: RapidFire::Per30,
        };
        let mut pulse = ShotPulse::default();
        assert!(!pulse.shot(s, false, true), "no press, no continue");
        assert!(pulse.shot(s, true, true));
    }

    #[test]
    fn rates_step_round_and_read_as_presses_a_second() {
        let labels: Vec<String> = (0..6)
            .scan(RapidFire::Off, |r, _| {
                *r = r.step(1);
                Some(r.label())
            })
            .collect();
        assert_eq!(labels, ["30/S", "20/S", "15/S", "10/S", "OFF", "30/S"]);
        assert_eq!(RapidFire::Off.step(-1), RapidFire::Per10);
    }
}
