//! The bosses the stage waits for: the stage boss while it lives, and the mid-boss that holds
//! the timeline until it falls or its wait runs out. The timeline sets them when it brings
//! them in; whatever removes an enemy (a kill, leaving the screen) tells them here.

/// A mid-boss holding the timeline: its enemy key and the steps the wait may still last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MidBossWait {
    pub key: usize,
    pub steps_left: u32,
}

/// The stage boss and the mid-boss by enemy key.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bosses {
    /// The stage boss while it lives.
    pub boss: Option<usize>,
    /// The mid-boss the timeline waits for, while it lives and the wait lasts.
    pub mid_boss: Option<MidBossWait>,
    /// The mid-boss fell (or left) this step: the timeline hurries to the next wave.
    pub mid_boss_fell: bool,
}

impl Bosses {
    /// True when enemy `k` was brought in by a `Boss` or `MidBoss` event and still counts as one.
    pub fn placed(&self, k: usize) -> bool {
        self.boss == Some(k) || self.mid_boss.is_some_and(|w| w.key == k)
    }

    /// The timeline goes on once the mid-boss it waits for is gone, however it went, with the
    /// next wave at once.
    pub fn release_mid_boss(&mut self, k: usize) {
        if self.mid_boss.is_some_and(|w| w.key == k) {
            self.mid_boss = None;
            self.mid_boss_fell = true;
        }
    }

    /// Counts the mid-boss's wait down a step; it stops holding the timeline when it runs out.
    pub fn count_down(&mut self) {
        if let Some(w) = &mut self.mid_boss {
            w.steps_left = w.steps_left.saturating_sub(1);
            if w.steps_left == 0 {
                self.mid_boss = None;
            }
        }
    }

    /// True while a boss or mid-boss holds the timeline.
    pub fn holding(&self) -> bool {
        self.boss.is_some() || self.mid_boss.is_some()
    }
}
