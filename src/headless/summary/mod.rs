//! Running a run headless, one stage or several in a row, and summarising it as one JSON object.
//!
//! The runner times each step with the system clock for the `*_us` figures, and with the
//! thread's CPU clock for `step_cpu_us`; those timings are reported only and never feed back
//! into the game.
//!
//! Here: the runner and the summary (this file), its pacing meters (`meter`) and its steps'
//! timing (`timing`). May import `sim`, `level` and `platform::percentile`; `testkit` in tests.

use std::sync::Arc;

use serde::Serialize;

use crate::level::Level;
use crate::platform::percentile::quantile;

mod meter;
mod timing;

pub use meter::{file_name, BossTtk, Gap, StageMeter, DEAD_AIR_GRACE_STEPS, GAP_S};
use timing::StepTimes;

use crate::sim::bots::autoplay::Bot;
use crate::sim::model::input::Input;
use crate::sim::replay::{Replay, StagePlayback};
use crate::sim::Skill;
use crate::sim::{Carry, RunStats, World, WorldConfig};

/// Steps run when no frame count is given and the stage never ends: ten minutes.
pub const DEFAULT_MAX_FRAMES: u64 = 60 * 60 * 10;

#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Most steps to run, over every stage; the run also stops when the last stage is cleared
    /// or the game is over.
    pub frames: u64,
    /// Who flies when no replay does: the built-in pilot of this skill, or (`None`) nobody,
    /// a ship that holds no control at all.
    pub autoplay: Option<Skill>,
    /// Inputs to play back instead of the bot's or idle ones: stage `i` of the replay plays on
    /// the `i`-th level given to [`run`], with its recorded start and loop.
    pub replay: Option<Replay>,
    /// Record every step's inputs.
    pub record: bool,
}

/// Timings of a run's steps, in microseconds.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Percentiles {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
    /// Which step of the run took `max`, counting from 1 over the whole run (the run's
    /// `stages[i].frames` say which stage that falls in); 0 when there were no steps.
    pub max_frame: u64,
}

impl Percentiles {
    /// Median, 99th percentile and maximum of `samples` (nanoseconds, one per step in the order
    /// played), in microseconds. Sorts `samples`.
    pub fn from_ns(samples: &mut [u64]) -> Self {
        // The first of equal maxima: where a spike first showed.
        let Some((at_max, _)) = samples.iter().enumerate().rev().max_by_key(|&(_, ns)| *ns) else {
            return Self::default();
        };
        let max_frame = at_max as u64 + 1;
        samples.sort_unstable();
        let at = |q: f64| quantile(samples, q).unwrap_or(0) as f64 / 1000.0;
        Self {
            p50: at(0.5),
            p99: at(0.99),
            max: at(1.0),
            max_frame,
        }
    }
}

/// The largest of `samples` (nanoseconds, one per step in the order played) leaving out each
/// stage's first step, which builds the stage's world and may warm it up; `stage_starts` are
/// the indices of those first steps, in order. In microseconds, with the run's step number.
fn steady_max(samples: &[u64], stage_starts: &[usize]) -> SteadyMax {
    let mut starts = stage_starts.iter().peekable();
    let mut best = SteadyMax::default();
    for (i, &ns) in samples.iter().enumerate() {
        if starts.next_if(|&&s| s == i).is_some() {
            continue;
        }
        let us = ns as f64 / 1000.0;
        if us > best.max {
            best = SteadyMax {
                max: us,
                max_frame: i as u64 + 1,
            };
        }
    }
    best
}

/// The slowest step that was not a stage's first (see [`Summary::steady_step_us`]).
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct SteadyMax {
    pub max: f64,
    /// Which step of the run it was, counting from 1; 0 when there was none.
    pub max_frame: u64,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Kills {
    pub air: u32,
    pub ground: u32,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Items {
    pub power: u32,
    pub bomb: u32,
    pub coin: u32,
}

/// How one stage of the run ended.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct StageResult {
    pub level: String,
    pub stage: String,
    pub loop_index: u32,
    /// Steps played on this stage.
    pub frames: u64,
    pub cleared: bool,
    pub game_over: bool,
    /// Every player's score added up at the stage's end (what was carried in included).
    pub score: u64,
    /// The most enemy bullets alive at once on this stage.
    pub max_enemy_bullets: usize,
    /// Enemy bullets fired on this stage.
    pub enemy_bullets_fired: u64,
    /// The longest stretch on this stage with no enemy on screen, seconds (see [`StageMeter`]).
    pub dead_air_s: f64,
    /// Where on the stage's timeline that stretch began, seconds.
    pub dead_air_at_s: f64,
    /// Every stretch of at least [`GAP_S`] seconds with no enemy on screen: where an author
    /// fills the timeline.
    pub gaps: Vec<Gap>,
    /// Seconds from the mid-boss's arrival to its fall; `null` when the stage has none, or it
    /// was outwaited.
    pub mid_boss_ttk_s: Option<f64>,
    pub state_hash: String,
}

/// Steps after each stage's first that took over a millisecond of wall time, and what
/// interrupted them: on a busy machine the operating system runs something else in the middle
/// of a step, which is not the step's own cost.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct SlowSteps {
    /// Steady steps over 1 ms of wall time.
    pub over_1ms: u64,
    /// Of those, the ones during which the thread was preempted.
    pub preempted: u64,
    /// Of those, the ones that took a major page fault.
    pub page_faults: u64,
    /// Of those, the ones with neither: a hitch of the game's own.
    pub unexplained: u64,
}

