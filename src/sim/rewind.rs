//! Going back in time while practising: snapshots of the world every half second and every
//! step's inputs since the oldest, so any of the last few seconds can be rebuilt exactly by
//! restoring the snapshot before it and stepping forward again.

use std::collections::VecDeque;

use crate::level::limits;

use super::world::World;
use crate::sim::model::input::Input;

/// Steps between snapshots: a rewind re-simulates at most this many steps.
pub const SNAPSHOT_EVERY: u64 = 30;

/// The shortest reach a stage that allows many bullets cuts a history down to (two seconds).
pub const MIN_REACH: u64 = 2 * 60;

/// The history of a world in play, as far back as `reach` steps, or less on a stage that allows
/// more bullets than the default (see [`History::reach_for`]).
///
/// Contract: [`History::record`] is called with exactly the inputs of every step the world
/// takes, before the step; then [`History::rewind`] leaves the world as it was that many steps
/// ago, bit for bit.
pub struct History {
    reach: u64,
    /// Snapshots, oldest first, each taken before the step at its `frame`.
    snapshots: VecDeque<World>,
    /// The inputs of every step from the oldest snapshot on, oldest first.
    inputs: VecDeque<Vec<Input>>,
}

impl History {
    /// A history reaching back `reach` steps (at least one snapshot interval).
    pub fn new(reach: u64) -> History {
        History {
            reach: reach.max(SNAPSHOT_EVERY),
            snapshots: VecDeque::new(),
            inputs: VecDeque::new(),
        }
    }

    /// Notes the step `world` is about to take with `inputs`.
    pub fn record(&mut self, world: &World, inputs: &[Input]) {
        self.record_with(world, inputs, None);
    }

    /// True when the next [`History::record`] of `world` takes a snapshot of it.
    pub fn snapshot_due(&self, world: &World) -> bool {
        world.frame().is_multiple_of(SNAPSHOT_EVERY) || self.snapshots.is_empty()
    }

    /// [`History::record`], with a copy of `world` made beforehand (on another thread, say) to
    /// serve as the snapshot if one is due. A copy of another frame is dropped and `world`
    /// cloned instead. Contract: a copy of `world.frame` is a clone of `world` as it is now,
    /// made since the world last changed.
    pub fn record_with(&mut self, world: &World, inputs: &[Input], copy: Option<World>) {
        if self.snapshot_due(world) {
            let snapshot = copy.filter(|c| c.frame() == world.frame());
            self.snapshots
                .push_back(snapshot.unwrap_or_else(|| world.clone()));
        }
        self.inputs.push_back(inputs.to_vec());
        // Drop snapshots once the next one is itself far enough back.
        let reach = self.reach_for(world.level().max_bullets);
        while self.snapshots.len() > 1 && world.frame() - self.snapshots[1].frame() >= reach {
            let old = self.snapshots.pop_front().expect("more than one snapshot");
            let dropped = self.snapshots[0].frame() - old.frame();
            self.inputs.drain(..dropped as usize);
        }
    }

    /// How far back the history reaches on a stage that allows `max_bullets` enemy bullets:
    /// its full reach up to the default bullet count, then shorter in proportion, so its
    /// snapshots hold about as much memory as at the default (a snapshot of a stage alive with
    /// 100,000 bullets is about 20 MB), but never less than [`MIN_REACH`].
    pub fn reach_for(&self, max_bullets: usize) -> u64 {
        let scaled =
            self.reach as u128 * limits::DEFAULT_ENEMY_BULLETS as u128 / max_bullets.max(1) as u128;
        (scaled.min(u128::from(self.reach)) as u64).max(MIN_REACH.min(self.reach))
    }

    /// How many steps back the history reaches from `world`.
    pub fn available(&self, world: &World) -> u64 {
        self.snapshots
            .front()
            .map_or(0, |s| world.frame().saturating_sub(s.frame()))
    }

    /// Takes `world` back `steps` steps (as far as the history reaches), forgetting what came
    /// after; returns how many steps it went back.
    pub fn rewind(&mut self, world: &mut World, steps: u64) -> u64 {
        let steps = steps.min(self.available(world));
        if steps == 0 {
            return 0;
        }
        let target = world.frame() - steps;
        while self.snapshots.back().is_some_and(|s| s.frame() > target) {
            self.snapshots.pop_back();
        }
        let Some(snapshot) = self.snapshots.back() else {
            return 0;
        };
        let first = self.snapshots[0].frame();
        let mut rebuilt = snapshot.clone();
        for i in (rebuilt.frame() - first)..(target - first) {
            rebuilt.step(&self.inputs[i as usize]);
        }
        self.inputs.truncate((target - first) as usize);
        // Events of the re-simulated steps have been seen already.
        rebuilt.forget_events();
        *world = rebuilt;
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::WorldConfig;
    use crate::testkit::scenario;

    const STAGE: &str = r#"Stage(
        name: "Rewind test",
        uses: ["defs"],
        length_s: 60,
        events: [
            Spawn(at: 1, enemy: "drone", x: 60, y: 60, count: 6, spacing_s: 0.5, dx: 20),
            Spawn(at: 2, enemy: "boss", x: 112, y: 80),
        ],
    )"#;

