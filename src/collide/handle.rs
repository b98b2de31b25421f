//! How a caller names a body and describes it: [`Handle`] and [`BoxDesc`].

use glam::Vec2;

use super::{Aabb, Layer, Shape};

/// A generational handle to a box. A removed box's slot is reused with a new generation, so an
/// old handle is detected as stale instead of reaching the box that now lives in that slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handle {
    pub(crate) index: u32,
    pub(crate) generation: u32,
}

impl Handle {
    /// The slot index (stable while the box lives; reused after removal).
    pub fn index(self) -> u32 {
        self.index
    }

    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// Everything the caller says about a box when inserting it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxDesc {
    pub aabb: Aabb,
    /// Caller-chosen id of the thing owning the box (an entity id). Many boxes may share it.
    pub owner: u32,
    /// Which part of the owner this box is (0 for single-box owners; a boss numbers its parts).
    pub part: u16,
    pub layer: Layer,
    /// A small caller value carried into every event, e.g. how many shots a paired box stands for.
    pub user: u16,
    /// When set, the box tested at each update spans its position at the previous update and
    /// its current one, so a fast mover cannot skip over a thin box between two frames.
    pub swept: bool,
    /// The exact shape, centred on the box's centre; [`Shape::Aabb`] (the box itself) by
    /// default. See [`Shape`] for how the two relate.
    pub shape: Shape,
}

impl BoxDesc {
    /// A non-swept box with part 0 and user value 0.
    pub fn new(aabb: Aabb, owner: u32, layer: impl Into<Layer>) -> Self {
        Self {
            aabb,
            owner,
            part: 0,
            layer: layer.into(),
            user: 0,
            swept: false,
            shape: Shape::Aabb,
        }
    }

    /// A circle of `radius` around `centre`, its box the circle's bounding box.
    pub fn circle(centre: Vec2, radius: f32, owner: u32, layer: impl Into<Layer>) -> Self {
        Self::new(Aabb::from_center(centre, Vec2::splat(radius)), owner, layer)
            .shape(Shape::Circle { radius })
    }

    /// A box of half-extents `half` around `centre`, turned by `angle` radians (see
    /// [`Shape::Oriented`]), its box the turned box's bounding box.
    pub fn oriented(
        centre: Vec2,
        half: Vec2,
        angle: f32,
        owner: u32,
        layer: impl Into<Layer>,
    ) -> Self {
        Self::new(Aabb::from_center(centre, half), owner, layer)
            .shape(Shape::Oriented { half, angle })
    }

    /// Sets the shape, centred where the box is, and makes the box its bounding box (for
    /// [`Shape::Aabb`] the box stays as it is).
    pub fn shape(mut self, shape: Shape) -> Self {
        if let Some(b) = shape.bounds(self.aabb.center()) {
            self.aabb = b;
        }
        self.shape = shape;
        self
    }

    pub fn part(mut self, part: u16) -> Self {
        self.part = part;
        self
    }

    pub fn user(mut self, user: u16) -> Self {
        self.user = user;
        self
    }

    pub fn swept(mut self, swept: bool) -> Self {
        self.swept = swept;
        self
    }
}
