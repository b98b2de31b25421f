//! Scene control: which of the lab's scenes plays, and with how many bodies.

use skysweep::collide::workloads::{Workload, WorkloadKind};

/// The scenes the lab plays, in key order (1 to 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabScene {
    /// Thousands of enemy bullets against the player's columns of shots.
    BulletHell,
    /// Drops falling past a few ledges, meeting each other and the ledges.
    Rain,
    /// Air enemies circling in a patch with shots rising through them: many live pairs.
    Swarm,
    /// A boss firing rings of bullets from one point.
    BossBurst,
    /// A bomb clearing most bullets at once while emitters refill the field.
    MassClear,
}

impl LabScene {
    pub const ALL: [LabScene; 5] = [
        LabScene::BulletHell,
        LabScene::Rain,
        LabScene::Swarm,
        LabScene::BossBurst,
        LabScene::MassClear,
    ];

    /// The collider's scripted scene behind it (the benchmarks' scene of the same name).
    pub fn kind(self) -> WorkloadKind {
        match self {
            LabScene::BulletHell => WorkloadKind::BulletHell10k,
            LabScene::Rain => WorkloadKind::Rain,
            LabScene::Swarm => WorkloadKind::Swarm5k,
            LabScene::BossBurst => WorkloadKind::BossBurst,
            LabScene::MassClear => WorkloadKind::MassClear,
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            LabScene::BulletHell => "bullet-hell",
            LabScene::Rain => "rain",
            LabScene::Swarm => "swarm",
            LabScene::BossBurst => "boss-burst",
            LabScene::MassClear => "mass-clear",
        }
    }

    pub fn from_name(name: &str) -> Option<LabScene> {
        LabScene::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The on-screen title.
    pub fn title(self) -> &'static str {
        match self {
            LabScene::BulletHell => "BULLET HELL",
            LabScene::Rain => "RAIN",
            LabScene::Swarm => "SWARM",
            LabScene::BossBurst => "BOSS BURST",
            LabScene::MassClear => "MASS CLEAR",
        }
    }

    /// What the scene shows about a broad phase, in two short lines.
    pub fn idea(self) -> [&'static str; 2] {
        match self {
            LabScene::BulletHell => ["Bullets, shots and enemies", "cross: many boxes, few pairs"],
            LabScene::Rain => ["Drops fall straight past", "ledges: their x never moves"],
            LabScene::Swarm => [
                "Shots fly up through a dense",
                "swarm: pairs by the thousand",
            ],
            LabScene::BossBurst => ["A ring of bullets bursts", "out every 30th frame"],
            LabScene::MassClear => ["A bomb removes most bullets", "every 120th frame"],
        }
    }

    /// Position in key order (key 1 is 0).
    pub fn index(self) -> usize {
        LabScene::ALL.iter().position(|&s| s == self).unwrap_or(0)
    }

    /// The scene `step` places on in key order, wrapping around (Tab is +1, Shift+Tab -1).
    pub fn cycled(self, step: i32) -> LabScene {
        let n = LabScene::ALL.len() as i32;
        LabScene::ALL[(self.index() as i32 + step).rem_euclid(n) as usize]
    }
}

/// Fewest and most bodies the lab offers.
pub const MIN_BODIES: usize = 100;
pub const MAX_BODIES: usize = 50_000;

/// The count after the "double" key: twice as many, at most [`MAX_BODIES`].
pub fn doubled(bodies: usize) -> usize {
    bodies.saturating_mul(2).clamp(MIN_BODIES, MAX_BODIES)
}

/// The count after the "halve" key: half as many (rounded down), at least [`MIN_BODIES`].
pub fn halved(bodies: usize) -> usize {
    (bodies / 2).clamp(MIN_BODIES, MAX_BODIES)
}

/// The scene playing and its population.
pub struct Control {
    pub which: LabScene,
    /// The body count asked for; the scene's live count moves around it as it plays.
    pub bodies: usize,
    /// Whether the scene's enemy bullets are circles (the shape mix).
    pub round: bool,
    pub scene: Workload,
}

impl Control {
    pub fn new(which: LabScene, bodies: usize) -> Control {
        Control::with_round(which, bodies, false)
    }

