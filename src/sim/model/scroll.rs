//! The ground's scroll: its speed, the changes `Scroll` events ease into, and how far it has
//! scrolled.

use super::clock::DT;

/// The ground's scroll. Its ease runs on its own clock, so one begun before a boss finishes
/// while the timeline waits.
#[derive(Clone, Debug)]
pub(crate) struct Scroll {
    /// Speed now, pixels per second.
    speed: f32,
    /// Total ground scrolled, pixels (for drawing the background).
    offset: f32,
    /// A change under way: seconds into it, the speed it goes to, and over how long.
    ease: Option<(f32, f32, f32)>,
}

impl Scroll {
    /// The ground at rest at the start, scrolling at `speed`.
    pub fn new(speed: f32) -> Self {
        Scroll {
            speed,
            offset: 0.0,
            ease: None,
        }
    }

    pub fn speed(&self) -> f32 {
        self.speed
    }

    pub fn offset(&self) -> f32 {
        self.offset
    }

    pub fn ease(&self) -> Option<(f32, f32, f32)> {
        self.ease
    }

    /// Sets the speed at once, as an event skipped before the start would have.
    pub fn set_speed(&mut self, speed: f32) {
        self.speed = speed;
    }

    /// A `Scroll` event: the new speed at once, or eased into over `over_s` seconds.
    pub fn change(&mut self, speed: f32, over_s: f32) {
        if over_s <= 0.0 {
            self.speed = speed;
        } else {
            self.ease = Some((0.0, speed, over_s));
        }
    }

    /// One step of the ground: the ease goes on, and the ground moves.
    pub fn advance(&mut self) {
        if let Some((elapsed, to, over)) = self.ease {
            let t = (elapsed / over.max(DT)).clamp(0.0, 1.0);
            let start = self.speed;
            self.speed = start + (to - start) * t.min(1.0);
            if t >= 1.0 {
                self.speed = to;
                self.ease = None;
            } else {
                self.ease = Some((elapsed + DT, to, over));
            }
        }
        self.offset += self.speed * DT;
    }
}
