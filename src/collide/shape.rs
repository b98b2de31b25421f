//! Exact shapes behind the bounding boxes, and the contact an exact test reports.

use glam::Vec2;

use super::Aabb;

/// The exact shape of a body, centred on the centre of its box ([`BoxDesc::aabb`]).
///
/// The broad phases work on the box alone; a pair whose boxes overlap is then tested exactly
/// (see `narrow.rs`), and reported only when both tests pass. Keep the box the shape's
/// bounding box ([`Shape::bounds`]; the [`BoxDesc`] constructors and `set_shape` do): a
/// smaller box cuts pairs off, a larger one costs broad-phase work for nothing.
///
/// Edge rule, as for boxes: shapes overlap only when their interiors share area, so touching
/// shapes do not overlap, and a shape without area (a circle of radius 0, an oriented box
/// with a zero half-extent) overlaps nothing.
///
/// [`BoxDesc`]: super::BoxDesc
/// [`BoxDesc::aabb`]: super::BoxDesc::aabb
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Shape {
    /// The box itself (the default): the broad phase's test is already exact.
    #[default]
    Aabb,
    /// A disc. Swept, it is tested as a capsule: its centre's segment from the previous
    /// update to this one, widened by the (current) radius.
    Circle { radius: f32 },
    /// A box of half-extents `half` turned by `angle` radians (counter-clockwise with y up,
    /// clockwise on a y-down screen) about its centre. Swept, it is tested as the area it
    /// covers moving in a straight line from the previous update's centre, at its current
    /// angle.
    Oriented { half: Vec2, angle: f32 },
}

impl Shape {
    /// True when every parameter is finite and no size is negative.
    pub fn is_valid(&self) -> bool {
        match *self {
            Shape::Aabb => true,
            Shape::Circle { radius } => radius.is_finite() && radius >= 0.0,
            Shape::Oriented { half, angle } => {
                half.is_finite() && half.x >= 0.0 && half.y >= 0.0 && angle.is_finite()
            }
        }
    }

    /// The box bounding the shape centred on `centre`. `Shape::Aabb` has no size of its own:
    /// it gives `None`.
    pub fn bounds(&self, centre: Vec2) -> Option<Aabb> {
        match *self {
            Shape::Aabb => None,
            Shape::Circle { radius } => Some(Aabb::from_center(centre, Vec2::splat(radius))),
            Shape::Oriented { half, angle } => {
                let (s, c) = libm::sincosf(angle);
                Some(Self::oriented_bounds(centre, half, s, c))
            }
        }
    }

    /// The box bounding a [`Shape::Oriented`] of half-extents `half` centred on `centre`,
    /// from the sine and cosine of its angle: for a caller that has them already, the same
    /// box, bit for bit, as [`Shape::bounds`] gives, without computing them again.
    pub fn oriented_bounds(centre: Vec2, half: Vec2, sin: f32, cos: f32) -> Aabb {
        Aabb::from_center(centre, Self::oriented_extent(half, sin, cos))
    }

    /// The half size of [`Shape::oriented_bounds`]: how far the turned box reaches from its
    /// centre along each axis.
    #[inline]
    pub fn oriented_extent(half: Vec2, sin: f32, cos: f32) -> Vec2 {
        let (s, c) = (sin.abs(), cos.abs());
        Vec2::new(c * half.x + s * half.y, s * half.x + c * half.y)
    }
}

/// How two overlapping shapes meet: moving the second body of the pair by
/// `normal * depth` (or the first by `-normal * depth`, or each part of the way) leaves them
/// just touching.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit vector pointing from the first body towards the second.
    pub normal: Vec2,
    /// How far they overlap along `normal`; positive.
    pub depth: f32,
}
