//! Turning command-line options into a level and a world configuration, for play and `sim`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use skysweep::level::{self, Level};
use skysweep::sim::replay::Replay;
use skysweep::sim::{Character, WorldConfig};

use crate::cli::RunArgs;

/// The stage played when none is named.
pub const DEFAULT_LEVEL: &str = "levels/stage1.ron";

/// Finds a shipped file whether the game runs from the repository root or elsewhere
/// (`cargo run` from a subfolder, or the binary moved next to its `levels/` and `assets/`).
pub fn find_data(rel: &str) -> PathBuf {
    let here = PathBuf::from(rel);
    if here.exists() {
        return here;
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        for up in [dir.clone(), dir.join(".."), dir.join("../..")] {
            let p = up.join(rel);
            if p.exists() {
                return p;
            }
        }
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    if built.exists() {
        built
    } else {
        here
    }
}

/// A run as the command line describes it.
pub struct RunSetup {
    pub level_path: PathBuf,
    pub level: Arc<Level>,
    pub config: WorldConfig,
    pub replay: Option<Replay>,
}

/// Loads the level (and replay) and builds the configuration; the error is ready to print.
pub fn prepare(args: &RunArgs) -> Result<RunSetup, String> {
    let replay = match &args.replay {
        Some(p) => Some(Replay::load(p).map_err(|e| e.to_string())?),
        None => None,
    };
    let level_path = match (&args.level, &replay) {
        (Some(p), _) => p.clone(),
        (None, Some(r)) => find_data(&r.level),
        (None, None) => find_data(DEFAULT_LEVEL),
    };
    let level = Arc::new(level::load_stage(&level_path).map_err(|e| e.to_string())?);
    let start_at = match &args.at {
        None => replay.as_ref().map_or(0.0, |r| r.start_at),
        Some(at) => level.resolve_at(at).ok_or_else(|| {
            let markers: Vec<&str> = level.markers.keys().map(String::as_str).collect();
            format!(
                "--at {at}: not a number of seconds nor a marker of {} (markers: {})",
                level_path.display(),
                if markers.is_empty() {
                    "none".to_string()
                } else {
                    markers.join(", ")
                }
            )
        })?,
    };
    if start_at > level.length_s {
        return Err(format!(
            "--at {start_at}: the stage is only {} seconds long",
            level.length_s
        ));
    }
    let mut config = WorldConfig {
        seed: args.seed.unwrap_or(1),
        characters: if args.characters.is_empty() {
            vec![Character::Vela]
        } else {
            args.characters.iter().copied().take(2).collect()
        },
        difficulty: args.difficulty.unwrap_or_default(),
        invincible: args.invincible,
        start_at,
        start_power: args.power.unwrap_or(1),
        ..WorldConfig::default()
    };
    if let Some(r) = &replay {
        r.check_level(
            &args
                .replay
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default(),
            level.content_hash,
        )
        .map_err(|e| e.to_string())?;
        config.seed = r.seed;
        config.characters = r.characters.clone();
        config.difficulty = r.difficulty;
        config.invincible = r.invincible;
        config.start_at = r.start_at;
        config.start_power = r.start_power;
    }
    Ok(RunSetup {
        level_path,
        level,
        config,
        replay,
    })
}
