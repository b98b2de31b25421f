//! Turning the collider's encounters into game consequences.

use crate::collide::{BroadPhase, Contact, Handle, Layer, PairEventKind};

use super::events::GameEvent;
use super::player::ShotKind;
use super::world::{Owner, World};

/// Steps between damage ticks from a piercing charge attack staying in contact (a bomb's
/// are `bomb::tick_steps`).
const PIERCE_TICK: u64 = 6;

impl World {
    /// Applies every Enter and Stay the collider reported this step, in its order.
    ///
    /// Contacts are checked against the entity's current handle first: an entity removed
    /// earlier in this same step (a shot that already hit) is skipped.
    pub(crate) fn resolve_encounters(&mut self) {
        let mut events = std::mem::take(&mut self.scratch.contacts);
        events.extend(self.collider.events());
        for &ev in &events {
            if ev.kind == PairEventKind::Exit {
                continue;
            }
            let enter = ev.kind == PairEventKind::Enter;
            let (a, b) = (ev.pair.a, ev.pair.b);
            match (a.layer, b.layer) {
                (Layer::Player, Layer::PowerUp) => {
                    if let (Some(i), Some(k)) = (self.player_of(a), self.item_of(b)) {
                        self.take_item(i, k);
                    }
                }
                (Layer::Player, Layer::AirEnemy) if enter => {
                    // Once per contact: Enter fires on the first overlapping step only.
                    if let Some(i) = self.player_of(a) {
                        let p = &self.players[i];
                        let shielded = self.config.invincible || p.invulnerable > 0 || !p.in_play();
                        if !shielded && self.enemy_of(b).is_some() {
                            self.ram_player(i);
                        }
                    }
                }
                (Layer::Player, Layer::EnemyBullet) => {
                    if let (Some(i), Some(k)) = (self.player_of(a), self.bullet_of(b)) {
                        let p = &self.players[i];
                        if p.in_play() && p.invulnerable == 0 && !self.config.invincible {
                            self.remove_bullet(k);
                            self.kill_player(i);
                        }
                    }
                }
                (Layer::PlayerShot, Layer::GroundEnemy | Layer::AirEnemy) => {
                    self.shot_hits(a, b, enter)
                }
                (Layer::GroundEnemy | Layer::AirEnemy, Layer::BombBlast) => {
                    if let (Some(k), Some(blast)) = (self.enemy_of(a), self.blast_of(b)) {
                        let every = super::bomb::tick_steps(self.blasts[blast].character);
                        let tick = enter || self.frame.is_multiple_of(every);
                        if tick && self.blast_reaches(blast, self.part_pos(k, a.part as usize)) {
                            let (player, damage) =
                                (self.blasts[blast].player, self.blasts[blast].damage);
                            self.damage_part(k, a.part as usize, damage, player);
                        }
                    }
                }
                (Layer::EnemyBullet, Layer::BombBlast) => {
                    let clearing = self.blast_of(b).filter(|&blast| self.blast_clears(blast));
                    if let (Some(k), Some(blast)) = (self.bullet_of(a), clearing) {
                        let wren = self.blasts[blast].character == super::Character::Wren;
                        if let Some(pos) = self.remove_bullet(k) {
                            self.events.push(GameEvent::BulletCancelled { pos });
                            if wren && self.items.len() < 300 {
                                self.spawn_item(super::ItemKind::ScoreCoin, pos, false);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        events.clear();
        self.scratch.contacts = events;
    }

    fn shot_hits(&mut self, shot_c: Contact, enemy_c: Contact, enter: bool) {
        let (Some(s), Some(k)) = (self.shot_of(shot_c), self.enemy_of(enemy_c)) else {
            return;
        };
        let shot = &self.shots[s];
        let pierce = matches!(shot.kind, ShotKind::Charge | ShotKind::Laser);
        // A laser hurts each part it crosses once, as it enters; a charge every few steps.
        let skip = match shot.kind {
            ShotKind::Laser => !enter,
            ShotKind::Charge => !enter && !self.frame.is_multiple_of(PIERCE_TICK),
            _ => false,
        };
        if skip {
            return;
        }
        // A paired box stands for two shots: its user value counts them.
        let damage = shot.damage * shot_c.user.max(1) as f32;
        let player = shot.player;
        if !pierce {
            let shot = self.shots.remove(s);
            self.remove_box(shot.handle);
        }
        self.damage_part(k, enemy_c.part as usize, damage, player);
    }

    fn player_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Player, |i| self.players.get(i)?.handle)
    }

    fn shot_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Shot, |k| self.shots.get(k)?.handle)
    }

    fn enemy_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Enemy, |k| {
            self.enemies.get(k)?.parts.get(c.part as usize)?.handle
        })
    }

    fn bullet_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Bullet, |k| self.bullets.handle(k))
    }

    fn item_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Item, |k| self.items.get(k)?.handle)
    }

    fn blast_of(&self, c: Contact) -> Option<usize> {
        key_of(c, Owner::Blast, |k| Some(self.blasts.get(k)?.handle))
    }
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
