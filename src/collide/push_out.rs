//! Push-out resolution: from contacts (two bodies, a normal, a depth) to the displacement of
//! each body that pulls the pairs apart.
//!
//! Independent of the broad phase and of any shape: a caller gives a slice of [`Body`] (mass,
//! static, trigger) and a slice of [`BodyContact`] (indices into that slice, a unit normal from
//! `a` toward `b`, a depth), from whatever narrow phase it has. [`BodyContact::between_aabbs`]
//! makes contacts from axis-aligned boxes, [`BodyContact::from_manifold`] from the collider's
//! exact shapes; any other test that yields a normal and a depth plugs in through
//! [`BodyContact::new`].
//!
//! Rules, per contact:
//! - a contact that involves a trigger is only reported ([`Resolution::triggers`]): it pushes
//!   nobody, and a trigger is never pushed by anything;
//! - a static body never moves (nor does a dynamic body of zero inverse mass): the other body
//!   takes the whole push;
//! - two dynamic bodies share the push in inverse proportion to their masses, so a body three
//!   times as heavy moves a third as far.
//!
//! A body in several contacts (a stack, a chain, a crowd) is pushed by each of them, and one
//! push can drive it into another body. So the contacts are relaxed in passes (projected
//! Gauss-Seidel on positions): each pass visits every contact in a fixed order and removes
//! what is left of its overlap given the pushes so far, until no contact has more than
//! [`Settings::tolerance`] left or [`Settings::max_passes`] have run. Mass sharing makes a long
//! stack on a floor converge slowly (each pass passes only part of the floor's push up), so
//! when passes leave overlap behind, one **support pass** finishes the job: contacts are
//! visited outward from the immovable bodies, and in each the body nearer to one (fewer
//! contacts away) stands still while the farther one takes the push. A group of bodies that
//! touches no immovable one is treated alike from its heaviest body. Stacks resting on a
//! floor, and chains pushed from one end or against a wall, end separated whatever the pass
//! budget; a crowd ends separated along every contact it was given when those form a tree,
//! and otherwise with what the passes and the support pass could remove
//! ([`Resolution::remaining`]).
//!
//! Contacts are linearised: a contact's overlap after the pushes is its depth minus how far
//! `b` moved from `a` along the normal. Bodies pushed into bodies they did not touch before are
//! next frame's contacts.
//!
//! Deterministic, and independent of the order of the contacts and of which body of a contact
//! is `a`: the contacts are put in one canonical order before any arithmetic, so the same set
//! of contacts gives bit-identical displacements.

use glam::Vec2;

use super::{Aabb, Manifold};

/// How one body takes part in resolution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// One over the mass. Zero makes a body that pushes like a static one and is never pushed.
    /// Must be finite and not negative for a dynamic body; ignored for static and trigger ones.
    pub inv_mass: f32,
    /// Never moves; the other body of each of its contacts takes the whole push.
    pub is_static: bool,
    /// Only reported: its contacts push nothing, and it is never pushed. Wins over `is_static`.
    pub is_trigger: bool,
}

impl Body {
    /// A body of `mass` (positive and finite, else [`Resolver::resolve`] refuses it).
    pub fn dynamic(mass: f32) -> Body {
        Body {
            inv_mass: 1.0 / mass,
            is_static: false,
            is_trigger: false,
        }
    }

    /// A body that never moves: a wall, a floor, a ledge.
    pub const fn fixed() -> Body {
        Body {
            inv_mass: 0.0,
            is_static: true,
            is_trigger: false,
        }
    }

    /// A body whose contacts are only reported.
    pub const fn trigger() -> Body {
        Body {
            inv_mass: 0.0,
            is_static: false,
            is_trigger: true,
        }
    }

    /// How readily the body moves: its inverse mass, or zero when it never does.
    fn weight(&self) -> f32 {
        if self.is_static || self.is_trigger {
            0.0
        } else {
            self.inv_mass
        }
    }
}

