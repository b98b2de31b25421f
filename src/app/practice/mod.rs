//! Everything practice, from the title's PRACTICE to the stage in play:
//! - the PRACTICE menu (`menu`), the choice it makes as plain data (`setup`, with its tests)
//!   and how a practice run starts (`start`);
//! - BOSS ATTACKS: the list as plain data (`attack_list`, with its tests), its screen
//!   (`attack_menu`), and the try a run plays (`attack_run`);
//! - a practice run's count across restarts (`run`), held by the session;
//! - the results: the card both kinds end on (`results_card`), a practice run's figures
//!   (`results`) and a boss attack's (`attack_results`);
//! - the tools used in play (`tools`): slow motion, freeze, frame step, rewind and marker
//!   jumps.
//!
//! Practice imports the context, the services and the session; it never imports a screen of
//! `app::scenes` (those that open PRACTICE, pause and stage play, import it).

pub mod attack_list;
pub mod attack_menu;
pub mod attack_results;
pub mod attack_run;
pub mod menu;
pub mod results;
pub mod results_card;
pub mod run;
pub mod setup;
pub mod start;
pub mod tools;
