//! Timings of every frame of a `--frames` run, for the summary printed at exit, the pace
//! such a run keeps, and the frame rate the overlay shows.

use std::time::{Duration, Instant};

use super::frame_times::FrameTimes;
use skysweep::platform::cpu_steal::CpuTicks;
use skysweep::platform::percentile::quantile;

/// A `--frames` run's timings. Each series holds at most [`Timings::KEPT`] samples, taken
/// when the run starts, so a run of any length holds the same memory and a long run's
/// memory figures are the game's own (keeping every sample grew by 32 bytes a frame, about
/// 8 MiB over an hour, and showed as a creep in the one-hour memory check).
pub struct FrameLog {
    first: Option<Instant>,
    /// When the frame in progress began.
    last: Option<Instant>,
    frame_us: Timings,
    render_us: Timings,
    present_us: Timings,
    step_us: Timings,
    /// When the last frame was handed to the display, and the time between each hand-over
    /// and the next.
    last_present: Option<Instant>,
    between_us: Timings,
    /// The machine's CPU time when the first frame began, for the share the hypervisor took.
    cpu_at_first: Option<CpuTicks>,
}

impl FrameLog {
    /// A log for a run of `frames` frames: room for that many samples in each series, up to
    /// [`Timings::KEPT`].
    pub fn new(frames: u64) -> FrameLog {
        FrameLog {
            first: None,
            last: None,
            frame_us: Timings::new(frames),
            render_us: Timings::new(frames),
            present_us: Timings::new(frames),
            step_us: Timings::new(frames),
            last_present: None,
            between_us: Timings::new(frames),
            cpu_at_first: None,
        }
    }

    /// Notes the start of a frame at `now`, which is the end of the one before.
    pub fn begin(&mut self, now: Instant) {
        if let Some(last) = self.last {
            self.frame_us.record((now - last).as_secs_f64() * 1e6);
        }
        if self.first.is_none() {
            self.first = Some(now);
            self.cpu_at_first = CpuTicks::now();
        }
        self.last = Some(now);
    }

    /// Notes that the frame just drawn is handed to the display at `now`, as the swap starts.
    /// The times from one hand-over to the next are frame times as a tool counting a game's
    /// presents measures them (PresentMon's time between presents): a frame handed over at its
    /// tick takes a tick, however long the software driver's swap itself then takes. Frame
    /// times from [`FrameLog::begin`] include that swap, and so its jitter.
    pub fn presenting(&mut self, now: Instant) {
        if let Some(last) = self.last_present {
            self.between_us.record((now - last).as_secs_f64() * 1e6);
        }
        self.last_present = Some(now);
    }

    /// Notes how long handing the frame to the display took (`next_frame`: macroquad's end of
    /// frame, GL's swap, and with a software driver whatever rasterising is left: all of it
    /// with `--fast`, in a paced run only what did not fit in the wait for the tick).
    pub fn presented(&mut self, took: Duration) {
        self.present_us.record(took.as_secs_f64() * 1e6);
    }

    /// Notes the frame just drawn. A simulation step is the update and the collision both.
    pub fn push(&mut self, times: &FrameTimes) {
        self.render_us.record(times.render_us);
        if times.steps > 0 {
            self.step_us.record(times.step_us + times.collide_us);
        }
    }

