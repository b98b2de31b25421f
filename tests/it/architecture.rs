//! `ARCHITECTURE.md` cannot drift from the tree: it names every folder of `src/` and every
//! source file over 150 lines, every path it names exists, and it counts the pilots the game
//! has.

use std::path::{Path, PathBuf};

use skysweep::sim::Character;

/// Files this long or shorter may go unnamed: a small file says what it is in its first line.
const NAMED_FROM_LINES: usize = 150;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn architecture() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// Every folder under `dir` and every `.rs` file in it, as paths relative to `src/`.
fn walk(dir: &Path, folders: &mut Vec<PathBuf>, files: &mut Vec<PathBuf>) {
    let src = root().join("src");
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let rel = path.strip_prefix(&src).expect("under src/").to_path_buf();
        if path.is_dir() {
            folders.push(rel);
            walk(&path, folders, files);
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(rel);
        }
    }
}

fn slashed(p: &Path) -> String {
    p.to_string_lossy().replace('\\', "/")
}

#[test]
fn architecture_names_every_folder_and_every_long_file() {
    let doc = architecture();
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    walk(&root().join("src"), &mut folders, &mut files);
    let mut missing = Vec::new();
    for folder in &folders {
        let name = format!("`{}/`", slashed(folder));
        if !doc.contains(&name) {
            missing.push(name);
        }
    }
    for file in &files {
        let text = std::fs::read_to_string(root().join("src").join(file)).unwrap();
        let name = format!("`{}`", slashed(file));
        if text.lines().count() > NAMED_FROM_LINES && !doc.contains(&name) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md does not name these (folders, and files over {NAMED_FROM_LINES} lines): {}",
        missing.join(", ")
    );
}

/// Every path written in backticks (`app/session/`, `sim/world/mod.rs`, `tests/it/main.rs`) is a
/// file or folder of the repository, found under `src/` or from its root.
#[test]
fn every_path_architecture_names_exists() {
    let doc = architecture();
    let stale: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            let pathlike = s.contains('/') || s.ends_with(".rs") || s.ends_with(".md");
            pathlike && !s.contains(' ') && !s.contains("::") && !s.starts_with("--")
        })
        .filter(|s| !root().join("src").join(s).exists() && !root().join(s).exists())
        .collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names what is not there: {stale:?}"
    );
}

#[test]
fn architecture_counts_the_pilots_the_game_has() {
    let doc = architecture();
    let words = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    let count = words[Character::ALL.len()];
    assert!(
        doc.contains(&format!("{count} pilots")),
        "the doc should say {count} pilots"
    );
    for (n, word) in words.iter().enumerate() {
        if n != Character::ALL.len() {
            assert!(
                !doc.contains(&format!("{word} pilots")),
                "the doc says {word} pilots"
            );
        }
    }
}
