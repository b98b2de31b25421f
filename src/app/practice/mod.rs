//! Everything practice.

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
