//! Playback: a stage's inputs step by step, its checkpoints compared as it plays, and the
//! checks that refuse to play a replay on stage files that changed since it was recorded.

use super::error::ReplayError;
use super::level_hash::played_hash;
use super::schema::{Replay, StageRecord, REPLAY_VERSION};
use crate::level::Level;
use crate::sim::model::clock::STEP_HZ;
use crate::sim::model::input::Input;
use crate::sim::{Carry, World, WorldConfig};

impl StageRecord {
    /// Every step's inputs on this stage, in order: [`StageRecord::len`] steps, each with one
    /// input per track.
    pub fn steps(&self) -> impl Iterator<Item = Vec<Input>> + '_ {
        let mut cursors: Vec<(usize, u32)> = vec![(0, 0); self.inputs.len()];
        (0..self.len()).map(move |_| {
            cursors
                .iter_mut()
                .zip(&self.inputs)
                .map(|((run, used), track)| {
                    let (bits, n) = track.get(*run).copied().unwrap_or((0, u32::MAX));
                    *used += 1;
                    if *used >= n {
                        *run += 1;
                        *used = 0;
                    }
                    Input::from_bits(bits)
                })
                .collect()
        })
    }
}

/// Where a replay stopped playing the same: the first checkpoint whose state hash differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desync {
    /// The stage, from 0, and how many the replay holds.
    pub stage: usize,
    pub stages: usize,
    /// The stage file, as recorded.
    pub level: String,
    /// Steps into the stage where it showed (from 1).
    pub step: u32,
    /// What differed, in words: the state hashes recorded and played to, or a stage that
    /// ended before or after its recording did.
    pub detail: String,
}

impl Desync {
    /// Seconds of play into the stage at the checkpoint.
    pub fn time_s(&self) -> f64 {
        f64::from(self.step) / f64::from(STEP_HZ)
    }

    /// The time into the stage as `m:ss`.
    pub fn time_text(&self) -> String {
        let s = self.step / STEP_HZ;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

impl std::fmt::Display for Desync {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "stage {} of {} ({}), {}, step {}: {}",
            self.stage + 1,
            self.stages,
            self.level,
            self.time_text(),
            self.step,
            self.detail
        )
    }
}

/// One stage of a replay being played: its inputs in order, and its checkpoints compared
/// after each step. The caller owns the [`World`]: each step it takes [`next_inputs`], steps
/// the world with them, and hands the world to [`after_step`], which stops the replay at the
/// first checkpoint that differs.
///
/// [`next_inputs`]: StagePlayback::next_inputs
/// [`after_step`]: StagePlayback::after_step
pub struct StagePlayback<'a> {
    stage: usize,
    stages: usize,
    record: &'a StageRecord,
    inputs: Box<dyn Iterator<Item = Vec<Input>> + 'a>,
    /// Steps played so far.
    played: u32,
    /// The next checkpoint to compare, an index into the record's.
    next_checkpoint: usize,
}

impl<'a> StagePlayback<'a> {
    /// Stage `stage` (from 0) of `replay`; `None` past its last stage.
    pub fn new(replay: &'a Replay, stage: usize) -> Option<Self> {
        let record = replay.stages.get(stage)?;
        Some(StagePlayback {
            stage,
            stages: replay.stages.len(),
            record,
            inputs: Box::new(record.steps()),
            played: 0,
            next_checkpoint: 0,
        })
    }

    /// The next step's inputs, one per player; `None` once the stage's recording is used up.
    pub fn next_inputs(&mut self) -> Option<Vec<Input>> {
        let next = self.inputs.next()?;
        self.played = self.played.saturating_add(1);
        Some(next)
    }

    /// Compares `world`, just stepped with the latest [`StagePlayback::next_inputs`], with the
    /// checkpoint recorded at that step, if there is one. `Err` at the first that differs:
    /// the replay no longer plays as recorded and should stop there.
    pub fn after_step(&mut self, world: &World) -> Result<(), Desync> {
        let Some((step, recorded)) = self.record.checkpoints.get(self.next_checkpoint) else {
            return Ok(());
        };
        if *step != self.played {
            return Ok(());
        }
        self.next_checkpoint += 1;
        let played = format!("{:016x}", world.state_hash());
        if played == *recorded {
            return Ok(());
        }
        Err(self.desync(
            *step,
            format!("the recorded state hash is {recorded}, playing gave {played}"),
        ))
    }

