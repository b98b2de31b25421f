//! Random call sequences run on the sweep-and-prune, the AABB tree and the brute-force reference
//! with the same (random) collision map: every call must return the same result on all three,
//! and after every update the events and the pairs must be the same multisets.

use glam::Vec2;
use proptest::prelude::*;
use skysweep::collide::workloads::layers::{
    self, shooter_map, AIR_ENEMY, ENEMY_BULLET, GROUND_ENEMY, PLAYER, PLAYER_SHOT, POWER_UP,
};
use skysweep::collide::{
    Aabb, AabbTree, BoxDesc, BroadPhase, BruteForce, Collider, ColliderError, CollisionMap, Config,
    Handle, LayerMask, Pair, PairEvent, PairEvents, Shape,
};

#[derive(Clone, Debug)]
enum Op {
    /// `count` boxes at identical coordinates.
    Insert {
        count: u8,
        at: (i8, i8),
        size: (u8, u8),
        layer: u8,
        swept: bool,
    },
    Move {
        pick: u16,
        by: (i8, i8),
        size: (u8, u8),
    },
    Teleport {
        pick: u16,
        to: (i8, i8),
    },
    /// A jump far out of the playfield and maybe back.
    Jump {
        pick: u16,
        far: bool,
    },
    Remove {
        pick: u16,
    },
    /// `count` boxes anywhere in the range of valid boxes: from `-f32::MAX` to `f32::MAX`,
    /// heights that overflow to infinity, tiny and subnormal sizes.
    Wild {
        count: u8,
        corners: [f32; 4],
        layer: u8,
        swept: bool,
    },
    /// Moves a box to anywhere in that range.
    WildMove {
        pick: u16,
        corners: [f32; 4],
    },
    /// Calls every method with a handle that was removed earlier.
    Stale {
        pick: u16,
    },
    Invalid {
        pick: u16,
        which: u8,
    },
    /// Gives a box a shape (0: its box, 1: a circle, 2: an oriented box; 3: an invalid one)
    /// of about `size` / 4, turned by `angle` / 10 radians, and moves it by `by`.
    Reshape {
        pick: u16,
        kind: u8,
        size: u8,
        angle: i8,
        by: (i8, i8),
    },
    Update,
}

/// A finite coordinate from the whole `f32` range, weighted towards values that make boxes
/// meet: the limits, the playfield, and every magnitude in between.
fn coord() -> impl Strategy<Value = f32> {
    use prop::num::f32::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    prop_oneof![
        2 => prop_oneof![Just(f32::MAX), Just(-f32::MAX), Just(f32::MAX / 2.0), Just(0.0)],
        3 => (-40i32..360).prop_map(|v| v as f32),
        3 => (POSITIVE | NEGATIVE | NORMAL | SUBNORMAL | ZERO).prop_filter("finite", |v| v.is_finite()),
        // Clamped: 9e38 would round to infinity, which no box may hold.
        2 => (-38i32..=38, -9i32..=9)
            .prop_map(|(e, m)| (m as f32 * 10f32.powi(e)).clamp(-f32::MAX, f32::MAX)),
    ]
}

/// A valid box from four coordinates: each axis is sorted, so it may be empty but never
/// inverted.
fn wild_box(c: [f32; 4]) -> Aabb {
    Aabb::new(
        Vec2::new(c[0].min(c[1]), c[2].min(c[3])),
        Vec2::new(c[0].max(c[1]), c[2].max(c[3])),
    )
}

