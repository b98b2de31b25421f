//! The collider contract, checked on the sweep-and-prune, the AABB tree and the brute-force
//! reference.

use glam::Vec2;
use skysweep::collide::workloads::broad_phases;
use skysweep::collide::workloads::layers::{
    self, shooter_map, AIR_ENEMY, BOMB_BLAST, ENEMY_BULLET, GROUND_ENEMY, PLAYER, PLAYER_SHOT,
    POWER_UP,
};
use skysweep::collide::{
    Aabb, BoxDesc, BroadPhase, BruteForce, Collider, ColliderError, Config, Handle, Layer,
    LayerMask, PairEventKind, PairEvents,
};

fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
}

/// Inserts a plain box of `owner` on `layer`; the tests only put valid boxes this way, so an
/// error fails the test.
fn put(c: &mut (impl BroadPhase + ?Sized), aabb: Aabb, owner: u32, layer: Layer) -> Handle {
    c.insert(BoxDesc::new(aabb, owner, layer)).unwrap()
}

fn kinds(events: PairEvents) -> Vec<(PairEventKind, u32, u32)> {
    let mut v: Vec<_> = events
        .iter()
        .map(|e| (e.kind, e.pair.a.owner, e.pair.b.owner))
        .collect();
    v.sort_by_key(|e| (e.1, e.2, e.0 as u8));
    v
}

/// Runs `check` on a fresh instance of each broad phase, then validates it. The name of the
/// one being checked goes to stderr, which a failing test shows.
fn on_each(check: impl Fn(&mut dyn BroadPhase)) {
    for (name, mut c) in broad_phases(Config {
        map: shooter_map(),
        ..Config::default()
    }) {
        eprintln!("checking {name}");
        check(c.as_mut());
        c.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn enter_stay_exit() {
    on_each(|c| {
        let p = put(c, b(0., 0., 4., 4.), 1, PLAYER);
        let e = put(c, b(10., 0., 14., 4.), 2, AIR_ENEMY);
        assert!(c.update().is_empty());
        c.set_aabb(p, b(8., 0., 12., 4.)).unwrap();
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Enter, 1, 2)]);
        assert_eq!(c.stats().pairs_added, 1);
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Stay, 1, 2)]);
        assert_eq!(c.pairs().count(), 1);
        c.set_aabb(e, b(20., 0., 24., 4.)).unwrap();
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Exit, 1, 2)]);
        assert_eq!(c.stats().pairs_removed, 1);
        assert!(c.update().is_empty());
    });
}

#[test]
fn remove_reports_exit_and_is_batched() {
    on_each(|c| {
        let p = put(c, b(0., 0., 100., 100.), 1, PLAYER);
        let bullets: Vec<_> = (0..50)
            .map(|i| {
                let x = i as f32;
                put(c, b(x, x, x + 2., x + 2.), 10 + i, ENEMY_BULLET)
            })
            .collect();
        assert_eq!(c.update().len(), 50);
        assert_eq!(c.stats().inserted, 51);
        for h in &bullets[..30] {
            c.remove(*h).unwrap();
            assert!(!c.contains(*h));
        }
        // Removal is applied at the update: Exit for each pair, all at once.
        let ev = c.update();
        assert_eq!(
            ev.iter().filter(|e| e.kind == PairEventKind::Exit).count(),
            30
        );
        assert_eq!(
            ev.iter().filter(|e| e.kind == PairEventKind::Stay).count(),
            20
        );
        assert_eq!(c.stats().removed, 30);
        assert_eq!(c.len(), 21);
        c.remove(p).unwrap();
        assert_eq!(
            c.update()
                .iter()
                .filter(|e| e.kind == PairEventKind::Exit)
                .count(),
            20
        );
        assert_eq!(c.pairs().count(), 0);
    });
}

#[test]
fn an_exit_outlives_the_reuse_of_its_removed_slot() {
    on_each(|c| {
        let p = put(c, b(0., 0., 10., 10.), 1, PLAYER);
        let e = c
            .insert(BoxDesc::new(b(2., 2., 4., 4.), 2, AIR_ENEMY).part(3))
            .unwrap();
        c.update();
        c.remove(e).unwrap();
        assert_eq!(c.update().len(), 1);
        // The freed slot goes to the next insert, before the Exit is read.
        let n = c
            .insert(BoxDesc::new(b(50., 50., 52., 52.), 7, AIR_ENEMY).user(9))
            .unwrap();
        assert_eq!(n.index(), e.index());
        let ev = c.events().to_vec();
        assert_eq!(ev.len(), 1);
        assert_eq!(ev[0].kind, PairEventKind::Exit);
        assert_eq!((ev[0].pair.a.handle, ev[0].pair.b.handle), (p, e));
        assert_eq!(
            (ev[0].pair.b.owner, ev[0].pair.b.part, ev[0].pair.b.user),
            (2, 3, 0)
        );
        // The new box's first update sees no pair, and nothing of the old one is left.
        assert!(c.update().is_empty());
        assert_eq!(c.pairs().count(), 0);
    });
}

