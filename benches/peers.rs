//! Every method of the benchmark (sweep-and-prune, AABB tree, brute force, grid, broccoli,
//! parry's BVH) finds the same pairs on the benchmark's scenes: the check the benchmark makes
//! before timing, run as a test (`cargo test -p skysweep-bench`).

#[allow(dead_code)]
#[path = "collide.rs"]
mod bench;

use skysweep::collide::workloads::WorkloadKind;

#[test]
fn every_method_finds_the_same_pairs_on_the_mixed_scenes_and_the_swarm() {
    // The 10k scene is checked on one frame only: brute force is not part of it, and the
    // peers are slow in a debug build.
    assert!(bench::assert_methods_agree(WorkloadKind::Sparse1k, 3) > 0);
    assert!(bench::assert_methods_agree(WorkloadKind::BulletHell10k, 1) > 0);
    // Dense pairs between two big layers.
    assert!(bench::assert_methods_agree(WorkloadKind::Swarm5k, 1) > 40_000);
}