fn op() -> impl Strategy<Value = Op> {
    // y spans several of the collider's 32 px bands so boxes cross them.
    let small = (-2i8..24, -4i8..72);
    prop_oneof![
        3 => (1u8..4, small.clone(), (0u8..6, 0u8..6), 0u8..5, any::<bool>()).prop_map(
            |(count, at, size, layer, swept)| Op::Insert { count, at, size, layer, swept }
        ),
        1 => (20u8..40, small.clone(), (1u8..4, 1u8..4), 0u8..5).prop_map(
            |(count, at, size, layer)| Op::Insert { count, at, size, layer, swept: false }
        ),
        // Tall boxes reach across bands.
        1 => (1u8..3, small.clone(), (1u8..6, 30u8..90), 0u8..5).prop_map(
            |(count, at, size, layer)| Op::Insert { count, at, size, layer, swept: false }
        ),
        5 => (any::<u16>(), (-3i8..4, -9i8..10), (0u8..6, 0u8..6))
            .prop_map(|(pick, by, size)| Op::Move { pick, by, size }),
        1 => (any::<u16>(), small).prop_map(|(pick, to)| Op::Teleport { pick, to }),
        1 => (any::<u16>(), any::<bool>()).prop_map(|(pick, far)| Op::Jump { pick, far }),
        1 => (1u8..12, [coord(), coord(), coord(), coord()], 0u8..5, any::<bool>()).prop_map(
            |(count, corners, layer, swept)| Op::Wild { count, corners, layer, swept }
        ),
        1 => (any::<u16>(), [coord(), coord(), coord(), coord()])
            .prop_map(|(pick, corners)| Op::WildMove { pick, corners }),
        2 => any::<u16>().prop_map(|pick| Op::Remove { pick }),
        1 => any::<u16>().prop_map(|pick| Op::Stale { pick }),
        1 => (any::<u16>(), 0u8..4).prop_map(|(pick, which)| Op::Invalid { pick, which }),
        3 => (any::<u16>(), 0u8..4, 0u8..24, any::<i8>(), (-3i8..4, -9i8..10)).prop_map(
            |(pick, kind, size, angle, by)| Op::Reshape { pick, kind, size, angle, by }
        ),
        3 => Just(Op::Update),
    ]
}

/// `PROPTEST_CASES` when set (to run many more cases by hand), else `default`: a literal in
/// the config would otherwise override proptest's own reading of that variable.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn map_from(bits: u32) -> CollisionMap {
    let mut map = CollisionMap::empty();
    let mut k = 0;
    for (i, &a) in layers::ALL.iter().enumerate() {
        for &b in &layers::ALL[i..] {
            map.set(a, b, bits & (1 << k) != 0);
            k += 1;
        }
    }
    map
}

fn sorted_events(events: PairEvents) -> Vec<PairEvent> {
    let mut v = events.to_vec();
    v.sort_by_key(|e| (e.kind as u8, e.pair.a.handle, e.pair.b.handle));
    v
}

fn sorted_pairs(pairs: impl Iterator<Item = Pair>) -> Vec<Pair> {
    let mut v: Vec<_> = pairs.collect();
    v.sort_by_key(|p| (p.a.handle, p.b.handle));
    v
}

/// How a box moves: `set_aabb`, which a swept box sweeps, or `teleport`.
#[derive(Clone, Copy)]
enum Move {
    Sweep,
    Teleport,
}

struct Twin {
    sap: Collider,
    tree: AabbTree,
    brute: BruteForce,
    live: Vec<(Handle, Aabb)>,
    dead: Vec<Handle>,
    owner: u32,
}

impl Twin {
    fn new(map: CollisionMap, capacity: usize) -> Self {
        let config = Config { capacity, map };
        Twin {
            sap: Collider::new(config),
            tree: AabbTree::new(config),
            brute: BruteForce::new(config),
            live: Vec::new(),
            dead: Vec::new(),
            owner: 0,
        }
    }

    fn insert(&mut self, desc: BoxDesc) -> Result<(), TestCaseError> {
        let (a, b) = (self.sap.insert(desc), self.brute.insert(desc));
        prop_assert_eq!(a, b);
        prop_assert_eq!(a, self.tree.insert(desc));
        if let Ok(h) = a {
            // The three share their slot table: the shape is checked against the call's.
            prop_assert_eq!(self.sap.shape(h), Ok(desc.shape));
            self.live.push((h, desc.aabb));
        }
        Ok(())
    }

    /// `set_aabb` on all three, which must agree; returns what they returned.
    fn set_aabb(&mut self, h: Handle, b: Aabb) -> Result<Result<(), ColliderError>, TestCaseError> {
        let r = self.sap.set_aabb(h, b);
        prop_assert_eq!(r, self.tree.set_aabb(h, b));
        prop_assert_eq!(r, self.brute.set_aabb(h, b));
        Ok(r)
    }

    fn teleport(&mut self, h: Handle, b: Aabb) -> Result<Result<(), ColliderError>, TestCaseError> {
        let r = self.sap.teleport(h, b);
        prop_assert_eq!(r, self.tree.teleport(h, b));
        prop_assert_eq!(r, self.brute.teleport(h, b));
        Ok(r)
    }

