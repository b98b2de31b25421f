//! The broad-phase switch: the scene's boxes are fed to sweep and prune, our AABB tree or the
//! brute-force reference, one at a time, each under the same contract.

use std::time::Instant;

use glam::Vec2;
use skysweep::collide::workloads::{Driven, Workload};
use skysweep::collide::{
    AabbTree, Boxes, BroadPhase, BruteForce, Collider, CollisionMap, Config, Handle, Manifold,
    Pairs, Shape, Stats,
};

/// Brute force tests every pair of boxes each frame, so it is offered only below this many
/// bodies; by then a frame already costs milliseconds.
pub const BRUTE_LIMIT: usize = 3000;

/// Boxes a broad phase may hold: more than any lab scene keeps alive, bursts included.
const CAPACITY: usize = 1 << 20;

/// Which broad phase the lab runs: a method, as the benchmark names its contenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Sap,
    Tree,
    Brute,
}

impl Method {
    pub const ALL: [Method; 3] = [Method::Sap, Method::Tree, Method::Brute];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Sap => "sap",
            Method::Tree => "tree",
            Method::Brute => "brute",
        }
    }

    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The on-screen name.
    pub fn title(self) -> &'static str {
        match self {
            Method::Sap => "sweep and prune",
            Method::Tree => "AABB tree",
            Method::Brute => "brute force",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the switch offers this phase for a scene of `bodies` bodies.
    pub fn offered(self, bodies: usize) -> bool {
        self != Method::Brute || bodies < BRUTE_LIMIT
    }

    /// The next phase the switch offers after this one (`step` +1) or before it (-1).
    pub fn cycled(self, step: i32, bodies: usize) -> Method {
        let n = Method::ALL.len() as i32;
        let mut i = self.index() as i32;
        loop {
            i = (i + step.signum()).rem_euclid(n);
            let p = Method::ALL[i as usize];
            if p.offered(bodies) || p == self {
                return p;
            }
        }
    }

    /// This phase if it is offered for `bodies`, else sweep and prune.
    pub fn fitted(self, bodies: usize) -> Method {
        if self.offered(bodies) {
            self
        } else {
            Method::Sap
        }
    }
}

/// The chosen broad phase, kept in step with the scene. Driven through `dyn BroadPhase`, so
/// one switch serves all three: each body's call in a frame is then an indirect call (a few
/// nanoseconds), the same for every method, and small beside a frame's microseconds; the
/// benchmark drives each method with static calls.
pub struct Broad {
    method: Method,
    driven: Box<Driven<dyn BroadPhase>>,
}

impl Broad {
    /// A broad phase holding every live body of `scene`, after its first update, with `map`
    /// deciding which layers meet, and how long that build took in microseconds.
    pub fn build(method: Method, scene: &Workload, map: CollisionMap) -> (Broad, f64) {
        let config = Config {
            capacity: CAPACITY,
            map,
        };
        let t = Instant::now();
        let driven: Box<Driven<dyn BroadPhase>> = match method {
            Method::Sap => Box::new(Driven::new(Collider::new(config), scene)),
            Method::Tree => Box::new(Driven::new(AabbTree::new(config), scene)),
            Method::Brute => Box::new(Driven::new(BruteForce::new(config), scene)),
        };
        (Broad { method, driven }, micros(t))
    }

    pub fn method(&self) -> Method {
        self.method
    }

    /// One collide frame, the way the game drives its collider: mirrors the scene's last step
    /// and updates. Returns the events reported and the time taken in microseconds.
    pub fn frame(&mut self, scene: &Workload) -> (usize, f64) {
        let t = Instant::now();
        let events = self.driven.frame(scene);
        (events, micros(t))
    }

    pub fn stats(&self) -> Stats {
        self.driven.collider.stats()
    }

