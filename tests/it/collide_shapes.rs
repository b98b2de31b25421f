//! Exact shapes behind the broad phase: each pair of shapes' normal and depth, touching edges,
//! rotated boxes, the corners of round bullets, and swept circles that must not tunnel. Every
//! check runs on the sweep-and-prune, the tree and the brute-force reference alike.

use glam::Vec2;
use skysweep::collide::workloads::broad_phases;
use skysweep::collide::workloads::layers::{shooter_map, ENEMY_BULLET, PLAYER};
use skysweep::collide::{
    Aabb, AabbTree, BoxDesc, BroadPhase, BruteForce, Collider, ColliderError, Config, Handle,
    Layer, Manifold, PairEventKind, Shape,
};

const A: Layer = PLAYER;
const B: Layer = ENEMY_BULLET;

fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
    Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
}

fn close(m: Manifold, normal: Vec2, depth: f32) {
    assert!(
        (m.normal - normal).length() < 1e-4 && (m.depth - depth).abs() < 1e-4,
        "{m:?}, expected normal {normal} depth {depth}"
    );
}

/// Runs `check` on a fresh instance of each broad phase with the game's map. The name of the
/// one being checked goes to stderr, which a failing test shows.
fn on_each(check: impl Fn(&mut dyn BroadPhase)) {
    for (name, mut c) in broad_phases(Config {
        map: shooter_map(),
        ..Config::default()
    }) {
        eprintln!("checking {name}");
        check(c.as_mut());
    }
}

/// Inserts two bodies, updates, and returns their handles and how many pairs came out.
fn two(c: &mut dyn BroadPhase, x: BoxDesc, y: BoxDesc) -> (Handle, Handle, usize) {
    let ha = c.insert(x).unwrap();
    let hb = c.insert(y).unwrap();
    let n = c.update().len();
    (ha, hb, n)
}

#[test]
fn circles_meet_along_the_line_between_centres() {
    on_each(|c| {
        let (ha, hb, n) = two(
            c,
            BoxDesc::circle(Vec2::ZERO, 2.0, 1, A),
            BoxDesc::circle(Vec2::new(3.0, 4.0), 4.0, 2, B),
        );
        assert_eq!(n, 1);
        // Centres 5 apart, radii summing to 6.
        close(
            c.manifold(ha, hb).unwrap().unwrap(),
            Vec2::new(0.6, 0.8),
            1.0,
        );
        close(
            c.manifold(hb, ha).unwrap().unwrap(),
            Vec2::new(-0.6, -0.8),
            1.0,
        );
        // Exactly touching: no overlap, and an Exit.
        c.set_circle(hb, Vec2::new(6.0, 0.0), 4.0).unwrap();
        let kinds: Vec<_> = c.update().iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [PairEventKind::Exit]);
        assert_eq!(c.manifold(ha, hb), Ok(None));
    });
}

#[test]
fn a_circle_meets_a_box_by_its_face_or_its_corner() {
    on_each(|c| {
        let (ha, hb, n) = two(
            c,
            BoxDesc::new(b(0., 0., 10., 10.), 1, A),
            BoxDesc::circle(Vec2::new(12.0, 5.0), 3.0, 2, B),
        );
        assert_eq!(n, 1);
        close(c.manifold(ha, hb).unwrap().unwrap(), Vec2::X, 1.0);
        // Near the corner: the normal points from the corner to the centre.
        c.set_circle(hb, Vec2::new(12.0, 12.0), 3.0).unwrap();
        assert_eq!(c.update().len(), 1);
        let d = 8f32.sqrt();
        close(
            c.manifold(ha, hb).unwrap().unwrap(),
            Vec2::splat(std::f32::consts::FRAC_1_SQRT_2),
            3.0 - d,
        );
        // The circle's box overlaps the box's corner, the circle does not: no pair.
        c.set_circle(hb, Vec2::new(13.0, 13.0), 4.0).unwrap();
        let events = c.update();
        assert_eq!(events.len(), 1);
        assert_eq!(events.get(0).unwrap().kind, PairEventKind::Exit);
        assert_eq!(c.manifold(ha, hb), Ok(None));
        // Centre inside the box: pushed out through the nearest face, radius included.
        c.set_circle(hb, Vec2::new(9.0, 5.0), 2.0).unwrap();
        c.update();
        close(c.manifold(ha, hb).unwrap().unwrap(), Vec2::X, 3.0);
    });
}