/// Adds one stage's figures to the run's: counts add up, maxima stay maxima.
fn add_stats(total: &mut RunStats, s: &RunStats) {
    total.deaths += s.deaths;
    total.bombs_used += s.bombs_used;
    total.melee_strikes += s.melee_strikes;
    total.power_downs += s.power_downs;
    total.kills_air += s.kills_air;
    total.kills_ground += s.kills_ground;
    total.items_power += s.items_power;
    total.items_bomb += s.items_bomb;
    total.items_coin += s.items_coin;
    total.bosses_defeated += s.bosses_defeated;
    total.boss_parts_destroyed += s.boss_parts_destroyed;
    total.max_live_boxes = total.max_live_boxes.max(s.max_live_boxes);
    total.max_enemy_bullets = total.max_enemy_bullets.max(s.max_enemy_bullets);
    total.enemy_bullets_fired += s.enemy_bullets_fired;
    total.continues += s.continues;
}

/// What `skysweep sim` prints. The top-level figures are the whole run's: counts summed over
/// its stages, `level`, `stage`, `cleared`, `game_over` and `state_hash` the last stage's.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Summary {
    pub frames: u64,
    pub seed: u64,
    pub level: String,
    pub stage: String,
    pub characters: Vec<String>,
    pub difficulty: String,
    pub cleared: bool,
    pub game_over: bool,
    pub score: u64,
    pub deaths: u32,
    pub bombs_used: u32,
    /// Charges released up close as melee strikes.
    pub melee_strikes: u32,
    pub power_downs: u32,
    pub continues: u32,
    pub kills: Kills,
    pub items: Items,
    pub bosses_defeated: u32,
    pub boss_parts_destroyed: u32,
    pub max_live_boxes: usize,
    pub max_enemy_bullets: usize,
    /// Enemy bullets fired over the run: with `frames`, the run's bullets a minute.
    pub enemy_bullets_fired: u64,
    pub collide_us: Percentiles,
    /// Wall time of a whole step (update and collide). Its maximum includes any time the
    /// operating system ran something else instead (on a busy machine, a whole scheduler tick
    /// of 4 ms or more), which `step_cpu_us` leaves out.
    pub step_us: Percentiles,
    /// The slowest step after each stage's first (that first step may warm the stage up; no
    /// later one should), wall time like `step_us`, and which step of the run it was.
    pub steady_step_us: SteadyMax,
    /// The same for the step's CPU time (see `step_cpu_us`): the step's own cost, which a
    /// busy machine does not inflate.
    pub steady_step_cpu_us: SteadyMax,
    /// How many steady steps took over 1 ms of wall time, and why.
    pub slow_steps: SlowSteps,
    /// CPU time this thread spent in a step: the step's own cost, however busy the machine.
    /// All zeros where the system has no per-thread CPU clock.
    pub step_cpu_us: Percentiles,
    pub state_hash: String,
    /// Where a replay stopped playing as recorded (see
    /// [`Desync`](super::replay::Desync)); `null` when it did not, or nothing was replayed.
    pub desync: Option<String>,
    /// Each played stage's boss, in order: seconds from its spawn to its defeat (`null` when
    /// it did not fall in the run).
    pub ttk_s: Vec<BossTtk>,
    /// Each played stage's mid-boss, likewise (`null` when it was outwaited).
    pub mid_boss_ttk_s: Vec<BossTtk>,
    /// The longest stretch with no enemy on screen in any stage, leaving out each stage's
    /// first 3 seconds and its stage-clear tally, seconds.
    pub dead_air_s: f64,
    /// Each stage played, in order.
    pub stages: Vec<StageResult>,
}

