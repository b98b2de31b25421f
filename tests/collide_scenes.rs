//! The benchmark scenes: every method (sweep-and-prune, AABB tree, brute force, grid, broccoli,
//! parry's BVH) finds the same pairs, and the sweep-and-prune's and the tree's events match
//! brute force frame by frame.

#[allow(dead_code)]
#[path = "../benches/collide.rs"]
mod bench;

use skysweep::collide::workloads::{Driven, Workload, WorkloadKind};
use skysweep::collide::{AabbTree, BroadPhase, BruteForce, Collider, Config, PairEventKind};

#[test]
fn every_method_finds_the_same_pairs_on_the_mixed_scenes_and_the_swarm() {
    // The 10k scene is checked on one frame only: brute force is not part of it, and the
    // peers are slow in a debug build.
    assert!(bench::assert_methods_agree(WorkloadKind::Sparse1k, 3) > 0);
    assert!(bench::assert_methods_agree(WorkloadKind::BulletHell10k, 1) > 0);
    // Dense pairs between two big layers.
    assert!(bench::assert_methods_agree(WorkloadKind::Swarm5k, 1) > 40_000);
}

#[test]
fn sap_and_tree_track_brute_force_through_bursts_and_clears() {
    for (kind, from, frames) in [
        (WorkloadKind::BossBurst, 25, 10),
        (WorkloadKind::MassClear, 55, 10),
    ] {
        let mut scene = Workload::after(kind, from);
        let mut sap = Driven::new(Collider::new(Config::default()), &scene);
        let mut brute = Driven::new(BruteForce::new(Config::default()), &scene);
        let mut tree = Driven::new(AabbTree::new(Config::default()), &scene);
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
            let mut sap = Driven::new(Collider::new(Config::default()), &scene);
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
