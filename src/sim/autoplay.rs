//! A built-in pilot for demos and smoke tests: it aims, dodges, collects items and bombs.
//!
//! It reads the world like a player reads the screen and answers with an [`Input`]; it never
//! changes the world, so an autoplayed run is as deterministic as a recorded one.

use glam::Vec2;

use super::clock::DT;
use super::input::Input;
use super::pilots::MELEE_REACH;
use super::player::CHARGE_HOLD_STEPS;
use super::world::World;
use super::{ItemKind, PLAYFIELD};

/// How far ahead, in steps, the pilot looks for bullets.
const HORIZON: u32 = 12;
/// Bullets farther than this are ignored.
const NEAR: f32 = 110.0;

#[derive(Clone, Debug, Default)]
pub struct Bot {
    /// Steps the shot button has been held (to release a charge attack at the right time).
    held: u32,
}

impl Bot {
    pub fn new() -> Self {
        Self::default()
    }

    /// The input for `player` this step.
    pub fn decide(&mut self, world: &World, player: usize) -> Input {
        let Some(p) = world.players.get(player) else {
            return Input::default();
        };
        if p.continue_steps.is_some() {
            // Take the continue: press shot on alternate steps.
            return Input {
                shot: world.frame.is_multiple_of(2),
                ..Input::default()
            };
        }
        if !p.in_play() {
            return Input::default();
        }
        // With a charge banked, close in under a boss's open part to strike it.
        let closing = p.charge >= 1.0 && self.held > CHARGE_HOLD_STEPS && world.boss.is_some();
        let goal = self
            .strike_goal(world, player)
            .filter(|_| closing)
            .unwrap_or_else(|| self.goal(world, player));
        let speed = p.character.stats().speed;
        let mut best = (f32::MAX, Input::default(), 0.0f32);
        for focus in [false, true] {
            for (dx, dy) in [
                (0, 0),
                (-1, 0),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (1, -1),
                (-1, 1),
                (1, 1),
            ] {
                let input = Input {
                    left: dx < 0,
                    right: dx > 0,
                    up: dy < 0,
                    down: dy > 0,
                    focus,
                    ..Input::default()
                };
                let v = input.direction() * if focus { speed * 0.5 } else { speed };
                let danger = danger(world, p.pos, v);
                let end = (p.pos + v * DT * 6.0)
                    .clamp(Vec2::new(10.0, 14.0), PLAYFIELD - Vec2::new(10.0, 14.0));
                let cost = danger * 1000.0 + end.distance(goal) + if focus { 0.5 } else { 0.0 };
                if cost < best.0 {
                    best = (cost, input, danger);
                }
            }
        }
        let mut input = best.1;
        // Bomb when every way out is about to be hit, or when the screen is thick with bullets.
        let crowd = world
            .bullets
            .iter()
            .filter(|(_, b)| b.pos.distance(p.pos) < 60.0)
            .count();
        let blasting = world.blasts.iter().any(|(_, b)| b.player == player);
        // Against a boss, a spare bomb is worth spending when the screen fills up.
        let boss_pressure = world.boss.is_some() && p.bombs >= 2 && world.bullets.len() > 40;
        input.bomb = p.bombs > 0
            && !blasting
            && (best.2 >= 4.0 || crowd > 30 || boss_pressure)
            && world.frame.is_multiple_of(2);
        // Fire all the time, letting go briefly after a long hold when a charge is banked:
        // at once when something is within melee reach, else as a charge attack after
        // a while (against a boss, only once closing in for a strike has taken too long).
        self.held += 1;
        let ready = p.charge >= 1.0 && self.held > CHARGE_HOLD_STEPS + 10;
        let strike = ready && world.melee_target_from(p.pos).is_some();
        let give_up = if world.boss.is_some() { 600 } else { 160 };
        let release = strike
            || (ready && self.held > give_up && (world.boss.is_some() || world.enemies.len() > 3));
        input.shot = !release;
        if release {
            self.held = 0;
        }
        input
    }

    /// Where to stand to strike the nearest open part of the boss: just below it, within
    /// reach, and never above the upper third of the screen.
    fn strike_goal(&self, world: &World, player: usize) -> Option<Vec2> {
        let p = &world.players[player];
        let (lane_min, lane_max) = lane(world, player);
        let boss = world
            .boss
            .and_then(|k| world.enemies.get(k).map(|e| (k, e)))?;
        let (k, e) = boss;
        let ty = &world.level.enemies[e.kind];
        (0..e.parts.len())
            .filter(|&pi| world.part_open(k, pi))
            .map(|pi| {
                let at = world.part_pos(k, pi);
                let below = at.y + ty.parts[pi].half.y + MELEE_REACH * 0.5;
                Vec2::new(at.x, below.max(PLAYFIELD.y * 0.3))
            })
            .filter(|g| g.x >= lane_min && g.x <= lane_max && g.y < PLAYFIELD.y - 20.0)
            .min_by(|a, b| {
                a.distance_squared(p.pos)
                    .total_cmp(&b.distance_squared(p.pos))
            })
    }