    /// Moves the live box `pick` chooses to `to(its box)` on all three, which must agree, by
    /// `how`; the model follows when they accept the move.
    fn move_live(
        &mut self,
        pick: u16,
        how: Move,
        to: impl FnOnce(Aabb) -> Aabb,
    ) -> Result<(), TestCaseError> {
        let i = pick as usize % self.live.len();
        let (h, old) = self.live[i];
        let b = to(old);
        let r = match how {
            Move::Sweep => self.set_aabb(h, b)?,
            Move::Teleport => self.teleport(h, b)?,
        };
        if r.is_ok() {
            self.live[i].1 = b;
        }
        Ok(())
    }

    fn apply(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let unit = |x: i8, y: i8, w: u8, h: u8| {
            Aabb::new(
                Vec2::new(x as f32, y as f32),
                Vec2::new((x as i32 + w as i32) as f32, (y as i32 + h as i32) as f32),
            )
        };
        match *op {
            Op::Insert {
                count,
                at,
                size,
                layer,
                swept,
            } => {
                for _ in 0..count {
                    self.owner += 1;
                    let d = BoxDesc::new(
                        unit(at.0, at.1, size.0, size.1),
                        self.owner / 2,
                        layers::ALL[layer as usize],
                    )
                    .part((self.owner % 3) as u16)
                    .user(self.owner as u16)
                    .swept(swept);
                    self.insert(d)?;
                }
            }
            Op::Wild {
                count,
                corners,
                layer,
                swept,
            } => {
                for _ in 0..count {
                    self.owner += 1;
                    let d =
                        BoxDesc::new(wild_box(corners), self.owner, layers::ALL[layer as usize])
                            .swept(swept);
                    self.insert(d)?;
                }
            }
            Op::Reshape {
                pick,
                kind,
                size,
                angle,
                by,
            } if !self.live.is_empty() => {
                let i = pick as usize % self.live.len();
                let (h, old) = self.live[i];
                let centre = old.min * 0.5 + old.max * 0.5 + Vec2::new(by.0 as f32, by.1 as f32);
                let s = size as f32 / 4.0;
                let shape = match kind {
                    0 => Shape::Aabb,
                    1 => Shape::Circle { radius: s },
                    2 => Shape::Oriented {
                        half: Vec2::new(s, s * 0.5),
                        angle: angle as f32 / 10.0,
                    },
                    _ => Shape::Circle { radius: -s - 1.0 },
                };
                let r = self.sap.set_shape(h, centre, shape);
                prop_assert_eq!(r, self.tree.set_shape(h, centre, shape));
                prop_assert_eq!(r, self.brute.set_shape(h, centre, shape));
                match r {
                    Ok(()) => {
                        let now = self.sap.get(h).unwrap().1;
                        prop_assert_eq!(self.brute.get(h).unwrap().1, now);
                        prop_assert_eq!(self.sap.shape(h), Ok(shape));
                        self.live[i].1 = now;
                    }
                    // A bad shape, or a box around a centre beyond the f32 range.
                    Err(why) => prop_assert!(
                        why == ColliderError::InvalidShape(shape)
                            || matches!(why, ColliderError::InvalidAabb(_)),
                        "{:?}",
                        why
                    ),
                }
            }
            Op::WildMove { pick, corners } if !self.live.is_empty() => {
                let i = pick as usize % self.live.len();
                let to = wild_box(corners);
                prop_assert_eq!(self.set_aabb(self.live[i].0, to)?, Ok(()));
                self.live[i].1 = to;
            }
            Op::Move { pick, by, size } if !self.live.is_empty() => {
                self.move_live(pick, Move::Sweep, |old| {
                    unit(0, 0, size.0, size.1)
                        .translated(old.min + Vec2::new(by.0 as f32, by.1 as f32))
                })?;
            }
            Op::Teleport { pick, to } if !self.live.is_empty() => {
                self.move_live(pick, Move::Teleport, |old| {
                    Aabb::new(Vec2::ZERO, old.size())
                        .translated(Vec2::new(to.0 as f32, to.1 as f32))
                })?;
            }
            Op::Jump { pick, far } if !self.live.is_empty() => {
                let d = if far {
                    Vec2::new(1.0e6, -3.0e5)
                } else {
                    Vec2::new(-5.0e4, 7.0e4)
                };
                self.move_live(pick, Move::Sweep, |old| old.translated(d))?;
            }
            Op::Remove { pick } if !self.live.is_empty() => {
                let (h, _) = self.live.swap_remove(pick as usize % self.live.len());
                let r = self.sap.remove(h);
                prop_assert_eq!(r, self.brute.remove(h));
                prop_assert_eq!(r, self.tree.remove(h));
                // Removing twice is a stale-handle error, in the same frame or later.
                prop_assert!(self.sap.remove(h).is_err());
                prop_assert!(self.tree.remove(h).is_err());
                prop_assert!(self.brute.remove(h).is_err());
                self.dead.push(h);
            }
            Op::Stale { pick } if !self.dead.is_empty() => {
                let h = self.dead[pick as usize % self.dead.len()];
                let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
                prop_assert!(self.sap.set_aabb(h, b).is_err());
                prop_assert!(self.sap.teleport(h, b).is_err());
                prop_assert!(self.sap.remove(h).is_err());
                prop_assert!(self.sap.get(h).is_err());
                prop_assert!(!self.sap.contains(h));
                prop_assert!(self.brute.set_aabb(h, b).is_err() && !self.brute.contains(h));
                prop_assert!(self.tree.set_aabb(h, b).is_err());
                prop_assert!(self.tree.teleport(h, b).is_err());
                prop_assert!(self.tree.remove(h).is_err());
                prop_assert!(self.tree.get(h).is_err() && !self.tree.contains(h));
            }
            Op::Invalid { pick, which } if !self.live.is_empty() => {
                let (h, _) = self.live[pick as usize % self.live.len()];
                let bad = match which {
                    0 => Aabb::new(Vec2::new(f32::NAN, 0.0), Vec2::ONE),
                    1 => Aabb::new(Vec2::ZERO, Vec2::new(f32::INFINITY, 1.0)),
                    2 => Aabb::new(Vec2::new(3.0, 0.0), Vec2::ONE),
                    _ => Aabb::new(Vec2::ZERO, Vec2::new(1.0, f32::NEG_INFINITY)),
                };
                // Compared by kind: a NaN box is not equal to itself.
                let invalid =
                    |r: Result<(), ColliderError>| matches!(r, Err(ColliderError::InvalidAabb(_)));
                prop_assert!(
                    invalid(self.sap.set_aabb(h, bad)) && invalid(self.brute.set_aabb(h, bad))
                );
                prop_assert!(
                    invalid(self.tree.set_aabb(h, bad)) && invalid(self.tree.teleport(h, bad))
                );
                prop_assert!(
                    invalid(self.sap.teleport(h, bad)) && invalid(self.brute.teleport(h, bad))
                );
                let d = BoxDesc::new(bad, 0, PLAYER);
                prop_assert!(invalid(self.sap.insert(d).map(|_| ())));
                prop_assert!(invalid(self.brute.insert(d).map(|_| ())));
                prop_assert!(invalid(self.tree.insert(d).map(|_| ())));
            }
            Op::Update => self.update()?,
            _ => {}
        }
        Ok(())
    }

