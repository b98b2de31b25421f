//! Resolution in the lab: after each collide frame, the library's push-out step
//! (`skysweep::collide::push_out`) runs on the frame's pairs and moves the scene's bodies.
//!
//! The scenes have no physics of their own, so the lab gives their bodies roles by layer:
//! - **solid** (pushed, mass by area): air and ground enemies, which then also meet others
//!   of their own layer ([`solid_map`]), so a swarm spreads out instead of overlapping;
//! - **static**: enemies the script never moves (rain's ledges), and two walls at the field's
//!   sides, which keep pushed bodies on the field without stopping anything leaving it
//!   through the top or bottom (where the scenes respawn their bodies);
//! - **trigger**: everything else (bullets, shots, items, the player): its pairs are counted
//!   and reported, never resolved, so the scenes' scripts and their bullets run as before.
//!
//! Two boxes of one owner (a boss's parts) never push each other.

use std::time::Instant;

use glam::Vec2;
use skysweep::collide::push_out::{Body, BodyContact, Resolver};
use skysweep::collide::workloads::layers::{AIR_ENEMY, GROUND_ENEMY};
use skysweep::collide::workloads::{Body as WorkloadBody, Workload, FIELD};
use skysweep::collide::{Aabb, CollisionMap, Layer};

use super::phase::Broad;

/// The two static walls beside the field: thick, so nothing is pushed through them.
pub const WALLS: [Aabb; 2] = [
    Aabb::new(
        Vec2::new(-1000.0, -1000.0),
        Vec2::new(0.0, FIELD.y + 1000.0),
    ),
    Aabb::new(
        Vec2::new(FIELD.x, -1000.0),
        Vec2::new(FIELD.x + 1000.0, FIELD.y + 1000.0),
    ),
];

/// Resolution is offered below this many bodies. With enemies meeting enemies, a dense
/// swarm's pairs grow with the square of its population: at 50,000 bodies millions of them,
/// and seconds a frame. The same count as brute force's limit, so one notice can name both.
pub const RESOLVE_LIMIT: usize = 3000;

/// Whether resolution is offered for a scene of `bodies` bodies.
pub fn offered(bodies: usize) -> bool {
    bodies < RESOLVE_LIMIT
}

/// How near a wall a body gets that wall's contact: more than any push of one frame.
const WALL_REACH: f32 = 16.0;

/// The layers whose bodies are solid.
fn is_solid_layer(layer: Layer) -> bool {
    matches!(layer, AIR_ENEMY | GROUND_ENEMY)
}

/// The scene's collision map with solid layers meeting themselves: the map a broad phase
/// needs while resolution is on.
pub fn solid_map(scene: &Workload) -> CollisionMap {
    scene
        .map()
        .with(AIR_ENEMY, AIR_ENEMY)
        .with(GROUND_ENEMY, GROUND_ENEMY)
}

/// The role the lab gives a scene body (see the module docs).
pub fn role(b: &WorkloadBody) -> Body {
    if !is_solid_layer(b.layer) {
        Body::trigger()
    } else if b.vel == Vec2::ZERO {
        Body::fixed()
    } else {
        // Mass grows with area; at least 1, so a zero-sized box still has a finite one.
        Body::dynamic((4.0 * b.half.x * b.half.y).max(1.0))
    }
}

/// What the last resolution did, for the counters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PushStats {
    /// Bodies that can be pushed, and bodies that never move (walls included).
    pub solids: usize,
    pub statics: usize,
    /// Contacts resolved, and contacts only reported because a trigger was in them.
    pub pushed: usize,
    pub triggers: usize,
    pub passes: u32,
    /// Whether the support pass ran, and the deepest overlap left (px).
    pub supported: bool,
    pub remaining: f32,
    /// Time taken, in microseconds.
    pub us: f64,
}

/// The lab's resolution step and its buffers.
#[derive(Default)]
pub struct Push {
    resolver: Resolver,
    bodies: Vec<Body>,
    contacts: Vec<BodyContact>,
    /// Each scene id's displacement at the last step (zero for bodies not moved).
    pub shifts: Vec<Vec2>,
    pub last: PushStats,
}

