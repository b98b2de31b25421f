//! Playback: a stage's inputs step by step, and the checks that refuse to play a replay on
//! stage files that changed since it was recorded.

use super::error::ReplayError;
use super::schema::{Replay, StageRecord};
use crate::sim::input::Input;

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

impl Replay {
    /// Checks stage `stage` (from 0) was recorded on this exact level content. A stage the
    /// replay does not hold passes: playback ends before it.
    pub fn check_level(
        &self,
        file: &str,
        stage: usize,
        content_hash: u64,
    ) -> Result<(), ReplayError> {
        let now = format!("{content_hash:016x}");
        let Some(s) = self.stages.get(stage) else {
            return Ok(());
        };
        if now != s.content_hash {
            return Err(ReplayError::LevelChanged {
                file: file.to_string(),
                stage,
                stages: self.stages.len(),
                level: s.level.clone(),
                recorded: s.content_hash.clone(),
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
}
