//! The sound device as the window finds it: with none, macroquad's mixer thread fails on its
//! own; the game and the lab play on silently with one line of warning, and libasound's own
//! error lines are hushed.

use std::sync::atomic::{AtomicBool, Ordering};

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