    fn update(&mut self) -> Result<(), TestCaseError> {
        let a = sorted_events(self.sap.update());
        let b = sorted_events(self.brute.update());
        // The tree reports in the same order as the sweep-and-prune (pair-key order).
        let events = self.tree.update().to_vec();
        prop_assert_eq!(&events, &self.sap.events().to_vec());
        prop_assert_eq!(self.tree.stats().live_pairs, self.brute.stats().live_pairs);
        prop_assert_eq!(self.tree.stats().live_boxes, self.brute.stats().live_boxes);
        prop_assert_eq!(self.tree.len(), self.brute.len());
        if let Err(e) = self.tree.validate() {
            return Err(TestCaseError::fail(e));
        }
        prop_assert_eq!(a, b);
        prop_assert_eq!(self.sap.stats().live_pairs, self.brute.stats().live_pairs);
        prop_assert_eq!(self.sap.stats().live_boxes, self.brute.stats().live_boxes);
        prop_assert_eq!(
            sorted_pairs(self.sap.pairs()),
            sorted_pairs(self.brute.pairs())
        );
        prop_assert_eq!(self.sap.len(), self.brute.len());
        if let Err(e) = self.sap.validate() {
            return Err(TestCaseError::fail(e));
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), ..ProptestConfig::default() })]

    #[test]
    fn sap_and_tree_match_brute_force(
        map_bits in any::<u32>(),
        capacity in prop_oneof![Just(1usize << 16), 20usize..80],
        ops in prop::collection::vec(op(), 1..160),
        query_corners in [coord(), coord(), coord(), coord()],
    ) {
        let mut t = Twin::new(map_from(map_bits), capacity);
        for op in &ops {
            t.apply(op)?;
        }
        t.update()?;
        // The query agrees too, after the final update and further unapplied calls: moved
        // boxes (some out of the tree's fat boxes), inserts and removals.
        for op in ops.iter().filter(|op| !matches!(op, Op::Update)).take(30) {
            t.apply(op)?;
        }
        for area in [
            Aabb::new(Vec2::new(2.0, 2.0), Vec2::new(12.0, 9.0)),
            Aabb::new(Vec2::splat(-f32::MAX), Vec2::splat(f32::MAX)),
            wild_box(query_corners),
        ] {
            for mask in [skysweep::collide::LayerMask::ALL, LayerMask::of(&[POWER_UP, AIR_ENEMY])] {
                let (mut qa, mut qb, mut qt) = (Vec::new(), Vec::new(), Vec::new());
                t.sap.query(area, mask, &mut qa);
                t.brute.query(area, mask, &mut qb);
                t.tree.query(area, mask, &mut qt);
                qa.sort_by_key(|c| c.handle);
                qb.sort_by_key(|c| c.handle);
                qt.sort_by_key(|c| c.handle);
                prop_assert_eq!(&qa, &qb);
                prop_assert_eq!(&qt, &qb);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    /// Thousands of boxes on the game's map, many frames of small moves plus spawns, removals
    /// and teleports: the sorted lists are exercised at scale.
    #[test]
    fn sap_and_tree_match_brute_force_with_thousands_of_boxes(
        seed in any::<u64>(),
        n in 1500usize..2500,
    ) {
        let mut t = Twin::new(shooter_map(), 1 << 16);
        let mut rng = seed | 1;
        let mut next = move |m: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % m
        };
        let layers = [ENEMY_BULLET, ENEMY_BULLET, PLAYER_SHOT, AIR_ENEMY,
            GROUND_ENEMY, POWER_UP];
        for i in 0..n {
            let layer = if i < 3 { PLAYER } else { layers[next(6) as usize] };
            let (x, y) = (next(224) as i8 as f32, next(100) as f32);
            let b = Aabb::new(Vec2::new(x, y), Vec2::new(x + 1.0 + next(8) as f32, y + 1.0 + next(8) as f32));
            t.owner += 1;
            let d = BoxDesc::new(b, t.owner, layer).swept(layer == PLAYER_SHOT);
            // A mix of exact shapes on the bullets, shots and enemies.
            let r = 0.5 + next(4) as f32;
            let d = match (layer, next(3)) {
                (ENEMY_BULLET | PLAYER_SHOT, 0) => d.shape(Shape::Circle { radius: r }),
                (AIR_ENEMY | PLAYER_SHOT, 1) => d.shape(Shape::Oriented {
                    half: Vec2::new(r, 0.5 * r),
                    angle: next(628) as f32 / 100.0,
                }),
                _ => d,
            };
            t.insert(d)?;
        }
        for frame in 0..6 {
            for i in 0..t.live.len() {
                let (h, old) = t.live[i];
                let b = old.translated(Vec2::new(next(5) as f32 - 2.0, next(9) as f32 - 4.0));
                prop_assert_eq!(t.set_aabb(h, b)?, Ok(()));
                t.live[i].1 = b;
            }
            for _ in 0..(frame * 40) {
                let op = match next(3) {
                    0 => Op::Remove { pick: next(65536) as u16 },
                    1 => Op::Teleport { pick: next(65536) as u16, to: (next(100) as i8, 5) },
                    _ => Op::Insert { count: 1, at: (next(100) as i8, 3), size: (3, 3), layer: next(5) as u8, swept: false },
                };
                t.apply(&op)?;
            }
            t.update()?;
        }
    }
}
