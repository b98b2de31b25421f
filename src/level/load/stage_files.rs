//! The one place that says which files in a folder are stages of the game: `stageN.ron`,
//! in the order of `N`, but for the Extra stage ([`EXTRA_STAGE`]). The window's campaign,
//! `sim --all`, `balance` and `soak` all list the shipped stages through [`stage_files`], so
//! they always play the same ones; the Extra stage is found by [`extra_stage`].

use std::path::{Path, PathBuf};

/// The number of a shipped stage file, `N` of `stageN.ron`; `None` for any other name.
pub fn stage_number(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let digits = name.strip_prefix("stage")?.strip_suffix(".ron")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The Extra stage's file name. It is a `stageN.ron` like the others (it is checked, practised
/// and replayed as they are), but it is offered alone once the game has been cleared and is
/// never part of the campaign: [`stage_files`] leaves it out.
pub const EXTRA_STAGE: &str = "stage7.ron";

/// Whether `path` names the Extra stage (by its file name, in any folder).
pub fn is_extra_stage(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == EXTRA_STAGE)
}

/// The Extra stage in `dir`, if that folder has one.
pub fn extra_stage(dir: &Path) -> Option<PathBuf> {
    let path = dir.join(EXTRA_STAGE);
    path.is_file().then_some(path)
}

/// Every `stageN.ron` in `dir` but the Extra stage, sorted by `N` (so `stage10` follows
/// `stage9`): the campaign.
pub fn stage_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !is_extra_stage(p))
        .filter_map(|p| stage_number(&p).map(|n| (n, p)))
        .collect();
    found.sort();
    if found.is_empty() {
        return Err(format!("no stageN.ron files in {}", dir.display()));
    }
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_files_are_numbered_and_sorted_by_number() {
        assert_eq!(stage_number(Path::new("levels/stage12.ron")), Some(12));
        for other in [
            "common.ron",
            "stage.ron",
            "stage2b.ron",
            "stage3.ron.bak",
            "my_stage1.ron",
        ] {
            assert_eq!(stage_number(Path::new(other)), None, "{other}");
        }
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "stage10.ron",
            "stage2.ron",
            "common.ron",
            "stage1.ron",
            "notes.txt",
        ] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let names: Vec<String> = stage_files(dir.path())
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["stage1.ron", "stage2.ron", "stage10.ron"]);
        let empty = tempfile::tempdir().unwrap();
        assert!(stage_files(empty.path())
            .unwrap_err()
            .contains("no stageN.ron"));
    }

    /// Issue #31: the Extra stage is a `stageN.ron` in the shipped folder, yet the campaign
    /// (and so `sim --all`, `balance` and `soak`) leaves it out; it is found on its own.
    #[test]
    fn the_extra_stage_is_found_alone_and_never_joins_the_campaign() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["stage1.ron", "stage2.ron", EXTRA_STAGE, "stage8.ron"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let campaign = stage_files(dir.path()).unwrap();
        assert!(!campaign.iter().any(|p| is_extra_stage(p)), "{campaign:?}");
        assert_eq!(campaign.len(), 3);
        assert_eq!(extra_stage(dir.path()), Some(dir.path().join(EXTRA_STAGE)));
        assert!(is_extra_stage(Path::new("elsewhere/stage7.ron")));
        assert!(!is_extra_stage(Path::new("levels/stage6.ron")));
        let none = tempfile::tempdir().unwrap();
        assert_eq!(extra_stage(none.path()), None);

        // The shipped folder: six campaign stages, and the Extra stage beside them.
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let names: Vec<String> = stage_files(&shipped)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "stage1.ron",
                "stage2.ron",
                "stage3.ron",
                "stage4.ron",
                "stage5.ron",
                "stage6.ron"
            ]
        );
        assert!(extra_stage(&shipped).is_some());
    }
}
