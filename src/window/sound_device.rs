//! The sound device as the window finds it. With none, the game (and the lab, which plays
//! nothing) goes on silently after exactly one line of warning, and libasound's own error
//! lines are hushed.

use std::sync::atomic::{AtomicBool, Ordering};

/// The one line said when there is no sound to be had (CI checks it word for word).
const NO_SOUND: &str = "warning: no sound device found; playing without sound";

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

/// Before the window starts: with no sound device at all, say so once and never try to open
/// one (opening would only fill standard error with libasound's complaints).
pub fn prepare_sound_device() {
    if no_sound_device() {
        give_up();
    }
}

/// Marks sound as unavailable and says so, the first time only.
fn give_up() {
    if !AUDIO_FAILED.swap(true, Ordering::SeqCst) {
        eprintln!("{NO_SOUND}");
    }
}

/// Opens the sound device with `open`, with libasound's error lines hushed while it tries;
/// `None`, after the one line of warning, when it fails or [`prepare_sound_device`] found no
/// device.
pub fn open<T, E>(open: impl FnOnce() -> Result<T, E>) -> Option<T> {
    if silent() {
        return None;
    }
    alsa_stderr::mute();
    let opened = open();
    alsa_stderr::restore();
    match opened {
        Ok(device) => Some(device),
        Err(_) => {
            give_up();
            None
        }
    }
}

/// While a device is being opened, libasound prints its own failure lines to the process's
/// standard error (fd 2), on top of our one warning. It offers no switch for that short of a C
/// variadic callback, so fd 2 points at /dev/null for as long as the opening takes.
#[cfg(target_os = "linux")]
mod alsa_stderr {
    use std::sync::atomic::{AtomicI32, Ordering};

    /// The real standard error while muted, else -1.
    static SAVED: AtomicI32 = AtomicI32::new(-1);

    pub fn mute() {
        // SAFETY: plain descriptor calls on descriptors this function owns or checks.
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
}

#[cfg(not(target_os = "linux"))]
mod alsa_stderr {
    pub fn mute() {}
    pub fn restore() {}
}

/// True once sound is known not to work; no sound is made from then on.
pub fn silent() -> bool {
    AUDIO_FAILED.load(Ordering::SeqCst)
}
