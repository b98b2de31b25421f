//! Pacing figures measured while a stage plays: how long its mid-boss and boss took to fall,
//! and the stretches with nothing to shoot (the longest, and every one over [`GAP_S`]).
//!
//! A [`StageMeter`] only reads the world after each whole step (its state and the events the
//! step reported), so measuring never changes the game.

use serde::Serialize;

use crate::level::{Level, TimelineEvent};

use crate::sim::model::clock::DT;
use crate::sim::model::events::GameEvent;
use crate::sim::{StagePhase, World};

/// Steps at the start of each stage left out of dead air: the first enemies are still on their
/// way in, by design.
pub const DEAD_AIR_GRACE_STEPS: u64 = 180;

/// A quiet stretch at least this long is listed among a stage's gaps: long enough for a
/// player to notice there is nothing to shoot.
pub const GAP_S: f64 = 2.5;

/// One stretch with no enemy on screen, at least [`GAP_S`] long.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Gap {
    /// Where on the stage's timeline it began, seconds.
    pub at_s: f64,
    /// How long it lasted, seconds.
    pub length_s: f64,
}

/// How long one stage's boss took to fall.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BossTtk {
    /// The stage's file name, e.g. `stage1.ron`.
    pub stage: String,
    /// The boss's enemy name.
    pub boss: String,
    /// Seconds from the boss's spawn to its defeat; `None` when it was not defeated in the run
    /// (or never appeared).
    pub ttk_s: Option<f64>,
    /// The first player's shot power when the boss came in: what the fight was fought with.
    pub power: Option<u8>,
}

/// Watches one stage being played, step by step.
#[derive(Clone, Debug)]
pub struct StageMeter {
    ttk: Option<BossTtk>,
    /// The step the boss spawned on.
    boss_spawned: Option<u64>,
    /// Steps in the current stretch with no enemy on screen, and the longest so far.
    quiet: u64,
    longest_quiet: u64,
    /// Stage time when the current quiet stretch began, and when the longest one did.
    quiet_from: f32,
    longest_from: f32,
    /// Every finished quiet stretch of at least [`GAP_S`].
    gaps: Vec<Gap>,
    /// The mid-boss's name and time to kill, when the stage has one.
    mid_ttk: Option<BossTtk>,
    /// The mid-boss being waited for: its key, the step it came in on, and the bosses
    /// defeated by then (one more when it goes means it was shot down, not outwaited).
    mid_boss: Option<(usize, u64, u32)>,
}

impl StageMeter {
    /// A meter for `level` (its boss, if it has one, is named from its timeline).
    pub fn new(level: &Level) -> StageMeter {
        let boss = level.timeline.iter().find_map(|e| match e {
            TimelineEvent::Boss { enemy, .. } => {
                level.enemies.get(*enemy).map(|t| t.name.to_string())
            }
            _ => None,
        });
        let mid_boss = level.timeline.iter().find_map(|e| match e {
            TimelineEvent::MidBoss { enemy, .. } => {
                level.enemies.get(*enemy).map(|t| t.name.to_string())
            }
            _ => None,
        });
        StageMeter {
            ttk: boss.map(|boss| BossTtk {
                stage: file_name(&level.source),
                boss,
                ttk_s: None,
                power: None,
            }),
            mid_ttk: mid_boss.map(|boss| BossTtk {
                stage: file_name(&level.source),
                boss,
                ttk_s: None,
                power: None,
            }),
            mid_boss: None,
            gaps: Vec::new(),
            boss_spawned: None,
            quiet: 0,
            longest_quiet: 0,
            quiet_from: 0.0,
            longest_from: 0.0,
        }
    }