    /// One line: the frame rate achieved (frames over wall time, as a player would count
    /// them), and the median and 99th percentile of frame, render and simulation-step time
    /// (update and collide). Where the machine counts it (Linux), the share of its CPU time a
    /// hypervisor took for other guests during the run ("steal"): wall-clock figures from a
    /// shared virtual machine mean little without it.
    /// `None` before the first frame.
    pub fn summary(&self) -> Option<String> {
        let (first, last) = (self.first?, self.last?);
        let end = Instant::now();
        // The frame in progress ends now.
        let mut frame_us = self.frame_us.clone();
        frame_us.record((end - last).as_secs_f64() * 1e6);
        // Every frame begun, the one in progress too, has its time in `frame_us` now.
        let frames = frame_us.seen;
        let wall = (end - first).as_secs_f64();
        let [f50, f99] = frame_us.percentiles();
        let [r50, r99] = self.render_us.percentiles();
        let [s50, s99] = self.step_us.percentiles();
        let [p50, p99] = self.present_us.percentiles();
        let [b50, b99] = self.between_us.percentiles();
        let steal = self
            .cpu_at_first
            .zip(CpuTicks::now())
            .and_then(|(first, now)| now.steal_since(&first))
            .map_or(String::new(), |s| {
                format!("; host steal {:.1}% of CPU time", s * 100.0)
            });
        Some(format!(
            "{:.1} fps (frame p50 {:.2} ms, p99 {:.2} ms); render p50 {r50:.0} us, p99 {r99:.0} us; \
             present p50 {p50:.0} us, p99 {p99:.0} us; sim step p50 {s50:.0} us, p99 {s99:.0} us; \
             between presents p50 {:.2} ms, p99 {:.2} ms{steal}",
            frames as f64 / wall.max(1e-9),
            f50 / 1e3,
            f99 / 1e3,
            b50 / 1e3,
            b99 / 1e3
        ))
    }
}

/// Durations in whole microseconds (saturating at `u32::MAX`, about 71 minutes). A run
/// longer than [`Timings::KEPT`] frames keeps a uniform random sample of that many of them
/// (reservoir sampling, seeded the same every run), so its percentiles are estimates whose
/// error no run length can grow; shorter runs keep every sample and their percentiles are
/// exact.
#[derive(Clone)]
struct Timings {
    kept: Vec<u32>,
    /// How many `kept` may hold: fixed when the run starts.
    room: usize,
    /// Samples offered so far, kept or not.
    seen: u64,
    pick: oorandom::Rand64,
}

impl Timings {
    /// About 4.4 minutes of frames at 60 a second; 1 MiB a series.
    const KEPT: usize = 1 << 18;

    fn new(frames: u64) -> Timings {
        // The frame in progress at exit is timed too.
        let room =
            usize::try_from(frames.saturating_add(1)).map_or(Self::KEPT, |n| n.min(Self::KEPT));
        Timings {
            kept: Vec::with_capacity(room),
            room,
            seen: 0,
            pick: oorandom::Rand64::new(0x5eed),
        }
    }

    fn record(&mut self, us: f64) {
        // `as` saturates: NaN and negatives are 0, and beyond the range is its top.
        let us = us.round() as u32;
        self.seen += 1;
        if self.kept.len() < self.room {
            self.kept.push(us);
        } else if let Ok(slot) = usize::try_from(self.pick.rand_range(0..self.seen)) {
            // Each of the `seen` samples stays with the same chance, room / seen.
            if let Some(kept) = self.kept.get_mut(slot) {
                *kept = us;
            }
        }
    }

    /// The median and 99th percentile, by [`quantile`]'s rule: each is one of the samples,
    /// and the 99th is never below the median, whatever the count. Zeros when empty.
    fn percentiles(&self) -> [f64; 2] {
        let mut sorted = self.kept.clone();
        sorted.sort_unstable();
        [0.5, 0.99].map(|q| quantile(&sorted, q).map_or(0.0, f64::from))
    }
}

/// How long before a tick [`Pace::wait`] stops sleeping and yields instead.
const SPIN: Duration = Duration::from_micros(500);

/// Holds the game's frames, and the lab's, to 60 a second, as play steps (with no vsync
/// nothing else would); off (a `--fast` run), it never waits.
pub struct Pace {
    frame: Option<Duration>,
    deadline: Instant,
}

impl Pace {
    pub fn new(on: bool) -> Pace {
        Pace {
            frame: on.then(|| Duration::from_secs_f64(1.0 / 60.0)),
            deadline: Instant::now(),
        }
    }

