//! `skysweep balance`: headless runs that compare the pilots against every stage boss and
//! measure each stage's pacing, printed as a table or as one JSON object.
//!
//! It also plays every stage with the built-in pilot at each skill and difficulty and counts
//! the deaths (see [`deaths`]), checks that a ship with no input survives each stage's opening
//! on Easy, and sets the figures against the difficulty targets (see [`targets`]).
//!
//! Every figure comes from [`summary::run`], the same runner as `sim`, so a number here can be
//! reproduced with the matching `sim` command line.
//!
//! Here: the runs and the report (this file); the bots' deaths ([`deaths`]), the targets
//! ([`targets`]), the difficulties' steps ([`steps`]), the average player's time to kill
//! ([`human`]), the tables printed (`print`) and `--plot` ([`plot`]). May import the runner
//! (`headless::summary`), `run`, `sim`, `level` and `platform`.

pub mod deaths;
pub mod human;
pub mod plot;
mod print;
pub mod steps;
pub mod targets;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use serde::Serialize;

use crate::outln;
use crate::run::Shipped;

use crate::headless::summary::{self, RunOptions, Summary};
use crate::level::Difficulty;
use crate::level::{Level, TimelineEvent};
use crate::sim::{Character, Skill, WorldConfig};

use deaths::{DeathRow, OpeningRow};
use human::HumanBossRow;
use steps::StepRow;
use targets::Target;

pub use print::table;

/// The seeds every figure is taken over.
pub const SEEDS: [u64; 3] = [1, 2, 3];
/// The power the pilots fight the bosses at: the full shot, as a player reaching a boss has.
pub const BOSS_POWER: u8 = 4;
/// Most steps a boss fight may take before it counts as not won: ten minutes.
pub(crate) const BOSS_FRAMES: u64 = 60 * 60 * 10;

/// One stage boss and how long each pilot takes to kill it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BossRow {
    pub stage: String,
    pub boss: String,
    /// Median seconds to kill over [`SEEDS`], by lower-case pilot name; `null` when the median
    /// run did not kill it.
    pub ttk_s: PilotTimes,
    /// The slowest pilot's time over the fastest's; `null` when any pilot failed.
    pub spread: Option<f64>,
}

/// A time for each pilot, in [`Character::ALL`]'s order; written as a JSON object keyed by
/// the pilot's lower-case name, in that order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PilotTimes(pub Vec<(String, Option<f64>)>);

impl PilotTimes {
    pub fn get(&self, pilot: &str) -> Option<f64> {
        self.0
            .iter()
            .find(|(p, _)| p == pilot)
            .and_then(|(_, t)| *t)
    }
}

impl Serialize for PilotTimes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (pilot, time) in &self.0 {
            map.serialize_entry(pilot, time)?;
        }
        map.end()
    }
}

/// One stage's pacing over full runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StageRow {
    pub stage: String,
    /// The longest stretch with no enemy on screen, worst of every run (see `sim`'s `dead_air_s`).
    pub dead_air_s: f64,
    /// The most enemy bullets alive at once, worst of every run.
    pub peak_enemy_bullets: usize,
    /// Seconds from the mid-boss's arrival to its fall, slowest of every run; `null` when the
    /// stage has none or some run outwaited it.
    pub mid_boss_ttk_s: Option<f64>,
    /// The quiet stretches of the run with the most quiet time in them (see `sim`'s `gaps`).
    pub gaps: Vec<summary::Gap>,
}

