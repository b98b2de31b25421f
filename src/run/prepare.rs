//! A plan made ready to play: its stages found, the first loaded (and a replay's every stage,
//! checked against the recording), and the world's configuration built.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::level::Level;
use crate::platform::data::find_data;
use crate::sim::replay::Replay;
use crate::sim::{Character, Skill, WorldConfig};

use super::{RunError, RunKind, RunPlan, Shipped, Stages, Start};

/// A run ready to play.
#[derive(Debug)]
pub struct PreparedRun {
    pub kind: RunKind,
    /// The stages in the order they play: the campaign's in its seed's order, the one stage
    /// given, or the stages a replay recorded. Never empty.
    pub stages: Vec<PathBuf>,
    /// The first stage, loaded: the one the start was looked up in.
    pub level: Arc<Level>,
    /// How the first stage starts.
    pub config: WorldConfig,
    pub replay: Option<Replay>,
    /// With a replay, every recorded stage loaded and checked against it, in order (the
    /// first is `level`); empty otherwise.
    pub replay_levels: Vec<Arc<Level>>,
    /// The built-in pilot flies every player, at this skill.
    pub bot: Option<Skill>,
    /// The stages are the whole game's ([`Stages::Campaign`]): its last ends in the ending.
    pub campaign: bool,
}

impl PreparedRun {
    /// Where the first stage is.
    pub fn level_path(&self) -> &Path {
        &self.stages[0]
    }

    /// Every stage of the run loaded, in order: the first as prepared, a replay's as checked,
    /// the others read now.
    pub fn load_all(&self, shipped: &Shipped) -> Result<Vec<Arc<Level>>, RunError> {
        if !self.replay_levels.is_empty() {
            return Ok(self.replay_levels.clone());
        }
        let mut levels = vec![self.level.clone()];
        for path in &self.stages[1..] {
            levels.push(Arc::new(shipped.load(path)?));
        }
        Ok(levels)
    }
}

/// Makes `plan` ready to play: finds and loads its stages and builds the first stage's world
/// configuration. Nothing plays until this has succeeded, so every problem (a stage that will
/// not load, a replay recorded on another version, a start off the stage) is found first.
pub fn prepare(plan: &RunPlan, shipped: &Shipped) -> Result<PreparedRun, RunError> {
    if plan.pilots.len() > 2 {
        return Err(RunError::TooManyPilots(plan.pilots.clone()));
    }
    let stages = match &plan.stages {
        Stages::Replay { file, level } => return prepare_replay(file, level.as_deref(), shipped),
        Stages::Campaign => shipped.campaign(plan.seed)?,
        Stages::One(path) => vec![path.clone()],
    };
    let level = Arc::new(shipped.load(&stages[0])?);
    let (start_at, start_phase) = match &plan.start {
        Start::Beginning => (0.0, None),
        Start::At(at) => (start_of(at, &level, &stages[0])?, None),
        Start::Phase { enemy, name } => {
            let found = super::attack::find(&level, enemy.as_deref(), name);
            let attack = found.ok_or_else(|| RunError::NotAPhase {
                name: name.clone(),
                level: stages[0].clone(),
                names: super::attack::attacks(&level)
                    .iter()
                    .map(|a| a.name.to_string())
                    .collect(),
            })?;
            (attack.at, Some(attack.start))
        }
    };
    let config = WorldConfig {
        seed: plan.seed,
        characters: if plan.pilots.is_empty() {
            vec![Character::Vela]
        } else {
            plan.pilots.clone()
        },
        difficulty: plan.difficulty,
        invincible: plan.invincible,
        start_at,
        start_power: plan.start_power,
        loop_index: plan.loop_index,
        arcade: plan.arcade,
        start_phase,
        ..WorldConfig::default()
    };
    Ok(PreparedRun {
        kind: plan.kind,
        stages,
        level,
        config,
        replay: None,
        replay_levels: Vec::new(),
        bot: plan.bot,
        campaign: plan.stages == Stages::Campaign,
    })
}

/// A replay's run: it sets the seed, pilots, difficulty, invincibility, start, power, loop and
/// arcade rules itself. Every recorded stage is loaded and checked now, before anything plays:
/// a later stage that changed would otherwise only be found after watching the ones before it.
fn prepare_replay(
    file: &Path,
    given: Option<&Path>,
    shipped: &Shipped,
) -> Result<PreparedRun, RunError> {
    let replay = Replay::load(file)?;
    let name = file.display().to_string();
    let first = &replay.stages[0];
    let level_path = given.map_or_else(|| find_data(&first.level), Path::to_path_buf);
    let level = Arc::new(shipped.load(&level_path)?);
    // The stage may be given elsewhere on disk, so only the file name is compared, and only
    // once the content differs: naming the other stage's hash as the "changed" version of the
    // recorded one would send the user looking in the wrong file.
    if let Some(given) = given {
        let recorded_name = Path::new(&first.level).file_name();
        if !replay.stage_matches(0, &level) && recorded_name != given.file_name() {
            return Err(RunError::OtherStage {
                replay: name,
                recorded: first.level.clone(),
                given: given.to_path_buf(),
            });
        }
    }
    let mut stages = vec![level_path];
    let mut replay_levels = vec![level.clone()];
    for (i, stage) in replay.stages.iter().enumerate().skip(1) {
        let path = find_data(&stage.level);
        let loaded = shipped.load(&path).map_err(|error| RunError::ReplayStage {
            replay: name.clone(),
            number: i + 1,
            error,
        })?;
        stages.push(path);
        replay_levels.push(Arc::new(loaded));
    }
    for (i, (path, l)) in stages.iter().zip(&replay_levels).enumerate() {
        replay.check_level(&name, i, l)?;
        replay.check_start(&name, i, &path.display().to_string(), l.length_s)?;
    }
    Ok(PreparedRun {
        kind: RunKind::Replay,
        config: replay.stage_config(0, Vec::new()),
        stages,
        level,
        replay: Some(replay),
        replay_levels,
        bot: None,
        campaign: false,
    })
}

/// The stage time `at` names: a marker of `level`, or seconds from 0 to the stage's length.
/// A number outside that range, negative or past the end, gets one message that gives the
/// range.
fn start_of(at: &str, level: &Level, level_path: &Path) -> Result<f32, RunError> {
    let off_stage = || RunError::StartOffStage {
        at: at.to_string(),
        length_s: level.length_s,
    };
    if let Some(t) = level.resolve_at(at) {
        return if t > level.length_s {
            Err(off_stage())
        } else {
            Ok(t)
        };
    }
    let seconds = at.trim().trim_end_matches('s').parse::<f32>();
    if seconds.is_ok_and(|t| t.is_finite()) {
        return Err(off_stage());
    }
    Err(RunError::NotAStart {
        at: at.to_string(),
        level: level_path.to_path_buf(),
        markers: level.markers.keys().cloned().collect(),
    })
}
