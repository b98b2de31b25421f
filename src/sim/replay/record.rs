//! Recording: building a [`Replay`] while the game plays, one step's inputs at a time,
//! a new [`StageRecord`] each time the run goes on to another stage.

use super::level_hash::played_hash;
use super::schema::{Replay, StageRecord, CHECKPOINT_STEPS, REPLAY_VERSION};
use crate::level::Difficulty;
use crate::level::Level;
use crate::sim::model::character::Character;
use crate::sim::model::input::Input;
use crate::sim::{World, WorldConfig};

impl StageRecord {
    /// An empty record of `level` started `start_at` seconds in, on loop `loop_index`.
    fn new(
        level: &str,
        name: &str,
        level_hash: u64,
        start_at: f32,
        loop_index: u32,
        players: usize,
    ) -> Self {
        StageRecord {
            level: level.to_string(),
            name: name.to_string(),
            level_hash: format!("{level_hash:016x}"),
            start_at,
            loop_index,
            score: 0,
            inputs: vec![Vec::new(); players],
            checkpoints: Vec::new(),
        }
    }
}

/// Seconds since 1970 UTC now; 0 when the clock is before then.
fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Replay {
    /// An empty one-stage recording of version 3, under this build's rules, dated now and
    /// unnamed. `level_hash` is the stage's [`level_hash`](super::level_hash::level_hash).
    pub fn new(
        level: &str,
        level_hash: u64,
        seed: u64,
        characters: Vec<Character>,
        difficulty: Difficulty,
        start_at: f32,
        invincible: bool,
    ) -> Self {
        let players = characters.len();
        Self {
            version: REPLAY_VERSION,
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            rules: super::rules::fingerprint().to_string(),
            name: String::new(),
            date: now_unix(),
            seed,
            characters,
            difficulty,
            invincible,
            start_power: 1,
            arcade: Default::default(),
            stages: vec![StageRecord::new(
                level, "", level_hash, start_at, 0, players,
            )],
        }
    }

    /// An empty recording of a run whose first stage is `level`, set up as `config`.
    pub fn for_run(level: &Level, config: &WorldConfig) -> Self {
        let mut r = Self::new(
            &level.source,
            played_hash(level, config.difficulty, config.loop_index),
            config.seed,
            config.characters.clone(),
            config.difficulty,
            config.start_at,
            config.invincible,
        );
        r.start_power = config.start_power;
        r.arcade = config.arcade;
        r.stages[0].loop_index = config.loop_index;
        r.stages[0].name = level.name.clone();
        r
    }

    /// Goes on recording the same run on its next stage, `level` set up as `config`; the
    /// inputs recorded from now on belong to it. Only the per-stage parts of `config` (start
    /// and loop) are kept: the rest is the run's, and the carry comes from the stage before.
    pub fn begin_stage(&mut self, level: &Level, config: &WorldConfig) {
        self.stages.push(StageRecord::new(
            &level.source,
            &level.name,
            played_hash(level, self.difficulty, config.loop_index),
            config.start_at,
            config.loop_index,
            self.characters.len(),
        ));
    }

    /// Appends one step's inputs, one per player, and what the step left: `world` is the
    /// stage's world just after it stepped with `inputs`. Keeps the stage's score and
    /// checkpoints: one every [`CHECKPOINT_STEPS`] steps, and one at the latest step (replaced
    /// by the next), so however the recording ends, at a stage's end or saved midway, its last
    /// step is checked too.
    pub fn record_step(&mut self, inputs: &[Input], world: &World) {
        self.record(inputs);
        let Some(stage) = self.stages.last_mut() else {
            return;
        };
        let step = u32::try_from(stage.len()).unwrap_or(u32::MAX);
        stage.score = world.score();
        let checkpoint = (step, format!("{:016x}", world.state_hash()));
        match stage.checkpoints.last_mut() {
            // The latest step's checkpoint, between two regular ones: moved on.
            Some(last) if last.0 % CHECKPOINT_STEPS != 0 => *last = checkpoint,
            _ => stage.checkpoints.push(checkpoint),
        }
    }

    /// Appends one step's inputs, one per player, to the stage being recorded, with no
    /// checkpoint: [`Replay::record_step`] is what a game records with.
    pub fn record(&mut self, inputs: &[Input]) {
        let Some(stage) = self.stages.last_mut() else {
            return;
        };
        for (i, track) in stage.inputs.iter_mut().enumerate() {
            let bits = inputs.get(i).copied().unwrap_or_default().to_bits();
            match track.last_mut() {
                Some((b, n)) if *b == bits && *n < u32::MAX => *n += 1,
                _ => track.push((bits, 1)),
            }
        }
    }
}