#[test]
fn spawn_on_top_is_seen_on_first_update() {
    on_each(|c| {
        let _p = put(c, b(50., 50., 56., 56.), 1, PLAYER);
        c.update();
        c.update();
        // A bullet spawned on the player, and an item and an enemy spawned on each other.
        put(c, b(52., 52., 54., 54.), 2, ENEMY_BULLET);
        put(c, b(0., 0., 5., 5.), 3, POWER_UP);
        put(c, b(4., 4., 9., 9.), 4, BOMB_BLAST);
        put(c, b(3., 3., 8., 8.), 5, GROUND_ENEMY);
        assert_eq!(
            kinds(c.update()),
            vec![(PairEventKind::Enter, 1, 2), (PairEventKind::Enter, 5, 4)]
        );
    });
}

#[test]
fn touching_edges_never_overlap() {
    on_each(|c| {
        put(c, b(0., 0., 10., 10.), 1, PLAYER);
        put(c, b(10., 0., 20., 10.), 2, ENEMY_BULLET);
        put(c, b(0., 10., 10., 20.), 3, ENEMY_BULLET);
        put(c, b(10., 10., 20., 20.), 4, ENEMY_BULLET);
        put(c, b(5., 5., 5., 5.), 5, ENEMY_BULLET);
        put(c, b(9.5, 9.5, 12., 12.), 6, ENEMY_BULLET);
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Enter, 1, 6)]);
        let mut out = Vec::new();
        c.query(b(10., 10., 30., 30.), LayerMask::ALL, &mut out);
        let owners: Vec<u32> = out.iter().map(|x| x.owner).collect();
        assert!(
            owners.contains(&4) && owners.contains(&6) && owners.len() == 2,
            "{owners:?}"
        );
    });
}

#[test]
fn map_rejected_pairs_are_never_reported() {
    on_each(|c| {
        // Bullets on bullets, shots on bullets, player on ground enemy: none meet.
        for i in 0..20 {
            put(c, b(0., 0., 10., 10.), i, ENEMY_BULLET);
            put(c, b(0., 0., 10., 10.), 100 + i, PLAYER_SHOT);
        }
        put(c, b(0., 0., 10., 10.), 500, PLAYER);
        put(c, b(0., 0., 10., 10.), 501, GROUND_ENEMY);
        let ev = c.update().to_vec();
        // Only player-bullet (20) and shot-ground (20).
        assert_eq!(ev.len(), 40);
        for e in &ev {
            assert!(c.map().meets(e.pair.a.layer, e.pair.b.layer));
            assert!(e.pair.a.layer <= e.pair.b.layer, "canonical order");
        }
    });
}

#[test]
fn owner_part_and_user_reach_every_event() {
    on_each(|c| {
        let boss: Vec<_> = (0..3u16)
            .map(|part| {
                let x = 20. * part as f32;
                c.insert(BoxDesc::new(b(x, 0., x + 10., 10.), 7, AIR_ENEMY).part(part))
                    .unwrap()
            })
            .collect();
        let shot = BoxDesc::new(b(0., 0., 50., 5.), 9, PLAYER_SHOT).user(2);
        c.insert(shot).unwrap();
        c.update();
        let mut parts: Vec<(u16, u16)> = c
            .pairs_of_owner(7)
            .map(|(mine, other)| {
                assert_eq!(other.owner, 9);
                assert_eq!(other.user, 2);
                (mine.part, other.user)
            })
            .collect();
        parts.sort();
        assert_eq!(parts, vec![(0, 2), (1, 2), (2, 2)]);
        assert_eq!(c.pairs_of_owner(9).count(), 3);
        assert_eq!(c.pairs_of_owner(8).count(), 0);
        assert_eq!(c.get(boss[1]).unwrap().0.part, 1);
    });
}

