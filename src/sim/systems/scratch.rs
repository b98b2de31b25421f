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

use crate::collide::{reserve_touched, Contact, Handle, Pair, PairEvent, PairEventKind};
use crate::level::Path;

use crate::level::Level;

use crate::sim::layers::GameLayer;
use crate::sim::model::character::Character;
use crate::sim::model::enemy::{Enemy, PartState, WeaponState};
use crate::sim::model::item::{Item, ItemKind};
use crate::sim::model::player::{Shot, ShotKind};

/// Spare part and weapon lists kept for enemies yet to spawn. An enemy that leaves gives its
/// lists back, so this is only the most alive at once before a list must be allocated.
const SPARE_LISTS: usize = 256;
/// Collider pairs reserved for per enemy bullet the stage allows: each against a bomb blast
/// and both players, and shots, items and enemies besides.
pub(crate) const PAIRS_PER_BULLET: usize = 4;
/// Player shots alive at once reserved for (two players' widest spreads, charges and homing
/// shots at the highest power hold well under this).
pub(crate) const SHOTS: usize = 1_024;
/// Items alive at once reserved for: drops, and the coins a boss's bullets turn into.
pub(crate) const ITEMS: usize = 1_024;
/// Boxes of each enemy layer in one band reserved for in the collider. More is possible (512
/// enemies of many parts each), but the shipped stages stay far below; beyond it a list grows.
pub(crate) const ENEMY_BOXES: usize = 256;

/// Lists reused by every step; empty between steps.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Entity keys to visit when the visit may remove entities.
    pub keys: Vec<usize>,
    /// The keys of the bullets the bullets' pass took out (see `Bullets::advance`).
    pub gone: Vec<usize>,
    /// Needles turned by this step's bullet pass, by key (see `Bullets::advance`).
    pub turned: Vec<(u32, f32)>,
    /// What an area query of the collider found (homing orbs, melee strikes, scrap bursts).
    pub found: Vec<Contact>,
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

/// Reserves room for `n` entries in an empty `slab`, written once (as [`reserve_touched`] does).
/// Keys are handed out from 0 afterwards as in a fresh slab.
pub(crate) fn reserve_slab<T: Clone>(slab: &mut Slab<T>, n: usize, fill: T) {
    debug_assert!(slab.is_empty());
    slab.reserve(n);
    for _ in 0..n {
        slab.insert(fill.clone());
    }
    slab.clear();
}

impl Scratch {
    /// Reserves the step's lists for a stage that allows `bullets` enemy bullets and `pairs`
    /// collider pairs, with spare part and weapon lists as long as its enemies need.
    pub(crate) fn reserve(&mut self, level: &Level, boxes: usize, pairs: usize) {
        let bullets = level.max_bullets;
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
        reserve_touched(&mut self.keys, boxes, 0);
        reserve_touched(&mut self.gone, bullets, 0);
        reserve_touched(&mut self.turned, bullets, (0, 0.0));
        reserve_touched(&mut self.cancelled, bullets, (0, Vec2::ZERO, None));
        self.done.reserve(16);
        reserve_touched(&mut self.hits, ENEMY_BOXES, (0, 0));
        self.found.reserve(ENEMY_BOXES);
        reserve_touched(&mut self.contacts, pairs, placeholder_event());
        self.spare_parts = (0..SPARE_LISTS)
            .map(|_| Vec::with_capacity(most_parts))
            .collect();
        self.spare_weapons = (0..SPARE_LISTS)
            .map(|_| Vec::with_capacity(most_weapons))
            .collect();
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
        layer: GameLayer::Player.id(),
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

pub(crate) fn placeholder_shot() -> Shot {
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

pub(crate) fn placeholder_item() -> Item {
    Item {
        kind: ItemKind::Coin,
        pos: Vec2::ZERO,
        vel: Vec2::ZERO,
        age: 0,
        pickup_delay: 0,
        handle: None,
    }
}

pub(crate) fn placeholder_enemy() -> Enemy {
    Enemy {
        kind: 0,
        pos: Vec2::ZERO,
        origin: Vec2::ZERO,
        heading_deg: 0.0,
        age: 0,
        path: Path::Ground,
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
