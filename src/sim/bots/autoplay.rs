//! A built-in pilot for demos, smoke tests and balance figures: it aims, dodges, collects
//! items and bombs, as well as its [`Skill`] lets it.
//!
//! It reads the world like a player reads the screen and answers with an [`Input`]; it never
//! changes the world, so an autoplayed run is as deterministic as a recorded one. The average
//! and novice pilots draw their slips (a lapse, an aiming error, a forgotten bomb) from a
//! random stream of their own, seeded from the run's seed and the player's number but apart
//! from the game's generator: the same seed gives the same run, and the pilot's draws never
//! shift the game's. The expert draws nothing.

use glam::Vec2;

use super::skill::{Skill, SkillTraits};
use crate::sim::model::clock::DT;
use crate::sim::model::input::Input;
use crate::sim::model::player::CHARGE_HOLD_STEPS;
use crate::sim::systems::pilots::MELEE_REACH;
use crate::sim::world::World;
use crate::sim::{ItemKind, PLAYFIELD};

/// The pilot's random stream's increment: one other than the game generator's keeps the two
/// streams apart even from one seed.
const SLIP_STREAM: u128 = 0x0005_eed5_c110_fb07;

#[derive(Clone, Debug)]
pub struct Bot {
    skill: Skill,
    traits: SkillTraits,
    /// Steps the shot button has been held (to release a charge attack at the right time).
    held: u32,
    /// What the pilot decided last step, which the hands keep holding through a lapse.
    last: Input,
    /// Steps left of looking away.
    lapse_left: u32,
    /// The current aiming error, pixels to the right, and steps until it is drawn again.
    aim_off: f32,
    aim_left: u32,
    /// The pilot's own random stream, for its slips.
    rng: oorandom::Rand64,
}

impl Default for Bot {
    fn default() -> Self {
        Bot::new()
    }
}

impl Bot {
    /// The expert pilot: today's autopilot.
    pub fn new() -> Self {
        Bot::with_skill(Skill::Expert, 0)
    }

    /// A pilot of `skill`, its slips drawn from `seed` (pass the run's seed and the player's
    /// number, see [`Bot::for_run`]).
    pub fn with_skill(skill: Skill, seed: u64) -> Self {
        Bot {
            skill,
            traits: skill.traits(),
            held: 0,
            last: Input::default(),
            lapse_left: 0,
            aim_off: 0.0,
            aim_left: 0,
            rng: oorandom::Rand64::new_inc(seed as u128, SLIP_STREAM),
        }
    }

    /// The pilot of `skill` for `player` in a run seeded with `seed`: each player its own slips.
    pub fn for_run(skill: Skill, seed: u64, player: usize) -> Self {
        Bot::with_skill(
            skill,
            seed.wrapping_add(player as u64).wrapping_mul(0x9e37_79b9),
        )
    }

    pub fn skill(&self) -> Skill {
        self.skill
    }

