//! The screens of the game, one file (or one folder, for a screen that splits again) each.

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
