//! Test support shared by the unit tests, the integration tests and the fuzz targets: small
//! scenarios ([`scenario`]), hostile stand-ins for files ([`files`]), and the fuzz targets'
//! bodies ([`fuzzing`], [`save_fuzz`]). Hidden from the documentation: nothing here is part of
//! the game.
//!
//! Built with `cfg(test)` or the `testkit` feature (which `tests/it` and `fuzz/` turn on). May
//! import any of the library (today `sim`, `level` and `save`); in the library only tests
//! import it.

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
