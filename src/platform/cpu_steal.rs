//! How much of the machine's CPU time a hypervisor took for other guests ("steal"), so a timed
//! run on a shared virtual machine can say how much of its wall time was not its own.

/// The machine's CPU time so far, in clock ticks summed over every core (`/proc/stat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuTicks {
    /// Every kind of time counted, steal included.
    pub total: u64,
    pub steal: u64,
}

impl CpuTicks {
    /// Now, from `/proc/stat`; `None` where there is no such file (not Linux) or it reads
    /// otherwise than expected.
    pub fn now() -> Option<CpuTicks> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        parse_stat(&stat)
    }

    /// The share of the CPU time between `earlier` and `self` that was stolen, 0 to 1;
    /// `None` when no time was counted between them.
    pub fn steal_since(&self, earlier: &CpuTicks) -> Option<f64> {
        let total = self.total.checked_sub(earlier.total).filter(|&t| t > 0)?;
        let steal = self.steal.checked_sub(earlier.steal)?;
        Some(steal as f64 / total as f64)
    }
}

/// The `cpu` line of a `/proc/stat` text: user, nice, system, idle, iowait, irq, softirq and
/// steal, in that order (guest time is already counted in user and nice, so it is left out).
/// Kernels older than 2.6.11 have no steal column: `None`.
pub fn parse_stat(stat: &str) -> Option<CpuTicks> {
    let line = stat
        .lines()
        .find(|l| l.split_whitespace().next() == Some("cpu"))?;
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .take(8)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [_, _, _, _, _, _, _, steal] = fields[..] else {
        return None;
    };
    Some(CpuTicks {
        total: fields.iter().sum(),
        steal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAT: &str = "cpu  4749362 1765404 327945 1424652 9781 0 9530 85813 1234 567\n\
                        cpu0 2374681 882702 163972 712326 4890 0 4765 42906 0 0\n\
                        intr 1 2 3\n";

    #[test]
    fn the_machine_line_is_read_and_guest_time_not_counted_twice() {
        let t = parse_stat(STAT).expect("a full cpu line");
        assert_eq!(t.steal, 85_813);
        assert_eq!(
            t.total,
            4_749_362 + 1_765_404 + 327_945 + 1_424_652 + 9_781 + 9_530 + 85_813
        );
    }

    #[test]
    fn a_line_without_steal_or_with_garbage_reads_as_nothing() {
        assert_eq!(parse_stat("cpu  1 2 3 4 5 6 7\n"), None);
        assert_eq!(parse_stat("cpu  1 2 3 x 5 6 7 8\n"), None);
        assert_eq!(parse_stat("cpu0 1 2 3 4 5 6 7 8\n"), None);
        assert_eq!(parse_stat(""), None);
    }

    #[test]
    fn steal_is_a_share_of_the_time_between_two_readings() {
        let a = CpuTicks {
            total: 1_000,
            steal: 10,
        };
        let b = CpuTicks {
            total: 1_400,
            steal: 110,
        };
        assert_eq!(b.steal_since(&a), Some(0.25));
        // No time between them, or readings in the wrong order: no share.
        assert_eq!(a.steal_since(&a), None);
        assert_eq!(a.steal_since(&b), None);
    }

    #[test]
    fn this_machines_proc_stat_parses_where_it_has_one() {
        if std::path::Path::new("/proc/stat").exists() {
            let t = CpuTicks::now().expect("Linux's /proc/stat has a cpu line with steal");
            assert!(t.total > 0, "a running machine has counted some time");
        }
    }
}
