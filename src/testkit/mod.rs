//! Test support shared by the unit tests, the integration tests, the benchmarks and the fuzz
//! targets: small scenarios, hostile stand-ins for files, and the fuzz targets' bodies. Hidden
//! from the documentation: nothing here is part of the game.

pub mod files;
pub mod fuzzing;
pub mod save_fuzz;
pub mod scenario;

/// Asserts that the message `said` says each of `parts`, naming the first it lacks.
#[track_caller]
pub fn assert_says(said: &str, parts: &[&str]) {
    for part in parts {
        assert!(said.contains(part), "{part:?} missing from: {said}");
    }
}
