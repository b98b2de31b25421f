//! Axis-aligned boxes and the edge rule shared by every part of the collider.

use glam::Vec2;

/// An axis-aligned box stored as its minimum and maximum corners.
///
/// **Edge rule:** intervals are open at both ends for overlap purposes. Two boxes overlap only
/// when they share interior area: on each axis `max(a.min, b.min) < min(a.max, b.max)`.
/// Boxes that merely touch along an edge or at a corner do **not** overlap, and a box with zero
/// width or height overlaps nothing. The sweep-and-prune, the brute-force reference and the area
/// query all apply this one rule.
#[derive(Clone, Copy, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Aabb {
    pub min: Vec2,
    pub max: Vec2,
}

impl Aabb {
    /// A box from its corners. No validation: see [`Aabb::is_valid`].
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// A box centred on `center` extending `half` to each side.
    pub fn from_center(center: Vec2, half: Vec2) -> Self {
        Self {
            min: center - half,
            max: center + half,
        }
    }

    /// True when every coordinate is finite and `min <= max` on both axes.
    #[inline]
    pub fn is_valid(&self) -> bool {
        // Branch-free: `min <= max` fails on NaN, and with it `min > -inf` and `max < inf`
        // bound both corners on both sides.
        (self.min.x <= self.max.x)
            & (self.min.y <= self.max.y)
            & (self.min.x > f32::NEG_INFINITY)
            & (self.min.y > f32::NEG_INFINITY)
            & (self.max.x < f32::INFINITY)
            & (self.max.y < f32::INFINITY)
    }

    /// The overlap test under the edge rule documented on [`Aabb`]: the intersection of the
    /// two boxes has positive width and height. Besides the pairwise `a.min < b.max` tests it
    /// requires each box to have positive extent, so a zero-width box lying inside another is
    /// rejected too. Any NaN coordinate makes it false.
    #[inline]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        let open = |a0: f32, a1: f32, b0: f32, b1: f32| a0 < b1 && b0 < a1 && a0 < a1 && b0 < b1;
        open(self.min.x, self.max.x, other.min.x, other.max.x)
            && open(self.min.y, self.max.y, other.min.y, other.max.y)
    }

    /// The smallest box holding both.
    #[inline]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The box moved by `delta`.
    pub fn translated(&self, delta: Vec2) -> Aabb {
        Aabb {
            min: self.min + delta,
            max: self.max + delta,
        }
    }
}

/// True when the open intervals `(a0, a1)` and `(b0, b1)` share a point: the one-axis form of
/// the edge rule of [`Aabb::overlaps`], written branch-free for the sweep's hot loops.
///
/// Inputs are never NaN (boxes are validated on the way in), so plain comparisons pick the
/// larger and smaller values; unlike `f32::max` they compile to single SIMD instructions.
#[inline(always)]
pub(crate) fn interiors_meet(a0: f32, a1: f32, b0: f32, b1: f32) -> bool {
    let lo = if a0 > b0 { a0 } else { b0 };
    let hi = if a1 < b1 { a1 } else { b1 };
    lo < hi
}

/// A box from its corners' coordinates, for the unit tests of the collide modules.
#[cfg(test)]
pub(super) fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_edges_do_not_overlap() {
        assert!(!b(0.0, 0.0, 1.0, 1.0).overlaps(&b(1.0, 0.0, 2.0, 1.0)));
        assert!(!b(0.0, 0.0, 1.0, 1.0).overlaps(&b(1.0, 1.0, 2.0, 2.0)));
        assert!(b(0.0, 0.0, 1.0, 1.0).overlaps(&b(0.999, 0.5, 2.0, 1.0)));
    }

    #[test]
    fn zero_area_box_overlaps_nothing() {
        let point = b(0.5, 0.5, 0.5, 0.5);
        assert!(!point.overlaps(&b(0.0, 0.0, 1.0, 1.0)));
        assert!(!b(0.0, 0.0, 1.0, 1.0).overlaps(&point));
        let line = b(0.5, 0.0, 0.5, 1.0);
        assert!(!line.overlaps(&b(0.0, 0.0, 1.0, 1.0)));
        assert!(!line.overlaps(&line));
    }

    #[test]
    fn validity_rejects_nan_infinity_and_inverted() {
        assert!(b(0.0, 0.0, 1.0, 1.0).is_valid());
        assert!(!b(f32::NAN, 0.0, 1.0, 1.0).is_valid());
        assert!(!b(0.0, 0.0, f32::INFINITY, 1.0).is_valid());
        assert!(!b(2.0, 0.0, 1.0, 1.0).is_valid());
    }
}
