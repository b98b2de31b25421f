//! A part's (or single-box enemy's) hitbox: the `size` box or the `shape` in its place, checked
//! and turned into the resolved [`HitShape`] with the half-size of its bounds.

use glam::Vec2;

use super::validate::finite_in;
use super::{loc, Linker};
use crate::level::resolved::HitShape;
use crate::level::schema::ShapeDef;
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

/// The hitbox of a single-box enemy when it gives neither `size` nor `shape`.
pub(super) const DEFAULT_SIZE: (f32, f32) = (14.0, 14.0);

/// Widest a hitbox may be on a side, in pixels: the playfield is 320 tall.
const MAX_SIDE: f32 = 320.0;
/// Narrowest, so that every hitbox can be hit.
const MIN_SIDE: f32 = 1.0;
/// A turn beyond a full one in either direction is a typo (radians for degrees, or a stray 0).
const MAX_ANGLE_DEG: f32 = 360.0;

/// What a hitbox is written with: the fields of a part or an enemy, at `at`.
pub(super) struct HitboxDef<'d> {
    /// `part "gun" of "boss"` or `enemy "drone"`, to begin each message with.
    pub who: &'d str,
    pub size: Option<(f32, f32)>,
    pub shape: Option<ShapeDef>,
    /// The size taken when neither is given; `None` makes one of them required.
    pub default_size: Option<(f32, f32)>,
    /// The part is drawn mirrored, and its shape with it.
    pub mirror: bool,
}

/// Checks the hitbox written at `at` (a part or an enemy) and returns the half-size of its
/// bounds and its shape. Every problem is reported at its field; on error the returned value
/// is a stand-in that lets the rest of the checks go on.
pub(super) fn link_hitbox(
    r: &mut Linker,
    src: &Source,
    at: &[Seg],
    def: &HitboxDef,
) -> (Vec2, HitShape) {
    let who = def.who;
    let size = match (def.size, def.shape, def.default_size) {
        (Some(_), Some(_), _) => {
            r.err(
                src,
                &loc(at, [Seg::Field("shape")]),
                format!(
                    "{who}: has both a size and a shape; give one of them (the shape is the \
                     whole hitbox)"
                ),
            );
            None
        }
        (Some(size), None, _) => Some(size),
        (None, None, Some(size)) => Some(size),
        (None, None, None) => {
            r.err(
                src,
                at,
                format!("{who}: has no hitbox; give it a size (w, h) or a shape"),
            );
            None
        }
        (None, Some(_), _) => None,
    };
    if let Some((w, h)) = size {
        if !(finite_in(w, MIN_SIDE, MAX_SIDE) && finite_in(h, MIN_SIDE, MAX_SIDE)) {
            r.err(
                src,
                &loc(at, [Seg::Field("size")]),
                format!(
                    "{who}: size must be {MIN_SIDE} to {MAX_SIDE} pixels on each side, found \
                     ({w}, {h})"
                ),
            );
        }
        return (Vec2::new(w, h) * 0.5, HitShape::Box);
    }
    let shape_at = |f: &'static str| loc(at, [Seg::Field("shape"), Seg::Field(f)]);
    let shape = match def.shape {
        Some(ShapeDef::Circle { radius }) => {
            let (lo, hi) = (MIN_SIDE * 0.5, MAX_SIDE * 0.5);
            if !finite_in(radius, lo, hi) {
                r.err(
                    src,
                    &shape_at("radius"),
                    format!("{who}: circle radius must be {lo} to {hi} pixels, found {radius}"),
                );
            }
            HitShape::Circle { radius }
        }
        Some(ShapeDef::Oriented {
            size: (w, h),
            angle_deg,
        }) => {
            if !(finite_in(w, MIN_SIDE, MAX_SIDE) && finite_in(h, MIN_SIDE, MAX_SIDE)) {
                r.err(
                    src,
                    &shape_at("size"),
                    format!(
                        "{who}: oriented box size must be {MIN_SIDE} to {MAX_SIDE} pixels on \
                         each side, found ({w}, {h})"
                    ),
                );
            }
            if !finite_in(angle_deg, -MAX_ANGLE_DEG, MAX_ANGLE_DEG) {
                r.err(
                    src,
                    &shape_at("angle_deg"),
                    format!(
                        "{who}: oriented box angle_deg must be -{MAX_ANGLE_DEG} to \
                         {MAX_ANGLE_DEG} degrees, found {angle_deg}"
                    ),
                );
            }
            HitShape::Oriented {
                half: Vec2::new(w, h) * 0.5,
                angle: angle_deg.to_radians(),
            }
        }
        // Both given, or neither: already reported.
        None => HitShape::Box,
    };
    let shape = if def.mirror { shape.mirrored() } else { shape };
    (shape.bounds_half(Vec2::ONE), shape)
}
