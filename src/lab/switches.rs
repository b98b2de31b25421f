//! The two switches for the collider's second round: push-out resolution (`R`, see
//! [`super::push`]) and the mix of exact shapes (`S`, see [`super::shapes`]).

use skysweep::collide::workloads::Workload;
use skysweep::collide::CollisionMap;

use super::phase::Broad;
use super::push::{solid_map, Push};

/// The switches, and the resolution step they drive.
#[derive(Default)]
pub struct Switches {
    pub shapes: bool,
    pub resolve: bool,
    pub push: Push,
}

impl Switches {
    /// Turns the shape mix on or off. The scene must be rebuilt afterwards: its bullets are
    /// made round from the start.
    pub fn toggle_shapes(&mut self) {
        self.shapes = !self.shapes;
    }

    /// Turns resolution on or off, forgetting the last pushes. The broad phase must be rebuilt
    /// with [`Switches::map`] afterwards, since solid bodies meet their own layer.
    pub fn toggle_resolve(&mut self) {
        self.resolve = !self.resolve;
        self.push.clear();
    }

    /// The collision map a broad phase needs for `scene` with the switches as they are.
    pub fn map(&self, scene: &Workload) -> CollisionMap {
        if self.resolve {
            solid_map(scene)
        } else {
            scene.map()
        }
    }

    /// The resolution step after a collide frame, when it is on; its time in microseconds.
    pub fn resolve(&mut self, scene: &mut Workload, broad: &Broad) -> f64 {
        if !self.resolve {
            return 0.0;
        }
        self.push.step(scene, broad, self.shapes);
        self.push.last.us
    }
}