    /// Every live box with its layer and slot, for the overlay.
    pub fn boxes(&self) -> Boxes<'_> {
        self.driven.collider.boxes()
    }

    /// Every pair overlapping after the last update.
    pub fn pairs(&self) -> Pairs<'_> {
        self.driven.collider.pairs()
    }

    /// Gives a live box an exact shape centred on `centre` (its box becomes the shape's
    /// bounding box); the lab only passes shapes that are valid.
    pub fn set_shape(&mut self, h: Handle, centre: Vec2, shape: Shape) {
        self.driven
            .collider
            .set_shape(h, centre, shape)
            .expect("live box, valid shape");
    }

    /// A live box's exact shape (a plain box for a stale handle).
    pub fn shape(&self, h: Handle) -> Shape {
        self.driven.collider.shape(h).unwrap_or_default()
    }

    /// The exact contact of two live boxes as they stand, normal from `a` towards `b`.
    pub fn manifold(&self, a: Handle, b: Handle) -> Option<Manifold> {
        self.driven.collider.manifold(a, b).ok().flatten()
    }

    /// The scene id of a live box's handle.
    pub fn id_of(&self, h: Handle) -> u32 {
        self.driven.id_of(h)
    }

    /// Marks `touching[slot]` for every box in at least one pair (the vector grows as needed;
    /// it is cleared first).
    pub fn mark_touching(&self, touching: &mut Vec<bool>) {
        touching.clear();
        for p in self.pairs() {
            for c in [p.a, p.b] {
                let i = c.handle.index() as usize;
                if touching.len() <= i {
                    touching.resize(i + 1, false);
                }
                touching[i] = true;
            }
        }
    }
}

fn micros(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::collide::workloads::layers::{AIR_ENEMY, GROUND_ENEMY};
    use skysweep::collide::workloads::WorkloadKind;

    #[test]
    fn brute_force_is_offered_only_below_the_limit() {
        assert!(Method::Brute.offered(BRUTE_LIMIT - 1));
        assert!(!Method::Brute.offered(BRUTE_LIMIT));
        for bodies in [100, BRUTE_LIMIT, 50_000] {
            assert!(Method::Sap.offered(bodies) && Method::Tree.offered(bodies));
        }
        assert_eq!(Method::Brute.fitted(3200), Method::Sap);
        assert_eq!(Method::Brute.fitted(1600), Method::Brute);
        assert_eq!(Method::Tree.fitted(50_000), Method::Tree);
    }

    #[test]
    fn the_switch_skips_brute_force_when_it_is_not_offered() {
        let cycle = |bodies, step| {
            let mut p = Method::Sap;
            let mut seen = vec![p];
            for _ in 0..3 {
                p = p.cycled(step, bodies);
                seen.push(p);
            }
            seen
        };
        use Method::*;
        assert_eq!(cycle(1600, 1), [Sap, Tree, Brute, Sap]);
        assert_eq!(cycle(1600, -1), [Sap, Brute, Tree, Sap]);
        assert_eq!(cycle(6400, 1), [Sap, Tree, Sap, Tree]);
        assert_eq!(cycle(6400, -1), [Sap, Tree, Sap, Tree]);
    }

    #[test]
    fn every_phase_sees_the_same_pairs_in_every_lab_scene() {
        for kind in [
            WorkloadKind::BulletHell10k,
            WorkloadKind::Rain,
            WorkloadKind::Swarm5k,
            WorkloadKind::BossBurst,
            WorkloadKind::MassClear,
        ] {
            let mut scene = Workload::with_bodies(kind, 600);
            let mut broads: Vec<Broad> = Method::ALL
                .iter()
                .map(|&p| Broad::build(p, &scene, scene.map()).0)
                .collect();
            let mut seen = 0;
            for _ in 0..65 {
                scene.step();
                let events: Vec<usize> = broads.iter_mut().map(|b| b.frame(&scene).0).collect();
                let pairs: Vec<Vec<(u32, u32)>> = broads.iter().map(|b| b.driven.pairs()).collect();
                assert!(pairs.windows(2).all(|w| w[0] == w[1]), "{kind:?}");
                assert!(
                    events.windows(2).all(|w| w[0] == w[1]),
                    "{kind:?}: {events:?}"
                );
                seen += pairs[0].len();
                let mut touching = Vec::new();
                broads[0].mark_touching(&mut touching);
                let marked = touching.iter().filter(|&&t| t).count();
                let n = pairs[0].len();
                assert!(
                    marked <= 2 * n && (n == 0 || marked >= 2),
                    "{marked} for {n}"
                );
            }
            assert!(seen > 0, "{kind:?} never had a pair");
        }
    }

    #[test]
    fn rain_drops_meet_each_other_and_the_ledges() {
        let mut scene = Workload::with_bodies(WorkloadKind::Rain, 2000);
        let (mut broad, _) = Broad::build(Method::Sap, &scene, scene.map());
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..60 {
            scene.step();
            broad.frame(&scene);
            for p in broad.pairs() {
                kinds.insert((p.a.layer, p.b.layer));
            }
        }
        assert!(kinds.contains(&(GROUND_ENEMY, AIR_ENEMY)), "{kinds:?}");
        assert!(kinds.contains(&(AIR_ENEMY, AIR_ENEMY)), "{kinds:?}");
    }
}
