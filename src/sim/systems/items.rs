//! The world's items: dropping one, their drift, bounce and leaving each step, and a ship
//! catching one (power, a bomb, or points, with the coin chain).

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider};

use super::shared::{remove_box, Shared};
use crate::sim::layers::GameLayer;
use crate::sim::model::arcade::Extends;
use crate::sim::model::clock::DT;
use crate::sim::model::events::GameEvent;
use crate::sim::model::item::{
    Item, ItemKind, COIN_FLASH_SCORE, COIN_SCORE, ITEM_BOUNCE_STEPS, SURPLUS_ITEM_SCORE,
};
use crate::sim::model::owner::Owner;
use crate::sim::model::player::{add_score, nearest_player, Player, MAX_BOMBS, MAX_POWER};
use crate::sim::PLAYFIELD;

/// Drops an item. `flung` items (power lost in a ram) fly out fast.
pub(crate) fn spawn(
    items: &mut Slab<Item>,
    sh: &mut Shared,
    kind: ItemKind,
    pos: Vec2,
    flung: bool,
) {
    let angle = (-150.0 + sh.rand_f32() * 120.0).to_radians();
    let speed = if flung { 150.0 } else { 45.0 };
    let mut item = Item {
        kind,
        pos,
        vel: Vec2::new(libm::cosf(angle), libm::sinf(angle)) * speed,
        age: 0,
        pickup_delay: if flung { 45 } else { 0 },
        handle: None,
    };
    let entry = items.vacant_entry();
    let key = entry.key();
    item.handle = sh.insert_box(BoxDesc::new(
        Aabb::from_center(pos, item.half()),
        Owner::Item(key).encode(),
        GameLayer::PowerUp,
    ));
    if item.handle.is_some() {
        entry.insert(item);
    }
}

/// Moves every item a step: score coins fly to the nearest ship, the rest slow to a drift and
/// bounce off the edges, then drift away; those off the playfield leave. `keys` is scratch.
pub(crate) fn step(
    items: &mut Slab<Item>,
    players: &[Player],
    collider: &mut Collider,
    keys: &mut Vec<usize>,
) {
    keys.extend(items.iter().map(|(k, _)| k));
    for &k in keys.iter() {
        let target = nearest_player(players, items[k].pos);
        let it = &mut items[k];
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
            remove_box(collider, handle);
            items.remove(k);
        } else if let Some(h) = handle {
            let _ = collider.set_aabb(h, aabb);
        }
    }
    keys.clear();
}

/// Player `i` touched item `k`: it is taken once it may be caught, and pays what it pays,
/// with extra lives at the scores `extends` sets.
pub(crate) fn take(
    items: &mut Slab<Item>,
    players: &mut [Player],
    i: usize,
    k: usize,
    extends: Extends,
    sh: &mut Shared,
) {
    if items.get(k).is_none_or(|it| it.pickup_delay > 0) {
        return;
    }
    let Some(item) = items.try_remove(k) else {
        return;
    };
    sh.remove_box(item.handle);
    let flashing = item.flashing();
    let p = &mut players[i];
    let score = match item.kind {
        ItemKind::Power => {
            sh.stats.items_power += 1;
            if p.power < MAX_POWER {
                p.power += 1;
                sh.events.push(GameEvent::PowerUp { player: i });
                0
            } else {
                SURPLUS_ITEM_SCORE
            }
        }
        ItemKind::Bomb => {
            sh.stats.items_bomb += 1;
            if p.bombs < MAX_BOMBS {
                p.bombs += 1;
                0
            } else {
                SURPLUS_ITEM_SCORE
            }
        }
        ItemKind::Coin => {
            sh.stats.items_coin += 1;
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
    add_score(players, i, score, extends, sh.events);
    sh.events.push(GameEvent::ItemTaken {
        player: i,
        kind: item.kind,
        pos: item.pos,
        score,
    });
}
