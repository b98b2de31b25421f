//! What both windowed commands (play and `lab`) need from the window: whether a display can be
//! opened and the screenshot ([`display`]), a quiet sound device ([`sound_device`]), a frame's
//! timings ([`frame_times`]), a `--frames` run's log, its pace and the frame rate
//! ([`frame_log`]), and the `--size` parser (this file).
//!
//! The lowest layer of the binary. May import the library (`skysweep::*`) only; never
//! `render`, `app`, `lab` or `cli`. `render` may import this folder (the overlay shows
//! [`frame_times::FrameTimes`]), and `app`, `lab` and `cli` use it.

pub mod display;
pub mod frame_log;
pub mod frame_times;
pub mod sound_device;

/// A window size on the command line (`--size WxH` for play and the lab): at least 224x240,
/// the playfield's own size, and at most 8192x8192.
pub fn parse_size(s: &str) -> Result<(i32, i32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("expected WIDTHxHEIGHT, e.g. 960x720")?;
    let w: i32 = w.parse().map_err(|_| format!("`{w}` is not a width"))?;
    let h: i32 = h.parse().map_err(|_| format!("`{h}` is not a height"))?;
    if !(224..=8192).contains(&w) || !(240..=8192).contains(&h) {
        return Err("window size must be at least 224x240 and at most 8192x8192".into());
    }
    Ok((w, h))
}
