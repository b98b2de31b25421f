//! Broad-phase benchmark: the sweep-and-prune against its peers on the same scripted scenes.
//!
//! Every timed iteration is one game frame of the method: it is brought up to date with the
//! scene's moves, spawns and removals, and all current pairs are found. The scene's own step
//! (moving every body, respawning bullets that leave the field) runs between timings, untimed. Ids are
//! `group = scene name`, `function = method name`. Before timing, every method's pairs are
//! checked against the sweep-and-prune's on a few frames of the scene.
//!
//! Run: `cargo bench --bench collide` (a few minutes; measurement times are kept short).

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use skysweep::collide::workloads::layers::{shooter_map, AIR_ENEMY, GROUND_ENEMY, PLAYER_SHOT};
use skysweep::collide::workloads::{normalize, Driven, Workload, WorkloadKind};
use skysweep::collide::{
    Aabb, AabbTree, BroadPhase, BruteForce, Collider, CollisionMap, Layer, LayerMask,
};

/// A contender driven by a scene, one frame at a time. Our three broad phases come in through
/// [`BroadPhase`] (one generic impl below, statically dispatched within a frame); the peers,
/// which rebuild from the scene each frame and have no handles, implement this directly.
pub trait Method {
    fn frame(&mut self, scene: &Workload);
    /// Current pairs as sorted, ordered scene-id pairs.
    fn pairs(&self) -> Vec<(u32, u32)>;
    /// True for methods that rebuild everything from the scene each frame: a frame of theirs
    /// does not depend on the frames before it.
    fn stateless(&self) -> bool {
        false
    }
}

/// A peer that rebuilds everything from the scene each frame, pushing the pairs it finds onto
/// `found` in any order; [`Rebuilt`] makes one a [`Method`].
pub trait Rebuilds: Default {
    /// Finds the pairs of `scene`'s boxes whose layers meet in `map`.
    fn rebuild(&mut self, map: &CollisionMap, scene: &Workload, found: &mut Vec<(u32, u32)>);
}

/// A [`Rebuilds`] peer, the collision map it tests with, and the pairs of its last frame.
pub struct Rebuilt<P> {
    peer: P,
    map: CollisionMap,
    found: Vec<(u32, u32)>,
}

impl<P: Rebuilds> Rebuilt<P> {
    pub fn new(map: CollisionMap) -> Self {
        Rebuilt {
            peer: P::default(),
            map,
            found: Vec::new(),
        }
    }
}

impl<P: Rebuilds> Method for Rebuilt<P> {
    fn stateless(&self) -> bool {
        true
    }

    fn frame(&mut self, scene: &Workload) {
        self.found.clear();
        self.peer.rebuild(&self.map, scene, &mut self.found);
    }

    fn pairs(&self) -> Vec<(u32, u32)> {
        let mut v = self.found.clone();
        normalize(&mut v);
        v
    }
}

impl<C: BroadPhase> Method for Driven<C> {
    fn frame(&mut self, scene: &Workload) {
        Driven::frame(self, scene);
    }
    fn pairs(&self) -> Vec<(u32, u32)> {
        Driven::<C>::pairs(self)
    }
}

/// `sap` plus reading every event the update reported, as a caller that looks at all of them
/// would: `update` stores events packed and builds each `PairEvent` (two slot-table lookups) when
/// it is read, so `sap` alone leaves that part to the caller. Not a peer comparison (the peers
/// report bare pairs); it shows what reading the events adds.
pub struct ReadingEvents(Driven<Collider>);

impl Method for ReadingEvents {
    fn frame(&mut self, scene: &Workload) {
        self.0.frame(scene);
        let seen = self.0.collider.events().iter().fold(0u32, |acc, e| {
            acc ^ e.pair.a.owner ^ e.pair.b.owner.rotate_left(7)
        });
        std::hint::black_box(seen);
    }
    fn pairs(&self) -> Vec<(u32, u32)> {
        self.0.pairs()
    }
}

/// The edge rule of [`Aabb::overlaps`], for peers whose own tests are inclusive.
#[inline]
fn strict(a: &Aabb, b: &Aabb) -> bool {
    a.overlaps(b)
}

/// The scene's live boxes as every peer tests them (tested box, layer, scene id), gathered
/// afresh each frame in the scene's order: a peer builds its leaf `i` from entry `i`, and
/// hands its candidate pairs back here as entry indices to be filtered.
#[derive(Default)]
struct LiveBoxes(Vec<(Aabb, Layer, u32)>);

