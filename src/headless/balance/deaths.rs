//! How often players of each skill die on each stage at each difficulty, and whether a ship
//! that does nothing survives a stage's opening on Easy.
//!
//! A deaths run is a new game's stage from its start: the built-in pilot of one skill flies
//! one of the five pilots at power 1 with three lives, takes every continue, and plays until
//! the stage is cleared or its boss has had [`BOSS_ALLOWANCE_S`] seconds; every life lost
//! counts. The same run is `sim --level <stage> --skill <skill> --character <pilot>
//! --difficulty <difficulty> --seed <seed> --frames <cap>`, where the cap is [`frame_cap`].
//! A first-minute run is the same, cut at [`FIRST_MINUTE_S`]: what a new player meets first.

use std::sync::Arc;

use serde::Serialize;

use crate::headless::summary::{self, RunOptions, Summary};
use crate::level::Difficulty;
use crate::level::Level;
use crate::sim::{Character, GameEvent, Input, Skill, World, WorldConfig};

use super::boss_start;

/// The seeds every death count is taken over.
pub const DEATH_SEEDS: [u64; 5] = [1, 2, 3, 4, 5];
/// How long a first-minute run lasts, seconds.
pub const FIRST_MINUTE_S: u64 = 60;
/// How many stages, from the first, the first-minute runs cover.
pub const FIRST_MINUTE_STAGES: usize = 3;
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

/// One skill at one difficulty flying one pilot over every stage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeathRow {
    pub skill: String,
    pub difficulty: String,
    /// The pilot flown, lower case.
    pub pilot: String,
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
    pub pilot: Character,
    pub seed: u64,
    /// Cut at [`FIRST_MINUTE_S`] rather than played to the stage's end.
    pub first_minute: bool,
}

/// Every deaths run, skill by skill, difficulty by difficulty, pilot by pilot, stage by stage,
/// seed by seed.
pub fn death_jobs(stages: usize) -> Vec<DeathJob> {
    let mut jobs = Vec::new();
    for skill in Skill::ALL {
        for difficulty in Difficulty::ALL {
            for pilot in Character::ALL {
                for stage in 0..stages {
                    for seed in DEATH_SEEDS {
                        jobs.push(DeathJob {
                            stage,
                            skill,
                            difficulty,
                            pilot,
                            seed,
                            first_minute: false,
                        });
                    }
                }
            }
        }
    }
    jobs
}

/// Every first-minute run: the novice on Normal, each pilot, the first
/// [`FIRST_MINUTE_STAGES`] of `stages`, each seed.
pub fn first_minute_jobs(stages: usize) -> Vec<DeathJob> {
    let mut jobs = Vec::new();
    for pilot in Character::ALL {
        for stage in 0..stages.min(FIRST_MINUTE_STAGES) {
            for seed in DEATH_SEEDS {
                jobs.push(DeathJob {
                    stage,
                    skill: Skill::Novice,
                    difficulty: Difficulty::Normal,
                    pilot,
                    seed,
                    first_minute: true,
                });
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
        characters: vec![job.pilot],
        difficulty: job.difficulty,
        ..WorldConfig::default()
    };
    let opts = RunOptions {
        frames: match job.first_minute {
            true => FIRST_MINUTE_S * 60,
            false => frame_cap(level),
        },
        autoplay: Some(job.skill),
        replay: None,
        record: false,
    };
    summary::run(std::slice::from_ref(level), config, opts).0
}

/// Gathers the runs' results (`jobs` and `results` in the same order) into one row per skill,
/// difficulty and pilot that was played; `names` are the stages' file names, of which a row
/// covers those its runs played.
pub fn rows(names: &[String], jobs: &[DeathJob], results: &[Summary]) -> Vec<DeathRow> {
    let mut rows = Vec::new();
    for skill in Skill::ALL {
        for difficulty in Difficulty::ALL {
            for pilot in Character::ALL {
                let played = |j: &DeathJob| {
                    j.skill == skill && j.difficulty == difficulty && j.pilot == pilot
                };
                let stages: Vec<StageDeaths> = names
                    .iter()
                    .enumerate()
                    .filter_map(|(i, name)| {
                        let runs: Vec<&Summary> = jobs
                            .iter()
                            .zip(results)
                            .filter(|(j, _)| j.stage == i && played(j))
                            .map(|(_, s)| s)
                            .collect();
                        let per_seed: Vec<u32> = runs.iter().map(|s| s.deaths).collect();
                        (!runs.is_empty()).then(|| StageDeaths {
                            stage: name.clone(),
                            median: median_count(&per_seed),
                            per_seed,
                            clears: runs.iter().filter(|s| s.cleared).count() as u32,
                        })
                    })
                    .collect();
                if stages.is_empty() {
                    continue;
                }
                rows.push(DeathRow {
                    skill: skill.name().to_string(),
                    difficulty: difficulty.name().to_string(),
                    pilot: pilot.key().to_string(),
                    total: stages.iter().map(|s| s.median).sum(),
                    stages,
                });
            }
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
    fn every_skill_difficulty_pilot_stage_and_seed_is_played_once() {
        let jobs = death_jobs(2);
        assert_eq!(
            jobs.len(),
            Skill::ALL.len() * Difficulty::ALL.len() * Character::ALL.len() * 2 * DEATH_SEEDS.len()
        );
        let mut seen: Vec<_> = jobs
            .iter()
            .map(|j| (j.skill, j.difficulty, j.pilot, j.stage, j.seed))
            .collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), jobs.len());
    }

    #[test]
    fn the_first_minute_covers_the_first_three_stages_for_every_pilot() {
        let jobs = first_minute_jobs(6);
        assert_eq!(jobs.len(), Character::ALL.len() * 3 * DEATH_SEEDS.len());
        assert!(jobs.iter().all(|j| j.first_minute && j.stage < 3));
        assert!(jobs
            .iter()
            .all(|j| j.skill == Skill::Novice && j.difficulty == Difficulty::Normal));
        assert_eq!(
            first_minute_jobs(2).len(),
            Character::ALL.len() * 2 * DEATH_SEEDS.len()
        );
    }

    #[test]
    fn rows_come_one_per_pilot_played_with_each_pilots_own_deaths() {
        let jobs = first_minute_jobs(1);
        let results: Vec<Summary> = jobs
            .iter()
            .map(|j| Summary {
                deaths: j.pilot as u32 * 10 + j.seed as u32,
                ..Summary::default()
            })
            .collect();
        let rows = rows(&["stage1.ron".to_string()], &jobs, &results);
        assert_eq!(rows.len(), Character::ALL.len());
        let brass = rows.iter().find(|r| r.pilot == "brass").unwrap();
        assert_eq!(brass.stages[0].per_seed, vec![11, 12, 13, 14, 15]);
        assert_eq!((brass.stages[0].median, brass.total), (13, 13));
    }
}
