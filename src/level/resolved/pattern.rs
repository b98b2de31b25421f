//! A loaded bullet pattern: what one weapon shot fires, and the bullets' styles with their
//! hitbox sizes.

use serde::Serialize;

/// A bullet pattern, checked, fired once per weapon shot. Speeds are pixels per second,
/// angles degrees (90 = down). Its fields' order and types are the replays' level hash (see
/// `sim::replay::level_hash`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pattern {
    pub kind: PatternKind,
    /// Bullets per volley.
    pub count: u32,
    /// Starting speed.
    pub speed: f32,
    /// Change of speed per second (may be negative; speed never goes below 0).
    pub accel: f32,
    /// Turning of each bullet's heading, degrees per second.
    pub ang_vel_deg: f32,
    /// Arc covered by Spread (and Aimed when count > 1).
    pub spread_deg: f32,
    /// Heading of non-aimed patterns.
    pub angle_deg: f32,
    /// Volleys per shot (Stream and Spiral repeat), `volley_interval_s` apart.
    pub volleys: u32,
    pub volley_interval_s: f32,
    /// Rotation added each volley (Spiral).
    pub spin_deg: f32,
    /// Random extra speed 0..speed_spread per bullet (Burst).
    pub speed_spread: f32,
    pub bullet: BulletStyle,
}

/// How a pattern lays out its bullets. The order of the variants is the replays' level hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PatternKind {
    /// At the player; `count` > 1 spreads over `spread_deg` centred on the player.
    Aimed,
    /// `count` bullets fanned over `spread_deg` around `angle_deg`.
    Spread,
    /// `count` bullets evenly around the full circle.
    Ring,
    /// A ring turning by `spin_deg` every volley.
    Spiral,
    /// `volleys` aimed volleys in quick succession.
    Stream,
    /// A ring of `count` bullets at random speeds, all in one frame.
    Burst,
}

/// How an enemy bullet looks and how big its hitbox is. The order of the variants is the
/// replays' level hash, and [`BulletStyle::ALL`]'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub enum BulletStyle {
    #[default]
    Small,
    Round,
    Big,
    Needle,
}

/// [`BulletStyle::half_size`] by style, in the order of [`BulletStyle::ALL`]. A table, not a
/// match: a step boxes every bullet, styles come in any order, and a match here compiled to a
/// jump that mispredicted on a mixed screen.
const HALF_SIZE: [f32; 4] = [2.0, 3.0, 5.0, 1.5];

impl BulletStyle {
    /// Every style, in declaration order, so `ALL[style as usize] == style`.
    pub const ALL: [BulletStyle; 4] = [
        BulletStyle::Small,
        BulletStyle::Round,
        BulletStyle::Big,
        BulletStyle::Needle,
    ];

    /// Hitbox half-size across the bullet's flight: the radius of a round bullet's circle,
    /// half the width of a needle's box. Hitboxes are smaller than sprites, as players expect.
    pub fn half_size(self) -> f32 {
        HALF_SIZE[self as usize]
    }

    /// Hitbox half-size along the bullet's flight: a needle's box reaches this far ahead of
    /// and behind its centre (its sprite is 12 long); a round bullet's is its radius. Never
    /// less than [`half_size`](Self::half_size), so it bounds the hitbox from the centre.
    pub fn half_length(self) -> f32 {
        // A round style's length is its size, by construction; only a needle's differs.
        const HALF_LENGTH: [f32; 4] = {
            let mut t = HALF_SIZE;
            t[BulletStyle::Needle as usize] = 4.0;
            t
        };
        HALF_LENGTH[self as usize]
    }

    /// True for the styles whose hitbox is a circle; a needle's is a box along its flight.
    pub fn is_round(self) -> bool {
        self != BulletStyle::Needle
    }
}

#[cfg(test)]
mod tests {
    use super::BulletStyle;

    #[test]
    fn every_bullet_style_sits_at_its_own_index() {
        for (i, style) in BulletStyle::ALL.into_iter().enumerate() {
            assert_eq!(style as usize, i, "{style:?}");
        }
    }
}
