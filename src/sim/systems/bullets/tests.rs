//! The bullet store's tests, all against a plain slab. The first few are fixed cases: keys
//! handed out and visited as a slab does, a removed key reading as empty, a reserve leaving
//! the store empty.
//!
//! The rest drive the store against a model: random spawns, removals, steps, clones, clears and
//! reserves, done both to a [`Bullets`] store and to a plain slab of [`Bullet`] values stepped
//! one by one. After each, every way of reading the store (by key, in order, drawn either way
//! round, and from both ends at once) sees what the slab holds, bit for bit.
//!
//! What it drives is where the dense list of curling turns and the bits that rank it could
//! fall out of step: a curler taken out and its key handed straight back out (to a curler or
//! not, once or several times), a fresh curler taken out, keys at the edges of a word and of a
//! block, curl times that grow and shrink, bullets that stop curling as they leave, and
//! clones (a replay's snapshot) changed apart from the store they were taken from.

use glam::Vec2;
use proptest::prelude::*;

use crate::collide::{BoxDesc, BroadPhase, Collider};
use crate::level::limits;
use crate::level::BulletStyle;
use crate::sim::layers::{collision_map, GameLayer};
use crate::sim::model::bullet::{unit, Bullet, BULLET_MAX_AGE};
use crate::sim::model::clock::DT;
use crate::sim::PLAYFIELD;

use super::advance::out_of_play;
use super::{Bullets, PLACEHOLDER};

fn bullet(x: f32) -> Bullet {
    Bullet::new(Vec2::new(x, 0.0), 1.0, 90.0, 0.0, 0.0, BulletStyle::Round)
}

/// The same calls on a slab and on the store give the same keys and the same order.
#[test]
fn keys_are_handed_out_and_visited_as_a_slab_does() {
    let mut slab = slab::Slab::new();
    let mut store = Bullets::default();
    let h = PLACEHOLDER;
    let mut rng = oorandom::Rand32::new(7);
    for step in 0..2_000 {
        let x = step as f32;
        if rng.rand_range(0..3) == 0 && !slab.is_empty() {
            let keys: Vec<usize> = slab.iter().map(|(k, _)| k).collect();
            let k = keys[rng.rand_range(0..keys.len() as u32) as usize];
            let a: f32 = slab.remove(k);
            let b = store.remove(k).expect("the slab had it");
            assert_eq!(a, b.pos.x);
            assert!(store.remove(k).is_none(), "removed twice");
        } else {
            assert_eq!(store.vacant_key(), slab.vacant_key());
            assert_eq!(store.insert(bullet(x), h), slab.insert(x));
        }
        assert_eq!(store.len(), slab.len());
        let ours: Vec<(usize, f32)> = store.iter().map(|(k, b)| (k, b.pos.x)).collect();
        let theirs: Vec<(usize, f32)> = slab.iter().map(|(k, &x)| (k, x)).collect();
        assert_eq!(ours, theirs, "step {step}");
        let drawn: Vec<f32> = store.sprites().rev().map(|s| s.pos.x).collect();
        let backwards: Vec<f32> = theirs.iter().rev().map(|&(_, x)| x).collect();
        assert_eq!(
            drawn, backwards,
            "step {step}: drawing sees them all, in order"
        );
    }
}

#[test]
fn a_removed_key_holds_still_and_reads_as_empty() {
    let mut store = Bullets::default();
    let k = store.insert(bullet(5.0), PLACEHOLDER);
    assert!(store.contains(k) && store.get(k).is_some());
    store.remove(k);
    assert!(!store.contains(k) && store.get(k).is_none() && store.handle(k).is_none());
    assert_eq!((store.speed[k], store.accel[k]), (0.0, 0.0));
    assert!(store.is_empty());
}

#[test]
fn reserving_leaves_the_store_empty_with_keys_from_zero() {
    let mut store = Bullets::default();
    store.reserve(100);
    assert!(store.is_empty() && store.iter().next().is_none());
    assert_eq!(store.insert(bullet(1.0), PLACEHOLDER), 0);
    assert!(store.pos.capacity() >= 100);
}

/// The curl times a step may use: none, short, the bullets' own, long, and forever.
const CURLS: [u32; 5] = [0, 5, 20, 60, u32::MAX];

