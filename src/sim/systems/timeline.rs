//! The stage's timeline: its clock, the events it brings in when their time comes (waves and
//! their formations, scroll changes, warnings, the mid-boss and the boss), the waits for
//! bosses, and what it is about to bring in (for the practice toolbox's spawn preview).

use std::sync::Arc;

use glam::Vec2;

use crate::level::{Level, TimelineEvent};

use super::enemies::{Spawn, Spawner};
use crate::sim::model::boss::{Bosses, MidBossWait};
use crate::sim::model::clock::DT;
use crate::sim::model::events::GameEvent;
use crate::sim::model::scroll::Scroll;

/// Seconds before the next wave the timeline resumes at once a mid-boss falls.
pub(crate) const HURRY_LEAD_S: f32 = 0.25;

/// A spawn waiting for its turn in a formation.
#[derive(Clone, Debug)]
pub(crate) struct PendingSpawn {
    pub at: f32,
    pub event: usize,
    pub index: u32,
}

/// A banner across the screen (boss warnings).
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub text: Arc<str>,
    pub steps_left: u32,
}

/// An enemy the timeline brings in soon.
#[derive(Clone, Debug, PartialEq)]
pub struct Upcoming {
    /// Seconds of stage time until it appears.
    pub in_s: f32,
    /// Where it appears, in playfield pixels (often just outside the playfield).
    pub pos: Vec2,
    /// Its enemy type, an index into the level's enemies.
    pub enemy: usize,
}

/// Where the stage's timeline stands.
#[derive(Clone, Debug)]
pub(crate) struct Timeline {
    /// Seconds on the stage's timeline (starts at the run's `start_at`; pauses for bosses).
    stage_time: f32,
    /// The next event of the level's timeline to come.
    next_event: usize,
    /// Formation members still to come, in the order they were queued.
    pending: Vec<PendingSpawn>,
    banner: Option<Banner>,
}

impl Timeline {
    /// The timeline of `level` started `start_at` seconds in (clamped to the stage). The
    /// ground is scrolled as far as a stage played from its start would have scrolled by then,
    /// with the speed (and any ease) its `Scroll` events had set, so practice from a point
    /// shows the ground that belongs there. Earlier events are skipped, but the boss never
    /// is: a stage with a boss only ends when it falls.
    pub fn start(level: &Level, start_at: f32, scroll: &mut Scroll) -> Timeline {
        let mut t = Timeline {
            stage_time: 0.0,
            next_event: 0,
            pending: Vec::new(),
            banner: None,
        };
        let steps = (start_at / DT).round() as u32;
        // In the order a step runs them: the ground moves, then the timeline.
        for _ in 0..steps {
            scroll.advance();
            t.stage_time += DT;
            while let Some(ev) = level.timeline.get(t.next_event) {
                let due = ev.at() <= t.stage_time && ev.at() < start_at;
                if !due || matches!(ev, TimelineEvent::Boss { .. }) {
                    break;
                }
                if let TimelineEvent::Scroll { speed, over_s, .. } = *ev {
                    scroll.change(speed, over_s);
                }
                t.next_event += 1;
            }
        }
        t.stage_time = start_at;
        while let Some(ev) = level.timeline.get(t.next_event) {
            if ev.at() >= start_at || matches!(ev, TimelineEvent::Boss { .. }) {
                break;
            }
            if let TimelineEvent::Scroll { speed, .. } = ev {
                scroll.set_speed(*speed);
            }
            t.next_event += 1;
        }
        t
    }

    pub fn stage_time(&self) -> f32 {
        self.stage_time
    }

    pub fn next_event(&self) -> usize {
        self.next_event
    }

    pub fn pending(&self) -> &[PendingSpawn] {
        &self.pending
    }

    pub fn banner(&self) -> Option<&Banner> {
        self.banner.as_ref()
    }

    /// Room for the formation members a stage may queue at once, reserved up front.
    pub fn reserve(&mut self, n: usize) {
        self.pending.reserve(n);
    }

