//! What the timeline is about to bring in, for the practice toolbox's spawn preview. Reads the
//! world; changes nothing.

use glam::Vec2;

use crate::level::TimelineEvent;

use super::world::World;

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

impl World {
    /// The enemies the timeline brings in within `within_s` seconds of stage time, soonest
    /// first: formation members already under way, then the events still to come. The stage
    /// clock stands still during a boss, so nothing is upcoming then but what it has queued.
    pub fn upcoming_spawns(&self, within_s: f32) -> Vec<Upcoming> {
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
            formation(p.at, &self.level.timeline[p.event], p.index, &mut out);
        }
        for ev in &self.level.timeline[self.next_event.min(self.level.timeline.len())..] {
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
        while w.stage_time < 2.5 {
            w.step(&[Input::default()]);
        }
        let soon = w.upcoming_spawns(3.0);
        let xs: Vec<f32> = soon.iter().map(|u| u.pos.x).collect();
        assert_eq!(xs, [60.0, 80.0]);
        assert!(soon[0].in_s < soon[1].in_s);
        assert!(w.upcoming_spawns(10.0).iter().any(|u| u.pos.x == 180.0));
    }
}