/// A store, its collider, and the slab it must read as.
#[derive(Clone)]
struct Pair {
    store: Bullets,
    collider: Collider,
    model: slab::Slab<Bullet>,
}

/// What a bullet reads as, to the bit.
type Bits = ([u32; 8], u32, BulletStyle, Option<crate::collide::Handle>);

fn bits(b: &Bullet) -> Bits {
    let floats = [b.pos.x, b.pos.y, b.speed, b.heading_deg];
    let more = [b.accel, b.ang_vel_deg, b.dir.x, b.dir.y];
    let all: [f32; 8] = [floats, more].concat().try_into().expect("eight");
    (all.map(f32::to_bits), b.age, b.style, b.handle)
}

/// One step of a lone bullet, as `Bullets::advance` states it: its new value, and whether it
/// leaves.
fn step_alone(mut b: Bullet, curl_steps: u32) -> (Bullet, bool) {
    b.speed = (b.speed + b.accel * DT).clamp(0.0, limits::MAX_SPEED);
    if b.age < curl_steps {
        let heading = b.heading_deg + b.ang_vel_deg * DT;
        if heading.to_bits() != b.heading_deg.to_bits() {
            b.heading_deg = heading;
            b.dir = unit(heading);
        }
    }
    b.pos += b.dir * b.speed * DT;
    b.age += 1;
    let leaves = out_of_play(b.pos, b.speed, b.accel) || b.age > BULLET_MAX_AGE;
    (b, leaves)
}

/// A bullet of `kind`, its numbers drawn from `rng`: a curler, one that does not turn, one
/// near the curl time, one about to leave while curling, one heading -0 with no turn (its
/// first step makes it +0), and one slowing to a stop while curling.
fn made(kind: u8, rng: &mut oorandom::Rand32) -> Bullet {
    let pos = Vec2::new(
        rng.rand_float() * 200.0 + 12.0,
        rng.rand_float() * 300.0 + 10.0,
    );
    let style = BulletStyle::ALL[rng.rand_range(0..4) as usize];
    let (heading, turn) = (rng.rand_float() * 360.0, rng.rand_float() * 180.0 - 90.0);
    let mut b = match kind % 6 {
        0 => Bullet::new(pos, 20.0, heading, 0.0, turn, style),
        1 => Bullet::new(pos, 30.0, heading, 0.0, 0.0, style),
        2 => Bullet::new(pos, 10.0, heading, 5.0, turn, style),
        3 => {
            let edge = Vec2::new(pos.x, PLAYFIELD.y + 15.0);
            Bullet::new(edge, 200.0, 90.0, 0.0, turn * 0.01, style)
        }
        4 => Bullet::new(pos, 15.0, -0.0, 0.0, 0.0, style),
        _ => Bullet::new(pos, 2.0, heading, -60.0, turn, style),
    };
    b.age = match kind % 6 {
        2 => rng.rand_range(15..25),
        3 if rng.rand_range(0..2) == 0 => BULLET_MAX_AGE,
        _ => rng.rand_range(0..3),
    };
    b
}

impl Pair {
    fn new() -> Pair {
        Pair {
            store: Bullets::default(),
            collider: Collider::with_map(collision_map()),
            model: slab::Slab::new(),
        }
    }

    fn spawn(&mut self, mut b: Bullet) {
        let desc = BoxDesc::new(b.hitbox(), 0, GameLayer::EnemyBullet).shape(b.shape());
        let h = self.collider.insert(desc).expect("room");
        b.handle = Some(h);
        assert_eq!(self.store.vacant_key(), self.model.vacant_key());
        let k = self.store.insert(b.clone(), h);
        assert_eq!(k, self.model.insert(b));
    }

    /// Takes out the bullet `pick` places along (counting round), if there is one.
    fn remove(&mut self, pick: usize) {
        let keys: Vec<usize> = self.model.iter().map(|(k, _)| k).collect();
        if keys.is_empty() {
            return;
        }
        let k = keys[pick % keys.len()];
        let want = self.model.remove(k);
        let got = super::remove(&mut self.store, &mut self.collider, k);
        assert_eq!(
            got.map(|p| p.to_array().map(f32::to_bits)),
            Some(want.pos.to_array().map(f32::to_bits))
        );
    }