    /// Inputs that move, shoot and bomb, varying with the step.
    fn input(n: u64) -> Input {
        Input {
            left: n % 90 < 30,
            right: n % 90 >= 60,
            up: n % 200 < 40,
            shot: !n.is_multiple_of(7),
            bomb: n == 150,
            ..Input::default()
        }
    }

    fn played(steps: u64) -> World {
        let level = scenario::level(STAGE).expect("the test stage parses");
        let mut w = scenario::world(level, WorldConfig::default());
        for n in 0..steps {
            w.step(&[input(n)]);
        }
        w
    }

    /// A world played `steps` steps, each recorded in a history that reaches `reach` back.
    fn recorded(steps: u64, reach: u64) -> (World, History) {
        let mut w = played(0);
        let mut h = History::new(reach);
        for n in 0..steps {
            h.record(&w, &[input(n)]);
            w.step(&[input(n)]);
        }
        (w, h)
    }

    #[test]
    fn rewinding_gives_back_the_world_as_it_was() {
        let (mut w, mut h) = recorded(400, 600);
        for back in [1, 29, 30, 31, 95] {
            let (mut fresh, mut hist) = recorded(400, 600);
            assert_eq!(hist.rewind(&mut fresh, back), back);
            assert_eq!(
                fresh.state_hash(),
                played(400 - back).state_hash(),
                "{back} steps back"
            );
        }
        // Rewound, then played on with other inputs: the history follows the new timeline.
        assert_eq!(h.rewind(&mut w, 100), 100);
        for _ in 0..50 {
            h.record(&w, &[Input::default()]);
            w.step(&[Input::default()]);
        }
        assert_eq!(h.rewind(&mut w, 50), 50);
        assert_eq!(w.state_hash(), played(300).state_hash());
    }

    #[test]
    fn the_history_reaches_only_so_far_back() {
        let (mut w, mut h) = recorded(1000, 120);
        let reach = h.available(&w);
        assert!((120..120 + SNAPSHOT_EVERY).contains(&reach), "{reach}");
        assert_eq!(h.rewind(&mut w, 10_000), reach);
        assert_eq!(w.state_hash(), played(1000 - reach).state_hash());
        assert_eq!(h.available(&w), 0);
        assert_eq!(h.rewind(&mut w, 5), 0);
    }

    #[test]
    fn a_copy_made_beforehand_serves_as_the_snapshot_and_a_stale_one_is_dropped() {
        let mut w = played(0);
        let (mut fresh, mut stale) = (History::new(600), History::new(600));
        let mut old = None;
        for n in 0..200 {
            // A copy of the world as it is, and one of the step before (another frame).
            fresh.record_with(&w, &[input(n)], Some(w.clone()));
            stale.record_with(&w, &[input(n)], old.take());
            old = Some(w.clone());
            w.step(&[input(n)]);
        }
        let expected = played(140).state_hash();
        for mut h in [fresh, stale] {
            let mut back = w.clone();
            assert_eq!(h.rewind(&mut back, 60), 60);
            assert_eq!(back.state_hash(), expected);
        }
    }

    #[test]
    fn a_stage_with_room_for_more_bullets_keeps_a_shorter_history() {
        let h = History::new(600);
        let default = limits::DEFAULT_ENEMY_BULLETS;
        assert_eq!(h.reach_for(1), 600);
        assert_eq!(h.reach_for(default), 600);
        assert_eq!(h.reach_for(default * 2), 300);
        assert_eq!(h.reach_for(limits::MAX_ENEMY_BULLETS), MIN_REACH);
        assert_eq!(h.reach_for(usize::MAX), MIN_REACH);
        // A history asked for less than the floor keeps what it was asked for.
        assert_eq!(History::new(60).reach_for(limits::MAX_ENEMY_BULLETS), 60);
    }

    #[test]
    fn a_history_of_a_many_bullet_stage_keeps_fewer_snapshots() {
        let level = scenario::level(STAGE).expect("the test stage parses");
        let mut wide = (*level).clone();
        wide.max_bullets = limits::DEFAULT_ENEMY_BULLETS * 5;
        let mut w = scenario::world(std::sync::Arc::new(wide), WorldConfig::default());
        let mut h = History::new(600);
        for n in 0..1000 {
            h.record(&w, &[input(n)]);
            w.step(&[input(n)]);
        }
        let reach = h.available(&w);
        assert!((120..120 + SNAPSHOT_EVERY).contains(&reach), "{reach}");
        assert!(h.snapshots.len() <= 6, "{} snapshots", h.snapshots.len());
    }
}