/// Two bodies that overlap: moving `b` by `depth` along `normal` (or `a` by `depth` against
/// it, or any split of the two) separates them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyContact {
    /// Index of the first body in the slice given to [`Resolver::resolve`].
    pub a: usize,
    /// Index of the second body; never equal to `a`.
    pub b: usize,
    /// Unit vector pointing from `a` toward `b`: the way `b` leaves `a`.
    pub normal: Vec2,
    /// How far the two must move apart along `normal`. Zero or less (a gap of `-depth`) asks
    /// for nothing, but still stops other pushes from closing the gap: a contact given ahead
    /// of time, so bodies near each other are not pushed into each other.
    pub depth: f32,
}

impl BodyContact {
    pub fn new(a: usize, b: usize, normal: Vec2, depth: f32) -> BodyContact {
        BodyContact {
            a,
            b,
            normal,
            depth,
        }
    }

    /// The contact between bodies `a` and `b` with boxes `box_a` and `box_b`, or `None` when
    /// the boxes do not overlap under the edge rule of [`Aabb`]. Its normal and depth are
    /// [`aabb_penetration`]'s.
    pub fn between_aabbs(a: usize, box_a: &Aabb, b: usize, box_b: &Aabb) -> Option<BodyContact> {
        aabb_penetration(box_a, box_b).map(|(normal, depth)| BodyContact::new(a, b, normal, depth))
    }

    /// The contact the collider's exact narrow phase reports for bodies `a` and `b`
    /// (`Collider::manifold` and its peers: normal from `a` towards `b`, as here).
    pub fn from_manifold(a: usize, b: usize, m: &Manifold) -> BodyContact {
        BodyContact::new(a, b, m.normal, m.depth)
    }

    /// The same contact seen from the other body.
    fn flipped(self) -> BodyContact {
        BodyContact::new(self.b, self.a, -self.normal, self.depth)
    }
}

/// The shortest move of `b` along an axis that ends its overlap with `a`, as a unit normal
/// (±x or ±y) and a depth, or `None` when the boxes do not overlap (edge rule of [`Aabb`]).
///
/// This is the axis of least penetration, measured per direction: pushing `b` to the right
/// must carry its left edge past `a`'s right edge, which for a box inside another is more than
/// the overlap of the two intervals. On an exact tie, x wins over y and + over -.
pub fn aabb_penetration(a: &Aabb, b: &Aabb) -> Option<(Vec2, f32)> {
    if !a.overlaps(b) {
        return None;
    }
    let moves = [
        (Vec2::X, a.max.x - b.min.x),
        (Vec2::NEG_X, b.max.x - a.min.x),
        (Vec2::Y, a.max.y - b.min.y),
        (Vec2::NEG_Y, b.max.y - a.min.y),
    ];
    // `min_by` keeps the first of equal elements, which gives the documented tie order.
    moves.into_iter().min_by(|x, y| x.1.total_cmp(&y.1))
}

/// How hard resolution tries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Most relaxation passes over the contacts (the support pass is not counted). Zero leaves
    /// the work to the support pass alone.
    pub max_passes: u32,
    /// Overlap, along a contact's normal, small enough to leave: passes stop once no contact
    /// has more, and [`Resolution::converged`] is measured against it.
    pub tolerance: f32,
}

impl Default for Settings {
    /// Eight passes: a crowd of equal bodies settles within a few, and the support pass
    /// finishes stacks; a 0.01 tolerance is a hundredth of a pixel on the playfield.
    fn default() -> Self {
        Settings {
            max_passes: 8,
            tolerance: 0.01,
        }
    }
}

/// What one call of [`Resolver::resolve`] found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resolution {
    /// How far to move each body, one entry per body given; zero for static and trigger ones.
    pub displacements: Vec<Vec2>,
    /// Indices (ascending) of the contacts that involve a trigger: reported, not resolved.
    pub triggers: Vec<usize>,
    /// Contacts that asked for a push: neither body a trigger, one at least movable, depth
    /// above zero.
    pub pushed: usize,
    /// Relaxation passes run: when they settle everything, the last is the one that found
    /// nothing left above the tolerance.
    pub passes: u32,
    /// Whether the support pass ran (the passes left more than the tolerance).
    pub supported: bool,
    /// The deepest overlap left along a resolved contact's normal, after every push.
    pub remaining: f32,
    /// `remaining` is within [`Settings::tolerance`].
    pub converged: bool,
}

