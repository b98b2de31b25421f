//! Push-out resolution (`skysweep::collide::push_out`): pairs, masses, statics, triggers,
//! stacks, chains, order independence, refusals, and a property test over random crowds.

use glam::Vec2;
use proptest::prelude::*;
use skysweep::collide::push_out::{
    aabb_penetration, resolve, Body, BodyContact, ResolveError, Resolver, Settings,
};
use skysweep::collide::Aabb;

/// A box from its top-left corner and size (y points down, as on the playfield).
fn boxed(x: f32, y: f32, w: f32, h: f32) -> Aabb {
    Aabb::new(Vec2::new(x, y), Vec2::new(x + w, y + h))
}

/// Every overlapping pair of `boxes`, lower index first: what a broad phase and an AABB narrow
/// phase would hand over.
fn contacts_of(boxes: &[Aabb]) -> Vec<BodyContact> {
    let mut out = Vec::new();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            out.extend(BodyContact::between_aabbs(i, &boxes[i], j, &boxes[j]));
        }
    }
    out
}

fn moved(boxes: &[Aabb], d: &[Vec2]) -> Vec<Aabb> {
    boxes.iter().zip(d).map(|(b, d)| b.translated(*d)).collect()
}

/// The deepest overlap left between two bodies that resolution should keep apart: neither a
/// trigger, and not both immovable.
fn deepest_overlap(boxes: &[Aabb], bodies: &[Body]) -> f32 {
    let solid = |b: &Body| !b.is_trigger;
    let movable = |b: &Body| !b.is_static && b.inv_mass > 0.0;
    let mut worst = 0.0f32;
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            let (bi, bj) = (&bodies[i], &bodies[j]);
            if solid(bi) && solid(bj) && (movable(bi) || movable(bj)) {
                if let Some((_, depth)) = aabb_penetration(&boxes[i], &boxes[j]) {
                    worst = worst.max(depth);
                }
            }
        }
    }
    worst
}

/// The default tolerance (checked in the first test).
const TOL: f32 = 0.01;

#[test]
fn two_equal_masses_split_the_push() {
    let boxes = [boxed(0.0, 0.0, 10.0, 10.0), boxed(6.0, 1.0, 10.0, 10.0)];
    let bodies = [Body::dynamic(2.0), Body::dynamic(2.0)];
    let r = resolve(&bodies, &contacts_of(&boxes)).unwrap();
    assert_eq!(r.displacements, [Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0)]);
    // One pass pushes, the next finds nothing left.
    assert_eq!((r.pushed, r.passes, r.supported), (1, 2, false));
    assert!(r.converged && r.remaining == 0.0 && r.triggers.is_empty());
    assert_eq!(Settings::default().tolerance, TOL);
}

#[test]
fn masses_of_one_and_three_move_three_to_one() {
    // Depth 4 along y; the light body moves 3, the heavy one 1, whichever is `a`.
    let boxes = [boxed(0.0, 0.0, 10.0, 10.0), boxed(0.0, 6.0, 10.0, 10.0)];
    for (ma, mb) in [(1.0, 3.0), (3.0, 1.0)] {
        let r = resolve(
            &[Body::dynamic(ma), Body::dynamic(mb)],
            &contacts_of(&boxes),
        )
        .unwrap();
        let (da, db) = (r.displacements[0], r.displacements[1]);
        assert_eq!((da.x, db.x), (0.0, 0.0));
        assert!(da.y < 0.0 && db.y > 0.0, "{da} {db}");
        assert!(
            (da.y.abs() * ma - db.y.abs() * mb).abs() < 1e-5,
            "{da} {db}"
        );
        assert!((db.y - da.y - 4.0).abs() < 1e-5);
    }
}

