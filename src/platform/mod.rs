//! The plumbing every part of the game may use, with no game types: standard output that
//! survives a closed pipe, bounded reads and atomic writes, where its folders are, how much
//! memory the process holds, how much CPU time a hypervisor took, and percentiles of the
//! timings the summaries, the window's `--frames` log and the lab report. Imports nothing else in
//! the crate (its tests use `testkit`'s hostile files); everything else may import it.

pub mod atomic;
pub mod cpu_steal;
pub mod data;
pub mod fileio;
pub mod memory;
pub mod percentile;
pub mod stdout;
