//! Items: power-ups, bombs and coins, what each is worth and how long it bounces. Their
//! table and its step are `systems::items`.

use glam::Vec2;

use crate::collide::Handle;
use crate::level::ItemDrop;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    Power,
    Bomb,
    Coin,
    /// A small coin a fallen boss's bullet turned into; it flies to the nearest player.
    ScoreCoin,
}

impl From<ItemDrop> for ItemKind {
    fn from(d: ItemDrop) -> Self {
        match d {
            ItemDrop::Power => ItemKind::Power,
            ItemDrop::Bomb => ItemKind::Bomb,
            ItemDrop::Coin => ItemKind::Coin,
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

    pub(crate) fn half(&self) -> Vec2 {
        match self.kind {
            ItemKind::ScoreCoin => Vec2::splat(4.0),
            ItemKind::Coin => Vec2::splat(6.0),
            _ => Vec2::splat(8.0),
        }
    }
}