/// What `balance` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub bosses: Vec<BossRow>,
    /// The largest boss spread; `null` when any pilot failed to kill a boss.
    pub max_spread: Option<f64>,
    pub stages: Vec<StageRow>,
    /// The seeds the bosses and the pacing were taken over.
    pub seeds: Vec<u64>,
    /// Enemy bullets fired a minute on each stage at each difficulty.
    pub steps: Vec<StepRow>,
    /// Each boss's time to kill for the average player in a whole run.
    pub human_bosses: Vec<HumanBossRow>,
    /// Median deaths on every stage, for each skill at each difficulty with each pilot.
    pub deaths: Vec<DeathRow>,
    /// Median deaths in the first minute of the first stages, novice on Normal, each pilot.
    pub first_minute: Vec<DeathRow>,
    /// The seeds the deaths were taken over.
    pub death_seeds: Vec<u64>,
    /// Hits a ship with no input takes in each stage's opening on Easy.
    pub opening: Vec<OpeningRow>,
    /// The difficulty targets against these figures.
    pub targets: Vec<Target>,
}

/// One headless run to make.
#[derive(Clone, Debug)]
struct Job {
    stage: usize,
    character: Character,
    seed: u64,
    difficulty: Difficulty,
    /// Who flies: the expert for the pacing and the boss fights, the average player for the
    /// difficulty steps (the bullets a person meets, who kills more slowly).
    skill: Skill,
    /// Starts at the boss with full power (a boss fight) rather than at the stage's beginning.
    boss_fight: bool,
}

/// Loads `files` (every shipped `levels/stageN.ron` when empty); the error names the file.
pub fn load_stages(files: &[PathBuf]) -> Result<Vec<(PathBuf, Arc<Level>)>, String> {
    let shipped = Shipped::find();
    let files = if files.is_empty() {
        shipped.stages().map_err(|e| e.to_string())?
    } else {
        files.to_vec()
    };
    files
        .into_iter()
        .map(|p| {
            let l = shipped.load(&p).map_err(|e| e.to_string())?;
            Ok((p, Arc::new(l)))
        })
        .collect()
}

/// Where a boss fight starts: the stage's `boss` marker, or else its boss's own entry time.
/// `None` for a stage without a boss.
pub fn boss_start(level: &Level) -> Option<f32> {
    let at = level.timeline.iter().find_map(|e| match e {
        TimelineEvent::Boss { at, .. } => Some(*at),
        _ => None,
    })?;
    Some(level.resolve_at("boss").unwrap_or(at).min(at))
}

/// Plays every run over `threads` threads and gathers the report.
pub fn measure(levels: &[(PathBuf, Arc<Level>)], threads: usize) -> Report {
    let jobs = stage_jobs(levels);
    let results = run_jobs(&jobs, threads, |job| play(&levels[job.stage].1, job));
    let human_jobs = human::jobs();
    let campaign: Vec<Arc<Level>> = levels.iter().map(|(_, l)| l.clone()).collect();
    let human_results = run_jobs(&human_jobs, threads, |job| human::play(&campaign, job));
    let minute_jobs = deaths::first_minute_jobs(levels.len());
    let minute_results = run_jobs(&minute_jobs, threads, |job| {
        deaths::play(&levels[job.stage].1, job)
    });
    let death_jobs = deaths::death_jobs(levels.len());
    let death_results = run_jobs(&death_jobs, threads, |job| {
        deaths::play(&levels[job.stage].1, job)
    });
    let names: Vec<String> = levels.iter().map(|(p, _)| file_name(p)).collect();
    let runs = Runs {
        jobs: &jobs,
        results: &results,
    };
    let steps: Vec<StepRow> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            StepRow::of(
                name,
                Difficulty::ALL.map(|d| runs.full(i, Skill::Average, d)),
            )
        })
        .collect();
    let bosses = boss_rows(levels, &runs);
    let max_spread = bosses
        .iter()
        .map(|b| b.spread)
        .try_fold(None, |worst: Option<f64>, s| {
            s.map(|s| Some(worst.map_or(s, |w| w.max(s))))
        })
        .flatten();
    let mut report = Report {
        bosses,
        max_spread,
        stages: stage_rows(&names, &runs),
        seeds: SEEDS.to_vec(),
        steps,
        human_bosses: human::rows(&human_jobs, &human_results),
        deaths: deaths::rows(&names, &death_jobs, &death_results),
        first_minute: deaths::rows(&names, &minute_jobs, &minute_results),
        death_seeds: deaths::DEATH_SEEDS.to_vec(),
        opening: openings(levels, &names, threads),
        targets: Vec::new(),
    };
    report.targets = targets::check(&report);
    report
}