    /// Where the pilot wants to be: under a target, or on an item, within its lane.
    fn goal(&self, world: &World, player: usize) -> Vec2 {
        let p = &world.players[player];
        let home_y = PLAYFIELD.y - 56.0;
        let (lane_min, lane_max) = lane(world, player);
        let in_lane = |x: f32| x >= lane_min && x <= lane_max;
        let item = world
            .items
            .iter()
            .filter(|(_, i)| {
                i.kind != ItemKind::ScoreCoin
                    && i.pos.y > 100.0
                    && i.pos.y < PLAYFIELD.y - 8.0
                    && in_lane(i.pos.x)
            })
            .map(|(_, i)| i.pos)
            .min_by(|a, b| {
                a.distance_squared(p.pos)
                    .total_cmp(&b.distance_squared(p.pos))
            });
        if let Some(pos) = item.filter(|pos| pos.distance(p.pos) < 120.0) {
            return pos;
        }
        let target = world
            .enemies
            .iter()
            .filter(|(_, e)| e.on_screen() && e.pos.y < p.pos.y - 24.0)
            .flat_map(|(k, e)| {
                let ty = &world.level.enemies[e.kind];
                (0..e.parts.len())
                    .filter(move |&pi| e.part_open(ty, pi))
                    .map(move |pi| (k, pi))
            })
            .map(|(k, pi)| world.part_pos(k, pi))
            // Prefer targets in the lane, then straight ahead, then close ones.
            .min_by(|a, b| {
                let score = |t: &Vec2| {
                    let away = if in_lane(t.x) { 0.0 } else { 400.0 };
                    away + (t.x - p.pos.x).abs() * 2.0 + (p.pos.y - t.y) * 0.3
                };
                score(a).total_cmp(&score(b))
            });
        let x = target.map_or((lane_min + lane_max) * 0.5, |t| t.x);
        // Inset from the lane's edges, so two pilots never meet on the line between lanes.
        let inset = LANE_INSET.min((lane_max - lane_min) * 0.5);
        Vec2::new(x.clamp(lane_min + inset, lane_max - inset), home_y)
    }
}

/// How far a pilot keeps inside its lane's edges, pixels.
const LANE_INSET: f32 = 14.0;

/// The stretch of x `player` works in: the whole playfield alone, or its own half (player 1
/// the left, player 2 the right) while both are in play, so two autoplayed ships never sit on
/// one spot with one hidden under the other.
fn lane(world: &World, player: usize) -> (f32, f32) {
    let in_play: Vec<usize> = (0..world.players.len())
        .filter(|&i| world.players[i].in_play())
        .collect();
    match in_play.iter().position(|&i| i == player) {
        Some(n) if in_play.len() > 1 => {
            let width = PLAYFIELD.x / in_play.len() as f32;
            (width * n as f32, width * (n + 1) as f32)
        }
        _ => (0.0, PLAYFIELD.x),
    }
}

/// How threatening it is to move at `vel` from `pos` for the next few steps.
fn danger(world: &World, pos: Vec2, vel: Vec2) -> f32 {
    let mut d = 0.0;
    let reach = super::player::HITBOX_RADIUS + 3.0;
    for (_, b) in world.bullets.iter() {
        if b.pos.distance_squared(pos) > NEAR * NEAR {
            continue;
        }
        let bv = b.velocity();
        // The longest reach of the bullet's hitbox, whichever way a needle points.
        let r = reach + b.style.half_length();
        for t in 1..=HORIZON {
            let dt = t as f32 * DT;
            let ship =
                (pos + vel * dt).clamp(Vec2::new(10.0, 14.0), PLAYFIELD - Vec2::new(10.0, 14.0));
            let rel = (b.pos + bv * dt) - ship;
            if rel.x.abs() < r && rel.y.abs() < r {
                d += 6.0 / t as f32;
                break;
            }
        }
    }
    // Rams cost power: keep clear of air enemies too.
    for (_, e) in world.enemies.iter() {
        if e.ground || e.pos.distance_squared(pos) > 60.0 * 60.0 {
            continue;
        }
        let ship = pos + vel * DT * 8.0;
        if (e.pos - ship).length() < 22.0 {
            d += 2.0;
        }
    }
    d
}
