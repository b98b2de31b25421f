//! `skysweep soak`: loads the shipped stages, soaks (see `crate::headless::soak`) and prints the
//! summary as JSON.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use super::soak::{self, SoakOptions};
use crate::outln;
use crate::run::Shipped;

/// Soaks for `minutes` or `seconds` (one minute when neither is given). Exit status 0 when
/// every run held, 1 on any panic, mismatch or reload problem, 2 when the stages do not load.
pub fn run(minutes: Option<f64>, seconds: Option<f64>, seed: Option<u64>) -> ExitCode {
    let secs = seconds.or(minutes.map(|m| m * 60.0)).unwrap_or(60.0);
    let shipped = Shipped::find();
    let stages = match shipped
        .stages()
        .map_err(|e| e.to_string())
        .and_then(|paths| {
            paths
                .iter()
                .map(|p| {
                    let level = shipped.load(p).map_err(|e| e.to_string())?;
                    let name = p.file_name().unwrap_or_default().to_string_lossy().into();
                    Ok((name, Arc::new(level)))
                })
                .collect::<Result<Vec<_>, String>>()
        }) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("skysweep soak: {e}");
            return ExitCode::from(2);
        }
    };
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let summary = soak::soak(&SoakOptions {
        duration: Duration::from_secs_f64(secs),
        seed,
        stages,
        levels_dir: shipped.levels_dir().to_path_buf(),
        catalog: shipped.catalog().clone(),
    });
    match serde_json::to_string_pretty(&summary) {
        Ok(json) => outln!("{json}"),
        Err(e) => {
            eprintln!("skysweep soak: cannot write the summary: {e}");
            return ExitCode::from(1);
        }
    }
    if summary.failed() {
        eprintln!(
            "skysweep soak: {} panics, {} mismatches, {} reload problems in {} runs",
            summary.panics, summary.mismatches, summary.reload_problems, summary.runs
        );
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