impl LiveBoxes {
    /// Refills from `scene`'s live bodies and returns them.
    fn gather(&mut self, scene: &Workload) -> &[(Aabb, Layer, u32)] {
        self.0.clear();
        self.0
            .extend(scene.live().map(|(id, b)| (b.tested(), b.layer, id)));
        &self.0
    }

    /// Pushes the scene ids of entries `i` and `j` onto `found` when `map` lets their layers
    /// meet and their boxes overlap by the strict edge rule: what turns a peer's candidate
    /// pair into a pair the game would report.
    #[inline]
    fn keep(&self, map: &CollisionMap, i: usize, j: usize, found: &mut Vec<(u32, u32)>) {
        let (a, la, ida) = self.0[i];
        let (b, lb, idb) = self.0[j];
        if map.meets(la, lb) && strict(&a, &b) {
            found.push((ida, idb));
        }
    }
}

/// A textbook uniform grid rebuilt every frame: boxes are bucketed into 16 px cells by a
/// counting sort, each cell tests its entries pairwise (collision map first, then the strict
/// overlap test), and a pair is kept only in the cell holding the corner where the two boxes
/// start to overlap, so it is reported once.
#[derive(Default)]
pub struct Grid {
    live: LiveBoxes,
    cells: Vec<(u32, u32, u32, u32)>,
    start: Vec<u32>,
    items: Vec<u32>,
}

const CELL: f32 = 16.0;
const COLS: usize = 14; // 224 / 16
const ROWS: usize = 20; // 320 / 16

fn cell_of(v: f32, n: usize) -> u32 {
    ((v / CELL).floor().max(0.0) as usize).min(n - 1) as u32
}

impl Rebuilds for Grid {
    fn rebuild(&mut self, map: &CollisionMap, scene: &Workload, found: &mut Vec<(u32, u32)>) {
        let boxes = self.live.gather(scene);
        self.cells.clear();
        self.start.clear();
        self.start.resize(COLS * ROWS + 1, 0);
        for (b, _, _) in boxes {
            let r = (
                cell_of(b.min.x, COLS),
                cell_of(b.max.x, COLS),
                cell_of(b.min.y, ROWS),
                cell_of(b.max.y, ROWS),
            );
            for y in r.2..=r.3 {
                for x in r.0..=r.1 {
                    self.start[y as usize * COLS + x as usize + 1] += 1;
                }
            }
            self.cells.push(r);
        }
        for i in 1..self.start.len() {
            self.start[i] += self.start[i - 1];
        }
        let mut fill = self.start.clone();
        self.items.resize(*self.start.last().unwrap() as usize, 0);
        for (i, r) in self.cells.iter().enumerate() {
            for y in r.2..=r.3 {
                for x in r.0..=r.1 {
                    let c = y as usize * COLS + x as usize;
                    self.items[fill[c] as usize] = i as u32;
                    fill[c] += 1;
                }
            }
        }
        for c in 0..COLS * ROWS {
            let entries = &self.items[self.start[c] as usize..self.start[c + 1] as usize];
            for (k, &i) in entries.iter().enumerate() {
                let (a, la, ida) = boxes[i as usize];
                let row = map.row(la);
                for &j in &entries[k + 1..] {
                    let (b, lb, idb) = boxes[j as usize];
                    if !row.contains(lb) || !strict(&a, &b) {
                        continue;
                    }
                    let corner = (
                        cell_of(a.min.x.max(b.min.x), COLS),
                        cell_of(a.min.y.max(b.min.y), ROWS),
                    );
                    if corner.1 as usize * COLS + corner.0 as usize == c {
                        found.push((ida, idb));
                    }
                }
            }
        }
    }
}

/// broccoli's tree rebuilt from the frame's boxes, as its docs recommend for moving scenes.
#[derive(Default)]
pub struct Broccoli {
    live: LiveBoxes,
    /// The tree's leaves: each live box with its index in `live`.
    bots: Vec<(broccoli::axgeom::Rect<f32>, u32)>,
}

impl Rebuilds for Broccoli {
    fn rebuild(&mut self, map: &CollisionMap, scene: &Workload, found: &mut Vec<(u32, u32)>) {
        let boxes = self.live.gather(scene);
        self.bots.clear();
        self.bots.extend(
            boxes.iter().enumerate().map(|(i, (t, _, _))| {
                (broccoli::rect(t.min.x, t.max.x, t.min.y, t.max.y), i as u32)
            }),
        );
        let live = &self.live;
        let mut tree = broccoli::Tree::new(&mut self.bots);
        tree.find_colliding_pairs(|a, b| {
            let (a, b) = (*a.unpack_inner(), *b.unpack_inner());
            live.keep(map, a as usize, b as usize, found);
        });
    }
}

