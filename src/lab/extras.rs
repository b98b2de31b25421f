//! The two switches for the collider's second round: push-out resolution (`R`, see
//! [`super::push`]) and a mix of exact shapes (`S`).
//!
//! The shape mix waits for `skysweep::collide` to give boxes exact shapes (circles and
//! oriented boxes behind the broad phase). To wire it in: set [`SHAPES_READY`], have the
//! scene give its bodies shapes (a scene option read by `Scene::with_bodies`, so the three
//! broad phases get the same ones), rebuild the scene when the switch turns, and have the
//! overlay ([`super::overlay`]) paint circles as circles and oriented boxes rotated.

use skysweep::collide::scenes::Scene;
use skysweep::collide::CollisionMap;

use super::phase::Broad;
use super::push::{solid_map, Push};

/// Whether `skysweep::collide` gives boxes exact shapes yet.
pub const SHAPES_READY: bool = false;

/// The switches, and the resolution step they drive.
#[derive(Default)]
pub struct Extras {
    pub shapes: bool,
    pub resolve: bool,
    pub push: Push,
}

impl Extras {
    /// Turns the shape mix on or off; `Err` says why it cannot.
    pub fn toggle_shapes(&mut self) -> Result<(), &'static str> {
        if !SHAPES_READY {
            return Err("exact shapes are not in the collider yet");
        }
        self.shapes = !self.shapes;
        Ok(())
    }

    /// Turns resolution on or off, forgetting the last pushes. The broad phase must be rebuilt
    /// with [`Extras::map`] afterwards, since solid bodies meet their own layer.
    pub fn toggle_resolve(&mut self) {
        self.resolve = !self.resolve;
        self.push.clear();
    }

    /// The collision map a broad phase needs for `scene` with the switches as they are.
    pub fn map(&self, scene: &Scene) -> CollisionMap {
        if self.resolve {
            solid_map(scene)
        } else {
            scene.map()
        }
    }

    /// The resolution step after a collide frame, when it is on; its time in microseconds.
    pub fn resolve(&mut self, scene: &mut Scene, broad: &Broad) -> f64 {
        if !self.resolve {
            return 0.0;
        }
        self.push.step(scene, broad);
        self.push.last.us
    }
}
