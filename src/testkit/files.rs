//! Hostile stand-ins for the files SkySweep reads, shared by the tests of every loader (the
//! library's and the binary's): each loader must refuse them at once, never block on them and
//! never read them without end. Not part of the game; public only so both crates' tests can
//! use it.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// Puts, in `dir`, each kind of thing that is not a regular file under a name built from
/// `name` (`config.ron` gives `fifo-config.ron`, `zero-config.ron`...), and returns them as
/// (what it is, path): a FIFO with no writer, a link to `/dev/zero` (its length reads as 0 and
/// it never ends), a folder, and a link to the FIFO. On systems without FIFOs or `/dev/zero`,
/// only the folder.
pub fn hostile(dir: &Path, name: &str) -> Vec<(&'static str, PathBuf)> {
    let at = |kind: &str| dir.join(format!("{kind}-{name}"));
    let folder = at("folder");
    std::fs::create_dir(&folder).expect("a folder in the test's own directory");
    #[allow(unused_mut)]
    let mut made = vec![("a folder", folder)];
    #[cfg(unix)]
    {
        let fifo = at("fifo");
        mkfifo(&fifo);
        let zero = at("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link to /dev/zero");
        let link = at("link");
        std::os::unix::fs::symlink(&fifo, &link).expect("a link to the FIFO");
        made.extend([
            ("a FIFO", fifo),
            ("a link to /dev/zero", zero),
            ("a link to a FIFO", link),
        ]);
    }
    made
}

/// Makes a FIFO at `path`.
#[cfg(unix)]
pub fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs `f` on its own thread and panics if it has not returned within `limit`, so a call that
/// blocks fails its test instead of hanging the whole run.
pub fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("still running after {limit:?}: it blocked or read forever"))
}

/// What `load` gives for each of [`hostile`]'s stand-ins for `name` in `dir`, as (what it is,
/// path, result), each called [`within`] five seconds.
pub fn load_each_hostile<T: Send + 'static>(
    dir: &Path,
    name: &str,
    load: fn(&Path) -> T,
) -> Vec<(&'static str, PathBuf, T)> {
    hostile(dir, name)
        .into_iter()
        .map(|(what, path)| {
            let p = path.clone();
            let got = within(Duration::from_secs(5), move || load(&p));
            (what, path, got)
        })
        .collect()
}

/// Asserts that each of [`hostile`]'s stand-ins for `T`'s file, made in `dir`, loads at once
/// as a fresh `T` with a warning that says it is not a file.
pub fn assert_hostile_loads_fresh<T>(dir: &Path)
where
    T: crate::save::store::SaveFile + PartialEq + std::fmt::Debug + Send + 'static,
{
    for (what, _, (value, warning)) in load_each_hostile(dir, T::FILE, T::load_from) {
        assert_eq!(value, T::default(), "{what}");
        let w = warning.unwrap_or_else(|| panic!("{what}: no warning"));
        assert!(w.contains("not a file"), "{what}: {w}");
    }
}

/// Writes the damaged `text` to `path`, loads it with `load`, and asserts that the player's
/// file starts afresh (as `T::default()`) with a warning; that warning.
#[track_caller]
pub fn load_damaged<T>(path: &Path, text: &str, load: fn(&Path) -> (T, Option<String>)) -> String
where
    T: Default + PartialEq + std::fmt::Debug,
{
    std::fs::write(path, text).expect("a file in the test's own directory");
    let (value, warning) = load(path);
    assert_eq!(value, T::default(), "a damaged file starts afresh");
    warning.expect("a damaged file warns")
}

/// The names of the files in `dir`, sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a folder to list")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}