    /// Takes in the step `world` just finished (after both `update` and `collide`).
    pub fn observe(&mut self, world: &World) {
        for ev in world.events() {
            match ev {
                GameEvent::BossAppears { .. } => {
                    self.boss_spawned = Some(world.frame());
                    if let Some(t) = self.ttk.as_mut() {
                        t.power = world.players().first().map(|p| p.power);
                    }
                }
                GameEvent::BossDefeated { .. } => {
                    if let (Some(t), Some(from)) = (self.ttk.as_mut(), self.boss_spawned) {
                        t.ttk_s = Some(steps_to_s(world.frame() - from));
                    }
                }
                _ => {}
            }
        }
        match (world.mid_boss(), self.mid_boss) {
            (Some(w), None) => {
                self.mid_boss = Some((w.key, world.frame(), world.stats().bosses_defeated));
            }
            (None, Some((_, from, defeated))) => {
                self.mid_boss = None;
                // Only the first mid-boss is timed; one outwaited or flown off has no time.
                if let Some(t) = self.mid_ttk.as_mut().filter(|t| t.ttk_s.is_none()) {
                    if world.stats().bosses_defeated > defeated {
                        t.ttk_s = Some(steps_to_s(world.frame() - from));
                    }
                }
            }
            _ => {}
        }
        // Dead air is what a player sees: no enemy on the playfield. Enemies still off the
        // edge, waiting to fly in, do not count as something to shoot. The opening seconds
        // and the stage-clear tally are quiet by design and are left out: a stretch stops there.
        let counted = world.frame() > DEAD_AIR_GRACE_STEPS && world.phase() == StagePhase::Playing;
        if counted && !world.enemies().iter().any(|(_, e)| e.on_screen()) {
            if self.quiet == 0 {
                self.quiet_from = world.stage_time();
            }
            self.quiet += 1;
            if self.quiet > self.longest_quiet {
                self.longest_quiet = self.quiet;
                self.longest_from = self.quiet_from;
            }
        } else {
            self.end_quiet();
        }
    }

    /// Ends the current quiet stretch, listing it when it is a gap.
    fn end_quiet(&mut self) {
        let length_s = steps_to_s(self.quiet);
        if length_s >= GAP_S {
            self.gaps.push(Gap {
                at_s: (f64::from(self.quiet_from) * 10.0).round() / 10.0,
                length_s,
            });
        }
        self.quiet = 0;
    }

    /// Every stretch of at least [`GAP_S`] with no enemy on screen, in order, the one still
    /// going (if any) included.
    pub fn gaps(&self) -> Vec<Gap> {
        let mut gaps = self.gaps.clone();
        let length_s = steps_to_s(self.quiet);
        if length_s >= GAP_S {
            gaps.push(Gap {
                at_s: (f64::from(self.quiet_from) * 10.0).round() / 10.0,
                length_s,
            });
        }
        gaps
    }

    /// The mid-boss's time to kill (from its arrival to its fall), or `None` for a stage
    /// without one. Its `ttk_s` is `None` when it was outwaited (its `wait_s` ran out) or
    /// left the screen.
    pub fn mid_boss_ttk(&self) -> Option<BossTtk> {
        self.mid_ttk.clone()
    }

    /// The boss's time to kill, or `None` for a stage without a boss.
    pub fn boss_ttk(&self) -> Option<BossTtk> {
        self.ttk.clone()
    }

    /// The longest stretch with no enemy on screen so far, seconds.
    pub fn dead_air_s(&self) -> f64 {
        steps_to_s(self.longest_quiet)
    }

    /// The stage time (seconds on the timeline) at which that longest stretch began: where an
    /// author looks to fill it.
    pub fn dead_air_at_s(&self) -> f64 {
        (f64::from(self.longest_from) * 10.0).round() / 10.0
    }
}

/// Steps as seconds, rounded to a tenth: finer would only report the step size back.
fn steps_to_s(steps: u64) -> f64 {
    (steps as f64 * f64::from(DT) * 10.0).round() / 10.0
}

