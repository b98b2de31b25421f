//! Timings of every frame of a `--frames` run, for the summary printed at exit.

use std::time::Instant;

use crate::render::debug_overlay::FrameTimes;

#[derive(Default)]
pub struct FrameLog {
    last: Option<Instant>,
    /// Wall time from one frame's start to the next's, in µs: what the player sees.
    frame_us: Vec<f64>,
    render_us: Vec<f64>,
    step_us: Vec<f64>,
}

impl FrameLog {
    pub fn push(&mut self, times: &FrameTimes) {
        let now = Instant::now();
        if let Some(last) = self.last.replace(now) {
            self.frame_us.push((now - last).as_secs_f64() * 1e6);
        }
        self.render_us.push(times.render_us);
        if times.steps > 0 {
            self.step_us.push(times.step_us);
        }
    }

    /// One line: achieved frames per second from the median frame time, and the medians and
    /// 99th percentiles of frame, render and simulation-step time. `None` before two frames.
    pub fn summary(&mut self) -> Option<String> {
        fn p50_p99(v: &mut [f64]) -> (f64, f64) {
            if v.is_empty() {
                return (0.0, 0.0);
            }
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[(v.len() - 1) * 99 / 100])
        }
        if self.frame_us.is_empty() {
            return None;
        }
        let (f50, f99) = p50_p99(&mut self.frame_us);
        let (r50, r99) = p50_p99(&mut self.render_us);
        let (s50, s99) = p50_p99(&mut self.step_us);
        Some(format!(
            "{:.1} fps (frame p50 {:.2} ms, p99 {:.2} ms); render p50 {r50:.0} us, p99 {r99:.0} us; \
             sim step p50 {s50:.0} us, p99 {s99:.0} us",
            1e6 / f50.max(1.0),
            f50 / 1e3,
            f99 / 1e3
        ))
    }
}
