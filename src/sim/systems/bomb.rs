//! What each pilot's bomb hurts. Every bomb clears the bullets on screen and keeps its pilot
//! safe for the same [`BOMB_GUARD_STEPS`]; where the damage goes is the pilot's own:
//!
//! - Vela: a wind storm, a band of gusts sweeping across the screen and back.
//! - Brass: a heavy steam blast, a ring that bursts out from the ship across the screen.
//! - Wren: a magic circle over the whole screen that turns the bullets it clears into coins.
//! - Orla: the lighthouse sweep, two beams from her lamp turning one and a half times.
//! - Rook: the scrap barrage, the pods flying up and dropping scrap that bursts where it lands.

use std::f32::consts::{PI, TAU};

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Handle};

use super::shared::Shared;
use crate::sim::layers::GameLayer;
use crate::sim::model::character::Character;
use crate::sim::model::events::GameEvent;
use crate::sim::model::owner::Owner;
use crate::sim::model::player::Player;
use crate::sim::PLAYFIELD;

/// Steps every bomb clears bullets and keeps its pilot invulnerable, whoever bombed.
pub const BOMB_GUARD_STEPS: u32 = 120;
/// Half the width of Vela's band of gusts.
pub const GALE_HALF_WIDTH: f32 = 48.0;
/// Steps Brass's blast ring takes to cross the screen; it hurts only while it grows.
pub const STEAM_STEPS: u32 = 60;
/// Half the angle each of Orla's beams covers, radians.
pub const BEAM_HALF_ANGLE: f32 = 0.22;
/// Turns Orla's beams make over the bomb.
pub const BEAM_TURNS: f32 = 1.5;
/// Pieces of scrap Rook's pods drop.
pub const SCRAP_PIECES: usize = 24;
/// Columns of the carpet the scrap falls in.
pub const SCRAP_COLUMNS: usize = 6;
/// Radius of the burst where a piece of scrap lands.
pub const SCRAP_RADIUS: f32 = 28.0;
/// Steps a piece of scrap takes to fall from the top to where it lands.
pub const SCRAP_FALL_STEPS: u32 = 24;

/// One piece of Rook's scrap: where and when (a step of the blast's life) it lands.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scrap {
    pub x: f32,
    pub land_y: f32,
    pub land_step: u32,
    /// Which of the four scrap pictures it is.
    pub look: u8,
}

impl Scrap {
    /// Where the piece is `age` steps into the blast: falling from above the top, `None`
    /// before it starts falling and after it has landed.
    pub fn falling_at(&self, age: u32) -> Option<Vec2> {
        let start = self.land_step.saturating_sub(SCRAP_FALL_STEPS);
        if age < start || age >= self.land_step {
            return None;
        }
        let t = (age - start) as f32 / SCRAP_FALL_STEPS as f32;
        Some(Vec2::new(self.x, -16.0 + (self.land_y + 16.0) * t))
    }
}

/// Rook's whole barrage; every piece is landed (and harmless) for the other pilots.
pub type ScrapFall = [Scrap; SCRAP_PIECES];

/// Steps between damage ticks while a bomb reaches an enemy: Orla's beams pass over in a
/// few steps, so they tick faster (and softer) than the rest.
pub fn tick_steps(c: Character) -> u64 {
    if c == Character::Orla {
        3
    } else {
        10
    }
}

/// A bomb's blast: one box over the whole playfield on the bomb-blast layer. The box clears
/// bullets for the same time whoever bombed; what it hurts is each pilot's own (see above).
#[derive(Clone, Debug)]
pub struct Blast {
    pub player: usize,
    pub character: Character,
    pub steps_left: u32,
    pub total_steps: u32,
    pub damage: f32,
    /// Where the ship was when the bomb went off.
    pub origin: Vec2,
    /// Rook's falling scrap; empty (all landed) for the other pilots.
    pub scrap: ScrapFall,
    pub(crate) handle: Handle,
}

/// Steps since the blast went off.
pub fn age(b: &Blast) -> u32 {
    b.total_steps.saturating_sub(b.steps_left)
}

/// The x of the middle of Vela's band of gusts `age` steps in: across the screen and back.
pub fn gale_x(age: u32, total: u32) -> f32 {
    let t = age as f32 / total.max(1) as f32;
    let u = (t * 2.0) % 2.0;
    let there = if u < 1.0 { u } else { 2.0 - u };
    -GALE_HALF_WIDTH + there * (PLAYFIELD.x + 2.0 * GALE_HALF_WIDTH)
}

/// The radius of Brass's steam ring `age` steps in.
pub fn steam_radius(age: u32) -> f32 {
    40.0 + age.min(STEAM_STEPS) as f32 * 6.0
}

/// The heading of Orla's first beam `age` steps in, radians from straight up (positive to
/// the right); the second is opposite. They start level, pointing left and right.
pub fn beam_angle(age: u32, total: u32) -> f32 {
    let t = age as f32 / total.max(1) as f32;
    -PI * 0.5 + t * BEAM_TURNS * TAU
}

