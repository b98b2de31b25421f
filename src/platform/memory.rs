//! How much memory this process holds, for the soak command and `--memory-log`.
//!
//! Read from `/proc/self/status` on Linux (`VmRSS`, `VmHWM`); elsewhere every figure is `None`.
//! Reading allocates a little, so call it between runs or stages, never inside a step.

/// Resident set size now, in KiB: the pages of this process actually in memory.
pub fn rss_kib() -> Option<u64> {
    status_field("VmRSS:")
}

/// The largest resident set size this process has had so far, in KiB.
pub fn peak_rss_kib() -> Option<u64> {
    status_field("VmHWM:")
}

/// Hands the heap's free pages back to the operating system (glibc's `malloc_trim`); does
/// nothing elsewhere. Freed memory otherwise stays in the process: a world's large buffers,
/// freed at a stage change, leave holes the next stage's allocations fill only in part, and
/// the resident set creeps up loop after loop. Takes a few milliseconds: call it where a
/// frame may be slow (a scene change), never in a step.
pub fn give_back_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Asks the allocator (glibc's) to keep large freed blocks for the next allocations of their
/// size rather than hand them back to the system at once; does nothing elsewhere. A rewind
/// snapshot of a world alive with 100,000 bullets is about 20 MB in a few large buffers, taken
/// every half second as an old one is dropped: given back, each new one maps its pages afresh
/// (a page fault each, about 7 ms a snapshot here); kept, the copy alone is left (about 3 ms).
/// [`give_back_free_memory`] still hands everything free back at a scene change. Call once,
/// before the window opens.
pub fn keep_freed_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets two of the allocator's own thresholds; a value it refuses
    // leaves the default in place.
    unsafe {
        // Blocks up to 32 MiB (glibc's ceiling) come from the heap, and up to 512 MiB of free
        // heap stays mapped.
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 512 << 20);
    }
}

/// The value of one `Name:   1234 kB` line of `/proc/self/status`.
fn status_field(name: &str) -> Option<u64> {
    // A small, regular procfs file: the bounded reader's checks would refuse it (its length
    // reads as 0), and it cannot block or run on.
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_field(&text, name)
}

fn parse_field(status: &str, name: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(name))?;
    line[name.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_field_it_is_asked_for() {
        let status = "Name:\tskysweep\nVmHWM:\t  20480 kB\nVmRSS:\t   10240 kB\n";
        assert_eq!(parse_field(status, "VmRSS:"), Some(10240));
        assert_eq!(parse_field(status, "VmHWM:"), Some(20480));
        assert_eq!(parse_field(status, "VmSwap:"), None);
        assert_eq!(parse_field("VmRSS:\tlots kB\n", "VmRSS:"), None);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_has_a_resident_set_no_larger_than_its_peak() {
        let now = rss_kib().expect("Linux has /proc/self/status");
        let peak = peak_rss_kib().expect("Linux has /proc/self/status");
        assert!(now > 0 && now <= peak, "rss {now} KiB, peak {peak} KiB");
    }
}
