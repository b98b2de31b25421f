//! Runs the `bullet_hell_10k` benchmark scene for a while and prints where a frame's time goes,
//! for profiling the collider with `perf record` (criterion's harness gets in the way there).
//!
//! `cargo run --release --example collide_profile [FRAMES]`

use std::time::Instant;

use skysweep::collide::scenes::{Driven, Scene, SceneKind};
use skysweep::collide::{Collider, Config};

fn main() {
    let frames: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut scene = Scene::after(SceneKind::BulletHell10k, 120);
    let mut driven = Driven::new(Collider::new(Config::default()), &scene);
    let mut step_ns = Vec::with_capacity(frames);
    let mut frame_ns = Vec::with_capacity(frames);
    for _ in 0..frames {
        let t0 = Instant::now();
        scene.step();
        let t1 = Instant::now();
        driven.frame(&scene);
        step_ns.push((t1 - t0).as_nanos() as f64);
        frame_ns.push(t1.elapsed().as_nanos() as f64);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2] / 1000.0
    };
    println!("frames {frames}: scene step median {:.1} us, collider frame (moves + update) median {:.1} us", median(&mut step_ns), median(&mut frame_ns));
    println!("last update: {:?}", driven.collider.stats());
}
