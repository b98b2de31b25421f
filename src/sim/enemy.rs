//! Enemies: spawning, paths, weapons, parts, damage and destruction.

use glam::Vec2;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Handle, Layer, Shape};
use crate::level::paths::waypoints_at;
use crate::level::schema::{LayerDef, PathDef};
use crate::level::{limits, EnemyType, HitShape, Weapon};

use super::bullet::unit;
use super::clock::DT;
use super::events::GameEvent;
use super::world::{Owner, World};
use super::{ItemKind, PLAYFIELD};

/// One box of an enemy, with its own HP.
#[derive(Clone, Debug)]
pub struct PartState {
    pub hp: f32,
    pub max_hp: f32,
    pub destroyed: bool,
    /// Steps left of the hit flash.
    pub flash: u32,
    pub(crate) handle: Option<Handle>,
}

/// A weapon's timers.
#[derive(Clone, Debug, Default)]
pub struct WeaponState {
    /// Steps until the next shot.
    pub(crate) cooldown: u32,
    /// Volleys still to fire from the current shot, and steps until the next.
    pub(crate) volleys_left: u32,
    pub(crate) volley_timer: u32,
    pub(crate) volley_index: u32,
    /// Spiral patterns keep turning from shot to shot.
    pub(crate) spin_deg: f32,
    /// Where a turret points now, degrees.
    pub aim_deg: f32,
}

#[derive(Clone, Debug)]
pub struct Enemy {
    /// Index into the level's enemy types.
    pub kind: usize,
    pub pos: Vec2,
    pub(crate) origin: Vec2,
    pub(crate) heading_deg: f32,
    /// Steps alive.
    pub age: u32,
    pub path: PathDef,
    pub mirror: bool,
    pub parts: Vec<PartState>,
    pub weapons: Vec<WeaponState>,
    /// Index of the active boss phase in its type's `phases` (0 when the type has none).
    pub boss_phase: usize,
    pub pattern_override: Option<usize>,
    pub ground: bool,
    pub(crate) seen: bool,
    /// Steps into the current path stage (StopAndShoot waits, Hover enters).
    pub(crate) path_timer: u32,
    /// The part of a `Sequence` path being flown (0 for every other path).
    pub(crate) leg: u16,
}

impl Enemy {
    /// True while part `pi` is guarded: one of the parts its type lists in `guarded_by` still
    /// stands. A guarded part takes no damage, and neither homing orbs nor the autopilot aim
    /// at it. `ty` is this enemy's type (`level.enemies[self.kind]`).
    pub fn part_guarded(&self, ty: &EnemyType, pi: usize) -> bool {
        ty.parts.get(pi).is_some_and(|def| {
            def.guarded_by
                .iter()
                .any(|&g| self.parts.get(g).is_some_and(|guard| !guard.destroyed))
        })
    }

    /// True when part `pi` is there to be hurt: it stands and is not guarded.
    pub fn part_open(&self, ty: &EnemyType, pi: usize) -> bool {
        self.parts.get(pi).is_some_and(|p| !p.destroyed) && !self.part_guarded(ty, pi)
    }

    /// True once the enemy has entered the visible playfield.
    pub fn on_screen(&self) -> bool {
        self.pos.x > -8.0
            && self.pos.x < PLAYFIELD.x + 8.0
            && self.pos.y > -8.0
            && self.pos.y < PLAYFIELD.y + 8.0
    }
}

/// The weapons firing in `phase`: the phase's, or the type's own.
fn active_weapons(ty: &EnemyType, phase: usize) -> &[Weapon] {
    match ty.phases.get(phase) {
        Some(p) => &p.weapons,
        None => &ty.weapons,
    }
}

