//! The screens of the game, one file each, or one folder for a screen that splits again:
//! `title/` with its demo (`attract`), `name_entry/` with the name being typed (`draft`,
//! which the replay offer types with too), `replays/` with its tests, and `stage_play/` with
//! its inputs, what follows a step, the music banner and what play adds to the player's
//! record. PRACTICE's screens are in `app::practice`.
//!
//! A screen keeps the [`Scene`](crate::app::scene::Scene) contract: it owns its state, borrows
//! the services ([`Ctx`](crate::app::ctx::Ctx)) and the run in play for each call, and names
//! the next screen by a transition. Screens may import the services, the session, the
//! practice screens and each other; nothing below them imports a screen.

pub mod confirm;
pub mod controls;
pub mod custom_stages;
pub mod difficulty_ask;
pub mod ending;
pub mod extras;
pub mod game_over;
pub mod high_scores;
pub mod name_entry;
pub mod options;
pub mod pause;
pub mod replay_end;
pub mod replay_offer;
pub mod replays;
pub mod select;
pub mod stage_play;
pub mod title;