    /// A draw in `[0, 1)` from the pilot's own stream.
    fn chance(&mut self) -> f32 {
        (self.rng.rand_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// The input for `player` this step.
    pub fn decide(&mut self, world: &World, player: usize) -> Input {
        let Some(p) = world.players().get(player) else {
            return Input::default();
        };
        if p.continue_steps.is_some() {
            // Take the continue: press shot on alternate steps.
            return Input {
                shot: world.frame().is_multiple_of(2),
                ..Input::default()
            };
        }
        if !p.in_play() {
            return Input::default();
        }
        self.think(world, player)
    }

    /// What the pilot makes of the screen this step, before its reaction delay.
    fn think(&mut self, world: &World, player: usize) -> Input {
        let p = &world.players()[player];
        let t = self.traits;
        if t.lapse_chance > 0.0 {
            if self.lapse_left > 0 {
                // Looking away: the hands hold what they held, and the shot stays down.
                self.lapse_left -= 1;
                return Input {
                    bomb: false,
                    ..self.last
                };
            }
            if self.chance() < t.lapse_chance {
                self.lapse_left = t.lapse_steps;
            }
        }
        if t.aim_error_px > 0.0 {
            if self.aim_left == 0 {
                self.aim_off = (self.chance() * 2.0 - 1.0) * t.aim_error_px;
                self.aim_left = t.aim_steps;
            }
            self.aim_left -= 1;
        }
        // With a charge banked, close in under a boss's open part to strike it.
        let closing = t.uses_charge
            && p.charge >= 1.0
            && self.held > CHARGE_HOLD_STEPS
            && world.boss().is_some();
        let goal = self
            .strike_goal(world, player)
            .filter(|_| closing)
            .unwrap_or_else(|| self.goal(world, player));
        let speed = p.character.stats().speed;
        let focus_choices: &[bool] = if t.uses_focus {
            &[false, true]
        } else {
            &[false]
        };
        let mut best = (f32::MAX, Input::default(), 0.0f32);
        for &focus in focus_choices {
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
                let danger = danger(world, p.pos, v, &t);
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
            .bullets()
            .iter()
            .filter(|(_, b)| b.pos.distance(p.pos) < 60.0)
            .count();
        let blasting = world.blasts().iter().any(|(_, b)| b.player == player);
        // Against a boss, a spare bomb is worth spending when the screen fills up.
        let boss_pressure =
            t.bombs_early && world.boss().is_some() && p.bombs >= 2 && world.bullets().len() > 40;
        let cornered = p.bombs > 0
            && !blasting
            && (best.2 >= 4.0 || crowd > 30 || boss_pressure)
            && world.frame().is_multiple_of(2);
        input.bomb = cornered && (t.bomb_chance >= 1.0 || self.chance() < t.bomb_chance);
        // Fire all the time, letting go briefly after a long hold when a charge is banked:
        // at once when something is within melee reach, else as a charge attack after
        // a while (against a boss, only once closing in for a strike has taken too long).
        self.held += 1;
        let ready = t.uses_charge && p.charge >= 1.0 && self.held > CHARGE_HOLD_STEPS + 10;
        let strike = ready && world.melee_target_from(p.pos).is_some();
        let give_up = if world.boss().is_some() { 600 } else { 160 };
        let release = strike
            || (ready
                && self.held > give_up
                && (world.boss().is_some() || world.enemies().len() > 3));
        input.shot = !release;
        if release {
            self.held = 0;
        }
        self.last = input;
        input
    }

    /// Where to stand to strike the nearest open part of the boss: just below it, within
    /// reach, and never above the upper third of the screen.
    fn strike_goal(&self, world: &World, player: usize) -> Option<Vec2> {
        let p = &world.players()[player];
        let (lane_min, lane_max) = lane(world, player);
        let boss = world
            .boss()
            .and_then(|k| world.enemies().get(k).map(|e| (k, e)))?;
        let (k, e) = boss;
        let ty = &world.level().enemies[e.kind];
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
        let p = &world.players()[player];
        let home_y = PLAYFIELD.y - 56.0;
        let (lane_min, lane_max) = lane(world, player);
        let in_lane = |x: f32| x >= lane_min && x <= lane_max;
        let item = world
            .items()
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
        if let Some(pos) = item.filter(|pos| pos.distance(p.pos) < self.traits.item_reach_px) {
            return pos;
        }
        let target = world
            .enemies()
            .iter()
            .filter(|(_, e)| e.on_screen() && e.pos.y < p.pos.y - 24.0)
            .flat_map(|(k, e)| {
                let ty = &world.level().enemies[e.kind];
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
        // A pilot that aims imperfectly lines up a little to one side of its target.
        let x = target.map_or((lane_min + lane_max) * 0.5, |t| t.x + self.aim_off);
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
    let in_play: Vec<usize> = (0..world.players().len())
        .filter(|&i| world.players()[i].in_play())
        .collect();
    match in_play.iter().position(|&i| i == player) {
        Some(n) if in_play.len() > 1 => {
            let width = PLAYFIELD.x / in_play.len() as f32;
            (width * n as f32, width * (n + 1) as f32)
        }
        _ => (0.0, PLAYFIELD.x),
    }
}

/// How threatening it is to move at `vel` from `pos` for the next few steps, as a pilot with
/// traits `t` sees it: the bullets it notices, followed as far ahead as it looks.
fn danger(world: &World, pos: Vec2, vel: Vec2, t: &SkillTraits) -> f32 {
    let mut d = 0.0;
    let reach = crate::sim::model::player::HITBOX_RADIUS + t.margin_px;
    // The pilot sees bullets as they were `reaction_steps` ago: where a bullet was then, and
    // none fired since. Its own ship it knows where it is.
    let late = t.reaction_steps as u32;
    let seen_late = late as f32 * DT;
    for (_, b) in world.bullets().iter() {
        if b.age < late {
            continue;
        }
        let bv = b.velocity();
        let b_pos = b.pos - bv * seen_late;
        if b_pos.distance_squared(pos) > t.notice_px * t.notice_px {
            continue;
        }
        // The longest reach of the bullet's hitbox, whichever way a needle points.
        let r = reach + b.style.half_length();
        for step in 1..=t.horizon_steps {
            let dt = step as f32 * DT;
            let ship =
                (pos + vel * dt).clamp(Vec2::new(10.0, 14.0), PLAYFIELD - Vec2::new(10.0, 14.0));
            let rel = (b_pos + bv * dt) - ship;
            if rel.x.abs() < r && rel.y.abs() < r {
                d += 6.0 / step as f32;
                break;
            }
        }
    }
    // Rams cost power: keep clear of air enemies too.
    for (_, e) in world.enemies().iter() {
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
