//! The players' step: the continue countdown, respawning, moving, bombing, the main shot and
//! the charge; and what befalls a ship (a death, a ram). Each borrows the parts of the world
//! it changes.

use glam::Vec2;
use slab::Slab;

use crate::collide::{BoxDesc, BroadPhase, Collider};

use super::bomb::{self, Blast};
use super::items;
use super::pilots::{fire_new_charge, fire_orla_side_beams, fire_rook_pods, swing_pods};
use super::shared::Shared;
use super::shots::spawn_shot;
use crate::sim::layers::GameLayer;
use crate::sim::model::arcade::ArcadeRules;
use crate::sim::model::character::Character;
use crate::sim::model::clock::DT;
use crate::sim::model::events::GameEvent;
use crate::sim::model::input::Input;
use crate::sim::model::item::{Item, ItemKind};
use crate::sim::model::owner::Owner;
use crate::sim::model::player::{
    Player, Shot, ShotKind, CHARGE_HOLD_STEPS, CONTINUE_STEPS, HITBOX_RADIUS, RESPAWN_INVULNERABLE,
    START_BOMBS,
};
use crate::sim::PLAYFIELD;

/// What a player's step changes besides the ship: its shots and bombs, and the world's
/// common parts; it reads the previous step's inputs (presses are edges) and the arcade rules.
pub(crate) struct Crew<'a> {
    pub players: &'a mut [Player],
    pub prev_input: &'a [Input],
    pub shots: &'a mut Slab<Shot>,
    pub blasts: &'a mut Slab<Blast>,
    pub arcade: ArcadeRules,
    pub shared: Shared<'a>,
}

/// Puts ship `i`'s hitbox into the collider.
pub(crate) fn spawn_box(players: &mut [Player], i: usize, collider: &mut Collider) {
    let p = &players[i];
    let desc = BoxDesc::circle(
        p.pos,
        HITBOX_RADIUS,
        Owner::Player(i).encode(),
        GameLayer::Player,
    );
    players[i].handle = collider.insert(desc).ok();
}

/// Steps player `i` with `input`. Returns true when the step released a charge (its gauge
/// already paid): the world then strikes up close, or fires the charge attack.
pub(crate) fn step(c: &mut Crew, i: usize, input: Input) -> bool {
    let prev = c.prev_input.get(i).copied().unwrap_or_default();
    let sh = &mut c.shared;
    // Continue countdown: the first shot or bomb press takes a continue.
    if let Some(left) = c.players[i].continue_steps {
        let pressed = (input.shot && !prev.shot) || (input.bomb && !prev.bomb);
        let p = &mut c.players[i];
        if pressed {
            p.continue_steps = None;
            p.lives = c.arcade.lives;
            p.continues_used += 1;
            p.bombs = START_BOMBS;
            p.score = p.score / 10 * 10 + (sh.stats.continues as u64 + 1).min(9);
            p.respawn = 1;
            sh.stats.continues += 1;
            sh.events.push(GameEvent::Continue { player: i });
        } else if left <= 1 {
            p.continue_steps = None;
            p.retired = true;
        } else {
            p.continue_steps = Some(left - 1);
        }
        return false;
    }
    if c.players[i].retired {
        return false;
    }
    if c.players[i].respawn > 0 {
        let p = &mut c.players[i];
        p.respawn -= 1;
        if p.respawn == 0 {
            p.pos = Vec2::new(PLAYFIELD.x * 0.5, PLAYFIELD.y - 30.0);
            p.invulnerable = RESPAWN_INVULNERABLE;
            spawn_box(c.players, i, sh.collider);
        }
        return false;
    }

    let stats = c.players[i].character.stats();
    steer(&mut c.players[i], input, stats.speed);
    let aabb = c.players[i].hitbox();
    sh.move_box(c.players[i].handle, aabb);

    // Bomb on the press, not while held.
    if input.bomb
        && !prev.bomb
        && c.players[i].bombs > 0
        && !c.blasts.iter().any(|(_, b)| b.player == i)
    {
        bomb::fire(c.blasts, c.players, i, sh);
    }

    // Main shot while held; the charge attack on release after a long hold.
    let p = &mut c.players[i];
    p.fire_cooldown = p.fire_cooldown.saturating_sub(1);
    if input.shot {
        p.shot_held += 1;
        if p.fire_cooldown == 0 {
            p.fire_cooldown = stats.fire_interval;
            fire_main_shot(c.players, i, c.shots, sh.collider, sh.events);
        }
        false
    } else {
        let held = p.shot_held;
        p.shot_held = 0;
        if held >= CHARGE_HOLD_STEPS && p.charge >= 1.0 {
            p.charge -= 1.0;
            return true;
        }
        false
    }
}