/// The stage runs: full runs from the start (the expert on Normal for the pacing, the average
/// player on each difficulty for the steps) and boss fights, every pilot and seed. The long
/// full-stage runs come first, so the threads finish together.
fn stage_jobs(levels: &[(PathBuf, Arc<Level>)]) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (boss_fight, difficulty, skill) in [
        (false, Difficulty::Normal, Skill::Expert),
        (false, Difficulty::Easy, Skill::Average),
        (false, Difficulty::Normal, Skill::Average),
        (false, Difficulty::Hard, Skill::Average),
        (true, Difficulty::Normal, Skill::Expert),
    ] {
        for (stage, (_, level)) in levels.iter().enumerate() {
            if boss_fight && boss_start(level).is_none() {
                continue;
            }
            for character in Character::ALL {
                for seed in SEEDS {
                    jobs.push(Job {
                        stage,
                        character,
                        seed,
                        difficulty,
                        skill,
                        boss_fight,
                    });
                }
            }
        }
    }
    jobs
}

/// The stage runs beside their results.
struct Runs<'a> {
    jobs: &'a [Job],
    results: &'a [Summary],
}

impl Runs<'_> {
    /// The full runs of stage `i` flown by `skill` at `difficulty`.
    fn full(&self, i: usize, skill: Skill, difficulty: Difficulty) -> Vec<&Summary> {
        self.jobs
            .iter()
            .zip(self.results)
            .filter(|(j, _)| {
                j.stage == i && !j.boss_fight && j.skill == skill && j.difficulty == difficulty
            })
            .map(|(_, s)| s)
            .collect()
    }
}