    /// True when a stage with no boss has played its whole timeline: every event and
    /// formation member came, and the stage's length has passed.
    pub fn ran_out(&self, level: &Level) -> bool {
        let boss_event = level
            .timeline
            .iter()
            .any(|e| matches!(e, TimelineEvent::Boss { .. }));
        let timeline_done = self.next_event >= level.timeline.len() && self.pending.is_empty();
        !boss_event && timeline_done && self.stage_time >= level.length_s
    }

    /// One step of the timeline: the clock runs unless a boss holds it (or the stage is no
    /// longer `playing`), and every event and formation member whose time has come is brought
    /// in, in order.
    pub fn advance(
        &mut self,
        playing: bool,
        bosses: &mut Bosses,
        scroll: &mut Scroll,
        spawner: &mut Spawner,
        events: &mut Vec<GameEvent>,
    ) {
        // A mid-boss holds the timeline until it falls or its wait runs out; the stage boss
        // until it falls.
        bosses.count_down();
        if !bosses.holding() && playing {
            self.stage_time += DT;
        }
        if std::mem::take(&mut bosses.mid_boss_fell) {
            self.hurry_to_next_wave(spawner.level);
        }
        let level = spawner.level;
        while let Some(ev) = level.timeline.get(self.next_event) {
            if ev.at() > self.stage_time {
                break;
            }
            let index = self.next_event;
            self.next_event += 1;
            self.bring_in(index, bosses, scroll, spawner, events);
        }
        // Formation members come in on their own schedule; stable order keeps runs reproducible.
        let now = self.stage_time;
        let mut i = 0;
        while i < self.pending.len() {
            if self.pending[i].at <= now {
                let p = self.pending.remove(i);
                if let TimelineEvent::Spawn {
                    enemy,
                    pos,
                    step,
                    path,
                    pattern,
                    mirror,
                    ..
                } = &level.timeline[p.event]
                {
                    spawner.spawn(Spawn {
                        kind: *enemy,
                        pos: *pos + *step * p.index as f32,
                        path: path.clone(),
                        pattern: *pattern,
                        mirror: *mirror,
                    });
                }
            } else {
                i += 1;
            }
        }
    }

    /// Event `index` of the level's timeline comes.
    fn bring_in(
        &mut self,
        index: usize,
        bosses: &mut Bosses,
        scroll: &mut Scroll,
        spawner: &mut Spawner,
        events: &mut Vec<GameEvent>,
    ) {
        let level = spawner.level;
        let event = &level.timeline[index];
        let placed = |enemy: usize, pos: Vec2| Spawn {
            kind: enemy,
            pos,
            path: None,
            pattern: None,
            mirror: false,
        };
        match event {
            TimelineEvent::Spawn { .. } => {
                let members = event.formation().map(|(at, n)| PendingSpawn {
                    at,
                    event: index,
                    index: n,
                });
                self.pending.extend(members);
            }
            TimelineEvent::Scroll { speed, over_s, .. } => scroll.change(*speed, *over_s),
            TimelineEvent::Warning {
                text, duration_s, ..
            } => {
                self.banner = Some(Banner {
                    text: text.clone(),
                    steps_left: (duration_s / DT) as u32,
                });
                events.push(GameEvent::Warning {
                    text: text.clone(),
                    duration_s: *duration_s,
                });
            }
            TimelineEvent::MidBoss {
                enemy, pos, wait_s, ..
            } => {
                if let Some(key) = spawner.spawn(placed(*enemy, *pos)) {
                    let steps_left = (wait_s / DT).round() as u32;
                    bosses.mid_boss = Some(MidBossWait { key, steps_left });
                    first_phase(spawner, key, events);
                }
            }
            TimelineEvent::Boss { enemy, pos, .. } => {
                if let Some(key) = spawner.spawn(placed(*enemy, *pos)) {
                    bosses.boss = Some(key);
                    let name = level.enemies[*enemy].name.clone();
                    events.push(GameEvent::BossAppears { name });
                    first_phase(spawner, key, events);
                }
            }
        }
    }