/// Runs `levels` headless as fast as it can, one after another as each is cleared, the players
/// carrying their standing from one stage into the next as in the window. `config` starts the
/// first stage; later ones start at 0 s on the same loop (or, replaying, as recorded). A replay
/// stops after its last recorded stage, however many levels follow; with fewer levels than
/// recorded stages it plays the levels there are, and with none it returns an empty summary.
pub fn run(
    levels: &[Arc<Level>],
    config: WorldConfig,
    opts: RunOptions,
) -> (Summary, Option<Replay>) {
    let players = config.characters.len().clamp(1, 2);
    let mut bots: Vec<Option<Bot>> = (0..players)
        .map(|i| {
            opts.autoplay
                .map(|skill| Bot::for_run(skill, config.seed, i))
        })
        .collect();
    run_driven(levels, config, opts, |world, i| match &mut bots[i] {
        Some(bot) => bot.decide(world, i),
        None => Input::default(),
    })
}

/// [`run`] with each player's input of each step decided by `decide(world, player)`, called
/// in player order before the step; `opts.autoplay` is not consulted, and a replay in `opts`
/// still decides every input itself.
pub fn run_driven(
    levels: &[Arc<Level>],
    config: WorldConfig,
    opts: RunOptions,
    mut decide: impl FnMut(&World, usize) -> Input,
) -> (Summary, Option<Replay>) {
    let players = config.characters.len().clamp(1, 2);
    let stage_count = match &opts.replay {
        Some(r) => r.stages.len().min(levels.len()),
        None => levels.len(),
    };
    let mut recording: Option<Replay> = None;
    let mut run = Gathered::default();
    let mut times = StepTimes::new(opts.frames);
    let mut carry: Vec<Carry> = Vec::new();
    let mut last: Option<World> = None;
    for (index, level) in levels.iter().take(stage_count).enumerate() {
        // The same configuration the window builds for stage `index` (see `Session::world_config`).
        let recorded = opts.replay.as_ref().and_then(|r| r.stages.get(index));
        let (start_at, loop_index) = match recorded {
            Some(s) => (s.start_at, s.loop_index),
            None if index == 0 => (config.start_at, config.loop_index),
            None => (0.0, config.loop_index),
        };
        let stage_config = WorldConfig {
            start_at,
            loop_index,
            carry: std::mem::take(&mut carry),
            ..config.clone()
        };
        if opts.record {
            match recording.as_mut() {
                None => recording = Some(Replay::for_run(level, &stage_config)),
                Some(r) => r.begin_stage(level, &stage_config),
            }
        }
        times.begin_stage();
        let mut world = World::new(level.clone(), stage_config);
        let mut meter = StageMeter::new(level);
        let mut playback = opts
            .replay
            .as_ref()
            .and_then(|r| StagePlayback::new(r, index));
        let stage_start = run.frames;
        while run.frames < opts.frames && !world.cleared() && !world.game_over() {
            let inputs: Vec<Input> = match playback.as_mut() {
                Some(p) => match p.next_inputs() {
                    Some(i) => i,
                    None => break,
                },
                None => (0..players).map(|i| decide(&world, i)).collect(),
            };
            times.step(&mut world, &inputs);
            run.frames += 1;
            meter.observe(&world);
            if let Some(r) = recording.as_mut() {
                r.record_step(&inputs, &world);
            }
            if let Some(Err(d)) = playback.as_mut().map(|p| p.after_step(&world)) {
                run.desync = Some(d.to_string());
                break;
            }
        }
        // A replay played to the end of its stage: did the stage end as recorded?
        if let (None, Some(Err(d))) = (&run.desync, playback.as_ref().map(|p| p.check_end(&world)))
        {
            if run.frames < opts.frames {
                run.desync = Some(d.to_string());
            }
        }
        run.end_stage(level, loop_index, run.frames - stage_start, &world, &meter);
        let go_on = world.cleared() && run.frames < opts.frames && run.desync.is_none();
        carry = world.players().iter().map(Carry::of).collect();
        last = Some(world);
        if !go_on {
            break;
        }
    }
    let summary = match last {
        Some(world) => run.summary(&world, &config, times),
        None => Summary {
            seed: config.seed,
            difficulty: config.difficulty.name().to_string(),
            ..Summary::default()
        },
    };
    (summary, recording)
}