/// Why a call was refused. A refused call leaves the previous [`Resolution`] as it was.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResolveError {
    /// A dynamic body's inverse mass is negative, infinite or NaN (a mass of zero or less).
    BadMass { body: usize },
    /// A contact names a body past the end of the slice, or the same body twice.
    BadBody { contact: usize },
    /// A contact's normal is not a finite unit vector, or its depth is not finite.
    BadGeometry { contact: usize },
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResolveError::BadMass { body } => {
                write!(
                    f,
                    "body {body}: a dynamic body needs a positive, finite mass"
                )
            }
            ResolveError::BadBody { contact } => write!(
                f,
                "contact {contact}: its bodies must be two different indices into the bodies"
            ),
            ResolveError::BadGeometry { contact } => write!(
                f,
                "contact {contact}: the normal must be a finite unit vector and the depth finite"
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

/// The level of a body not reached yet (and, after the levels are found, of a body in no
/// contact to resolve).
const UNSUPPORTED: u32 = u32::MAX;
/// A body found to be in the group being rooted, while its root is not chosen yet.
const MARK: u32 = u32::MAX - 1;

/// Push-out resolution with its working memory, so a caller resolving every frame allocates
/// only while its counts grow.
#[derive(Clone, Debug, Default)]
pub struct Resolver {
    pub settings: Settings,
    out: Resolution,
    /// The contacts to resolve, canonical (`a < b`) and in visiting order.
    work: Vec<BodyContact>,
    /// Per body: contacts away from its group's root (the immovable bodies, or the heaviest
    /// body of a group none of them touches); [`UNSUPPORTED`] for bodies in no contact.
    level: Vec<u32>,
    /// Adjacency of the contact graph (compressed rows: `start[i]..start[i + 1]` in `next`).
    start: Vec<u32>,
    next: Vec<u32>,
    /// Where the next entry of each row goes while `next` is filled.
    cursor: Vec<u32>,
    queue: Vec<u32>,
}

/// Resolves with [`Settings::default`]; see [`Resolver::resolve`].
pub fn resolve(bodies: &[Body], contacts: &[BodyContact]) -> Result<Resolution, ResolveError> {
    let mut r = Resolver::default();
    r.resolve(bodies, contacts)?;
    Ok(r.out)
}

impl Resolver {
    pub fn new(settings: Settings) -> Resolver {
        Resolver {
            settings,
            ..Resolver::default()
        }
    }

    /// The last resolution (empty before the first call).
    pub fn last(&self) -> &Resolution {
        &self.out
    }

    /// The displacement of every body that separates the contacts, under the rules in the
    /// module docs. Nothing is moved: the caller adds `displacements[i]` to body `i`.
    ///
    /// Cost: O(B + C log C) to order the work, then O(C) a pass, for B bodies and C contacts.
    pub fn resolve(
        &mut self,
        bodies: &[Body],
        contacts: &[BodyContact],
    ) -> Result<&Resolution, ResolveError> {
        check(bodies, contacts)?;
        let out = &mut self.out;
        out.displacements.clear();
        out.displacements.resize(bodies.len(), Vec2::ZERO);
        out.triggers.clear();
        self.work.clear();
        for (i, c) in contacts.iter().enumerate() {
            let (ba, bb) = (&bodies[c.a], &bodies[c.b]);
            if ba.is_trigger || bb.is_trigger {
                out.triggers.push(i);
            } else if ba.weight() + bb.weight() > 0.0 {
                self.work.push(if c.a < c.b { *c } else { c.flipped() });
            }
        }
        out.pushed = self.work.iter().filter(|c| c.depth > 0.0).count();
        self.find_levels(bodies);
        let level = &self.level;
        // The canonical order: outward from the immovable bodies (a stack is visited from its
        // floor up, which is the way its pushes travel), then by bodies and geometry, so the
        // caller's order and orientation of the contacts never matter.
        self.work.sort_unstable_by(|x, y| {
            let key = |c: &BodyContact| {
                (
                    level[c.a].min(level[c.b]),
                    c.a,
                    c.b,
                    c.normal.x.to_bits(),
                    c.normal.y.to_bits(),
                    c.depth.to_bits(),
                )
            };
            key(x).cmp(&key(y))
        });
        let tol = self.settings.tolerance;
        let d = &mut self.out.displacements;
        let mut passes = 0;
        while passes < self.settings.max_passes {
            passes += 1;
            let mut worst = 0.0f32;
            for c in &self.work {
                let (wa, wb) = (bodies[c.a].weight(), bodies[c.b].weight());
                worst = worst.max(push(d, c, wa, wb));
            }
            if worst <= tol {
                break;
            }
        }
        let mut remaining = deepest(d, &self.work);
        let supported = remaining > tol;
        if supported {
            for c in &self.work {
                let (la, lb) = (level[c.a], level[c.b]);
                // The side nearer an immovable body holds; on a tie both share as usual.
                let wa = if la < lb { 0.0 } else { bodies[c.a].weight() };
                let wb = if lb < la { 0.0 } else { bodies[c.b].weight() };
                push(d, c, wa, wb);
            }
            remaining = deepest(d, &self.work);
        }
        let out = &mut self.out;
        out.passes = passes;
        out.supported = supported;
        out.remaining = remaining;
        out.converged = remaining <= tol;
        Ok(&self.out)
    }

    /// Each body's distance, in contacts to resolve, from the nearest immovable body, which
    /// is at 0; in a group of bodies touching none, from the group's heaviest body.
    fn find_levels(&mut self, bodies: &[Body]) {
        let n = bodies.len();
        self.start.clear();
        self.start.resize(n + 1, 0);
        for c in &self.work {
            self.start[c.a + 1] += 1;
            self.start[c.b + 1] += 1;
        }
        for i in 0..n {
            self.start[i + 1] += self.start[i];
        }
        self.next.clear();
        self.next.resize(self.start[n] as usize, 0);
        self.cursor.clear();
        self.cursor.extend_from_slice(&self.start[..n]);
        for c in &self.work {
            for (from, to) in [(c.a, c.b), (c.b, c.a)] {
                self.next[self.cursor[from] as usize] = to as u32;
                self.cursor[from] += 1;
            }
        }
        self.level.clear();
        self.level.resize(n, UNSUPPORTED);
        self.queue.clear();
        for (i, b) in bodies.iter().enumerate() {
            if b.weight() == 0.0 && !b.is_trigger {
                self.level[i] = 0;
                self.queue.push(i as u32);
            }
        }
        self.flood(0, |l| l + 1);
        // A group no immovable body touches is rooted at its heaviest body (the lowest index
        // among equals): found with a first flood that only marks the group.
        for seed in 0..n {
            if self.level[seed] != UNSUPPORTED || self.start[seed] == self.start[seed + 1] {
                continue;
            }
            let first = self.queue.len();
            self.level[seed] = MARK;
            self.queue.push(seed as u32);
            self.flood(first, |_| MARK);
            let group = &self.queue[first..];
            let root = group
                .iter()
                .map(|&i| i as usize)
                .min_by(|&x, &y| {
                    let w = |i: usize| bodies[i].weight();
                    w(x).total_cmp(&w(y)).then(x.cmp(&y))
                })
                .unwrap_or(seed);
            for k in first..self.queue.len() {
                self.level[self.queue[k] as usize] = UNSUPPORTED;
            }
            self.queue.truncate(first);
            self.level[root] = 0;
            self.queue.push(root as u32);
            self.flood(first, |l| l + 1);
        }
    }

    /// Breadth first from `queue[head..]`: every body not yet reached that shares a contact
    /// with a body `i` on the queue gets `level_of(level[i])` and joins the queue.
    fn flood(&mut self, mut head: usize, level_of: impl Fn(u32) -> u32) {
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            for k in self.start[i]..self.start[i + 1] {
                let j = self.next[k as usize] as usize;
                if self.level[j] == UNSUPPORTED {
                    self.level[j] = level_of(self.level[i]);
                    self.queue.push(j as u32);
                }
            }
        }
    }
}

