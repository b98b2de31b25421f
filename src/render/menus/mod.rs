//! The menus and the screens between stages, drawn in playfield space: one file a screen
//! ([`title`], [`select`] for pilot select, [`pause`], [`end_card`] for GAME OVER and REPLAY
//! ENDED, [`name_entry`], HIGH SCORES in [`scores`], PRACTICE > BOSS ATTACKS in [`attacks`],
//! the [`difficulty`] question), the list menus every settings-like screen shares ([`list`]),
//! message boxes ([`message`]) and the menus' text ([`text`]: wrapping, cutting, capitals).
//!
//! Drawing only: each function reads what it is handed and changes nothing but the frame. The
//! scenes in `app/` call them through the names re-exported here. Imports the renderer
//! (`crate::render`) and the library's values (`skysweep::sim`, `skysweep::level`); never
//! `app`.

mod attacks;
mod difficulty;
mod end_card;
mod list;
mod message;
mod name_entry;
mod pause;
mod scores;
mod select;
mod text;
mod title;

pub use attacks::{attacks, AttackLine};
pub use difficulty::difficulty;
pub use end_card::{game_over, replay_ended, ReplayEnd};
#[cfg(test)]
pub use list::footer_lines;
pub use list::{key_list, list, list_with_looks, rows_above_hint, unbroken, RowLook};
pub use message::{message, NoticeBand, NOTICE_BAND, TITLE_NOTICE_BAND};
pub use name_entry::name_entry;
pub use pause::{key_help, pause};
pub use scores::{scores, ScoreRow};
pub(crate) use select::c_blurb;
pub use select::select;
pub use text::{capitals_but_paths, one_line, reason_beside_its_file};
pub use title::title;
