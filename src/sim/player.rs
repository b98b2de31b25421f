//! Players: movement, main shot, charge attack, bombs, lives and continues.

use glam::Vec2;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Handle, Layer};

use super::character::Character;
use super::clock::DT;
use super::events::GameEvent;
use super::input::Input;
use super::world::{Blast, Owner, World};
use super::{ItemKind, PLAYFIELD};

/// Radius of the ship's true hitbox, a circle: the dot drawn when focusing, far smaller than
/// the 24x28 sprite. As wide as the 4x4 box it replaced, without the corners that killed on
/// bullets visibly past the dot.
pub const HITBOX_RADIUS: f32 = 2.0;
/// Steps of invulnerability after a respawn.
pub const RESPAWN_INVULNERABLE: u32 = 150;
/// Steps the shot button must be held before a release fires the charge attack.
pub const CHARGE_HOLD_STEPS: u32 = 60;
/// Steps a player has to continue after the last life is lost.
pub const CONTINUE_STEPS: u32 = 600;
pub const START_LIVES: u32 = 3;
pub const START_BOMBS: u32 = 3;
pub const MAX_BOMBS: u32 = 6;
pub const MAX_POWER: u8 = 4;
/// Charge gauge levels a player can bank: two charges, as in the arcade original.
pub const MAX_CHARGE: f32 = 2.0;
/// Gauge gained per enemy destroyed.
pub const CHARGE_PER_KILL: f32 = 0.12;
pub const FIRST_EXTRA_LIFE: u64 = 100_000;

/// The score at which the extra life after `current` is granted.
pub fn next_extra_life(current: u64) -> u64 {
    if current < 300_000 {
        300_000
    } else {
        current + 700_000
    }
}

#[derive(Clone, Debug)]
pub struct Player {
    pub index: usize,
    pub character: Character,
    pub pos: Vec2,
    pub lives: u32,
    pub bombs: u32,
    /// 1 to 4.
    pub power: u8,
    pub score: u64,
    /// Banked charge-attack gauge, 0.0 to [`MAX_CHARGE`]; each whole level is one charge
    /// attack or melee strike.
    pub charge: f32,
    /// Steps the shot button has been held.
    pub shot_held: u32,
    /// Steps of invulnerability left (after respawning, or while bombing).
    pub invulnerable: u32,
    /// -1.0 (banking left) to 1.0 (banking right), for the sprite.
    pub bank: f32,
    pub focused: bool,
    /// Steps until the ship reappears after a death; 0 while in play.
    pub respawn: u32,
    /// Steps left to continue after the last life; `None` while not game over.
    pub continue_steps: Option<u32>,
    /// True once the continue countdown ran out.
    pub retired: bool,
    /// Coins caught in a row while flashing.
    pub chain: u32,
    pub next_extra_life: u64,
    /// Continues this player has taken in the run (carried from stage to stage).
    pub continues_used: u32,
    /// Rook's side pods' heading, radians from straight up (positive turns right). They swing
    /// with the ship while fire is up and lock where they are while it is held.
    pub pod_angle: f32,
    /// The melee strike being played out, if any.
    pub strike: Option<super::pilots::Strike>,
    pub(crate) fire_cooldown: u32,
    pub(crate) handle: Option<Handle>,
}

impl Player {
    pub fn new(index: usize, character: Character, pos: Vec2, power: u8) -> Self {
        Self {
            index,
            character,
            pos,
            lives: START_LIVES,
            bombs: START_BOMBS,
            power: power.clamp(1, MAX_POWER),
            score: 0,
            charge: 0.0,
            shot_held: 0,
            invulnerable: 0,
            bank: 0.0,
            focused: false,
            respawn: 0,
            continue_steps: None,
            retired: false,
            chain: 0,
            next_extra_life: FIRST_EXTRA_LIFE,
            continues_used: 0,
            pod_angle: 0.0,
            strike: None,
            fire_cooldown: 0,
            handle: None,
        }
    }

    /// The ship is on screen and can act.
    pub fn in_play(&self) -> bool {
        self.respawn == 0 && self.continue_steps.is_none() && !self.retired
    }

    /// Out of lives with no continue left to take.
    pub fn out_of_play(&self) -> bool {
        self.retired
    }

    /// The box around the true hitbox (a circle of [`HITBOX_RADIUS`] on `pos`).
    pub fn hitbox(&self) -> Aabb {
        Aabb::from_center(self.pos, Vec2::splat(HITBOX_RADIUS))
    }

