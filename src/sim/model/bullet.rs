//! An enemy bullet as a value: how it moves, and its hitbox and shape. The world's bullets
//! are `systems::bullets`; what fires them is `systems::weapons`.

use glam::Vec2;

use crate::collide::{Aabb, Handle, Shape};
use crate::level::BulletStyle;

#[derive(Clone, Debug)]
pub struct Bullet {
    pub pos: Vec2,
    /// Pixels per second.
    pub speed: f32,
    /// Degrees; 90 is straight down. Set when the bullet is made and turned only by the
    /// bullets' step (`Bullets::advance`), which keeps [`Bullet::dir`] with it.
    pub heading_deg: f32,
    pub accel: f32,
    pub ang_vel_deg: f32,
    pub style: BulletStyle,
    /// Steps alive: a curling bullet can circle on screen forever, so bullets expire.
    pub age: u32,
    pub(crate) handle: Option<Handle>,
    /// The unit vector of `heading_deg` (its cosine and sine), worked out only when the
    /// heading changes: most bullets never turn, and a step then moves them with no
    /// trigonometry. Derived from `heading_deg`, so the state hash leaves it out.
    pub(crate) dir: Vec2,
}

/// Steps a bullet lives at most (20 seconds).
pub const BULLET_MAX_AGE: u32 = 20 * 60;

impl Bullet {
    /// A bullet at `pos` heading `heading_deg` (90 is down), not yet in any world.
    pub fn new(
        pos: Vec2,
        speed: f32,
        heading_deg: f32,
        accel: f32,
        ang_vel_deg: f32,
        style: BulletStyle,
    ) -> Self {
        Bullet {
            pos,
            speed,
            heading_deg,
            accel,
            ang_vel_deg,
            style,
            age: 0,
            handle: None,
            dir: unit(heading_deg),
        }
    }

    pub fn velocity(&self) -> Vec2 {
        self.dir * self.speed
    }

    /// The true hitbox, centred on `pos`: a circle for the round styles, and for a needle a
    /// box along its heading, which follows the heading as a curving needle turns.
    pub fn shape(&self) -> Shape {
        shape_of(self.style, self.heading_deg)
    }

    /// The box around the hitbox, which the collider's broad phase sees. A needle's comes
    /// from the cached heading `dir` (the same bits as the sine and cosine of `heading_deg`),
    /// so no step computes them again.
    pub fn hitbox(&self) -> Aabb {
        hitbox_of(self.pos, self.style, self.dir)
    }
}

/// [`Bullet::shape`] of a bullet of `style` heading `heading_deg`.
pub(crate) fn shape_of(style: BulletStyle, heading_deg: f32) -> Shape {
    if style.is_round() {
        Shape::Circle {
            radius: style.half_size(),
        }
    } else {
        Shape::Oriented {
            half: needle_half(style),
            angle: heading_deg.to_radians(),
        }
    }
}

/// The half-extents of a bullet of `style` as a box along its heading: half its length
/// ahead and behind, half its width across. A needle's shape; a round style's box bounds.
#[inline]
pub(crate) fn needle_half(style: BulletStyle) -> Vec2 {
    Vec2::new(style.half_length(), style.half_size())
}

/// [`Bullet::hitbox`] of a bullet of `style` at `pos` whose unit heading is `dir`.
#[inline]
pub(crate) fn hitbox_of(pos: Vec2, style: BulletStyle, dir: Vec2) -> Aabb {
    let half = style.half_size();
    // Both worked out and one picked by its bits, without a branch: styles come in any order,
    // and a branch on them was mispredicted for one bullet in five.
    let turned = Shape::oriented_extent(needle_half(style), dir.y, dir.x);
    let round = 0u32.wrapping_sub(u32::from(style.is_round()));
    let pick = |a: f32, b: f32| f32::from_bits(a.to_bits() & round | b.to_bits() & !round);
    Aabb::from_center(pos, Vec2::new(pick(half, turned.x), pick(half, turned.y)))
}

