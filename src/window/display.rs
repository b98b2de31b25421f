//! The display: whether the game can open its window, asked before miniquad tries (it panics
//! with a backtrace when there is no display, which tells a player nothing), and the
//! `--screenshot` of the last frame.

/// What the game's window needs before it opens: a display to open it on (else the reason on
/// stderr and exit status 1), and to know whether there is a sound device (said once if not).
pub fn prepare() -> Result<(), std::process::ExitCode> {
    if let Err(e) = check() {
        eprintln!("skysweep: {e}");
        return Err(std::process::ExitCode::from(1));
    }
    super::sound_device::prepare_sound_device();
    Ok(())
}

/// Saves what the window shows as a PNG at `path`.
pub fn save_screenshot(path: &std::path::Path) {
    let mut shot = macroquad::prelude::get_screen_data();
    // What the window shows is opaque; the framebuffer's alpha is not part of it.
    for px in shot.get_image_data_mut() {
        px[3] = 255;
    }
    shot.export_png(&path.to_string_lossy());
}

/// `Ok` when a graphical display can be opened; otherwise one sentence saying why not.
#[cfg(target_os = "linux")]
pub fn check() -> Result<(), String> {
    use std::ffi::c_void;
    use std::os::raw::c_char;
    let display = std::env::var("DISPLAY").unwrap_or_default();
    let needs = "the game needs a graphical display";
    let without = "(`skysweep sim` and `skysweep check` work without one)";
    if display.is_empty() {
        return Err(format!("{needs}, and DISPLAY is not set {without}"));
    }
    // miniquad opens X11 through libX11 at run time; ask it the same way.
    // SAFETY: the symbols are looked up by their documented C names and called with the
    // signatures Xlib declares; a null library or symbol is checked before any call.
    unsafe {
        let lib = libc::dlopen(c"libX11.so.6".as_ptr(), libc::RTLD_LAZY | libc::RTLD_LOCAL);
        if lib.is_null() {
            return Err(format!("{needs}, and libX11 cannot be loaded {without}"));
        }
        let open = libc::dlsym(lib, c"XOpenDisplay".as_ptr());
        if open.is_null() {
            return Err(format!("{needs}, and libX11 lacks XOpenDisplay {without}"));
        }
        let open: extern "C" fn(*const c_char) -> *mut c_void = std::mem::transmute(open);
        let d = open(std::ptr::null());
        if d.is_null() {
            return Err(format!(
                "{needs}, and display {display} cannot be opened {without}"
            ));
        }
        // Kept open for the life of the process, never closed: an X server whose last client
        // leaves resets itself, and miniquad's own connection, made a moment later, then fails
        // (seen with Xvfb, which has no other clients).
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
pub fn check() -> Result<(), String> {
    Ok(())
}
