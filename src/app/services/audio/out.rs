//! The mixer on the sound device: kira's manager and the game's three tracks. Every method
//! only queues a command for kira's audio thread, so none waits on the device.

use std::path::Path;
use std::time::Duration;

use kira::effect::compressor::CompressorBuilder;
use kira::sound::static_sound::{StaticSoundData, StaticSoundHandle};
use kira::sound::streaming::{StreamingSoundData, StreamingSoundHandle};
use kira::sound::{EndPosition, FromFileError, PlaybackPosition, PlaybackState, Region};
use kira::track::{MainTrackBuilder, TrackBuilder, TrackHandle};
use kira::{AudioManager, AudioManagerSettings, Capacities, Decibels, Tween};

use skysweep::level::assets::music_loops::LoopRegion;

use super::device::PacedCpal;
use super::mix::{decibels, Voice};
use crate::window::sound_device;

/// How long a boss's music takes to cross over from the stage's.
pub const CROSSFADE: Duration = Duration::from_millis(1500);
/// How long a track fades out when another replaces it or the music stops.
pub const SWITCH: Duration = Duration::from_millis(300);
/// How long the music takes to duck and to come back.
const DUCK_TWEEN: Duration = Duration::from_millis(250);
/// How long a new volume from OPTIONS takes: at once, without a click.
const VOLUME_TWEEN: Duration = Duration::from_millis(30);
/// How long an effect cut to make room for a newer one takes to fade.
const CUT_TWEEN: Duration = Duration::from_millis(40);

/// Room for the music that sounds at once: a crossfade's two tracks, and those still fading
/// out when a player steps through the music room faster than a switch fades (300 ms).
const MUSIC_VOICES: usize = 8;
/// Room for the effects that sound at once: every effect at its voice limit
/// ([`super::mix::voice_limit`], 43 in all) and the voices cut for them, still fading.
const EFFECT_VOICES: usize = 64;

/// The mixer sized for the game's three tracks. kira's defaults make room for 128 tracks and
/// 128 sounds on each, about 2 MB held for the whole run; a sound past the room is refused
/// (and the game plays on without it), never a stall.
fn settings() -> AudioManagerSettings<PacedCpal> {
    AudioManagerSettings {
        capacities: Capacities {
            sub_track_capacity: 2,
            send_track_capacity: 1,
            clock_capacity: 1,
            modulator_capacity: 1,
            listener_capacity: 1,
        },
        main_track_builder: MainTrackBuilder::new()
            .sound_capacity(1)
            .with_effect(limiter()),
        ..AudioManagerSettings::default()
    }
}

/// One of the game's tracks, with room for `sounds` at once and one track inside it (the
/// music's duck track; the others hold none).
fn track(sounds: usize) -> TrackBuilder {
    TrackBuilder::new()
        .sub_track_capacity(1)
        .sound_capacity(sounds)
}

/// The last stage of the mix: peaks over -3 dB (a wall of explosions on loud music) are held
/// down hard and fast, so the sum does not clip on the device.
fn limiter() -> CompressorBuilder {
    CompressorBuilder::new()
        .threshold(-3.0)
        .ratio(20.0)
        .attack_duration(Duration::from_micros(500))
        .release_duration(Duration::from_millis(80))
}

fn tween(duration: Duration) -> Tween {
    Tween {
        duration,
        ..Tween::default()
    }
}

pub struct Output {
    /// Held for as long as sound plays: dropping it closes the device.
    _manager: AudioManager<PacedCpal>,
    /// OPTIONS' music volume.
    music: TrackHandle,
    /// Inside `music`: the ducking, under pause and warnings. Tracks play here.
    duck: TrackHandle,
    /// OPTIONS' effects volume.
    effects: TrackHandle,
}

impl Output {
    /// The mixer on the default device, or `None` (after the one line of warning) when there
    /// is none or it will not open.
    pub fn open() -> Option<Output> {
        let mut manager = sound_device::open(|| AudioManager::new(settings()))?;
        let mut music = manager.add_sub_track(track(1)).ok()?;
        let duck = music.add_sub_track(track(MUSIC_VOICES)).ok()?;
        let effects = manager.add_sub_track(track(EFFECT_VOICES)).ok()?;
        Some(Output {
            _manager: manager,
            music,
            duck,
            effects,
        })
    }

    pub fn set_volumes(&mut self, music: f32, effects: f32) {
        let t = tween(VOLUME_TWEEN);
        self.music.set_volume(Decibels(decibels(music)), t);
        self.effects.set_volume(Decibels(decibels(effects)), t);
    }

    /// Sets the duck track's gain, in decibels.
    pub fn duck(&mut self, gain_db: f32) {
        self.duck.set_volume(Decibels(gain_db), tween(DUCK_TWEEN));
    }

    /// Starts an effect at `gain` (0..1) of the effects track, or `None` when kira has no
    /// room for another sound.
    pub fn effect(&mut self, data: &StaticSoundData, gain: f32) -> Option<EffectVoice> {
        let data = data.volume(Decibels(decibels(gain)));
        self.effects.play(data).ok().map(EffectVoice)
    }

    /// Starts streaming the track at `path`, looping over `region` (or the whole track),
    /// fading in over `fade_in` or starting at once.
    pub fn stream(
        &mut self,
        path: &Path,
        region: Option<LoopRegion>,
        fade_in: Option<Duration>,
    ) -> Result<MusicVoice, String> {
        let data = StreamingSoundData::from_file(path).map_err(|e| e.to_string())?;
        let frames = data.num_frames();
        let region = loop_region(region, frames);
        let data = data.loop_region(region).fade_in_tween(fade_in.map(tween));
        self.duck
            .play(data)
            .map(MusicVoice)
            .map_err(|e| e.to_string())
    }
}

/// kira's loop region for `region` of a track `frames` long: the whole track without one, and
/// a region that ends at or past the track's end runs to its end.
fn loop_region(region: Option<LoopRegion>, frames: usize) -> Region {
    let Some(r) = region else {
        return Region::from(..);
    };
    let start = PlaybackPosition::Samples(r.start as usize);
    let end = if r.end as usize >= frames {
        EndPosition::EndOfAudio
    } else {
        EndPosition::Custom(PlaybackPosition::Samples(r.end as usize))
    };
    Region { start, end }
}

/// A playing effect.
pub struct EffectVoice(StaticSoundHandle);

impl Voice for EffectVoice {
    fn finished(&self) -> bool {
        self.0.state() == PlaybackState::Stopped
    }
    fn cut(&mut self) {
        self.0.stop(tween(CUT_TWEEN));
    }
}

/// A playing music track.
pub struct MusicVoice(StreamingSoundHandle<FromFileError>);

impl MusicVoice {
    pub fn fade_out(&mut self, fade: Duration) {
        self.0.stop(tween(fade));
    }

    pub fn finished(&self) -> bool {
        self.0.state() == PlaybackState::Stopped
    }
}

/// An effect's file decoded whole.
pub fn load_effect(path: &Path) -> Result<StaticSoundData, String> {
    StaticSoundData::from_file(path).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::super::mix::voice_limit;
    use super::super::EFFECTS;
    use super::EFFECT_VOICES;

    #[test]
    fn the_effects_track_has_room_for_every_effect_at_its_limit_and_some_fading() {
        let at_limits: usize = EFFECTS.iter().map(|name| voice_limit(name)).sum();
        assert!(
            at_limits + at_limits / 4 <= EFFECT_VOICES,
            "{at_limits} voices at their limits, room for {EFFECT_VOICES}"
        );
    }
}
