//! The rule that keeps every path a level file names inside its folder: a stage's `uses`
//! entries (inside the stage's folder, see `load`) and its images (inside `assets/`, see
//! `link`). A path that passes is relative and made only of ordinary names.

use std::path::{Component, Path};

use super::limits;

/// Relative, made only of ordinary names (no `..`, `.`, root or drive), with no backslash or
/// colon so it means the same on every system.
pub(super) fn is_plain_relative(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= limits::MAX_PATH_LEN
        && !path.contains(['\\', ':', '\0'])
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

/// True when `path` is a relative path that stays inside `assets/` (no `..`, not absolute).
pub fn is_confined_asset(path: &str) -> bool {
    is_plain_relative(path)
}