    /// Sleeps until the next frame is due, to within a few microseconds.
    ///
    /// A sleep alone wakes 50 to 100 µs late, by an amount that changes from frame to frame:
    /// enough to put most frames of a run over 16.7 ms. So it sleeps to just short of the
    /// tick and yields the processor until the tick.
    pub fn wait(&mut self) {
        let Some(frame) = self.frame else {
            return;
        };
        self.deadline += frame;
        // Behind by more than a frame (a slow machine): start afresh rather than rush.
        let now = Instant::now();
        let Some(wait) = self.deadline.checked_duration_since(now) else {
            self.deadline = now;
            return;
        };
        if let Some(sleep) = wait.checked_sub(SPIN) {
            std::thread::sleep(sleep);
        }
        while Instant::now() < self.deadline {
            std::thread::yield_now();
        }
    }
}

/// The overlay's frame rate: frames counted over each half second, so it reads steadily.
/// The last frame's own rate (macroquad's `get_fps`) swings between 45 and 60 from one frame
/// to the next under a busy scheduler, which says more about the scheduler than the game.
pub struct FpsMeter {
    since: Option<Instant>,
    frames: u32,
    fps: i32,
}

impl FpsMeter {
    const WINDOW: Duration = Duration::from_millis(500);

    pub fn new() -> FpsMeter {
        FpsMeter {
            since: None,
            frames: 0,
            fps: 0,
        }
    }

