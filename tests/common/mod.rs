//! Helpers shared by the integration tests: each test file that needs them says `mod common;`.
//! Not every file uses every helper.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use skysweep::level::{Level, LevelError, LevelWatcher};

/// A fresh, empty folder of this test process's own under the system's temporary folder:
/// `skysweep-KIND-NAME-PID`.
pub fn tempdir(kind: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skysweep-{kind}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Polls like a game loop would, once a frame, until something arrives or `within` passes.
pub fn poll_until(w: &mut LevelWatcher, within: Duration) -> Option<Result<Level, LevelError>> {
    let start = Instant::now();
    while start.elapsed() < within {
        if let Some(r) = w.poll() {
            return Some(r);
        }
        std::thread::sleep(Duration::from_millis(16));
    }
    None
}

/// The first ```` ```ron ```` block after `heading` in a Markdown `text`.
pub fn ron_block_after<'a>(text: &'a str, heading: &str) -> Option<&'a str> {
    text.split(heading)
        .nth(1)
        .and_then(|s| s.split("```ron\n").nth(1))
        .and_then(|s| s.split("```").next())
}

/// A stage in `root/levels/` whose `uses` names `link`: a symbolic link beside the stage to
/// `root/target`, a definitions file outside the stage's folder. Returns the stage's path and
/// the canonical path the link leads to.
#[cfg(unix)]
pub fn stage_using_link_out(root: &Path, link: &str, target: &str) -> (PathBuf, PathBuf) {
    let inside = root.join("levels");
    std::fs::create_dir_all(&inside).unwrap();
    std::fs::write(root.join(target), "Defs()").unwrap();
    std::os::unix::fs::symlink(root.join(target), inside.join(link)).unwrap();
    let stage = inside.join("stage.ron");
    let text = format!("Stage(name: \"s\", uses: [\"{link}\"], length_s: 60)");
    std::fs::write(&stage, text).unwrap();
    (stage, root.join(target).canonicalize().unwrap())
}