#[test]
fn stale_handles_are_errors_and_touch_nothing() {
    on_each(|c| {
        let a = put(c, b(0., 0., 1., 1.), 1, PLAYER);
        c.remove(a).unwrap();
        assert_eq!(c.remove(a), Err(ColliderError::StaleHandle(a)));
        c.update();
        // The slot is reused with a new generation.
        let n = put(c, b(5., 5., 6., 6.), 2, PLAYER);
        assert_eq!(n.index(), a.index());
        assert_ne!(n.generation(), a.generation());
        assert_eq!(
            c.set_aabb(a, b(0., 0., 9., 9.)),
            Err(ColliderError::StaleHandle(a))
        );
        assert_eq!(
            c.teleport(a, b(0., 0., 9., 9.)),
            Err(ColliderError::StaleHandle(a))
        );
        assert_eq!(c.remove(a), Err(ColliderError::StaleHandle(a)));
        assert!(c.get(a).is_err() && !c.contains(a));
        assert_eq!(c.get(n).unwrap().1, b(5., 5., 6., 6.));
        // Insert and remove in the same frame: nothing ever reported.
        let s = put(c, b(5., 5., 6., 6.), 3, ENEMY_BULLET);
        c.remove(s).unwrap();
        assert!(c.update().is_empty());
        assert_eq!(c.len(), 1);
    });
}

#[test]
fn invalid_boxes_and_capacity_are_rejected_without_change() {
    on_each(|c| {
        let ok = put(c, b(0., 0., 1., 1.), 1, PLAYER);
        for bad in [
            b(f32::NAN, 0., 1., 1.),
            b(0., 0., f32::INFINITY, 1.),
            b(0., f32::NEG_INFINITY, 1., 1.),
            b(2., 0., 1., 1.),
            b(0., 2., 1., 1.),
        ] {
            // Compared by pattern: a NaN box is not equal to itself.
            let invalid =
                |r: Result<(), ColliderError>| matches!(r, Err(ColliderError::InvalidAabb(_)));
            assert!(invalid(c.insert(BoxDesc::new(bad, 1, PLAYER)).map(|_| ())));
            assert!(invalid(c.set_aabb(ok, bad)));
            assert!(invalid(c.teleport(ok, bad)));
        }
        assert_eq!(c.get(ok).unwrap().1, b(0., 0., 1., 1.));
        assert_eq!(c.len(), 1);
        c.update();
    });
}

#[test]
fn fast_movers_sweep_and_teleport_resets_history() {
    on_each(|c| {
        let wall = BoxDesc::new(b(0., 100., 200., 102.), 1, AIR_ENEMY);
        c.insert(wall).unwrap();
        let fast = c
            .insert(BoxDesc::new(b(50., 150., 52., 160.), 2, PLAYER_SHOT).swept(true))
            .unwrap();
        let slow = put(c, b(60., 150., 62., 160.), 3, PLAYER_SHOT);
        assert!(c.update().is_empty());
        // Both jump over the wall in one frame; only the swept one is caught.
        c.set_aabb(fast, b(50., 50., 52., 60.)).unwrap();
        c.set_aabb(slow, b(60., 50., 62., 60.)).unwrap();
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Enter, 2, 1)]);
        // Next frame it sweeps 50..60 -> 0..10: clear of the wall.
        c.set_aabb(fast, b(50., 0., 52., 10.)).unwrap();
        assert_eq!(kinds(c.update()), vec![(PairEventKind::Exit, 2, 1)]);
        // A teleport across the wall does not sweep.
        c.teleport(fast, b(50., 150., 52., 160.)).unwrap();
        assert!(c.update().is_empty());
    });
}

#[test]
fn query_filters_by_layer_mask() {
    on_each(|c| {
        put(c, b(0., 0., 10., 10.), 1, ENEMY_BULLET);
        put(c, b(0., 0., 10., 10.), 2, AIR_ENEMY);
        c.update();
        put(c, b(5., 5., 8., 8.), 3, ENEMY_BULLET);
        let gone = put(c, b(5., 5., 8., 8.), 4, ENEMY_BULLET);
        c.remove(gone).unwrap();
        let mut out = Vec::new();
        c.query(b(4., 4., 6., 6.), LayerMask::of(&[ENEMY_BULLET]), &mut out);
        let mut owners: Vec<u32> = out.iter().map(|x| x.owner).collect();
        owners.sort();
        assert_eq!(owners, vec![1, 3]);
        out.clear();
        c.query(b(4., 4., 6., 6.), LayerMask::NONE, &mut out);
        assert!(out.is_empty());
    });
}

