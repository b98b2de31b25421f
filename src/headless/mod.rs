//! The commands that run without a window: `sim` (the runner and its JSON summary),
//! `balance`, `check`, `soak` and `verify`, and the run options they share with the window's
//! command line (`args`), which build a [`crate::run::RunPlan`].

pub mod args;
pub mod balance;
pub mod check_cmd;
pub mod dps;
pub mod percentile;
pub mod sim_cmd;
pub mod soak;
pub mod soak_cmd;
pub mod summary;
pub mod verify_cmd;
