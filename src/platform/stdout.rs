//! Standard output for `sim` and `check`, whose output is often piped. `println!` panics when
//! the reader has gone (`skysweep sim | head -c 10`); here a closed stdout ends the command
//! quietly, and any other failure to write is one line on stderr.

use std::io::Write;

/// Writes `text` to stdout and flushes it. When stdout's reader has gone (a broken pipe) the
/// process exits at once with status 0 and says nothing: the reader asked for no more. Any
/// other write error (a full disk) is reported on stderr and the process exits with status 1.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("skysweep: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// [`print`] with `println!`'s arguments.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::platform::stdout::print(&format!("{}\n", format_args!($($arg)*)))
    };
}
