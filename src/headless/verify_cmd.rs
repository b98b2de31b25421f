//! `skysweep verify FILE...`: plays each replay headless (see
//! [`crate::sim::replay::verify`]) and prints one line, or one JSON object, a file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::outln;
use crate::run::Shipped;
use crate::sim::replay::verify::{self, StageFiles, Verdict};

/// Verifies `files` in order. Exit status 2 when any is unplayable, else 1 when any desynced,
/// else 0.
pub fn run(files: &[PathBuf], json: bool) -> ExitCode {
    // Recorded stages are found as written, else under the folder that holds `levels/`.
    let shipped = Shipped::find();
    let root = shipped.levels_dir().parent().unwrap_or(Path::new(""));
    let mut stages = StageFiles::new(root, shipped.catalog().clone());
    let (mut desynced, mut unplayable) = (false, false);
    for file in files {
        let report = verify::verify(file, &mut stages);
        match report.verdict {
            Verdict::Ok => {}
            Verdict::Desynced(_) => desynced = true,
            Verdict::Unplayable(_) => unplayable = true,
        }
        if json {
            outln!("{}", report.json());
        } else {
            outln!("{}", report.line());
        }
    }
    if unplayable {
        ExitCode::from(2)
    } else if desynced {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