/// True when `to` (from the lamp) lies within either of Orla's beams at `angle`.
pub fn in_beam(angle: f32, to: Vec2) -> bool {
    let at = libm::atan2f(to.x, -to.y);
    // The beams are opposite: fold the difference onto half a turn.
    let d = (at - angle).rem_euclid(PI);
    d.min(PI - d) <= BEAM_HALF_ANGLE
}

/// Where a bomb's damage reaches this step: true when `b` hurts a part at `pos`. `players`
/// says where Orla's lamp is.
pub(crate) fn reaches(b: &Blast, players: &[Player], pos: Vec2) -> bool {
    let age = age(b);
    match b.character {
        Character::Vela => (pos.x - gale_x(age, b.total_steps)).abs() <= GALE_HALF_WIDTH,
        Character::Brass => age < STEAM_STEPS && pos.distance(b.origin) <= steam_radius(age),
        Character::Wren => true,
        Character::Orla => in_beam(beam_angle(age, b.total_steps), pos - lamp(b, players)),
        // The scrap hurts where it lands, in `Harm::land_scrap`.
        Character::Rook => false,
    }
}

/// True while `b` still clears bullets: the same time for every pilot.
pub(crate) fn clears(b: &Blast) -> bool {
    age(b) < BOMB_GUARD_STEPS
}

/// Where Orla's lamp is: on her ship while it flies, else where she bombed.
pub fn lamp(b: &Blast, players: &[Player]) -> Vec2 {
    players
        .get(b.player)
        .filter(|p| p.in_play())
        .map_or(b.origin, |p| p.pos)
}

/// Player `i` bombs: a bomb spent, the guard time, and a blast over the playfield.
pub(crate) fn fire(blasts: &mut Slab<Blast>, players: &mut [Player], i: usize, sh: &mut Shared) {
    let stats = players[i].character.stats();
    let character = players[i].character;
    let origin = players[i].pos;
    players[i].bombs -= 1;
    // Every pilot's bomb protects for the same time, whatever its own effect lasts.
    players[i].invulnerable = players[i].invulnerable.max(BOMB_GUARD_STEPS);
    let scrap = if character == Character::Rook {
        drop_scrap(sh)
    } else {
        Default::default()
    };
    sh.stats.bombs_used += 1;
    let entry = blasts.vacant_entry();
    let key = entry.key();
    let desc = BoxDesc::new(
        Aabb::new(Vec2::ZERO, PLAYFIELD),
        Owner::Blast(key).encode(),
        GameLayer::BombBlast,
    );
    if let Ok(handle) = sh.collider.insert(desc) {
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
    sh.events.push(GameEvent::Bomb { player: i });
}

/// Draws where and when each piece of Rook's scrap lands: a carpet of [`SCRAP_COLUMNS`]
/// by four cells over the upper two thirds of the screen, one piece jittered within each
/// cell, so the bursts leave no gap an enemy could sit in; dropped row by row from the
/// top after the pods have flown up.
fn drop_scrap(sh: &mut Shared) -> ScrapFall {
    let mut fall = ScrapFall::default();
    let rows = (SCRAP_PIECES / SCRAP_COLUMNS) as f32;
    let cell = Vec2::new(
        PLAYFIELD.x / SCRAP_COLUMNS as f32,
        PLAYFIELD.y * 0.66 / rows,
    );
    for (n, s) in fall.iter_mut().enumerate() {
        let (col, row) = ((n % SCRAP_COLUMNS) as f32, (n / SCRAP_COLUMNS) as f32);
        let x = (col + 0.35 + sh.rand_f32() * 0.3) * cell.x;
        let land_y = 30.0 + (row + 0.35 + sh.rand_f32() * 0.3) * cell.y;
        *s = Scrap {
            x,
            land_y,
            land_step: 30 + n as u32 * 4,
            look: (n % 4) as u8,
        };
    }
    fall
}

/// The pieces of Rook's scrap landing this step, as (blast key, where, damage, player), in
/// blast key and piece order. Call before [`count_down`]: a landing is matched against the
/// step about to begin.
pub(crate) fn landings(blasts: &Slab<Blast>) -> impl Iterator<Item = (Vec2, f32, usize)> + '_ {
    (0..blasts.capacity())
        .filter_map(|k| blasts.get(k))
        .filter(|b| b.character == Character::Rook)
        .flat_map(|b| {
            let age = age(b);
            b.scrap
                .iter()
                .filter(move |s| s.land_step == age)
                .map(move |s| (Vec2::new(s.x, s.land_y), b.damage, b.player))
        })
}

/// Counts every blast down a step; those that ran out leave with their boxes. `done` is
/// scratch, empty between calls.
pub(crate) fn count_down(
    blasts: &mut Slab<Blast>,
    collider: &mut Collider,
    done: &mut Vec<(usize, Handle)>,
) {
    for (k, b) in blasts.iter_mut() {
        b.steps_left = b.steps_left.saturating_sub(1);
        if b.steps_left == 0 {
            done.push((k, b.handle));
        }
    }
    for (k, h) in done.drain(..) {
        blasts.remove(k);
        let _ = collider.remove(h);
    }
}
