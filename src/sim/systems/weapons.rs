//! Enemy weapons firing: turrets turning towards the nearest ship, cooldowns and volleys, and
//! a volley's pattern (all described by level data) turned into bullets, as the difficulty
//! and loop scale it.

use glam::Vec2;
use slab::Slab;

use crate::collide::Collider;
use crate::level::{limits, Difficulty, Level, Pattern, PatternKind};

use super::bullets::{self, Bullets};
use super::shared::rand_f32;
use crate::sim::model::bullet::Bullet;
use crate::sim::model::clock::DT;
use crate::sim::model::enemy::{active_weapons, part_pos, Enemy, WeaponState};
use crate::sim::model::player::{nearest_player, Player};

/// The arc, degrees, of the fan a lone aimed bullet becomes on Hard.
const AIMED_FAN_DEG: f32 = 24.0;

/// What the enemies' step reads and changes beyond their own table: the level and the run's
/// difficulty and loop, the stage clock, the ships they aim at, the bullets they fire, the
/// collider their boxes live in and the game's random draws.
pub(crate) struct Battle<'a> {
    pub level: &'a Level,
    pub difficulty: Difficulty,
    pub loop_index: u32,
    pub stage_time: f32,
    pub players: &'a [Player],
    pub bullets: &'a mut Bullets,
    pub collider: &'a mut Collider,
    pub rng: &'a mut oorandom::Rand64,
    /// The run's count of enemy bullets fired, which every bullet spawned here adds to.
    pub fired: &'a mut u64,
}

/// Steps every weapon of enemy `k` that is active in its phase: turrets turn, cooldowns
/// and volleys count down, and a volley due fires when a ship is there to aim at.
pub(crate) fn fire_weapons(b: &mut Battle, enemies: &mut Slab<Enemy>, k: usize) {
    // The level is shared: holding it lets the weapons be read while the world changes.
    let level = b.level;
    let e = &enemies[k];
    let weapons = active_weapons(&level.enemies[e.kind], e.boss_phase);
    let interval_f = b.difficulty.fire_interval_factor();
    // The stage's opening is quiet on Easy: a volley due then is skipped, not saved up.
    let holding = b.stage_time < b.difficulty.opening_hold_s();
    for (wi, w) in weapons.iter().enumerate() {
        let silenced = w.from.is_some_and(|p| enemies[k].parts[p].destroyed);
        if silenced || wi >= enemies[k].weapons.len() {
            continue;
        }
        let muzzle = w
            .from
            .map_or(enemies[k].pos, |p| part_pos(enemies, level, k, p))
            + w.offset;
        let target = nearest_player(b.players, muzzle);
        // Turrets turn towards the player at their own rate.
        if let (Some(rate), Some(t)) = (w.turn_deg_s, target) {
            let want = (t - muzzle).to_angle().to_degrees();
            let st = &mut enemies[k].weapons[wi];
            let diff = (want - st.aim_deg + 540.0).rem_euclid(360.0) - 180.0;
            st.aim_deg += diff.clamp(-rate * DT, rate * DT);
        }
        let pattern_i = enemies[k].pattern_override.unwrap_or(w.pattern);
        let volleys = volleys_of(&level.patterns[pattern_i], b.difficulty, b.loop_index);
        let st = &mut enemies[k].weapons[wi];
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
            let turn = match enemies[k].mirror {
                true => -w.angle_deg,
                false => w.angle_deg,
            };
            let aim = Aim {
                pattern_i,
                muzzle,
                turret: w.turn_deg_s.is_some(),
                turn_deg: turn,
            };
            fire_volley_of(b, &mut enemies[k].weapons[wi], aim);
        } else if fire_volley {
            enemies[k].weapons[wi].volleys_left = 0;
        }
    }
}

