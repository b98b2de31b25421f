//! Timings of every frame of a `--frames` run, for the summary printed at exit, the pace
//! such a run keeps, and the frame rate the overlay shows.

use std::time::{Duration, Instant};

use hdrhistogram::Histogram;

use crate::render::debug_overlay::FrameTimes;

/// A `--frames` run's timings, in histograms of a fixed size: a run of any length holds the
/// same memory (under half a megabyte, all of it taken when the run starts), so a long
/// run's memory figures are the game's own. Keeping every sample grew by 32 bytes a frame,
/// about 8 MiB over an hour, and showed as a creep in the one-hour memory check.
pub struct FrameLog {
    first: Option<Instant>,
    /// When the frame in progress began.
    last: Option<Instant>,
    frame_us: Timings,
    render_us: Timings,
    step_us: Timings,
}

impl FrameLog {
    pub fn new() -> FrameLog {
        FrameLog {
            first: None,
            last: None,
            frame_us: Timings::new(),
            render_us: Timings::new(),
            step_us: Timings::new(),
        }
    }

    /// Notes the start of a frame at `now`, which is the end of the one before.
    pub fn begin(&mut self, now: Instant) {
        if let Some(last) = self.last {
            self.frame_us.record((now - last).as_secs_f64() * 1e6);
        }
        self.first.get_or_insert(now);
        self.last = Some(now);
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
    /// (update and collide).
    /// `None` before the first frame.
    pub fn summary(&self) -> Option<String> {
        let (first, last) = (self.first?, self.last?);
        let end = Instant::now();
        // The frame in progress ends now.
        let mut frame_us = self.frame_us.clone();
        frame_us.record((end - last).as_secs_f64() * 1e6);
        // Every frame begun, the one in progress too, has its time in `frame_us` now.
        let frames = frame_us.0.len();
        let wall = (end - first).as_secs_f64();
        let [f50, f99] = frame_us.percentiles();
        let [r50, r99] = self.render_us.percentiles();
        let [s50, s99] = self.step_us.percentiles();
        Some(format!(
            "{:.1} fps (frame p50 {:.2} ms, p99 {:.2} ms); render p50 {r50:.0} us, p99 {r99:.0} us; \
             sim step p50 {s50:.0} us, p99 {s99:.0} us",
            frames as f64 / wall.max(1e-9),
            f50 / 1e3,
            f99 / 1e3
        ))
    }
}

/// Durations in whole microseconds, from 0 to a minute (longer ones count as a minute), each
/// kept to three significant digits: exact below 2,048 µs, within 0.1% above.
#[derive(Clone)]
struct Timings(Histogram<u64>);

impl Timings {
    fn new() -> Timings {
        const MINUTE_US: u64 = 60_000_000;
        Timings(Histogram::new_with_bounds(1, MINUTE_US, 3).expect("bounds are valid"))
    }

    fn record(&mut self, us: f64) {
        // `as` saturates: NaN and negatives are 0, and beyond the range is its top.
        self.0.saturating_record(us.round() as u64);
    }

    /// The median and 99th percentile by nearest rank: each is one of the samples (to the
    /// precision above), and the 99th is never below the median, whatever the count. Zeros
    /// when empty.
    fn percentiles(&self) -> [f64; 2] {
        if self.0.is_empty() {
            return [0.0, 0.0];
        }
        [0.5, 0.99].map(|q| self.0.value_at_quantile(q) as f64)
    }
}

/// Holds a `--frames` run, and the lab, to 60 frames a second, as play goes; off, it never
/// waits.
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

    /// Sleeps until the next frame is due.
    pub fn wait(&mut self) {
        let Some(frame) = self.frame else {
            return;
        };
        self.deadline += frame;
        // Behind by more than a frame (a slow machine): start afresh rather than rush.
        let now = Instant::now();
        match self.deadline.checked_duration_since(now) {
            Some(wait) => std::thread::sleep(wait),
            None => self.deadline = now,
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

    use super::{FpsMeter, FrameLog, Timings};
    use crate::render::debug_overlay::FrameTimes;

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
        let mut t = Timings::new();
        for &us in samples {
            t.record(us);
        }
        t.percentiles()
    }

    #[test]
    fn percentiles_hold_for_any_number_of_samples() {
        assert_eq!(percentiles(&[]), [0.0, 0.0]);
        assert_eq!(percentiles(&[7.0]), [7.0, 7.0]);
        // Two frames used to give a p99 below the p50.
        assert_eq!(percentiles(&[10.0, 2.0]), [2.0, 10.0]);
        assert_eq!(percentiles(&[3.0, 1.0, 2.0]), [2.0, 3.0]);
        let hundred: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&hundred), [50.0, 99.0]);
        let many: Vec<f64> = (1..=1000).rev().map(f64::from).collect();
        assert_eq!(percentiles(&many), [500.0, 990.0]);
    }

    #[test]
    fn long_frames_keep_three_significant_digits_and_the_range_saturates() {
        let [p50, p99] = percentiles(&[16_667.0; 3]);
        assert_eq!(p50, p99);
        assert!((p50 - 16_667.0).abs() <= 16.7, "{p50}");
        // An hour-long stall counts as a minute; a negative or NaN time as zero.
        let [_, top] = percentiles(&[3.6e9]);
        assert!((top - 60e6).abs() <= 60e3, "{top}");
        assert_eq!(percentiles(&[-5.0, f64::NAN]), [0.0, 0.0]);
    }

    #[test]
    fn each_frame_is_timed_from_its_start_to_the_next_and_steps_only_when_it_stepped() {
        let mut log = FrameLog::new();
        let start = Instant::now();
        for i in 0..5u32 {
            // 1 ms apart: below 2,048 µs the timings are exact.
            log.begin(start + Duration::from_millis(u64::from(i)));
            log.push(&FrameTimes {
                render_us: 100.0 * f64::from(i + 1),
                steps: i % 2,
                step_us: 40.0,
                ..FrameTimes::default()
            });
        }
        // The first frame's start times nothing; each later start ends the frame before.
        assert_eq!(log.frame_us.0.len(), 4);
        assert_eq!(log.frame_us.percentiles(), [1_000.0, 1_000.0]);
        // Every frame drew; only frames 1 and 3 ran a step, so only they time one.
        assert_eq!(log.render_us.percentiles(), [300.0, 500.0]);
        assert_eq!(log.step_us.0.len(), 2);
        assert!(log
            .summary()
            .is_some_and(|s| s.contains("sim step p50 40 us")));
        assert!(
            FrameLog::new().summary().is_none(),
            "no summary before a frame"
        );
    }
}