/// What a run gathers, stage by stage, for its [`Summary`].
#[derive(Default)]
struct Gathered {
    /// Steps played in all.
    frames: u64,
    /// The stages' figures added up (see [`add_stats`]).
    totals: RunStats,
    stages: Vec<StageResult>,
    ttk: Vec<BossTtk>,
    mid_ttk: Vec<BossTtk>,
    /// Where a replay stopped playing as recorded.
    desync: Option<String>,
}

impl Gathered {
    /// Adds how a stage of `level` on loop `loop_index` ended: `world` as it stands after its
    /// `frames` steps, measured by `meter`.
    fn end_stage(
        &mut self,
        level: &Level,
        loop_index: u32,
        frames: u64,
        world: &World,
        meter: &StageMeter,
    ) {
        add_stats(&mut self.totals, world.stats());
        self.stages.push(StageResult {
            level: level.source.clone(),
            stage: level.name.clone(),
            loop_index,
            frames,
            cleared: world.cleared(),
            game_over: world.game_over(),
            score: world.score(),
            max_enemy_bullets: world.stats().max_enemy_bullets,
            enemy_bullets_fired: world.stats().enemy_bullets_fired,
            dead_air_s: meter.dead_air_s(),
            dead_air_at_s: meter.dead_air_at_s(),
            gaps: meter.gaps(),
            mid_boss_ttk_s: meter.mid_boss_ttk().and_then(|t| t.ttk_s),
            state_hash: format!("{:016x}", world.state_hash()),
        });
        self.ttk.extend(meter.boss_ttk());
        self.mid_ttk.extend(meter.mid_boss_ttk());
    }

    /// The run's summary: `world` is its last stage as it ended, `times` its steps' timings.
    fn summary(self, world: &World, config: &WorldConfig, mut times: StepTimes) -> Summary {
        let s = &self.totals;
        Summary {
            frames: self.frames,
            seed: config.seed,
            level: world.level().source.clone(),
            stage: world.level().name.clone(),
            characters: world
                .players()
                .iter()
                .map(|p| p.character.name().to_string())
                .collect(),
            difficulty: config.difficulty.name().to_string(),
            cleared: world.cleared(),
            game_over: world.game_over(),
            score: world.score(),
            deaths: s.deaths,
            bombs_used: s.bombs_used,
            melee_strikes: s.melee_strikes,
            power_downs: s.power_downs,
            continues: s.continues,
            kills: Kills {
                air: s.kills_air,
                ground: s.kills_ground,
            },
            items: Items {
                power: s.items_power,
                bomb: s.items_bomb,
                coin: s.items_coin,
            },
            bosses_defeated: s.bosses_defeated,
            boss_parts_destroyed: s.boss_parts_destroyed,
            max_live_boxes: s.max_live_boxes,
            max_enemy_bullets: s.max_enemy_bullets,
            enemy_bullets_fired: s.enemy_bullets_fired,
            collide_us: Percentiles::from_ns(&mut times.collide_ns),
            steady_step_us: steady_max(&times.step_ns, &times.stage_starts),
            steady_step_cpu_us: steady_max(&times.step_cpu_ns, &times.stage_starts),
            slow_steps: times.slow,
            step_us: Percentiles::from_ns(&mut times.step_ns),
            step_cpu_us: Percentiles::from_ns(&mut times.step_cpu_ns),
            state_hash: format!("{:016x}", world.state_hash()),
            desync: self.desync,
            ttk_s: self.ttk,
            mid_boss_ttk_s: self.mid_ttk,
            dead_air_s: self.stages.iter().map(|s| s.dead_air_s).fold(0.0, f64::max),
            stages: self.stages,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{steady_max, Percentiles, SteadyMax};

    #[test]
    fn the_maximum_says_which_step_it_was() {
        let p = Percentiles::from_ns(&mut [2_000, 9_000, 1_000, 9_000]);
        assert_eq!((p.max, p.max_frame), (9.0, 2));
        assert_eq!(Percentiles::from_ns(&mut []), Percentiles::default());
        assert_eq!(Percentiles::from_ns(&mut [5_000]).max_frame, 1);
    }

    #[test]
    fn the_steady_maximum_leaves_out_each_stages_first_step() {
        // Two stages, starting at steps 0 and 3: their first steps are the slowest.
        let steps = [50_000, 1_000, 3_000, 40_000, 2_000];
        assert_eq!(
            steady_max(&steps, &[0, 3]),
            SteadyMax {
                max: 3.0,
                max_frame: 3
            }
        );
        assert_eq!(steady_max(&steps, &[0]).max_frame, 4);
        assert_eq!(steady_max(&[7_000], &[0]), SteadyMax::default());
    }
}
