//! The narrow phase: the exact test of two shapes whose boxes overlap, with its contact.
//!
//! Every shape the collider knows, swept or not, is a convex *core* (a point, a segment or a
//! convex polygon of up to eight corners) grown by a radius: a box is its four corners with
//! radius 0, a circle its centre with its radius, a swept circle (a capsule) the segment its
//! centre travelled, a swept oriented box the hull of its corners at both ends. One test then
//! serves every pair:
//! - two cores without radius (boxes of any kind): the separating axis theorem over the edge
//!   normals of both, exact for convex polygons;
//! - otherwise, when the cores are apart, the distance between them against the sum of the
//!   radii, the normal along the closest points;
//! - when the cores meet, the axis of least push-out among the cores' edge normals.
//!
//! Complexity: O(n·m) for cores of n and m corners (at most 8 each); a circle against a box
//! is a point against four edges.

use glam::Vec2;

use super::shape::{Manifold, Shape};
use super::store::slots::{Slots, SWEPT};
use super::Aabb;

/// A core and its radius (see the module docs). Corners in order around the core, either
/// way round.
#[derive(Clone, Copy, Debug)]
pub(super) struct Solid {
    pts: [Vec2; 8],
    n: usize,
    radius: f32,
}

impl Solid {
    fn points(&self) -> &[Vec2] {
        &self.pts[..self.n]
    }

    fn from_points(points: &[Vec2], radius: f32) -> Solid {
        let mut pts = [Vec2::ZERO; 8];
        pts[..points.len()].copy_from_slice(points);
        Solid {
            pts,
            n: points.len(),
            radius,
        }
    }

    /// `shape` centred on the centre of `cur`, swept from the centre of `from` (the same box
    /// when not swept). An [`Shape::Aabb`] is its tested box: `from ∪ cur`.
    pub fn new(shape: Shape, from: &Aabb, cur: &Aabb) -> Solid {
        let (c0, c1) = (from.center(), cur.center());
        match shape {
            Shape::Aabb => Solid::from_points(&corners(&from.union(cur)), 0.0),
            Shape::Circle { radius } if c0 == c1 => Solid::from_points(&[c1], radius),
            Shape::Circle { radius } => Solid::from_points(&[c0, c1], radius),
            Shape::Oriented { half, angle } => {
                let u = Vec2::from_angle(angle);
                let (u, v) = (u * half.x, u.perp() * half.y);
                let end = [c1 - u - v, c1 + u - v, c1 + u + v, c1 - u + v];
                if c0 == c1 {
                    return Solid::from_points(&end, 0.0);
                }
                let d = c0 - c1;
                let mut all = [Vec2::ZERO; 8];
                for k in 0..4 {
                    all[k] = end[k];
                    all[k + 4] = end[k] + d;
                }
                let mut hull = [Vec2::ZERO; 8];
                let n = convex_hull(&mut all, &mut hull);
                Solid::from_points(&hull[..n], 0.0)
            }
        }
    }

    /// Whether the solid has any interior (the edge rule: one without overlaps nothing).
    fn has_interior(&self) -> bool {
        self.radius > 0.0 || twice_area(self.points()) > 0.0
    }
}

/// The solid slot `i` was tested as at the last update (swept from its previous box), or,
/// with `now`, the one it is at its current box alone.
pub(super) fn solid_of(slots: &Slots, i: usize, now: bool) -> Solid {
    let cur = &slots.cur[i];
    let swept = !now && slots.head[i].flags & SWEPT != 0;
    let from = if swept { &slots.from[i] } else { cur };
    Solid::new(slots.shape_of(i), from, cur)
}

/// Whether slots `i` and `j`, whose tested boxes overlap, overlap exactly as tested at this
/// update. Two plain boxes pass at once: their boxes are their shapes.
#[inline]
pub(super) fn exact(slots: &Slots, i: usize, j: usize) -> bool {
    if !(slots.is_shaped(i) || slots.is_shaped(j)) {
        return true;
    }
    collide(&solid_of(slots, i, false), &solid_of(slots, j, false)).is_some()
}

/// The exact test of `a` against `b`: `None` unless their interiors share area, else the
/// contact, its normal pointing from `a` to `b`.
pub(super) fn collide(a: &Solid, b: &Solid) -> Option<Manifold> {
    if !a.has_interior() || !b.has_interior() {
        return None;
    }
    let r = a.radius + b.radius;
    if r == 0.0 {
        return least_push(a, b).filter(|m| m.depth > 0.0);
    }
    if let Some((pa, pb)) = closest_apart(a.points(), b.points()) {
        let d = pa.distance(pb);
        if d > 0.0 {
            return (d < r).then(|| Manifold {
                normal: (pb - pa) / d,
                depth: r - d,
            });
        }
    }
    // The cores meet: the shapes overlap by at least the radius.
    Some(least_push(a, b).unwrap_or(Manifold {
        normal: Vec2::Y,
        depth: r,
    }))
}

/// Over the edge normals of both cores, the axis along which the least push (radii
/// included) separates the two, and that push; `None` when neither core has an edge.
/// The first least axis wins, so the result is deterministic.
fn least_push(a: &Solid, b: &Solid) -> Option<Manifold> {
    let mut best: Option<Manifold> = None;
    for core in [a.points(), b.points()] {
        if core.len() < 2 {
            continue;
        }
        for k in 0..core.len() {
            let e = core[(k + 1) % core.len()] - core[k];
            let len = e.length();
            if len.is_nan() || len <= 0.0 {
                continue;
            }
            let axis = e.perp() / len;
            let (a0, a1) = project(a.points(), axis);
            let (b0, b1) = project(b.points(), axis);
            // Pushing b along +axis must clear a's far side; along -axis, its near side.
            let up = (a1 + a.radius) - (b0 - b.radius);
            let down = (b1 + b.radius) - (a0 - a.radius);
            let m = if up <= down {
                Manifold {
                    normal: axis,
                    depth: up,
                }
            } else {
                Manifold {
                    normal: -axis,
                    depth: down,
                }
            };
            if best.is_none_or(|b| m.depth < b.depth) {
                best = Some(m);
            }
        }
    }
    best
}

