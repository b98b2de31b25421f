//! What the game needs from the operating system, with no game types: standard output that
//! survives a closed pipe, bounded reads and atomic writes, where its folders are, how much
//! memory the process holds, and how much CPU time a hypervisor took. Imports nothing else in
//! the crate (its tests use `testkit`'s hostile files); everything else may import it.

pub mod atomic;
pub mod cpu_steal;
pub mod data;
pub mod fileio;
pub mod memory;
pub mod stdout;
