//! Enemies as values: an enemy, its parts with their HP and its weapons' timers, and what
//! may be asked of them (where a part is, whether it can be hurt). Their table and its step
//! are `systems::enemies`.

use glam::Vec2;
use slab::Slab;

use crate::collide::{Handle, Shape};
use crate::level::Path;
use crate::level::{EnemyType, HitShape, Level, Weapon};

use crate::sim::PLAYFIELD;

/// One box of an enemy, with its own HP.
#[derive(Clone, Debug)]
pub struct PartState {
    pub hp: f32,
    pub max_hp: f32,
    pub destroyed: bool,
    /// Steps left of the hit flash.
    pub flash: u32,
    pub(crate) handle: Option<Handle>,
}

/// A weapon's timers.
#[derive(Clone, Debug, Default)]
pub struct WeaponState {
    /// Steps until the next shot.
    pub(crate) cooldown: u32,
    /// Volleys still to fire from the current shot, and steps until the next.
    pub(crate) volleys_left: u32,
    pub(crate) volley_timer: u32,
    pub(crate) volley_index: u32,
    /// Spiral patterns keep turning from shot to shot.
    pub(crate) spin_deg: f32,
    /// Where a turret points now, degrees.
    pub aim_deg: f32,
}

#[derive(Clone, Debug)]
pub struct Enemy {
    /// Index into the level's enemy types.
    pub kind: usize,
    pub pos: Vec2,
    pub(crate) origin: Vec2,
    pub(crate) heading_deg: f32,
    /// Steps alive.
    pub age: u32,
    pub path: Path,
    pub mirror: bool,
    pub parts: Vec<PartState>,
    pub weapons: Vec<WeaponState>,
    /// Index of the active boss phase in its type's `phases` (0 when the type has none).
    pub boss_phase: usize,
    pub pattern_override: Option<usize>,
    pub ground: bool,
    pub(crate) seen: bool,
    /// Steps into the current path stage (StopAndShoot waits, Hover enters).
    pub(crate) path_timer: u32,
    /// The part of a `Sequence` path being flown (0 for every other path).
    pub(crate) leg: u16,
}

impl Enemy {
    /// True while part `pi` is guarded: one of the parts its type lists in `guarded_by` still
    /// stands. A guarded part takes no damage, and neither homing orbs nor the autopilot aim
    /// at it. `ty` is this enemy's type (`level.enemies[self.kind]`).
    pub fn part_guarded(&self, ty: &EnemyType, pi: usize) -> bool {
        ty.parts.get(pi).is_some_and(|def| {
            def.guarded_by
                .iter()
                .any(|&g| self.parts.get(g).is_some_and(|guard| !guard.destroyed))
        })
    }

    /// True when part `pi` is there to be hurt: it stands and is not guarded.
    pub fn part_open(&self, ty: &EnemyType, pi: usize) -> bool {
        self.parts.get(pi).is_some_and(|p| !p.destroyed) && !self.part_guarded(ty, pi)
    }

    /// True once the enemy has entered the visible playfield.
    pub fn on_screen(&self) -> bool {
        self.pos.x > -8.0
            && self.pos.x < PLAYFIELD.x + 8.0
            && self.pos.y > -8.0
            && self.pos.y < PLAYFIELD.y + 8.0
    }
}

/// The weapons firing in `phase`: the phase's, or the type's own.
pub(crate) fn active_weapons(ty: &EnemyType, phase: usize) -> &[Weapon] {
    match ty.phases.get(phase) {
        Some(p) => &p.weapons,
        None => &ty.weapons,
    }
}

/// The collider's shape for a part whose level hitbox is `shape`, on an enemy spawned
/// mirrored or not: a mirrored formation flips its parts' offsets, and their turned boxes
/// with them, so the hitboxes stay where the mirrored sprites are.
pub(crate) fn part_shape(shape: HitShape, mirror: bool) -> Shape {
    let shape = if mirror { shape.mirrored() } else { shape };
    match shape {
        HitShape::Box => Shape::Aabb,
        HitShape::Circle { radius } => Shape::Circle { radius },
        HitShape::Oriented { half, angle } => Shape::Oriented { half, angle },
    }
}

/// True when enemy `k` lives and its part `pi` is there to be hurt ([`Enemy::part_open`]).
pub(crate) fn part_open(enemies: &Slab<Enemy>, level: &Level, k: usize, pi: usize) -> bool {
    enemies
        .get(k)
        .is_some_and(|e| e.part_open(&level.enemies[e.kind], pi))
}

/// Where part `pi` of enemy `k` is, in the world.
pub(crate) fn part_pos(enemies: &Slab<Enemy>, level: &Level, k: usize, pi: usize) -> Vec2 {
    let e = &enemies[k];
    let def = &level.enemies[e.kind].parts[pi];
    let offset = if e.mirror {
        Vec2::new(-def.offset.x, def.offset.y)
    } else {
        def.offset
    };
    e.pos + offset
}
