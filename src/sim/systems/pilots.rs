//! What the fourth and fifth pilots fire (Orla's lamp-lasers, Rook's locking pods), and the
//! melee strike every pilot's charge turns into up close.

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, Collider};
use crate::level::Level;

use super::shots::spawn_shot;
use crate::sim::model::character::Character;
use crate::sim::model::enemy::{part_open, part_pos, Enemy};
use crate::sim::model::player::{Player, Shot, ShotKind};

pub use crate::sim::model::player::Strike;

/// How far in front of the ship a melee strike reaches, pixels from its centre.
pub const MELEE_REACH: f32 = 56.0;
/// Half the width of the melee strike's reach.
pub const MELEE_HALF_WIDTH: f32 = 22.0;
/// Steps a melee strike plays out for (four frames of three steps).
pub const MELEE_STEPS: u32 = 12;
/// Where Rook's pods hang, from the ship's centre (the left one; the right one mirrors it).
pub const POD_OFFSET: Vec2 = Vec2::new(-13.0, 3.0);
/// The farthest Rook's pods swing from straight up, radians (35 degrees).
pub const POD_SWING: f32 = 0.61;
/// How far the pods swing towards their goal each step.
const POD_EASE: f32 = 0.12;

/// Rook's pods' heading after one step. While fire is held they stay locked where they are;
/// otherwise they swing towards the way the ship moves (`dir_x`, -1 to 1) and back to straight
/// up when it is still. So a player aims by drifting, then holds fire to keep that aim.
pub fn swing_pods(angle: f32, dir_x: f32, firing: bool) -> f32 {
    if firing {
        return angle;
    }
    let goal = dir_x.clamp(-1.0, 1.0) * POD_SWING;
    angle + (goal - angle) * POD_EASE
}

/// The direction a pod at `angle` (radians from straight up, positive to the right) faces.
pub fn pod_heading(angle: f32) -> Vec2 {
    Vec2::new(libm::sinf(angle), -libm::cosf(angle))
}

/// The box in front of a ship at `pos` that its melee strike reaches.
pub fn melee_area(pos: Vec2) -> Aabb {
    Aabb::new(
        Vec2::new(pos.x - MELEE_HALF_WIDTH, pos.y - MELEE_REACH),
        Vec2::new(pos.x + MELEE_HALF_WIDTH, pos.y + 4.0),
    )
}

/// The nearest part a melee strike from `from` could hurt: one that can be hurt and whose box
/// reaches into [`melee_area`], with where it is. For the autoplay bot, which reads the world
/// as a player would; it allocates nothing.
pub(crate) fn melee_target_from(enemies: &Slab<Enemy>, level: &Level, from: Vec2) -> Option<Vec2> {
    let area = melee_area(from);
    enemies
        .iter()
        .filter(|(_, e)| e.on_screen())
        .flat_map(|(k, e)| (0..e.parts.len()).map(move |pi| (k, pi)))
        .filter(|&(k, pi)| part_open(enemies, level, k, pi))
        .map(|(k, pi)| {
            let half = level.enemies[enemies[k].kind].parts[pi].half;
            (
                Aabb::from_center(part_pos(enemies, level, k, pi), half),
                part_pos(enemies, level, k, pi),
            )
        })
        .filter(|(b, _)| b.overlaps(&area))
        .map(|(_, at)| at)
        .min_by(|a, b| {
            a.distance_squared(from)
                .total_cmp(&b.distance_squared(from))
        })
}

/// Orla's side beams: a lamp-laser on each side of the centre one, paired (two beams' worth)
/// from power 3.
pub(crate) fn fire_orla_side_beams(
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    base: &Shot,
    power: u8,
) {
    let paired = power >= 3;
    let half = if paired {
        Vec2::new(base.half.x + 2.0, base.half.y)
    } else {
        base.half
    };
    for sign in [-1.0f32, 1.0] {
        spawn_shot(
            shots,
            collider,
            Shot {
                kind: ShotKind::Laser,
                pos: base.pos + Vec2::new(sign * 9.0, 6.0),
                half,
                paired,
                ..base.clone()
            },
        );
    }
}

/// Rook's pods fire rivets along the heading they hold (`ship` is Rook's player): one each,
/// a paired box from power 3, and at power 4 one more single angled a little outwards.
pub(crate) fn fire_rook_pods(
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    ship: &Player,
    base: &Shot,
    power: u8,
) {
    let (at, angle) = (ship.pos, ship.pod_angle);
    let speed = base.vel.length();
    let paired = power >= 3;
    for side in [-1.0f32, 1.0] {
        let from = at + Vec2::new(POD_OFFSET.x * -side, POD_OFFSET.y) + pod_heading(angle) * 7.0;
        let half = if paired {
            Vec2::new(base.half.x + 2.0, base.half.y)
        } else {
            base.half
        };
        spawn_shot(
            shots,
            collider,
            Shot {
                pos: from,
                vel: pod_heading(angle) * speed,
                half,
                paired,
                ..base.clone()
            },
        );
        if power >= 4 {
            let a = angle + side * 0.12;
            spawn_shot(
                shots,
                collider,
                Shot {
                    pos: from,
                    vel: pod_heading(a) * speed,
                    paired: false,
                    ..base.clone()
                },
            );
        }
    }
}

/// Orla's and Rook's charge attacks; `base` is a charge shot on `ship`.
pub(crate) fn fire_new_charge(
    shots: &mut Slab<Shot>,
    collider: &mut Collider,
    ship: &Player,
    base: &Shot,
) {
    match base.character {
        Character::Orla => {
            // A wide lens-flare beam from the lamp to the top, glued to the ship like
            // Brass's but twice as wide and shorter lived.
            let y = base.pos.y;
            spawn_shot(
                shots,
                collider,
                Shot {
                    pos: Vec2::new(base.pos.x, y * 0.5),
                    half: Vec2::new(12.0, y * 0.5),
                    damage: 3.0,
                    life: 50,
                    ..base.clone()
                },
            );
        }
        Character::Rook => {
            // Each pod fires a spread of five bolts around the heading it holds.
            let (at, angle) = (ship.pos, ship.pod_angle);
            for side in [-1.0f32, 1.0] {
                let from = at + Vec2::new(POD_OFFSET.x * -side, POD_OFFSET.y);
                for n in -2..=2 {
                    let a = angle + n as f32 * 0.2;
                    spawn_shot(
                        shots,
                        collider,
                        Shot {
                            pos: from,
                            vel: pod_heading(a) * 300.0,
                            half: Vec2::new(4.0, 6.0),
                            damage: 3.0,
                            life: 70,
                            ..base.clone()
                        },
                    );
                }
            }
        }
        _ => {}
    }
}