/// The collider's shape for a part whose level hitbox is `shape`, on an enemy spawned
/// mirrored or not: a mirrored formation flips its parts' offsets, and their turned boxes
/// with them, so the hitboxes stay where the mirrored sprites are.
pub(crate) fn part_shape(shape: HitShape, mirror: bool) -> Shape {
    let shape = if mirror { shape.mirrored() } else { shape };
    match shape {
        HitShape::Box => Shape::Aabb,
        HitShape::Circle { radius } => Shape::Circle { radius },
        HitShape::Oriented { half, angle } => Shape::Oriented { half, angle },
    }
}

impl World {
    /// Brings in an enemy of type `kind` at `pos`; returns its key, or `None` when the level's
    /// enemy limit is reached.
    pub(crate) fn spawn_enemy(
        &mut self,
        kind: usize,
        pos: Vec2,
        path: Option<PathDef>,
        pattern: Option<usize>,
        mirror: bool,
    ) -> Option<usize> {
        if self.enemies.len() >= limits::MAX_ENEMIES {
            return None;
        }
        let level = self.level.clone();
        let ty = level.enemies.get(kind)?;
        let ground = ty.layer == LayerDef::Ground;
        let layer = if ground {
            Layer::GroundEnemy
        } else {
            Layer::AirEnemy
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
                handle: self.insert_box(desc),
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
        self.reset_weapons(key);
        Some(key)
    }

    fn reset_weapons(&mut self, key: usize) {
        let level = self.level.clone();
        let e = &self.enemies[key];
        let active = active_weapons(&level.enemies[e.kind], e.boss_phase);
        let interval_f = self.config.difficulty.fire_interval_factor();
        let extra_s = self.config.difficulty.first_shot_extra_s();
        let weapons = &mut self.enemies[key].weapons;
        weapons.clear();
        weapons.extend(active.iter().map(|w| WeaponState {
            cooldown: ((w.delay_s * interval_f + extra_s) / DT).round() as u32,
            aim_deg: 90.0,
            ..WeaponState::default()
        }));
    }

    /// Gives an enemy's part and weapon lists back for the next enemies to use.
    fn keep_lists(&mut self, mut e: Enemy) {
        e.parts.clear();
        e.weapons.clear();
        self.scratch.spare_parts.push(e.parts);
        self.scratch.spare_weapons.push(e.weapons);
    }

    pub(crate) fn update_enemies(&mut self) {
        let mut keys = std::mem::take(&mut self.scratch.keys);
        keys.extend(self.enemies.iter().map(|(k, _)| k));
        for &k in &keys {
            if !self.enemies.contains(k) {
                continue;
            }
            self.move_enemy(k);
            let e = &self.enemies[k];
            let is_boss = self.boss == Some(k);
            let pos = e.pos;
            // Leaving the screen for good frees the enemy; the stage boss never leaves.
            let out = pos.y > PLAYFIELD.y + 72.0
                || pos.x < -96.0
                || pos.x > PLAYFIELD.x + 96.0
                || (e.seen && pos.y < -72.0)
                || (!e.seen && e.age > 60 * 30);
            if out && !is_boss {
                self.despawn_enemy(k);
                continue;
            }
            if e.on_screen() {
                self.enemies[k].seen = true;
            }
            self.sync_enemy_boxes(k);
            // A phase may start on time, with no hit to prompt the check.
            let kind = self.enemies[k].kind;
            if self.level.enemies[kind]
                .phases
                .iter()
                .any(|p| p.after_s.is_some())
            {
                self.update_boss_phase(k);
            }
            if self.enemies[k].seen {
                self.fire_weapons(k);
            }
        }
        keys.clear();
        self.scratch.keys = keys;
    }

    fn move_enemy(&mut self, k: usize) {
        let scroll = self.scroll_speed;
        let e = &mut self.enemies[k];
        e.age += 1;
        e.path_timer += 1;
        for p in &mut e.parts {
            p.flash = p.flash.saturating_sub(1);
        }
        let t = e.age as f32 * DT;
        let m = if e.mirror { -1.0 } else { 1.0 };
        super::legs::next_leg(e);
        match super::legs::flown(e) {
            PathDef::Straight { angle_deg, speed } => {
                let a = if e.mirror {
                    180.0 - angle_deg
                } else {
                    angle_deg
                };
                e.pos += unit(a) * speed * DT;
            }
            PathDef::Sine {
                speed,
                amplitude,
                period_s,
            } => {
                e.pos.y += speed * DT;
                e.pos.x = e.origin.x + m * amplitude * (std::f32::consts::TAU * t / period_s).sin();
            }
            PathDef::Swoop {
                speed,
                turn_y,
                turn_deg_s,
            } => {
                if e.pos.y >= turn_y || e.heading_deg != 90.0 {
                    // Turn until heading straight back up.
                    let delta = turn_deg_s * DT * m;
                    let target = 90.0 - 180.0 * turn_deg_s.signum() * m;
                    let next = e.heading_deg - delta;
                    e.heading_deg = if (target - e.heading_deg).signum() != (target - next).signum()
                    {
                        target
                    } else {
                        next
                    };
                }
                e.pos += unit(e.heading_deg) * speed * DT;
            }
            PathDef::StopAndShoot {
                speed,
                stop_y,
                wait_s,
                leave_angle_deg,
            } => {
                if e.pos.y < stop_y && e.heading_deg == 90.0 {
                    e.pos.y = (e.pos.y + speed * DT).min(stop_y);
                    e.path_timer = 0;
                } else if (e.path_timer as f32) * DT < wait_s && e.heading_deg == 90.0 {
                    // Holding position.
                } else {
                    let a = if e.mirror {
                        180.0 - leave_angle_deg
                    } else {
                        leave_angle_deg
                    };
                    e.heading_deg = a;
                    e.pos += unit(a) * speed * DT;
                }
            }
            PathDef::Ground => e.pos.y += scroll * DT,
            PathDef::Drive { angle_deg, speed } => {
                let a = if e.mirror {
                    180.0 - angle_deg
                } else {
                    angle_deg
                };
                e.pos += (unit(a) * speed + Vec2::new(0.0, scroll)) * DT;
            }
            PathDef::Hover { y, sway, period_s } => {
                if e.pos.y < y && e.heading_deg == 90.0 {
                    e.pos.y = (e.pos.y + 45.0 * DT).min(y);
                    e.path_timer = 0;
                } else {
                    e.heading_deg = 0.0;
                    let ts = e.path_timer as f32 * DT;
                    e.pos.x = e.origin.x + m * sway * (std::f32::consts::TAU * ts / period_s).sin();
                    e.pos.y = y + 6.0 * (std::f32::consts::TAU * ts / (period_s * 0.5)).sin();
                }
            }
            PathDef::Waypoints {
                points,
                speed,
                legs_s,
                smooth,
            } => {
                let ts = e.path_timer as f32 * DT;
                let (off, heading) = waypoints_at(&points, speed, &legs_s, smooth, ts);
                // Ground enemies ride the ground as they follow their points.
                let ride = if e.ground { scroll * ts } else { 0.0 };
                e.pos = e.origin + Vec2::new(m * off.x, off.y + ride);
                e.heading_deg = if e.mirror { 180.0 - heading } else { heading };
            }
            // `flown` never hands over a sequence, only its parts, which are never sequences.
            PathDef::Sequence { .. } => {}
        }
    }

    fn sync_enemy_boxes(&mut self, k: usize) {
        let World {
            enemies,
            level,
            collider,
            ..
        } = self;
        let e = &enemies[k];
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

    /// World position of part `pi` of enemy `k`.
    pub fn part_pos(&self, k: usize, pi: usize) -> Vec2 {
        let e = &self.enemies[k];
        let def = &self.level.enemies[e.kind].parts[pi];
        let offset = if e.mirror {
            Vec2::new(-def.offset.x, def.offset.y)
        } else {
            def.offset
        };
        e.pos + offset
    }

    fn fire_weapons(&mut self, k: usize) {
        // The level is shared: holding it lets the weapons be read while the world changes.
        let level = self.level.clone();
        let e = &self.enemies[k];
        let weapons = active_weapons(&level.enemies[e.kind], e.boss_phase);
        let interval_f = self.config.difficulty.fire_interval_factor();
        // The stage's opening is quiet on Easy: a volley due then is skipped, not saved up.
        let holding = self.stage_time < self.config.difficulty.opening_hold_s();
        for (wi, w) in weapons.iter().enumerate() {
            let silenced = w.from.is_some_and(|p| self.enemies[k].parts[p].destroyed);
            if silenced || wi >= self.enemies[k].weapons.len() {
                continue;
            }
            let muzzle = w.from.map_or(self.enemies[k].pos, |p| self.part_pos(k, p)) + w.offset;
            let target = self.nearest_player(muzzle);
            // Turrets turn towards the player at their own rate.
            if let (Some(rate), Some(t)) = (w.turn_deg_s, target) {
                let want = (t - muzzle).to_angle().to_degrees();
                let st = &mut self.enemies[k].weapons[wi];
                let diff = (want - st.aim_deg + 540.0).rem_euclid(360.0) - 180.0;
                st.aim_deg += diff.clamp(-rate * DT, rate * DT);
            }
            let pattern_i = self.enemies[k].pattern_override.unwrap_or(w.pattern);
            let volleys = self.level.patterns[pattern_i].volleys;
            let st = &mut self.enemies[k].weapons[wi];
            let mut fire_volley = false;
            if st.volleys_left > 0 {
                st.volley_timer = st.volley_timer.saturating_sub(1);
                if st.volley_timer == 0 {
                    fire_volley = true;
                }
            } else if st.cooldown == 0 {
                st.cooldown = (w.interval_s * interval_f / DT).round().max(1.0) as u32;
                st.volleys_left = volleys;
                st.volley_index = 0;
                fire_volley = true;
            } else {
                st.cooldown -= 1;
            }
            if fire_volley && target.is_some() && !holding {
                // A mirrored enemy's weapons turn the other way: a fan that leans left leans right.
                let turn = match self.enemies[k].mirror {
                    true => -w.angle_deg,
                    false => w.angle_deg,
                };
                self.fire_volley(k, wi, pattern_i, muzzle, w.turn_deg_s.is_some(), turn);
            } else if fire_volley {
                self.enemies[k].weapons[wi].volleys_left = 0;
            }
        }
    }

    /// Damages part `pi` of enemy `k`. Guarded parts take nothing until their guards fall.
    pub(crate) fn damage_part(&mut self, k: usize, pi: usize, damage: f32, player: usize) {
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
        let pos = self.part_pos(k, pi);
        if guarded {
            self.events.push(GameEvent::Hit { pos, armored: true });
            return;
        }
        let part = &mut self.enemies[k].parts[pi];
        part.hp -= damage;
        part.flash = 4;
        let alive = part.hp > 0.0;
        self.events.push(GameEvent::Hit {
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

    fn destroy_part(&mut self, k: usize, pi: usize, player: usize) {
        let core = self.level.enemies[self.enemies[k].kind].core;
        if pi == core {
            self.kill_enemy(k, player);
            return;
        }
        let pos = self.part_pos(k, pi);
        let part = &mut self.enemies[k].parts[pi];
        part.destroyed = true;
        part.hp = 0.0;
        let handle = part.handle.take();
        self.remove_box(handle);
        self.stats.boss_parts_destroyed += 1;
        let score = self.level.enemies[self.enemies[k].kind].parts[pi].score as u64;
        self.add_score(player, score);
        self.events.push(GameEvent::Explosion { pos, size: 1 });
        self.update_boss_phase(k);
    }

    /// Moves a multi-part enemy to the last phase whose conditions hold.
    pub(crate) fn update_boss_phase(&mut self, k: usize) {
        let e = &self.enemies[k];
        let ty = &self.level.enemies[e.kind];
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
            let e = &mut self.enemies[k];
            e.boss_phase = phase;
            if let Some(p) = new_path {
                e.path = p;
                e.origin.x = e.pos.x;
                e.path_timer = 0;
                e.leg = 0;
            }
            self.reset_weapons(k);
            self.events.push(GameEvent::BossPhase { phase });
        }
    }

    /// Destroys the whole enemy: score, drops, what it hid, and for a boss the stage clear.
    pub(crate) fn kill_enemy(&mut self, k: usize, player: usize) {
        // An enemy a Boss or MidBoss event brought in is a boss even with no parts or phases.
        let placed_boss = self.boss == Some(k) || self.mid_boss.is_some_and(|w| w.key == k);
        self.release_mid_boss(k);
        let e = self.enemies.remove(k);
        let level = self.level.clone();
        let ty = &level.enemies[e.kind];
        for p in &e.parts {
            self.remove_box(p.handle);
        }
        if e.ground {
            self.stats.kills_ground += 1;
        } else {
            self.stats.kills_air += 1;
        }
        let boss_type = ty.is_boss() || placed_boss;
        if boss_type {
            self.stats.bosses_defeated += 1;
        }
        self.add_score(player, ty.score as u64);
        if let Some(p) = self.players.get_mut(player) {
            let before = p.charge.floor();
            p.charge = (p.charge
                + super::player::CHARGE_PER_KILL * if boss_type { 8.0 } else { 1.0 })
            .min(super::player::MAX_CHARGE);
            if p.charge.floor() > before {
                self.events.push(GameEvent::ChargeReady { player });
            }
        }
        self.events.push(GameEvent::Explosion {
            pos: e.pos,
            size: ty.explosion,
        });
        if let Some(w) = &ty.wreck {
            self.events.push(GameEvent::Wreck {
                pos: e.pos,
                sprite: w.clone(),
            });
        }
        if let Some(drop) = ty.drop {
            self.spawn_item(drop.into(), e.pos, false);
        }
        if let Some(inner) = ty.reveals {
            // What the roof hid rides the ground in the same spot.
            let path = if level.enemies[inner].layer == LayerDef::Ground {
                Some(PathDef::Ground)
            } else {
                None
            };
            self.spawn_enemy(inner, e.pos, path, None, e.mirror);
        }
        self.keep_lists(e);
        if self.boss == Some(k) {
            self.boss = None;
            let bonus = ty.bonus as u64;
            self.events.push(GameEvent::BossDefeated {
                name: ty.name.clone(),
                bonus,
            });
            self.bullets_to_coins();
            self.begin_clear(bonus);
        } else if boss_type {
            if ty.bonus > 0 {
                self.add_score(player, ty.bonus as u64);
            }
            self.bullets_to_coins();
        }
    }

    fn despawn_enemy(&mut self, k: usize) {
        self.release_mid_boss(k);
        let e = self.enemies.remove(k);
        for p in &e.parts {
            self.remove_box(p.handle);
        }
        self.keep_lists(e);
    }

    /// The timeline goes on once the mid-boss it waits for is gone, however it went, with the
    /// next wave at once.
    fn release_mid_boss(&mut self, k: usize) {
        if self.mid_boss.is_some_and(|w| w.key == k) {
            self.mid_boss = None;
            self.mid_boss_fell = true;
        }
    }

    /// When a boss falls, its bullets turn into coins that fly to the player.
    fn bullets_to_coins(&mut self) {
        let mut bullets = std::mem::take(&mut self.scratch.cancelled);
        bullets.extend(self.bullets.iter().map(|(k, b)| (k, b.pos, b.handle)));
        for (n, (k, pos, h)) in bullets.drain(..).enumerate() {
            self.remove_box(h);
            self.bullets.remove(k);
            self.events.push(GameEvent::BulletCancelled { pos });
            if n < 200 {
                self.spawn_item(ItemKind::ScoreCoin, pos, false);
            } else {
                self.add_score(0, 100);
            }
        }
        self.scratch.cancelled = bullets;
    }
}
