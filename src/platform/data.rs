//! Where the game's files are: the shipped `levels/` and `assets/` it reads, and the folders
//! it writes settings, scores and replays to.

use std::path::{Path, PathBuf};

/// Environment variable naming a folder for every file the game writes.
pub const DATA_DIR_ENV: &str = "SKYSWEEP_DATA_DIR";

/// Where the game keeps its files of `kind` ("config" or "data").
pub fn folder(kind: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let dirs = directories::ProjectDirs::from("org", "SkySweep", "SkySweep")?;
    Some(if kind == "config" {
        dirs.config_dir().to_path_buf()
    } else {
        dirs.data_dir().to_path_buf()
    })
}

/// Where the game's own copy of `rel` may be, in the order searched: beside the binary and
/// up to two folders up (for `cargo run`, whose binary is in `target/<profile>/`), then the
/// source tree it was built from.
fn shipped_candidates(rel: &str) -> impl Iterator<Item = PathBuf> + '_ {
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
        .into_iter()
        .flat_map(|dir| [dir.clone(), dir.join(".."), dir.join("../..")]);
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    beside_exe.chain([built]).map(move |up| up.join(rel))
}

/// Finds the game's own shipped `rel` (such as `levels`), never a folder of that name in the
/// current folder: the first of [`shipped_candidates`] that is a folder, else wherever
/// [`find_data`] finds it.
pub fn find_game_data(rel: &str) -> PathBuf {
    shipped_candidates(rel)
        .find(|p| p.is_dir())
        .unwrap_or_else(|| find_data(rel))
}

/// Where the game keeps the player's replays; `None` when there is no data folder.
pub fn replays_folder() -> Option<PathBuf> {
    folder("data").map(|d| d.join("replays"))
}

/// Finds a shipped file whether the game runs from the repository root or elsewhere
/// (`cargo run` from a subfolder, or the binary moved next to its `levels/` and `assets/`):
/// `rel` itself when it exists here, else the first of [`shipped_candidates`] that exists,
/// else `rel`.
pub fn find_data(rel: &str) -> PathBuf {
    let here = PathBuf::from(rel);
    if here.exists() {
        return here;
    }
    shipped_candidates(rel).find(|p| p.exists()).unwrap_or(here)
}
