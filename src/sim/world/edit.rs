//! The door for changes from outside a step: the stress test's bullets, practice's tools and
//! tests' scene set-up. Each change keeps the world's invariants as a step would (a bullet's
//! box joins the collider, a player's invincibility its config); the set-ups only tests and
//! `testkit` make are in `set_up.rs`.

use crate::sim::model::bullet::Bullet;
use crate::sim::model::enemy::Enemy;
use crate::sim::model::item::Item;
use crate::sim::model::player::Player;
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

    /// Turns the run's invincibility on or off (a level author's switch, and tests').
    pub fn set_invincible(&mut self, invincible: bool) {
        self.config.invincible = invincible;
    }

    /// Player `i`, to set up a scene (tests, demos): a ship moved here takes its box along
    /// on the next step.
    pub fn player_mut(&mut self, i: usize) -> &mut Player {
        &mut self.players[i]
    }

    /// Enemy `k`, to set up a scene (tests): its parts' HP and timers. Boxes follow the enemy
    /// on the next step.
    pub fn enemy_mut(&mut self, k: usize) -> &mut Enemy {
        &mut self.enemies[k]
    }

    /// Item `k`, to set up a scene (tests): its age, drift and place. Its box follows on the
    /// next step.
    pub fn item_mut(&mut self, k: usize) -> &mut Item {
        &mut self.items[k]
    }
}
