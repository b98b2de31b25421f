//! Runs one of the benchmark scenes for a while and prints where a frame's time goes, for
//! profiling the collider with `perf record` (criterion's harness gets in the way there).
//!
//! `cargo run --release --example collide_profile [SCENE] [FRAMES] [METHOD]`, SCENE one of
//! `bullet_hell_10k` (the default), `sparse_1k`, `boss_burst`, `mass_clear`, `swarm_5k`,
//! `rain`, `curtain_100k`;
//! METHOD `sap` (the default) or `tree`.

use std::time::Instant;

use skysweep::collide::workloads::{Driven, Workload, WorkloadKind};
use skysweep::collide::{AabbTree, BroadPhase, Collider};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "bullet_hell_10k".into());
    let Some(kind) = WorkloadKind::ALL.into_iter().find(|k| k.name() == name) else {
        eprintln!("collide_profile: unknown scene '{name}'");
        std::process::exit(2);
    };
    let frames: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    match args.next().as_deref().unwrap_or("sap") {
        "sap" => run(kind, frames, Collider::new(kind.config()), |c| {
            format!("{:?}", c.stats())
        }),
        "tree" => run(kind, frames, AabbTree::new(kind.config()), |c| {
            let height = c.height().unwrap_or(0);
            let moved = c.reinserted();
            format!("{:?}, height {height}, reinserted {moved}", c.stats())
        }),
        other => {
            eprintln!("collide_profile: unknown method '{other}'");
            std::process::exit(2);
        }
    }
}

fn run<C: BroadPhase>(kind: WorkloadKind, frames: usize, collider: C, stats: fn(&C) -> String) {
    let name = kind.name();
    let mut scene = Workload::after(kind, 120);
    let mut driven = Driven::new(collider, &scene);
    let mut step_ns = Vec::with_capacity(frames);
    // Collider frames, split by what the scene's script did in them.
    let (mut plain, mut spawning, mut clearing) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..frames {
        let t0 = Instant::now();
        scene.step();
        let t1 = Instant::now();
        driven.frame(&scene);
        let ns = t1.elapsed().as_nanos() as f64;
        step_ns.push((t1 - t0).as_nanos() as f64);
        if scene.spawned.len() >= 500 {
            spawning.push(ns);
        } else if scene.removed.len() >= 500 {
            clearing.push(ns);
        } else {
            plain.push(ns);
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).map_or(f64::NAN, |m| m / 1000.0)
    };
    // On a shared machine the fastest tenth is steadier than the median for comparing builds.
    let p10 = |v: &[f64]| v.get(v.len() / 10).map_or(f64::NAN, |m| m / 1000.0);
    println!(
        "{name}, {frames} frames: scene step median {:.1} us; collider frame (moves + update) median {:.1} us, p10 {:.1} us",
        median(&mut step_ns),
        median(&mut plain),
        p10(&plain)
    );
    for (what, v) in [("burst", &mut spawning), ("clear", &mut clearing)] {
        if !v.is_empty() {
            let m = median(v);
            println!(
                "  {} {what} frames: median {m:.1} us, p10 {:.1} us",
                v.len(),
                p10(v)
            );
        }
    }
    println!("last update: {}", stats(&driven.collider));
}
