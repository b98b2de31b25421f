//! Players and their shots as values: what a ship holds (lives, bombs, power, charge, score),
//! the rules' numbers, and scoring with its extra lives. Their step is `systems::players`.

use glam::Vec2;

use crate::collide::{Aabb, Handle};

use super::arcade::Extends;
use super::character::Character;
use super::events::GameEvent;

pub use super::arcade::{next_extra_life, FIRST_EXTRA_LIFE, START_LIVES};

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
pub const START_BOMBS: u32 = 3;
pub const MAX_BOMBS: u32 = 6;
pub const MAX_POWER: u8 = 4;
/// Charge gauge levels a player can bank: two charges, as in the arcade original.
pub const MAX_CHARGE: f32 = 2.0;
/// Gauge gained per enemy destroyed.
pub const CHARGE_PER_KILL: f32 = 0.12;

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
    pub strike: Option<Strike>,
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

/// A melee strike being played out: the animation only; its damage landed at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strike {
    pub steps_left: u32,
    /// Where it struck, for the picture.
    pub at: Vec2,
}

/// Where the ship nearest `from` is, among those in play.
pub(crate) fn nearest_player(players: &[Player], from: Vec2) -> Option<Vec2> {
    players
        .iter()
        .filter(|p| p.in_play())
        .map(|p| p.pos)
        .min_by(|a, b| {
            a.distance_squared(from)
                .total_cmp(&b.distance_squared(from))
        })
}

/// Adds score to player `player`, granting extra lives at the thresholds `extends` sets.
pub(crate) fn add_score(
    players: &mut [Player],
    player: usize,
    points: u64,
    extends: Extends,
    events: &mut Vec<GameEvent>,
) {
    let Some(p) = players.get_mut(player) else {
        return;
    };
    p.score += points;
    while p.score >= p.next_extra_life {
        p.lives += 1;
        p.next_extra_life = extends.next(p.next_extra_life);
        events.push(GameEvent::ExtraLife { player });
    }
}