#[test]
fn a_static_body_never_moves_and_the_other_takes_the_whole_push() {
    let wall = boxed(0.0, 0.0, 10.0, 100.0);
    let ball = boxed(7.0, 40.0, 6.0, 6.0);
    for (boxes, wall_at) in [([wall, ball], 0), ([ball, wall], 1)] {
        let mut bodies = [Body::dynamic(1.0); 2];
        bodies[wall_at] = Body::fixed();
        let r = resolve(&bodies, &contacts_of(&boxes)).unwrap();
        assert_eq!(r.displacements[wall_at], Vec2::ZERO);
        assert_eq!(r.displacements[1 - wall_at], Vec2::new(3.0, 0.0));
    }
    // Two statics overlapping: nothing to do, nothing counted.
    let r = resolve(&[Body::fixed(); 2], &contacts_of(&[wall, wall])).unwrap();
    assert_eq!(r.displacements, [Vec2::ZERO; 2]);
    assert_eq!(r.pushed, 0);
    // A dynamic body with zero inverse mass holds like a static one.
    let heavy = Body {
        inv_mass: 0.0,
        ..Body::dynamic(1.0)
    };
    let r = resolve(&[heavy, Body::dynamic(1.0)], &contacts_of(&[wall, ball])).unwrap();
    assert_eq!(r.displacements, [Vec2::ZERO, Vec2::new(3.0, 0.0)]);
}

#[test]
fn triggers_are_reported_and_never_move_nor_push() {
    // A trigger across a floor and a box, and the box resting into the floor.
    let boxes = [
        boxed(0.0, 100.0, 200.0, 10.0),
        boxed(20.0, 90.0, 40.0, 40.0),
        boxed(30.0, 92.0, 10.0, 10.0),
    ];
    let bodies = [Body::fixed(), Body::trigger(), Body::dynamic(1.0)];
    let contacts = contacts_of(&boxes);
    assert_eq!(contacts.len(), 3);
    let r = resolve(&bodies, &contacts).unwrap();
    assert_eq!(r.triggers, [0, 2]);
    assert_eq!(r.displacements[1], Vec2::ZERO);
    // The box is pushed out of the floor alone: the trigger adds nothing to it.
    assert_eq!(r.displacements[2], Vec2::new(0.0, -2.0));
    // A static trigger is a trigger first.
    let st = Body {
        is_static: true,
        ..Body::trigger()
    };
    let r = resolve(&[st, Body::dynamic(1.0)], &contacts_of(&boxes[1..])).unwrap();
    assert_eq!(r.triggers, [0]);
    assert_eq!(r.displacements, [Vec2::ZERO; 2]);
}

/// A static floor (body 0) at y 300 and `n` boxes of 16x16 stacked on it, each sunk 3 px into
/// the one below, the first 3 px into the floor; masses vary from 1 to 5.
fn stack(n: usize) -> (Vec<Aabb>, Vec<Body>) {
    let mut boxes = vec![boxed(0.0, 300.0, 224.0, 20.0)];
    let mut bodies = vec![Body::fixed()];
    for i in 0..n {
        boxes.push(boxed(100.0, 287.0 - 13.0 * i as f32, 16.0, 16.0));
        bodies.push(Body::dynamic(1.0 + (i * 7 % 5) as f32));
    }
    (boxes, bodies)
}

#[test]
fn a_stack_on_a_static_floor_ends_separated() {
    for n in [1, 2, 3, 8, 30, 200] {
        let (boxes, bodies) = stack(n);
        let contacts = contacts_of(&boxes);
        assert_eq!(contacts.len(), n, "only neighbours touch");
        let r = resolve(&bodies, &contacts).unwrap();
        assert!(r.converged, "{n}: {r:?}");
        let after = moved(&boxes, &r.displacements);
        assert!(deepest_overlap(&after, &bodies) <= TOL, "{n}");
        assert_eq!(r.displacements[0], Vec2::ZERO);
        // Straight up, each box at least as far as the one below it.
        for w in r.displacements[1..].windows(2) {
            assert!(
                w[0].x == 0.0 && w[0].y < 0.0 && w[1].y <= w[0].y,
                "{n}: {w:?}"
            );
        }
        // Box k must rise by 3k at least (less would leave overlap).
        let top = r.displacements[n].y;
        assert!(top <= -3.0 * n as f32 + TOL, "{n}: {top}");
    }
}

