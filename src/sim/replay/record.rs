//! Recording: building a [`Replay`] while the game plays, one step's inputs at a time,
//! a new [`StageRecord`] each time the run goes on to another stage.

use super::schema::{Replay, StageRecord, REPLAY_VERSION};
use crate::level::Level;
use crate::sim::character::{Character, Difficulty};
use crate::sim::input::Input;
use crate::sim::WorldConfig;

impl StageRecord {
    /// An empty record of `level` started `start_at` seconds in, on loop `loop_index`.
    fn new(level: &str, content_hash: u64, start_at: f32, loop_index: u32, players: usize) -> Self {
        StageRecord {
            level: level.to_string(),
            content_hash: format!("{content_hash:016x}"),
            start_at,
            loop_index,
            inputs: vec![Vec::new(); players],
        }
    }
}

impl Replay {
    /// An empty one-stage recording.
    pub fn new(
        level: &str,
        content_hash: u64,
        seed: u64,
        characters: Vec<Character>,
        difficulty: Difficulty,
        start_at: f32,
        invincible: bool,
    ) -> Self {
        let players = characters.len();
        Self {
            version: REPLAY_VERSION,
            seed,
            characters,
            difficulty,
            invincible,
            start_power: 1,
            stages: vec![StageRecord::new(level, content_hash, start_at, 0, players)],
        }
    }

    /// An empty recording of a run whose first stage is `level`, set up as `config`.
    pub fn for_run(level: &Level, config: &WorldConfig) -> Self {
        let mut r = Self::new(
            &level.source,
            level.content_hash,
            config.seed,
            config.characters.clone(),
            config.difficulty,
            config.start_at,
            config.invincible,
        );
        r.start_power = config.start_power;
        r.stages[0].loop_index = config.loop_index;
        r
    }

    /// Goes on recording the same run on its next stage, `level` set up as `config`; the
    /// inputs recorded from now on belong to it. Only the per-stage parts of `config` (start
    /// and loop) are kept: the rest is the run's, and the carry comes from the stage before.
    pub fn begin_stage(&mut self, level: &Level, config: &WorldConfig) {
        self.stages.push(StageRecord::new(
            &level.source,
            level.content_hash,
            config.start_at,
            config.loop_index,
            self.characters.len(),
        ));
    }

    /// Appends one step's inputs, one per player, to the stage being recorded.
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
