//! What every system of a step may change besides its own bodies: the collider's boxes, the
//! game's random draws, the step's report of what happened and the run's counters. A system
//! borrows these as one [`Shared`] beside the tables it owns.

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Handle};

use crate::sim::model::events::{GameEvent, RunStats};

/// The world's common parts, borrowed for the length of one system's work.
pub(crate) struct Shared<'a> {
    pub collider: &'a mut Collider,
    pub rng: &'a mut oorandom::Rand64,
    pub events: &'a mut Vec<GameEvent>,
    pub stats: &'a mut RunStats,
}

impl Shared<'_> {
    pub fn insert_box(&mut self, desc: BoxDesc) -> Option<Handle> {
        // A full collider (only reachable with absurd levels) drops the box rather than the game.
        self.collider.insert(desc).ok()
    }

    pub fn move_box(&mut self, handle: Option<Handle>, aabb: Aabb) {
        if let Some(h) = handle {
            let _ = self.collider.set_aabb(h, aabb);
        }
    }

    pub fn remove_box(&mut self, handle: Option<Handle>) {
        remove_box(self.collider, handle);
    }

    /// A draw in `[0, 1)` from the game's generator.
    pub fn rand_f32(&mut self) -> f32 {
        rand_f32(self.rng)
    }
}

/// Takes `handle`'s box out of `collider`, if there is one.
pub(crate) fn remove_box(collider: &mut Collider, handle: Option<Handle>) {
    if let Some(h) = handle {
        let _ = collider.remove(h);
    }
}

/// A draw in `[0, 1)` from `rng`: its next 24 high bits.
pub(crate) fn rand_f32(rng: &mut oorandom::Rand64) -> f32 {
    (rng.rand_u64() >> 40) as f32 / (1u64 << 24) as f32
}
