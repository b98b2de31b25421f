//! Writing files safely: through a temporary file and a rename, so a crash or a full disk never
//! leaves a half-written file where a good one was; and checking a path can be written before a
//! long run finds out it cannot.

use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a
/// crash or a full disk never leaves a half-written file where a good one was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = parent_dir(path);
    create_dirs(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The folder `path` is written in (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Creates `dir` and its parents. Where one of them is a file, says which, rather than the
/// operating system's bare "File exists" or "Not a directory".
fn create_dirs(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| {
        match dir
            .ancestors()
            .find(|a| !a.as_os_str().is_empty() && a.exists())
        {
            Some(a) if !a.is_dir() => std::io::Error::new(
                e.kind(),
                format!("{} is a file, so it cannot hold a folder", a.display()),
            ),
            _ => e,
        }
    })
}

/// Checks that `path` can be written (its folder made if need be) without writing it: for
/// options such as `--record` and `--screenshot`, so a bad path is refused before the window
/// opens rather than found out when the run ends. Leaves no file behind.
pub fn check_writable(path: &Path) -> std::io::Result<()> {
    if path.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a folder",
        ));
    }
    let dir = parent_dir(path);
    create_dirs(dir)?;
    let probe = dir.join(format!(".skysweep-probe-{}", std::process::id()));
    std::fs::File::create(&probe)?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}