/// The unit vector of a heading in degrees: its cosine and sine, from one `libm::sincosf`
/// (the same bits as `libm::cosf` and `libm::sinf`, in one argument reduction). Bullets and
/// enemies both move by it, so the same heading gives the same bits in either.
#[inline]
pub(crate) fn unit(heading_deg: f32) -> Vec2 {
    let (sin, cos) = libm::sincosf(heading_deg.to_radians());
    Vec2::new(cos, sin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::BroadPhase;
    use crate::level::Difficulty;
    use crate::sim::{Input, WorldConfig};
    use crate::testkit::scenario;

    /// The heading, degrees, of a bullet turning 30 degrees a second after `steps` steps at
    /// `difficulty`, fired from the top of a quiet stage.
    fn heading_after(difficulty: Difficulty, steps: usize) -> f32 {
        let config = WorldConfig {
            difficulty,
            invincible: true,
            ..WorldConfig::default()
        };
        let mut world = scenario::world(scenario::quiet_level(), config);
        let bullet = Bullet::new(
            Vec2::new(112.0, 20.0),
            5.0,
            90.0,
            0.0,
            30.0,
            BulletStyle::Small,
        );
        let k = world.spawn_bullet(bullet).expect("room for a bullet");
        scenario::hold(&mut world, Input::default(), steps);
        world.bullets().get(k).expect("still flying").heading_deg
    }

    #[test]
    fn a_bullet_moves_and_boxes_as_its_heading_says_whether_it_turns_or_not() {
        let config = WorldConfig {
            invincible: true,
            ..WorldConfig::default()
        };
        let mut world = scenario::world(scenario::quiet_level(), config);
        let mut keys = Vec::new();
        for (i, heading) in [-0.0, 0.0, 33.3, 90.0, 181.5, -47.0]
            .into_iter()
            .enumerate()
        {
            for (turn, style) in [(0.0, BulletStyle::Needle), (-0.0, BulletStyle::Round)]
                .into_iter()
                .chain([(40.0, BulletStyle::Needle), (-25.0, BulletStyle::Small)])
            {
                let at = Vec2::new(30.0 + 30.0 * i as f32, 100.0);
                let b = Bullet::new(at, 10.0, heading, 2.0, turn, style);
                keys.push(world.spawn_bullet(b).expect("room for a bullet"));
            }
        }
        // Past the curl time too, where the turning bullets fly on straight.
        for step in 0..150 {
            world.step(&[Input::default()]);
            assert!(
                world.bullets().len() == keys.len(),
                "a bullet left at step {step}"
            );
            for &k in &keys {
                let b = &world.bullets().get(k).expect("still flying");
                let r = b.heading_deg.to_radians();
                let unit = Vec2::new(libm::cosf(r), libm::sinf(r));
                assert_eq!(
                    b.dir.to_array().map(f32::to_bits),
                    unit.to_array().map(f32::to_bits)
                );
                let (_, aabb) = world
                    .collider()
                    .get(b.handle.expect("a box"))
                    .expect("live");
                assert_eq!(aabb, b.hitbox(), "step {step}, {b:?}");
            }
        }
    }

    /// The branch-free box is the plain one: a circle's square, or a turned needle's bounds,
    /// for every style and heading, signed zeros included.
    #[test]
    fn a_bullets_box_bounds_its_shape_for_every_style_and_heading() {
        for style in BulletStyle::ALL {
            assert!(style.half_length() >= style.half_size(), "{style:?}");
            if style.is_round() {
                assert_eq!(style.half_length(), style.half_size(), "{style:?}");
            }
            for heading in [-0.0, 0.0, 33.3, 90.0, 181.5, -47.0, 270.0] {
                let pos = Vec2::new(50.0, 70.0);
                let b = Bullet::new(pos, 10.0, heading, 0.0, 0.0, style);
                let half = Vec2::new(style.half_length(), style.half_size());
                let plain = if style.is_round() {
                    Aabb::from_center(pos, Vec2::splat(style.half_size()))
                } else {
                    Shape::oriented_bounds(pos, half, b.dir.y, b.dir.x)
                };
                assert_eq!(b.hitbox(), plain, "{style:?} at {heading}");
                let bounds = b.shape().bounds(pos).unwrap_or(plain);
                for (got, want) in [(plain.min, bounds.min), (plain.max, bounds.max)] {
                    assert!(
                        (got - want).abs().max_element() < 1e-4,
                        "{style:?} at {heading}"
                    );
                }
            }
        }
    }

    #[test]
    fn curving_bullets_straighten_after_the_curl_time_except_on_hard() {
        let three_s = 3 * 60;
        for d in Difficulty::ALL {
            let turned = heading_after(d, three_s) - 90.0;
            let expected = 30.0 * d.curl_s().map_or(3.0, |s| s.min(3.0));
            assert!((turned - expected).abs() < 0.6, "{d:?}: turned {turned}");
        }
        assert!(Difficulty::Hard.curl_s().is_none());
        assert!(Difficulty::Normal.curl_s().is_some_and(|s| s < 3.0));
    }
}
