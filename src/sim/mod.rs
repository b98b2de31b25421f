//! The game's rules, stepped at a fixed 60 Hz from plain [`Input`] values.
//!
//! Nothing here reads a device, a clock or the window: the same seed, level and inputs give
//! the same game, bit for bit, which tests and replays rely on.

pub mod arcade;
pub mod autoplay;
pub mod bomb;
mod boss;
mod bullet;
mod bullets;
pub mod campaign;
pub mod character;
mod clear;
pub mod clock;
mod config;
pub mod dps;
mod encounters;
mod enemies;
mod enemy;
pub mod events;
mod flight;
mod harm;
pub mod hash;
pub mod input;
pub mod item;
mod items;
mod legs;
mod owner;
pub mod phase_start;
pub mod pilots;
pub mod player;
mod players;
pub mod replay;
pub mod rewind;
mod scratch;
mod scroll;
mod shared;
mod shots;
pub mod skill;
pub mod stress;
mod timeline;
mod weapons;
pub mod world;

use glam::Vec2;

pub use arcade::{ArcadeRules, Continues, Extends};
pub use bomb::Blast;
pub use boss::MidBossWait;
pub use bullet::{Bullet, BULLET_MAX_AGE};
pub use bullets::{BulletSprite, Bullets};
pub use character::{pair_key, Character};
pub use clear::{StagePhase, Tally, CLEAR_BONUS_PER_BOMB, CLEAR_BONUS_PER_LIFE, TALLY_STEPS};
pub use config::{Carry, WorldConfig};
pub use enemy::{Enemy, PartState, WeaponState};
pub use events::{GameEvent, RunStats};
pub use input::Input;
pub use item::{Item, ItemKind};
pub use phase_start::PhaseStart;
pub use player::{Player, Shot, ShotKind, Strike};
pub use skill::Skill;
pub use timeline::{Banner, Upcoming};
pub use world::World;

/// The logical playfield, in pixels: Gunbird 2's portrait screen.
pub const PLAYFIELD: Vec2 = Vec2::new(224.0, 320.0);
