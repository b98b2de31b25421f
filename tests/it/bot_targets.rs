//! The difficulty targets the bots are held to, for every pilot, as `skysweep balance` checks
//! them: on each of the first three stages, from its start at power 1, the novice on Easy and
//! the average player on Normal lose at most three lives (median of five seeds), and the
//! novice on Normal at most two in the stage's first minute. The timings, boss fights and the
//! later stages stay in `balance`; these are the targets a change to a pilot or a stage breaks
//! first.

use std::path::PathBuf;
use std::sync::Arc;

use skysweep::headless::balance::deaths::{self, DeathJob};
use skysweep::headless::balance::{load_stages, run_jobs, targets, Report};
use skysweep::headless::summary::Summary;
use skysweep::level::{Difficulty, Level};
use skysweep::sim::Skill;

/// Plays `jobs` on two threads, results in the jobs' order.
fn play_all(levels: &[Arc<Level>], jobs: &[DeathJob]) -> Vec<Summary> {
    run_jobs(jobs, 2, |job| deaths::play(&levels[job.stage], job))
}

#[test]
fn every_pilot_meets_the_first_stages_targets() {
    let files: Vec<PathBuf> = (1..=3)
        .map(|n| PathBuf::from(format!("levels/stage{n}.ron")))
        .collect();
    let loaded = load_stages(&files).expect("the first three stages load");
    let levels: Vec<Arc<Level>> = loaded.iter().map(|(_, l)| l.clone()).collect();
    let names: Vec<String> = (1..=3).map(|n| format!("stage{n}.ron")).collect();
    let jobs: Vec<DeathJob> = deaths::death_jobs(3)
        .into_iter()
        .filter(|j| {
            matches!(
                (j.skill, j.difficulty),
                (Skill::Novice, Difficulty::Easy) | (Skill::Average, Difficulty::Normal)
            )
        })
        .collect();
    let minute = deaths::first_minute_jobs(3);
    let report = Report {
        bosses: Vec::new(),
        max_spread: None,
        stages: Vec::new(),
        seeds: Vec::new(),
        steps: Vec::new(),
        human_bosses: Vec::new(),
        deaths: deaths::rows(&names, &jobs, &play_all(&levels, &jobs)),
        first_minute: deaths::rows(&names, &minute, &play_all(&levels, &minute)),
        death_seeds: deaths::DEATH_SEEDS.to_vec(),
        opening: Vec::new(),
        targets: Vec::new(),
    };
    let checked = targets::check(&report);
    for id in [
        "novice_easy_first_stages",
        "average_normal_first_stages",
        "novice_normal_first_minute",
    ] {
        let t = checked
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("{id} was not checked: {checked:?}"));
        assert!(t.holds, "{}: {}", t.asks, t.measured);
    }
    // Every pilot was measured: five rows a skill and difficulty.
    assert_eq!(report.deaths.len(), 2 * 5);
    assert_eq!(report.first_minute.len(), 5);
}
