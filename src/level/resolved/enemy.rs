//! A loaded enemy type: its parts and their hitboxes, weapons, boss phases, path and rewards,
//! every name resolved to an index.

use std::sync::Arc;

use glam::Vec2;
use serde::Serialize;

use super::Path;

// Names the simulation hands on in its events are shared (`Arc<str>`), so reporting a boss
// or a wreck during a step copies a pointer instead of allocating a string.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EnemyType {
    pub name: Arc<str>,
    pub sprite: String,
    pub layer: EnemyLayer,
    pub score: u32,
    /// At least one part; single-box enemies have one part named "body".
    pub parts: Vec<Part>,
    /// Index of the part whose destruction kills the enemy.
    pub core: usize,
    pub path: Path,
    pub weapons: Vec<Weapon>,
    pub phases: Vec<BossPhase>,
    pub drop: Option<ItemDrop>,
    pub reveals: Option<usize>,
    pub wreck: Option<Arc<str>>,
    pub bonus: u32,
    pub explosion: u8,
}

/// Ground enemies ride the scrolling ground; air enemies fly over it and can ram the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum EnemyLayer {
    Air,
    Ground,
}

/// The item an enemy drops when destroyed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ItemDrop {
    Power,
    Bomb,
    Coin,
}

impl EnemyType {
    pub fn is_boss(&self) -> bool {
        self.parts.len() > 1 || !self.phases.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Part {
    pub name: String,
    pub offset: Vec2,
    /// Half the size of the box around the part's hitbox: the hitbox itself for a box, the
    /// bounds of a circle or turned box. What draws or aims at a part's extent uses this.
    pub half: Vec2,
    /// The true hitbox, centred on `offset`; `half` bounds it.
    pub shape: HitShape,
    pub hp: f32,
    pub sprite: Option<String>,
    pub destroyed_sprite: Option<String>,
    pub guarded_by: Vec<usize>,
    pub mirror: bool,
    pub score: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Weapon {
    pub pattern: usize,
    pub delay_s: f32,
    pub interval_s: f32,
    pub from: Option<usize>,
    pub offset: Vec2,
    pub turn_deg_s: Option<f32>,
    /// The weapon's `angle`: degrees the pattern is turned by (the other way for a mirrored
    /// enemy). Left out of the encoding when 0, so levels that turn no weapon hash as
    /// before weapons could turn.
    #[serde(skip_serializing_if = "is_zero")]
    pub angle_deg: f32,
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

/// One stage of a boss's fight: its weapons (and path) once the parts in `after` are down and
/// the core's HP is at or below `below_hp` of its whole.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BossPhase {
    /// The attack's title, if it has one. Only shown and used to find the phase (PRACTICE >
    /// BOSS ATTACKS, `--phase`): it changes nothing that plays, so it is left out of the
    /// level's hash and naming a phase keeps every replay and state hash.
    #[serde(skip)]
    pub name: Option<Arc<str>>,
    pub after: Vec<usize>,
    /// Negative when only time starts the phase.
    pub below_hp: f32,
    /// Seconds after the enemy appeared from which the phase may start, whatever its HP.
    /// Left out of the encoding when none, so levels without timed phases hash as before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_s: Option<f32>,
    pub weapons: Vec<Weapon>,
    pub path: Option<Path>,
}

/// A part's true hitbox, centred on the part, in playfield axes (y down), mirroring already
/// applied.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum HitShape {
    /// The axis-aligned box `Part::half` gives.
    Box,
    Circle {
        radius: f32,
    },
    /// A box of half-extents `half` along its own axes, turned by `angle` radians clockwise
    /// on screen (its x axis points along `(cos angle, sin angle)`).
    Oriented {
        half: Vec2,
        angle: f32,
    },
}

impl HitShape {
    /// Half the size of the axis-aligned box around the shape; `box_half` for a box.
    pub fn bounds_half(self, box_half: Vec2) -> Vec2 {
        match self {
            HitShape::Box => box_half,
            HitShape::Circle { radius } => Vec2::splat(radius),
            HitShape::Oriented { half, angle } => {
                let (s, c) = libm::sincosf(angle);
                Vec2::new(
                    c.abs() * half.x + s.abs() * half.y,
                    s.abs() * half.x + c.abs() * half.y,
                )
            }
        }
    }

    /// The shape seen in a mirror held along the y axis: a turned box turns the other way.
    pub fn mirrored(self) -> HitShape {
        match self {
            HitShape::Oriented { half, angle } => HitShape::Oriented {
                half,
                angle: -angle,
            },
            other => other,
        }
    }
}
