//! Sound effects and music, reacting to the simulation's events.
//!
//! With no sound device the mixer thread fails on its own; the game plays on silently with one
//! line of warning (see `window::sound_device`).

use std::collections::HashMap;
use std::path::Path;

use macroquad::audio::{
    load_sound_from_bytes, play_sound, set_sound_volume, stop_sound, PlaySoundParams, Sound,
};

use skysweep::level::assets::GAME_MUSIC;
use skysweep::sim::{GameEvent, ItemKind};

use crate::window::sound_device::silent;

pub const EFFECTS: [&str; 17] = [
    "shot",
    "hit",
    "armor",
    "explode_small",
    "explode_large",
    "pickup",
    "coin",
    "power_up",
    "power_down",
    "bomb",
    "death",
    "extra_life",
    "menu_move",
    "menu_select",
    "warning",
    "charge",
    "melee",
];

pub struct Audio {
    effects: HashMap<&'static str, Sound>,
    /// Every cue in `assets/music/` by name, so any cue a level passes `check` with plays.
    music: HashMap<String, Sound>,
    playing: Option<String>,
    pub music_volume: f32,
    pub effects_volume: f32,
    /// Steps since each effect last played, to keep rapid repeats from stacking into noise.
    last: HashMap<&'static str, u64>,
    tick: u64,
}

impl Audio {
    /// Loads every sound it can from `root` (the `assets/` folder); missing files are skipped.
    pub async fn load(root: &Path, warnings: &mut Vec<String>) -> Self {
        let mut audio = Audio {
            effects: HashMap::new(),
            music: HashMap::new(),
            playing: None,
            music_volume: 0.6,
            effects_volume: 0.8,
            last: HashMap::new(),
            tick: 0,
        };
        if silent() {
            return audio;
        }
        for name in EFFECTS {
            if let Some(s) = load(&root.join(format!("sfx/{name}.wav")), warnings).await {
                audio.effects.insert(name, s);
            }
        }
        // The game's own cues, missing or not (a missing one is worth a warning), and every
        // other cue an author has put in the folder.
        let mut cues: Vec<String> = GAME_MUSIC.iter().map(|c| c.to_string()).collect();
        cues.extend(
            skysweep::level::Catalog::load(root)
                .music_cues()
                .filter(|c| !GAME_MUSIC.contains(c))
                .map(str::to_string),
        );
        for name in cues {
            if let Some(s) = load(&root.join(format!("music/{name}.wav")), warnings).await {
                audio.music.insert(name, s);
            }
        }
        audio
    }

    pub fn play(&mut self, name: &'static str) {
        if silent() {
            return;
        }
        // The same effect at most once every two steps: a wall of shots is one sound, not forty.
        let last = self.last.get(name).copied().unwrap_or(0);
        if self.tick.saturating_sub(last) < 2 && last != 0 {
            return;
        }
        self.last.insert(name, self.tick.max(1));
        if let Some(s) = self.effects.get(name) {
            let volume = if name == "shot" {
                self.effects_volume * 0.35
            } else {
                self.effects_volume
            };
            play_sound(
                s,
                PlaySoundParams {
                    looped: false,
                    volume,
                },
            );
        }
    }

    /// Starts a looping track, stopping the one before; the same track keeps playing.
    pub fn music(&mut self, name: &str) {
        if silent() {
            return;
        }
        let Some(sound) = self.music.get(name).cloned() else {
            self.stop_music();
            return;
        };
        if self.playing.as_deref() == Some(name) {
            return;
        }
        self.stop_music();
        play_sound(
            &sound,
            PlaySoundParams {
                looped: true,
                volume: self.music_volume,
            },
        );
        self.playing = Some(name.to_string());
    }

    pub fn stop_music(&mut self) {
        if let Some(s) = self.playing.take().and_then(|k| self.music.get(&k)) {
            stop_sound(s);
        }
    }

    pub fn set_volumes(&mut self, music: f32, effects: f32) {
        self.music_volume = music.clamp(0.0, 1.0);
        self.effects_volume = effects.clamp(0.0, 1.0);
        if let Some(s) = self.playing.as_ref().and_then(|k| self.music.get(k)) {
            set_sound_volume(s, self.music_volume);
        }
    }

    /// Plays what one step's events sound like; a boss's entrance brings in `boss_music`.
    pub fn react(&mut self, events: &[GameEvent], boss_music: &str) {
        self.tick += 1;
        for ev in events {
            let name = match ev {
                GameEvent::Shot { .. } => "shot",
                // A shot off a guarded part: a clink of its own, "this does nothing".
                GameEvent::Hit { armored: true, .. } => "armor",
                GameEvent::Hit { .. } => "hit",
                GameEvent::Explosion { size, .. } => {
                    if *size >= 2 {
                        "explode_large"
                    } else {
                        "explode_small"
                    }
                }
                GameEvent::ItemTaken {
                    kind: ItemKind::Coin | ItemKind::ScoreCoin,
                    ..
                } => "coin",
                GameEvent::ItemTaken { .. } => "pickup",
                GameEvent::PowerUp { .. } => "power_up",
                GameEvent::PowerDown { .. } => "power_down",
                GameEvent::Bomb { .. } => "bomb",
                GameEvent::Charge { .. } | GameEvent::ChargeReady { .. } => "charge",
                GameEvent::Melee { .. } => "melee",
                GameEvent::Death { .. } => "death",
                GameEvent::ExtraLife { .. } => "extra_life",
                GameEvent::Warning { .. } => "warning",
                GameEvent::BossAppears { .. } => {
                    self.music(boss_music);
                    continue;
                }
                GameEvent::Continue { .. } => "menu_select",
                _ => continue,
            };
            self.play(name);
        }
    }
}

async fn load(path: &Path, warnings: &mut Vec<String>) -> Option<Sound> {
    match skysweep::platform::fileio::read_bounded(
        path,
        skysweep::platform::fileio::MAX_MEDIA_BYTES,
    ) {
        Ok(bytes) => match load_sound_from_bytes(&bytes).await {
            Ok(s) => Some(s),
            Err(e) => {
                warnings.push(format!("{}: {e}", path.display()));
                None
            }
        },
        Err(e) => {
            warnings.push(format!("{}: {e}", path.display()));
            None
        }
    }
}
