//! The services scenes borrow.

pub mod audio;
pub mod gamepad;
pub mod keyboard;
pub mod menu_input;
pub mod notice;
pub mod score_checks;
