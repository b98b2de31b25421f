//! What both windowed commands (play and `lab`) need from the window: whether a display can be
//! opened, a quiet sound device, the screenshot, and the frame timings and pace.

pub mod display;
pub mod frame_log;
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
