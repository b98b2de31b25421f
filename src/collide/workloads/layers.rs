//! The layers of the workloads' scenes: a shooter's seven, numbered and meeting as the game's
//! do (`sim/layers.rs`, whose tests hold them to it), so that a scene costs the collider what a
//! stage does. The names are the workloads' own; the collider gives them no meaning.

use crate::collide::{CollisionMap, Layer};

pub const PLAYER: Layer = Layer::new(0);
pub const PLAYER_SHOT: Layer = Layer::new(1);
pub const POWER_UP: Layer = Layer::new(2);
pub const GROUND_ENEMY: Layer = Layer::new(3);
pub const AIR_ENEMY: Layer = Layer::new(4);
pub const ENEMY_BULLET: Layer = Layer::new(5);
pub const BOMB_BLAST: Layer = Layer::new(6);

/// Every layer a scene uses, in id order.
pub const ALL: [Layer; 7] = [
    PLAYER,
    PLAYER_SHOT,
    POWER_UP,
    GROUND_ENEMY,
    AIR_ENEMY,
    ENEMY_BULLET,
    BOMB_BLAST,
];

/// Which of them meet, as in the game: the player with power-ups, air enemies and enemy
/// bullets; player shots with both kinds of enemy; bomb blasts with enemy bullets and both
/// kinds of enemy.
pub fn shooter_map() -> CollisionMap {
    CollisionMap::of(&[
        (PLAYER, POWER_UP),
        (PLAYER, AIR_ENEMY),
        (PLAYER, ENEMY_BULLET),
        (PLAYER_SHOT, GROUND_ENEMY),
        (PLAYER_SHOT, AIR_ENEMY),
        (BOMB_BLAST, ENEMY_BULLET),
        (BOMB_BLAST, GROUND_ENEMY),
        (BOMB_BLAST, AIR_ENEMY),
    ])
}