/// Moves a ship in play by `input` at `speed` (halved while focusing), and eases its lean,
/// Rook's pods and any melee strike's animation on, and its invulnerability down.
fn steer(p: &mut Player, input: Input, speed: f32) {
    p.focused = input.focus;
    let speed = if input.focus { speed * 0.5 } else { speed };
    let dir = input.direction();
    p.pos += dir * speed * DT;
    p.pos = p.pos.clamp(
        Vec2::new(10.0, 14.0),
        Vec2::new(PLAYFIELD.x - 10.0, PLAYFIELD.y - 14.0),
    );
    // Banking eases towards the held direction, for the sprite's lean.
    p.bank += (dir.x - p.bank) * 0.2;
    p.pod_angle = swing_pods(p.pod_angle, dir.x, input.shot);
    if let Some(s) = &mut p.strike {
        s.steps_left = s.steps_left.saturating_sub(1);
        if s.steps_left == 0 {
            p.strike = None;
        }
    }
    p.invulnerable = p.invulnerable.saturating_sub(1);
}

pub(crate) fn fire_main_shot(
    players: &[Player],
    i: usize,
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    events: &mut Vec<GameEvent>,
) {
    let p = &players[i];
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
    spawn_shot(shots, collider, centre);
    match character {
        Character::Vela => fire_vela_fan(shots, collider, &base, power),
        Character::Brass => fire_brass_bolts(shots, collider, &base, power),
        Character::Wren => fire_wren_orbs(shots, collider, &base, power, pos),
        Character::Orla => fire_orla_side_beams(shots, collider, &base, power),
        Character::Rook => fire_rook_pods(shots, collider, p, &base, power),
    }
    events.push(GameEvent::Shot { player: i });
}

/// Vela's fan beside the centre shot: single shots at widening angles, a spread from the first
/// power level.
fn fire_vela_fan(shots: &mut Slab<Shot>, collider: &mut Collider, base: &Shot, power: u8) {
    // The centre shot flies straight up at the pilot's shot speed.
    let speed = -base.vel.y;
    let fans: &[f32] = match power {
        1 => &[12.0],
        2 => &[8.0],
        3 => &[6.0, 12.0],
        _ => &[5.0, 10.0, 16.0],
    };
    for deg in fans {
        for sign in [-1.0f32, 1.0] {
            let a = (-90.0 + sign * deg).to_radians();
            let shot = Shot {
                vel: Vec2::new(libm::cosf(a), libm::sinf(a)) * speed,
                paired: false,
                ..base.clone()
            };
            spawn_shot(shots, collider, shot);
        }
    }
}

/// Brass's heavy bolts beside the centre one, all straight ahead: few, slow to come (six
/// volleys a second, half Vela's rate) and hard-hitting, a lane of three from the first power
/// level so popcorn in front of him falls before it fires.
fn fire_brass_bolts(shots: &mut Slab<Shot>, collider: &mut Collider, base: &Shot, power: u8) {
    let paired_half = Vec2::new(base.half.x + 4.0, base.half.y);
    // (offset, paired) on each side of the centre.
    let sides: &[(f32, bool)] = match power {
        1 | 2 => &[(11.0, false)],
        3 => &[(11.0, true)],
        _ => &[(11.0, true), (22.0, false)],
    };
    for &(dx, paired) in sides {
        for sign in [-1.0f32, 1.0] {
            let shot = Shot {
                pos: base.pos + Vec2::new(sign * dx, 4.0),
                half: if paired { paired_half } else { base.half },
                paired,
                ..base.clone()
            };
            spawn_shot(shots, collider, shot);
        }
    }
}

