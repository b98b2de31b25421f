//! Boss attacks: a level's named boss phases, found by name, and the capture rule a phase
//! played alone is judged by. PRACTICE > BOSS ATTACKS lists and plays them; `sim --phase`
//! starts at one.
//!
//! Tests in `tests.rs` (every shipped phase named and started in the state it needs, and the
//! capture rule). Imports `level` and `sim`.

use std::sync::Arc;

use crate::level::{Level, TimelineEvent};
use crate::sim::{GameEvent, PhaseStart, World};

/// A named phase of a boss or mid-boss of a stage.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// The enemy type's name in the level (`tidewarden`).
    pub enemy_name: Arc<str>,
    /// The phase's title (`Tidal Lance`).
    pub name: Arc<str>,
    /// Which enemy type and phase, as the world starts at it.
    pub start: PhaseStart,
    /// The stage time of the event that brings the enemy in: where a run at it starts.
    pub at: f32,
    /// Brought in by a `MidBoss` event, not the stage's `Boss`.
    pub mid_boss: bool,
}

impl Attack {
    /// The attack's key in the practice record, with its stage's file name: `stage2.ron`,
    /// `tidewarden`, `Tidal Lance` become `stage2.ron/tidewarden/Tidal Lance`.
    pub fn key(&self, stage_file: &str) -> String {
        attack_key(stage_file, &self.enemy_name, &self.name)
    }
}

/// The practice record's key of an attack: its stage's file name, the enemy's name and the
/// phase's title, joined by `/`.
pub fn attack_key(stage_file: &str, enemy: &str, phase: &str) -> String {
    format!("{stage_file}/{enemy}/{phase}")
}

/// Every named phase of the bosses and mid-bosses `level`'s timeline brings in, in the order
/// they come and, within an enemy, in phase order. An enemy brought in twice is listed once,
/// at its first coming.
pub fn attacks(level: &Level) -> Vec<Attack> {
    let mut out: Vec<Attack> = Vec::new();
    for ev in &level.timeline {
        let (at, enemy, mid_boss) = match ev {
            TimelineEvent::MidBoss { at, enemy, .. } => (*at, *enemy, true),
            TimelineEvent::Boss { at, enemy, .. } => (*at, *enemy, false),
            _ => continue,
        };
        if out.iter().any(|a| a.start.enemy == enemy) {
            continue;
        }
        let ty = &level.enemies[enemy];
        for (phase, p) in ty.phases.iter().enumerate() {
            if let Some(name) = &p.name {
                out.push(Attack {
                    enemy_name: ty.name.clone(),
                    name: name.clone(),
                    start: PhaseStart { enemy, phase },
                    at,
                    mid_boss,
                });
            }
        }
    }
    out
}

/// The attack of `level` titled `name` (of the enemy named `enemy`, when given), the first
/// one coming when two enemies share a title.
pub fn find(level: &Level, enemy: Option<&str>, name: &str) -> Option<Attack> {
    attacks(level)
        .into_iter()
        .find(|a| *a.name == *name && enemy.is_none_or(|e| *a.enemy_name == *e))
}

/// How a try at an attack ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TryOutcome {
    /// The phase ended (its next phase began, or the enemy fell) with no life lost and no
    /// bomb used on the way.
    pub captured: bool,
    /// Steps from the phase's start to its end.
    pub steps: u64,
}

/// What a step meant for a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryStep {
    /// Nothing new: the phase has not begun yet, or goes on.
    Nothing,
    /// The phase began this step: a try is counted.
    Began,
    /// The try is over.
    Ended(TryOutcome),
}

/// What a step of the world showed a try, plainly, so the rule is tested without a world.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    pub events: &'a [GameEvent],
    /// The enemy (by its key) still lives; asked only once the phase has begun.
    pub present: bool,
    /// A boss or mid-boss was destroyed in the run so far (the world's count).
    pub bosses_defeated: u32,
    pub game_over: bool,
}

/// One try at an attack: it begins when the world reports the phase begun, and is captured
/// when the phase ends (the enemy's next phase begins, or it is destroyed) with no death and
/// no bomb since. An enemy that leaves undestroyed, or a game over, ends it uncaptured.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackTry {
    target: PhaseStart,
    /// The enemy's key once the phase has begun.
    key: Option<usize>,
    steps: u64,
    /// A life was lost or a bomb used during the phase.
    spoiled: bool,
    /// The world's destroyed-boss count when the phase began.
    defeated_before: u32,
}

impl AttackTry {
    pub fn new(target: PhaseStart) -> AttackTry {
        AttackTry {
            target,
            key: None,
            steps: 0,
            spoiled: false,
            defeated_before: 0,
        }
    }

    /// Steps the phase has lasted so far (0 before it begins).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The step `world` just took.
    pub fn observe(&mut self, world: &World) -> TryStep {
        let present = self.key.is_some_and(|k| world.enemies().contains(k));
        self.observe_seen(Seen {
            events: world.events(),
            present,
            bosses_defeated: world.stats().bosses_defeated,
            game_over: world.game_over(),
        })
    }

    /// The capture rule over one step's plain facts.
    pub fn observe_seen(&mut self, seen: Seen) -> TryStep {
        let Some(key) = self.key else {
            let began = seen.events.iter().find_map(|ev| match ev {
                GameEvent::BossPhase {
                    key, enemy, phase, ..
                } if *enemy == self.target.enemy && *phase == self.target.phase => Some(*key),
                _ => None,
            });
            return match began {
                Some(k) => {
                    self.key = Some(k);
                    self.defeated_before = seen.bosses_defeated;
                    TryStep::Began
                }
                None => TryStep::Nothing,
            };
        };
        self.steps += 1;
        for ev in seen.events {
            if matches!(ev, GameEvent::Death { .. } | GameEvent::Bomb { .. }) {
                self.spoiled = true;
            }
        }
        let next_phase = seen.events.iter().any(|ev| {
            matches!(ev, GameEvent::BossPhase { key: k, phase, .. }
                if *k == key && *phase != self.target.phase)
        });
        let destroyed = !seen.present && seen.bosses_defeated > self.defeated_before;
        let end = |captured| {
            TryStep::Ended(TryOutcome {
                captured,
                steps: self.steps,
            })
        };
        if next_phase || destroyed {
            end(!self.spoiled)
        } else if !seen.present || seen.game_over {
            end(false)
        } else {
            TryStep::Nothing
        }
    }
}

#[cfg(test)]
mod tests;
