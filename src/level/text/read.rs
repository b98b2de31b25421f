//! Reading a level file from disk within [`limits::MAX_FILE_BYTES`], and the errors for a
//! file that is missing, too big, not a file or not UTF-8.

use std::path::Path;

use super::diag::LevelError;
use super::source::{line_col, Source};
use crate::level::limits;
use crate::platform::fileio::{read_bounded, ReadError};

/// The error for a file of `len` bytes, over [`limits::MAX_FILE_BYTES`].
pub(super) fn too_big(name: &str, len: u64) -> LevelError {
    LevelError::single(
        name,
        1,
        1,
        format!(
            "file is {len} bytes; the limit is {} bytes",
            limits::MAX_FILE_BYTES
        ),
    )
}

/// Reads a level file as UTF-8 text, refusing files over [`limits::MAX_FILE_BYTES`] before
/// reading them, and anything that is not a regular file (see [`read_bounded`]).
///
/// Every failure is one diagnostic; one that could not read the file at all starts with
/// "cannot read: ".
pub fn read_source(path: &Path) -> Result<Source, LevelError> {
    let name = path.display().to_string();
    let bytes = read_bounded(path, limits::MAX_FILE_BYTES as u64).map_err(|e| match e {
        ReadError::TooBig { len, .. } => too_big(&name, len),
        ReadError::Io(_) | ReadError::NotAFile | ReadError::NotText => {
            LevelError::single(&name, 1, 1, format!("cannot read: {e}"))
        }
    })?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let lossy = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
        let (line, col) = line_col(&lossy, valid);
        LevelError::single(&name, line, col, "file is not valid UTF-8 text")
    })?;
    // Some editors start a file with a byte-order mark; editors do not show it as a column.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(Source { name, text })
}