    /// After a mid-boss falls, the next wave comes at once: the timeline skips the quiet
    /// before its next spawn (or formation member), whatever the fight's length.
    fn hurry_to_next_wave(&mut self, level: &Level) {
        let next_event = level.timeline.get(self.next_event).map(TimelineEvent::at);
        let next_member = self.pending.iter().map(|p| p.at).reduce(f32::min);
        let next = match (next_event, next_member) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => match a.or(b) {
                Some(t) => t,
                None => return,
            },
        };
        self.stage_time = self.stage_time.max(next - HURRY_LEAD_S);
    }

    /// Counts the banner down a step; it goes when its time is up.
    pub fn count_banner_down(&mut self) {
        if let Some(b) = &mut self.banner {
            b.steps_left = b.steps_left.saturating_sub(1);
            if b.steps_left == 0 {
                self.banner = None;
            }
        }
    }

    /// The enemies the timeline brings in within `within_s` seconds of stage time, soonest
    /// first: formation members already under way, then the events still to come. The stage
    /// clock stands still during a boss, so nothing is upcoming then but what it has queued.
    pub fn upcoming_spawns(&self, level: &Level, within_s: f32) -> Vec<Upcoming> {
        let now = self.stage_time;
        let horizon = now + within_s;
        let mut out: Vec<Upcoming> = Vec::new();
        let formation = |at: f32, event: &TimelineEvent, index: u32, out: &mut Vec<Upcoming>| {
            if let TimelineEvent::Spawn {
                enemy, pos, step, ..
            } = event
            {
                if at <= horizon {
                    out.push(Upcoming {
                        in_s: (at - now).max(0.0),
                        pos: *pos + *step * index as f32,
                        enemy: *enemy,
                    });
                }
            }
        };
        for p in &self.pending {
            formation(p.at, &level.timeline[p.event], p.index, &mut out);
        }
        for ev in &level.timeline[self.next_event.min(level.timeline.len())..] {
            if ev.at() > horizon {
                break;
            }
            match ev {
                TimelineEvent::Spawn { .. } => {
                    for (at, n) in ev.formation() {
                        formation(at, ev, n, &mut out);
                    }
                }
                TimelineEvent::MidBoss { at, enemy, pos, .. }
                | TimelineEvent::Boss { at, enemy, pos } => out.push(Upcoming {
                    in_s: (at - now).max(0.0),
                    pos: *pos,
                    enemy: *enemy,
                }),
                TimelineEvent::Scroll { .. } | TimelineEvent::Warning { .. } => {}
            }
        }
        out.sort_by(|a, b| a.in_s.total_cmp(&b.in_s));
        out
    }
}

/// A boss or mid-boss just brought in as enemy `key` starts its first phase, when its type has
/// phases: reported so its title shows and a phase practised alone knows it began.
fn first_phase(spawner: &Spawner, key: usize, events: &mut Vec<GameEvent>) {
    let e = &spawner.enemies[key];
    if !spawner.level.enemies[e.kind].phases.is_empty() {
        events.push(super::enemies::phase_event(
            spawner.level,
            spawner.enemies,
            key,
        ));
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::{Input, WorldConfig};
    use crate::testkit::scenario;

    const STAGE: &str = r#"Stage(
        name: "Preview test",
        uses: ["defs"],
        length_s: 60,
        events: [
            Spawn(at: 2, enemy: "drone", x: 40, count: 3, spacing_s: 1.5, dx: 20),
            Spawn(at: 10, enemy: "drone", x: 180),
        ],
    )"#;

    #[test]
    fn the_preview_lists_what_comes_within_the_window_and_where() {
        let level = scenario::level(STAGE).expect("the test stage parses");
        let mut w = scenario::world(level, WorldConfig::default());
        let soon = w.upcoming_spawns(3.0);
        // The first two of the formation (at 2 s and 3.5 s)... only the first is within 3 s.
        assert_eq!(soon.len(), 1);
        assert_eq!(soon[0].pos.x, 40.0);
        assert!((soon[0].in_s - 2.0).abs() < 1e-4);
        // 2.5 s in: the first has come; the second (3.5 s) and third (5 s) are under way.
        while w.stage_time() < 2.5 {
            w.step(&[Input::default()]);
        }
        let soon = w.upcoming_spawns(3.0);
        let xs: Vec<f32> = soon.iter().map(|u| u.pos.x).collect();
        assert_eq!(xs, [60.0, 80.0]);
        assert!(soon[0].in_s < soon[1].in_s);
        assert!(w.upcoming_spawns(10.0).iter().any(|u| u.pos.x == 180.0));
    }
}
