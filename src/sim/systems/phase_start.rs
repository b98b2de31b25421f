//! Starting a stage at one of a boss's phases (PRACTICE > BOSS ATTACKS, `sim --phase`): the
//! boss is brought in by the timeline as ever, then put in the state its phase needs. The
//! parts the phase's `after` names are already down (no score, no explosion), its core's HP
//! is where `below_hp` says, and its age is past `after_s`; then the phase is chosen the way
//! a hit would choose it.

use super::enemies::{update_boss_phase, Spawner};
use super::shared::remove_box;
use crate::sim::model::boss::Bosses;
use crate::sim::model::clock::DT;
use crate::sim::model::config::PhaseStart;
use crate::sim::model::events::GameEvent;

/// Once the boss or mid-boss of type `start.enemy` is in, puts it in the state phase
/// `start.phase` needs and reports the phase. True once done (the start is used up); false
/// while the boss has not come yet.
pub(crate) fn apply(
    start: PhaseStart,
    spawner: &mut Spawner,
    bosses: &Bosses,
    events: &mut Vec<GameEvent>,
) -> bool {
    let Spawner {
        enemies,
        level,
        difficulty,
        collider,
        ..
    } = spawner;
    let placed = bosses
        .boss
        .into_iter()
        .chain(bosses.mid_boss.map(|w| w.key));
    let found = { placed }.rfind(|&k| enemies.get(k).is_some_and(|e| e.kind == start.enemy));
    let Some(k) = found else {
        return false;
    };
    let ty = &level.enemies[start.enemy];
    let Some(phase) = ty.phases.get(start.phase) else {
        return true;
    };
    let e = &mut enemies[k];
    for &pi in &phase.after {
        let part = &mut e.parts[pi];
        part.destroyed = true;
        part.hp = 0.0;
        remove_box(collider, part.handle.take());
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
    events.retain(|ev| !matches!(ev, GameEvent::BossPhase { key, .. } if *key == k));
    let before = enemies[k].boss_phase;
    update_boss_phase(enemies, k, level, *difficulty, events);
    if enemies[k].boss_phase == before {
        events.push(super::enemies::phase_event(level, enemies, k));
    }
    true
}
