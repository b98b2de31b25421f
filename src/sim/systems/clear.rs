//! Where the stage stands (playing, the tally after the boss, cleared, over) and the
//! stage-clear bonus the tally pays.

use crate::sim::model::arcade::Extends;
use crate::sim::model::events::GameEvent;
use crate::sim::model::player::{add_score, Player};

/// Where the stage stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StagePhase {
    Playing,
    /// The boss fell; the tally shows until `steps_left` runs out.
    Clearing {
        steps_left: u32,
    },
    Cleared,
    /// Every player is out of lives and their continue countdowns ran out.
    GameOver,
}

/// Points the stage-clear bonus pays for each life the players still hold when the stage
/// clears (summed over the players, then shared: see [`Tally::each`]).
pub const CLEAR_BONUS_PER_LIFE: u64 = 20_000;
/// Points the stage-clear bonus pays for each bomb the players still hold, likewise.
pub const CLEAR_BONUS_PER_BOMB: u64 = 5_000;
/// Steps the tally shows ([`StagePhase::Clearing`]) before the stage counts as cleared: 4 s.
pub const TALLY_STEPS: u32 = 4 * crate::sim::model::clock::STEP_HZ;

/// The stage-clear bonus, itemised for the tally screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub boss_bonus: u64,
    pub lives_bonus: u64,
    pub bombs_bonus: u64,
    pub total: u64,
    /// What each player is paid: the total shared equally (all of it for one player).
    pub each: u64,
}

/// The stage's phase and, once the clear began, its tally. Only the clear and the phase's
/// own step change them.
#[derive(Clone, Debug)]
pub(crate) struct Progress {
    phase: StagePhase,
    tally: Option<Tally>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            phase: StagePhase::Playing,
            tally: None,
        }
    }
}

impl Progress {
    pub fn phase(&self) -> StagePhase {
        self.phase
    }

    pub fn tally(&self) -> Option<&Tally> {
        self.tally.as_ref()
    }

    /// Starts the stage-clear tally, paying `boss_bonus` and the lives and bombs bonuses,
    /// shared among `players`.
    pub fn begin_clear(
        &mut self,
        boss_bonus: u64,
        players: &mut [Player],
        extends: Extends,
        events: &mut Vec<GameEvent>,
    ) {
        let lives: u64 = players.iter().map(|p| p.lives as u64).sum();
        let bombs: u64 = players.iter().map(|p| p.bombs as u64).sum();
        let lives_bonus = lives * CLEAR_BONUS_PER_LIFE;
        let bombs_bonus = bombs * CLEAR_BONUS_PER_BOMB;
        let total = boss_bonus + lives_bonus + bombs_bonus;
        let tally = Tally {
            boss_bonus,
            lives_bonus,
            bombs_bonus,
            total,
            each: total / players.len().max(1) as u64,
        };
        for i in 0..players.len() {
            add_score(players, i, tally.each, extends, events);
        }
        self.tally = Some(tally);
        self.phase = StagePhase::Clearing {
            steps_left: TALLY_STEPS,
        };
    }

    /// The phase's step. While playing, a stage without a boss clears once its timeline ran
    /// out (`ran_out`), and the game is over once every player is out of play; the tally
    /// counts down to the clear.
    pub fn step(
        &mut self,
        ran_out: bool,
        players: &mut [Player],
        extends: Extends,
        events: &mut Vec<GameEvent>,
    ) {
        match self.phase {
            StagePhase::Playing => {
                if ran_out {
                    self.begin_clear(0, players, extends, events);
                }
                if players.iter().all(|p| p.out_of_play()) {
                    self.phase = StagePhase::GameOver;
                    events.push(GameEvent::GameOver);
                }
            }
            StagePhase::Clearing { steps_left } => {
                self.phase = if steps_left <= 1 {
                    StagePhase::Cleared
                } else {
                    StagePhase::Clearing {
                        steps_left: steps_left - 1,
                    }
                };
                if self.phase == StagePhase::Cleared {
                    events.push(GameEvent::StageClear);
                }
            }
            StagePhase::Cleared | StagePhase::GameOver => {}
        }
    }

    /// True once the stage is over either way: a step then changes nothing but the count.
    pub fn ended(&self) -> bool {
        matches!(self.phase, StagePhase::Cleared | StagePhase::GameOver)
    }
}
