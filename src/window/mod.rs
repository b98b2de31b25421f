//! What both windowed commands (play and `lab`) need from the window: whether a display can be
//! opened, a quiet sound device, the screenshot, and the frame timings and pace.

pub mod display;
pub mod frame_log;
pub mod sound_device;
