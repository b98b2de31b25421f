//! What a step needs beyond the world's own state, kept from step to step so that a running
//! stage allocates nothing: reusable lists for the step's bookkeeping, spare part and weapon
//! lists for enemies yet to come, and room reserved up front in the world's tables and in the
//! collider. See `tests/it/no_alloc.rs` for the promise and how it is checked.
//!
//! The room is reserved for the level limits (enemies, boxes) and for the bullets the stage
//! asks for (its `max_bullets`), not for what a stage happens to use, and each reserved buffer
//! is written once so that its pages are mapped before the first step rather than by it (a
//! first touch costs a page fault). A stage that keeps the default bullet count reserves what
//! every stage reserved before `max_bullets` existed.

use slab::Slab;

use glam::Vec2;

use crate::collide::{Contact, Handle, Layer, Pair, PairEvent, PairEventKind};
use crate::level::limits;
use crate::level::schema::PathDef;

use super::enemy::{PartState, WeaponState};
use super::events::GameEvent;
use super::player::ShotKind;
use super::world::World;
use super::{Character, Enemy, Item, ItemKind, Shot};

/// Spare part and weapon lists kept for enemies yet to spawn. An enemy that leaves gives its
/// lists back, so this is only the most alive at once before a list must be allocated.
const SPARE_LISTS: usize = 256;
/// Collider pairs reserved for per enemy bullet the stage allows: each against a bomb blast
/// and both players, and shots, items and enemies besides.
const PAIRS_PER_BULLET: usize = 4;
/// Player shots alive at once reserved for (two players' widest spreads, charges and homing
/// shots at the highest power hold well under this).
const SHOTS: usize = 1_024;
/// Items alive at once reserved for: drops, and the coins a boss's bullets turn into.
const ITEMS: usize = 1_024;
/// Boxes of each enemy layer in one band reserved for in the collider. More is possible (512
/// enemies of many parts each), but the shipped stages stay far below; beyond it a list grows.
const ENEMY_BOXES: usize = 256;

/// Lists reused by every step; empty between steps.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Entity keys to visit when the visit may remove entities.
    pub keys: Vec<usize>,
    /// Bullets to remove after a pass over them.
    pub gone: Vec<usize>,
    /// Needles turned by this step's bullet pass, by key (see `Bullets::advance`).
    pub turned: Vec<u32>,
    /// Enemy parts a burst hits: enemy key and part index.
    pub hits: Vec<(usize, usize)>,
    /// Blasts that ran out, with their boxes.
    pub done: Vec<(usize, Handle)>,
    /// The collider's events of this step, copied out so the world can change while reading.
    pub contacts: Vec<PairEvent>,
    /// Bullets to turn into coins: key, position and box.
    pub cancelled: Vec<(usize, Vec2, Option<Handle>)>,
    /// Empty lists with room, for the next enemies' parts and weapons.
    pub spare_parts: Vec<Vec<PartState>>,
    pub spare_weapons: Vec<Vec<WeaponState>>,
}

/// A copy of the world (a rewind snapshot) takes no buffers: they hold nothing between steps,
/// and snapshots are many. A world restored from one allocates as it warms up again.
impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

/// Reserves room for `n` more entries in `v` and writes them once, leaving `v` as it was.
fn reserve_touched<T: Clone>(v: &mut Vec<T>, n: usize, fill: T) {
    let len = v.len();
    v.resize(len + n, fill);
    v.truncate(len);
}

/// Reserves room for `n` entries in an empty `slab`, written once (see [`reserve_touched`]).
/// Keys are handed out from 0 afterwards as in a fresh slab.
fn reserve_slab<T: Clone>(slab: &mut Slab<T>, n: usize, fill: T) {
    debug_assert!(slab.is_empty());
    slab.reserve(n);
    for _ in 0..n {
        slab.insert(fill.clone());
    }
    slab.clear();
}

