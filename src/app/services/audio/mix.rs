//! The mixing rules, apart from the sound device so they can be tested: volumes as decibels,
//! how far the music ducks and why, and how many of one effect may sound at once.

use std::collections::VecDeque;

/// How far the music ducks under the pause menu: well under, still heard.
pub const PAUSE_DUCK_DB: f32 = -12.0;
/// How far the music ducks under a boss's warning, so its siren carries.
pub const WARNING_DUCK_DB: f32 = -9.0;

/// A volume from OPTIONS (0 silent, 1 full) as decibels of gain, as kira's tracks take it:
/// -60 dB and below is silence to kira.
pub fn decibels(volume: f32) -> f32 {
    let v = volume.clamp(0.0, 1.0);
    if v <= 0.001 {
        -60.0
    } else {
        20.0 * v.log10()
    }
}

/// Why the music is ducked: the pause menu is up, a warning is sounding, both or neither.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Duck {
    paused: bool,
    /// Steps of play left in which a warning is sounding.
    warning_steps: u32,
}

impl Duck {
    /// The pause menu (or a screen opened from it) is up over a stage, or not.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// A warning of `seconds` began this step; a longer one already sounding is kept.
    pub fn warning(&mut self, seconds: f32) {
        let steps = (seconds.max(0.0) * 60.0).round() as u32;
        self.warning_steps = self.warning_steps.max(steps);
    }

    /// A step of play passed.
    pub fn step(&mut self) {
        self.warning_steps = self.warning_steps.saturating_sub(1);
    }

    /// The music's gain now, in decibels: the deeper of the reasons that hold, 0 with none.
    pub fn gain_db(&self) -> f32 {
        let pause = if self.paused { PAUSE_DUCK_DB } else { 0.0 };
        let warning = if self.warning_steps > 0 {
            WARNING_DUCK_DB
        } else {
            0.0
        };
        pause.min(warning)
    }
}

/// At most this many of the effect `name` sound at once: a wall of explosions is a few
/// voices, not forty summed into clipping. Short, frequent effects get few voices.
pub fn voice_limit(name: &str) -> usize {
    match name {
        "shot" | "charge" | "warning" | "bomb" | "death" => 2,
        "explode_large" => 3,
        "hit" | "armor" | "coin" | "explode_small" => 4,
        _ => 2,
    }
}

/// One playing effect, as the limiter sees it.
pub trait Voice {
    /// True once it has finished (or been stopped and faded out).
    fn finished(&self) -> bool;
    /// Fades it out quickly, to make room.
    fn cut(&mut self);
}

/// The voices of one effect, oldest first, kept to a limit: a new one past the limit cuts
/// the oldest still sounding, since the newest event is the one the player just saw.
#[derive(Debug)]
pub struct Voices<V> {
    playing: VecDeque<V>,
}

impl<V: Voice> Default for Voices<V> {
    fn default() -> Self {
        Voices {
            playing: VecDeque::new(),
        }
    }
}

impl<V: Voice> Voices<V> {
    /// Forgets the finished voices, then cuts the oldest until one more fits in `limit`.
    pub fn make_room(&mut self, limit: usize) {
        self.playing.retain(|v| !v.finished());
        while self.playing.len() >= limit.max(1) {
            if let Some(mut oldest) = self.playing.pop_front() {
                oldest.cut();
            }
        }
    }

    /// A voice just started.
    pub fn started(&mut self, voice: V) {
        self.playing.push_back(voice);
    }

    /// How many are sounding, as last counted.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.playing.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    struct Fake {
        id: usize,
        done: bool,
        cuts: Rc<Cell<Vec<usize>>>,
    }

    impl Voice for Fake {
        fn finished(&self) -> bool {
            self.done
        }
        fn cut(&mut self) {
            let mut v = self.cuts.take();
            v.push(self.id);
            self.cuts.set(v);
        }
    }

    #[test]
    fn forty_explosions_in_a_step_sound_as_the_limit_and_the_oldest_give_way() {
        let cuts = Rc::new(Cell::new(Vec::new()));
        let mut voices = Voices::default();
        let limit = voice_limit("explode_small");
        for id in 0..40 {
            voices.make_room(limit);
            let cuts = cuts.clone();
            voices.started(Fake {
                id,
                done: false,
                cuts,
            });
            assert!(voices.len() <= limit);
        }
        let cut = cuts.take();
        assert_eq!(cut.len(), 40 - limit);
        assert_eq!(cut, (0..40 - limit).collect::<Vec<_>>(), "oldest first");
    }

    #[test]
    fn finished_voices_make_room_without_cutting_anyone() {
        let cuts = Rc::new(Cell::new(Vec::new()));
        let mut voices = Voices::default();
        for id in 0..2 {
            let cuts = cuts.clone();
            voices.started(Fake {
                id,
                done: true,
                cuts,
            });
        }
        voices.make_room(2);
        assert_eq!(voices.len(), 0);
        assert!(cuts.take().is_empty());
    }

    #[test]
    fn the_music_ducks_under_pause_and_warnings_and_comes_back() {
        let mut duck = Duck::default();
        assert_eq!(duck.gain_db(), 0.0);
        duck.warning(0.5);
        assert_eq!(duck.gain_db(), WARNING_DUCK_DB);
        duck.set_paused(true);
        assert_eq!(duck.gain_db(), PAUSE_DUCK_DB, "the deeper reason wins");
        duck.set_paused(false);
        for _ in 0..30 {
            assert_eq!(duck.gain_db(), WARNING_DUCK_DB);
            duck.step();
        }
        assert_eq!(
            duck.gain_db(),
            0.0,
            "the warning is over after its half second"
        );
    }

    #[test]
    fn options_volumes_become_decibels_and_zero_is_silence() {
        assert_eq!(decibels(1.0), 0.0);
        assert!((decibels(0.5) + 6.02).abs() < 0.01);
        assert_eq!(decibels(0.0), -60.0);
        assert_eq!(decibels(7.0), 0.0, "clamped");
    }
}
