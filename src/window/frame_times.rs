//! One frame's timings, in microseconds, and the frame rate: the frame loop fills them (its
//! steps' update and collide time, its drawing), the overlay's panel shows them and a
//! `--frames` run's log keeps them (see [`super::frame_log`]).

/// How many of the last steps the panel's figures average: a second of play.
const RECENT_STEPS: usize = 60;

/// Timings of the last frame, in microseconds, and the frame rate.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameTimes {
    pub fps: i32,
    pub step_us: f64,
    pub collide_us: f64,
    pub render_us: f64,
    pub steps: u32,
    /// The last second of steps, whatever frames they fell in: what the panel shows.
    pub recent: RecentSteps,
}

impl FrameTimes {
    /// Before a frame's steps: each step adds its update and collide time.
    pub fn begin_steps(&mut self) {
        self.step_us = 0.0;
        self.collide_us = 0.0;
    }

    /// One step took `update_us` to update and `collide_us` to collide.
    pub fn add_step(&mut self, update_us: f64, collide_us: f64) {
        self.step_us += update_us;
        self.collide_us += collide_us;
        self.recent.push(update_us, collide_us);
    }

    /// After a frame's `steps` steps: their times become the mean of one step.
    pub fn end_steps(&mut self, steps: u32, fps: i32) {
        if steps > 0 {
            self.step_us /= steps as f64;
            self.collide_us /= steps as f64;
        }
        self.steps = steps;
        self.fps = fps;
    }
}

/// The update and collide times of the last [`RECENT_STEPS`] steps. A frame with no step (the
/// window draws faster than play steps) leaves them as they were, so the mean never reads 0
/// for want of a step.
#[derive(Clone, Copy, Debug)]
pub struct RecentSteps {
    times: [(f64, f64); RECENT_STEPS],
    /// Where the next step goes.
    next: usize,
    /// Steps held, up to [`RECENT_STEPS`].
    len: usize,
}

impl Default for RecentSteps {
    fn default() -> RecentSteps {
        RecentSteps {
            times: [(0.0, 0.0); RECENT_STEPS],
            next: 0,
            len: 0,
        }
    }
}

impl RecentSteps {
    fn push(&mut self, update_us: f64, collide_us: f64) {
        self.times[self.next] = (update_us, collide_us);
        self.next = (self.next + 1) % RECENT_STEPS;
        self.len = (self.len + 1).min(RECENT_STEPS);
    }

    /// The mean update and collide time of one step over the steps held; 0 before any step.
    pub fn mean(&self) -> (f64, f64) {
        if self.len == 0 {
            return (0.0, 0.0);
        }
        let held = &self.times[..self.len];
        let n = self.len as f64;
        let update = held.iter().map(|t| t.0).sum::<f64>() / n;
        let collide = held.iter().map(|t| t.1).sum::<f64>() / n;
        (update, collide)
    }
}

#[cfg(test)]
mod tests {
    use super::{FrameTimes, RECENT_STEPS};

    /// A frame with no step does not zero the panel's figures; they are the mean of the last
    /// second of steps, the oldest dropping out as new ones come.
    #[test]
    fn the_panel_reads_the_last_second_of_steps_not_the_last_frame() {
        let mut times = FrameTimes::default();
        assert_eq!(times.recent.mean(), (0.0, 0.0));
        times.begin_steps();
        times.add_step(8.0, 4.0);
        times.add_step(12.0, 6.0);
        times.end_steps(2, 60);
        assert_eq!(times.recent.mean(), (10.0, 5.0));
        // Frames with no step, as when the window draws faster than play steps.
        for _ in 0..3 {
            times.begin_steps();
            times.end_steps(0, 157);
        }
        assert_eq!(times.recent.mean(), (10.0, 5.0));
        // A second of slower steps pushes the old ones out.
        for _ in 0..RECENT_STEPS {
            times.add_step(20.0, 2.0);
        }
        assert_eq!(times.recent.mean(), (20.0, 2.0));
    }
}