    /// Whole charge attacks banked.
    pub fn charge_levels(&self) -> u32 {
        self.charge.floor() as u32
    }
}

/// What a player shot is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotKind {
    /// The main shot; `paired` boxes stand for two shots and deal double damage.
    Main,
    /// A homing orb (Wren).
    Homing,
    /// A charge attack: pierces, damaging what it passes through every few steps.
    Charge,
    /// Orla's lamp-laser: passes through enemies, hurting each part it crosses once.
    Laser,
}

#[derive(Clone, Debug)]
pub struct Shot {
    pub player: usize,
    pub character: Character,
    pub kind: ShotKind,
    pub pos: Vec2,
    pub vel: Vec2,
    pub half: Vec2,
    /// One box standing for two shots side by side.
    pub paired: bool,
    pub damage: f32,
    /// Steps left to live (charge attacks and homing orbs expire).
    pub life: u32,
    /// Target of a homing orb: enemy slab key and part index.
    pub(crate) target: Option<(usize, usize)>,
    pub(crate) handle: Option<Handle>,
}

impl World {
    pub(crate) fn spawn_player_box(&mut self, i: usize) {
        let p = &self.players[i];
        let desc = BoxDesc::circle(
            p.pos,
            HITBOX_RADIUS,
            Owner::Player(i).encode(),
            Layer::Player,
        );
        self.players[i].handle = self.insert_box(desc);
    }

    pub(crate) fn update_player(&mut self, i: usize, input: Input) {
        let prev = self.prev_input.get(i).copied().unwrap_or_default();
        // Continue countdown: the first shot or bomb press takes a continue.
        if let Some(left) = self.players[i].continue_steps {
            let pressed = (input.shot && !prev.shot) || (input.bomb && !prev.bomb);
            let p = &mut self.players[i];
            if pressed {
                p.continue_steps = None;
                p.lives = self.config.arcade.lives;
                p.continues_used += 1;
                p.bombs = START_BOMBS;
                p.score = p.score / 10 * 10 + (self.stats.continues as u64 + 1).min(9);
                p.respawn = 1;
                self.stats.continues += 1;
                self.events.push(GameEvent::Continue { player: i });
            } else if left <= 1 {
                p.continue_steps = None;
                p.retired = true;
            } else {
                p.continue_steps = Some(left - 1);
            }
            return;
        }
        if self.players[i].retired {
            return;
        }
        if self.players[i].respawn > 0 {
            let p = &mut self.players[i];
            p.respawn -= 1;
            if p.respawn == 0 {
                p.pos = Vec2::new(PLAYFIELD.x * 0.5, PLAYFIELD.y - 30.0);
                p.invulnerable = RESPAWN_INVULNERABLE;
                self.spawn_player_box(i);
            }
            return;
        }

        let stats = self.players[i].character.stats();
        {
            let p = &mut self.players[i];
            p.focused = input.focus;
            let speed = if input.focus {
                stats.speed * 0.5
            } else {
                stats.speed
            };
            let dir = input.direction();
            p.pos += dir * speed * DT;
            p.pos = p.pos.clamp(
                Vec2::new(10.0, 14.0),
                Vec2::new(PLAYFIELD.x - 10.0, PLAYFIELD.y - 14.0),
            );
            // Banking eases towards the held direction, for the sprite's lean.
            p.bank += (dir.x - p.bank) * 0.2;
            p.pod_angle = super::pilots::swing_pods(p.pod_angle, dir.x, input.shot);
            if let Some(s) = &mut p.strike {
                s.steps_left = s.steps_left.saturating_sub(1);
                if s.steps_left == 0 {
                    p.strike = None;
                }
            }
            p.invulnerable = p.invulnerable.saturating_sub(1);
        }
        let aabb = self.players[i].hitbox();
        self.move_box(self.players[i].handle, aabb);

        // Bomb on the press, not while held.
        if input.bomb
            && !prev.bomb
            && self.players[i].bombs > 0
            && !self.blasts.iter().any(|(_, b)| b.player == i)
        {
            self.fire_bomb(i);
        }

        // Main shot while held; the charge attack on release after a long hold.
        let p = &mut self.players[i];
        p.fire_cooldown = p.fire_cooldown.saturating_sub(1);
        if input.shot {
            p.shot_held += 1;
            if p.fire_cooldown == 0 {
                p.fire_cooldown = stats.fire_interval;
                self.fire_main_shot(i);
            }
        } else {
            let held = p.shot_held;
            p.shot_held = 0;
            if held >= CHARGE_HOLD_STEPS && p.charge >= 1.0 {
                p.charge -= 1.0;
                // Up close the charge becomes a melee strike; away from enemies it fires.
                if !self.melee_strike(i) {
                    self.fire_charge(i);
                }
            }
        }
    }

