//! Reading files a stranger may have shared (levels, saves, replays) without trusting them.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Why [`read_bounded`] returned no bytes.
#[derive(Debug)]
pub enum ReadError {
    /// The path could not be inspected, opened or read.
    Io(std::io::Error),
    /// The path names something other than a regular file: a directory, FIFO, socket or device
    /// (also through a symbolic link).
    NotAFile,
    /// The file holds more than `limit` bytes; `len` is the size seen, at least `limit + 1`.
    TooBig { len: u64, limit: u64 },
    /// [`read_text`] only: the bytes are not UTF-8 text.
    NotText,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotAFile => write!(f, "not a file"),
            ReadError::TooBig { len, limit } => {
                write!(f, "file is {len} bytes; the limit is {limit} bytes")
            }
            ReadError::NotText => write!(f, "not UTF-8 text"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the whole of the regular file at `path`, if it holds at most `limit` bytes.
///
/// Contract:
/// - Never blocks: on Linux the file is opened with `O_NONBLOCK`, so opening a FIFO that has
///   no writer returns at once, and a FIFO or device is then refused (below) without a read.
/// - Refuses anything that is not a regular file with [`ReadError::NotAFile`]: a directory,
///   FIFO, socket, terminal or `/dev/zero`, also through a symbolic link. The check is made on
///   the handle that was opened (`fstat`), not on the path, so a file swapped for a FIFO
///   between a check and the open cannot get past it.
/// - Refuses a file whose size is over `limit` from that handle's metadata, without reading it.
/// - Reads at most `limit + 1` bytes, so a file that grows after its size was checked costs no
///   more than that; if more than `limit` arrive the result is [`ReadError::TooBig`].
/// - Returns the bytes as they are: decoding (UTF-8, RON) is the caller's.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_nonblocking(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > limit {
        return Err(ReadError::TooBig {
            len: meta.len(),
            limit,
        });
    }
    // Sized from the metadata, which is never over `limit` here.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig {
            len: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// [`read_bounded`], then the bytes as UTF-8 text ([`ReadError::NotText`] if they are not).
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    String::from_utf8(read_bounded(path, limit)?).map_err(|_| ReadError::NotText)
}

/// Largest asset manifest read (`atlas.ron`, `font.ron`), bytes.
pub const MAX_MANIFEST_BYTES: u64 = 1024 * 1024;

/// Largest sound or image file read, bytes: the longest music loop is about 3 MB.
pub const MAX_MEDIA_BYTES: u64 = 64 * 1024 * 1024;

/// Opens `path` for reading without waiting: a FIFO with no writer would otherwise block the
/// open itself. Regular files ignore the flag, so their reads behave as usual.
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    #[cfg(target_os = "linux")]
    let flags = libc::O_NONBLOCK;
    // Every Unix the game builds on other than Linux: the usual BSD and macOS value.
    #[cfg(not(target_os = "linux"))]
    let flags = 0x0004;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
}

/// Elsewhere opening never waits on a pipe's writer, and the handle's check still applies.
#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::testkit::files::{hostile, within};

    #[test]
    fn reads_a_file_up_to_the_limit_and_refuses_one_byte_more() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.ron");
        std::fs::write(&p, b"12345").unwrap();
        assert_eq!(read_bounded(&p, 5).unwrap(), b"12345");
        match read_bounded(&p, 4) {
            Err(ReadError::TooBig { len, limit }) => assert_eq!((len, limit), (5, 4)),
            other => panic!("expected TooBig, got {other:?}"),
        }
    }

    #[test]
    fn refuses_directories_and_missing_files() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            read_bounded(dir.path(), 100),
            Err(ReadError::NotAFile)
        ));
        assert!(matches!(
            read_bounded(&dir.path().join("absent"), 100),
            Err(ReadError::Io(_))
        ));
    }

    #[test]
    fn refuses_fifos_endless_devices_and_folders_also_through_links() {
        let dir = tempfile::tempdir().unwrap();
        for (what, p) in hostile(dir.path(), "f.ron") {
            let got = within(Duration::from_secs(5), move || read_bounded(&p, 100));
            assert!(matches!(got, Err(ReadError::NotAFile)), "{what}: {got:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_regular_file_is_read_as_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("good.ron"), b"(n: 1)").unwrap();
        std::os::unix::fs::symlink(d.join("good.ron"), d.join("link.ron")).unwrap();
        assert_eq!(read_bounded(&d.join("link.ron"), 100).unwrap(), b"(n: 1)");
    }

    /// A FIFO someone writes into is still refused: it is never read, however much waits in it.
    #[cfg(unix)]
    #[test]
    fn refuses_a_fifo_with_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fed.ron");
        crate::testkit::files::mkfifo(&fifo);
        // Opening the write end waits for a reader: keep one open meanwhile.
        let reader = open_nonblocking(&fifo).unwrap();
        let mut writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
        std::io::Write::write_all(&mut writer, b"(n: 1)").unwrap();
        let got = within(Duration::from_secs(5), move || read_bounded(&fifo, 100));
        assert!(matches!(got, Err(ReadError::NotAFile)), "{got:?}");
        drop((reader, writer));
    }

    /// Files whose length says 0 but that hold more (as /proc's do) are read no further than
    /// one byte past the limit.
    #[cfg(target_os = "linux")]
    #[test]
    fn reads_at_most_one_byte_past_the_limit() {
        let p = Path::new("/proc/self/maps");
        assert_eq!(std::fs::metadata(p).unwrap().len(), 0, "the length lies");
        match read_bounded(p, 10) {
            Err(ReadError::TooBig { len, limit }) => assert_eq!((len, limit), (11, 10)),
            other => panic!("expected TooBig, got {other:?}"),
        }
    }
}
