//! Sound effects and music, reacting to the simulation's events.
//!
//! With no sound device the mixer thread fails on its own; the game plays on silently with one
//! line of warning (see [`install_quiet_audio_panic`]).

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use macroquad::audio::{
    load_sound_from_bytes, play_sound, set_sound_volume, stop_sound, PlaySoundParams, Sound,
};

use skysweep::sim::{GameEvent, ItemKind};

pub const EFFECTS: [&str; 16] = [
    "shot",
    "hit",
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

pub const MUSIC: [&str; 10] = [
    "title",
    "stage1",
    "stage2",
    "stage3",
    "stage4",
    "stage5",
    "stage6",
    "boss",
    "final_boss",
    "ending",
];

static AUDIO_FAILED: AtomicBool = AtomicBool::new(false);

/// True when this Linux machine has no way to play sound: no ALSA card, no PulseAudio or
/// PipeWire socket, and no ALSA configuration chosen by the user.
#[cfg(target_os = "linux")]
fn no_sound_device() -> bool {
    if std::env::var_os("ALSA_CONFIG_PATH").is_some() || std::env::var_os("PULSE_SERVER").is_some()
    {
        return false;
    }
    let cards = std::fs::read_to_string("/proc/asound/cards").unwrap_or_default();
    let has_card = !cards.trim().is_empty() && !cards.contains("no soundcards");
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(std::path::PathBuf::from);
    let has_server =
        runtime.is_some_and(|d| d.join("pulse/native").exists() || d.join("pipewire-0").exists());
    !has_card && !has_server
}

#[cfg(not(target_os = "linux"))]
fn no_sound_device() -> bool {
    false
}

/// Before the window (and its mixer thread) starts: with no sound device, give ALSA an empty
/// configuration so the mixer fails at once and quietly (a null device would let it spin on a
/// whole core), and say so once. The game then makes no sound calls at all.
pub fn prepare_sound_device() {
    if !no_sound_device() {
        return;
    }
    let conf = std::env::temp_dir().join("skysweep-no-sound.conf");
    if std::fs::write(&conf, "# SkySweep: no sound device on this machine\n").is_ok() {
        // Still single-threaded here: nothing else reads the environment concurrently.
        std::env::set_var("ALSA_CONFIG_PATH", &conf);
    }
    AUDIO_FAILED.store(true, Ordering::SeqCst);
    eprintln!("warning: no sound device found; playing without sound");
    alsa_stderr::mute();
}

/// Ends the muting begun by [`prepare_sound_device`] once the mixer thread has given up, or
/// after at most half a second, so the game's own messages are never lost. Call it before the
/// game's first message after the window opens.
pub fn unmute_alsa_errors() {
    alsa_stderr::restore_after(std::time::Duration::from_millis(500));
}

/// With no sound device, libasound prints its own failure lines to the process's standard
/// error (fd 2) while the mixer thread opens the device, on top of our one warning. It offers
/// no switch for that short of a C variadic callback, so fd 2 points at /dev/null from just
/// before the window (and its mixer thread) starts until that thread has failed.
#[cfg(target_os = "linux")]
mod alsa_stderr {
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::{Duration, Instant};

    /// The real standard error while muted, else -1.
    static SAVED: AtomicI32 = AtomicI32::new(-1);

    pub fn mute() {
        // SAFETY: plain descriptor calls on descriptors this function owns or checks; the
        // process is still single-threaded here, so nothing writes to fd 2 meanwhile.
        unsafe {
            let saved = libc::dup(2);
            if saved < 0 {
                return;
            }
            let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if null < 0 || libc::dup2(null, 2) < 0 {
                libc::close(saved);
            } else {
                SAVED.store(saved, Ordering::SeqCst);
            }
            if null >= 0 {
                libc::close(null);
            }
        }
    }

    /// Puts the real standard error back, once; later calls do nothing.
    pub fn restore() {
        let saved = SAVED.swap(-1, Ordering::SeqCst);
        if saved >= 0 {
            // SAFETY: `saved` is the descriptor `mute` duplicated and nobody else closes it.
            unsafe {
                libc::dup2(saved, 2);
                libc::close(saved);
            }
        }
    }

    /// Waits up to `limit` for the mixer thread's failure to restore standard error, then
    /// restores it regardless.
    pub fn restore_after(limit: Duration) {
        let start = Instant::now();
        while SAVED.load(Ordering::SeqCst) >= 0 && start.elapsed() < limit {
            std::thread::sleep(Duration::from_millis(5));
        }
        restore();
    }
}

#[cfg(not(target_os = "linux"))]
mod alsa_stderr {
    pub fn mute() {}
    pub fn restore() {}
    pub fn restore_after(_limit: std::time::Duration) {}
}

/// True once sound is known not to work; every sound call is skipped from then on.
pub fn silent() -> bool {
    AUDIO_FAILED.load(Ordering::SeqCst)
}

/// Replaces the default panic message of the audio thread (no sound device) with one warning
/// line; every other panic is reported as usual.
pub fn install_quiet_audio_panic() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        let msg = info.to_string();
        let audio = thread.name().is_none_or(|n| n != "main")
            && (msg.contains("PCM")
                || msg.contains("audio")
                || msg.contains("snd")
                || msg.contains("alsa")
                || msg.contains("ALSA"));
        if audio {
            // The mixer thread has failed: libasound has said all it will.
            alsa_stderr::restore();
            if !AUDIO_FAILED.swap(true, Ordering::SeqCst) {
                eprintln!("warning: no sound device could be opened; playing without sound");
            }
        } else {
            default(info);
        }
    }));
}

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
        let mut cues: Vec<String> = MUSIC.iter().map(|c| c.to_string()).collect();
        cues.extend(
            skysweep::level::Catalog::load(root)
                .music_cues()
                .filter(|c| !MUSIC.contains(c))
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
    match skysweep::fileio::read_bounded(path, skysweep::fileio::MAX_MEDIA_BYTES) {
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
