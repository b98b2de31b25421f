//! The one place that says which files in a folder are stages of the game: `stageN.ron`,
//! in the order of `N`. The window's campaign, `sim --all`, `balance` and `soak` all list
//! the shipped stages through [`stage_files`], so they always play the same ones.

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

/// Every `stageN.ron` in `dir`, sorted by `N` (so `stage10` follows `stage9`).
pub fn stage_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
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
}