    /// Checks how the stage ended against its recording, once `world` stopped (cleared or
    /// lost) or the recording was used up. A stage that ends while recorded steps remain, or
    /// that the recording left uncleared though the run went on to another stage, did not
    /// play as recorded.
    pub fn check_end(&self, world: &World) -> Result<(), Desync> {
        let (played, recorded) = self.progress();
        let ended = world.cleared() || world.game_over();
        if ended && (played as usize) < recorded {
            let how = if world.cleared() { "cleared" } else { "lost" };
            return Err(self.desync(
                played,
                format!("the stage was {how} here, but its recording goes on to step {recorded}"),
            ));
        }
        if !world.cleared() && self.stage + 1 < self.stages {
            return Err(self.desync(
                played,
                "the recording ends here and the run went on to the next stage, but the stage was not cleared".into(),
            ));
        }
        Ok(())
    }

    fn desync(&self, step: u32, detail: String) -> Desync {
        Desync {
            stage: self.stage,
            stages: self.stages,
            level: self.record.level.clone(),
            step,
            detail,
        }
    }

    /// Steps played on this stage so far, and how many it recorded.
    pub fn progress(&self) -> (u32, usize) {
        (self.played, self.record.len())
    }

    /// Checkpoints compared so far (and matched, while no desync was reported).
    pub fn checked(&self) -> usize {
        self.next_checkpoint
    }
}

impl Replay {
    /// Whether stage `stage` (from 0) was recorded on `level` as it loads now: its level hash
    /// (version 3) or, for an older replay, its text's content hash, is the same. A stage the
    /// replay does not hold does not match.
    pub fn stage_matches(&self, stage: usize, level: &Level) -> bool {
        self.stages
            .get(stage)
            .is_some_and(|s| s.level_hash == format!("{:016x}", self.hash_of(s, level)))
    }

    /// The hash of `level` of the kind this replay records: version 3 hashes the level as
    /// loaded, versions 1 and 2 the files' text (they recorded nothing else, so a stage file
    /// whose text changed in any way, a comment included, no longer plays them). Version 3
    /// hashes the level as stage `s` played it: picked for the run's difficulty and loop.
    fn hash_of(&self, s: &StageRecord, level: &Level) -> u64 {
        if self.version >= REPLAY_VERSION {
            played_hash(level, self.difficulty, s.loop_index)
        } else {
            level.content_hash
        }
    }

    /// Checks stage `stage` (from 0) was recorded on `level` (see
    /// [`Replay::stage_matches`]). A stage the replay does not hold passes: playback ends
    /// before it.
    pub fn check_level(&self, file: &str, stage: usize, level: &Level) -> Result<(), ReplayError> {
        let Some(s) = self.stages.get(stage) else {
            return Ok(());
        };
        let now = self.hash_of(s, level);
        if format!("{now:016x}") != s.level_hash {
            return Err(ReplayError::LevelChanged {
                file: file.to_string(),
                stage,
                stages: self.stages.len(),
                level: s.level.clone(),
                kind: if self.version >= REPLAY_VERSION {
                    "level hash"
                } else {
                    "content hash"
                },
                // Checked on loading to be 16 hex digits; 0 only for a hand-built replay.
                recorded: u64::from_str_radix(&s.level_hash, 16).unwrap_or(0),
                now,
            });
        }
        Ok(())
    }

    /// Checks stage `stage` starts within its level, `length_s` seconds long (`level` names it).
    /// A stage the replay does not hold passes.
    pub fn check_start(
        &self,
        file: &str,
        stage: usize,
        level: &str,
        length_s: f32,
    ) -> Result<(), ReplayError> {
        let Some(s) = self.stages.get(stage) else {
            return Ok(());
        };
        if s.start_at > length_s {
            return Err(ReplayError::StartPastEnd {
                file: file.to_string(),
                stage,
                stages: self.stages.len(),
                start_at: s.start_at,
                level: level.to_string(),
                length_s,
            });
        }
        Ok(())
    }

    /// How stage `stage` (from 0) is set up to play back, the players bringing `carry` from
    /// the stage before (empty for the first): the run's seed, pilots, difficulty,
    /// invincibility and power, the stage's recorded start and loop. This is what the game
    /// built when it recorded the stage.
    pub fn stage_config(&self, stage: usize, carry: Vec<Carry>) -> WorldConfig {
        let (start_at, loop_index) = self
            .stages
            .get(stage)
            .map_or((0.0, 0), |s| (s.start_at, s.loop_index));
        WorldConfig {
            seed: self.seed,
            characters: self.characters.clone(),
            difficulty: self.difficulty,
            invincible: self.invincible,
            start_at,
            start_power: self.start_power,
            loop_index,
            carry,
            arcade: self.arcade,
            // A replay records no phase start: a run started at one offers no replay.
            start_phase: None,
        }
    }
}
