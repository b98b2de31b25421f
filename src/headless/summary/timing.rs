//! Timing a run's steps: the wall time of each step and of its collide, the thread's CPU
//! time, and the steady steps over a millisecond with what interrupted them.

use std::time::Instant;

use super::SlowSteps;
use crate::sim::model::input::Input;
use crate::sim::world::World;

/// Every step's times, nanoseconds, in the order played, and where each stage's steps begin.
pub(super) struct StepTimes {
    /// Wall time of each whole step (update and collide).
    pub step_ns: Vec<u64>,
    /// Wall time of each step's collide.
    pub collide_ns: Vec<u64>,
    /// The thread's CPU time in each step.
    pub step_cpu_ns: Vec<u64>,
    /// The index of each stage's first step.
    pub stage_starts: Vec<usize>,
    pub slow: SlowSteps,
}

impl StepTimes {
    /// No steps yet, with room for `frames` of them (at most 2^20).
    pub fn new(frames: u64) -> Self {
        let step_ns = Vec::with_capacity(frames.min(1 << 20) as usize);
        let capacity = step_ns.capacity();
        StepTimes {
            step_ns,
            collide_ns: Vec::with_capacity(capacity),
            step_cpu_ns: Vec::with_capacity(capacity),
            stage_starts: Vec::new(),
            slow: SlowSteps::default(),
        }
    }

    /// The next step is a stage's first.
    pub fn begin_stage(&mut self) {
        self.stage_starts.push(self.step_ns.len());
    }

    /// Steps `world` with `inputs` (update, then collide) and records how long that took; a
    /// steady step over a millisecond is counted in `slow` with what interrupted it.
    pub fn step(&mut self, world: &mut World, inputs: &[Input]) {
        let i0 = thread_interruptions();
        let c0 = thread_cpu_ns();
        let t0 = Instant::now();
        world.update(inputs);
        let t1 = Instant::now();
        world.collide();
        let t2 = Instant::now();
        let c1 = thread_cpu_ns();
        let i1 = thread_interruptions();
        if self.step_ns.len() > self.stage_starts.last().copied().unwrap_or(0)
            && (t2 - t0).as_micros() > 1_000
        {
            let slow = &mut self.slow;
            slow.over_1ms += 1;
            let preempted = i1.0 > i0.0;
            let faulted = i1.1 > i0.1;
            slow.preempted += u64::from(preempted);
            slow.page_faults += u64::from(faulted);
            slow.unexplained += u64::from(!preempted && !faulted);
        }
        self.step_ns.push((t2 - t0).as_nanos() as u64);
        self.collide_ns.push((t2 - t1).as_nanos() as u64);
        self.step_cpu_ns.push(c1.saturating_sub(c0));
    }
}

/// CPU time used by the calling thread, nanoseconds; 0 where there is no such clock.
fn thread_cpu_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to fill.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64;
        }
    }
    0
}

/// Times this thread was made to give up the CPU (involuntary context switches), and major
/// page faults it took (a page read from disk); `(0, 0)` where there is no such count.
fn thread_interruptions() -> (u64, u64) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `usage` is a valid rusage for the call to fill; zeroed is a valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_THREAD, &mut usage) } == 0 {
            return (usage.ru_nivcsw as u64, usage.ru_majflt as u64);
        }
    }
    (0, 0)
}
