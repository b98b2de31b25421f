//! Values that differ by difficulty or loop, picked for the [`Tier`] being linked: a
//! per-difficulty hp or count becomes the one number the simulation reads, `loop2` scales it,
//! and an event whose `only` leaves this difficulty out is not placed at all.
//!
//! A stage that differs anywhere is linked once per tier (see [`super::link_linted`]); each
//! link checks the values of its own tier, so an error in `hard:` is reported at that key.

use super::validate::finite_in;
use super::{loc, Linker};
use crate::level::difficulty::Tier;
use crate::level::limits;
use crate::level::schema::{
    DefsFile, EnemyDef, PerDifficulty, StageDef, TimelineEventDef, LOOP_FACTOR,
};
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

impl Linker<'_> {
    /// The value of `v` on this tier's difficulty and where its text is: `at` for a plain
    /// value, its difficulty's key inside it for one per difficulty, with what messages add.
    fn pick<T: Copy>(&self, v: &PerDifficulty<T>, at: &[Seg]) -> (T, Vec<Seg>, String) {
        let d = self.tier.difficulty;
        let path = match v {
            PerDifficulty::One(_) => at.to_vec(),
            PerDifficulty::Each(_) => loc(at, [Seg::Field(d.name())]),
        };
        let label = Tier {
            later_loop: false,
            ..self.tier
        }
        .label(v.varies());
        (v.on(d), path, label)
    }

    /// An hp as this tier plays it, checked as written (`who` names its owner) and then
    /// scaled by `loop2` on a later loop, never past [`limits::MAX_HP`].
    pub(super) fn hp(
        &mut self,
        v: &PerDifficulty<f32>,
        src: &Source,
        at: &[Seg],
        who: &str,
    ) -> f32 {
        let (hp, path, on) = self.pick(v, at);
        if !(hp > 0.0 && hp.is_finite() && hp <= limits::MAX_HP) {
            let msg = format!(
                "{who}: hp{on} must be more than 0 and at most {}, found {hp}",
                limits::MAX_HP
            );
            self.err(src, &path, msg);
        }
        match self.tier.later_loop {
            true => (hp * self.loop2.hp).min(limits::MAX_HP),
            false => hp,
        }
    }

    /// A spawn's count as this tier plays it, checked as written and then scaled by `loop2`
    /// on a later loop (rounded, 1 to [`limits::MAX_SPAWN_COUNT`]).
    pub(super) fn spawn_count(&mut self, v: &PerDifficulty<u32>, at: &[Seg]) -> u32 {
        let (count, path, on) = self.pick(v, at);
        if count == 0 || count > limits::MAX_SPAWN_COUNT {
            let msg = format!(
                "spawn count{on} must be 1 to {}, found {count}",
                limits::MAX_SPAWN_COUNT
            );
            self.err(self.stage_src, &path, msg);
        }
        match self.tier.later_loop {
            true => {
                ((count as f32 * self.loop2.count).round() as u32).clamp(1, limits::MAX_SPAWN_COUNT)
            }
            false => count,
        }
    }

    /// True when `ev` happens on this tier's difficulty; an empty `only` is reported (at
    /// `at`, the event's text), since the event would then never happen.
    pub(super) fn happens(&mut self, ev: &TimelineEventDef, at: &[Seg]) -> bool {
        let Some(only) = ev.only() else {
            return true;
        };
        if only.0.is_empty() {
            let msg = "`only: []` leaves this event out on every difficulty; list the ones it \
                       happens on, or delete the event";
            self.err(self.stage_src, &loc(at, [Seg::Field("only")]), msg);
        }
        only.has(self.tier.difficulty)
    }
}

/// Checks the stage's `loop2` factors.
pub(super) fn check_loop2(r: &mut Linker, stage: &StageDef) {
    let Some(scale) = &stage.loop2 else {
        return;
    };
    let (lo, hi) = LOOP_FACTOR;
    for (f, v) in [("hp", scale.hp), ("count", scale.count)] {
        if !finite_in(v, lo, hi) {
            r.err(
                r.stage_src,
                &[Seg::Field("loop2"), Seg::Field(f)],
                format!("loop2's {f} is a factor from {lo} to {hi}, found {v}"),
            );
        }
    }
}

/// True when some tier plays `stage` differently from [`Tier::BASE`]: it has a `loop2`, an
/// event with `only`, a spawn count per difficulty, or an enemy (its own or a used one) with
/// hp per difficulty.
pub(super) fn varies(stage: &StageDef, defs: &[(Source, DefsFile)]) -> bool {
    fn event_varies(ev: &TimelineEventDef) -> bool {
        ev.only().is_some()
            || match ev {
                TimelineEventDef::Spawn { count, .. } => count.varies(),
                TimelineEventDef::Section { events, .. } => events.iter().any(event_varies),
                _ => false,
            }
    }
    fn enemy_varies(e: &EnemyDef) -> bool {
        e.hp.varies() || e.parts.iter().any(|p| p.hp.varies())
    }
    stage.loop2.is_some()
        || stage.events.iter().any(event_varies)
        || stage.waves.values().flatten().any(event_varies)
        || stage.enemies.values().any(enemy_varies)
        || defs
            .iter()
            .any(|(_, d)| d.enemies.values().any(enemy_varies))
}