    fn step(&mut self, curl_steps: u32) {
        let (mut gone, mut turned) = (Vec::new(), Vec::new());
        let keys: Vec<usize> = self.model.iter().map(|(k, _)| k).collect();
        let mut leavers = Vec::new();
        for k in keys {
            let (b, leaves) = step_alone(self.model[k].clone(), curl_steps);
            self.model[k] = b;
            if leaves {
                leavers.push(k);
            }
        }
        for &k in &leavers {
            self.model.remove(k);
        }
        self.store
            .advance(curl_steps, &mut self.collider, &mut gone, &mut turned);
        assert_eq!(gone, leavers, "the leavers, in key order");
        self.collider.update();
    }

    fn clear(&mut self, reserve: usize) {
        self.store.clear();
        self.model.clear();
        self.collider = Collider::with_map(collision_map());
        if reserve > 0 {
            self.store.reserve(reserve);
        }
    }

    /// Every way of reading the store against the model; `pattern` picks the ends a visit
    /// from both ends takes its bullets from.
    fn check(&self, pattern: u64, at: &str) {
        let store = &self.store;
        store.check_bits();
        assert_eq!(
            (store.len(), store.vacant_key()),
            (self.model.len(), self.model.vacant_key()),
            "{at}"
        );
        let want: Vec<(usize, Bits)> = self.model.iter().map(|(k, b)| (k, bits(b))).collect();
        let got: Vec<(usize, Bits)> = store.iter().map(|(k, b)| (k, bits(&b))).collect();
        assert_eq!(got, want, "{at}: in order");
        for k in 0..store.age.len() + 2 {
            let (got, want) = (store.get(k), self.model.get(k));
            assert_eq!(got.as_ref().map(bits), want.map(bits), "{at}: key {k}");
        }
        let headings: Vec<u32> = want.iter().map(|(_, b)| b.0[3]).collect();
        let (drawn, back) = store.drawn_headings();
        assert_eq!((&drawn, &back), (&headings, &headings), "{at}: drawn");
        let (mut front, mut rear) = (Vec::new(), Vec::new());
        let mut it = store.iter();
        for i in 0.. {
            let item = if pattern.rotate_left(i) & 1 != 0 {
                it.next().map(|x| front.push(x))
            } else {
                it.next_back().map(|x| rear.push(x))
            };
            if item.is_none() {
                break;
            }
        }
        assert!(
            it.next().is_none() && it.next_back().is_none(),
            "{at}: the ends met"
        );
        front.extend(rear.into_iter().rev());
        let both: Vec<(usize, Bits)> = front.iter().map(|(k, b)| (*k, bits(b))).collect();
        assert_eq!(both, want, "{at}: from both ends, pattern {pattern:x}");
    }
}

#[derive(Clone, Debug)]
enum Op {
    /// `count` bullets of `kind`, numbers drawn from `seed`.
    Spawn { kind: u8, count: u16, seed: u32 },
    /// `count` bullets taken out, the first `pick` places along.
    Remove { pick: u32, count: u16 },
    /// A step under curl time `CURLS[curl]`.
    Step { curl: u8 },
    /// A clone, then one of the two changed apart while the other is read; `keep_copy` says
    /// which goes on.
    Fork { keep_copy: bool, pick: u32 },
    /// Every bullet out, then room reserved for `reserve` (0 for none).
    Clear { reserve: u16 },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (0..6u8, 1..12u16, any::<u32>()).prop_map(|(kind, count, seed)| Op::Spawn { kind, count, seed }),
        1 => (0..6u8, 60..330u16, any::<u32>()).prop_map(|(kind, count, seed)| Op::Spawn { kind, count, seed }),
        5 => (any::<u32>(), 1..12u16).prop_map(|(pick, count)| Op::Remove { pick, count }),
        1 => (any::<u32>(), 40..200u16).prop_map(|(pick, count)| Op::Remove { pick, count }),
        5 => (0..CURLS.len() as u8).prop_map(|curl| Op::Step { curl }),
        1 => (any::<bool>(), any::<u32>()).prop_map(|(keep_copy, pick)| Op::Fork { keep_copy, pick }),
        1 => prop_oneof![Just(0u16), 1..600u16].prop_map(|reserve| Op::Clear { reserve }),
    ]
}