#[test]
fn capacity_counts_pending_and_unapplied_removals() {
    let mut c = Collider::new(Config {
        capacity: 2,
        map: shooter_map(),
    });
    let a = put(&mut c, b(0., 0., 1., 1.), 1, PLAYER);
    put(&mut c, b(0., 0., 1., 1.), 2, PLAYER);
    let full = c.insert(BoxDesc::new(b(0., 0., 1., 1.), 3, PLAYER));
    assert_eq!(full, Err(ColliderError::CapacityExceeded { capacity: 2 }));
    c.remove(a).unwrap();
    // The removal is not applied yet, so the slot still counts.
    assert!(c
        .insert(BoxDesc::new(b(0., 0., 1., 1.), 3, PLAYER))
        .is_err());
    c.update();
    assert!(c.insert(BoxDesc::new(b(0., 0., 1., 1.), 3, PLAYER)).is_ok());
    c.validate().unwrap();

    let mut r = BruteForce::new(Config {
        capacity: 1,
        map: shooter_map(),
    });
    put(&mut r, b(0., 0., 1., 1.), 1, PLAYER);
    assert!(r
        .insert(BoxDesc::new(b(0., 0., 1., 1.), 1, PLAYER))
        .is_err());
}

#[test]
fn same_calls_give_the_same_events_in_the_same_order() {
    let run = || {
        let mut c = Collider::with_map(shooter_map());
        let mut log = Vec::new();
        let mut hs = Vec::new();
        for f in 0..60u32 {
            for k in 0..20u32 {
                let x = ((f * 7 + k * 13) % 50) as f32;
                let layer = layers::ALL[(k % 7) as usize];
                hs.push(
                    c.insert(BoxDesc::new(b(x, x, x + 6., x + 6.), k, layer))
                        .unwrap(),
                );
            }
            for (i, h) in hs.iter().enumerate() {
                let d = ((i as u32 + f) % 5) as f32 - 2.;
                let _ = c.set_aabb(*h, b(d + 10., d, d + 16., d + 6.));
            }
            while hs.len() > 60 {
                let h = hs.remove((f as usize * 3) % hs.len());
                c.remove(h).unwrap();
            }
            log.extend(c.update());
        }
        log
    };
    let (a, b) = (run(), run());
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn layers_that_never_meet_cost_no_tests_and_no_swaps() {
    let mut c = Collider::with_map(shooter_map());
    let mut hs = Vec::new();
    for i in 0..500 {
        let x = (i % 200) as f32;
        hs.push(put(&mut c, b(x, 0., x + 3., 3.), i, ENEMY_BULLET));
        hs.push(put(&mut c, b(x, 0., x + 3., 3.), i, PLAYER_SHOT));
    }
    for f in 0..5 {
        for (i, h) in hs.iter().enumerate() {
            // Opposing streams crossing each other on both axes.
            let x = ((i * 37 + f * 11) % 200) as f32;
            let y = if i % 2 == 0 {
                f as f32 * 9.
            } else {
                50. - f as f32 * 9.
            };
            c.set_aabb(*h, b(x, y, x + 3., y + 3.)).unwrap();
        }
        assert!(c.update().is_empty());
        let s = c.stats();
        assert_eq!((s.pair_tests, s.swaps, s.live_pairs), (0, 0, 0));
        assert_eq!(s.live_boxes, 1000);
    }
    c.validate().unwrap();
}

/// The sweep-and-prune holding twenty shots in a row 10 apart (owners 0 to 19), each
/// overlapping its own enemy (owner 100 more), not yet updated; and the shots' handles.
fn shots_over_enemies() -> (Collider, Vec<Handle>) {
    let mut c = Collider::with_map(shooter_map());
    let mut shots = Vec::new();
    for i in 0..20 {
        let x = i as f32 * 10.;
        shots.push(put(&mut c, b(x, 0., x + 4., 4.), i, PLAYER_SHOT));
        put(&mut c, b(x + 2., 2., x + 6., 6.), 100 + i, AIR_ENEMY);
    }
    (c, shots)
}

#[test]
fn stats_count_swaps_and_tests_for_sweeps() {
    let (mut c, shots) = shots_over_enemies();
    c.update();
    let s = c.stats();
    assert_eq!(
        (s.live_pairs, s.pairs_added, s.inserted, s.live_boxes),
        (20, 20, 40, 40)
    );
    assert!(
        s.pair_tests >= 20 && s.pair_tests < 400,
        "sweep, not all pairs: {s:?}"
    );
    // Reverse the shots' x order (staying in the same horizontal band): the insertion sort
    // must exchange endpoints, 20 * 19 / 2 times.
    for (i, h) in shots.iter().enumerate() {
        let x = (19 - i) as f32 * 10.;
        c.set_aabb(*h, b(x, 10., x + 4., 14.)).unwrap();
    }
    c.update();
    let s = c.stats();
    assert_eq!(s.swaps, 190);
    assert_eq!((s.pairs_removed, s.live_pairs), (20, 0));
    c.validate().unwrap();
}