fn project(points: &[Vec2], axis: Vec2) -> (f32, f32) {
    points
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            let d = p.dot(axis);
            (lo.min(d), hi.max(d))
        })
}

/// The closest points of two convex cores, or `None` when they meet (touching counts).
/// For cores apart, the closest pair always has a corner of one core on its side.
fn closest_apart(a: &[Vec2], b: &[Vec2]) -> Option<(Vec2, Vec2)> {
    if inside(a, b) || inside(b, a) || edges_cross(a, b) {
        return None;
    }
    let mut best = (f32::INFINITY, a[0], b[0]);
    for (p, q, flip) in [(a, b, false), (b, a, true)] {
        for &v in p {
            for k in 0..edge_count(q) {
                let (s, t) = edge(q, k);
                let c = closest_on_segment(v, s, t);
                let d = v.distance_squared(c);
                if d < best.0 {
                    best = if flip { (d, c, v) } else { (d, v, c) };
                }
            }
        }
    }
    Some((best.1, best.2))
}

/// Edges of a core: a point has one of length zero, a segment one, a polygon one a side.
fn edge_count(core: &[Vec2]) -> usize {
    if core.len() <= 2 {
        1
    } else {
        core.len()
    }
}

fn edge(core: &[Vec2], k: usize) -> (Vec2, Vec2) {
    (core[k], core[(k + 1) % core.len()])
}

fn closest_on_segment(p: Vec2, s: Vec2, t: Vec2) -> Vec2 {
    let d = t - s;
    let len2 = d.length_squared();
    if len2.is_nan() || len2 <= 0.0 {
        return s;
    }
    s + d * ((p - s).dot(d) / len2).clamp(0.0, 1.0)
}

/// Whether a corner of `a` lies in the polygon `b` (edges included); false when `b` has no
/// area, since a point or segment core is met only through [`edges_cross`].
fn inside(a: &[Vec2], b: &[Vec2]) -> bool {
    if b.len() < 3 {
        return false;
    }
    a.iter().any(|&p| {
        let (mut pos, mut neg) = (false, false);
        for k in 0..b.len() {
            let (s, t) = edge(b, k);
            let c = (t - s).perp_dot(p - s);
            pos |= c > 0.0;
            neg |= c < 0.0;
        }
        !(pos && neg)
    })
}

/// Whether an edge of `a` and an edge of `b` share a point.
fn edges_cross(a: &[Vec2], b: &[Vec2]) -> bool {
    (0..edge_count(a)).any(|i| {
        let (p, q) = edge(a, i);
        (0..edge_count(b)).any(|j| {
            let (s, t) = edge(b, j);
            segments_meet(p, q, s, t)
        })
    })
}

fn segments_meet(p: Vec2, q: Vec2, s: Vec2, t: Vec2) -> bool {
    let side = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let (d1, d2) = (side(s, t, p), side(s, t, q));
    let (d3, d4) = (side(p, q, s), side(p, q, t));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    // Touching or collinear: an end lying on the other segment.
    let on = |a: Vec2, b: Vec2, c: Vec2, d: f32| {
        d == 0.0 && c.cmpge(a.min(b)).all() && c.cmple(a.max(b)).all()
    };
    on(s, t, p, d1) || on(s, t, q, d2) || on(p, q, s, d3) || on(p, q, t, d4)
}

fn twice_area(points: &[Vec2]) -> f32 {
    if points.len() < 3 {
        return 0.0;
    }
    let mut sum = 0.0;
    for k in 0..points.len() {
        let (s, t) = edge(points, k);
        sum += s.perp_dot(t);
    }
    sum.abs()
}

fn corners(b: &Aabb) -> [Vec2; 4] {
    [
        b.min,
        Vec2::new(b.max.x, b.min.y),
        b.max,
        Vec2::new(b.min.x, b.max.y),
    ]
}

/// Andrew's monotone chain over `points` (reordered); writes the hull, counter-clockwise
/// with y up and without collinear corners, to `out` and returns its length.
fn convex_hull(points: &mut [Vec2; 8], out: &mut [Vec2; 8]) -> usize {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut hull = [Vec2::ZERO; 16];
    let mut n = 0;
    let turn = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    for pass in 0..2 {
        let start = n;
        for k in 0..8 {
            let p = if pass == 0 { points[k] } else { points[7 - k] };
            while n >= start + 2 && turn(hull[n - 2], hull[n - 1], p) <= 0.0 {
                n -= 1;
            }
            hull[n] = p;
            n += 1;
        }
        // The last point of each chain starts the other.
        n -= 1;
    }
    let n = n.clamp(1, 8);
    out[..n].copy_from_slice(&hull[..n]);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swept_box_hull_is_the_box_stretched_along_its_motion() {
        let b = Aabb::from_center(Vec2::ZERO, Vec2::ONE);
        let s = Solid::new(
            Shape::Oriented {
                half: Vec2::ONE,
                angle: 0.0,
            },
            &b.translated(Vec2::new(4.0, 4.0)),
            &b,
        );
        // A square moved diagonally covers a hexagon of area 4 + 2 * (2 * 4).
        assert_eq!(s.points().len(), 6);
        assert!((twice_area(s.points()) / 2.0 - 20.0).abs() < 1e-4);
    }
}