#[test]
fn rotated_boxes_meet_by_their_faces_not_their_bounding_boxes() {
    let quarter = std::f32::consts::FRAC_PI_4;
    on_each(|c| {
        let diamond = |x: f32, y: f32, owner| {
            BoxDesc::oriented(Vec2::new(x, y), Vec2::ONE, quarter, owner, A)
        };
        let ha = c.insert(diamond(0.0, 0.0, 1)).unwrap();
        let hb = c
            .insert(BoxDesc {
                layer: B,
                ..diamond(2.0, 2.0, 2)
            })
            .unwrap();
        // Bounding boxes overlap by 0.83 on each axis; the diamonds' faces are apart.
        assert!(c.get(ha).unwrap().1.overlaps(&c.get(hb).unwrap().1));
        assert_eq!(c.update().len(), 0);
        assert_eq!(c.manifold(ha, hb), Ok(None));
        // Side by side along x: overlap along a face normal.
        c.set_shape(
            hb,
            Vec2::new(2.5, 0.0),
            Shape::Oriented {
                half: Vec2::ONE,
                angle: quarter,
            },
        )
        .unwrap();
        assert_eq!(c.update().len(), 1);
        let m = c.manifold(ha, hb).unwrap().unwrap();
        assert!(
            (m.depth - (2.0 - 2.5 * std::f32::consts::FRAC_1_SQRT_2)).abs() < 1e-4,
            "{m:?}"
        );
        assert!(
            (m.normal.length() - 1.0).abs() < 1e-5 && m.normal.x > 0.0,
            "{m:?}"
        );
        // Unturned, an oriented box is its own box, and touching faces do not overlap.
        c.set_shape(
            hb,
            Vec2::new(2.0, 0.5),
            Shape::Oriented {
                half: Vec2::ONE,
                angle: 0.0,
            },
        )
        .unwrap();
        c.set_shape(ha, Vec2::ZERO, Shape::Aabb).unwrap();
        // A plain box keeps its size (the diamond's bounds): give it the unit square.
        c.set_aabb(ha, b(-1., -1., 1., 1.)).unwrap();
        c.update();
        assert_eq!(c.manifold(ha, hb), Ok(None));
        assert_eq!(c.pairs().count(), 0);
        c.set_shape(
            hb,
            Vec2::new(1.5, 0.5),
            Shape::Oriented {
                half: Vec2::ONE,
                angle: 0.0,
            },
        )
        .unwrap();
        assert_eq!(c.update().len(), 1);
        close(c.manifold(ha, hb).unwrap().unwrap(), Vec2::X, 0.5);
    });
}

#[test]
fn an_oriented_box_meets_a_circle_by_its_turned_face() {
    on_each(|c| {
        // A long needle along the diagonal, a circle off its middle.
        let angle = std::f32::consts::FRAC_PI_4;
        let (ha, hb, n) = two(
            c,
            BoxDesc::oriented(Vec2::ZERO, Vec2::new(10.0, 1.0), angle, 1, A),
            BoxDesc::circle(Vec2::new(-2.0, 2.0), 2.0, 2, B),
        );
        assert_eq!(n, 1);
        // The centre is 2√2 from the axis, 2√2 - 1 from the face: overlap 3 - 2√2.
        let m = c.manifold(ha, hb).unwrap().unwrap();
        close(m, Vec2::new(-1.0, 1.0).normalize(), 3.0 - 8f32.sqrt());
        // Moved along the needle's normal to just past reach: nothing, though the boxes
        // still overlap.
        c.set_circle(hb, Vec2::new(-2.2, 2.2), 2.0).unwrap();
        assert_eq!(
            c.update().iter().map(|e| e.kind).collect::<Vec<_>>(),
            [PairEventKind::Exit]
        );
    });
}

#[test]
fn a_swept_circle_is_a_capsule_and_does_not_tunnel() {
    on_each(|c| {
        // A thin ledge across the path of a fast round shot.
        let wall = c.insert(BoxDesc::new(b(-5., -0.5, 5., 0.5), 1, A)).unwrap();
        let fast = c
            .insert(BoxDesc::circle(Vec2::new(0.0, 100.0), 1.0, 2, B).swept(true))
            .unwrap();
        let slow = c
            .insert(BoxDesc::circle(Vec2::new(3.0, 100.0), 1.0, 3, B))
            .unwrap();
        c.update();
        // Both jump past the ledge in one update: only the swept one hits it.
        c.set_circle(fast, Vec2::new(0.0, -100.0), 1.0).unwrap();
        c.set_circle(slow, Vec2::new(3.0, -100.0), 1.0).unwrap();
        let events = c.update().to_vec();
        assert_eq!(events.len(), 1);
        let hit = events[0].pair;
        assert_eq!((hit.a.handle, hit.b.handle), (wall, fast));
        // A diagonal pass whose sweep box covers the ledge's corner but whose capsule stays
        // 1.4 away from it: no pair, where a swept box would report one.
        c.teleport(fast, Aabb::from_center(Vec2::new(2.0, 9.0), Vec2::ONE))
            .unwrap();
        c.update();
        c.set_circle(fast, Vec2::new(14.0, -3.0), 1.0).unwrap();
        let kinds: Vec<_> = c.update().iter().map(|e| e.kind).collect();
        assert!(kinds.iter().all(|k| *k == PairEventKind::Exit), "{kinds:?}");
        assert_eq!(c.pairs().count(), 0);
    });
}

