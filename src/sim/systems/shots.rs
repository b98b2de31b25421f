//! The players' shots in the world: a shot's box joining the collider, and each step's flight
//! (homing orbs turning towards what they can hurt, beams glued to their ships) until a shot
//! expires or leaves the playfield.

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Contact, LayerMask};
use crate::level::Level;

use super::shared::remove_box;
use crate::sim::layers::GameLayer;
use crate::sim::model::character::Character;
use crate::sim::model::clock::DT;
use crate::sim::model::enemy::{part_open, part_pos, Enemy};
use crate::sim::model::owner::Owner;
use crate::sim::model::player::{Player, Shot, ShotKind};
use crate::sim::PLAYFIELD;

/// Adds `shot` with its box; a full collider drops it.
pub(crate) fn spawn_shot(shots: &mut Slab<Shot>, collider: &mut Collider, shot: Shot) {
    let aabb = Aabb::from_center(shot.pos, shot.half);
    let entry = shots.vacant_entry();
    let key = entry.key();
    let user = if shot.paired { 2 } else { 1 };
    let desc = BoxDesc::new(aabb, Owner::Shot(key).encode(), GameLayer::PlayerShot)
        .user(user)
        .swept(true);
    let handle = collider.insert(desc).ok();
    if handle.is_some() {
        entry.insert(Shot { handle, ..shot });
    }
}

/// What the shots' step reads besides the shots: the ships (beams follow theirs), the enemies
/// and the level (homing orbs aim at parts), and the step count (orbs look again every 8).
pub(crate) struct Sights<'a> {
    pub players: &'a [Player],
    pub enemies: &'a Slab<Enemy>,
    pub level: &'a Level,
    pub frame: u64,
}

/// Moves every shot a step; those that expired or left the playfield go with their boxes.
/// `keys` and `found` are scratch.
pub(crate) fn step(
    shots: &mut Slab<Shot>,
    sights: &Sights,
    collider: &mut Collider,
    keys: &mut Vec<usize>,
    found: &mut Vec<Contact>,
) {
    keys.extend(shots.iter().map(|(k, _)| k));
    for &k in keys.iter() {
        let mut shot = shots[k].clone();
        shot.life = shot.life.saturating_sub(1);
        match shot.kind {
            ShotKind::Homing => steer_homing(&mut shot, sights, collider, found),
            ShotKind::Charge if matches!(shot.character, Character::Brass | Character::Orla) => {
                // The beam stays glued to its ship.
                if let Some(p) = sights.players.get(shot.player).filter(|p| p.in_play()) {
                    shot.pos = Vec2::new(p.pos.x, (p.pos.y - 10.0) * 0.5);
                    shot.half.y = ((p.pos.y - 10.0) * 0.5).max(1.0);
                }
            }
            _ => {}
        }
        shot.pos += shot.vel * DT;
        let aabb = Aabb::from_center(shot.pos, shot.half);
        let gone = shot.life == 0
            || aabb.max.y < -8.0
            || aabb.min.y > PLAYFIELD.y + 8.0
            || aabb.max.x < -8.0
            || aabb.min.x > PLAYFIELD.x + 8.0;
        if gone {
            remove_box(collider, shot.handle);
            shots.remove(k);
        } else {
            if let Some(h) = shot.handle {
                let _ = collider.set_aabb(h, aabb);
            }
            shots[k] = shot;
        }
    }
    keys.clear();
}

/// The enemy part nearest `from` among those whose boxes meet `area` and that can be hurt
/// now (on screen, standing, not guarded), as (enemy key, part index). Ties, such as two
/// parts of one enemy at one spot, go to the lower key. Homing orbs and melee strikes aim
/// by it; it fills `found` (scratch), so it allocates nothing.
pub(crate) fn nearest_open_part(
    collider: &Collider,
    enemies: &Slab<Enemy>,
    level: &Level,
    (area, from): (Aabb, Vec2),
    found: &mut Vec<Contact>,
) -> Option<(usize, usize)> {
    found.clear();
    collider.query(
        area,
        LayerMask::of(&[GameLayer::AirEnemy, GameLayer::GroundEnemy]),
        found,
    );
    found
        .iter()
        .filter_map(|c| match Owner::decode(c.owner) {
            Some(Owner::Enemy(k)) => {
                let pi = c.part as usize;
                let seen = enemies.get(k).is_some_and(|e| e.on_screen());
                (seen && part_open(enemies, level, k, pi))
                    .then(|| (k, pi, part_pos(enemies, level, k, pi)))
            }
            _ => None,
        })
        .min_by(|a, b| {
            a.2.distance_squared(from)
                .total_cmp(&b.2.distance_squared(from))
                .then((a.0, a.1).cmp(&(b.0, b.1)))
        })
        .map(|(k, pi, _)| (k, pi))
}

/// Turns a homing orb towards the nearest part it can hurt, found by an area query around
/// it. Guarded parts (a boss's armoured core) are passed over: an orb spent on armour is
/// wasted, and a player would not aim there either.
fn steer_homing(shot: &mut Shot, s: &Sights, collider: &Collider, found: &mut Vec<Contact>) {
    let alive = shot.target.is_some_and(|(k, pi)| {
        part_open(s.enemies, s.level, k, pi) && s.enemies.get(k).is_some_and(|e| e.on_screen())
    });
    if !alive || s.frame.is_multiple_of(8) {
        let area = Aabb::from_center(shot.pos, Vec2::splat(140.0));
        shot.target = nearest_open_part(collider, s.enemies, s.level, (area, shot.pos), found);
    }
    if let Some((k, pi)) = shot.target.filter(|(k, _)| s.enemies.contains(*k)) {
        let want = (part_pos(s.enemies, s.level, k, pi) - shot.pos).normalize_or_zero();
        let speed = shot.vel.length().clamp(200.0, 330.0) + 6.0;
        let dir = (shot.vel.normalize_or_zero() + want * 0.35).normalize_or_zero();
        shot.vel = dir * speed;
    } else {
        // No target: straighten up and keep climbing.
        shot.vel = (shot.vel + Vec2::new(0.0, -30.0)).clamp_length_max(330.0);
    }
}
