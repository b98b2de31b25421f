//! Test support shared by the unit tests, the integration tests, the benchmarks and the fuzz
//! targets: small scenarios, hostile stand-ins for files, and the fuzz targets' bodies. Hidden
//! from the documentation: nothing here is part of the game.

pub mod files;
pub mod fuzzing;
pub mod save_fuzz;
pub mod scenario;
