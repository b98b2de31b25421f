//! Where a stage's inputs come from: the players at the keys and pads, the built-in pilots,
//! or a replay's recorded steps.

use macroquad::prelude::*;

use skysweep::save::settings::ShotPulse;
use skysweep::sim::bots::autoplay::Bot;
use skysweep::sim::{Input, World};

use crate::app::ctx::Ctx;
use crate::app::services::keyboard;
use crate::app::session::replay_speed::ReplaySpeed;

pub enum InputSource {
    /// The players: keys (with the taps since the last step) and pads, each player's shot
    /// key turned into the shot bit by the shot options (auto-fire, rapid fire).
    Players([ShotPulse; 2]),
    /// The built-in pilots, one a player.
    Bots(Vec<Bot>),
    /// A replay's recorded steps for this stage, the next step's index, and how fast it plays.
    Replay {
        steps: Vec<Vec<Input>>,
        cursor: usize,
        speed: ReplaySpeed,
    },
}

impl InputSource {
    /// Recorded `steps` when a replay plays, else the bots when `bots` are given, else the
    /// players.
    pub fn new(steps: Option<Vec<Vec<Input>>>, bots: Option<Vec<Bot>>) -> InputSource {
        match (steps, bots) {
            (Some(steps), _) => InputSource::Replay {
                steps,
                cursor: 0,
                speed: ReplaySpeed::default(),
            },
            (None, Some(bots)) => InputSource::Bots(bots),
            (None, None) => InputSource::Players(Default::default()),
        }
    }

    pub fn is_replay(&self) -> bool {
        matches!(self, InputSource::Replay { .. })
    }

    /// World steps a step of the clock takes: more than one for a replay fast-forwarded.
    pub fn steps_per_step(&self) -> u32 {
        match self {
            InputSource::Replay { speed, .. } => speed.get(),
            _ => 1,
        }
    }

    /// A replay's speed (x1, x2, x4), the run's; nothing for live play.
    pub fn set_speed(&mut self, to: ReplaySpeed) {
        if let InputSource::Replay { speed, .. } = self {
            *speed = to;
        }
    }

    /// How far a replay has played and how long its stage is, with its speed.
    pub fn replay_progress(&self) -> Option<(usize, usize, ReplaySpeed)> {
        match self {
            InputSource::Replay {
                steps,
                cursor,
                speed,
            } => Some((*cursor, steps.len(), *speed)),
            _ => None,
        }
    }

    /// Each player's input for this step of `world`: recorded, decided by a bot, or read from
    /// the keys (with taps since the last step) and pads.
    pub fn read(&mut self, ctx: &mut Ctx, world: &World) -> Vec<Input> {
        (0..world.players().len())
            .map(|i| match self {
                InputSource::Replay { steps, cursor, .. } => steps
                    .get(*cursor)
                    .and_then(|v| v.get(i).copied())
                    .unwrap_or_default(),
                InputSource::Bots(bots) => bots[i].decide(world, i),
                InputSource::Players(pulse) => {
                    // A tap counts as held for the first step after it.
                    let tap = ctx.take_tap(i);
                    let keys = keyboard::read(&ctx.settings().keys[i], is_key_down).or(tap);
                    let mut input = match ctx.pad_input(i) {
                        Some(pad) => keys.or(pad),
                        None => keys,
                    };
                    // The shot options act here, on the way into the simulation, so the bit
                    // they give is what a recording keeps. A continue on offer takes the key.
                    let offered = world.players()[i].continue_steps.is_some();
                    input.shot = pulse[i].shot(ctx.settings().shot, input.shot, offered);
                    input
                }
            })
            .collect()
    }

    /// A replay moves on a step; returns the steps played of its stage.
    pub fn advance(&mut self) -> Option<usize> {
        match self {
            InputSource::Replay { cursor, .. } => {
                *cursor += 1;
                Some(*cursor)
            }
            _ => None,
        }
    }

    /// A replay's cursor goes back with a rewound world.
    pub fn rewound(&mut self, back: u64) {
        if let InputSource::Replay { cursor, .. } = self {
            *cursor -= back as usize;
        }
    }

    /// Whether a replay has played every step it recorded for this stage.
    pub fn used_up(&self) -> bool {
        matches!(self, InputSource::Replay { steps, cursor, .. } if *cursor >= steps.len())
    }
}
