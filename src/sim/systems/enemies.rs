//! The world's enemies: bringing one in with its parts' boxes, each step's flight, leaving the
//! screen, boss phases and firing; and giving a gone enemy's lists back for the next. What a
//! hit does to them is `harm`'s.

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider};
use crate::level::{limits, Difficulty, EnemyLayer, Level, Path};

use super::flight::fly;
use super::scratch::Scratch;
use super::shared::remove_box;
use super::weapons::{fire_weapons, Battle};
use crate::sim::layers::GameLayer;
use crate::sim::model::boss::Bosses;
use crate::sim::model::clock::DT;
use crate::sim::model::enemy::{active_weapons, part_shape, Enemy, PartState, WeaponState};
use crate::sim::model::events::GameEvent;
use crate::sim::model::owner::Owner;
use crate::sim::PLAYFIELD;

/// An enemy to bring in: its type, where, and what its timeline event overrides.
pub(crate) struct Spawn {
    pub kind: usize,
    pub pos: Vec2,
    pub path: Option<Path>,
    pub pattern: Option<usize>,
    pub mirror: bool,
}

/// What bringing an enemy in touches: the table, its boxes, the spare lists it takes, and the
/// level and difficulty its type and weapons' first wait come from.
pub(crate) struct Spawner<'a> {
    pub enemies: &'a mut Slab<Enemy>,
    pub level: &'a Level,
    pub difficulty: Difficulty,
    pub collider: &'a mut Collider,
    pub scratch: &'a mut Scratch,
}

impl Spawner<'_> {
    /// Brings in `what`; returns its key, or `None` when the level's enemy limit is reached.
    pub fn spawn(&mut self, what: Spawn) -> Option<usize> {
        let Spawn {
            kind,
            pos,
            path,
            pattern,
            mirror,
        } = what;
        if self.enemies.len() >= limits::MAX_ENEMIES {
            return None;
        }
        let ty = self.level.enemies.get(kind)?;
        let ground = ty.layer == EnemyLayer::Ground;
        let layer = if ground {
            GameLayer::GroundEnemy
        } else {
            GameLayer::AirEnemy
        };
        let key = self.enemies.vacant_entry().key();
        // A list an enemy gave back, when there is one: spawning then allocates nothing.
        let mut parts = self.scratch.spare_parts.pop().unwrap_or_default();
        parts.reserve(ty.parts.len());
        for (pi, part) in ty.parts.iter().enumerate() {
            let offset = if mirror {
                Vec2::new(-part.offset.x, part.offset.y)
            } else {
                part.offset
            };
            let desc = BoxDesc::new(
                Aabb::from_center(pos + offset, part.half),
                Owner::Enemy(key).encode(),
                layer,
            )
            .shape(part_shape(part.shape, mirror))
            .part(pi as u16);
            parts.push(PartState {
                hp: part.hp,
                max_hp: part.hp,
                destroyed: false,
                flash: 0,
                handle: self.collider.insert(desc).ok(),
            });
        }
        let enemy = Enemy {
            kind,
            pos,
            origin: pos,
            heading_deg: 90.0,
            age: 0,
            path: path.unwrap_or_else(|| ty.path.clone()),
            mirror,
            parts,
            weapons: self.scratch.spare_weapons.pop().unwrap_or_default(),
            boss_phase: 0,
            pattern_override: pattern,
            ground,
            seen: false,
            path_timer: 0,
            leg: 0,
        };
        self.enemies.insert(enemy);
        reset_weapons(self.enemies, key, self.level, self.difficulty);
        Some(key)
    }
}

/// Sets enemy `key`'s weapon timers for the weapons of its phase, each waiting its first
/// delay as the difficulty stretches it ([`Difficulty::first_delay_factor`]).
fn reset_weapons(enemies: &mut Slab<Enemy>, key: usize, level: &Level, difficulty: Difficulty) {
    let e = &enemies[key];
    let active = active_weapons(&level.enemies[e.kind], e.boss_phase);
    let delay_f = difficulty.first_delay_factor();
    let extra_s = difficulty.first_shot_extra_s();
    let weapons = &mut enemies[key].weapons;
    weapons.clear();
    weapons.extend(active.iter().map(|w| WeaponState {
        cooldown: ((w.delay_s * delay_f + extra_s) / DT).round() as u32,
        aim_deg: 90.0,
        ..WeaponState::default()
    }));
}

