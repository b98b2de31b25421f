//! What several test modules share: running the game's binary, temporary folders, waiting
//! for the level watcher, and reading examples out of the docs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use skysweep::level::{Level, LevelError, LevelWatcher};

/// The game's binary, built by cargo for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_skysweep");

/// The game's binary as a command to add arguments and environment to. It runs in the
/// project's root, where `levels/` and `assets/` are, as from a checkout.
pub fn skysweep() -> Command {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Runs the binary with `args` to its end and returns what it printed and its status.
pub fn run(args: &[&str]) -> Output {
    skysweep().args(args).output().expect("the binary runs")
}

/// Asserts that line `i` of a command's output `lines` starts with `start`, showing every
/// line if not.
#[track_caller]
pub fn assert_line_starts<S: AsRef<str> + std::fmt::Debug>(lines: &[S], i: usize, start: &str) {
    let line = lines.get(i).map(AsRef::as_ref);
    let starts = line.is_some_and(|l| l.starts_with(start));
    assert!(starts, "line {i} should start with {start:?}: {lines:#?}");
}

/// `out`'s stdout, after checking that the run succeeded (its stderr is the failure message).
pub fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// A fresh, empty folder under the system's temporary folder, removed when the value is
/// dropped: keep it alive as long as the test uses the folder.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("skysweep-test-")
        .tempdir()
        .expect("a temporary folder")
}

/// A fresh temporary folder (see [`tempdir`]) holding one file, `name`, written with
/// `contents`; returns the folder, to keep alive, and the file's path.
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempdir();
    let path = dir.path().join(name);
    std::fs::write(&path, contents).expect("a file in the temporary folder");
    (dir, path)
}

/// Polls like a game loop would, once a frame, until the watcher hands over a reload: the
/// new level or its errors. A minute without one fails the test; the bound only stops a broken
/// watcher from hanging the run, it is not what the test checks.
pub fn next_reload(w: &mut LevelWatcher) -> Result<Level, LevelError> {
    let start = Instant::now();
    loop {
        if let Some(r) = w.poll() {
            return r;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no reload a minute after the save"
        );
        std::thread::sleep(Duration::from_millis(16));
    }
}

/// The first ```` ```ron ```` block after `heading` in a Markdown `text`.
pub fn ron_block_after<'a>(text: &'a str, heading: &str) -> Option<&'a str> {
    text.split(heading)
        .nth(1)
        .and_then(|s| s.split("```ron\n").nth(1))
        .and_then(|s| s.split("```").next())
}

/// A stage in `levels/` of a fresh temporary folder whose `uses` names `link`: a symbolic link
/// beside the stage to `target`, a definitions file in the temporary folder, outside the stage's
/// folder. Returns the temporary folder (keep it alive), the stage's path and the canonical path
/// the link leads to.
#[cfg(unix)]
pub fn stage_using_link_out(link: &str, target: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempdir();
    let root = tmp.path();
    let inside = root.join("levels");
    std::fs::create_dir_all(&inside).unwrap();
    std::fs::write(root.join(target), "Defs()").unwrap();
    std::os::unix::fs::symlink(root.join(target), inside.join(link)).unwrap();
    let stage = inside.join("stage.ron");
    let text = format!("Stage(name: \"s\", uses: [\"{link}\"], length_s: 60)");
    std::fs::write(&stage, text).unwrap();
    let outside = root.join(target).canonicalize().unwrap();
    (tmp, stage, outside)
}

/// A stage linted against one definitions file, both given as text (`s.ron` and
/// `defs.ron`): the level and its warnings, or the errors as one string.
pub fn load_linted_with(
    defs: &str,
    stage: &str,
) -> Result<(skysweep::level::Level, Vec<skysweep::level::Diagnostic>), String> {
    let src = |name: &str, text: &str| skysweep::level::Source::new(name, text);
    skysweep::level::parse_stage_linted(
        &src("s.ron", stage),
        &[src("defs.ron", defs)],
        &skysweep::level::Catalog::unchecked(),
    )
    .map_err(|e| e.to_string())
}

/// The one JSON object a successful command printed (`sim`, `balance`), after checking it
/// succeeded (its stderr shown if not).
pub fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the command prints one JSON object")
}

/// Every `.rs` file below `dir`, sorted.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}
