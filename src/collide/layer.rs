//! Collision layers and the collision map: the table of which layers meet.

/// What kind of thing a box is. The collision map decides which layers can meet.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[repr(u8)]
pub enum Layer {
    Player = 0,
    PlayerShot = 1,
    PowerUp = 2,
    GroundEnemy = 3,
    AirEnemy = 4,
    EnemyBullet = 5,
    BombBlast = 6,
}

impl Layer {
    /// Number of layers.
    pub const COUNT: usize = 7;
    /// Every layer, in index order.
    pub const ALL: [Layer; Layer::COUNT] = [
        Layer::Player,
        Layer::PlayerShot,
        Layer::PowerUp,
        Layer::GroundEnemy,
        Layer::AirEnemy,
        Layer::EnemyBullet,
        Layer::BombBlast,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of layers, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayerMask(pub u16);

impl LayerMask {
    pub const NONE: LayerMask = LayerMask(0);
    pub const ALL: LayerMask = LayerMask((1 << Layer::COUNT) - 1);

    /// The set holding exactly `layers`.
    pub fn of(layers: &[Layer]) -> LayerMask {
        LayerMask(layers.iter().fold(0, |m, l| m | l.bit()))
    }

    #[inline]
    pub const fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    #[inline]
    pub const fn with(self, layer: Layer) -> LayerMask {
        LayerMask(self.0 | layer.bit())
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A symmetric table of which layers meet. Pairs of layers that do not meet are never tested
/// and never reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollisionMap {
    /// `rows[a]` holds the layers that `a` meets. Kept symmetric by every mutator.
    rows: [LayerMask; Layer::COUNT],
}

impl CollisionMap {
    /// No layer meets any other.
    pub const fn empty() -> Self {
        Self {
            rows: [LayerMask::NONE; Layer::COUNT],
        }
    }

    /// The game's map:
    /// - player with power-up, air enemy and enemy bullet;
    /// - player shot with ground enemy and air enemy;
    /// - bomb blast with enemy bullet, ground enemy and air enemy.
    pub fn game_default() -> Self {
        use Layer::*;
        let mut map = Self::empty();
        for (a, b) in [
            (Player, PowerUp),
            (Player, AirEnemy),
            (Player, EnemyBullet),
            (PlayerShot, GroundEnemy),
            (PlayerShot, AirEnemy),
            (BombBlast, EnemyBullet),
            (BombBlast, GroundEnemy),
            (BombBlast, AirEnemy),
        ] {
            map.set(a, b, true);
        }
        map
    }

    /// Makes `a` and `b` meet (or not), in both directions.
    pub fn set(&mut self, a: Layer, b: Layer, meet: bool) {
        if meet {
            self.rows[a.index()].0 |= b.bit();
            self.rows[b.index()].0 |= a.bit();
        } else {
            self.rows[a.index()].0 &= !b.bit();
            self.rows[b.index()].0 &= !a.bit();
        }
    }

    /// Builder form of [`CollisionMap::set`].
    pub fn with(mut self, a: Layer, b: Layer) -> Self {
        self.set(a, b, true);
        self
    }

    #[inline]
    pub fn meets(&self, a: Layer, b: Layer) -> bool {
        self.rows[a.index()].contains(b)
    }

    /// The layers that `layer` meets.
    #[inline]
    pub fn row(&self, layer: Layer) -> LayerMask {
        self.rows[layer.index()]
    }
}

impl Default for CollisionMap {
    fn default() -> Self {
        Self::game_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_map_is_symmetric_and_matches_the_game() {
        let map = CollisionMap::game_default();
        for a in Layer::ALL {
            for b in Layer::ALL {
                assert_eq!(map.meets(a, b), map.meets(b, a), "{a:?} {b:?}");
            }
        }
        assert!(map.meets(Layer::Player, Layer::EnemyBullet));
        assert!(map.meets(Layer::EnemyBullet, Layer::BombBlast));
        assert!(!map.meets(Layer::Player, Layer::GroundEnemy));
        assert!(!map.meets(Layer::EnemyBullet, Layer::EnemyBullet));
        assert!(!map.meets(Layer::PlayerShot, Layer::EnemyBullet));
    }

    #[test]
    fn set_false_removes_both_directions() {
        let mut map = CollisionMap::game_default();
        map.set(Layer::AirEnemy, Layer::Player, false);
        assert!(!map.meets(Layer::Player, Layer::AirEnemy));
        assert!(!map.meets(Layer::AirEnemy, Layer::Player));
    }
}
