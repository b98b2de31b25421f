//! What the game ships: its stage files and the assets a level is checked against, found
//! once and shared by every run the game prepares.

use std::path::PathBuf;

use crate::level::{self, Catalog, Level, LevelError};
use crate::platform::data::find_data;
use crate::sim::model::campaign;

use super::RunError;

/// The stage played when a command names none.
pub const DEFAULT_LEVEL: &str = "levels/stage1.ron";

/// The shipped levels folder and the asset catalog, read once.
#[derive(Clone, Debug)]
pub struct Shipped {
    levels: PathBuf,
    catalog: Catalog,
}

impl Shipped {
    /// The game's own `levels/` and `assets/`, wherever the game finds its data.
    pub fn find() -> Shipped {
        Shipped {
            levels: find_data("levels"),
            catalog: Catalog::load(&find_data("assets")),
        }
    }

    /// The assets levels are checked against.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// The game's levels folder.
    pub fn levels_dir(&self) -> &std::path::Path {
        &self.levels
    }

    /// The stage played when none is named: [`DEFAULT_LEVEL`].
    pub fn default_level(&self) -> PathBuf {
        find_data(DEFAULT_LEVEL)
    }

    /// Every shipped stage, `levels/stageN.ron`, by number: the one list the window's
    /// campaign, `sim --all`, `balance` and `soak` all play (see [`level::stage_files`]). The
    /// Extra stage is not among them: see [`Shipped::extra_stage`].
    pub fn stages(&self) -> Result<Vec<PathBuf>, RunError> {
        level::stage_files(&self.levels).map_err(RunError::NoStages)
    }

    /// The shipped Extra stage (`levels/stage7.ron`); `None` when the folder has none.
    pub fn extra_stage(&self) -> Option<PathBuf> {
        level::extra_stage(&self.levels)
    }

    /// The whole game's stages in the order a run with `seed` plays them (see
    /// [`campaign::stage_order`]).
    pub fn campaign(&self, seed: u64) -> Result<Vec<PathBuf>, RunError> {
        let shipped = self.stages()?;
        Ok(campaign::stage_order(seed, shipped.len())
            .into_iter()
            .map(|i| shipped[i].clone())
            .collect())
    }

    /// Loads the stage at `path`, its names checked against the shipped assets.
    pub fn load(&self, path: &std::path::Path) -> Result<Level, LevelError> {
        level::load_stage(path, &self.catalog)
    }
}
