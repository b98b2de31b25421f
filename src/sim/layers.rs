//! The game's collision layers and which of them meet. The collider gives a layer no meaning
//! (a [`Layer`] is an id), so the game names its own here ([`GameLayer`]) and fills the
//! collision map the world's collider is built with ([`collision_map`]).
//!
//! A new layer is a variant here (the next id, below [`Layer::COUNT`]), its rows in [`MEETS`],
//! the encounters it has (`systems/encounters.rs`) and its colour in the debug overlay
//! (`render/debug_overlay.rs`). Ids, names and rows are replay rules: the rules fingerprint
//! prints each layer's name and row (`replay/rules.rs`).

use crate::collide::{CollisionMap, Layer};

/// What kind of thing a box is. Each is the collider layer of its id (its discriminant): a
/// pair reaches the encounters with the lower id first, so they match `(Player, PowerUp)`,
/// never `(PowerUp, Player)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum GameLayer {
    Player = 0,
    PlayerShot = 1,
    PowerUp = 2,
    GroundEnemy = 3,
    AirEnemy = 4,
    EnemyBullet = 5,
    BombBlast = 6,
}

impl GameLayer {
    /// Number of layers.
    pub const COUNT: usize = 7;
    /// Every layer, in id order.
    pub const ALL: [GameLayer; GameLayer::COUNT] = [
        GameLayer::Player,
        GameLayer::PlayerShot,
        GameLayer::PowerUp,
        GameLayer::GroundEnemy,
        GameLayer::AirEnemy,
        GameLayer::EnemyBullet,
        GameLayer::BombBlast,
    ];

    /// The collider's layer for this one.
    #[inline]
    pub const fn id(self) -> Layer {
        Layer::new(self as u8)
    }

    /// The game layer a collider layer stands for.
    ///
    /// # Panics
    /// On a layer the game gives no meaning: every box the world inserts is on one of its own.
    #[inline]
    pub fn of(layer: Layer) -> GameLayer {
        GameLayer::ALL[layer.index()]
    }
}

impl From<GameLayer> for Layer {
    #[inline]
    fn from(layer: GameLayer) -> Layer {
        layer.id()
    }
}

/// The pairs of layers that meet:
/// - the player with power-ups, air enemies and enemy bullets;
/// - player shots with ground and air enemies;
/// - bomb blasts with enemy bullets, ground and air enemies.
pub const MEETS: [(GameLayer, GameLayer); 8] = {
    use GameLayer::*;
    [
        (Player, PowerUp),
        (Player, AirEnemy),
        (Player, EnemyBullet),
        (PlayerShot, GroundEnemy),
        (PlayerShot, AirEnemy),
        (BombBlast, EnemyBullet),
        (BombBlast, GroundEnemy),
        (BombBlast, AirEnemy),
    ]
};

/// The game's collision map: exactly the pairs of [`MEETS`] meet.
pub fn collision_map() -> CollisionMap {
    CollisionMap::of(&MEETS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::workloads::layers as scene;

    #[test]
    fn ids_are_the_discriminants_in_order() {
        for (i, l) in GameLayer::ALL.into_iter().enumerate() {
            assert_eq!(l.id().index(), i);
            assert_eq!(GameLayer::of(l.id()), l);
        }
    }

    #[test]
    fn the_map_is_symmetric_and_matches_the_game() {
        let map = collision_map();
        for a in GameLayer::ALL {
            for b in GameLayer::ALL {
                assert_eq!(map.meets(a, b), map.meets(b, a), "{a:?} {b:?}");
            }
        }
        use GameLayer::*;
        assert!(map.meets(Player, EnemyBullet));
        assert!(map.meets(EnemyBullet, BombBlast));
        assert!(!map.meets(Player, GroundEnemy));
        assert!(!map.meets(EnemyBullet, EnemyBullet));
        assert!(!map.meets(PlayerShot, EnemyBullet));
    }

    /// The collider's benchmark scenes stand for stages: their layers must be the game's.
    #[test]
    fn the_workloads_layers_are_the_games() {
        let named = [
            (scene::PLAYER, GameLayer::Player),
            (scene::PLAYER_SHOT, GameLayer::PlayerShot),
            (scene::POWER_UP, GameLayer::PowerUp),
            (scene::GROUND_ENEMY, GameLayer::GroundEnemy),
            (scene::AIR_ENEMY, GameLayer::AirEnemy),
            (scene::ENEMY_BULLET, GameLayer::EnemyBullet),
            (scene::BOMB_BLAST, GameLayer::BombBlast),
        ];
        for (s, g) in named {
            assert_eq!(s, g.id(), "{g:?}");
        }
        assert_eq!(scene::ALL, GameLayer::ALL.map(GameLayer::id));
        assert_eq!(scene::shooter_map(), collision_map());
    }
}
