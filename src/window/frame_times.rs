//! One frame's timings, in microseconds, and the frame rate: the frame loop fills them (its
//! steps' update and collide time, its drawing), the overlay's panel shows them and a
//! `--frames` run's log keeps them (see [`super::frame_log`]).

/// Timings of the last frame, in microseconds, and the frame rate.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrameTimes {
    pub fps: i32,
    pub step_us: f64,
    pub collide_us: f64,
    pub render_us: f64,
    pub steps: u32,
}

impl FrameTimes {
    /// Before a frame's steps: each step adds its update and collide time.
    pub fn begin_steps(&mut self) {
        self.step_us = 0.0;
        self.collide_us = 0.0;
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
