//! The game's rules, stepped at a fixed 60 Hz from plain [`Input`] values.
//!
//! Nothing here reads a device, a clock or the window: the same seed, level and inputs give
//! the same game, bit for bit, which tests and replays rely on.

pub mod arcade;
pub mod autoplay;
pub mod bomb;
mod bullet;
mod bullets;
pub mod campaign;
pub mod character;
pub mod clock;
mod encounters;
mod enemy;
pub mod events;
pub mod hash;
pub mod input;
pub mod item;
mod legs;
pub mod pilots;
pub mod player;
mod preview;
pub mod replay;
pub mod rewind;
mod scratch;
mod scroll;
pub mod skill;
pub mod stress;
pub mod world;

use glam::Vec2;

pub use arcade::{ArcadeRules, Continues, Extends};
pub use bullet::{Bullet, BULLET_MAX_AGE};
pub use bullets::{BulletSprite, Bullets};
pub use character::{pair_key, Character};
pub use enemy::{Enemy, PartState, WeaponState};
pub use events::GameEvent;
pub use input::Input;
pub use item::{Item, ItemKind};
pub use pilots::Strike;
pub use player::{Player, Shot, ShotKind};
pub use preview::Upcoming;
pub use skill::Skill;
pub use world::{
    Blast, Carry, MidBossWait, RunStats, StagePhase, Tally, World, WorldConfig,
    CLEAR_BONUS_PER_BOMB, CLEAR_BONUS_PER_LIFE, TALLY_STEPS,
};

/// The logical playfield, in pixels: Gunbird 2's portrait screen.
pub const PLAYFIELD: Vec2 = Vec2::new(224.0, 320.0);
