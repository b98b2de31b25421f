//! Playing a replay headless at full speed, checking every checkpoint: what `skysweep
//! verify` and the soak run, and what starts a replay in the window from a later stage.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use super::error::ReplayError;
use super::playback::{Desync, StagePlayback};
use super::schema::{Replay, REPLAY_VERSION};
use crate::level::{Catalog, Level};
use crate::sim::{Carry, World};

/// Finds the stage a replay recorded, by the `level` it wrote.
pub trait StageSource {
    /// The level `level` (a stage's recorded path) names, loaded; `Err` says why not, in words.
    fn stage(&mut self, level: &str) -> Result<Arc<Level>, String>;
}

/// Stage files on disk: a recorded path is looked up as it stands (relative to the working
/// folder, or absolute), then under `root` (the game's data folder, where `levels/` lies).
/// Each file is loaded once.
pub struct StageFiles {
    root: PathBuf,
    catalog: Catalog,
    loaded: HashMap<String, Result<Arc<Level>, String>>,
}

impl StageFiles {
    /// Stages found from `root`, their asset names checked against `catalog`.
    pub fn new(root: &Path, catalog: Catalog) -> Self {
        StageFiles {
            root: root.to_path_buf(),
            catalog,
            loaded: HashMap::new(),
        }
    }
}

impl StageSource for StageFiles {
    fn stage(&mut self, level: &str) -> Result<Arc<Level>, String> {
        if let Some(done) = self.loaded.get(level) {
            return done.clone();
        }
        let given = Path::new(level);
        let path = if given.exists() {
            given.to_path_buf()
        } else {
            self.root.join(given)
        };
        let loaded = if path.exists() {
            crate::level::load_stage(&path, &self.catalog)
                .map(Arc::new)
                // The first line: the rest quotes the file, which a menu has no room for.
                .map_err(|e| e.to_string().lines().next().unwrap_or_default().to_string())
        } else {
            Err("no such file".to_string())
        };
        self.loaded.insert(level.to_string(), loaded.clone());
        loaded
    }
}

/// Every stage `replay` (read from `file`) recorded, loaded from `stages` and checked against
/// the recording: same level, start within it. The first fault is returned.
pub fn stages_of(
    file: &str,
    replay: &Replay,
    stages: &mut dyn StageSource,
) -> Result<Vec<Arc<Level>>, ReplayError> {
    let mut levels = Vec::with_capacity(replay.stages.len());
    for (i, s) in replay.stages.iter().enumerate() {
        let level = stages
            .stage(&s.level)
            .map_err(|why| ReplayError::StageMissing {
                file: file.to_string(),
                stage: i,
                stages: replay.stages.len(),
                level: s.level.clone(),
                why,
            })?;
        replay.check_level(file, i, &level)?;
        replay.check_start(file, i, &s.level, level.length_s)?;
        levels.push(level);
    }
    Ok(levels)
}

/// How a replay played.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// It played to its end and every checkpoint matched.
    Ok,
    /// It stopped at the first checkpoint (or stage end) that differed.
    Desynced(Desync),
    /// It could not be played at all; the message says why.
    Unplayable(String),
}

/// What playing one replay found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub file: String,
    pub verdict: Verdict,
    /// The file's format version (0 when it could not be read).
    pub version: u32,
    /// Steps played, over every stage.
    pub steps: u64,
    /// Checkpoints compared (all matched but a desync's last).
    pub checkpoints: usize,
    /// Whether the replay was recorded under this build's rules fingerprint (always false
    /// before version 3, which did not record one).
    pub same_rules: bool,
}

impl Report {
    /// One line for people: `FILE: ok ...`, `FILE: desynced (...)` or `FILE: unplayable (...)`.
    pub fn line(&self) -> String {
        match &self.verdict {
            Verdict::Ok if self.version < REPLAY_VERSION => format!(
                "{}: ok ({} steps; version {} holds no checkpoints, so nothing was compared)",
                self.file, self.steps, self.version
            ),
            Verdict::Ok => format!(
                "{}: ok ({} steps, {} checkpoints{})",
                self.file,
                self.steps,
                self.checkpoints,
                if self.same_rules {
                    ""
                } else {
                    "; recorded under other rules"
                }
            ),
            Verdict::Desynced(d) => format!(
                "{}: desynced (stage {}, {}, step {}): {}{}",
                self.file,
                d.stage + 1,
                d.time_text(),
                d.step,
                d.detail,
                if self.same_rules {
                    ""
                } else {
                    "; it was recorded under other rules"
                }
            ),
            Verdict::Unplayable(why) => format!("{}: unplayable ({why})", self.file),
        }
    }