/// The last component of a level's source path (the whole string if it has none).
pub fn file_name(source: &str) -> String {
    std::path::Path::new(source)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(source)
        .to_string()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::sim::{Input, WorldConfig};
    use crate::testkit::scenario;

    fn stage(length_s: u32, events: &str) -> Arc<Level> {
        scenario::level(&format!(
            r#"Stage(name: "Meter", length_s: {length_s}, scroll_speed: 20, uses: ["defs"], events: [{events}])"#
        ))
        .expect("the test stage loads")
    }

    /// Plays `level` idle (invincible) until it is cleared or `steps` pass, metering each step.
    /// A 20 s stage whose one drone comes in at 6 s at height `y`, and hovers there.
    fn drone_from_6s(y: i32) -> Arc<Level> {
        let spawn =
            format!(r#"Spawn(at: 6.0, enemy: "drone", x: 112, y: {y}, count: 1, spacing_s: 0)"#);
        stage(20, &spawn)
    }

    fn play(level: &Arc<Level>, steps: u64) -> (World, StageMeter) {
        let config = WorldConfig {
            invincible: true,
            ..WorldConfig::default()
        };
        let mut world = World::new(level.clone(), config);
        let mut meter = StageMeter::new(level);
        while !world.cleared() && world.frame() < steps {
            world.step(&[Input::default()]);
            meter.observe(&world);
        }
        (world, meter)
    }

    #[test]
    fn an_empty_stage_is_dead_air_from_the_opening_to_the_tally() {
        let (world, meter) = play(&stage(20, ""), 60 * 30);
        assert!(world.cleared());
        // 20 s of stage less the 3 s opening; the tally after it does not count.
        assert_eq!(meter.dead_air_s(), 17.0);
        assert_eq!(meter.boss_ttk(), None, "no boss, no time to kill");
    }

    #[test]
    fn an_enemy_on_screen_ends_the_stretch() {
        // A drone that hovers in view from 6 s to the end: only 3 s to 6 s is empty.
        let level = drone_from_6s(60);
        let (_, meter) = play(&level, 60 * 30);
        assert_eq!(meter.dead_air_s(), 3.0);
        // Off the top edge it is not yet something to shoot.
        let level = drone_from_6s(-40);
        assert_eq!(play(&level, 60 * 30).1.dead_air_s(), 17.0);
    }

    #[test]
    fn every_quiet_stretch_over_the_gap_length_is_listed() {
        // Quiet from 3 s (the opening's end) to 6 s, then a drone in view for good.
        let level = drone_from_6s(60);
        let (_, meter) = play(&level, 60 * 30);
        assert_eq!(
            meter.gaps(),
            vec![Gap {
                at_s: 3.0,
                length_s: 3.0
            }]
        );
        // Shorter than a gap: not listed.
        let level = stage(
            20,
            r#"Spawn(at: 4.0, enemy: "drone", x: 112, y: 60, count: 1, spacing_s: 0)"#,
        );
        assert_eq!(play(&level, 60 * 30).1.gaps(), Vec::new());
    }

    #[test]
    fn a_mid_boss_is_timed_when_shot_down_and_not_when_outwaited() {
        let level = stage(
            60,
            r#"MidBoss(at: 1.0, enemy: "boss", x: 112, y: 60, wait_s: 5)"#,
        );
        // Outwaited: the timeline goes on after 5 s, with no time to kill.
        let (_, meter) = play(&level, 60 * 10);
        let t = meter.mid_boss_ttk().expect("the stage has a mid-boss");
        assert_eq!((t.boss.as_str(), t.ttk_s), ("boss", None));
        // Shot down 2 s after it came.
        let (mut world, mut meter) = play(&level, 1);
        while world.mid_boss().is_none() {
            world.step(&[Input::default()]);
            meter.observe(&world);
        }
        for _ in 0..120 {
            world.step(&[Input::default()]);
            meter.observe(&world);
        }
        let key = world.mid_boss().expect("still waiting").key;
        for part in [1, 2, 0] {
            world.damage_part(key, part, 1000.0, 0);
        }
        meter.observe(&world);
        assert_eq!(meter.mid_boss_ttk().unwrap().ttk_s, Some(2.0));
    }

    #[test]
    fn a_boss_is_timed_from_its_spawn_to_its_fall() {
        let level = stage(20, r#"Boss(at: 1.0, enemy: "boss", x: 112, y: 60)"#);
        let (mut world, mut meter) = play(&level, 1);
        while world.boss().is_none() {
            world.step(&[Input::default()]);
            meter.observe(&world);
        }
        let spawned = world.frame();
        for _ in 0..300 {
            world.step(&[Input::default()]);
            meter.observe(&world);
        }
        let untouched = meter.boss_ttk().expect("the stage has a boss");
        assert_eq!(
            (
                untouched.stage.as_str(),
                untouched.boss.as_str(),
                untouched.ttk_s
            ),
            ("scenario.ron", "boss", None)
        );
        // Guards first, then the core, all within the step just metered.
        let boss = world.boss().unwrap();
        for part in [1, 2, 0] {
            world.damage_part(boss, part, 1000.0, 0);
        }
        meter.observe(&world);
        assert_eq!(world.boss(), None);
        assert_eq!(world.frame() - spawned, 300);
        assert_eq!(meter.boss_ttk().unwrap().ttk_s, Some(5.0));
    }
}
