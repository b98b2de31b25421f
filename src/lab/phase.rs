//! The broad-phase switch: the scene's boxes are fed to sweep and prune, our AABB tree or the
//! brute-force reference, one at a time, each under the same contract.

use std::time::Instant;

use glam::Vec2;
use skysweep::collide::scenes::{Driven, Scene};
use skysweep::collide::{
    Aabb, AabbTree, BruteForce, Collider, CollisionMap, Config, Contact, Handle, Manifold, Pair,
    Shape, Stats,
};

/// Brute force tests every pair of boxes each frame, so it is offered only below this many
/// bodies; by then a frame already costs milliseconds.
pub const BRUTE_LIMIT: usize = 3000;

/// Boxes a broad phase may hold: more than any lab scene keeps alive, bursts included.
const CAPACITY: usize = 1 << 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Sap,
    Tree,
    Brute,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Sap, Phase::Tree, Phase::Brute];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Sap => "sap",
            Phase::Tree => "tree",
            Phase::Brute => "brute",
        }
    }

    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The on-screen name.
    pub fn title(self) -> &'static str {
        match self {
            Phase::Sap => "sweep and prune",
            Phase::Tree => "AABB tree",
            Phase::Brute => "brute force",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the switch offers this phase for a scene of `bodies` bodies.
    pub fn offered(self, bodies: usize) -> bool {
        self != Phase::Brute || bodies < BRUTE_LIMIT
    }

    /// The next phase the switch offers after this one (`step` +1) or before it (-1).
    pub fn cycled(self, step: i32, bodies: usize) -> Phase {
        let n = Phase::ALL.len() as i32;
        let mut i = self.index() as i32;
        loop {
            i = (i + step.signum()).rem_euclid(n);
            let p = Phase::ALL[i as usize];
            if p.offered(bodies) || p == self {
                return p;
            }
        }
    }

    /// This phase if it is offered for `bodies`, else sweep and prune.
    pub fn fitted(self, bodies: usize) -> Phase {
        if self.offered(bodies) {
            self
        } else {
            Phase::Sap
        }
    }
}

/// The chosen broad phase, kept in step with the scene.
pub enum Broad {
    Sap(Driven<Collider>),
    Tree(Driven<AabbTree>),
    Brute(Driven<BruteForce>),
}

/// Runs `$body` with `$d` bound to whichever driven broad phase `$broad` holds.
macro_rules! each {
    ($broad:expr, $d:ident => $body:expr) => {
        match $broad {
            Broad::Sap($d) => $body,
            Broad::Tree($d) => $body,
            Broad::Brute($d) => $body,
        }
    };
}

impl Broad {
    /// A broad phase holding every live body of `scene`, after its first update, with `map`
    /// deciding which layers meet, and how long that build took in microseconds.
    pub fn build(phase: Phase, scene: &Scene, map: CollisionMap) -> (Broad, f64) {
        let config = Config {
            capacity: CAPACITY,
            map,
        };
        let t = Instant::now();
        let broad = match phase {
            Phase::Sap => Broad::Sap(Driven::new(Collider::new(config), scene)),
            Phase::Tree => Broad::Tree(Driven::new(AabbTree::new(config), scene)),
            Phase::Brute => Broad::Brute(Driven::new(BruteForce::new(config), scene)),
        };
        (broad, micros(t))
    }

    pub fn phase(&self) -> Phase {
        match self {
            Broad::Sap(_) => Phase::Sap,
            Broad::Tree(_) => Phase::Tree,
            Broad::Brute(_) => Phase::Brute,
        }
    }

    /// One collide frame, the way the game drives its collider: mirrors the scene's last step
    /// and updates. Returns the events reported and the time taken in microseconds.
    pub fn frame(&mut self, scene: &Scene) -> (usize, f64) {
        let t = Instant::now();
        let events = each!(self, d => d.frame(scene));
        (events, micros(t))
    }

    pub fn stats(&self) -> Stats {
        each!(self, d => d.collider.stats())
    }

