//! The commands that run without a window: `sim` (the runner and its JSON summary),
//! `balance`, `check` and `soak`, and turning run options into a level and a world
//! configuration, which the window's play shares.

pub mod args;
pub mod balance;
pub mod check_cmd;
pub mod percentile;
pub mod sim_cmd;
pub mod soak;
pub mod soak_cmd;
pub mod summary;
pub mod verify_cmd;