#[test]
fn relaxation_alone_settles_a_short_stack_and_the_support_pass_alone_any() {
    let (boxes, bodies) = stack(5);
    let contacts = contacts_of(&boxes);
    let mut patient = Resolver::new(Settings {
        max_passes: 10_000,
        tolerance: TOL,
    });
    let r = patient.resolve(&bodies, &contacts).unwrap();
    assert!(r.converged && !r.supported, "{r:?}");
    assert!(r.passes > 1 && r.passes < 10_000, "{r:?}");
    let relaxed = r.displacements.clone();
    let mut hasty = Resolver::new(Settings {
        max_passes: 0,
        tolerance: TOL,
    });
    let r = hasty.resolve(&bodies, &contacts).unwrap();
    assert!(r.converged && r.supported && r.passes == 0, "{r:?}");
    // Both end every box just clear of the one below: the same heights.
    for (a, b) in relaxed.iter().zip(&r.displacements) {
        assert!((a.y - b.y).abs() < 0.1, "{a} {b}");
    }
}

#[test]
fn exact_shapes_contacts_plug_in() {
    // Two circles of radius 5, centres 8 apart on a diagonal, from the collider itself.
    use skysweep::collide::workloads::layers::{shooter_map, AIR_ENEMY};
    use skysweep::collide::{BoxDesc, BroadPhase, Collider};
    let mut c = Collider::with_map(shooter_map());
    let centre = Vec2::new(50.0, 50.0);
    let step = Vec2::new(1.0, 1.0).normalize() * 8.0;
    let a = c
        .insert(BoxDesc::circle(centre, 5.0, 1, AIR_ENEMY))
        .unwrap();
    let b = c
        .insert(BoxDesc::circle(centre + step, 5.0, 2, AIR_ENEMY))
        .unwrap();
    c.update();
    let m = c.manifold(a, b).unwrap().expect("they overlap");
    let contact = BodyContact::from_manifold(0, 1, &m);
    let r = resolve(&[Body::dynamic(1.0), Body::fixed()], &[contact]).unwrap();
    // The free circle backs off along the diagonal until the centres are 10 apart.
    let gap = (centre + step) - (centre + r.displacements[0]);
    assert!((gap.length() - 10.0).abs() < 1e-3, "{gap}");
    assert!(gap.normalize().dot(step.normalize()) > 0.9999);
}

#[test]
fn a_gap_given_ahead_of_time_is_kept_but_never_pushed_open() {
    // Body 1 is pushed right out of body 0, toward body 2 waiting 1 px away.
    let bodies = [Body::fixed(), Body::dynamic(1.0), Body::fixed()];
    let push = BodyContact::new(0, 1, Vec2::X, 3.0);
    let gap = BodyContact::new(1, 2, Vec2::X, -1.0);
    let r = resolve(&bodies, &[push]).unwrap();
    assert_eq!(r.displacements[1], Vec2::new(3.0, 0.0));
    // Told about the gap, resolution cannot close it by more than 1 px, and says what is left.
    let r = resolve(&bodies, &[push, gap]).unwrap();
    assert!(r.displacements[1].x <= 3.0 && r.displacements[1].x >= 1.0 - TOL);
    assert_eq!(r.pushed, 1);
    assert!(!r.converged && (r.remaining - 2.0).abs() < 0.01, "{r:?}");
    // Alone, a gap moves nothing.
    let r = resolve(&bodies, &[gap]).unwrap();
    assert_eq!(r.displacements, [Vec2::ZERO; 3]);
    assert!(r.converged && r.pushed == 0);
}