/// parry2d's `Bvh`, rebuilt from the frame's boxes with the binned SAH builder and traversed
/// against itself for overlapping leaves. Rebuilding measured faster here than keeping one
/// tree and calling `insert_or_update_partially` + `refit` + `optimize_incremental` each frame
/// (9.6 ms against 12 ms over ten frames of `bullet_hell_10k`), and a refitted tree only
/// degrades as bullets respawn, so the rebuild is this peer's fastest honest use.
#[derive(Default)]
pub struct ParryBvh {
    ws: parry2d::partitioning::BvhWorkspace,
    live: LiveBoxes,
    /// The tree's leaves: leaf `i` is entry `i` of `live`.
    leaves: Vec<parry2d::bounding_volume::Aabb>,
}

impl Rebuilds for ParryBvh {
    fn rebuild(&mut self, map: &CollisionMap, scene: &Workload, found: &mut Vec<(u32, u32)>) {
        use parry2d::bounding_volume::Aabb as PAabb;
        use parry2d::math::Vec2 as PVec2;
        use parry2d::partitioning::{Bvh, BvhBuildStrategy};
        let boxes = self.live.gather(scene);
        self.leaves.clear();
        self.leaves.extend(boxes.iter().map(|(t, _, _)| {
            PAabb::new(PVec2::new(t.min.x, t.min.y), PVec2::new(t.max.x, t.max.y))
        }));
        let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &self.leaves);
        let live = &self.live;
        bvh.traverse_bvtt_single_tree::<false>(&mut self.ws, &mut |a, b| {
            live.keep(map, a as usize, b as usize, found);
        });
    }
}

/// Frames every scene is advanced before measuring, so pools and respawns are in full swing.
pub const WARM_UP_FRAMES: u64 = 120;

/// The named methods for a scene, each starting from the same warmed-up scene.
pub fn methods(kind: WorkloadKind, scene: &Workload) -> Vec<(&'static str, Box<dyn Method>)> {
    let map = shooter_map();
    let config = kind.config();
    let mut v: Vec<(&'static str, Box<dyn Method>)> =
        vec![("sap", Box::new(Driven::new(Collider::new(config), scene)))];
    v.push(("tree", Box::new(Driven::new(AabbTree::new(config), scene))));
    if kind == WorkloadKind::BulletHell10k {
        v.push((
            "sap_reading_events",
            Box::new(ReadingEvents(Driven::new(
                Collider::with_map(shooter_map()),
                scene,
            ))),
        ));
    }
    if kind == WorkloadKind::Sparse1k {
        v.push((
            "brute",
            Box::new(Driven::new(BruteForce::with_map(shooter_map()), scene)),
        ));
    }
    v.push(("grid", Box::new(Rebuilt::<Grid>::new(map))));
    v.push(("broccoli", Box::new(Rebuilt::<Broccoli>::new(map))));
    v.push(("parry_bvh", Box::new(Rebuilt::<ParryBvh>::new(map))));
    v
}

/// Runs every method for `frames` frames of the scene and asserts they all report the same
/// pairs as the sweep-and-prune every frame. Returns the number of pairs at the last frame.
pub fn assert_methods_agree(kind: WorkloadKind, frames: u64) -> usize {
    let mut scene = Workload::after(kind, WARM_UP_FRAMES);
    let mut ms = methods(kind, &scene);
    let mut last = 0;
    for _ in 0..frames {
        scene.step();
        let mut reference = None;
        for (name, m) in ms.iter_mut() {
            m.frame(&scene);
            let pairs = m.pairs();
            match &reference {
                None => reference = Some(pairs),
                Some(r) => assert!(
                    *r == pairs,
                    "{}: {name} found {} pairs, sap {} (frame {})",
                    kind.name(),
                    pairs.len(),
                    r.len(),
                    scene.frame
                ),
            }
        }
        last = reference.map_or(0, |r| r.len());
    }
    last
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// A group of `samples` samples, each method warmed up for `warm_up_ms` and measured for
/// `measure_ms`.
fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
    (warm_up_ms, measure_ms, samples): (u64, u64, usize),
) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.warm_up_time(Duration::from_millis(warm_up_ms));
    g.measurement_time(Duration::from_millis(measure_ms));
    g.sample_size(samples);
    g
}