/// Removes what is left of contact `c`'s overlap, shared between its bodies in proportion to
/// `wa` and `wb`; returns the overlap it found (zero or less when none is left).
#[inline]
fn push(d: &mut [Vec2], c: &BodyContact, wa: f32, wb: f32) -> f32 {
    let left = c.depth - (d[c.b] - d[c.a]).dot(c.normal);
    let total = wa + wb;
    if left > 0.0 && total > 0.0 {
        let step = c.normal * (left / total);
        d[c.a] -= step * wa;
        d[c.b] += step * wb;
    }
    left
}

/// The deepest overlap left along any of `work`'s normals (zero when none is).
fn deepest(d: &[Vec2], work: &[BodyContact]) -> f32 {
    work.iter()
        .map(|c| c.depth - (d[c.b] - d[c.a]).dot(c.normal))
        .fold(0.0, f32::max)
}

/// Refuses bodies and contacts outside the contract of [`Resolver::resolve`].
fn check(bodies: &[Body], contacts: &[BodyContact]) -> Result<(), ResolveError> {
    for (i, b) in bodies.iter().enumerate() {
        let dynamic = !b.is_static && !b.is_trigger;
        if dynamic && !(b.inv_mass.is_finite() && b.inv_mass >= 0.0) {
            return Err(ResolveError::BadMass { body: i });
        }
    }
    for (i, c) in contacts.iter().enumerate() {
        if c.a >= bodies.len() || c.b >= bodies.len() || c.a == c.b {
            return Err(ResolveError::BadBody { contact: i });
        }
        let unit = c.normal.is_finite() && (c.normal.length_squared() - 1.0).abs() <= 1e-3;
        if !unit || !c.depth.is_finite() {
            return Err(ResolveError::BadGeometry { contact: i });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
        Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    #[test]
    fn the_least_penetration_axis_and_direction_are_chosen() {
        // b overlaps a's right edge by 1 and its bottom edge by 3: out to the right.
        let a = b(0.0, 0.0, 10.0, 10.0);
        assert_eq!(
            aabb_penetration(&a, &b(9.0, 7.0, 19.0, 17.0)),
            Some((Vec2::X, 1.0))
        );
        // Coming down onto a from above (y down): out upwards, by 2.
        assert_eq!(
            aabb_penetration(&a, &b(2.0, -8.0, 8.0, 2.0)),
            Some((Vec2::NEG_Y, 2.0))
        );
        // A box inside another must clear the nearer edge entirely: x 1..3 inside 0..10 leaves
        // to the left by 3 (its right edge passing 0), not by the intervals' overlap of 2.
        assert_eq!(
            aabb_penetration(&a, &b(1.0, 2.0, 3.0, 8.0)),
            Some((Vec2::NEG_X, 3.0))
        );
        // Touching edges are no contact.
        assert_eq!(aabb_penetration(&a, &b(10.0, 0.0, 20.0, 10.0)), None);
    }

    #[test]
    fn the_contact_graph_levels_count_out_from_the_floor() {
        // floor(0) <- 1 <- 2 <- 3, and 4 with 5 floating apart.
        let mut bodies = vec![Body::fixed()];
        bodies.extend([Body::dynamic(1.0); 5]);
        let up = Vec2::NEG_Y;
        let contacts = [
            BodyContact::new(2, 3, up, 1.0),
            BodyContact::new(1, 0, -up, 1.0),
            BodyContact::new(1, 2, up, 1.0),
            BodyContact::new(4, 5, Vec2::X, 1.0),
        ];
        let mut r = Resolver::default();
        r.resolve(&bodies, &contacts).unwrap();
        // The floating pair is rooted at its heavier body, the lower index between equals.
        assert_eq!(r.level, [0, 1, 2, 3, 0, 1]);
        // The visiting order starts at the floor.
        assert_eq!((r.work[0].a, r.work[0].b), (0, 1));
    }
}