    pub(crate) fn spawn_shot(&mut self, shot: Shot) {
        let aabb = Aabb::from_center(shot.pos, shot.half);
        let entry = self.shots.vacant_entry();
        let key = entry.key();
        let user = if shot.paired { 2 } else { 1 };
        let desc = BoxDesc::new(aabb, Owner::Shot(key).encode(), Layer::PlayerShot)
            .user(user)
            .swept(true);
        let handle = self.collider.insert(desc).ok();
        if handle.is_some() {
            entry.insert(Shot { handle, ..shot });
        }
    }

    /// Fires one volley of the main shot. From power 2 the centre shots come in pairs that
    /// share one box, as in the arcade original's debug view.
    pub(crate) fn fire_main_shot(&mut self, i: usize) {
        let p = &self.players[i];
        let (pos, power, character) = (p.pos, p.power, p.character);
        let stats = character.stats();
        let half = Vec2::new(stats.shot_half.0, stats.shot_half.1);
        let up = Vec2::new(0.0, -stats.shot_speed);
        let base = Shot {
            player: i,
            character,
            kind: ShotKind::Main,
            pos: pos + Vec2::new(0.0, -12.0),
            vel: up,
            half,
            paired: power >= 2,
            damage: stats.shot_damage,
            life: 120,
            target: None,
            handle: None,
        };
        let paired_half = Vec2::new(half.x + 4.0, half.y);
        let centre = Shot {
            half: if power >= 2 { paired_half } else { half },
            kind: if character == Character::Orla {
                ShotKind::Laser
            } else {
                ShotKind::Main
            },
            ..base.clone()
        };
        self.spawn_shot(centre);
        match character {
            Character::Vela => {
                // A widening fan of single shots: a spread from the first power level.
                let fans: &[f32] = match power {
                    1 => &[12.0],
                    2 => &[8.0],
                    3 => &[8.0, 16.0],
                    _ => &[7.0, 14.0, 21.0],
                };
                for deg in fans {
                    for sign in [-1.0f32, 1.0] {
                        let a = (-90.0 + sign * deg).to_radians();
                        self.spawn_shot(Shot {
                            vel: Vec2::new(a.cos(), a.sin()) * stats.shot_speed,
                            paired: false,
                            ..base.clone()
                        });
                    }
                }
            }
            Character::Brass => {
                // Heavy shots side by side, all straight ahead: a narrow wall of fire, a lane
                // a fifth as wide as Vela's fan. (offset, paired) on each side of the centre.
                let sides: &[(f32, bool)] = match power {
                    1 | 2 => &[],
                    3 => &[(9.0, true)],
                    _ => &[(9.0, true), (18.0, false)],
                };
                for &(dx, paired) in sides {
                    for sign in [-1.0f32, 1.0] {
                        self.spawn_shot(Shot {
                            pos: base.pos + Vec2::new(sign * dx, 4.0),
                            half: if paired { paired_half } else { half },
                            paired,
                            ..base.clone()
                        });
                    }
                }
            }
            Character::Wren => {
                // Homing orbs from the familiar with every volley, more with power.
                let orbs = match power {
                    1 => 0,
                    2 => 1,
                    3 => 2,
                    _ => 3,
                };
                {
                    for n in 0..orbs {
                        let sign = if n % 2 == 0 { -1.0 } else { 1.0 };
                        let a = (-90.0 + sign * (30.0 + 15.0 * n as f32)).to_radians();
                        self.spawn_shot(Shot {
                            kind: ShotKind::Homing,
                            pos: pos + Vec2::new(sign * 12.0, 0.0),
                            vel: Vec2::new(a.cos(), a.sin()) * 220.0,
                            half: Vec2::splat(4.0),
                            paired: false,
                            damage: stats.shot_damage * 0.95,
                            life: 150,
                            ..base.clone()
                        });
                    }
                }
            }
            Character::Orla => self.fire_orla_side_beams(&base, power),
            Character::Rook => self.fire_rook_pods(&base, power),
        }
        self.events.push(GameEvent::Shot { player: i });
    }