/// Each stage's pacing, worst of the expert's full runs on Normal.
fn stage_rows(names: &[String], runs: &Runs) -> Vec<StageRow> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let full = runs.full(i, Skill::Expert, Difficulty::Normal);
            StageRow {
                stage: name.clone(),
                dead_air_s: full.iter().map(|s| s.dead_air_s).fold(0.0, f64::max),
                peak_enemy_bullets: full.iter().map(|s| s.max_enemy_bullets).max().unwrap_or(0),
                mid_boss_ttk_s: mid_boss_slowest(full.iter().flat_map(|s| s.stages.first())),
                gaps: full
                    .iter()
                    .filter_map(|s| s.stages.first())
                    .map(|s| &s.gaps)
                    .max_by(|a, b| quiet_s(a).total_cmp(&quiet_s(b)))
                    .cloned()
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// Each stage boss's time to kill by pilot, from the boss fights.
fn boss_rows(levels: &[(PathBuf, Arc<Level>)], runs: &Runs) -> Vec<BossRow> {
    let mut bosses = Vec::new();
    for (i, (path, level)) in levels.iter().enumerate() {
        let Some(boss) = boss_name(level) else {
            continue;
        };
        let mut ttk_s = PilotTimes::default();
        for character in Character::ALL {
            let times: Vec<Option<f64>> = runs
                .jobs
                .iter()
                .zip(runs.results)
                .filter(|(j, _)| j.stage == i && j.boss_fight && j.character == character)
                .map(|(_, s)| s.ttk_s.first().and_then(|t| t.ttk_s))
                .collect();
            ttk_s
                .0
                .push((character.name().to_lowercase(), median(&times)));
        }
        let spread = spread(ttk_s.0.iter().map(|(_, t)| *t));
        bosses.push(BossRow {
            stage: file_name(path),
            boss,
            ttk_s,
            spread,
        });
    }
    bosses
}

/// The hits a ship with no input takes in each stage's opening on Easy.
fn openings(levels: &[(PathBuf, Arc<Level>)], names: &[String], threads: usize) -> Vec<OpeningRow> {
    let openings: Vec<(usize, u64)> = (0..levels.len())
        .flat_map(|stage| deaths::OPENING_SEEDS.map(|seed| (stage, seed)))
        .collect();
    let hits = run_jobs(&openings, threads, |&(stage, seed)| {
        deaths::opening_hits(&levels[stage].1, seed)
    });
    names
        .iter()
        .enumerate()
        .map(|(i, name)| OpeningRow {
            stage: name.clone(),
            hits: openings
                .iter()
                .zip(&hits)
                .filter(|((stage, _), _)| *stage == i)
                .map(|(_, &h)| h)
                .collect(),
        })
        .collect()
}

/// Runs `play` on every job, `threads` at a time, each thread taking the next job when it is
/// free. The results come back in the jobs' order, whatever order they finished in.
pub fn run_jobs<J: Sync, R: Send>(
    jobs: &[J],
    threads: usize,
    play: impl Fn(&J) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else {
                            return mine;
                        };
                        mine.push((i, play(job)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    done.sort_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, s)| s).collect()
}

/// One run as `sim` would make it: autoplay, invincible, at the job's difficulty.
fn play(level: &Arc<Level>, job: &Job) -> Summary {
    let (start_at, start_power, frames) = if job.boss_fight {
        (boss_start(level).unwrap_or(0.0), BOSS_POWER, BOSS_FRAMES)
    } else {
        (0.0, 1, summary::DEFAULT_MAX_FRAMES)
    };
    let config = WorldConfig {
        seed: job.seed,
        characters: vec![job.character],
        difficulty: job.difficulty,
        invincible: true,
        start_at,
        start_power,
        ..WorldConfig::default()
    };
    let opts = RunOptions {
        frames,
        autoplay: Some(job.skill),
        replay: None,
        record: false,
    };
    summary::run(std::slice::from_ref(level), config, opts).0
}

/// The median of `times`, a failed run (`None`) counting as slower than any time.
pub fn median(times: &[Option<f64>]) -> Option<f64> {
    let mut sorted = times.to_vec();
    sorted.sort_by(|a, b| match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(b),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    *sorted.get(sorted.len().checked_sub(1)? / 2)?
}

/// The slowest time over the fastest, to two decimals; `None` if any time is missing.
pub fn spread(times: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    let times: Option<Vec<f64>> = times.into_iter().collect();
    let times = times?;
    let fastest = times.iter().copied().reduce(f64::min)?;
    let slowest = times.iter().copied().reduce(f64::max)?;
    (fastest > 0.0).then(|| (slowest / fastest * 100.0).round() / 100.0)
}

fn boss_name(level: &Level) -> Option<String> {
    level.timeline.iter().find_map(|e| match e {
        TimelineEvent::Boss { enemy, .. } => level.enemies.get(*enemy).map(|t| t.name.to_string()),
        _ => None,
    })
}

/// The slowest mid-boss time to kill of `runs`; `None` when a run has none (no mid-boss, or
/// it was outwaited).
fn mid_boss_slowest<'a>(runs: impl Iterator<Item = &'a summary::StageResult>) -> Option<f64> {
    let mut slowest: Option<f64> = None;
    for r in runs {
        slowest = Some(slowest.unwrap_or(0.0).max(r.mid_boss_ttk_s?));
    }
    slowest
}

/// The quiet time in `gaps`, seconds.
fn quiet_s(gaps: &[summary::Gap]) -> f64 {
    gaps.iter().map(|g| g.length_s).sum()
}

fn file_name(path: &Path) -> String {
    summary::file_name(&path.to_string_lossy())
}

/// `skysweep balance`: the pilots against every stage boss, and each stage's pacing; with
/// `plot`, each stage's pacing drawn as a picture instead, played as `plot_opts` says (see
/// [`plot`]).
pub fn run(
    json: bool,
    stages: &[PathBuf],
    plot: Option<&Path>,
    plot_opts: &plot::PlotOptions,
) -> ExitCode {
    let levels = match load_stages(stages) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("skysweep balance: {e}");
            return ExitCode::from(2);
        }
    };
    // Many independent runs: one thread per core.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    if let Some(path) = plot {
        return plot_stages(&levels, path, plot_opts, threads);
    }
    let report = measure(&levels, threads);
    if !json {
        outln!("{}", table(&report).trim_end());
        return ExitCode::SUCCESS;
    }
    match serde_json::to_string_pretty(&report) {
        Ok(text) => {
            outln!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("skysweep balance: cannot write the report: {e}");
            ExitCode::from(1)
        }
    }
}

