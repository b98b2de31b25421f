//! Boss attacks: every shipped phase is named and starts in the state it needs, and the
//! capture rule.

use glam::Vec2;

use super::*;
use crate::level::Difficulty;
use crate::run::{prepare, RunKind, RunPlan, Shipped, Stages, Start};
use crate::sim::{Input, World};

/// Every shipped stage, the Extra stage too, loaded.
fn shipped_levels() -> Vec<(std::path::PathBuf, Level)> {
    let shipped = Shipped::find();
    let mut paths = shipped.stages().expect("the shipped stages");
    paths.extend(shipped.extra_stage());
    paths
        .into_iter()
        .map(|p| {
            let level = shipped.load(&p).expect("a shipped stage loads");
            (p, level)
        })
        .collect()
}

/// Issue #44: every phase of every shipped boss and mid-boss has a title.
#[test]
fn every_shipped_boss_phase_is_named() {
    for (path, level) in shipped_levels() {
        let mut bosses = 0;
        for ev in &level.timeline {
            let enemy = match ev {
                TimelineEvent::MidBoss { enemy, .. } | TimelineEvent::Boss { enemy, .. } => *enemy,
                _ => continue,
            };
            bosses += 1;
            let ty = &level.enemies[enemy];
            for (i, p) in ty.phases.iter().enumerate() {
                assert!(
                    p.name.is_some(),
                    "{}: {} phase {} has no name",
                    path.display(),
                    ty.name,
                    i + 1
                );
            }
        }
        assert_eq!(bosses, 2, "{}: a mid-boss and a boss", path.display());
        assert!(attacks(&level).len() >= 4, "{}", path.display());
    }
}

/// The first step on which `world` reports phase `start` of its enemy begun, within a second.
fn begun(world: &mut World, start: PhaseStart) -> usize {
    for _ in 0..60 {
        world.step(&[Input::default()]);
        let found = world.events().iter().find_map(|ev| match ev {
            GameEvent::BossPhase {
                key, enemy, phase, ..
            } if *enemy == start.enemy && *phase == start.phase => Some(*key),
            _ => None,
        });
        if let Some(k) = found {
            return k;
        }
    }
    panic!("phase {start:?} never began");
}

/// Issue #44: each attack, played alone, starts at that phase, its boss in the state the
/// phase needs: the parts its `after` names destroyed, the core's HP at or under its
/// `below_hp`, and the phase it is in reported once.
#[test]
fn every_shipped_attack_starts_in_its_phase() {
    let shipped = Shipped::find();
    for (path, level) in shipped_levels() {
        for attack in attacks(&level) {
            let what = format!(
                "{}: {} / {}",
                path.display(),
                attack.enemy_name,
                attack.name
            );
            let plan = RunPlan {
                start: Start::Phase {
                    enemy: Some(attack.enemy_name.to_string()),
                    name: attack.name.to_string(),
                },
                difficulty: Difficulty::Hard,
                ..RunPlan::new(RunKind::Attack, Stages::One(path.clone()))
            };
            let run = prepare(&plan, &shipped).expect(&what);
            assert_eq!(run.config.start_phase, Some(attack.start), "{what}");
            assert_eq!(run.config.start_at, attack.at, "{what}");
            let mut world = World::new(run.level.clone(), run.config.clone());
            let k = begun(&mut world, attack.start);
            let phases = world.events().iter();
            let reported = phases.filter(|e| matches!(e, GameEvent::BossPhase { .. }));
            assert_eq!(reported.count(), 1, "{what}: one phase reported");
            let ty = &world.level().enemies[attack.start.enemy];
            let phase = &ty.phases[attack.start.phase];
            let e = &world.enemies()[k];
            assert_eq!(e.boss_phase, attack.start.phase, "{what}");
            for &pi in &phase.after {
                assert!(e.parts[pi].destroyed, "{what}: part {pi} down");
            }
            let core = &e.parts[ty.core];
            assert!(!core.destroyed, "{what}");
            assert!(
                core.hp <= core.max_hp * phase.below_hp.max(0.0) + 1e-3,
                "{what}"
            );
            assert!(core.hp > 0.0, "{what}");
            // The boss stays in its phase while nobody shoots.
            for _ in 0..120 {
                world.step(&[Input::default()]);
            }
            assert_eq!(world.enemies()[k].boss_phase, attack.start.phase, "{what}");
        }
    }
}

