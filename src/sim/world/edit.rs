//! The door for the game's changes from outside a step: the stress test's bullets and a
//! rewound world's events. Each change keeps the world's invariants as a step would (a
//! bullet's box joins the collider). The set-ups only tests and `testkit` make, `&mut`
//! players, enemies and items among them, are in `set_up.rs`.

use crate::sim::model::bullet::Bullet;
use crate::sim::systems::bullets;

use super::World;

impl World {
    /// Adds a bullet; its box joins the collider with the rest of this step's spawns, in one
    /// batch. Returns its key, or `None` when the collider is full.
    pub fn spawn_bullet(&mut self, bullet: Bullet) -> Option<usize> {
        bullets::spawn(&mut self.bullets, &mut self.collider, bullet)
    }

    /// Forgets the last step's events: a rewound world's re-simulated steps were seen already.
    pub fn forget_events(&mut self) {
        self.events.clear();
    }
}