/// Draws each of `levels` into a PNG named after `path` (see [`plot::path_for`]): one run a
/// difficulty of `opts`, in one picture.
fn plot_stages(
    levels: &[(PathBuf, Arc<Level>)],
    path: &Path,
    opts: &plot::PlotOptions,
    threads: usize,
) -> ExitCode {
    for (file, level) in levels {
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("stage");
        let out = plot::path_for(path, stem, levels.len());
        let traces = run_jobs(&opts.difficulties, threads, |&d| {
            plot::trace(level, d, opts)
        });
        let ttks = opts
            .difficulties
            .iter()
            .map(|&d| (d, plot::pilot_ttks(level, d, opts.skill, threads)))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        let mut markers: Vec<(String, f32)> =
            level.markers.iter().map(|(n, t)| (n.clone(), *t)).collect();
        markers.sort_by(|a, b| a.1.total_cmp(&b.1));
        let picture = plot::Picture {
            title: format!("{} ({})", level.name, file_name(file)),
            opts,
            axis: plot::axis::Axis::new(&traces, level.length_s),
            traces: &traces,
            markers,
            sections: plot::sections(file),
            ttks,
        };
        if let Err(e) = plot::draw(&picture, &out) {
            eprintln!("skysweep balance: cannot draw {}: {e}", out.display());
            return ExitCode::from(1);
        }
        outln!("{}", out.display());
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_counts_a_failed_run_as_the_slowest() {
        assert_eq!(median(&[Some(3.0), Some(1.0), Some(2.0)]), Some(2.0));
        assert_eq!(median(&[None, Some(1.0), Some(2.0)]), Some(2.0));
        assert_eq!(median(&[None, Some(1.0), None]), None);
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn long_stage_and_boss_names_never_run_together() {
        let stage = "glacier_run_extended.ron".to_string();
        let report = Report {
            bosses: vec![BossRow {
                stage: stage.clone(),
                boss: "glacier_maw_the_unending".into(),
                ttk_s: PilotTimes::default(),
                spread: None,
            }],
            max_spread: None,
            stages: vec![StageRow {
                stage: stage.clone(),
                dead_air_s: 1.0,
                peak_enemy_bullets: 3,
                mid_boss_ttk_s: Some(12.5),
                gaps: vec![summary::Gap {
                    at_s: 40.0,
                    length_s: 3.5,
                }],
            }],
            seeds: vec![1],
            steps: Vec::new(),
            human_bosses: Vec::new(),
            deaths: Vec::new(),
            first_minute: Vec::new(),
            death_seeds: vec![1],
            opening: vec![OpeningRow {
                stage,
                hits: vec![0],
            }],
            targets: Vec::new(),
        };
        let text = table(&report);
        assert!(
            text.contains("glacier_run_extended.ron  glacier_maw_the_unending  "),
            "{text}"
        );
        assert!(!text.contains(".rong") && !text.contains(".ron0"), "{text}");
        assert!(
            text.contains("12.5  40.0: 3.5"),
            "mid-boss and gaps: {text}"
        );
    }

    #[test]
    fn the_spread_is_slowest_over_fastest_and_needs_every_time() {
        assert_eq!(spread([Some(20.0), Some(26.0), Some(22.0)]), Some(1.3));
        assert_eq!(spread([Some(20.0), None]), None);
        assert_eq!(spread([]), None);
    }
}
