//! Lists every stretch of over 2.5 s with no enemy on screen in a full autoplay run of a stage:
//! where a level author fills the timeline. `cargo run --release --example gaps -- levels/stage1.ron`
use skysweep::sim::autoplay::Bot;
use skysweep::sim::{Character, StagePhase, World, WorldConfig};
use std::sync::Arc;

fn main() {
    let catalog = skysweep::level::Catalog::load("assets".as_ref());
    for path in std::env::args().skip(1) {
        let level = Arc::new(skysweep::level::load_stage(path.as_ref(), &catalog).expect("loads"));
        for c in Character::ALL {
            for seed in 1..=3 {
                let config = WorldConfig {
                    seed,
                    characters: vec![c],
                    invincible: true,
                    ..WorldConfig::default()
                };
                let mut w = World::new(level.clone(), config);
                let mut bot = Bot::new();
                let (mut quiet, mut from) = (0u32, 0.0f32);
                while !w.cleared() && w.frame < 60 * 60 * 8 {
                    let input = bot.decide(&w, 0);
                    w.step(&[input]);
                    let counted = w.frame > 180 && w.phase == StagePhase::Playing;
                    if counted && !w.enemies.iter().any(|(_, e)| e.on_screen()) {
                        if quiet == 0 {
                            from = w.stage_time;
                        }
                        quiet += 1;
                    } else {
                        if quiet > 150 {
                            println!(
                                "{path} {c:?} seed {seed}: {:.1} s quiet from {from:.1}",
                                quiet as f32 / 60.0
                            );
                        }
                        quiet = 0;
                    }
                }
            }
        }
    }
}
