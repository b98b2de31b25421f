//! Enemy types as authors write them: their parts and hitbox shapes, weapons, boss phases and
//! the item they drop.

use serde::{Deserialize, Serialize};

use super::{PathDef, PerDifficulty};

/// Ground enemies ride the scrolling ground; air enemies fly over it and can ram the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "EnemyLayer")]
pub enum LayerDef {
    Air,
    Ground,
}

/// An enemy type. Bosses are enemies with several parts and phases.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Enemy")]
pub struct EnemyDef {
    /// Sprite name in the atlas.
    pub sprite: String,
    pub layer: LayerDef,
    /// HP of the main part when `parts` is empty: one number, or one per difficulty.
    #[serde(default = "hp")]
    pub hp: PerDifficulty<f32>,
    pub score: u32,
    /// Hitbox size of the main part when `parts` is empty, in pixels; 14 × 14 when neither
    /// this nor `shape` is given.
    #[serde(default)]
    pub size: Option<(f32, f32)>,
    /// Hitbox shape of the main part when `parts` is empty, in place of the box `size` gives.
    #[serde(default)]
    pub shape: Option<ShapeDef>,
    /// The boxes of a multi-part enemy. The enemy falls when its `core` part is destroyed.
    #[serde(default)]
    pub parts: Vec<PartDef>,
    /// Name of the part whose destruction kills the enemy (default: the first part).
    #[serde(default)]
    pub core: Option<String>,
    #[serde(default)]
    pub path: PathDef,
    #[serde(default)]
    pub weapons: Vec<WeaponDef>,
    /// Boss phases. The active phase is the last one whose `after` parts are all destroyed
    /// and whose `below_hp` (fraction of the core's HP) is reached; its weapons replace `weapons`.
    #[serde(default)]
    pub phases: Vec<BossPhaseDef>,
    /// Item dropped when destroyed.
    #[serde(default)]
    pub drop: Option<ItemDef>,
    /// Enemy type revealed at this spot when destroyed (a roof hiding a tank).
    #[serde(default)]
    pub reveals: Option<String>,
    /// Sprite left on the ground after destruction (ground enemies).
    #[serde(default)]
    pub wreck: Option<String>,
    /// Extra score for a boss, paid when it falls.
    #[serde(default)]
    pub bonus: u32,
    /// Explosion size: 0 small, 1 medium, 2 large.
    #[serde(default)]
    pub explosion: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Part")]
pub struct PartDef {
    pub name: String,
    /// Centre of the box relative to the enemy's position, in pixels.
    #[serde(default)]
    pub offset: (f32, f32),
    /// The part's hitbox as an axis-aligned box, in pixels. A part gives this or `shape`.
    #[serde(default)]
    pub size: Option<(f32, f32)>,
    /// The part's hitbox as a circle or a turned box, centred on `offset`.
    #[serde(default)]
    pub shape: Option<ShapeDef>,
    /// One number, or one per difficulty.
    pub hp: PerDifficulty<f32>,
    /// Sprite drawn for this part (frame 0 intact, 1 damaged, 2 destroyed when the sprite has them).
    #[serde(default)]
    pub sprite: Option<String>,
    /// Sprite drawn once the part is destroyed (default: the part sprite's last frame).
    #[serde(default)]
    pub destroyed_sprite: Option<String>,
    /// Parts that must be destroyed before this one takes damage.
    #[serde(default)]
    pub guarded_by: Vec<String>,
    /// Draw the part mirrored left-right.
    #[serde(default)]
    pub mirror: bool,
    /// Score for destroying the part.
    #[serde(default)]
    pub score: u32,
}

/// A hitbox that is not an axis-aligned box, centred on its part (or enemy). It is drawn in
/// the part's own frame: a part with `mirror: true` has its shape mirrored left-right too, so
/// a pair of arms is written once and mirrored like its sprite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Shape")]
pub enum ShapeDef {
    /// A circle of `radius` pixels.
    Circle { radius: f32 },
    /// A box of `size` (width, height) in pixels, turned by `angle_deg` degrees clockwise on
    /// screen (the direction of positive angles everywhere in the format).
    Oriented { size: (f32, f32), angle_deg: f32 },
}

/// One stage of a boss's fight (see [`EnemyDef::phases`]). Authors write it `Phase(...)`
/// or `(...)`: the serde name stays `Phase`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Phase")]
pub struct BossPhaseDef {
    /// The attack's title (`name: "Tidal Lance"`), shown as a banner when the phase starts and
    /// listed in PRACTICE > BOSS ATTACKS. Unique within its enemy; a phase without one plays
    /// the same but is never announced nor practised alone.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub after: Vec<String>,
    /// Fraction of the core's HP at or below which the phase may start; left out, any HP
    /// (1.0), unless `after_s` is given.
    #[serde(default)]
    pub below_hp: Option<f32>,
    /// Seconds after the enemy appeared from which the phase may start. With `below_hp` too,
    /// whichever comes first starts it; with `after_s` alone, HP does not.
    #[serde(default)]
    pub after_s: Option<f32>,
    pub weapons: Vec<WeaponDef>,
    /// Path for this phase, if it changes.
    #[serde(default)]
    pub path: Option<PathDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Weapon")]
pub struct WeaponDef {
    pub pattern: String,
    /// Seconds after the enemy appears before the first shot.
    #[serde(default = "weapon_delay")]
    pub delay_s: f32,
    /// Seconds between shots.
    #[serde(default = "weapon_interval")]
    pub interval_s: f32,
    /// Part the shots come from; the weapon falls silent when that part is destroyed.
    #[serde(default)]
    pub from: Option<String>,
    /// Offset of the muzzle from the part (or enemy) centre.
    #[serde(default)]
    pub offset: (f32, f32),
    /// A turret turning towards the player at this rate (degrees per second) before firing.
    #[serde(default)]
    pub turn_deg_s: Option<f32>,
    /// Degrees the whole pattern is turned by, clockwise on screen (an aimed one away from
    /// the player); an enemy spawned mirrored turns it the other way, so one fan pattern
    /// serves both sides.
    #[serde(default)]
    pub angle: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Item")]
pub enum ItemDef {
    Power,
    Bomb,
    Coin,
}

// The values its fields take when they are left out.

fn hp() -> PerDifficulty<f32> {
    PerDifficulty::One(1.0)
}

fn weapon_delay() -> f32 {
    0.8
}

fn weapon_interval() -> f32 {
    2.0
}
