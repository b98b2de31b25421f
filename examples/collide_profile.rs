//! Runs one of the benchmark scenes for a while and prints where a frame's time goes, for
//! profiling the collider with `perf record` (criterion's harness gets in the way there).
//!
//! Each kind of frame (plain, a burst of 500 inserts, a bomb's 500 or more removals) is split
//! into the driver's calls (`remove`, `insert`, `set_aabb`, `teleport`, one per body the scene
//! touched) and the update. Beside the calls it prints how long reading the same boxes from the
//! scene takes with no call at all: that part of a frame is the benchmark driver's, and every
//! method pays it.
//!
//! `cargo run --release --example collide_profile [SCENE] [FRAMES] [METHOD]`, SCENE one of
//! `bullet_hell_10k` (the default), `sparse_1k`, `boss_burst`, `mass_clear`, `swarm_5k`,
//! `rain`, `curtain_100k`;
//! METHOD `sap` (the default) or `tree`.

use std::time::{Duration, Instant};

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
    let (mut plain, mut spawning, mut clearing) =
        (Split::default(), Split::default(), Split::default());
    for _ in 0..frames {
        let t0 = Instant::now();
        scene.step();
        let t1 = Instant::now();
        let read = read_scene(&scene);
        // The calls and the update are timed apart: together they are the benchmark's frame.
        let t2 = Instant::now();
        driven.catch_up(&scene);
        let t3 = Instant::now();
        driven.collider.update();
        let t4 = Instant::now();
        step_ns.push((t1 - t0).as_nanos() as f64);
        let split = if scene.spawned.len() >= 500 {
            &mut spawning
        } else if scene.removed.len() >= 500 {
            &mut clearing
        } else {
            &mut plain
        };
        split.push(read, t3 - t2, t4 - t3);
    }
    println!(
        "{name}, {frames} frames: scene step median {:.1} us",
        median(&mut step_ns)
    );
    for (what, split) in [
        ("plain", &mut plain),
        ("burst", &mut spawning),
        ("clear", &mut clearing),
    ] {
        if !split.frame.is_empty() {
            split.print(what);
        }
    }
    println!("last update: {}", stats(&driven.collider));
}

/// Median of nanosecond samples, in microseconds (NaN when there are none).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).map_or(f64::NAN, |m| m / 1000.0)
}

/// One kind of frame's times, in nanoseconds.
#[derive(Default)]
struct Split {
    /// The collider's frame as the benchmark times it: the calls, then the update.
    frame: Vec<f64>,
    calls: Vec<f64>,
    update: Vec<f64>,
    /// Reading every live body's box from the scene, as the driver's loop does, with no call.
    read: Vec<f64>,
}

impl Split {
    fn push(&mut self, read: Duration, calls: Duration, update: Duration) {
        let ns = |d: Duration| d.as_nanos() as f64;
        self.frame.push(ns(calls) + ns(update));
        self.calls.push(ns(calls));
        self.update.push(ns(update));
        self.read.push(ns(read));
    }

    fn print(&mut self, what: &str) {
        // On a shared machine the fastest tenth is steadier than the median for comparing builds.
        self.frame.sort_by(f64::total_cmp);
        let p10 = self
            .frame
            .get(self.frame.len() / 10)
            .map_or(f64::NAN, |m| m / 1000.0);
        println!(
            "  {} {what} frames: collider frame median {:.1} us, p10 {p10:.1} us; \
             calls {:.1} us (the scene's boxes read alone, no call: {:.1} us), update {:.1} us",
            self.frame.len(),
            median(&mut self.frame),
            median(&mut self.calls),
            median(&mut self.read),
            median(&mut self.update),
        );
    }
}

/// Reads every live body's box as [`Driven::catch_up`] does, calling nothing: roughly the share
/// of the calls that is the driver's reading of the scene (the same for every method), not the
/// collider's. Returns how long it took.
fn read_scene(scene: &Workload) -> Duration {
    let t = Instant::now();
    let mut sum = 0.0f32;
    for (id, b) in scene.live() {
        if b.born != scene.frame {
            let a = b.aabb();
            sum += a.min.x + a.max.y + id as f32 + (b.jumped == scene.frame) as u8 as f32;
        }
    }
    std::hint::black_box(sum);
    t.elapsed()
}
