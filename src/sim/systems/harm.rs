//! What a hit sets off, across the world: damage to an enemy's part, the part's destruction,
//! the enemy's death and all that follows (score and charge, drops, what it hid, a boss's
//! bullets turned into coins, the stage clear); and the melee strike and Rook's scrap bursts,
//! which deal such hits outside the collider's encounters.

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BroadPhase, LayerMask};
use crate::level::{Difficulty, EnemyLayer, Level, Path};

use super::bomb::{self, Blast, SCRAP_RADIUS};
use super::bullets::Bullets;
use super::clear::Progress;
use super::enemies::{self, keep_lists, Spawn, Spawner};
use super::items;
use super::pilots::{melee_area, Strike, MELEE_STEPS};
use super::scratch::Scratch;
use super::shared::Shared;
use super::shots::nearest_open_part;
use crate::sim::layers::GameLayer;
use crate::sim::model::arcade::ArcadeRules;
use crate::sim::model::boss::Bosses;
use crate::sim::model::enemy::{part_pos, Enemy};
use crate::sim::model::events::GameEvent;
use crate::sim::model::item::{Item, ItemKind};
use crate::sim::model::owner::Owner;
use crate::sim::model::player::{add_score, Player, CHARGE_PER_KILL, MAX_CHARGE};

/// The parts of the world a hit may reach, borrowed for the length of the encounters (or a
/// strike, or a step's scrap landings).
pub(crate) struct Harm<'a> {
    pub level: &'a Level,
    pub difficulty: Difficulty,
    pub arcade: ArcadeRules,
    pub players: &'a mut [Player],
    pub enemies: &'a mut Slab<Enemy>,
    pub bullets: &'a mut Bullets,
    pub items: &'a mut Slab<Item>,
    pub bosses: &'a mut Bosses,
    pub progress: &'a mut Progress,
    pub shared: Shared<'a>,
    pub scratch: &'a mut Scratch,
}

