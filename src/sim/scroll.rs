//! The ground's scroll: its speed, the changes `Scroll` events ease into, and where a stage
//! started part-way would have scrolled to.

use crate::level::TimelineEvent;

use super::clock::DT;
use super::world::World;

impl World {
    /// A `Scroll` event: the new speed at once, or eased into over `over_s` seconds.
    pub(crate) fn change_scroll(&mut self, speed: f32, over_s: f32) {
        if over_s <= 0.0 {
            self.scroll_speed = speed;
        } else {
            self.scroll_ease = Some((0.0, speed, over_s));
        }
    }

    /// Scrolls the ground as far as a stage played from its start would have scrolled by
    /// `start_at` seconds, with the speed (and any ease) its `Scroll` events had set by then,
    /// so practice from a point shows the ground that belongs there. Consumes those events.
    pub(crate) fn scroll_to(&mut self, start_at: f32) {
        let steps = (start_at / DT).round() as u32;
        self.stage_time = 0.0;
        // In the order a step runs them: the ground moves, then the timeline.
        for _ in 0..steps {
            self.advance_scroll();
            self.stage_time += DT;
            while let Some(ev) = self.level.timeline.get(self.next_event) {
                let due = ev.at() <= self.stage_time && ev.at() < start_at;
                if !due || matches!(ev, TimelineEvent::Boss { .. }) {
                    break;
                }
                if let TimelineEvent::Scroll { speed, over_s, .. } = *ev {
                    self.change_scroll(speed, over_s);
                }
                self.next_event += 1;
            }
        }
        self.stage_time = start_at;
    }

    pub(crate) fn advance_scroll(&mut self) {
        if let Some((elapsed, to, over)) = self.scroll_ease {
            let t = (elapsed / over.max(DT)).clamp(0.0, 1.0);
            let start = self.scroll_speed;
            self.scroll_speed = start + (to - start) * t.min(1.0);
            if t >= 1.0 {
                self.scroll_speed = to;
                self.scroll_ease = None;
            } else {
                self.scroll_ease = Some((elapsed + DT, to, over));
            }
        }
        self.scroll_offset += self.scroll_speed * DT;
    }
}