    /// Fires the character's charge attack.
    pub(crate) fn fire_charge(&mut self, i: usize) {
        let p = &self.players[i];
        let (pos, character) = (p.pos, p.character);
        let base = Shot {
            player: i,
            character,
            kind: ShotKind::Charge,
            pos,
            vel: Vec2::ZERO,
            half: Vec2::splat(16.0),
            paired: false,
            damage: 3.0,
            life: 90,
            target: None,
            handle: None,
        };
        match character {
            Character::Vela => {
                // Three gale blades sweeping up and out.
                for deg in [-90.0f32, -70.0, -110.0] {
                    let a = deg.to_radians();
                    self.spawn_shot(Shot {
                        vel: Vec2::new(a.cos(), a.sin()) * 260.0,
                        ..base.clone()
                    });
                }
            }
            Character::Brass => {
                // A beam from the ship to the top of the screen that follows the ship.
                let half = Vec2::new(9.0, pos.y * 0.5);
                self.spawn_shot(Shot {
                    pos: Vec2::new(pos.x, pos.y * 0.5),
                    half,
                    damage: 2.0,
                    life: 75,
                    ..base
                });
            }
            Character::Wren => {
                // A swarm of homing familiars.
                for n in 0..10 {
                    let a = (-90.0 + (n as f32 - 4.5) * 20.0).to_radians();
                    self.spawn_shot(Shot {
                        kind: ShotKind::Homing,
                        vel: Vec2::new(a.cos(), a.sin()) * 200.0,
                        half: Vec2::splat(6.0),
                        damage: 5.0,
                        life: 180,
                        ..base.clone()
                    });
                }
            }
            Character::Orla | Character::Rook => self.fire_new_charge(&base),
        }
        self.events.push(GameEvent::Charge { player: i });
    }

    pub(crate) fn fire_bomb(&mut self, i: usize) {
        let stats = self.players[i].character.stats();
        let character = self.players[i].character;
        let origin = self.players[i].pos;
        self.players[i].bombs -= 1;
        // Every pilot's bomb protects for the same time, whatever its own effect lasts.
        self.players[i].invulnerable = self.players[i]
            .invulnerable
            .max(super::bomb::BOMB_GUARD_STEPS);
        let scrap = if character == Character::Rook {
            self.drop_scrap()
        } else {
            Default::default()
        };
        self.stats.bombs_used += 1;
        let entry = self.blasts.vacant_entry();
        let key = entry.key();
        let desc = BoxDesc::new(
            super::world::playfield_box(),
            Owner::Blast(key).encode(),
            Layer::BombBlast,
        );
        if let Ok(handle) = self.collider.insert(desc) {
            entry.insert(Blast {
                player: i,
                character,
                steps_left: stats.bomb_steps,
                total_steps: stats.bomb_steps,
                damage: stats.bomb_damage,
                origin,
                scrap,
                handle,
            });
        }
        self.events.push(GameEvent::Bomb { player: i });
    }

    pub(crate) fn update_blasts(&mut self) {
        let mut done = std::mem::take(&mut self.scratch.done);
        self.land_scrap();
        for (k, b) in self.blasts.iter_mut() {
            b.steps_left = b.steps_left.saturating_sub(1);
            if b.steps_left == 0 {
                done.push((k, b.handle));
            }
        }
        for (k, h) in done.drain(..) {
            self.blasts.remove(k);
            let _ = self.collider.remove(h);
        }
        self.scratch.done = done;
    }