    /// Every live box with its layer and slot, for the overlay.
    pub fn boxes(&self) -> Box<dyn Iterator<Item = (Contact, Aabb)> + '_> {
        each!(self, d => Box::new(d.collider.boxes()))
    }

    /// Every pair overlapping after the last update.
    pub fn pairs(&self) -> Box<dyn Iterator<Item = Pair> + '_> {
        each!(self, d => Box::new(d.collider.pairs()))
    }

    /// Gives a live box an exact shape centred on `centre` (its box becomes the shape's
    /// bounding box); the lab only passes shapes that are valid.
    pub fn set_shape(&mut self, h: Handle, centre: Vec2, shape: Shape) {
        each!(self, d => d.collider.set_shape(h, centre, shape)).expect("live box, valid shape");
    }

    /// A live box's exact shape (a plain box for a stale handle).
    pub fn shape(&self, h: Handle) -> Shape {
        each!(self, d => d.collider.shape(h)).unwrap_or_default()
    }

    /// The exact contact of two live boxes as they stand, normal from `a` towards `b`.
    pub fn manifold(&self, a: Handle, b: Handle) -> Option<Manifold> {
        each!(self, d => d.collider.manifold(a, b)).ok().flatten()
    }

    /// The scene id of a live box's handle.
    pub fn id_of(&self, h: Handle) -> u32 {
        each!(self, d => d.id_of(h))
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
    use skysweep::collide::scenes::SceneKind;
    use skysweep::collide::Layer;

    #[test]
    fn brute_force_is_offered_only_below_the_limit() {
        assert!(Phase::Brute.offered(BRUTE_LIMIT - 1));
        assert!(!Phase::Brute.offered(BRUTE_LIMIT));
        for bodies in [100, BRUTE_LIMIT, 50_000] {
            assert!(Phase::Sap.offered(bodies) && Phase::Tree.offered(bodies));
        }
        assert_eq!(Phase::Brute.fitted(3200), Phase::Sap);
        assert_eq!(Phase::Brute.fitted(1600), Phase::Brute);
        assert_eq!(Phase::Tree.fitted(50_000), Phase::Tree);
    }

    #[test]
    fn the_switch_skips_brute_force_when_it_is_not_offered() {
        let cycle = |bodies, step| {
            let mut p = Phase::Sap;
            let mut seen = vec![p];
            for _ in 0..3 {
                p = p.cycled(step, bodies);
                seen.push(p);
            }
            seen
        };
        use Phase::*;
        assert_eq!(cycle(1600, 1), [Sap, Tree, Brute, Sap]);
        assert_eq!(cycle(1600, -1), [Sap, Brute, Tree, Sap]);
        assert_eq!(cycle(6400, 1), [Sap, Tree, Sap, Tree]);
        assert_eq!(cycle(6400, -1), [Sap, Tree, Sap, Tree]);
    }

    #[test]
    fn every_phase_sees_the_same_pairs_in_every_lab_scene() {
        for kind in [
            SceneKind::BulletHell10k,
            SceneKind::Rain,
            SceneKind::Swarm5k,
            SceneKind::BossBurst,
            SceneKind::MassClear,
        ] {
            let mut scene = Scene::with_bodies(kind, 600);
            let mut broads: Vec<Broad> = Phase::ALL
                .iter()
                .map(|&p| Broad::build(p, &scene, scene.map()).0)
                .collect();
            let mut seen = 0;
            for _ in 0..65 {
                scene.step();
                let events: Vec<usize> = broads.iter_mut().map(|b| b.frame(&scene).0).collect();
                let pairs: Vec<Vec<(u32, u32)>> =
                    broads.iter().map(|b| each!(b, d => d.pairs())).collect();
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
        let mut scene = Scene::with_bodies(SceneKind::Rain, 2000);
        let (mut broad, _) = Broad::build(Phase::Sap, &scene, scene.map());
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..60 {
            scene.step();
            broad.frame(&scene);
            for p in broad.pairs() {
                kinds.insert((p.a.layer, p.b.layer));
            }
        }
        assert!(
            kinds.contains(&(Layer::GroundEnemy, Layer::AirEnemy)),
            "{kinds:?}"
        );
        assert!(
            kinds.contains(&(Layer::AirEnemy, Layer::AirEnemy)),
            "{kinds:?}"
        );
    }
}
