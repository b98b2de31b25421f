//! The services scenes borrow, each held once in the context
//! ([`Ctx`](crate::app::ctx::Ctx)): sound and music (`audio/`), the gamepads, the keyboard's
//! key codes, what the menus read each frame (`menu_input`), the message box on screen
//! (`notice`: one [`Notices`](notice::Notices) service every notice is posted to), and the
//! high scores' replays checked in the background (`score_checks`).
//!
//! A service knows no scene, no session and no context: it imports only the library, the
//! other services and the window's sound device (`window::sound_device`).

pub mod audio;
pub mod gamepad;
pub mod keyboard;
pub mod menu_input;
pub mod notice;
pub mod score_checks;
