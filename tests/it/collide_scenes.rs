//! The benchmark scenes: the sweep-and-prune's and the tree's events match brute force frame by
//! frame, and the scenes are deterministic. That every method of the benchmark, the peers too,
//! finds the same pairs is checked beside the benchmark, in `benches/peers.rs`.

use skysweep::collide::workloads::layers::shooter_map;
use skysweep::collide::workloads::{Driven, Workload, WorkloadKind};
use skysweep::collide::{AabbTree, BroadPhase, BruteForce, Collider, PairEventKind};

#[test]
fn sap_and_tree_track_brute_force_through_bursts_and_clears() {
    for (kind, from, frames) in [
        (WorkloadKind::BossBurst, 25, 10),
        (WorkloadKind::MassClear, 55, 10),
    ] {
        let mut scene = Workload::after(kind, from);
        let mut sap = Driven::new(Collider::with_map(shooter_map()), &scene);
        let mut brute = Driven::new(BruteForce::with_map(shooter_map()), &scene);
        let mut tree = Driven::new(AabbTree::with_map(shooter_map()), &scene);
        let (mut spawned, mut removed) = (0, 0);
        for _ in 0..frames {
            scene.step();
            sap.frame(&scene);
            brute.frame(&scene);
            tree.frame(&scene);
            assert_eq!(
                sap.collider.events().to_vec(),
                tree.collider.events().to_vec(),
                "{} frame {}: the tree reports what the sweep-and-prune does, in order",
                kind.name(),
                scene.frame
            );
            assert_eq!(
                sap.pairs(),
                brute.pairs(),
                "{} frame {}",
                kind.name(),
                scene.frame
            );
            let count =
                |c: skysweep::collide::PairEvents, k| c.iter().filter(|e| e.kind == k).count();
            for k in [
                PairEventKind::Enter,
                PairEventKind::Stay,
                PairEventKind::Exit,
            ] {
                assert_eq!(
                    count(sap.collider.events(), k),
                    count(brute.collider.events(), k)
                );
            }
            let s = sap.collider.stats();
            spawned += s.inserted;
            removed += s.removed;
            assert_eq!(s.live_boxes, brute.collider.stats().live_boxes);
        }
        sap.collider.validate_structure().unwrap();
        tree.collider.validate_structure().unwrap();
        match kind {
            WorkloadKind::BossBurst => assert!(spawned >= 500, "{spawned}"),
            _ => assert!(removed >= 5000, "{removed}"),
        }
    }
}

#[test]
fn scenes_are_deterministic() {
    for kind in WorkloadKind::ALL {
        let run = || {
            let mut scene = Workload::after(kind, 5);
            let mut sap = Driven::new(Collider::new(kind.config()), &scene);
            let mut log = Vec::new();
            for _ in 0..3 {
                scene.step();
                sap.frame(&scene);
                log.extend(sap.collider.events());
            }
            log
        };
        assert_eq!(run(), run(), "{}", kind.name());
    }
}

/// Steps `scene` `frames` times with both broad phases in tow, calling `check` after each.
fn in_step<A: BroadPhase, B: BroadPhase>(
    scene: &mut Workload,
    (a, b): (&mut Driven<A>, &mut Driven<B>),
    frames: usize,
    check: impl Fn(&Driven<A>, &Driven<B>, u64),
) {
    for _ in 0..frames {
        scene.step();
        a.frame(scene);
        b.frame(scene);
        check(a, b, scene.frame);
    }
}

#[test]
fn the_bullet_curtain_is_found_alike_at_full_size_and_against_brute_force_when_small() {
    let kind = WorkloadKind::Curtain100k;
    // Full size: a hundred thousand bullets, the sweep-and-prune against the tree.
    let mut scene = Workload::after(kind, 3);
    let mut sap = Driven::new(Collider::new(kind.config()), &scene);
    let mut tree = Driven::new(AabbTree::new(kind.config()), &scene);
    in_step(&mut scene, (&mut sap, &mut tree), 2, |sap, tree, frame| {
        let events = |c: skysweep::collide::PairEvents| c.to_vec();
        assert_eq!(
            events(sap.collider.events()),
            events(tree.collider.events()),
            "frame {frame}"
        );
    });
    assert!(sap.collider.stats().live_boxes > 100_000);
    let bullets_on_the_player = sap
        .collider
        .pairs()
        .filter(|p| p.a.owner == 0 || p.b.owner == 0)
        .count();
    assert!(bullets_on_the_player > 10, "{bullets_on_the_player}");
    // Scaled down to where brute force is affordable: every pair, frame after frame.
    let mut small = Workload::with_bodies(kind, 3_000);
    let mut sap = Driven::new(Collider::new(kind.config()), &small);
    let mut brute = Driven::new(BruteForce::new(kind.config()), &small);
    in_step(
        &mut small,
        (&mut sap, &mut brute),
        5,
        |sap, brute, frame| {
            assert_eq!(sap.pairs(), brute.pairs(), "frame {frame}");
        },
    );
}