    /// Counts a frame begun at `now`; returns the rate over the last whole window, or 0 before
    /// the first window ends.
    pub fn frame(&mut self, now: Instant) -> i32 {
        let since = *self.since.get_or_insert(now);
        self.frames += 1;
        let span = now - since;
        if span >= Self::WINDOW {
            // Frames begun in the window, the one at its end not among them.
            let frames = f64::from(self.frames - 1);
            self.fps = (frames / span.as_secs_f64()).round() as i32;
            self.since = Some(now);
            self.frames = 1;
        }
        self.fps
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{FpsMeter, FrameLog, Pace, Timings};
    use crate::window::frame_times::FrameTimes;

    /// Feeds `meter` frames `gaps_ms` apart, cycling, for `secs` seconds from `start`; returns
    /// the last rate it gave and when the next frame would begin.
    fn run(meter: &mut FpsMeter, start: Instant, gaps_ms: &[f64], secs: f64) -> (i32, Instant) {
        let mut t = start;
        let mut fps = 0;
        for gap in gaps_ms.iter().cycle() {
            if t - start >= Duration::from_secs_f64(secs) {
                break;
            }
            fps = meter.frame(t);
            t += Duration::from_secs_f64(gap / 1e3);
        }
        (fps, t)
    }

    #[test]
    fn the_frame_rate_is_frames_over_time_and_ignores_one_frames_jitter() {
        let mut meter = FpsMeter::new();
        let start = Instant::now();
        assert_eq!(meter.frame(start), 0, "no rate before a whole window");
        // Frames of 12 and 21.3 ms, alternating: each alone reads 83 or 47; together 60.
        // A window may hold one more short frame than long ones, so 61 is a fair reading.
        let (fps, t) = run(&mut meter, start, &[12.0, 21.333], 3.0);
        assert!((59..=61).contains(&fps), "{fps}");
        // The rate follows a real change within a window or two.
        let (fps, _) = run(&mut meter, t, &[33.333], 1.2);
        assert_eq!(fps, 30);
    }

    fn percentiles(samples: &[f64]) -> [f64; 2] {
        let mut t = Timings::new(samples.len() as u64);
        for &us in samples {
            t.record(us);
        }
        t.percentiles()
    }

    #[test]
    fn percentiles_hold_for_any_number_of_samples() {
        assert_eq!(percentiles(&[]), [0.0, 0.0]);
        assert_eq!(percentiles(&[7.0]), [7.0, 7.0]);
        // Two frames once gave a p99 below the p50; the median of an even count is the upper
        // of the middle two.
        assert_eq!(percentiles(&[10.0, 2.0]), [10.0, 10.0]);
        assert_eq!(percentiles(&[3.0, 1.0, 2.0]), [2.0, 3.0]);
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&hundred), [51.0, 99.0]);
        let many: Vec<f64> = (1..=1000).rev().map(f64::from).collect();
        assert_eq!(percentiles(&many), [501.0, 990.0]);
    }

    #[test]
    fn times_round_to_whole_microseconds_and_saturate() {
        assert_eq!(percentiles(&[16_666.6; 3]), [16_667.0, 16_667.0]);
        // An hour-long stall is kept; a longer one than u32 holds counts as its top; a
        // negative or NaN time as zero.
        assert_eq!(percentiles(&[3.6e9]), [3.6e9, 3.6e9]);
        assert_eq!(percentiles(&[1e12]), [f64::from(u32::MAX); 2]);
        assert_eq!(percentiles(&[-5.0, f64::NAN]), [0.0, 0.0]);
    }

    #[test]
    fn a_run_longer_than_the_room_keeps_fixed_memory_and_a_fair_sample() {
        // A run announced as 10 frames that goes on for 100,000: the room stays 11 samples.
        let mut t = Timings::new(10);
        let room = t.kept.capacity();
        // Frames of 1 to 1,000 µs, cycling: the true median is about 500, p99 about 990.
        for i in 0..100_000u32 {
            t.record(f64::from(i % 1000 + 1));
        }
        assert_eq!(t.kept.len(), 11);
        assert_eq!(t.kept.capacity(), room, "the series never grew");
        assert_eq!(t.seen, 100_000);
        // Late samples replace early ones: a sample that kept only the first frames would
        // hold values up to 11 alone.
        assert!(t.kept.iter().any(|&us| us > 11), "{:?}", t.kept);
        // A long run sampled into the full room estimates its percentiles closely.
        let mut long = Timings::new(u64::MAX);
        for i in 0..(3 * Timings::KEPT as u32) {
            long.record(f64::from(i % 1000 + 1));
        }
        assert_eq!(long.kept.len(), Timings::KEPT);
        let [p50, p99] = long.percentiles();
        assert!((p50 - 500.0).abs() <= 10.0, "{p50}");
        assert!((p99 - 990.0).abs() <= 5.0, "{p99}");
    }

    #[test]
    fn pacing_never_starts_a_frame_before_its_tick_and_a_late_frame_does_not_rush_the_next() {
        let mut pace = Pace::new(true);
        let start = Instant::now();
        for n in 1..=3u32 {
            pace.wait();
            assert!(start.elapsed() >= Duration::from_secs_f64(f64::from(n) / 60.0));
        }
        // A frame 50 ms late: the next tick is a whole frame after it, not at once.
        std::thread::sleep(Duration::from_millis(50));
        pace.wait();
        let late = Instant::now();
        pace.wait();
        assert!(late.elapsed() >= Duration::from_secs_f64(1.0 / 60.0) - Duration::from_micros(100));
        // Off, it never waits.
        let t = Instant::now();
        Pace::new(false).wait();
        assert!(t.elapsed() < Duration::from_millis(10));
    }

    #[test]
    fn each_frame_is_timed_from_its_start_to_the_next_and_steps_only_when_it_stepped() {
        let mut log = FrameLog::new(5);
        let start = Instant::now();
        for i in 0..5u32 {
            // 1 ms apart.
            log.begin(start + Duration::from_millis(u64::from(i)));
            log.push(&FrameTimes {
                render_us: 100.0 * f64::from(i + 1),
                steps: i % 2,
                step_us: 40.0,
                ..FrameTimes::default()
            });
        }
        // The first frame's start times nothing; each later start ends the frame before.
        assert_eq!(log.frame_us.seen, 4);
        // Hand-overs 16, 17, 16 and 19 ms apart, each timed from the one before.
        for ms in [0, 16, 33, 49, 68] {
            log.presenting(start + Duration::from_millis(ms));
        }
        assert_eq!(log.between_us.percentiles(), [17_000.0, 19_000.0]);
        assert_eq!(log.frame_us.percentiles(), [1_000.0, 1_000.0]);
        // Every frame drew; only frames 1 and 3 ran a step, so only they time one.
        assert_eq!(log.render_us.percentiles(), [300.0, 500.0]);
        assert_eq!(log.step_us.seen, 2);
        assert!(log
            .summary()
            .is_some_and(|s| s.contains("sim step p50 40 us")
                && s.contains("between presents p50 17.00 ms, p99 19.00 ms")));
        assert!(
            FrameLog::new(5).summary().is_none(),
            "no summary before a frame"
        );
    }
}
