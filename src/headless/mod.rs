//! The commands that run without a window: `sim` (`sim_cmd`, and the runner and its JSON
//! summary in `summary`), `balance`, `check` (`check_cmd`), `soak` (`soak_cmd`, the soak itself
//! in `soak`) and `verify` (`verify_cmd`), and the run options they share with the window's
//! command line (`args`), which build a [`crate::run::RunPlan`].
//!
//! May import `run`, `sim`, `level` and `platform`. Nothing in the library imports it: only the
//! binary's command line and `main` do.
//! `testkit` only in tests.

pub mod args;
pub mod balance;
pub mod check_cmd;
pub mod sim_cmd;
pub mod soak;
pub mod soak_cmd;
pub mod summary;
pub mod verify_cmd;
