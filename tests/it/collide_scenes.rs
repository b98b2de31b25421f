//! The benchmark scenes: the sweep-and-prune's and the tree's events match brute force frame by
//! frame, and the scenes are deterministic. That every method of the benchmark, the peers too,
//! finds the same pairs is checked beside the benchmark, in `benches/peers.rs`.

use skysweep::collide::workloads::{Driven, Workload, WorkloadKind};
use skysweep::collide::{AabbTree, BroadPhase, BruteForce, Collider, Config, PairEventKind};

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
