//! Switches for what the collider's next round brings: a mix of exact shapes (circles and
//! oriented boxes behind the broad phase) and push-out resolution. `skysweep::collide` has
//! neither yet, so both keys only say so; these are the hooks to wire them in:
//!
//! - **Shapes** (`S`): set [`SHAPES_READY`], have the scene give its bodies shapes (a scene
//!   option read by `Scene::with_bodies`, so the three broad phases get the same ones) and
//!   rebuild the scene in [`super::Lab::toggle_shapes`]; the overlay
//!   ([`super::overlay`]) then paints circles as circles and oriented boxes rotated.
//! - **Resolution** (`R`): set [`RESOLUTION_READY`] and fill in [`Extras::resolve`], which the
//!   loop calls right after each collide frame: run the library's push-out step on the
//!   frame's contacts and move the scene's bodies by the displacements it returns. Its time
//!   belongs in the plotted collide time.

use skysweep::collide::scenes::Scene;

use super::phase::Broad;

/// Whether `skysweep::collide` gives boxes exact shapes yet.
pub const SHAPES_READY: bool = false;
/// Whether `skysweep::collide` has a push-out resolution step yet.
pub const RESOLUTION_READY: bool = false;

/// The two switches; each stays off while its feature is missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    pub shapes: bool,
    pub resolve: bool,
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

    /// Turns resolution on or off; `Err` says why it cannot.
    pub fn toggle_resolve(&mut self) -> Result<(), &'static str> {
        if !RESOLUTION_READY {
            return Err("push-out resolution is not in the collider yet");
        }
        self.resolve = !self.resolve;
        Ok(())
    }

    /// The resolution step after a collide frame (see the module docs). Nothing to do until
    /// the collider has one.
    pub fn resolve(&self, _scene: &mut Scene, _broad: &Broad) {}
}
