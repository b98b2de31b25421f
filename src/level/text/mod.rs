//! A level file as text, and what is said about it.
//!
//! - [`source`]: a file's text ([`source::Source`]), and a byte offset as the line and column
//!   a person reads; [`read`]: reading a file from disk within its bound.
//! - [`parse`]: RON text into the [`schema`](super::schema)'s types, with ron's errors told at
//!   the value's line and column in an author's words; `comma` finds the comma left out
//!   between two entries, `unclosed` and `brackets` the bracket left open that ron stopped
//!   after.
//! - [`locate`]: finding where a value sits in the text by its path, since serde gives values
//!   without positions.
//! - [`diag`]: the diagnostics every level problem becomes (file, line, column, the line
//!   itself, a likely typo's fix); [`report`]: showing them as rustc does, or as JSON.
//!
//! Rules: besides its own files this folder names only the schema (to parse into it and word
//! its messages), the difficulties' names and the limits; nothing from linking, the resolved
//! level or the simulation.

mod brackets;
mod comma;
pub mod diag;
pub mod locate;
pub(super) mod parse;
pub(super) mod read;
pub mod report;
pub(super) mod source;
mod unclosed;