/// Changes `pair` as a world goes on from a snapshot: out with some, a step, in with others.
fn change_apart(pair: &mut Pair, pick: u32) {
    let mut rng = oorandom::Rand32::new(u64::from(pick));
    for i in 0..pair.model.len().div_ceil(3) {
        pair.remove(pick as usize + i * 7);
    }
    pair.step(CURLS[pick as usize % CURLS.len()]);
    for i in 0..20 {
        pair.spawn(made(i, &mut rng));
    }
    pair.step(u32::MAX);
    pair.check(u64::from(pick), "changed apart");
}

/// Does `op` to `pair`.
fn apply(pair: &mut Pair, op: &Op) {
    match *op {
        Op::Spawn { kind, count, seed } => {
            let mut rng = oorandom::Rand32::new(u64::from(seed));
            for i in 0..count {
                // Mostly `kind`, with others among them.
                let k = if i % 5 == 4 {
                    rng.rand_range(0..6) as u8
                } else {
                    kind
                };
                pair.spawn(made(k, &mut rng));
            }
            pair.collider.update();
        }
        Op::Remove { pick, count } => {
            for i in 0..count as usize {
                pair.remove(pick as usize + i * 13);
            }
        }
        Op::Step { curl } => pair.step(CURLS[curl as usize]),
        Op::Fork { keep_copy, pick } => {
            let mut copy = pair.clone();
            if keep_copy {
                change_apart(pair, pick);
                *pair = copy;
            } else {
                change_apart(&mut copy, pick);
            }
        }
        Op::Clear { reserve } => pair.clear(usize::from(reserve)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Whatever is done to the store, it reads as the slab it is run beside.
    #[test]
    fn the_store_reads_as_a_slab_stepped_bullet_by_bullet(
        ops in prop::collection::vec(op(), 1..60),
        pattern in any::<u64>(),
    ) {
        let mut pair = Pair::new();
        for (i, op) in ops.iter().enumerate() {
            apply(&mut pair, op);
            pair.check(pattern.rotate_left(i as u32), &format!("op {i}: {op:?}"));
        }
    }
}

/// Curlers at the edges of words and blocks (keys 0, 63, 64, 255, 256, 511, 512 and the last)
/// taken out, their keys handed back out to curlers and to bullets that do not curl, fresh
/// ones taken out again before any step, across steps and a curl time that grows.
#[test]
fn curlers_at_the_edges_of_words_and_blocks_keep_their_turns() {
    let mut pair = Pair::new();
    let mut rng = oorandom::Rand32::new(3);
    for _ in 0..600 {
        pair.spawn(made(0, &mut rng));
    }
    pair.collider.update();
    let edges = [
        0, 63, 64, 127, 128, 255, 256, 319, 320, 511, 512, 575, 576, 599,
    ];
    for round in 0..8u8 {
        pair.step(CURLS[[2, 4, 1, 4][round as usize % 4]]);
        pair.check(0x5555_5555_5555_5555 ^ u64::from(round), "stepped");
        for &k in edges.iter().rev() {
            if pair.model.contains(k) {
                pair.model.remove(k);
                super::remove(&mut pair.store, &mut pair.collider, k);
            }
        }
        pair.check(0x0f0f_0f0f_0f0f_0f0f, "taken out");
        // Back in, every other one a curler; then the fresh ones out and in once more.
        for i in 0..edges.len() {
            pair.spawn(made(if i % 2 == 0 { 0 } else { 1 + round % 5 }, &mut rng));
        }
        pair.check(0x3333_3333_3333_3333, "back in");
        for &k in &edges[round as usize % 3..] {
            if pair.model.contains(k) {
                pair.model.remove(k);
                super::remove(&mut pair.store, &mut pair.collider, k);
            }
        }
        while pair.model.len() < 600 {
            pair.spawn(made(round, &mut rng));
        }
        pair.check(0xffff_0000_ffff_0000, "in again");
        pair.collider.update();
    }
}
