//! Timings of every frame of a `--frames` run, for the summary printed at exit, and the pace
//! such a run keeps.

use std::time::{Duration, Instant};

use crate::render::debug_overlay::FrameTimes;

#[derive(Default)]
pub struct FrameLog {
    /// When each frame began, first to last.
    starts: Vec<Instant>,
    render_us: Vec<f64>,
    step_us: Vec<f64>,
}

impl FrameLog {
    /// Notes the start of a frame.
    pub fn begin(&mut self) {
        self.starts.push(Instant::now());
    }

    /// Notes the frame just drawn.
    pub fn push(&mut self, times: &FrameTimes) {
        self.render_us.push(times.render_us);
        if times.steps > 0 {
            self.step_us.push(times.step_us);
        }
    }

    /// One line: the frame rate achieved (frames over wall time, as a player would count
    /// them), and the median and 99th percentile of frame, render and simulation-step time.
    /// `None` before the first frame.
    pub fn summary(&self) -> Option<String> {
        let first = *self.starts.first()?;
        let end = Instant::now();
        let frame_us: Vec<f64> = self
            .starts
            .iter()
            .zip(self.starts.iter().skip(1).chain([&end]))
            .map(|(a, b)| (*b - *a).as_secs_f64() * 1e6)
            .collect();
        let wall = (end - first).as_secs_f64();
        let [f50, f99] = percentiles(&frame_us);
        let [r50, r99] = percentiles(&self.render_us);
        let [s50, s99] = percentiles(&self.step_us);
        Some(format!(
            "{:.1} fps (frame p50 {:.2} ms, p99 {:.2} ms); render p50 {r50:.0} us, p99 {r99:.0} us; \
             sim step p50 {s50:.0} us, p99 {s99:.0} us",
            self.starts.len() as f64 / wall.max(1e-9),
            f50 / 1e3,
            f99 / 1e3
        ))
    }
}

/// Holds a `--frames` run to 60 frames a second, as play goes; off, it never waits.
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

/// The median and 99th percentile of `samples` by nearest rank: each is one of the samples,
/// and the 99th is never below the median, whatever the count. Zeros when empty.
fn percentiles(samples: &[f64]) -> [f64; 2] {
    if samples.is_empty() {
        return [0.0, 0.0];
    }
    let mut v = samples.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    [rank(0.5), rank(0.99)]
}

#[cfg(test)]
mod tests {
    use super::percentiles;

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
}