#[test]
fn shapes_without_area_overlap_nothing_and_invalid_ones_are_refused() {
    on_each(|c| {
        let big = BoxDesc::new(b(0., 0., 10., 10.), 1, A);
        // A dot of radius 0 inside a box large enough to pass the broad phase.
        let dot = BoxDesc {
            shape: Shape::Circle { radius: 0.0 },
            ..BoxDesc::new(b(4., 4., 6., 6.), 2, B)
        };
        let (_, hd, n) = two(c, big, dot);
        assert_eq!(n, 0);
        for bad in [
            Shape::Circle { radius: -1.0 },
            Shape::Circle { radius: f32::NAN },
            Shape::Oriented {
                half: Vec2::new(1.0, f32::INFINITY),
                angle: 0.0,
            },
            Shape::Oriented {
                half: Vec2::ONE,
                angle: f32::NAN,
            },
        ] {
            let d = BoxDesc { shape: bad, ..dot };
            // Matched, not compared: NaN never equals itself.
            let same = |s: Shape| format!("{s:?}") == format!("{bad:?}");
            let refused = |r: Result<_, ColliderError>| matches!(r, Err(ColliderError::InvalidShape(s)) if same(s));
            assert!(refused(c.insert(d).map(|_| ())));
            assert!(refused(c.set_shape(hd, Vec2::ONE, bad)));
        }
        assert_eq!(c.shape(hd), Ok(Shape::Circle { radius: 0.0 }));
        assert_eq!(c.get(hd).unwrap().1, b(4., 4., 6., 6.));
        assert_eq!(c.len(), 2);
    });
}

/// A turned box set with its angle's sine and cosine given is the box `set_shape` works out
/// for that angle, shape and bounds bit for bit; an invalid one is refused alike.
#[test]
fn an_oriented_box_given_its_sine_and_cosine_is_the_one_set_shape_gives() {
    on_each(|c| {
        let desc = |owner| BoxDesc::new(b(0., 0., 2., 2.), owner, B);
        let (plain, given, _) = two(c, desc(1), desc(2));
        let half = Vec2::new(6.0, 1.5);
        for k in 0..720 {
            let angle = (k as f32 * 0.5 - 90.0).to_radians();
            let centre = Vec2::new(100.0 + k as f32 * 0.37, 50.0 - k as f32 * 0.11);
            c.set_shape(plain, centre, Shape::Oriented { half, angle })
                .unwrap();
            c.set_oriented(given, centre, (half, angle), libm::sincosf(angle))
                .unwrap();
            assert_eq!(c.shape(given), c.shape(plain));
            assert_eq!(c.get(given).unwrap().1, c.get(plain).unwrap().1, "{angle}");
        }
        let bad = (Vec2::new(-1.0, 1.0), 0.0);
        assert!(matches!(
            c.set_oriented(given, Vec2::ZERO, bad, (0.0, 1.0)),
            Err(ColliderError::InvalidShape(_))
        ));
    });
}

#[test]
fn every_phase_reports_the_same_pairs_for_round_bullets_in_a_scene() {
    use skysweep::collide::workloads::{Driven, Workload, WorkloadKind};
    for kind in [WorkloadKind::Sparse1k, WorkloadKind::BossBurst] {
        let mut round = Workload::with_round_bullets(kind, 1500, true);
        let mut square = Workload::with_round_bullets(kind, 1500, false);
        let mut sap = Driven::new(Collider::with_map(shooter_map()), &round);
        let mut tree = Driven::new(AabbTree::with_map(shooter_map()), &round);
        let mut brute = Driven::new(BruteForce::with_map(shooter_map()), &round);
        let mut boxes = Driven::new(Collider::with_map(shooter_map()), &square);
        let (mut fewer, mut total) = (0, 0);
        for _ in 0..40 {
            round.step();
            square.step();
            sap.frame(&round);
            tree.frame(&round);
            brute.frame(&round);
            boxes.frame(&square);
            let p = sap.pairs();
            assert_eq!(p, tree.pairs());
            assert_eq!(p, brute.pairs());
            sap.collider.validate().unwrap();
            // Circles are inside their boxes: never a pair the boxes lack.
            let q = boxes.pairs();
            assert!(p.iter().all(|x| q.binary_search(x).is_ok()));
            fewer += q.len() - p.len();
            total += q.len();
        }
        assert!(
            total > 0 && fewer > 0,
            "{kind:?}: {fewer} of {total} box pairs cut"
        );
    }
}

#[test]
fn manifolds_refuse_stale_handles() {
    let mut c = Collider::with_map(shooter_map());
    let h = c.insert(BoxDesc::circle(Vec2::ZERO, 1.0, 1, A)).unwrap();
    let g = c.insert(BoxDesc::circle(Vec2::X, 1.0, 2, B)).unwrap();
    c.remove(g).unwrap();
    assert_eq!(c.manifold(h, g), Err(ColliderError::StaleHandle(g)));
    let _: Handle = h;
}
