//! Reading files a stranger may have shared (levels, saves, replays) without trusting them.

use std::fmt;
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
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotAFile => write!(f, "not a file"),
            ReadError::TooBig { len, limit } => {
                write!(f, "file is {len} bytes; the limit is {limit} bytes")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads the whole of the regular file at `path`, if it holds at most `limit` bytes.
///
/// Contract:
/// - Refuses anything that is not a regular file (after following symbolic links) with
///   [`ReadError::NotAFile`], before opening it: a FIFO, a terminal or `/dev/zero` is never
///   opened, so the call never blocks waiting for a writer and never reads an endless stream.
/// - Refuses a file whose size is over `limit` from its metadata, without reading it.
/// - Reads at most `limit + 1` bytes, so a file that grows after its size was checked costs no
///   more than that; if more than `limit` arrive the result is [`ReadError::TooBig`].
/// - Returns the bytes as they are: decoding (UTF-8, RON) is the caller's.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > limit {
        return Err(ReadError::TooBig {
            len: meta.len(),
            limit,
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig {
            len: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[cfg(target_os = "linux")]
    #[test]
    fn refuses_fifos_and_endless_devices_without_opening_them() {
        let dir = tempfile::tempdir().unwrap();
        // Opening a FIFO for reading waits for a writer; this test would hang if it were opened.
        let fifo = dir.path().join("fifo.ron");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        // /dev/zero reports a length of 0 and never ends; reached here through a link.
        let zero = dir.path().join("zero.ron");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        for p in [fifo, zero] {
            assert!(
                matches!(read_bounded(&p, 100), Err(ReadError::NotAFile)),
                "{}",
                p.display()
            );
        }
    }
}
