//! Sound effects and music through kira, reacting to the simulation's events; the simulation
//! never hears back.
//!
//! Music is streamed from Ogg Vorbis (a decoder thread per playing track keeps a short buffer
//! filled), never decoded whole; each track loops over its region from `music/loops.ron`, so
//! an intro plays once. Effects are short and start at once, so they are decoded whole at
//! start-up. The mixer (`out.rs`): a music track whose volume is OPTIONS' music volume, a duck
//! track inside it (pause, warnings), and an effects track with OPTIONS' effects volume. It
//! plays through `device.rs`, kira's backend on cpal kept to the clock.
//!
//! With no sound device the game plays silently with one line of warning (see
//! `window::sound_device`); no call here then does anything. A device that goes away later is
//! reopened by `device.rs`'s watcher: every call here only queues a command, so none can block
//! a frame.

mod device;
mod mix;
mod out;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use kira::sound::static_sound::StaticSoundData;

use skysweep::level::assets::music_loops::LoopRegion;
use skysweep::level::assets::GAME_MUSIC;
use skysweep::level::Catalog;
use skysweep::sim::{GameEvent, ItemKind};

use mix::{voice_limit, Duck, Voices};
use out::{EffectVoice, MusicVoice, Output, CROSSFADE, SWITCH};

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

/// A music cue the game can play: its file, streamed when it plays, and its loop region.
struct Cue {
    path: PathBuf,
    region: Option<LoopRegion>,
}

pub struct Audio {
    /// The mixer on the sound device; `None` playing silently.
    out: Option<Output>,
    effects: HashMap<&'static str, StaticSoundData>,
    /// Every cue in `assets/music/` by name, so any cue a level passes `check` with plays.
    music: BTreeMap<String, Cue>,
    /// The track playing, by cue.
    playing: Option<(String, MusicVoice)>,
    /// Tracks fading out under the one playing (a crossfade, a switch); let go once silent.
    fading: Vec<MusicVoice>,
    voices: HashMap<&'static str, Voices<EffectVoice>>,
    duck: Duck,
    pub music_volume: f32,
    pub effects_volume: f32,
    /// Steps since each effect last played, to keep rapid repeats from stacking into noise.
    last: HashMap<&'static str, u64>,
    tick: u64,
}

impl Audio {
    /// Opens the sound device and loads every effect from `root` (the `assets/` folder, which
    /// `catalog` lists); the music is only looked up, to be streamed as it plays. Missing or
    /// broken files are skipped and said in `warnings`.
    pub fn load(root: &Path, catalog: &Catalog, warnings: &mut Vec<String>) -> Self {
        let mut audio = Audio {
            out: Output::open(),
            effects: HashMap::new(),
            music: BTreeMap::new(),
            playing: None,
            fading: Vec::new(),
            voices: HashMap::new(),
            duck: Duck::default(),
            music_volume: 0.6,
            effects_volume: 0.8,
            last: HashMap::new(),
            tick: 0,
        };
        if audio.out.is_none() {
            return audio;
        }
        for name in EFFECTS {
            let path = root.join(format!("sfx/{name}.ogg"));
            match out::load_effect(&path) {
                Ok(s) => {
                    audio.effects.insert(name, s);
                }
                Err(e) => warnings.push(format!("{}: {e}", path.display())),
            }
        }
        // The game's own cues, missing or not (a missing one is worth a warning), and every
        // other cue an author has put in the folder.
        let mut cues: Vec<String> = GAME_MUSIC.iter().map(|c| c.to_string()).collect();
        cues.extend(
            catalog
                .music_cues()
                .filter(|c| !GAME_MUSIC.contains(c))
                .map(str::to_string),
        );
        for name in cues {
            let path = root.join(format!("music/{name}.ogg"));
            if !path.is_file() {
                warnings.push(format!("{}: no such music file", path.display()));
                continue;
            }
            let region = catalog.music_loop(&name);
            audio.music.insert(name, Cue { path, region });
        }
        audio
    }

    pub fn play(&mut self, name: &'static str) {
        let Some(out) = &mut self.out else {
            return;
        };
        // The same effect at most once every two steps: a wall of shots is one sound, not forty.
        let last = self.last.get(name).copied().unwrap_or(0);
        if self.tick.saturating_sub(last) < 2 && last != 0 {
            return;
        }
        self.last.insert(name, self.tick.max(1));
        let Some(s) = self.effects.get(name) else {
            return;
        };
        let voices = self.voices.entry(name).or_default();
        voices.make_room(voice_limit(name));
        // The shot plays under everything else: it sounds many times a second.
        let gain = if name == "shot" { 0.35 } else { 1.0 };
        if let Some(voice) = out.effect(s, gain) {
            voices.started(voice);
        }
    }

    /// Starts a looping track, the one before fading out quickly; the same track keeps playing.
    pub fn music(&mut self, name: &str) {
        self.change_music(name, SWITCH);
    }

    /// Crossfades from the track playing to `name`, as a boss's music takes over a stage's.
    pub fn crossfade(&mut self, name: &str) {
        self.change_music(name, CROSSFADE);
    }

    fn change_music(&mut self, name: &str, fade: std::time::Duration) {
        if self.out.is_none() {
            return;
        }
        if self.playing.as_ref().is_some_and(|(n, _)| n == name) {
            return;
        }
        self.fade_out_music(fade);
        let (Some(out), Some(cue)) = (&mut self.out, self.music.get(name)) else {
            return;
        };
        let fade_in = (fade == CROSSFADE).then_some(fade);
        match out.stream(&cue.path, cue.region, fade_in) {
            Ok(voice) => self.playing = Some((name.to_string(), voice)),
            Err(e) => eprintln!("warning: {}: {e}", cue.path.display()),
        }
    }

    pub fn stop_music(&mut self) {
        self.fade_out_music(SWITCH);
    }

    fn fade_out_music(&mut self, fade: std::time::Duration) {
        self.fading.retain(|v| !v.finished());
        if let Some((_, mut voice)) = self.playing.take() {
            voice.fade_out(fade);
            self.fading.push(voice);
        }
    }

    /// OPTIONS' volumes, applied at once through the music and effects tracks.
    pub fn set_volumes(&mut self, music: f32, effects: f32) {
        self.music_volume = music.clamp(0.0, 1.0);
        self.effects_volume = effects.clamp(0.0, 1.0);
        if let Some(out) = &mut self.out {
            out.set_volumes(self.music_volume, self.effects_volume);
        }
    }

    /// Ducks the music while the pause menu (or a screen it opened) is up over a stage.
    pub fn set_paused(&mut self, paused: bool) {
        let before = self.duck.gain_db();
        self.duck.set_paused(paused);
        self.apply_duck(before);
    }

    fn apply_duck(&mut self, before: f32) {
        let now = self.duck.gain_db();
        if let Some(out) = &mut self.out {
            if now != before {
                out.duck(now);
            }
        }
    }

    /// Plays what one step's events sound like; a boss's entrance crossfades to `boss_music`,
    /// and a warning ducks the music while it sounds.
    pub fn react(&mut self, events: &[GameEvent], boss_music: &str) {
        self.tick += 1;
        let before = self.duck.gain_db();
        self.duck.step();
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
                GameEvent::Warning { duration_s, .. } => {
                    self.duck.warning(*duration_s);
                    "warning"
                }
                GameEvent::BossAppears { .. } => {
                    self.crossfade(boss_music);
                    continue;
                }
                GameEvent::Continue { .. } => "menu_select",
                _ => continue,
            };
            self.play(name);
        }
        self.apply_duck(before);
    }
}