/// How many volleys one firing of `p` makes at `difficulty` on loop `loop_index`. A spiral's
/// arms are few (two to five), so the difficulty's density changes how long it turns rather
/// than how many arms it has: rounding 0.7 of two arms would halve it, and a spiral with a
/// different number of arms is a different pattern to read.
fn volleys_of(p: &Pattern, difficulty: Difficulty, loop_index: u32) -> u32 {
    if p.kind != PatternKind::Spiral {
        return p.volleys;
    }
    let (_, density) = difficulty.factors(loop_index);
    ((p.volleys as f32 * density).round() as u32).max(1)
}

/// Where and how one volley is fired: pattern `pattern_i` from `muzzle`, by a turret or not,
/// turned by `turn_deg` degrees.
struct Aim {
    pattern_i: usize,
    muzzle: Vec2,
    turret: bool,
    turn_deg: f32,
}

/// Fires one volley of `aim`'s pattern for the weapon whose timers are `st`.
fn fire_volley_of(b: &mut Battle, st: &mut WeaponState, aim: Aim) {
    let Aim {
        pattern_i,
        muzzle,
        turret,
        turn_deg,
    } = aim;
    let level = b.level;
    let p = &level.patterns[pattern_i];
    let (speed_f, density_f) = b.difficulty.factors(b.loop_index);
    let fan = b.difficulty.aimed_fan();
    let aim = match nearest_player(b.players, muzzle) {
        Some(t) if !turret => (t - muzzle).to_angle().to_degrees(),
        _ => st.aim_deg,
    };
    let volley = st.volley_index;
    st.volley_index += 1;
    st.volleys_left = st.volleys_left.saturating_sub(1);
    st.volley_timer = (p.volley_interval_s / DT).round().max(1.0) as u32;
    // A pair stays a pair: thinning two bullets to one turns a fan into an aimed shot.
    let scaled = |n: u32| {
        ((n as f32 * density_f).round() as u32).clamp(n.min(2), limits::MAX_BULLETS_PER_VOLLEY)
    };
    let (count, base, arc, full_circle) = match p.kind {
        // Hard turns a lone aimed bullet into a fan around the aimed line.
        PatternKind::Aimed if p.count == 1 && fan > 1 => (fan, aim, AIMED_FAN_DEG, false),
        // An aimed fan thins and thickens with the difficulty as a spread does.
        PatternKind::Aimed if p.count > 1 => (scaled(p.count), aim, p.spread_deg, false),
        PatternKind::Aimed | PatternKind::Stream => (p.count, aim, p.spread_deg, false),
        PatternKind::Spread => (
            scaled(p.count),
            if turret { aim } else { p.angle_deg },
            p.spread_deg,
            false,
        ),
        PatternKind::Ring => (
            scaled(p.count),
            p.angle_deg + p.spin_deg * volley as f32,
            360.0,
            true,
        ),
        PatternKind::Spiral => {
            st.spin_deg = (st.spin_deg + p.spin_deg).rem_euclid(360.0);
            (p.count, p.angle_deg + st.spin_deg, 360.0, true)
        }
        PatternKind::Burst => (scaled(p.count), p.angle_deg, 360.0, true),
    };
    // Only a turned weapon adds: `x + 0.0` would turn a heading of -0.0 into 0.0.
    let base = if turn_deg != 0.0 {
        base + turn_deg
    } else {
        base
    };
    for n in 0..count {
        if b.bullets.len() >= level.max_bullets {
            break;
        }
        let mut heading = if full_circle {
            base + 360.0 * n as f32 / count as f32
        } else if count > 1 {
            base - arc * 0.5 + arc * n as f32 / (count - 1) as f32
        } else {
            base
        };
        let mut speed = p.speed;
        if p.kind == PatternKind::Burst {
            heading += (rand_f32(b.rng) - 0.5) * 360.0 / count as f32;
            speed += rand_f32(b.rng) * p.speed_spread;
        }
        *b.fired += 1;
        bullets::spawn(
            b.bullets,
            b.collider,
            Bullet::new(
                muzzle,
                speed * speed_f,
                heading,
                p.accel * speed_f,
                p.ang_vel_deg,
                p.bullet,
            ),
        );
    }
}