impl Push {
    /// Forgets the last step's displacements and counters.
    pub fn clear(&mut self) {
        self.shifts.clear();
        self.last = PushStats::default();
    }

    /// Resolves the pairs `broad` found after its last update and moves `scene`'s bodies by
    /// the displacements; the next collide frame mirrors them like any other move.
    ///
    /// With `exact`, contacts come from the collider's exact shapes ([`Broad::manifold`]);
    /// otherwise from the boxes, along the axis of least penetration.
    pub fn step(&mut self, scene: &mut Workload, broad: &Broad, exact: bool) {
        let t = Instant::now();
        let n = scene.bodies.len();
        self.bodies.clear();
        self.bodies.extend(scene.bodies.iter().map(|b| match b {
            Some(b) => role(b),
            // A free slot: no pair names it.
            None => Body::trigger(),
        }));
        self.bodies.extend([Body::fixed(); WALLS.len()]);
        self.contacts.clear();
        let body = |id: u32| scene.bodies[id as usize].as_ref();
        for p in broad.pairs() {
            if p.a.owner == p.b.owner {
                continue;
            }
            let (ia, ib) = (broad.id_of(p.a.handle), broad.id_of(p.b.handle));
            let (Some(a), Some(b)) = (body(ia), body(ib)) else {
                continue;
            };
            // A swept pair may meet only along the sweep: no overlap now, nothing to push.
            let (ia, ib) = (ia as usize, ib as usize);
            let c = if exact {
                let m = broad.manifold(p.a.handle, p.b.handle);
                // Only well-formed contacts: one the resolver refused would cost the frame.
                m.filter(|m| (m.normal.length_squared() - 1.0).abs() <= 1e-3)
                    .map(|m| BodyContact::from_manifold(ia, ib, &m))
            } else {
                BodyContact::between_aabbs(ia, &a.aabb(), ib, &b.aabb())
            };
            self.contacts.extend(c);
        }
        for (id, b) in scene.live() {
            let i = id as usize;
            if self.bodies[i].is_trigger || self.bodies[i].is_static {
                continue;
            }
            // Bodies near a wall get its contact ahead of time (a negative depth is the gap),
            // so other pushes cannot drive them into it.
            let a = b.aabb();
            let walls = [
                (Vec2::X, WALLS[0].max.x - a.min.x),
                (Vec2::NEG_X, a.max.x - WALLS[1].min.x),
            ];
            for (k, (normal, depth)) in walls.into_iter().enumerate() {
                if depth > -WALL_REACH {
                    self.contacts
                        .push(BodyContact::new(n + k, i, normal, depth));
                }
            }
        }
        let r = match self.resolver.resolve(&self.bodies, &self.contacts) {
            Ok(r) => r,
            // Roles and contacts are built to the contract above; a refusal would be a bug
            // here, and skipping one frame's pushes is the harmless answer to it.
            Err(_) => return,
        };
        self.shifts.clear();
        self.shifts.extend_from_slice(&r.displacements[..n]);
        for (slot, d) in scene.bodies.iter_mut().zip(&self.shifts) {
            if let Some(b) = slot {
                b.center += *d;
            }
        }
        let statics = self.bodies.iter().filter(|b| b.is_static).count();
        let solids = self
            .bodies
            .iter()
            .filter(|b| !b.is_static && !b.is_trigger)
            .count();
        self.last = PushStats {
            solids,
            statics,
            pushed: r.pushed,
            triggers: r.triggers.len(),
            passes: r.passes,
            supported: r.supported,
            remaining: r.remaining,
            us: t.elapsed().as_secs_f64() * 1e6,
        };
    }

    /// How far the last step moved scene body `id`.
    pub fn shift(&self, id: u32) -> Vec2 {
        self.shifts.get(id as usize).copied().unwrap_or(Vec2::ZERO)
    }
}