    /// One JSON object: `file`, `result` ("ok", "desynced" or "unplayable"), `version`,
    /// `steps`, `checkpoints`, `same_rules`, and for a desync `stage` (from 1), `time`
    /// (`m:ss`), `time_s`, `step` and `detail`, for an unplayable file `reason`.
    pub fn json(&self) -> serde_json::Value {
        #[derive(Serialize)]
        struct Line<'a> {
            file: &'a str,
            result: &'static str,
            version: u32,
            steps: u64,
            checkpoints: usize,
            same_rules: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            stage: Option<usize>,
            #[serde(skip_serializing_if = "Option::is_none")]
            time: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            time_s: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            step: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            detail: Option<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            reason: Option<&'a str>,
        }
        let mut line = Line {
            file: &self.file,
            result: "ok",
            version: self.version,
            steps: self.steps,
            checkpoints: self.checkpoints,
            same_rules: self.same_rules,
            stage: None,
            time: None,
            time_s: None,
            step: None,
            detail: None,
            reason: None,
        };
        match &self.verdict {
            Verdict::Ok => {}
            Verdict::Desynced(d) => {
                line.result = "desynced";
                line.stage = Some(d.stage + 1);
                line.time = Some(d.time_text());
                line.time_s = Some(d.time_s());
                line.step = Some(d.step);
                line.detail = Some(&d.detail);
            }
            Verdict::Unplayable(why) => {
                line.result = "unplayable";
                line.reason = Some(why);
            }
        }
        serde_json::to_value(line).unwrap_or_default()
    }
}

/// What [`play`] did: steps and checkpoints, and where it stopped if it desynced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    pub steps: u64,
    pub checkpoints: usize,
    pub desync: Option<Desync>,
    /// What the players carry out of the last stage played.
    pub carry: Vec<Carry>,
}

/// Plays stages `0..upto` of `replay` on `levels` (its stages, checked: see [`stages_of`]),
/// each set up as recorded with what the players carried from the one before, comparing every
/// checkpoint and each stage's end. Stops at the first difference, or after `max_steps` steps
/// in all (then the stage under way is not checked for its end).
pub fn play(replay: &Replay, levels: &[Arc<Level>], upto: usize, max_steps: u64) -> Played {
    let mut out = Played::default();
    for (index, level) in levels.iter().enumerate().take(upto) {
        let Some(mut playback) = StagePlayback::new(replay, index) else {
            break;
        };
        let config = replay.stage_config(index, std::mem::take(&mut out.carry));
        let mut world = World::new(level.clone(), config);
        let mut result = Ok(());
        while !world.cleared() && !world.game_over() {
            if out.steps >= max_steps {
                out.checkpoints += playback.checked();
                return out;
            }
            let Some(inputs) = playback.next_inputs() else {
                break;
            };
            world.step(&inputs);
            out.steps += 1;
            result = playback.after_step(&world);
            if result.is_err() {
                break;
            }
        }
        let result = result.and_then(|()| playback.check_end(&world));
        out.checkpoints += playback.checked();
        if let Err(d) = result {
            out.desync = Some(d);
            return out;
        }
        out.carry = world.players().iter().map(Carry::of).collect();
    }
    out
}

/// What the players bring into stage `stage` (from 0) of `replay`: the stages before it played
/// headless, checked as they go. Empty for the first stage. For a window starting a replay
/// from a later stage.
pub fn carry_into(
    replay: &Replay,
    levels: &[Arc<Level>],
    stage: usize,
) -> Result<Vec<Carry>, Desync> {
    let played = play(replay, levels, stage, u64::MAX);
    match played.desync {
        Some(d) => Err(d),
        None => Ok(played.carry),
    }
}

/// Plays the replay at `path` headless to its end and says how it went: never panics, and a
/// file that cannot be read, parsed, or played on the stages `stages` finds is
/// [`Verdict::Unplayable`].
pub fn verify(path: &Path, stages: &mut dyn StageSource) -> Report {
    let file = path.display().to_string();
    let unplayable = |why: String, version: u32| Report {
        file: file.clone(),
        verdict: Verdict::Unplayable(why),
        version,
        steps: 0,
        checkpoints: 0,
        same_rules: false,
    };
    let replay = match Replay::load(path) {
        Ok(r) => r,
        Err(e) => return unplayable(e.to_string(), 0),
    };
    verify_replay(&file, &replay, stages)
        .unwrap_or_else(|e| unplayable(e.to_string(), replay.version))
}

/// [`verify`] for a replay already read from `file`. `Err` when its stages cannot be played.
pub fn verify_replay(
    file: &str,
    replay: &Replay,
    stages: &mut dyn StageSource,
) -> Result<Report, ReplayError> {
    let levels = stages_of(file, replay, stages)?;
    let played = play(replay, &levels, levels.len(), u64::MAX);
    Ok(Report {
        file: file.to_string(),
        version: replay.version,
        steps: played.steps,
        checkpoints: played.checkpoints,
        same_rules: replay.rules == super::rules::fingerprint(),
        verdict: match played.desync {
            Some(d) => Verdict::Desynced(d),
            None => Verdict::Ok,
        },
    })
}