#[test]
fn a_chain_pushed_from_one_end_moves_along() {
    // A heavy pusher sunk 5 px into the first of ten boxes in a row, each sunk 2 px into the
    // next; nothing static anywhere.
    let mut boxes = vec![boxed(-35.0, 0.0, 40.0, 10.0)];
    let mut bodies = vec![Body::dynamic(50.0)];
    for i in 0..10 {
        boxes.push(boxed(8.0 * i as f32, 0.0, 10.0, 10.0));
        bodies.push(Body::dynamic(1.0));
    }
    let r = resolve(&bodies, &contacts_of(&boxes)).unwrap();
    assert!(r.converged, "{r:?}");
    let after = moved(&boxes, &r.displacements);
    assert!(deepest_overlap(&after, &bodies) <= TOL);
    // The pusher gives a little; every box moves on, farther the farther down the chain.
    let d = &r.displacements;
    assert!(d[0].x < 0.0 && d[0].x > -1.0, "{}", d[0]);
    for w in d[1..].windows(2) {
        assert!(
            w[0].x > 0.0 && w[1].x >= w[0].x - 1e-4 && w[0].y == 0.0,
            "{w:?}"
        );
    }
    // Against a wall instead: the chain is pushed back from the wall, the wall stays put.
    bodies[0] = Body::fixed();
    let r = resolve(&bodies, &contacts_of(&boxes)).unwrap();
    assert!(r.converged);
    assert_eq!(r.displacements[0], Vec2::ZERO);
    assert!(deepest_overlap(&moved(&boxes, &r.displacements), &bodies) <= TOL);
}

/// A deterministic crowd of `n` boxes in a 120x120 patch with every kind of body.
fn crowd(n: usize, seed: u64) -> (Vec<Aabb>, Vec<Body>) {
    let mut s = seed;
    let mut rand = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 40) as f32 / (1u64 << 24) as f32
    };
    let mut boxes = Vec::new();
    let mut bodies = Vec::new();
    for i in 0..n {
        boxes.push(boxed(
            120.0 * rand(),
            120.0 * rand(),
            4.0 + 16.0 * rand(),
            4.0 + 16.0 * rand(),
        ));
        bodies.push(match i % 9 {
            0 => Body::fixed(),
            4 => Body::trigger(),
            _ => Body::dynamic(0.5 + 4.0 * rand()),
        });
    }
    (boxes, bodies)
}