impl Harm<'_> {
    /// Damages part `pi` of enemy `k` for `player`. Guarded parts take nothing until their
    /// guards fall.
    pub fn damage_part(&mut self, k: usize, pi: usize, damage: f32, player: usize) {
        let Some(e) = self.enemies.get(k) else {
            return;
        };
        let Some(part) = e.parts.get(pi) else {
            return;
        };
        if part.destroyed {
            return;
        }
        let guarded = e.part_guarded(&self.level.enemies[e.kind], pi);
        let pos = part_pos(self.enemies, self.level, k, pi);
        let events = &mut *self.shared.events;
        if guarded {
            events.push(GameEvent::Hit { pos, armored: true });
            return;
        }
        let part = &mut self.enemies[k].parts[pi];
        part.hp -= damage;
        part.flash = 4;
        let alive = part.hp > 0.0;
        events.push(GameEvent::Hit {
            pos,
            armored: false,
        });
        if !alive {
            self.destroy_part(k, pi, player);
        } else if pi == self.level.enemies[self.enemies[k].kind].core {
            // Phases may wait for the core's HP to fall below a fraction.
            self.update_boss_phase(k);
        }
    }

    fn update_boss_phase(&mut self, k: usize) {
        let events = &mut *self.shared.events;
        enemies::update_boss_phase(self.enemies, k, self.level, self.difficulty, events);
    }

    fn destroy_part(&mut self, k: usize, pi: usize, player: usize) {
        let core = self.level.enemies[self.enemies[k].kind].core;
        if pi == core {
            self.kill_enemy(k, player);
            return;
        }
        let pos = part_pos(self.enemies, self.level, k, pi);
        let part = &mut self.enemies[k].parts[pi];
        part.destroyed = true;
        part.hp = 0.0;
        let handle = part.handle.take();
        self.shared.remove_box(handle);
        self.shared.stats.boss_parts_destroyed += 1;
        let score = self.level.enemies[self.enemies[k].kind].parts[pi].score as u64;
        self.add_score(player, score);
        self.shared
            .events
            .push(GameEvent::Explosion { pos, size: 1 });
        self.update_boss_phase(k);
    }

    fn add_score(&mut self, player: usize, points: u64) {
        let extends = self.arcade.extends;
        add_score(self.players, player, points, extends, self.shared.events);
    }

    fn spawn_item(&mut self, kind: ItemKind, pos: Vec2) {
        items::spawn(self.items, &mut self.shared, kind, pos, false);
    }

    /// Destroys the whole enemy: score, drops, what it hid, and for a boss the stage clear.
    pub fn kill_enemy(&mut self, k: usize, player: usize) {
        // An enemy a Boss or MidBoss event brought in is a boss even with no parts or phases.
        let placed_boss = self.bosses.placed(k);
        self.bosses.release_mid_boss(k);
        let e = self.enemies.remove(k);
        let level = self.level;
        let ty = &level.enemies[e.kind];
        for p in &e.parts {
            self.shared.remove_box(p.handle);
        }
        let stats = &mut *self.shared.stats;
        if e.ground {
            stats.kills_ground += 1;
        } else {
            stats.kills_air += 1;
        }
        let boss_type = ty.is_boss() || placed_boss;
        if boss_type {
            stats.bosses_defeated += 1;
        }
        self.add_score(player, ty.score as u64);
        if let Some(p) = self.players.get_mut(player) {
            let before = p.charge.floor();
            p.charge =
                (p.charge + CHARGE_PER_KILL * if boss_type { 8.0 } else { 1.0 }).min(MAX_CHARGE);
            if p.charge.floor() > before {
                self.shared.events.push(GameEvent::ChargeReady { player });
            }
        }
        self.shared.events.push(GameEvent::Explosion {
            pos: e.pos,
            size: ty.explosion,
        });
        if let Some(w) = &ty.wreck {
            self.shared.events.push(GameEvent::Wreck {
                pos: e.pos,
                sprite: w.clone(),
            });
        }
        if let Some(drop) = ty.drop {
            self.spawn_item(drop.into(), e.pos);
        }
        if let Some(inner) = ty.reveals {
            // What the roof hid rides the ground in the same spot.
            let path = if level.enemies[inner].layer == EnemyLayer::Ground {
                Some(Path::Ground)
            } else {
                None
            };
            let mut spawner = Spawner {
                enemies: self.enemies,
                level,
                difficulty: self.difficulty,
                collider: self.shared.collider,
                scratch: self.scratch,
            };
            spawner.spawn(Spawn {
                kind: inner,
                pos: e.pos,
                path,
                pattern: None,
                mirror: e.mirror,
            });
        }
        keep_lists(self.scratch, e);
        if self.bosses.boss == Some(k) {
            self.bosses.boss = None;
            let bonus = ty.bonus as u64;
            self.shared.events.push(GameEvent::BossDefeated {
                name: ty.name.clone(),
                bonus,
            });
            self.bullets_to_coins();
            let extends = self.arcade.extends;
            self.progress
                .begin_clear(bonus, self.players, extends, self.shared.events);
        } else if boss_type {
            if ty.bonus > 0 {
                self.add_score(player, ty.bonus as u64);
            }
            self.bullets_to_coins();
        }
    }

    /// When a boss falls, its bullets turn into coins that fly to the player.
    fn bullets_to_coins(&mut self) {
        let mut bullets = std::mem::take(&mut self.scratch.cancelled);
        bullets.extend(self.bullets.iter().map(|(k, b)| (k, b.pos, b.handle)));
        for (n, (k, pos, h)) in bullets.drain(..).enumerate() {
            self.shared.remove_box(h);
            self.bullets.remove(k);
            self.shared.events.push(GameEvent::BulletCancelled { pos });
            if n < 200 {
                self.spawn_item(ItemKind::ScoreCoin, pos);
            } else {
                self.add_score(0, 100);
            }
        }
        self.scratch.cancelled = bullets;
    }

    /// Strikes the nearest part an enemy offers within reach in front of player `i`, at once
    /// and for [`Character::melee_damage`](crate::sim::Character::melee_damage). Returns false,
    /// striking nothing, when no part that can be hurt (on screen, not destroyed, not
    /// armoured) is within reach.
    pub fn melee_strike(&mut self, i: usize) -> bool {
        let p = &self.players[i];
        let (pos, power, character) = (p.pos, p.power, p.character);
        let found = &mut self.scratch.found;
        let near = (melee_area(pos), pos);
        let target = nearest_open_part(self.shared.collider, self.enemies, self.level, near, found);
        let Some((k, pi)) = target else {
            return false;
        };
        let at = pos + Vec2::new(0.0, -20.0);
        self.players[i].strike = Some(Strike {
            steps_left: MELEE_STEPS,
            at,
        });
        self.shared.stats.melee_strikes += 1;
        self.shared
            .events
            .push(GameEvent::Melee { player: i, pos: at });
        self.damage_part(k, pi, character.melee_damage(power), i);
        true
    }

    /// Bursts the pieces of Rook's scrap landing this step, hurting every enemy part they
    /// touch. Call before the blasts count down.
    pub fn land_scrap(&mut self, blasts: &Slab<Blast>) {
        for (landing, damage, player) in bomb::landings(blasts) {
            self.shared.events.push(GameEvent::Explosion {
                pos: landing,
                size: 0,
            });
            self.burst(landing, damage, player);
        }
    }

    /// Hurts every enemy part whose box touches a burst of [`SCRAP_RADIUS`] at `at`, once.
    fn burst(&mut self, at: Vec2, damage: f32, player: usize) {
        let mut found = std::mem::take(&mut self.scratch.found);
        found.clear();
        self.shared.collider.query(
            Aabb::from_center(at, Vec2::splat(SCRAP_RADIUS)),
            LayerMask::of(&[GameLayer::AirEnemy, GameLayer::GroundEnemy]),
            &mut found,
        );
        let mut hits = std::mem::take(&mut self.scratch.hits);
        hits.clear();
        for c in &found {
            if let Some(Owner::Enemy(k)) = Owner::decode(c.owner) {
                let seen = self.enemies.get(k).is_some_and(|e| e.on_screen());
                let pos = || part_pos(self.enemies, self.level, k, c.part as usize);
                if seen && at.distance(pos()) <= SCRAP_RADIUS * 2.0 {
                    hits.push((k, c.part as usize));
                }
            }
        }
        self.scratch.found = found;
        for &(k, pi) in &hits {
            self.damage_part(k, pi, damage, player);
        }
        hits.clear();
        self.scratch.hits = hits;
    }
}
