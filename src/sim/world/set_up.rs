//! Scene set-up for tests and `testkit` only: an enemy, an item, a score or a charge made to
//! happen as play would make it, without playing up to it; and the players, enemies and
//! items handed out `&mut`, and the run's invincibility switched, to set a scene up directly.

use glam::Vec2;

use crate::sim::model::enemy::Enemy;
use crate::sim::model::item::{Item, ItemKind};
use crate::sim::model::player::{self, Player};
use crate::sim::systems::{enemies, items, players};

use super::World;

impl World {
    /// Turns the run's invincibility on or off, to set up a scene (tests; a run's own comes
    /// from its config).
    pub fn set_invincible(&mut self, invincible: bool) {
        self.config.invincible = invincible;
    }

    /// Player `i`, to set up a scene (tests): a ship moved here takes its box along
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

    /// Brings in an enemy of type `kind` at `pos`, as a wave without overrides would (scene
    /// set-up: `testkit`); its key, or `None` at the level's enemy limit.
    pub(crate) fn spawn_enemy(&mut self, kind: usize, pos: Vec2) -> Option<usize> {
        let (mut spawner, _) = self.spawner_and_timeline();
        spawner.spawn(enemies::Spawn {
            kind,
            pos,
            path: None,
            pattern: None,
            mirror: false,
        })
    }

    /// Drops an item of `kind` at `pos`, as an enemy's drop (scene set-up: `testkit`).
    pub(crate) fn drop_item(&mut self, kind: ItemKind, pos: Vec2) {
        let (mut harm, _) = self.harm_and_arena();
        items::spawn(harm.items, &mut harm.shared, kind, pos, false);
    }

    /// Scores `points` for `player` as play does, extra lives and all (`testkit`).
    pub(crate) fn add_score(&mut self, player: usize, points: u64) {
        let extends = self.config.arcade.extends;
        let events = &mut self.events;
        player::add_score(&mut self.players, player, points, extends, events);
    }

    /// Fires `player`'s charge attack right now, whatever its gauge (`testkit`).
    pub(crate) fn fire_charge(&mut self, player: usize) {
        let (shots, collider) = (&mut self.shots, &mut self.collider);
        players::fire_charge(&self.players[player], shots, collider, &mut self.events);
    }

    /// Damages part `pi` of enemy `k` for `player` as a hit would, and all that follows
    /// (scene set-up in tests).
    #[cfg(test)]
    pub(crate) fn damage_part(&mut self, k: usize, pi: usize, damage: f32, player: usize) {
        self.harm_and_arena().0.damage_part(k, pi, damage, player);
    }
}
