//! How often players of each skill die on each stage at each difficulty, and whether a ship
//! that does nothing survives a stage's opening on Easy.
//!
//! A deaths run is a new game's stage from its start: the built-in pilot of one skill flies
//! [`DEATH_PILOT`] at power 1 with three lives, takes every continue, and plays until the stage
//! is cleared or its boss has had [`BOSS_ALLOWANCE_S`] seconds; every life lost counts. The
//! same run is `sim --level <stage> --skill <skill> --difficulty <difficulty> --seed <seed>
//! --frames <cap>`, where the cap is [`frame_cap`].

use std::sync::Arc;

use serde::Serialize;

use crate::headless::summary::{self, RunOptions, Summary};
use crate::level::Difficulty;
use crate::level::Level;
use crate::sim::{Character, GameEvent, Input, Skill, World, WorldConfig};

use super::boss_start;

/// The seeds every death count is taken over.
pub const DEATH_SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
/// The pilot the skills fly: the first on the select screen, where a new player starts.
pub const DEATH_PILOT: Character = Character::Vela;
/// How long a run may go on after its boss arrives before it stops, uncleared, seconds.
pub const BOSS_ALLOWANCE_S: f32 = 150.0;
/// The opening, in seconds, a ship with no input must survive on Easy unhit.
pub const OPENING_S: u64 = 10;
/// The seeds the opening is checked over.
pub const OPENING_SEEDS: [u64; 3] = [1, 2, 3];

/// One stage's deaths for one skill at one difficulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StageDeaths {
    pub stage: String,
    /// The median of `per_seed`.
    pub median: u32,
    /// Lives lost on each of [`DEATH_SEEDS`], in order.
    pub per_seed: Vec<u32>,
    /// How many of the seeds' runs cleared the stage.
    pub clears: u32,
}

/// One skill at one difficulty over every stage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeathRow {
    pub skill: String,
    pub difficulty: String,
    pub stages: Vec<StageDeaths>,
    /// The stages' medians added up.
    pub total: u32,
}

/// Hits a ship with no input takes in a stage's opening on Easy.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningRow {
    pub stage: String,
    /// Lives lost and rams taken in the first [`OPENING_S`] seconds, on each of
    /// [`OPENING_SEEDS`], in order.
    pub hits: Vec<u32>,
}

/// One deaths run to make.
#[derive(Clone, Copy, Debug)]
pub struct DeathJob {
    pub stage: usize,
    pub skill: Skill,
    pub difficulty: Difficulty,
    pub seed: u64,
}

/// Every deaths run, skill by skill, difficulty by difficulty, stage by stage, seed by seed.
pub fn death_jobs(stages: usize) -> Vec<DeathJob> {
    let mut jobs = Vec::new();
    for skill in Skill::ALL {
        for difficulty in Difficulty::ALL {
            for stage in 0..stages {
                for seed in DEATH_SEEDS {
                    jobs.push(DeathJob {
                        stage,
                        skill,
                        difficulty,
                        seed,
                    });
                }
            }
        }
    }
    jobs
}

/// Most steps a deaths run on `level` takes: until its boss has had [`BOSS_ALLOWANCE_S`]
/// seconds (from the stage's end for a stage with no boss).
pub fn frame_cap(level: &Level) -> u64 {
    let boss = boss_start(level).unwrap_or(level.length_s);
    ((boss.max(0.0) + BOSS_ALLOWANCE_S) * 60.0).round() as u64
}

/// Plays one deaths run.
pub fn play(level: &Arc<Level>, job: &DeathJob) -> Summary {
    let config = WorldConfig {
        seed: job.seed,
        characters: vec![DEATH_PILOT],
        difficulty: job.difficulty,
        ..WorldConfig::default()
    };
    let opts = RunOptions {
        frames: frame_cap(level),
        autoplay: Some(job.skill),
        replay: None,
        record: false,
    };
    summary::run(std::slice::from_ref(level), config, opts).0
}

/// Gathers the runs' results (in [`death_jobs`]'s order) into one row per skill and
/// difficulty; `names` are the stages' file names.
pub fn rows(names: &[String], jobs: &[DeathJob], results: &[Summary]) -> Vec<DeathRow> {
    let mut rows = Vec::new();
    for skill in Skill::ALL {
        for difficulty in Difficulty::ALL {
            let stages: Vec<StageDeaths> = names
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let runs: Vec<&Summary> = jobs
                        .iter()
                        .zip(results)
                        .filter(|(j, _)| {
                            j.stage == i && j.skill == skill && j.difficulty == difficulty
                        })
                        .map(|(_, s)| s)
                        .collect();
                    let per_seed: Vec<u32> = runs.iter().map(|s| s.deaths).collect();
                    StageDeaths {
                        stage: name.clone(),
                        median: median_count(&per_seed),
                        per_seed,
                        clears: runs.iter().filter(|s| s.cleared).count() as u32,
                    }
                })
                .collect();
            rows.push(DeathRow {
                skill: skill.name().to_string(),
                difficulty: difficulty.name().to_string(),
                total: stages.iter().map(|s| s.median).sum(),
                stages,
            });
        }
    }
    rows
}

/// The median of whole counts; of an even number, the lower middle one (a count, not a mean).
pub fn median_count(counts: &[u32]) -> u32 {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    sorted
        .get(sorted.len().saturating_sub(1) / 2)
        .copied()
        .unwrap_or(0)
}

/// Lives lost and rams taken by a ship that holds no control for the first [`OPENING_S`]
/// seconds of `level` on Easy, seeded `seed`.
pub fn opening_hits(level: &Arc<Level>, seed: u64) -> u32 {
    let config = WorldConfig {
        seed,
        difficulty: Difficulty::Easy,
        ..WorldConfig::default()
    };
    let mut world = World::new(level.clone(), config);
    let idle = [Input::default()];
    let mut hits = 0;
    for _ in 0..OPENING_S * 60 {
        world.step(&idle);
        hits += world
            .events()
            .iter()
            .filter(|e| matches!(e, GameEvent::Death { .. } | GameEvent::PowerDown { .. }))
            .count() as u32;
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_count_is_the_middle_one() {
        assert_eq!(median_count(&[3, 0, 9, 1, 2]), 2);
        assert_eq!(median_count(&[4, 1]), 1);
        assert_eq!(median_count(&[7]), 7);
        assert_eq!(median_count(&[]), 0);
    }

    #[test]
    fn every_skill_difficulty_stage_and_seed_is_played_once() {
        let jobs = death_jobs(2);
        assert_eq!(
            jobs.len(),
            Skill::ALL.len() * Difficulty::ALL.len() * 2 * DEATH_SEEDS.len()
        );
        let mut seen: Vec<_> = jobs
            .iter()
            .map(|j| (j.skill, j.difficulty, j.stage, j.seed))
            .collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), jobs.len());
    }
}
