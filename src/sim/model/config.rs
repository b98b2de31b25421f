//! How a run is set up: the world's configuration, and what a player carries from one stage
//! to the next.

use glam::Vec2;

use crate::level::Difficulty;

use super::arcade::ArcadeRules;
use super::character::Character;
use super::player::{Player, MAX_CHARGE, MAX_POWER};
use crate::sim::PLAYFIELD;

/// How a run is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldConfig {
    pub seed: u64,
    /// One character per player; two entries for two players.
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    /// 0 for the first loop; each further loop is harder.
    pub loop_index: u32,
    /// Enemy bullets and rams never cost lives or power (for level authors).
    pub invincible: bool,
    /// Stage time to start at, seconds.
    pub start_at: f32,
    /// Power level the players start with (1 to 4).
    pub start_power: u8,
    /// What each player brings from the stage before (score, lives, bombs, power, gauge);
    /// empty for a new game.
    pub carry: Vec<Carry>,
    /// Lives, extends and continues (the arcade settings); the defaults are the game's own.
    pub arcade: ArcadeRules,
    /// A boss's phase to start at (with `start_at` at the event that brings the boss in):
    /// the boss comes in already in that phase's state. `None` plays the boss from its first.
    pub start_phase: Option<PhaseStart>,
}

/// A boss's phase to start at: phase `phase` of the level's enemy type `enemy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseStart {
    pub enemy: usize,
    pub phase: usize,
}

/// A player's standing carried from one stage to the next.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub score: u64,
    pub lives: u32,
    pub bombs: u32,
    pub power: u8,
    pub charge: f32,
    pub next_extra_life: u64,
    /// Continues taken so far in the run, which the arcade settings may limit.
    pub continues_used: u32,
}

impl Carry {
    /// What `p` takes into the next stage.
    pub fn of(p: &Player) -> Carry {
        Carry {
            score: p.score,
            lives: p.lives,
            bombs: p.bombs,
            power: p.power,
            charge: p.charge,
            next_extra_life: p.next_extra_life,
            continues_used: p.continues_used,
        }
    }
}

impl WorldConfig {
    /// Player `i` of `count` as the run sets it up: its pilot, where it starts, and what it
    /// brings from the stage before.
    pub(crate) fn player(&self, i: usize, count: usize) -> Player {
        let character = self.characters.get(i).copied().unwrap_or(Character::Vela);
        let x = if count == 1 {
            PLAYFIELD.x * 0.5
        } else {
            PLAYFIELD.x * (0.3 + 0.4 * i as f32)
        };
        let at = Vec2::new(x, PLAYFIELD.y - 40.0);
        let mut player = Player::new(i, character, at, self.start_power);
        player.lives = self.arcade.lives;
        player.next_extra_life = self.arcade.extends.first();
        if let Some(c) = self.carry.get(i) {
            player.score = c.score;
            player.lives = c.lives;
            player.bombs = c.bombs;
            player.power = c.power.clamp(1, MAX_POWER);
            player.charge = c.charge.clamp(0.0, MAX_CHARGE);
            player.next_extra_life = c.next_extra_life;
            player.continues_used = c.continues_used;
            // A player who was out of the game stays out.
            player.retired = c.lives == 0;
        }
        player
    }
}

impl Default for WorldConfig {
    fn default() -> Self {
        Self {
            seed: 1,
            characters: vec![Character::Vela],
            difficulty: Difficulty::Normal,
            loop_index: 0,
            invincible: false,
            start_at: 0.0,
            start_power: 1,
            carry: Vec::new(),
            arcade: ArcadeRules::default(),
            start_phase: None,
        }
    }
}
