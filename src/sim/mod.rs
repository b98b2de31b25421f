//! The game's rules, stepped at a fixed 60 Hz from plain [`Input`] values.
//!
//! Nothing here reads a device, a clock or the window: the same seed, level and inputs give
//! the same game, bit for bit, which tests and replays rely on. `sim` never touches the
//! window: no macroquad, no kira. It uses `level` (the loaded stage), `collide` (the broad
//! phase) and, for replay files, `platform`.
//!
//! The folders, from the bottom up:
//! - [`model`]: the game's things as plain values (a player and its shots, an enemy, a bullet,
//!   an item, the bosses awaited, the scroll, what a run is set up with, the input, the events,
//!   the fixed step). Their methods work on these values alone; nothing here steps the world.
//!   Outside its tests it imports nothing of `sim` but [`PLAYFIELD`].
//! - [`systems`]: what steps the model, each borrowing the world's parts it changes for the
//!   length of its work: the players and their shots, the pilots' weapons, bombs, the bullet
//!   store, enemies and their flight and weapons, items, the timeline, the stage's clear, and
//!   the encounters and the harm they set off. They import the model, never the world.
//! - [`world`]: the door. [`World`] owns every table, runs one step through the systems in
//!   order, and hands out read-only views, the state hash and the few changes from outside.
//! - Built on the world: [`replay`] (recording, files, playback,
//!   verifying), [`rewind`] (practice's going back in time), [`bots`] (the built-in pilot and
//!   its skill), [`stress`] (the stress test's bullets) and [`dps`] (each pilot's damage a
//!   second, measured against a dummy for pilot select and the pilot pages).
//! - [`hasher`]: the state hash's vocabulary (the hasher and the `Feed` trait), which any
//!   folder may feed without a circle.
//! - [`layers`]: the game's collision layers and which of them meet, handed to the collider
//!   as data (the collider names no layer of its own).
//!
//! The types other folders use are re-exported here, so most callers write `sim::World`,
//! `sim::Input` or `sim::GameEvent`.
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
//!   AVX2 (`collide/sap/sweep.rs`, `collide/sap/scan.rs`, `sim/systems/bullets/advance.rs`), whose `fma` target
//!   feature lets LLVM use the instruction where asked, never to fuse. Play calls no `mul_add`:
//!   std's would fall back on the platform's `fmaf` on a machine without the instruction.
//!
//! IEEE leaves open only a NaN's sign and payload, and the state hash reads floats' bits: play
//! must make none. A 32-bit x86 without SSE2, whose x87 unit rounds wider, is not a target.

pub mod bots;
pub mod dps;
pub mod hasher;
pub mod layers;
pub mod model;
pub mod replay;
pub mod rewind;
pub mod stress;
pub mod systems;
pub mod world;

use glam::Vec2;

pub use bots::skill::Skill;
pub use model::arcade::{ArcadeRules, Continues, Extends};
pub use model::boss::MidBossWait;
pub use model::bullet::{Bullet, BULLET_MAX_AGE};
pub use model::character::{pair_key, Character};
pub use model::config::{Carry, PhaseStart, WorldConfig};
pub use model::enemy::{Enemy, PartState, WeaponState};
pub use model::events::{GameEvent, RunStats};
pub use model::input::Input;
pub use model::item::{Item, ItemKind};
pub use model::player::{Player, Shot, ShotKind, Strike};
pub use systems::bomb::Blast;
pub use systems::bullets::{BulletSprite, Bullets};
pub use systems::clear::{
    StagePhase, Tally, CLEAR_BONUS_PER_BOMB, CLEAR_BONUS_PER_LIFE, TALLY_STEPS,
};
pub use systems::timeline::{Banner, Upcoming};
pub use world::World;

/// The logical playfield, in pixels: Gunbird 2's portrait screen.
pub const PLAYFIELD: Vec2 = Vec2::new(224.0, 320.0);
