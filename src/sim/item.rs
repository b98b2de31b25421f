//! Items: power-ups, bombs and coins that drift, bounce off the edges, and leave.

use glam::Vec2;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Handle, Layer};
use crate::level::schema::ItemDef;

use super::clock::DT;
use super::events::GameEvent;
use super::world::{Owner, World};
use super::PLAYFIELD;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    Power,
    Bomb,
    Coin,
    /// A small coin a fallen boss's bullet turned into; it flies to the nearest player.
    ScoreCoin,
}

impl From<ItemDef> for ItemKind {
    fn from(d: ItemDef) -> Self {
        match d {
            ItemDef::Power => ItemKind::Power,
            ItemDef::Bomb => ItemKind::Bomb,
            ItemDef::Coin => ItemKind::Coin,
        }
    }
}

/// Steps an item bounces around before it drifts away.
pub const ITEM_BOUNCE_STEPS: u32 = 8 * 60;
/// Coins flash for the last `COIN_FLASH_STEPS` of every `COIN_CYCLE_STEPS`.
pub const COIN_CYCLE_STEPS: u32 = 90;
pub const COIN_FLASH_STEPS: u32 = 30;
/// Score of a coin caught plain, and while flashing (times the chain, up to 10).
pub const COIN_SCORE: u64 = 200;
pub const COIN_FLASH_SCORE: u64 = 1_000;
/// Points for a power or bomb item taken when the player already holds the most there is.
pub const SURPLUS_ITEM_SCORE: u64 = 5_000;

#[derive(Clone, Debug)]
pub struct Item {
    pub kind: ItemKind,
    pub pos: Vec2,
    pub vel: Vec2,
    pub age: u32,
    /// Steps before it can be caught: power knocked out of a ship must fly clear of it first.
    pub pickup_delay: u32,
    pub(crate) handle: Option<Handle>,
}

impl Item {
    /// True while a coin is in its flash window.
    pub fn flashing(&self) -> bool {
        self.kind == ItemKind::Coin
            && self.age % COIN_CYCLE_STEPS >= COIN_CYCLE_STEPS - COIN_FLASH_STEPS
    }

    fn half(&self) -> Vec2 {
        match self.kind {
            ItemKind::ScoreCoin => Vec2::splat(4.0),
            ItemKind::Coin => Vec2::splat(6.0),
            _ => Vec2::splat(8.0),
        }
    }
}

impl World {
    /// Drops an item. `flung` items (power lost in a ram) fly out fast.
    pub(crate) fn spawn_item(&mut self, kind: ItemKind, pos: Vec2, flung: bool) {
        let angle = (-150.0 + self.rand_f32() * 120.0).to_radians();
        let speed = if flung { 150.0 } else { 45.0 };
        let mut item = Item {
            kind,
            pos,
            vel: Vec2::new(angle.cos(), angle.sin()) * speed,
            age: 0,
            pickup_delay: if flung { 45 } else { 0 },
            handle: None,
        };
        let entry = self.items.vacant_entry();
        let key = entry.key();
        item.handle = self
            .collider
            .insert(BoxDesc::new(
                Aabb::from_center(pos, item.half()),
                Owner::Item(key).encode(),
                Layer::PowerUp,
            ))
            .ok();
        if item.handle.is_some() {
            entry.insert(item);
        }
    }

    pub(crate) fn update_items(&mut self) {
        let mut keys = std::mem::take(&mut self.scratch.keys);
        keys.extend(self.items.iter().map(|(k, _)| k));
        for &k in &keys {
            let target = self.nearest_player(self.items[k].pos);
            let it = &mut self.items[k];
            it.age += 1;
            it.pickup_delay = it.pickup_delay.saturating_sub(1);
            if it.kind == ItemKind::ScoreCoin {
                if let Some(t) = target {
                    it.vel = (t - it.pos).normalize_or_zero() * 260.0;
                }
            } else if it.age < ITEM_BOUNCE_STEPS {
                // Flung items slow to a drift, then bounce off every edge.
                let speed = it.vel.length();
                if speed > 45.0 {
                    it.vel *= (speed - 90.0 * DT).max(45.0) / speed;
                }
                let half = it.half();
                let next = it.pos + it.vel * DT;
                if next.x - half.x < 0.0 || next.x + half.x > PLAYFIELD.x {
                    it.vel.x = -it.vel.x;
                }
                if next.y - half.y < 0.0 || next.y + half.y > PLAYFIELD.y {
                    it.vel.y = -it.vel.y;
                }
            } else {
                it.vel = Vec2::new(it.vel.x * 0.5, 60.0);
            }
            it.pos += it.vel * DT;
            let aabb = Aabb::from_center(it.pos, it.half());
            let gone = it.pos.y > PLAYFIELD.y + 16.0
                || it.pos.x < -32.0
                || it.pos.x > PLAYFIELD.x + 32.0
                || it.pos.y < -64.0;
            let handle = it.handle;
            if gone {
                self.remove_box(handle);
                self.items.remove(k);
            } else {
                self.move_box(handle, aabb);
            }
        }
        keys.clear();
        self.scratch.keys = keys;
    }

    /// Player `i` touched item `k`.
    pub(crate) fn take_item(&mut self, i: usize, k: usize) {
        if self.items.get(k).is_none_or(|it| it.pickup_delay > 0) {
            return;
        }
        let Some(item) = self.items.try_remove(k) else {
            return;
        };
        self.remove_box(item.handle);
        let flashing = item.flashing();
        let p = &mut self.players[i];
        let score = match item.kind {
            ItemKind::Power => {
                self.stats.items_power += 1;
                if p.power < super::player::MAX_POWER {
                    p.power += 1;
                    self.events.push(GameEvent::PowerUp { player: i });
                    0
                } else {
                    SURPLUS_ITEM_SCORE
                }
            }
            ItemKind::Bomb => {
                self.stats.items_bomb += 1;
                if p.bombs < super::player::MAX_BOMBS {
                    p.bombs += 1;
                    0
                } else {
                    SURPLUS_ITEM_SCORE
                }
            }
            ItemKind::Coin => {
                self.stats.items_coin += 1;
                if flashing {
                    p.chain += 1;
                    COIN_FLASH_SCORE * p.chain.min(10) as u64
                } else {
                    p.chain = 0;
                    COIN_SCORE
                }
            }
            ItemKind::ScoreCoin => 100,
        };
        self.add_score(i, score);
        self.events.push(GameEvent::ItemTaken {
            player: i,
            kind: item.kind,
            pos: item.pos,
            score,
        });
    }
}