impl World {
    /// Reserves everything a step of this world may need, up to the level limits: called once
    /// by [`World::new`], before the first step.
    pub(crate) fn reserve_for_steps(&mut self) {
        let level = self.level.clone();
        let bullets = level.max_bullets;
        let boxes = bullets + SHOTS + ITEMS + limits::MAX_ENEMIES;
        let pairs = PAIRS_PER_BULLET * bullets;
        let most_parts = level
            .enemies
            .iter()
            .map(|t| t.parts.len())
            .max()
            .unwrap_or(1);
        let most_weapons = level
            .enemies
            .iter()
            .flat_map(|t| {
                std::iter::once(t.weapons.len()).chain(t.phases.iter().map(|p| p.weapons.len()))
            })
            .max()
            .unwrap_or(0);
        let s = &mut self.scratch;
        reserve_touched(&mut s.keys, boxes, 0);
        reserve_touched(&mut s.gone, bullets, 0);
        reserve_touched(&mut s.turned, bullets, 0);
        reserve_touched(&mut s.cancelled, bullets, (0, Vec2::ZERO, None));
        s.done.reserve(16);
        reserve_touched(&mut s.hits, ENEMY_BOXES, (0, 0));
        self.query_buf.reserve(ENEMY_BOXES);
        reserve_touched(&mut s.contacts, pairs, placeholder_event());
        s.spare_parts = (0..SPARE_LISTS)
            .map(|_| Vec::with_capacity(most_parts))
            .collect();
        s.spare_weapons = (0..SPARE_LISTS)
            .map(|_| Vec::with_capacity(most_weapons))
            .collect();
        // A boss turning every bullet into a coin reports each one.
        reserve_touched(&mut self.events, bullets + 1_024, GameEvent::StageClear);
        self.bullets.reserve(bullets);
        reserve_slab(&mut self.shots, SHOTS, placeholder_shot());
        reserve_slab(&mut self.items, ITEMS, placeholder_item());
        reserve_slab(&mut self.enemies, limits::MAX_ENEMIES, placeholder_enemy());
        self.blasts.reserve(8);
        self.pending.reserve(limits::MAX_SPAWN_COUNT as usize * 8);
        let c = &mut self.collider;
        c.reserve(boxes, pairs);
        c.reserve_layer(Layer::EnemyBullet, bullets);
        c.reserve_layer(Layer::PlayerShot, SHOTS);
        c.reserve_layer(Layer::PowerUp, ITEMS);
        for layer in [Layer::AirEnemy, Layer::GroundEnemy] {
            c.reserve_layer(layer, ENEMY_BOXES);
        }
        // Two ships, and a blast or two from each.
        c.reserve_layer(Layer::Player, 2);
        c.reserve_layer(Layer::BombBlast, 8);
    }
}

// Values only written to reserved memory and cleared at once; never seen by a step.

fn placeholder_event() -> PairEvent {
    let contact = Contact {
        handle: Handle {
            index: 0,
            generation: 0,
        },
        owner: 0,
        part: 0,
        layer: Layer::Player,
        user: 0,
    };
    PairEvent {
        kind: PairEventKind::Enter,
        pair: Pair {
            a: contact,
            b: contact,
        },
    }
}

fn placeholder_shot() -> Shot {
    Shot {
        player: 0,
        character: Character::Vela,
        kind: ShotKind::Main,
        pos: Vec2::ZERO,
        vel: Vec2::ZERO,
        half: Vec2::ONE,
        paired: false,
        damage: 0.0,
        life: 0,
        target: None,
        handle: None,
    }
}

fn placeholder_item() -> Item {
    Item {
        kind: ItemKind::Coin,
        pos: Vec2::ZERO,
        vel: Vec2::ZERO,
        age: 0,
        pickup_delay: 0,
        handle: None,
    }
}

fn placeholder_enemy() -> Enemy {
    Enemy {
        kind: 0,
        pos: Vec2::ZERO,
        origin: Vec2::ZERO,
        heading_deg: 0.0,
        age: 0,
        path: PathDef::Ground,
        mirror: false,
        parts: Vec::new(),
        weapons: Vec::new(),
        boss_phase: 0,
        pattern_override: None,
        ground: false,
        seen: false,
        path_timer: 0,
        leg: 0,
    }
}
