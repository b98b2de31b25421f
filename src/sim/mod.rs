//! The game's rules, stepped at a fixed 60 Hz from plain [`Input`] values.
//!
//! Nothing here reads a device, a clock or the window: the same seed, level and inputs give
//! the same game, bit for bit, which tests and replays rely on.
//!
//! # The same game on every platform
//!
//! The same bits on every machine, too: a replay recorded on Linux verifies on Windows or a
//! Mac, and two machines playing one game stay in step. Three things see to it.
//!
//! - **Trigonometry comes from the `libm` crate**, never from `f32::sin` and its kin, which call
//!   the platform's C library: its last bits differ between glibc, the Windows runtime and
//!   Apple's (glibc's `sinf` and `cosf` disagree with libm's on about one value in 80 between
//!   -100 and 100). The rules, the collider's shapes (`collide/`) and the levels' paths
//!   (`level/`) call `libm::sinf`, `cosf`, `sincosf` and `atan2f`; glam's `Vec2::from_angle`
//!   and `to_angle` reach the same functions through glam's `libm` feature.
//!   `tests/it/play_maths.rs` fails on a platform call in `sim/`, `collide/`, `level/` or `run/`,
//!   and on glam's angles not being libm's. libm is musl's maths ported to Rust, the same source
//!   on every target. Its default `arch` feature swaps in a hardware instruction only for `sqrt`,
//!   `fma` and `rint` (and, on wasm, `floor` and its kin), which IEEE 754 defines to the bit, so
//!   the instruction and the software agree; its trigonometry has no hardware path, and
//!   `force-soft-floats` would only slow those few down.
//! - **Every other float operation is exact by IEEE 754.** `+`, `-`, `*`, `/` and `sqrt` round
//!   correctly (to the one nearest float); `%`, `abs`, `floor`, `round`, `min`, `max`, `clamp`
//!   and comparisons are exact; `to_radians` and `to_degrees` are one multiplication; `as`
//!   conversions are Rust's, not the platform's.
//! - **No fused multiply-add.** Rust never contracts `a * b + c` into one `fma`, which rounds
//!   once instead of twice: not by default, and not in the clones `multiversion` compiles for
//!   AVX2 (`collide/sweep.rs`, `collide/scan.rs`, `sim/bullets/advance.rs`), whose `fma` target
//!   feature lets LLVM use the instruction where asked, never to fuse. Play calls no `mul_add`:
//!   std's would fall back on the platform's `fmaf` on a machine without the instruction.
//!
//! IEEE leaves open only a NaN's sign and payload, and the state hash reads floats' bits: play
//! must make none. A 32-bit x86 without SSE2, whose x87 unit rounds wider, is not a target.

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
