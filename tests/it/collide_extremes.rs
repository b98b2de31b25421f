//! Boxes at the edges of what the contract accepts: coordinates up to ±`f32::MAX`, sizes that
//! overflow to infinity when subtracted, boxes far outside the playfield. Every broad phase must
//! report exactly what the brute-force reference reports for them.

use glam::Vec2;
use skysweep::collide::workloads::layers::{AIR_ENEMY, ENEMY_BULLET};
use skysweep::collide::{
    Aabb, AabbTree, BoxDesc, BroadPhase, BruteForce, Collider, CollisionMap, Config, Layer,
    PairEvent, PairEvents,
};

fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
}

fn sorted(events: PairEvents) -> Vec<PairEvent> {
    let mut v = events.to_vec();
    v.sort_by_key(|e| (e.kind as u8, e.pair.a.handle, e.pair.b.handle));
    v
}

/// A map where `layer` meets itself (and nothing else), so its boxes are swept against each
/// other once there are more than a handful.
fn self_meeting(layer: Layer) -> Config {
    Config {
        capacity: 1 << 16,
        map: CollisionMap::empty().with(layer, layer),
    }
}

/// Inserts `boxes` on one self-meeting layer into both colliders, updates both, and returns
/// the number of pairs after checking that they agree.
fn pairs_agree(boxes: &[Aabb]) -> usize {
    let config = self_meeting(ENEMY_BULLET);
    let (mut sap, mut brute) = (Collider::new(config), BruteForce::new(config));
    let mut tree = AabbTree::new(config);
    for (k, &aabb) in boxes.iter().enumerate() {
        let d = BoxDesc::new(aabb, k as u32, ENEMY_BULLET);
        let h = sap.insert(d);
        assert_eq!(h, brute.insert(d), "{aabb:?}");
        assert_eq!(h, tree.insert(d), "{aabb:?}");
    }
    let (a, e) = (sorted(sap.update()), sorted(brute.update()));
    assert_eq!(a, e, "events differ for {boxes:?}");
    assert_eq!(sorted(tree.update()), e, "tree events differ for {boxes:?}");
    sap.validate().unwrap();
    tree.validate().unwrap();
    a.len()
}

#[test]
fn a_box_taller_than_the_band_reach_meets_boxes_in_every_band() {
    // One giant box over the whole field plus small boxes spread over every band: more than
    // the scan limit, so the layer is swept band against band.
    for tall in [
        b(-f32::MAX, -f32::MAX, f32::MAX, f32::MAX),
        // Height overflows to infinity when subtracted.
        b(0.0, -3.0e38, 200.0, 3.0e38),
        // Just past the point where height / band height no longer fits a usize.
        b(0.0, -1.0, 200.0, 7.0e20),
        b(0.0, -1.0, 200.0, 1.0e30),
    ] {
        let mut boxes = vec![tall];
        for k in 0..12 {
            let y = 30.0 * k as f32;
            boxes.push(b(10.0 * k as f32, y, 10.0 * k as f32 + 4.0, y + 4.0));
        }
        // Twelve small boxes apart from each other: every pair is the tall box with one.
        assert_eq!(pairs_agree(&boxes), 12, "{tall:?}");
    }
}

#[test]
fn boxes_at_the_float_limits_pair_like_brute_force() {
    let m = f32::MAX;
    let mut boxes = vec![
        b(-m, -m, m, m),
        b(-m, -m, -m, m), // zero width at the far left: overlaps nothing
        b(m / 2.0, -m, m, -m / 2.0),
        b(-m, m / 4.0, 0.0, m),
        b(-1.0e30, -1.0e30, 1.0e30, 1.0e30),
        b(1.0e20, 1.0e20, 1.0e21, 1.0e21),
        b(-1.0e21, 5.0, -1.0e20, 6.0e20),
        b(f32::MIN_POSITIVE, -f32::MIN_POSITIVE, 1.0e-30, 1.0e-30),
    ];
    for k in 0..20 {
        let x = (k as f32 - 10.0) * 1.0e37;
        boxes.push(b(x, -x.abs(), x + 3.0e37, 1.0e37));
        boxes.push(b(
            k as f32,
            40.0 * k as f32,
            k as f32 + 9.0,
            40.0 * k as f32 + 9.0,
        ));
    }
    assert!(pairs_agree(&boxes) > 0);
}

#[test]
fn giant_boxes_moving_between_frames_keep_matching() {
    let config = self_meeting(AIR_ENEMY);
    let (mut sap, mut brute) = (Collider::new(config), BruteForce::new(config));
    let mut tree = AabbTree::new(config);
    let mut handles = Vec::new();
    for k in 0..16 {
        let y = 25.0 * k as f32;
        let d = BoxDesc::new(b(0.0, y, 8.0, y + 8.0), k, AIR_ENEMY).swept(k % 3 == 0);
        let h = sap.insert(d).unwrap();
        assert_eq!(brute.insert(d), Ok(h));
        assert_eq!(tree.insert(d), Ok(h));
        handles.push(h);
    }
    let giant = [
        b(-f32::MAX, -f32::MAX, f32::MAX, f32::MAX),
        b(0.0, 1.0e25, 4.0, 1.0e38),
        b(-f32::MAX, 0.0, f32::MAX, 1.0),
        b(2.0, -1.0e21, 3.0, 1.0e21),
    ];
    for frame in 0..12 {
        for (k, &h) in handles.iter().enumerate() {
            let to = if (k + frame) % 5 == 0 {
                giant[(k + frame) % giant.len()]
            } else {
                let y = 25.0 * ((k + frame) % 14) as f32;
                b(k as f32, y, k as f32 + 8.0, y + 8.0)
            };
            assert_eq!(sap.set_aabb(h, to), brute.set_aabb(h, to));
        }
        assert_eq!(
            sorted(sap.update()),
            sorted(brute.update()),
            "frame {frame}"
        );
        sap.validate().unwrap();
    }
}
