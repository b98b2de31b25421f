//! Running a stage headless and summarising it as one JSON object.
//!
//! The runner times each step with the system clock for the `*_us` figures; those timings are
//! reported only and never feed back into the game.

use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use crate::level::Level;

use super::autoplay::Bot;
use super::input::Input;
use super::replay::Replay;
use super::world::{World, WorldConfig};

/// Steps run when no frame count is given and the stage never ends: ten minutes.
pub const DEFAULT_MAX_FRAMES: u64 = 60 * 60 * 10;

#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Most steps to run; the run also stops when the stage is cleared or the game is over.
    pub frames: u64,
    pub autoplay: bool,
    /// Inputs to play back instead of the bot's or idle ones.
    pub replay: Option<Replay>,
    /// Record every step's inputs.
    pub record: bool,
}

#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Percentiles {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    /// Median, 99th percentile and maximum of `samples` (nanoseconds), in microseconds.
    pub fn from_ns(samples: &mut [u64]) -> Self {
        if samples.is_empty() {
            return Self::default();
        }
        samples.sort_unstable();
        let at =
            |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
        Self {
            p50: at(0.5),
            p99: at(0.99),
            max: at(1.0),
        }
    }
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

/// What `skysweep sim` prints.
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
    pub power_downs: u32,
    pub continues: u32,
    pub kills: Kills,
    pub items: Items,
    pub bosses_defeated: u32,
    pub boss_parts_destroyed: u32,
    pub max_live_boxes: usize,
    pub max_enemy_bullets: usize,
    pub collide_us: Percentiles,
    pub step_us: Percentiles,
    pub state_hash: String,
}

/// Runs `level` headless as fast as it can.
pub fn run(level: Arc<Level>, config: WorldConfig, opts: RunOptions) -> (Summary, Option<Replay>) {
    let players = config.characters.len().clamp(1, 2);
    let mut recording = opts.record.then(|| Replay::for_run(&level, &config));
    let mut world = World::new(level.clone(), config.clone());
    let mut bots = vec![Bot::new(); players];
    let mut replay_steps = opts.replay.as_ref().map(|r| r.steps());
    let mut step_ns = Vec::with_capacity(opts.frames.min(1 << 20) as usize);
    let mut collide_ns = Vec::with_capacity(step_ns.capacity());
    let mut frames = 0;
    while frames < opts.frames && !world.cleared() && !world.game_over() {
        let inputs: Vec<Input> = match replay_steps.as_mut() {
            Some(steps) => match steps.next() {
                Some(i) => i,
                None => break,
            },
            None if opts.autoplay => (0..players).map(|i| bots[i].decide(&world, i)).collect(),
            None => vec![Input::default(); players],
        };
        if let Some(r) = recording.as_mut() {
            r.record(&inputs);
        }
        let t0 = Instant::now();
        world.update(&inputs);
        let t1 = Instant::now();
        world.collide();
        let t2 = Instant::now();
        step_ns.push((t2 - t0).as_nanos() as u64);
        collide_ns.push((t2 - t1).as_nanos() as u64);
        frames += 1;
    }
    let s = &world.stats;
    let summary = Summary {
        frames,
        seed: config.seed,
        level: level.source.clone(),
        stage: level.name.clone(),
        characters: world
            .players
            .iter()
            .map(|p| p.character.name().to_string())
            .collect(),
        difficulty: config.difficulty.name().to_string(),
        cleared: world.cleared(),
        game_over: world.game_over(),
        score: world.score(),
        deaths: s.deaths,
        bombs_used: s.bombs_used,
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
        collide_us: Percentiles::from_ns(&mut collide_ns),
        step_us: Percentiles::from_ns(&mut step_ns),
        state_hash: format!("{:016x}", world.state_hash()),
    };
    (summary, recording)
}
