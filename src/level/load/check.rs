//! `skysweep check`: validating stage and definitions files on their own.

use std::path::Path;

use crate::level::assets::Catalog;
use crate::level::load::{link_defs_only, load_stage_linted, parse, read_source};
use crate::level::schema::DefsFile;
use crate::level::text::diag::LevelError;

/// What a checked file turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// A stage, with its name, how many timeline events it has, and what `check` warns about
    /// (it loads all the same).
    Stage {
        name: String,
        events: usize,
        warnings: Vec<crate::level::text::diag::Diagnostic>,
    },
    /// A definitions file, with how many patterns and enemy types it defines.
    Defs { patterns: usize, enemies: usize },
}

/// The first identifier in RON text, skipping comments: `Stage` or `Defs` for our files.
fn top_level_name(text: &str) -> Option<&str> {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/").map_or("", |(_, after)| after);
        } else if let Some(r) = rest.strip_prefix("#![") {
            rest = r.split_once(']').map_or("", |(_, after)| after);
        } else {
            break;
        }
    }
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Checks one file: a stage (with everything it uses) or a definitions file, and every
/// asset it names against `catalog`.
pub fn check_file(path: &Path, catalog: &Catalog) -> Result<Checked, LevelError> {
    let src = read_source(path)?;
    match top_level_name(&src.text) {
        Some("Defs") => {
            let defs: DefsFile = parse(&src)?;
            link_defs_only(&src, &defs, catalog)?;
            Ok(Checked::Defs {
                patterns: defs.patterns.len(),
                enemies: defs.enemies.len(),
            })
        }
        _ => {
            let (level, warnings) = load_stage_linted(path, catalog)?;
            Ok(Checked::Stage {
                name: level.name,
                events: level.timeline.len(),
                warnings,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_top_level_name_past_comments() {
        assert_eq!(
            top_level_name("// hi\n/* x */ Stage(name: \"a\")"),
            Some("Stage")
        );
        assert_eq!(top_level_name("  Defs(\n)"), Some("Defs"));
        assert_eq!(top_level_name("(name: 1)"), None);
    }
}
