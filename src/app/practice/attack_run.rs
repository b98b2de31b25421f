//! A boss attack played alone from PRACTICE > BOSS ATTACKS: which attack, whose tally it
//! counts toward, and the try in play, judged by the library's capture rule.

use skysweep::run::attack::{Attack, AttackTry, TryOutcome, TryStep};
use skysweep::sim::World;

#[derive(Clone, Debug)]
pub struct AttackRun {
    /// The stage's file name (`stage2.ron`).
    pub stage_file: String,
    /// The stage's own name, as its card shows it.
    pub stage_name: String,
    pub attack: Attack,
    /// Whose tally the tries count toward: the pilot and difficulty
    /// ([`tally_key`](skysweep::save::practice::attacks::tally_key)).
    pub who: String,
    try_now: AttackTry,
}

impl AttackRun {
    pub fn new(stage_file: String, stage_name: String, attack: Attack, who: String) -> AttackRun {
        AttackRun {
            try_now: AttackTry::new(attack.start),
            stage_file,
            stage_name,
            attack,
            who,
        }
    }

    /// The attack's key in the practice record.
    pub fn key(&self) -> String {
        self.attack.key(&self.stage_file)
    }

    /// A new try: the phase is played again from its start.
    pub fn restart(&mut self) {
        self.try_now = AttackTry::new(self.attack.start);
    }

    /// The step `world` just took, for the try in play.
    pub fn observe(&mut self, world: &World) -> TryStep {
        self.try_now.observe(world)
    }

    /// How the try stands if it were left now: uncaptured, after the steps it has lasted.
    pub fn left_now(&self) -> TryOutcome {
        TryOutcome {
            captured: false,
            steps: self.try_now.steps(),
        }
    }
}
