//! The game's step at the stress test's bullet counts, for counting what a step reads and
//! writes with `cachegrind` (`benches/step.rs` times the same step; criterion's harness gets in
//! the way of a count).
//!
//! `cargo run --release --example step_bytes [BULLETS] [WARM] [STEPS]`: the first stage kept at
//! BULLETS enemy bullets (100,000 by default), WARM steps (120) to reach a steady screen, then
//! STEPS steps (60). Two runs under `valgrind --tool=cachegrind`, one with STEPS 0 and one
//! with 60, differ by the 60 steps alone: divide by 60 and by the bullets for a step's share
//! per bullet (`docs/perf-100k.md`, "Eighth pass").

use std::path::Path;

use skysweep::level::{load_stage, Catalog};
use skysweep::sim::stress::Stress;
use skysweep::sim::Input;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut arg = |default: u32| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
    let (count, warm, steps) = (arg(100_000), arg(120), arg(60));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = Catalog::load(&root.join("assets"));
    let level = load_stage(&root.join("levels/stage1.ron"), &catalog).expect("stage 1 loads");
    let (mut world, mut stress) = Stress::invincible_world(level.into(), count);
    let input = [Input::default()];
    for _ in 0..warm + steps {
        stress.top_up(&mut world);
        world.step(&input);
    }
    println!(
        "{} bullets after {} steps; state hash {:016x}",
        world.bullets().len(),
        warm + steps,
        world.state_hash()
    );
}