/// Wren's homing orbs from the familiar beside the `ship` with every volley, one more with
/// each power level.
fn fire_wren_orbs(
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    base: &Shot,
    power: u8,
    ship: Vec2,
) {
    for n in 0..power.clamp(1, 4) {
        let sign = if n % 2 == 0 { -1.0 } else { 1.0 };
        let a = (-90.0 + sign * (30.0 + 15.0 * f32::from(n))).to_radians();
        let shot = Shot {
            kind: ShotKind::Homing,
            pos: ship + Vec2::new(sign * 12.0, 0.0),
            vel: Vec2::new(libm::cosf(a), libm::sinf(a)) * 220.0,
            half: Vec2::splat(4.0),
            paired: false,
            damage: base.damage * 0.95,
            life: 150,
            ..base.clone()
        };
        spawn_shot(shots, collider, shot);
    }
}

/// Fires `p`'s charge attack, its character's own.
pub(crate) fn fire_charge(
    p: &Player,
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    events: &mut Vec<GameEvent>,
) {
    let (i, pos, character) = (p.index, p.pos, p.character);
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
                spawn_shot(
                    shots,
                    collider,
                    Shot {
                        vel: Vec2::new(libm::cosf(a), libm::sinf(a)) * 260.0,
                        ..base.clone()
                    },
                );
            }
        }
        Character::Brass => {
            // A beam from the ship to the top of the screen that follows the ship.
            let half = Vec2::new(9.0, pos.y * 0.5);
            spawn_shot(
                shots,
                collider,
                Shot {
                    pos: Vec2::new(pos.x, pos.y * 0.5),
                    half,
                    damage: 2.0,
                    life: 75,
                    ..base
                },
            );
        }
        Character::Wren => {
            // A swarm of homing familiars.
            for n in 0..10 {
                let a = (-90.0 + (n as f32 - 4.5) * 20.0).to_radians();
                spawn_shot(
                    shots,
                    collider,
                    Shot {
                        kind: ShotKind::Homing,
                        vel: Vec2::new(libm::cosf(a), libm::sinf(a)) * 200.0,
                        half: Vec2::splat(6.0),
                        damage: 5.0,
                        life: 180,
                        ..base.clone()
                    },
                );
            }
        }
        Character::Orla | Character::Rook => fire_new_charge(shots, collider, p, &base),
    }
    events.push(GameEvent::Charge { player: i });
}

/// Costs player `i` a life; the ship reappears after a short pause, invulnerable for a while.
/// The power it loses drops as an item.
pub(crate) fn kill(
    players: &mut [Player],
    i: usize,
    arcade: ArcadeRules,
    items: &mut Slab<Item>,
    sh: &mut Shared,
) {
    let p = &mut players[i];
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
        if arcade.may_continue(p.continues_used) {
            p.continue_steps = Some(CONTINUE_STEPS);
        } else {
            p.retired = true;
        }
    }
    sh.remove_box(handle);
    sh.stats.deaths += 1;
    sh.events.push(GameEvent::Death { player: i, pos });
    sh.events.push(GameEvent::Explosion { pos, size: 1 });
    if dropped {
        items::spawn(items, sh, ItemKind::Power, pos, true);
    }
}

/// A ram: one power level (or, at level 1, one bomb), and the lost power flies out as an item.
pub(crate) fn ram(players: &mut [Player], i: usize, items: &mut Slab<Item>, sh: &mut Shared) {
    let p = &mut players[i];
    let pos = p.pos;
    if p.power > 1 {
        p.power -= 1;
        sh.stats.power_downs += 1;
        items::spawn(items, sh, ItemKind::Power, pos, true);
        sh.events.push(GameEvent::PowerDown { player: i });
    } else if p.bombs > 0 {
        p.bombs -= 1;
        sh.events.push(GameEvent::PowerDown { player: i });
    }
}
