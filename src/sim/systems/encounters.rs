//! Turning the collider's encounters into game consequences.

use slab::Slab;

use crate::collide::{Contact, Handle, PairEvent, PairEventKind};

use super::bomb::{self, Blast};
use super::bullets;
use super::harm::Harm;
use super::items;
use super::players;
use crate::sim::layers::GameLayer;
use crate::sim::model::character::Character;
use crate::sim::model::enemy::part_pos;
use crate::sim::model::events::GameEvent;
use crate::sim::model::item::ItemKind;
use crate::sim::model::owner::Owner;
use crate::sim::model::player::{Shot, ShotKind};

/// Steps between damage ticks from a piercing charge attack staying in contact (a bomb's
/// are `bomb::tick_steps`).
const PIERCE_TICK: u64 = 6;

/// What the encounters read and change beyond what a hit reaches ([`Harm`]): the shots (a
/// shot that hits is spent), the bomb blasts, the step count the damage ticks keep time by,
/// and whether the run is invincible.
pub(crate) struct Arena<'a> {
    pub shots: &'a mut Slab<Shot>,
    pub blasts: &'a Slab<Blast>,
    pub frame: u64,
    pub invincible: bool,
}

/// Applies every Enter and Stay of `contacts` (the collider's events of this step), in order.
///
/// Contacts are checked against the entity's current handle first: an entity removed
/// earlier in this same step (a shot that already hit) is skipped.
pub(crate) fn resolve(contacts: &[PairEvent], a: &mut Arena, h: &mut Harm) {
    for &ev in contacts {
        if ev.kind == PairEventKind::Exit {
            continue;
        }
        let enter = ev.kind == PairEventKind::Enter;
        let (x, y) = (ev.pair.a, ev.pair.b);
        match (GameLayer::of(x.layer), GameLayer::of(y.layer)) {
            (GameLayer::Player, GameLayer::PowerUp) => {
                if let (Some(i), Some(k)) = (player_of(h, x), item_of(h, y)) {
                    items::take(h.items, h.players, i, k, h.arcade.extends, &mut h.shared);
                }
            }
            (GameLayer::Player, GameLayer::AirEnemy) if enter => {
                // Once per contact: Enter fires on the first overlapping step only.
                if let Some(i) = player_of(h, x) {
                    let p = &h.players[i];
                    let shielded = a.invincible || p.invulnerable > 0 || !p.in_play();
                    if !shielded && enemy_of(h, y).is_some() {
                        players::ram(h.players, i, h.items, &mut h.shared);
                    }
                }
            }
            (GameLayer::Player, GameLayer::EnemyBullet) => {
                if let (Some(i), Some(k)) = (player_of(h, x), bullet_of(h, y)) {
                    let p = &h.players[i];
                    if p.in_play() && p.invulnerable == 0 && !a.invincible {
                        bullets::remove(h.bullets, h.shared.collider, k);
                        players::kill(h.players, i, h.arcade, h.items, &mut h.shared);
                    }
                }
            }
            (GameLayer::PlayerShot, GameLayer::GroundEnemy | GameLayer::AirEnemy) => {
                shot_hits(a, h, x, y, enter)
            }
            (GameLayer::GroundEnemy | GameLayer::AirEnemy, GameLayer::BombBlast) => {
                if let (Some(k), Some(blast)) = (enemy_of(h, x), blast_of(a, y)) {
                    let b = &a.blasts[blast];
                    let tick = enter || a.frame.is_multiple_of(bomb::tick_steps(b.character));
                    let at = || part_pos(h.enemies, h.level, k, x.part as usize);
                    if tick && bomb::reaches(b, h.players, at()) {
                        h.damage_part(k, x.part as usize, b.damage, b.player);
                    }
                }
            }
            (GameLayer::EnemyBullet, GameLayer::BombBlast) => {
                let clearing = blast_of(a, y).filter(|&blast| bomb::clears(&a.blasts[blast]));
                if let (Some(k), Some(blast)) = (bullet_of(h, x), clearing) {
                    let wren = a.blasts[blast].character == Character::Wren;
                    if let Some(pos) = bullets::remove(h.bullets, h.shared.collider, k) {
                        h.shared.events.push(GameEvent::BulletCancelled { pos });
                        if wren && h.items.len() < 300 {
                            items::spawn(h.items, &mut h.shared, ItemKind::ScoreCoin, pos, false);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

fn shot_hits(a: &mut Arena, h: &mut Harm, shot_c: Contact, enemy_c: Contact, enter: bool) {
    let (Some(s), Some(k)) = (shot_of(a, shot_c), enemy_of(h, enemy_c)) else {
        return;
    };
    let shot = &a.shots[s];
    let pierce = matches!(shot.kind, ShotKind::Charge | ShotKind::Laser);
    // A laser hurts each part it crosses once, as it enters; a charge every few steps.
    let skip = match shot.kind {
        ShotKind::Laser => !enter,
        ShotKind::Charge => !enter && !a.frame.is_multiple_of(PIERCE_TICK),
        _ => false,
    };
    if skip {
        return;
    }
    // A paired box stands for two shots: its user value counts them.
    let damage = shot.damage * shot_c.user.max(1) as f32;
    let player = shot.player;
    if !pierce {
        let shot = a.shots.remove(s);
        h.shared.remove_box(shot.handle);
    }
    h.damage_part(k, enemy_c.part as usize, damage, player);
}

fn player_of(h: &Harm, c: Contact) -> Option<usize> {
    key_of(c, Owner::Player, |i| h.players.get(i)?.handle)
}

fn shot_of(a: &Arena, c: Contact) -> Option<usize> {
    key_of(c, Owner::Shot, |k| a.shots.get(k)?.handle)
}

fn enemy_of(h: &Harm, c: Contact) -> Option<usize> {
    key_of(c, Owner::Enemy, |k| {
        h.enemies.get(k)?.parts.get(c.part as usize)?.handle
    })
}

fn bullet_of(h: &Harm, c: Contact) -> Option<usize> {
    key_of(c, Owner::Bullet, |k| h.bullets.handle(k))
}

fn item_of(h: &Harm, c: Contact) -> Option<usize> {
    key_of(c, Owner::Item, |k| h.items.get(k)?.handle)
}

fn blast_of(a: &Arena, c: Contact) -> Option<usize> {
    key_of(c, Owner::Blast, |k| Some(a.blasts.get(k)?.handle))
}

/// The key of the body of `kind` (`Owner::Shot`, ...) that `c`'s box belongs to, when
/// `handle(key)` says that body still holds this very box: a removed body's key may be reused.
fn key_of(
    c: Contact,
    kind: fn(usize) -> Owner,
    handle: impl FnOnce(usize) -> Option<Handle>,
) -> Option<usize> {
    let owner = Owner::decode(c.owner)?;
    let key = owner.key();
    (owner == kind(key) && handle(key)? == c.handle).then_some(key)
}
