//! Arbitrary bytes as a stage: loading must never panic or hang, every error must name a
//! position, and any stage that loads must run in the simulation without panicking.
//!
//! Layout of an input: byte 0 picks the start time (0 to 255 s, so late events and bosses are
//! reached within the steps run), byte 1 the run options and the seed of the inputs, and the
//! rest is the stage's text, parsed with `levels/common.ron` as its definitions.

#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use skysweep::level::{parse_stage, Catalog, Source};
use skysweep::sim::{Character, Input, World, WorldConfig};

const COMMON: &str = include_str!("../../levels/common.ron");
/// Ten seconds of play: enough for spawns, weapons, bosses' phases and parts to interact.
const STEPS: u32 = 600;

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (start, options, text) = (data[0], data[1], &data[2..]);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let stage = Source {
        name: "fuzz.ron".into(),
        text: text.into(),
    };
    let defs = [Source {
        name: "common.ron".into(),
        text: COMMON.into(),
    }];
    // Asset names go unchecked: an input that names a real sprite should reach the simulation.
    let level = match parse_stage(&stage, &defs, &Catalog::unchecked()) {
        Ok(level) => level,
        Err(e) => {
            assert!(!e.diagnostics.is_empty());
            for d in &e.diagnostics {
                assert!(d.line >= 1 && d.col >= 1, "{d}");
            }
            let _ = e.to_string();
            return;
        }
    };
    let characters = match options & 3 {
        0 => vec![Character::Vela],
        1 => vec![Character::Brass],
        2 => vec![Character::Wren],
        _ => vec![Character::Vela, Character::Wren],
    };
    let config = WorldConfig {
        seed: u64::from(options),
        characters,
        invincible: options & 4 != 0,
        start_at: f32::from(start).min(level.length_s),
        ..WorldConfig::default()
    };
    let players = config.characters.len();
    let mut world = World::new(Arc::new(level), config);
    // A cheap generator for varied but reproducible inputs: the same input bytes, the same run.
    let mut bits = u32::from(options) | 0x9e37_0000;
    for _ in 0..STEPS {
        bits ^= bits << 13;
        bits ^= bits >> 17;
        bits ^= bits << 5;
        let inputs: Vec<Input> = (0..players)
            .map(|p| Input::from_bits((bits >> (8 * p)) as u8 | 0x10))
            .collect();
        world.step(&inputs);
        if world.cleared() || world.game_over() {
            break;
        }
    }
    let _ = world.state_hash();
});
