//! One soak run, drawn at random: where it starts, who flies, how hard, which loop, and who
//! holds the stick (the autoplay bot or random inputs), plus the inputs themselves.

use oorandom::Rand64;

use crate::level::Difficulty;
use crate::sim::bots::autoplay::Bot;
use crate::sim::{Character, Input, World, WorldConfig};

/// Most steps one run plays (over all its stages): long enough to clear a whole stage.
pub const MAX_RUN_STEPS: u64 = 30_000;
/// Loops a run may start on (0 is the first): the game's own two and one beyond, which a
/// player reaches by clearing the second.
pub const LOOPS: u32 = 3;

/// Who plays one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pilot {
    /// The built-in autoplay bot.
    Bot,
    /// Random buttons, each combination held for a random stretch of steps.
    Random,
}

/// Everything that decides a run; the same plan plays the same run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// What the run's first stage starts from: seed, pilots, difficulty, loop, start, power.
    pub config: WorldConfig,
    /// Index of the first stage in the soak's stage list.
    pub first_stage: usize,
    /// Stages played in a row (each carried into the next) when the run clears them.
    pub stages: usize,
    /// One per player.
    pub pilots: Vec<Pilot>,
    /// Most steps played.
    pub frames: u64,
    /// Seed of the random inputs.
    pub input_seed: u64,
}

impl Plan {
    /// A run drawn from `rng` over `stage_count` stages, each of whose `(length_s, markers)`
    /// (seconds) are given in `starts`, so a run may begin at a marker or part-way in.
    pub fn draw(rng: &mut Rand64, starts: &[(f32, Vec<f32>)]) -> Plan {
        let first_stage = rng.rand_range(0..starts.len() as u64) as usize;
        let players = 1 + rng.rand_range(0..2) as usize;
        let characters = (0..players)
            .map(|_| Character::ALL[rng.rand_range(0..Character::ALL.len() as u64) as usize])
            .collect();
        let pilots = (0..players)
            .map(|_| {
                if rng.rand_range(0..2) == 0 {
                    Pilot::Bot
                } else {
                    Pilot::Random
                }
            })
            .collect();
        let (length, markers) = &starts[first_stage];
        let start_at = match rng.rand_range(0..3) {
            0 => 0.0,
            1 if !markers.is_empty() => markers[rng.rand_range(0..markers.len() as u64) as usize],
            _ => rng.rand_float() as f32 * length,
        };
        let config = WorldConfig {
            seed: rng.rand_u64(),
            characters,
            difficulty: Difficulty::ALL[rng.rand_range(0..3) as usize],
            loop_index: rng.rand_range(0..u64::from(LOOPS)) as u32,
            invincible: rng.rand_range(0..4) == 0,
            start_at,
            start_power: 1 + rng.rand_range(0..4) as u8,
            carry: Vec::new(),
            // The game's own rules: the plans a seed draws stay as they were.
            arcade: Default::default(),
            start_phase: None,
        };
        Plan {
            config,
            first_stage,
            stages: 1 + rng.rand_range(0..3) as usize,
            pilots,
            frames: rng.rand_range(60..MAX_RUN_STEPS + 1),
            input_seed: rng.rand_u64(),
        }
    }

    /// The players' hands for this plan, fresh: the same plan gives the same inputs.
    pub fn hands(&self) -> Hands {
        Hands {
            players: self
                .pilots
                .iter()
                .enumerate()
                .map(|(i, p)| match p {
                    Pilot::Bot => Hand::Bot(Bot::new()),
                    Pilot::Random => Hand::Random {
                        // Each player its own stream; never the xorshift's stuck state 0.
                        state: (self.input_seed
                            ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                            | 1,
                        held: Input::default(),
                        left: 0,
                    },
                })
                .collect(),
        }
    }
}

/// Decides every player's input, step by step.
pub struct Hands {
    players: Vec<Hand>,
}

enum Hand {
    Bot(Bot),
    Random { state: u64, held: Input, left: u32 },
}

impl Hands {
    /// Player `player`'s input for the next step of `world`.
    pub fn decide(&mut self, world: &World, player: usize) -> Input {
        match self.players.get_mut(player) {
            Some(Hand::Bot(bot)) => bot.decide(world, player),
            Some(Hand::Random { state, held, left }) => {
                if *left == 0 {
                    let bits = xorshift(state);
                    // Bombs are rare in play; pressed at random they would end every fight.
                    let bomb = if bits >> 60 == 0 { 0x20 } else { 0 };
                    *held = Input::from_bits((bits as u8 & 0x5f) | bomb);
                    *left = 1 + (bits >> 32) as u32 % 40;
                }
                *left -= 1;
                *held
            }
            None => Input::default(),
        }
    }
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts() -> Vec<(f32, Vec<f32>)> {
        vec![
            (120.0, vec![30.0, 90.0]),
            (150.0, vec![]),
            (100.0, vec![50.0]),
        ]
    }

    #[test]
    fn plans_cover_every_stage_pilot_difficulty_loop_and_two_players() {
        let mut rng = Rand64::new(7);
        let plans: Vec<Plan> = (0..300).map(|_| Plan::draw(&mut rng, &starts())).collect();
        for s in 0..3 {
            assert!(plans.iter().any(|p| p.first_stage == s), "stage {s}");
        }
        for c in Character::ALL {
            assert!(
                plans.iter().any(|p| p.config.characters.contains(&c)),
                "{c:?}"
            );
        }
        for d in Difficulty::ALL {
            assert!(plans.iter().any(|p| p.config.difficulty == d), "{d:?}");
        }
        for l in 0..LOOPS {
            assert!(plans.iter().any(|p| p.config.loop_index == l), "loop {l}");
        }
        assert!(plans.iter().any(|p| p.config.characters.len() == 2));
        assert!(plans.iter().any(|p| p.pilots.contains(&Pilot::Random)));
        assert!(plans.iter().any(|p| p.pilots.contains(&Pilot::Bot)));
        for p in &plans {
            assert_eq!(p.pilots.len(), p.config.characters.len());
            assert!((1..=4).contains(&p.config.start_power));
            assert!(p.frames <= MAX_RUN_STEPS && p.config.start_at >= 0.0);
        }
    }

    #[test]
    fn random_hands_repeat_for_the_same_plan_and_vary_over_steps() {
        let mut plan = Plan::draw(&mut Rand64::new(1), &starts());
        plan.pilots = vec![Pilot::Random, Pilot::Random];
        plan.config.characters = vec![Character::Vela, Character::Wren];
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/stage1.ron");
        let level = crate::level::load_stage(&path, &crate::level::Catalog::unchecked());
        let level = std::sync::Arc::new(level.expect("the shipped stage loads"));
        let world = World::new(level, plan.config.clone());
        let take = |mut h: Hands| -> Vec<u8> {
            (0..200)
                .flat_map(|_| [h.decide(&world, 0).to_bits(), h.decide(&world, 1).to_bits()])
                .collect()
        };
        let a = take(plan.hands());
        assert_eq!(a, take(plan.hands()));
        let distinct: std::collections::BTreeSet<u8> = a.iter().copied().collect();
        assert!(distinct.len() > 5, "{distinct:?}");
        // The two players do not mirror each other.
        assert!(a.chunks(2).any(|p| p[0] != p[1]));
    }
}
