//! `skysweep verify FILE...`: plays each replay headless (see
//! [`crate::sim::replay::verify`]) and prints one line, or one JSON object, a file; and the
//! high scores' replays, each marked verified or not (`run_labelled`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::outln;
use crate::run::Shipped;
use crate::sim::replay::verify::{self, StageFiles, Verdict};

/// Verifies each of `rows`, a name (`NORMAL 1 ACE 123456 VELA`) and its replay file (`None`
/// for a score with none), and marks each: `NAME: verified (...)`, `NAME: NOT VERIFIED
/// (why)`, `NAME: no replay`. JSON adds `score` and `verified` to [`verify::Report::json`].
/// Exit status as [`run`]; a score without a replay is no failure.
pub fn run_labelled(rows: &[(String, Option<PathBuf>)], json: bool) -> ExitCode {
    let shipped = Shipped::find();
    let root = shipped.levels_dir().parent().unwrap_or(Path::new(""));
    let mut stages = StageFiles::new(root, shipped.catalog().clone());
    let (mut desynced, mut unplayable) = (false, false);
    for (name, file) in rows {
        let Some(file) = file else {
            match json {
                true => outln!(
                    "{}",
                    serde_json::json!({"score": name, "verified": false, "result": "no replay"})
                ),
                false => outln!("{name}: no replay"),
            }
            continue;
        };
        let report = verify::verify(file, &mut stages);
        let verified = report.verdict == Verdict::Ok;
        desynced |= matches!(report.verdict, Verdict::Desynced(_));
        unplayable |= matches!(report.verdict, Verdict::Unplayable(_));
        if json {
            let mut v = report.json();
            v["score"] = name.clone().into();
            v["verified"] = verified.into();
            outln!("{v}");
        } else {
            let mark = if verified { "verified" } else { "NOT VERIFIED" };
            outln!("{name}: {mark}: {}", report.line());
        }
    }
    exit_status(desynced, unplayable)
}

/// Exit status 2 when any is unplayable, else 1 when any desynced, else 0.
fn exit_status(desynced: bool, unplayable: bool) -> ExitCode {
    if unplayable {
        ExitCode::from(2)
    } else if desynced {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

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
    exit_status(desynced, unplayable)
}
