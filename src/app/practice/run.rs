//! A run started from PRACTICE: the choice it plays (for RETRY, its results and the record),
//! and its count across auto-restarts: lives lost before this attempt, and the boss's time.
//! A boss attack played alone (BOSS ATTACKS) is one too, with its try beside.

use skysweep::run::attack::{TryOutcome, TryStep};
use skysweep::save::practice::PracticeResult;
use skysweep::sim::{Carry, World};

use super::attack_run::AttackRun;
use super::setup::PracticeSetup;

#[derive(Clone, Debug)]
pub struct PracticeRun {
    pub setup: PracticeSetup,
    /// Lives lost in the attempts before this one (auto-restart).
    deaths_before: u32,
    /// Steps the stage boss has been on screen in this attempt.
    boss_steps: u64,
    /// The boss attack played alone, when the run is one (BOSS ATTACKS).
    pub attack: Option<AttackRun>,
}

/// How a practice run stands after a step.
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeTally {
    /// Play on.
    Playing,
    /// Cleared or lost: the run's result.
    Ended(PracticeResult),
    /// A life was lost with AUTO-RESTART on: back to the chosen start, after this many
    /// deaths in all.
    Restart { deaths: u32 },
    /// A boss attack's phase began: a try to count.
    AttackBegan,
    /// A boss attack's try is over.
    AttackEnded(TryOutcome),
}

impl PracticeRun {
    pub fn new(setup: PracticeSetup) -> PracticeRun {
        PracticeRun {
            setup,
            deaths_before: 0,
            boss_steps: 0,
            attack: None,
        }
    }

    /// The run plays `attack` alone.
    pub fn with_attack(mut self, attack: AttackRun) -> PracticeRun {
        self.attack = Some(attack);
        self
    }

    /// Starts the run's count afresh: RETRY from the results card.
    pub fn retry(&mut self) {
        self.deaths_before = 0;
        self.boss_steps = 0;
        self.attack_restarted();
    }

    /// The stage started again from the run's start (a restart, a marker jump): a boss
    /// attack's try starts afresh with it.
    pub fn attack_restarted(&mut self) {
        if let Some(a) = &mut self.attack {
            a.restart();
        }
    }

    /// What each of `players` starts with: the chosen lives, bombs and power.
    pub fn carry(&self, players: usize) -> Vec<Carry> {
        let c = Carry {
            score: 0,
            lives: self.setup.options.lives,
            bombs: self.setup.options.bombs,
            power: self.setup.options.power,
            charge: 0.0,
            next_extra_life: skysweep::sim::model::player::FIRST_EXTRA_LIFE,
            continues_used: 0,
        };
        vec![c; players]
    }

    /// How the run stands now, `world` being its attempt in play.
    pub fn result(&self, world: &World) -> PracticeResult {
        let cleared = world.cleared();
        PracticeResult {
            cleared,
            steps: world.frame(),
            deaths: self.deaths_before + world.stats().deaths,
            boss_steps: cleared.then_some(self.boss_steps),
        }
    }

    /// Counts the step `world` just took: the boss's time, and what follows. A boss attack's
    /// run ends with its try, not with the stage.
    pub fn tally(&mut self, world: &World) -> PracticeTally {
        if let Some(a) = &mut self.attack {
            match a.observe(world) {
                TryStep::Began => return PracticeTally::AttackBegan,
                TryStep::Ended(outcome) => return PracticeTally::AttackEnded(outcome),
                TryStep::Nothing => {}
            }
            return self.restart_after_death(world);
        }
        if world.boss().is_some() {
            self.boss_steps += 1;
        }
        if world.cleared() || world.game_over() {
            return PracticeTally::Ended(self.result(world));
        }
        self.restart_after_death(world)
    }

    /// Back to the start after a death with AUTO-RESTART on; else play on.
    fn restart_after_death(&mut self, world: &World) -> PracticeTally {
        if self.setup.options.auto_restart && world.stats().deaths > 0 {
            self.deaths_before += world.stats().deaths;
            self.boss_steps = 0;
            return PracticeTally::Restart {
                deaths: self.deaths_before,
            };
        }
        PracticeTally::Playing
    }

    /// The chosen start's name: `start`, or a marker's, or the boss attack's title.
    pub fn start_name(&self) -> String {
        if let Some(a) = &self.attack {
            return a.attack.name.to_string();
        }
        self.setup
            .start_point()
            .map_or("start".into(), |p| p.0.clone())
    }
}