fn configure<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    group(c, name, (500, 2000, 30))
}

fn bench_mixed(c: &mut Criterion) {
    for kind in [
        WorkloadKind::BulletHell10k,
        WorkloadKind::Sparse1k,
        WorkloadKind::Swarm5k,
    ] {
        assert_methods_agree(kind, 3);
        let start = Workload::after(kind, WARM_UP_FRAMES);
        let mut g = configure(c, kind.name());
        for (name, m) in methods(kind, &start) {
            time_frames(&mut g, name, start.clone(), m);
        }
        if kind == WorkloadKind::BulletHell10k {
            // The same scene with round bullets: the narrow phase's price, `sap_circles`
            // against `sap` (and the tree's likewise).
            let mut round = Workload::with_round_bullets(kind, kind.bodies(), true);
            for _ in 0..WARM_UP_FRAMES {
                round.step();
            }
            let sap = Driven::new(Collider::with_map(shooter_map()), &round);
            let tree = Driven::new(AabbTree::with_map(shooter_map()), &round);
            time_frames(&mut g, "sap_circles", round.clone(), Box::new(sap));
            time_frames(&mut g, "tree_circles", round, Box::new(tree));
        }
        g.finish();
    }
}

/// `curtain_100k`: a hundred thousand bullets. Its own group, with few samples: the peers
/// enumerate every bullet-on-bullet overlap before filtering, tens of milliseconds a frame,
/// and criterion's smallest run (10 samples of 1 to 10 iterations) already takes seconds.
fn bench_curtain(c: &mut Criterion) {
    let kind = WorkloadKind::Curtain100k;
    assert_methods_agree(kind, 1);
    let start = Workload::after(kind, WARM_UP_FRAMES);
    let mut g = group(c, kind.name(), (300, 3000, 10));
    for (name, m) in methods(kind, &start) {
        time_frames(&mut g, name, start.clone(), m);
    }
    g.finish();
}

/// The machine's memory bandwidth, for the floors in README.md ("The limit, on paper"): one
/// pass reading a buffer (a sum over `u64`s, which the compiler vectorises) and one copying
/// it (`copy_from_slice`, a `memcpy`), at three sizes: 1 MiB stays in a core's L2 (the
/// working set of the 10k scenes), 16 MiB in the shared L3 (the 100k scene's), 128 MiB
/// comes from DRAM. Bytes per second = the buffer's size (copy: read and written once
/// each, so twice it) over the median.
fn bench_memory(c: &mut Criterion) {
    // 10 samples of a second: the 128 MiB passes take milliseconds each.
    let mut g = group(c, "memory", (200, 1000, 10));
    for (label, bytes) in [
        ("1mib", 1usize << 20),
        ("16mib", 16 << 20),
        ("128mib", 128 << 20),
    ] {
        let words = bytes / 8;
        let src: Vec<u64> = (0..words as u64).collect();
        let mut dst = vec![0u64; words];
        g.throughput(criterion::Throughput::Bytes(bytes as u64));
        g.bench_function(format!("read_{label}"), |b| {
            b.iter(|| {
                std::hint::black_box(&src)
                    .iter()
                    .fold(0u64, |a, &w| a.wrapping_add(w))
            })
        });
        g.bench_function(format!("copy_{label}"), |b| {
            b.iter(|| {
                dst.copy_from_slice(std::hint::black_box(&src));
                std::hint::black_box(&dst);
            })
        });
    }
    g.finish();
}

/// Times `m`'s frames of `scene`, the scene stepped before each. Only the method's own work is
/// timed: moving the scene's bodies is the game's work, the same for every method, and would
/// only dilute the comparison.
fn time_frames(g: &mut Group<'_>, name: &str, mut scene: Workload, mut m: Box<dyn Method>) {
    g.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                scene.step();
                let start = Instant::now();
                m.frame(&scene);
                total += start.elapsed();
            }
            total
        })
    });
}

