//! The fixed simulation step: frame times in, whole 60 Hz steps out.

/// Simulation steps per second.
pub const STEP_HZ: u32 = 60;
/// Length of one step, in seconds.
pub const DT: f32 = 1.0 / STEP_HZ as f32;

/// Turns variable frame times into a whole number of fixed steps, keeping the remainder.
///
/// Game speed therefore does not depend on the display's refresh rate or an uncapped loop.
/// After a long stall (a dragged window, a breakpoint) at most `max_steps` are run and the rest
/// of the backlog is dropped, so the game slows down instead of spiralling.
#[derive(Clone, Debug)]
pub struct FixedStep {
    /// Unspent time in whole nanoseconds, kept as an integer so no rounding drifts.
    accumulator_ns: u64,
    step_ns: u64,
    max_steps: u32,
}

impl FixedStep {
    pub fn new(max_steps: u32) -> Self {
        Self {
            accumulator_ns: 0,
            step_ns: 1_000_000_000 / STEP_HZ as u64,
            max_steps: max_steps.max(1),
        }
    }

    /// Adds a frame's duration (seconds; negative or non-finite counts as zero) and returns how
    /// many steps to run now.
    pub fn advance(&mut self, frame_s: f64) -> u32 {
        let ns = if frame_s.is_finite() && frame_s > 0.0 {
            (frame_s * 1e9).round().min(1e12) as u64
        } else {
            0
        };
        // A frame a hair shorter than a step (vsync jitter) still yields one step on average:
        // the remainder carries over, so nothing is lost or doubled.
        self.accumulator_ns += ns;
        let steps = (self.accumulator_ns / self.step_ns).min(self.max_steps as u64) as u32;
        self.accumulator_ns -= steps as u64 * self.step_ns;
        if steps == self.max_steps {
            self.accumulator_ns = self.accumulator_ns.min(self.step_ns);
        }
        steps
    }

    /// How far into the next step we are, 0.0 to 1.0 (for interpolated drawing).
    pub fn alpha(&self) -> f32 {
        self.accumulator_ns as f32 / self.step_ns as f32
    }
}

impl Default for FixedStep {
    fn default() -> Self {
        Self::new(5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps_for(frame_s: f64, seconds: f64) -> u64 {
        let mut clock = FixedStep::default();
        let frames = (seconds / frame_s).round() as u64;
        (0..frames).map(|_| clock.advance(frame_s) as u64).sum()
    }

    #[test]
    fn game_time_is_the_same_at_30_60_and_144_hz() {
        // Ten seconds of frames at each rate give ten seconds of game time, within one step.
        for hz in [30.0, 60.0, 144.0] {
            let steps = steps_for(1.0 / hz, 10.0);
            assert!((599..=601).contains(&steps), "{hz} Hz gave {steps} steps");
        }
    }

    #[test]
    fn uncapped_loop_does_not_speed_up_the_game() {
        // 1000 fps for two seconds is still 120 steps.
        let steps = steps_for(0.001, 2.0);
        assert!((119..=121).contains(&steps), "{steps}");
    }

    #[test]
    fn a_long_stall_is_capped() {
        let mut clock = FixedStep::new(5);
        assert_eq!(clock.advance(3.0), 5);
        // The backlog was dropped: the next normal frame runs one step, not hundreds.
        assert!(clock.advance(1.0 / 60.0) <= 2);
    }

    #[test]
    fn bad_frame_times_run_nothing() {
        let mut clock = FixedStep::default();
        assert_eq!(clock.advance(f64::NAN), 0);
        assert_eq!(clock.advance(-1.0), 0);
        assert_eq!(clock.advance(f64::INFINITY), 0);
    }
}