#[test]
fn a_title_not_on_the_stage_is_refused_with_the_titles_it_has() {
    let shipped = Shipped::find();
    let stage = shipped.levels_dir().join("stage2.ron");
    let plan = RunPlan {
        start: Start::Phase {
            enemy: None,
            name: "Tidal Lunge".into(),
        },
        ..RunPlan::new(RunKind::Attack, Stages::One(stage))
    };
    let err = prepare(&plan, &shipped).unwrap_err().to_string();
    assert!(err.contains("--phase \"Tidal Lunge\""), "{err}");
    assert!(err.contains("Tidal Lance"), "{err}");
}

const TARGET: PhaseStart = PhaseStart { enemy: 3, phase: 2 };

fn phase(key: usize, phase: usize) -> GameEvent {
    GameEvent::BossPhase {
        key,
        enemy: TARGET.enemy,
        phase,
        name: None,
    }
}

fn seen(events: &[GameEvent], present: bool, bosses_defeated: u32) -> Seen<'_> {
    Seen {
        events,
        present,
        bosses_defeated,
        game_over: false,
    }
}

/// A try begun and then run `quiet` steps with nothing happening.
fn begun_try(quiet: u64) -> AttackTry {
    let mut t = AttackTry::new(TARGET);
    assert_eq!(t.observe_seen(seen(&[], true, 0)), TryStep::Nothing);
    // Another enemy's phase, or another phase of it, is not the try's.
    let other = GameEvent::BossPhase {
        key: 9,
        enemy: 1,
        phase: 2,
        name: None,
    };
    assert_eq!(t.observe_seen(seen(&[other], true, 0)), TryStep::Nothing);
    assert_eq!(
        t.observe_seen(seen(&[phase(7, 1)], true, 0)),
        TryStep::Nothing
    );
    assert_eq!(
        t.observe_seen(seen(&[phase(7, 2)], true, 0)),
        TryStep::Began
    );
    for _ in 0..quiet {
        assert_eq!(t.observe_seen(seen(&[], true, 0)), TryStep::Nothing);
    }
    t
}

fn ended(captured: bool, steps: u64) -> TryStep {
    TryStep::Ended(TryOutcome { captured, steps })
}

/// Issue #44: a try is captured when its phase ends with no death and no bomb.
#[test]
fn the_next_phase_with_no_death_nor_bomb_captures() {
    let mut t = begun_try(99);
    assert_eq!(
        t.observe_seen(seen(&[phase(7, 3)], true, 0)),
        ended(true, 100)
    );
}

#[test]
fn the_boss_destroyed_in_its_phase_captures() {
    let mut t = begun_try(9);
    assert_eq!(t.observe_seen(seen(&[], false, 1)), ended(true, 10));
}

#[test]
fn a_death_or_a_bomb_during_the_phase_fails_it() {
    let pos = Vec2::ZERO;
    for spoiler in [
        GameEvent::Death { player: 0, pos },
        GameEvent::Bomb { player: 0 },
    ] {
        let mut t = begun_try(5);
        let events = [spoiler.clone()];
        assert_eq!(t.observe_seen(seen(&events, true, 0)), TryStep::Nothing);
        assert_eq!(t.observe_seen(seen(&[], true, 0)), TryStep::Nothing);
        assert_eq!(
            t.observe_seen(seen(&[phase(7, 3)], true, 0)),
            ended(false, 8),
            "{spoiler:?}"
        );
        // In the very step the phase ends, too.
        let mut t = begun_try(5);
        let events = [spoiler.clone(), phase(7, 0)];
        assert_eq!(t.observe_seen(seen(&events, true, 0)), ended(false, 6));
    }
}

#[test]
fn an_enemy_that_leaves_or_a_game_over_fails_the_try() {
    let mut t = begun_try(3);
    assert_eq!(t.observe_seen(seen(&[], false, 0)), ended(false, 4));
    let mut t = begun_try(3);
    let over = Seen {
        game_over: true,
        ..seen(&[], true, 0)
    };
    assert_eq!(t.observe_seen(over), ended(false, 4));
}