/// Gives a gone enemy's part and weapon lists back for the next enemies to use.
pub(crate) fn keep_lists(scratch: &mut Scratch, mut e: Enemy) {
    e.parts.clear();
    e.weapons.clear();
    scratch.spare_parts.push(e.parts);
    scratch.spare_weapons.push(e.weapons);
}

/// One step of every enemy, in key order: it flies, leaves once off the screen for good (the
/// stage boss never leaves), keeps its boxes on its parts, enters a timed phase, and once
/// seen fires its weapons.
pub(crate) fn step(
    enemies: &mut Slab<Enemy>,
    bosses: &mut Bosses,
    scroll_speed: f32,
    b: &mut Battle,
    events: &mut Vec<GameEvent>,
    scratch: &mut Scratch,
) {
    let mut keys = std::mem::take(&mut scratch.keys);
    keys.extend(enemies.iter().map(|(k, _)| k));
    for &k in &keys {
        if !enemies.contains(k) {
            continue;
        }
        fly(&mut enemies[k], scroll_speed);
        let e = &enemies[k];
        let is_boss = bosses.boss == Some(k);
        let pos = e.pos;
        // Leaving the screen for good frees the enemy; the stage boss never leaves.
        let out = pos.y > PLAYFIELD.y + 72.0
            || pos.x < -96.0
            || pos.x > PLAYFIELD.x + 96.0
            || (e.seen && pos.y < -72.0)
            || (!e.seen && e.age > 60 * 30);
        if out && !is_boss {
            bosses.release_mid_boss(k);
            let e = enemies.remove(k);
            for p in &e.parts {
                remove_box(b.collider, p.handle);
            }
            keep_lists(scratch, e);
            continue;
        }
        if e.on_screen() {
            enemies[k].seen = true;
        }
        sync_boxes(&enemies[k], b.level, b.collider);
        // A phase may start on time, with no hit to prompt the check.
        let kind = enemies[k].kind;
        if b.level.enemies[kind]
            .phases
            .iter()
            .any(|p| p.after_s.is_some())
        {
            update_boss_phase(enemies, k, b.level, b.difficulty, events);
        }
        if enemies[k].seen {
            fire_weapons(b, enemies, k);
        }
    }
    keys.clear();
    scratch.keys = keys;
}

/// Moves the boxes of `e`'s standing parts to where the enemy is now.
fn sync_boxes(e: &Enemy, level: &Level, collider: &mut Collider) {
    let ty = &level.enemies[e.kind];
    for (pi, part) in e.parts.iter().enumerate() {
        let Some(h) = part.handle.filter(|_| !part.destroyed) else {
            continue;
        };
        let def = &ty.parts[pi];
        let offset = if e.mirror {
            Vec2::new(-def.offset.x, def.offset.y)
        } else {
            def.offset
        };
        let _ = collider.set_aabb(h, Aabb::from_center(e.pos + offset, def.half));
    }
}

/// Moves a multi-part enemy to the last phase whose conditions hold.
pub(crate) fn update_boss_phase(
    enemies: &mut Slab<Enemy>,
    k: usize,
    level: &Level,
    difficulty: Difficulty,
    events: &mut Vec<GameEvent>,
) {
    let e = &enemies[k];
    let ty = &level.enemies[e.kind];
    let core = &e.parts[ty.core];
    let frac = core.hp / core.max_hp.max(1e-6);
    let phase = ty
        .phases
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            let on_time = p.after_s.is_some_and(|t| e.age as f32 * DT >= t);
            p.after.iter().all(|a| e.parts[*a].destroyed) && (frac <= p.below_hp || on_time)
        })
        .map(|(i, _)| i)
        .next_back()
        .unwrap_or(0);
    if phase != e.boss_phase {
        let new_path = ty.phases[phase].path.clone();
        let e = &mut enemies[k];
        e.boss_phase = phase;
        if let Some(p) = new_path {
            e.path = p;
            e.origin.x = e.pos.x;
            e.path_timer = 0;
            e.leg = 0;
        }
        reset_weapons(enemies, k, level, difficulty);
        events.push(phase_event(level, enemies, k));
    }
}

/// The [`GameEvent::BossPhase`] of enemy `k`'s phase now.
pub(crate) fn phase_event(level: &Level, enemies: &Slab<Enemy>, k: usize) -> GameEvent {
    let e = &enemies[k];
    GameEvent::BossPhase {
        key: k,
        enemy: e.kind,
        phase: e.boss_phase,
        name: level.enemies[e.kind]
            .phases
            .get(e.boss_phase)
            .and_then(|p| p.name.clone()),
    }
}