/// Times one frame of a given phase of the scene's script, again and again, on a method that
/// runs the scene continuously: between timed frames the scene is advanced, untimed, to the
/// frame before the next one of that phase, and a method that keeps state is brought along
/// frame by frame. So every timed frame meets the method in its ordinary state (warm caches,
/// grown buffers), as the game would.
/// The function is named `{method}_{what}_frame`.
fn bench_phase(
    g: &mut Group<'_>,
    (method, what): (&str, &str),
    kind: WorkloadKind,
    period: u64,
    phase: u64,
) {
    let mut scene = Workload::after(kind, WARM_UP_FRAMES);
    let mut m: Box<dyn Method> = match method {
        "sap" => Box::new(Driven::new(Collider::with_map(shooter_map()), &scene)),
        "tree" => Box::new(Driven::new(AabbTree::with_map(shooter_map()), &scene)),
        "parry_bvh" => Box::new(Rebuilt::<ParryBvh>::new(shooter_map())),
        _ => unreachable!("no phase benchmark for {method}"),
    };
    g.bench_function(format!("{method}_{what}_frame"), |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                while (scene.frame + 1) % period != phase {
                    scene.step();
                    if !m.stateless() {
                        m.frame(&scene);
                    }
                }
                scene.step();
                let start = Instant::now();
                m.frame(&scene);
                total += start.elapsed();
            }
            total
        })
    });
}

fn configure_phases<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    // Only the timed frame counts towards these budgets, but each costs up to 120 untimed
    // frames of wall time, so they are kept short.
    group(c, name, (50, 300, 20))
}

fn bench_bursts(c: &mut Criterion) {
    // boss_burst: 500 bullets spawn at frames divisible by 30; 15 mod 30 is an ordinary frame.
    let mut g = configure_phases(c, WorkloadKind::BossBurst.name());
    for method in ["sap", "tree", "parry_bvh"] {
        bench_phase(&mut g, (method, "spawn"), WorkloadKind::BossBurst, 30, 0);
        bench_phase(&mut g, (method, "steady"), WorkloadKind::BossBurst, 30, 15);
    }
    g.finish();
    // mass_clear: the bomb clears at 60 mod 120, the field is full again by 81 mod 120.
    let mut g = configure_phases(c, WorkloadKind::MassClear.name());
    for method in ["sap", "tree", "parry_bvh"] {
        bench_phase(&mut g, (method, "clear"), WorkloadKind::MassClear, 120, 60);
        bench_phase(&mut g, (method, "steady"), WorkloadKind::MassClear, 120, 30);
    }
    g.finish();
}

/// The game's area query: a homing shot looks for enemies in a 280 px square around it, after
/// the frame's update. Each timed iteration is 64 such queries around the scene's shots.
fn bench_query(c: &mut Criterion) {
    let mut scene = Workload::after(WorkloadKind::BulletHell10k, WARM_UP_FRAMES);
    let mut sap = Driven::new(Collider::with_map(shooter_map()), &scene);
    let mut tree = Driven::new(AabbTree::with_map(shooter_map()), &scene);
    scene.step();
    sap.frame(&scene);
    tree.frame(&scene);
    let areas = query_areas(&scene);
    let mask = skysweep::collide::LayerMask::of(&[AIR_ENEMY, GROUND_ENEMY]);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for area in &areas {
        a.clear();
        b.clear();
        sap.collider.query(*area, mask, &mut a);
        tree.collider.query(*area, mask, &mut b);
        a.sort_by_key(|c| c.handle);
        b.sort_by_key(|c| c.handle);
        assert_eq!(
            a, b,
            "the tree's query must find what the sweep-and-prune's finds"
        );
    }
    let mut g = configure(c, "area_query");
    bench_queries(&mut g, "sap", &sap.collider, &areas, mask);
    bench_queries(&mut g, "tree", &tree.collider, &areas, mask);
    g.finish();
}

/// Times `broad_phase` answering every query of `areas` on `mask`.
fn bench_queries<C: BroadPhase>(
    g: &mut Group,
    name: &str,
    broad_phase: &C,
    areas: &[Aabb],
    mask: LayerMask,
) {
    let mut out = Vec::new();
    g.bench_function(name, |bench| {
        bench.iter(|| {
            for area in areas {
                out.clear();
                broad_phase.query(*area, mask, &mut out);
            }
            out.len()
        })
    });
}

/// 64 game-sized query areas centred on shots of the scene.
pub fn query_areas(scene: &Workload) -> Vec<Aabb> {
    scene
        .live()
        .filter(|(_, b)| b.layer == PLAYER_SHOT)
        .step_by(16)
        .take(64)
        .map(|(_, b)| Aabb::from_center(b.center, glam::Vec2::splat(140.0)))
        .collect()
}

criterion_group!(
    benches,
    bench_mixed,
    bench_curtain,
    bench_bursts,
    bench_query,
    bench_memory
);
criterion_main!(benches);
