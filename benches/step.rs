//! The game's step at the stress test's bullet counts: one `World::update` and
//! `World::collide` of the first stage kept at 10,000 and at 100,000 enemy bullets, as
//! `--stress N` keeps them in the window. What the window's `sim step` figure measures,
//! without the window: the numbers of `docs/perf-100k.md` come from here and from the window.
//!
//! Run: `cargo bench -p skysweep-bench --bench step` (under a minute).

use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use skysweep::level::{load_stage, Catalog};
use skysweep::sim::stress::Stress;
use skysweep::sim::{Input, World};

/// The first stage as `--stress count` plays it, its bullets filled in.
fn stressed_world(count: u32) -> (World, Stress) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let catalog = Catalog::load(&root.join("assets"));
    let level = load_stage(&root.join("levels/stage1.ron"), &catalog).expect("stage 1 loads");
    Stress::invincible_world(level.into(), count)
}

fn bench_step(c: &mut Criterion) {
    let mut g = c.benchmark_group("step");
    g.warm_up_time(Duration::from_millis(1000));
    g.measurement_time(Duration::from_millis(4000));
    g.sample_size(40);
    for count in [10_000, 100_000] {
        let (mut world, mut stress) = stressed_world(count);
        let input = [Input::default()];
        // A steady screen: past the first seconds, when the oldest bullets start to expire.
        for _ in 0..120 {
            stress.top_up(&mut world);
            world.step(&input);
        }
        g.bench_function(format!("stress_{}k", count / 1000), |b| {
            b.iter(|| {
                stress.top_up(&mut world);
                world.step(&input);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench_step);
criterion_main!(benches);
