//! Bullet patterns as authors write them, with the values their fields take when left out.

use serde::{Deserialize, Serialize};

use super::{down, one_u32};

/// A bullet pattern, fired once per weapon shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pattern")]
pub struct PatternDef {
    pub kind: PatternKind,
    /// Bullets per volley.
    #[serde(default = "one_u32")]
    pub count: u32,
    /// Starting speed, pixels per second.
    #[serde(default = "bullet_speed")]
    pub speed: f32,
    /// Change of speed, pixels per second per second (may be negative; speed never goes below 0).
    #[serde(default)]
    pub accel: f32,
    /// Turning of each bullet's heading, degrees per second.
    #[serde(default)]
    pub ang_vel_deg: f32,
    /// Arc covered by Spread (and Aimed when count > 1), in degrees.
    #[serde(default = "spread")]
    pub spread_deg: f32,
    /// Heading of non-aimed patterns (90 = down).
    #[serde(default = "down")]
    pub angle_deg: f32,
    /// Volleys per shot (Stream and Spiral repeat), `volley_interval_s` apart.
    #[serde(default = "one_u32")]
    pub volleys: u32,
    #[serde(default = "volley_interval")]
    pub volley_interval_s: f32,
    /// Rotation added each volley (Spiral).
    #[serde(default)]
    pub spin_deg: f32,
    /// Random extra speed 0..speed_spread per bullet (Burst).
    #[serde(default)]
    pub speed_spread: f32,
    #[serde(default)]
    pub bullet: BulletStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PatternKind")]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename = "Bullet")]
pub enum BulletStyle {
    #[default]
    Small,
    Round,
    Big,
    Needle,
}

// The values its fields take when they are left out.

fn bullet_speed() -> f32 {
    90.0
}

fn spread() -> f32 {
    30.0
}

fn volley_interval() -> f32 {
    0.1
}
