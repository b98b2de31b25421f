//! Starting a stage at one of a boss's phases (PRACTICE > BOSS ATTACKS, `sim --phase`): the
//! boss is brought in by the timeline as ever, then put in the state its phase needs. The
//! parts the phase's `after` names are already down (no score, no explosion), its core's HP
//! is where `below_hp` says, and its age is past `after_s`; then the phase is chosen the way
//! a hit would choose it.

use slab::Slab;

use crate::collide::Collider;
use crate::level::{Difficulty, Level};

use super::boss::Bosses;
use super::clock::DT;
use super::enemies::update_boss_phase;
use super::enemy::Enemy;
use super::events::GameEvent;
use super::hash::{Feed, StateHasher};
use super::shared::remove_box;

/// A boss's phase to start at: phase `phase` of the level's enemy type `enemy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseStart {
    pub enemy: usize,
    pub phase: usize,
}

impl Feed for PhaseStart {
    fn feed(&self, h: &mut StateHasher) {
        h.u64(self.enemy as u64);
        h.u64(self.phase as u64);
    }
}

/// What putting a boss in its phase's state touches.
pub(crate) struct PhaseSetter<'a> {
    pub enemies: &'a mut Slab<Enemy>,
    pub bosses: &'a Bosses,
    pub level: &'a Level,
    pub difficulty: Difficulty,
    pub collider: &'a mut Collider,
    pub events: &'a mut Vec<GameEvent>,
}

impl PhaseSetter<'_> {
    /// Once the boss or mid-boss of type `start.enemy` is in, puts it in the state phase
    /// `start.phase` needs and reports the phase. True once done (the start is used up);
    /// false while the boss has not come yet.
    pub fn apply(&mut self, start: PhaseStart) -> bool {
        let placed = self.bosses.boss.into_iter();
        let placed = placed.chain(self.bosses.mid_boss.map(|w| w.key));
        let found = placed
            .filter(|&k| self.enemies.get(k).is_some_and(|e| e.kind == start.enemy))
            .last();
        let Some(k) = found else {
            return false;
        };
        let ty = &self.level.enemies[start.enemy];
        let Some(phase) = ty.phases.get(start.phase) else {
            return true;
        };
        let e = &mut self.enemies[k];
        for &pi in &phase.after {
            let part = &mut e.parts[pi];
            part.destroyed = true;
            part.hp = 0.0;
            remove_box(self.collider, part.handle.take());
        }
        if (0.0..1.0).contains(&phase.below_hp) {
            let core = &mut e.parts[ty.core];
            core.hp = core.hp.min(core.max_hp * phase.below_hp);
        }
        if let Some(t) = phase.after_s {
            e.age = e.age.max((t / DT).ceil() as u32);
        }
        // The phase brought in a moment ago is not the one practised: only the chosen one is
        // reported as begun.
        self.events
            .retain(|ev| !matches!(ev, GameEvent::BossPhase { key, .. } if *key == k));
        let before = self.enemies[k].boss_phase;
        update_boss_phase(self.enemies, k, self.level, self.difficulty, self.events);
        if self.enemies[k].boss_phase == before {
            self.events
                .push(super::enemies::phase_event(self.level, self.enemies, k));
        }
        true
    }
}