    pub(crate) fn update_shots(&mut self) {
        let mut keys = std::mem::take(&mut self.scratch.keys);
        keys.extend(self.shots.iter().map(|(k, _)| k));
        for &k in &keys {
            let mut shot = self.shots[k].clone();
            shot.life = shot.life.saturating_sub(1);
            match shot.kind {
                ShotKind::Homing => self.steer_homing(&mut shot),
                ShotKind::Charge
                    if matches!(shot.character, Character::Brass | Character::Orla) =>
                {
                    // The beam stays glued to its ship.
                    if let Some(p) = self.players.get(shot.player).filter(|p| p.in_play()) {
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
                self.remove_box(shot.handle);
                self.shots.remove(k);
            } else {
                self.move_box(shot.handle, aabb);
                self.shots[k] = shot;
            }
        }
        keys.clear();
        self.scratch.keys = keys;
    }

    /// True when enemy `k` lives and its part `pi` is there to be hurt
    /// ([`super::Enemy::part_open`]).
    pub(crate) fn part_open(&self, k: usize, pi: usize) -> bool {
        self.enemies
            .get(k)
            .is_some_and(|e| e.part_open(&self.level.enemies[e.kind], pi))
    }

    /// The enemy part nearest `from` among those whose boxes meet `area` and that can be hurt
    /// now (on screen, standing, not guarded), as (enemy key, part index). Ties, such as two
    /// parts of one enemy at one spot, go to the lower key. Homing orbs and melee strikes aim
    /// by it; it reuses the world's query buffer, so it allocates nothing.
    pub(crate) fn nearest_open_part(&mut self, area: Aabb, from: Vec2) -> Option<(usize, usize)> {
        let mut found = std::mem::take(&mut self.query_buf);
        found.clear();
        self.collider.query(
            area,
            crate::collide::LayerMask::of(&[Layer::AirEnemy, Layer::GroundEnemy]),
            &mut found,
        );
        let nearest = found
            .iter()
            .filter_map(|c| match Owner::decode(c.owner) {
                Some(Owner::Enemy(k)) => {
                    let pi = c.part as usize;
                    let seen = self.enemies.get(k).is_some_and(|e| e.on_screen());
                    (seen && self.part_open(k, pi)).then(|| (k, pi, self.part_pos(k, pi)))
                }
                _ => None,
            })
            .min_by(|a, b| {
                a.2.distance_squared(from)
                    .total_cmp(&b.2.distance_squared(from))
                    .then((a.0, a.1).cmp(&(b.0, b.1)))
            })
            .map(|(k, pi, _)| (k, pi));
        self.query_buf = found;
        nearest
    }

    /// Turns a homing orb towards the nearest part it can hurt, found by an area query around
    /// it. Guarded parts (a boss's armoured core) are passed over: an orb spent on armour is
    /// wasted, and a player would not aim there either.
    fn steer_homing(&mut self, shot: &mut Shot) {
        let alive = shot.target.is_some_and(|(k, pi)| {
            self.part_open(k, pi) && self.enemies.get(k).is_some_and(|e| e.on_screen())
        });
        if !alive || self.frame.is_multiple_of(8) {
            let area = Aabb::from_center(shot.pos, Vec2::splat(140.0));
            shot.target = self.nearest_open_part(area, shot.pos);
        }
        if let Some((k, pi)) = shot.target.filter(|(k, _)| self.enemies.contains(*k)) {
            let want = (self.part_pos(k, pi) - shot.pos).normalize_or_zero();
            let speed = shot.vel.length().clamp(200.0, 330.0) + 6.0;
            let dir = (shot.vel.normalize_or_zero() + want * 0.35).normalize_or_zero();
            shot.vel = dir * speed;
        } else {
            // No target: straighten up and keep climbing.
            shot.vel = (shot.vel + Vec2::new(0.0, -30.0)).clamp_length_max(330.0);
        }
    }

    /// Costs a life; the ship reappears after a short pause, invulnerable for a while.
    pub(crate) fn kill_player(&mut self, i: usize) {
        let p = &mut self.players[i];
        let pos = p.pos;
        p.lives = p.lives.saturating_sub(1);
        p.respawn = 60;
        p.shot_held = 0;
        p.strike = None;
        p.chain = 0;
        p.bombs = p.bombs.max(START_BOMBS);
        let dropped = p.power > 1;
        p.power = (p.power - 1).max(1);
        let handle = p.handle.take();
        if p.lives == 0 {
            p.respawn = 0;
            // Out of continues (the arcade settings may limit them): out of the game at once.
            if self.config.arcade.may_continue(p.continues_used) {
                p.continue_steps = Some(CONTINUE_STEPS);
            } else {
                p.retired = true;
            }
        }
        self.remove_box(handle);
        self.stats.deaths += 1;
        self.events.push(GameEvent::Death { player: i, pos });
        self.events.push(GameEvent::Explosion { pos, size: 1 });
        if dropped {
            self.spawn_item(ItemKind::Power, pos, true);
        }
    }

    /// A ram: one power level (or, at level 1, one bomb), and the lost power flies out as an item.
    pub(crate) fn ram_player(&mut self, i: usize) {
        let p = &mut self.players[i];
        let pos = p.pos;
        if p.power > 1 {
            p.power -= 1;
            self.stats.power_downs += 1;
            self.spawn_item(ItemKind::Power, pos, true);
            self.events.push(GameEvent::PowerDown { player: i });
        } else if p.bombs > 0 {
            p.bombs -= 1;
            self.events.push(GameEvent::PowerDown { player: i });
        }
    }
}
