//! Driving a broad phase from a workload, as the game drives its collider: [`Driven`] mirrors
//! each step's spawns, removals, moves and respawns, and reads the pairs back as workload ids.

use super::{Body, Workload};
use crate::collide::{AabbTree, BroadPhase, BruteForce, Collider, Config, Handle};

/// A fresh instance of each broad phase with `config`, named as the benchmark names them
/// (`sap`, `tree`, `brute`): for tests and tools that run one check on all three, where one
/// virtual call per operation costs nothing that matters.
pub fn broad_phases(config: Config) -> [(&'static str, Box<dyn BroadPhase>); 3] {
    [
        ("sap", Box::new(Collider::new(config))),
        ("tree", Box::new(AabbTree::new(config))),
        ("brute", Box::new(BruteForce::new(config))),
    ]
}

/// A collider kept in step with a workload: the way the game drives it.
///
/// Generic over the [`BroadPhase`], so a concrete one is driven with static calls (the
/// benchmark's); `Box<Driven<dyn BroadPhase>>` lets a tool switch phases at run time.
#[derive(Clone, Debug)]
pub struct Driven<C: ?Sized> {
    handles: Vec<Option<Handle>>,
    /// Workload id of each collider slot.
    ids: Vec<u32>,
    /// Last, so that a `Driven` of a concrete broad phase coerces to one of `dyn BroadPhase`.
    pub collider: C,
}

impl<C: BroadPhase + ?Sized> Driven<C> {
    /// Inserts every live body and runs the first update.
    pub fn new(collider: C, workload: &Workload) -> Self
    where
        C: Sized,
    {
        let mut d = Driven {
            collider,
            handles: Vec::new(),
            ids: Vec::new(),
        };
        for (id, b) in workload.live() {
            d.spawn(id, b);
        }
        d.collider.update();
        d
    }

    fn spawn(&mut self, id: u32, b: &Body) {
        let h = self
            .collider
            .insert(b.desc())
            .expect("workload box is valid");
        if self.handles.len() <= id as usize {
            self.handles.resize(id as usize + 1, None);
        }
        self.handles[id as usize] = Some(h);
        if self.ids.len() <= h.index() as usize {
            self.ids.resize(h.index() as usize + 1, u32::MAX);
        }
        self.ids[h.index() as usize] = id;
    }

    /// Mirrors the workload's last step (removals, spawns, moves, respawns as teleports) and
    /// updates the collider: one game frame.
    pub fn frame(&mut self, workload: &Workload) -> usize {
        self.catch_up(workload);
        self.collider.update().len()
    }

    /// The calls of [`Driven::frame`] without its update: one `remove`, `insert`, `set_aabb`
    /// or `teleport` for each body the workload's last step touched. Timed apart from the update
    /// by `examples/collide_profile`.
    pub fn catch_up(&mut self, workload: &Workload) {
        for &id in &workload.removed {
            if let Some(h) = self.handles[id as usize].take() {
                self.collider.remove(h).expect("removed body was live");
            }
        }
        for &id in &workload.spawned {
            if let Some(b) = &workload.bodies[id as usize] {
                self.spawn(id, b);
            }
        }
        for (id, b) in workload.live() {
            if b.born == workload.frame {
                continue;
            }
            let h = self.handles[id as usize].expect("live body has a handle");
            let r = if b.jumped == workload.frame {
                self.collider.teleport(h, b.aabb())
            } else {
                self.collider.set_aabb(h, b.aabb())
            };
            r.expect("workload box is valid");
        }
    }

    /// Workload id of a collider handle.
    pub fn id_of(&self, h: Handle) -> u32 {
        self.ids[h.index() as usize]
    }
}

/// Workload-id pairs, each ordered and the list sorted: the form every method is compared in.
pub fn normalize(pairs: &mut [(u32, u32)]) {
    for p in pairs.iter_mut() {
        if p.0 > p.1 {
            *p = (p.1, p.0);
        }
    }
    pairs.sort_unstable();
}

impl<C: BroadPhase + ?Sized> Driven<C> {
    /// The collider's current pairs as workload ids, normalized.
    pub fn pairs(&self) -> Vec<(u32, u32)> {
        let mut v: Vec<_> = self
            .collider
            .pairs()
            .map(|p| (self.id_of(p.a.handle), self.id_of(p.b.handle)))
            .collect();
        normalize(&mut v);
        v
    }
}