#[test]
fn the_order_and_orientation_of_the_contacts_do_not_matter() {
    let (boxes, bodies) = crowd(80, 7);
    let contacts = contacts_of(&boxes);
    assert!(contacts.len() > 40, "{}", contacts.len());
    let first = resolve(&bodies, &contacts).unwrap();
    assert!(first.pushed > 20 && !first.triggers.is_empty());
    // Reversed, rotated, with every other contact seen from its other body.
    let mut shuffled: Vec<(usize, BodyContact)> = contacts.iter().copied().enumerate().collect();
    shuffled.reverse();
    shuffled.rotate_left(contacts.len() / 3);
    for (k, (_, c)) in shuffled.iter_mut().enumerate() {
        if k % 2 == 0 {
            *c = BodyContact::new(c.b, c.a, -c.normal, c.depth);
        }
    }
    let again: Vec<BodyContact> = shuffled.iter().map(|(_, c)| *c).collect();
    let second = resolve(&bodies, &again).unwrap();
    let bits = |d: &[Vec2]| {
        d.iter()
            .map(|v| (v.x.to_bits(), v.y.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&first.displacements), bits(&second.displacements));
    assert_eq!(
        (first.pushed, first.passes, first.remaining.to_bits()),
        (second.pushed, second.passes, second.remaining.to_bits())
    );
    // The same contacts are reported as triggers, under their new indices.
    let mut was: Vec<usize> = second.triggers.iter().map(|&k| shuffled[k].0).collect();
    was.sort_unstable();
    assert_eq!(was, first.triggers);
}

#[test]
fn bad_input_is_refused_and_the_last_resolution_kept() {
    let boxes = [boxed(0.0, 0.0, 10.0, 10.0), boxed(5.0, 0.0, 10.0, 10.0)];
    let good = contacts_of(&boxes);
    let two = [Body::dynamic(1.0); 2];
    let mut r = Resolver::default();
    let kept = r.resolve(&two, &good).unwrap().clone();
    for mass in [0.0, -1.0, f32::NAN] {
        let bodies = [Body::dynamic(1.0), Body::dynamic(mass)];
        assert_eq!(
            r.resolve(&bodies, &good),
            Err(ResolveError::BadMass { body: 1 })
        );
    }
    let c = good[0];
    let bad_bodies = [
        BodyContact { b: 2, ..c },
        BodyContact { b: 0, ..c },
        BodyContact { a: usize::MAX, ..c },
    ];
    for bad in bad_bodies {
        assert_eq!(
            r.resolve(&two, &[c, bad]),
            Err(ResolveError::BadBody { contact: 1 })
        );
    }
    let bad_geometry = [
        BodyContact {
            normal: Vec2::new(2.0, 0.0),
            ..c
        },
        BodyContact {
            normal: Vec2::ZERO,
            ..c
        },
        BodyContact {
            normal: Vec2::new(f32::NAN, 1.0),
            ..c
        },
        BodyContact {
            depth: f32::INFINITY,
            ..c
        },
    ];
    for bad in bad_geometry {
        assert_eq!(
            r.resolve(&two, &[bad]),
            Err(ResolveError::BadGeometry { contact: 0 })
        );
    }
    assert_eq!(r.last(), &kept);
    // Static and trigger bodies carry no mass to check.
    let odd = Body {
        inv_mass: f32::NAN,
        ..Body::fixed()
    };
    assert!(r.resolve(&[odd, Body::trigger()], &good).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random crowds with at most one static body, so a separation always exists (scaling the
    /// crowd out from the static body's centre is one). Given passes enough, resolution finds
    /// one: no pair it was given ends deeper than it began (beyond the tolerance), static and
    /// trigger bodies stay put, and the report matches what is measured.
    #[test]
    fn no_pair_ends_deeper_and_static_bodies_stay_put(
        parts in prop::collection::vec(
            (prop::bool::weighted(0.25), 0.25f32..8.0,
             (0.0f32..64.0, 0.0f32..64.0), (1.0f32..24.0, 1.0f32..24.0)),
            2..14,
        ),
        fixed in prop::option::of((0.0f32..64.0, 0.0f32..64.0, 4.0f32..64.0)),
    ) {
        let mut boxes: Vec<Aabb> = parts.iter().map(|&(_, _, (x, y), (w, h))| boxed(x, y, w, h)).collect();
        let mut bodies: Vec<Body> = parts
            .iter()
            .map(|&(trigger, m, _, _)| if trigger { Body::trigger() } else { Body::dynamic(m) })
            .collect();
        if let Some((x, y, w)) = fixed {
            boxes.push(boxed(x, y, w, 8.0));
            bodies.push(Body::fixed());
        }
        let contacts = contacts_of(&boxes);
        let before: Vec<f32> = contacts.iter().map(|c| c.depth).collect();
        let mut resolver = Resolver::new(Settings { max_passes: 100_000, tolerance: TOL });
        let r = resolver.resolve(&bodies, &contacts).unwrap();
        prop_assert!(r.converged, "{:?}", r);
        let after = moved(&boxes, &r.displacements);
        for (i, b) in bodies.iter().enumerate() {
            prop_assert!(r.displacements[i].is_finite());
            if b.is_static || b.is_trigger {
                prop_assert_eq!(r.displacements[i], Vec2::ZERO);
            }
        }
        for (c, &was) in contacts.iter().zip(&before) {
            if bodies[c.a].is_trigger || bodies[c.b].is_trigger {
                continue;
            }
            let now = aabb_penetration(&after[c.a], &after[c.b]).map_or(0.0, |p| p.1);
            prop_assert!(now <= was.max(TOL) + 1e-3, "{} -> {}", was, now);
        }
        // What the default budget leaves, it says it leaves.
        let quick = resolve(&bodies, &contacts).unwrap();
        let measured = contacts
            .iter()
            .filter(|c| !bodies[c.a].is_trigger && !bodies[c.b].is_trigger)
            .map(|c| c.depth - (quick.displacements[c.b] - quick.displacements[c.a]).dot(c.normal))
            .fold(0.0f32, f32::max);
        prop_assert!((measured - quick.remaining).abs() < 1e-3, "{} vs {}", measured, quick.remaining);
        prop_assert_eq!(quick.converged, quick.remaining <= TOL);
    }
}
