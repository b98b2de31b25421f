//! Steady steps allocate nothing: every simulation step after the first of a stage runs in
//! memory the world reserved when it was made, so no step pays for an allocation, a buffer's
//! growth or a first touch of fresh memory (the hitches those cause are what this guards).
//!
//! "Steady" here is every step but each stage's first: 3,000 steps of every shipped stage from
//! its mid-boss, and the last stage's boss fought to the end, played by two bots on hard, with
//! waves, bombs, a mid-boss and a boss falling, bullets by the hundred spawning and dying, and
//! bullets turned into coins. Not covered: a world rebuilt from a rewind snapshot (practice only), which warms
//! up again; and levels beyond what the world reserves for (see `src/sim/scratch.rs`).
//!
//! It counts allocations with the test binary's global allocator (defined here), only on the
//! thread that asks, so the other tests, running on other threads, do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use skysweep::level::{load_stage, Catalog};
use skysweep::sim::autoplay::Bot;
use skysweep::sim::{Character, Difficulty, Input, World, WorldConfig};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

fn note() {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations_in(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// What a stage's run looked like.
struct Run {
    steps: u64,
    /// Allocations in the first step, and in every step after it.
    first: u64,
    steady: u64,
    /// Steps in which an allocation happened, after the first (at most a few shown).
    allocating: Vec<u64>,
    max_bullets: usize,
    bullets_seen: u64,
    bombs: u32,
    cleared: bool,
}

/// Plays `stage` from `marker` with two bots on hard for `steps` steps or until it is cleared,
/// counting the steps' allocations (the bots' own decisions are not part of a step and are not
/// counted).
fn play(stage: &str, marker: &str, steps: u64) -> Run {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(stage);
    let level =
        Arc::new(load_stage(&path, &Catalog::unchecked()).expect("the shipped stage loads"));
    let config = WorldConfig {
        start_at: level.markers[marker],
        seed: 7,
        characters: vec![Character::Wren, Character::Brass],
        difficulty: Difficulty::Hard,
        // The stage plays on however the bots do.
        invincible: true,
        ..WorldConfig::default()
    };
    let mut world = World::new(level, config);
    let mut bots = [Bot::new(), Bot::new()];
    let mut inputs = vec![Input::default(); 2];
    let mut run = Run {
        steps: 0,
        first: 0,
        steady: 0,
        allocating: Vec::new(),
        max_bullets: 0,
        bullets_seen: 0,
        bombs: 0,
        cleared: false,
    };
    let mut last_bullets = 0;
    while !world.cleared() && run.steps < steps {
        for (i, bot) in bots.iter_mut().enumerate() {
            inputs[i] = bot.decide(&world, i);
        }
        let n = allocations_in(|| world.step(&inputs));
        if run.steps == 0 {
            run.first = n;
        } else if n > 0 {
            run.steady += n;
            if run.allocating.len() < 5 {
                run.allocating.push(world.frame);
            }
        }
        run.steps += 1;
        let bullets = world.bullets.len();
        run.max_bullets = run.max_bullets.max(bullets);
        // Bullets that appeared this step, at least: others may have gone in the same step.
        run.bullets_seen += bullets.saturating_sub(last_bullets) as u64;
        last_bullets = bullets;
    }
    run.bombs = world.stats.bombs_used;
    run.cleared = world.cleared();
    run
}

#[test]
fn steady_steps_of_every_stage_allocate_nothing() {
    let (mut bombs, mut most_bullets, mut bullets) = (0, 0, 0);
    let runs = (1..=6)
        .map(|n| (format!("stage{n}.ron"), "midboss", 3_000))
        // Two power-1 bots on Hard take 10,000 to 13,000 steps to bring the final boss down
        // (seeds 1 to 3 and 7) since its reactor and shields became circles; room to spare.
        .chain([("stage6.ron".to_string(), "boss", 16_000)]);
    for (stage, marker, steps) in runs {
        let run = play(&stage, marker, steps);
        eprintln!(
            "{stage} from {marker}: {} steps, first step {} allocations, then {}; up to {} bullets, {} fired",
            run.steps, run.first, run.steady, run.max_bullets, run.bullets_seen
        );
        assert!(run.steps >= 2_500, "{stage}: {} steps", run.steps);
        assert_eq!(
            run.steady, 0,
            "{stage}: steps after the first allocated, first at frames {:?}",
            run.allocating
        );
        if marker == "boss" {
            assert!(run.cleared, "{stage}: the boss falls within the steps run");
        }
        bombs += run.bombs;
        most_bullets = most_bullets.max(run.max_bullets);
        bullets += run.bullets_seen;
    }
    // Busy, not idle: bullets by the hundred on screen, thousands fired, and bombs.
    assert!(
        most_bullets >= 500,
        "at most {most_bullets} bullets at once"
    );
    assert!(bullets >= 3_000, "{bullets} bullets fired");
    assert!(bombs > 0, "the bots bombed, so blasts were covered");
}