    /// The scene with round enemy bullets when `round`.
    pub fn with_round(which: LabScene, bodies: usize, round: bool) -> Control {
        let bodies = bodies.clamp(MIN_BODIES, MAX_BODIES);
        Control {
            which,
            bodies,
            round,
            scene: Workload::with_round_bullets(which.kind(), bodies, round),
        }
    }

    /// Starts `which` from its first frame with `bodies` bodies (clamped to the lab's range),
    /// its bullets round or not as before.
    pub fn restart(&mut self, which: LabScene, bodies: usize) {
        *self = Control::with_round(which, bodies, self.round);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::collide::workloads::layers::AIR_ENEMY;

    #[test]
    fn doubling_and_halving_stay_within_the_range() {
        assert_eq!(doubled(100), 200);
        assert_eq!(doubled(1600), 3200);
        assert_eq!(doubled(25_600), MAX_BODIES);
        assert_eq!(doubled(MAX_BODIES), MAX_BODIES);
        assert_eq!(halved(MAX_BODIES), 25_000);
        assert_eq!(halved(3200), 1600);
        assert_eq!(halved(199), MIN_BODIES);
        assert_eq!(halved(MIN_BODIES), MIN_BODIES);
        // Every count the keys can reach from anywhere in range stays in range.
        let mut n = 777;
        for _ in 0..20 {
            n = doubled(n);
            assert!((MIN_BODIES..=MAX_BODIES).contains(&n));
        }
        assert_eq!(n, MAX_BODIES);
        for _ in 0..20 {
            n = halved(n);
            assert!((MIN_BODIES..=MAX_BODIES).contains(&n));
        }
        assert_eq!(n, MIN_BODIES);
    }

    #[test]
    fn scenes_cycle_both_ways_through_all_five() {
        let mut s = LabScene::BulletHell;
        let mut seen = Vec::new();
        for _ in 0..5 {
            seen.push(s);
            s = s.cycled(1);
        }
        assert_eq!(s, LabScene::BulletHell);
        assert_eq!(seen, LabScene::ALL);
        assert_eq!(LabScene::BulletHell.cycled(-1), LabScene::MassClear);
        for s in LabScene::ALL {
            assert_eq!(LabScene::from_name(s.name()), Some(s));
            assert_eq!(s.cycled(1).cycled(-1), s);
        }
    }

    #[test]
    fn every_scene_scales_to_the_count_asked_for() {
        for s in LabScene::ALL {
            for bodies in [MIN_BODIES, 1600, 12_800, MAX_BODIES] {
                let c = Control::new(s, bodies);
                let live = c.scene.live().count();
                // Each group is rounded on its own, and every group keeps at least one body.
                let slack = bodies / 50 + 10;
                assert!(
                    live.abs_diff(bodies) <= slack,
                    "{}: {live} live for {bodies}",
                    s.name()
                );
            }
        }
    }

    #[test]
    fn bursts_and_clears_scale_with_the_population() {
        // Twice the bodies: twice the burst; a tenth: a tenth of the clear.
        let mut burst = Control::new(LabScene::BossBurst, 2 * WorkloadKind::BossBurst.bodies());
        let mut clear = Control::new(LabScene::MassClear, WorkloadKind::MassClear.bodies() / 10);
        let (mut spawned, mut removed) = (0, 0);
        for _ in 0..60 {
            burst.scene.step();
            clear.scene.step();
            spawned = spawned.max(burst.scene.spawned.len());
            removed = removed.max(clear.scene.removed.len());
        }
        assert_eq!(spawned, 1000);
        assert_eq!(removed, 500);
    }

    #[test]
    fn a_bigger_swarm_spreads_out_instead_of_piling_up() {
        let spread = |bodies: usize| {
            let c = Control::new(LabScene::Swarm, bodies);
            let (mut lo, mut hi) = (f32::MAX, f32::MIN);
            for (_, b) in c.scene.live() {
                if b.layer == AIR_ENEMY {
                    lo = lo.min(b.center.x);
                    hi = hi.max(b.center.x);
                }
            }
            hi - lo
        };
        let (small, big) = (spread(5_001), spread(20_004));
        assert!(big > small * 1.5, "{small} -> {big}");
    }
}
