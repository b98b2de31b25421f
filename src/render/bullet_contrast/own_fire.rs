//! Enemy bullets against the players' own fire (issue #43): a bullet flying through a stream
//! of shots, a charge beam or a bomb must read as well as it does on the ground.
//!
//! # What a bullet is drawn on here
//! Every sprite a pilot's fire is drawn with (its main shot, its charge attack, its bomb's
//! pieces, Brass's impacts; see `pilots::pilot_sprites`), every frame, each pixel at the
//! opacity the renderer draws it with by default (the main stream at the default SHOT
//! OPACITY, the rest whole), composited over a sample of every stage's ground (every
//! [`GROUND_STRIDE`]th pixel of each composited ground). The sprites are the same at every
//! power level: the renderer picks a shot's sprite by its pilot and kind, never by its power
//! (power adds shots and pairs them), so one measure covers every power.
//!
//! # The bullet as drawn
//! Turned to each of the renderer's [`ANGLES`] steps where it turns, and with the outline the
//! renderer draws under it when BULLET OUTLINE is on by default ([`with_outline`]). The
//! measure is the parent module's: a ring of the bullet's edge reaching [`MIN_RATIO`] over at
//! least [`MIN_SHARE`] of the backdrop's pixels.

use macroquad::prelude::Color;
use skysweep::level::BulletStyle;
use skysweep::save::settings::Visibility;
use skysweep::sim::Character;

use super::{
    edge_rings, grounds_rgb, luminance, share_reading, turned, Rgba, ANGLES, MIN_RATIO, MIN_SHARE,
};
use crate::render::pilots::pilot_sprites;
use crate::render::stage::{bullet_outline, bullet_sprite, turns};

/// One ground pixel in this many is a backdrop under the fire.
const GROUND_STRIDE: usize = 997;

/// A pilot's fire: every sprite of it, with the opacity each is drawn at by default.
fn fire_of(c: Character, v: &Visibility) -> Vec<(String, f32)> {
    pilot_sprites(c)
        .into_iter()
        .filter_map(|name| {
            let opacity = if name.starts_with("shot_") {
                v.shot_opacity as f32 / 100.0
            } else if ["charge_", "bomb_", "impact_"]
                .iter()
                .any(|k| name.starts_with(k))
            {
                1.0
            } else {
                return None;
            };
            Some((name, opacity))
        })
        .collect()
}

/// The luminances (sorted) of `frames` drawn at `opacity` over each of `ground`'s colours.
fn backdrop(frames: &[Rgba], opacity: f32, ground: &[[f32; 3]]) -> Vec<f64> {
    let mut out = Vec::new();
    for f in frames {
        for p in f.pixels.iter().filter(|p| p[3] > 0) {
            let a = p[3] as f32 / 255.0 * opacity;
            for g in ground {
                let c: [u8; 3] =
                    std::array::from_fn(|k| (g[k] * (1.0 - a) + p[k] as f32 * a).round() as u8);
                out.push(luminance([c[0], c[1], c[2], 255]));
            }
        }
    }
    out.sort_by(f64::total_cmp);
    out
}

/// `f` (a bullet's stamp) over the outline the renderer draws under a bullet of `style` when
/// BULLET OUTLINE is on: its disc, in its colour, centred on the stamp's centre. The frame
/// grows to hold the disc.
pub(super) fn with_outline(f: &Rgba, style: BulletStyle) -> Rgba {
    let (radius, color) = bullet_outline(style);
    let grow = (radius.ceil() as usize * 2).saturating_sub(f.width.min(f.height)) / 2 + 1;
    let (w, h) = (f.width + 2 * grow, f.height + 2 * grow);
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let rim = |x: usize, y: usize| {
        let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
        dx * dx + dy * dy <= radius * radius
    };
    let mut pixels = vec![[0u8; 4]; w * h];
    for y in 0..h {
        for x in 0..w {
            let under = if rim(x, y) {
                over([0; 4], color)
            } else {
                [0; 4]
            };
            let inside = x >= grow && y >= grow && x - grow < f.width && y - grow < f.height;
            let top = if inside {
                f.pixels[(y - grow) * f.width + x - grow]
            } else {
                [0; 4]
            };
            pixels[y * w + x] = over_px(under, top);
        }
    }
    Rgba {
        width: w,
        height: h,
        pixels,
    }
}

fn over(under: [u8; 4], c: Color) -> [u8; 4] {
    let top = [c.r, c.g, c.b, c.a].map(|v| (v * 255.0).round() as u8);
    over_px(under, top)
}

/// `top` blended over `under`, both straight alpha.
fn over_px(under: [u8; 4], top: [u8; 4]) -> [u8; 4] {
    let a = top[3] as f32 / 255.0;
    let b = under[3] as f32 / 255.0;
    let out_a = a + b * (1.0 - a);
    if out_a <= 0.0 {
        return [0; 4];
    }
    let mix =
        |k: usize| ((top[k] as f32 * a + under[k] as f32 * b * (1.0 - a)) / out_a).round() as u8;
    [mix(0), mix(1), mix(2), (out_a * 255.0).round() as u8]
}

/// Every bullet as the renderer draws it by default: each style's frames, turned to every
/// angle step where the style turns, over its outline when BULLET OUTLINE is on by default.
pub(super) fn bullets_as_drawn(
    atlas: &std::collections::BTreeMap<String, Vec<Rgba>>,
    v: &Visibility,
) -> Vec<(BulletStyle, Vec<Rgba>)> {
    BulletStyle::ALL
        .into_iter()
        .map(|style| {
            let name = bullet_sprite(style);
            let frames = atlas.get(name).unwrap_or_else(|| panic!("{name}"));
            let steps = if turns(style) { ANGLES } else { 1 };
            let drawn = frames
                .iter()
                .flat_map(|f| (0..steps).map(move |s| turned(f, s)))
                .map(|f| match v.bullet_outline {
                    true => with_outline(&f, style),
                    false => f,
                })
                .collect();
            (style, drawn)
        })
        .collect()
}

#[test]
fn every_enemy_bullet_reads_over_every_pilots_own_fire() {
    let atlas = super::atlas();
    let v = Visibility::default();
    let ground: Vec<[f32; 3]> = grounds_rgb()
        .iter()
        .flat_map(|g| g.iter().step_by(GROUND_STRIDE).copied())
        .collect();
    assert!(ground.len() > 1000, "every ground is sampled");
    let bullets = bullets_as_drawn(&atlas, &v);
    let mut failures = Vec::new();
    let mut measured = 0;
    for c in Character::ALL {
        for (name, opacity) in fire_of(c, &v) {
            let frames = atlas.get(&name).unwrap_or_else(|| panic!("{name}"));
            let under = backdrop(frames, opacity, &ground);
            measured += 1;
            let mut line = format!("{name:16} at {:3.0}%:", opacity * 100.0);
            for (style, drawn) in &bullets {
                let worst = drawn
                    .iter()
                    .map(|f| share_reading(&edge_rings(f), &under, MIN_RATIO))
                    .fold(1.0, f64::min);
                line.push_str(&format!(" {:?} {:5.1}%", style, worst * 100.0));
                if worst < MIN_SHARE {
                    failures.push(format!("{style:?} over {name}: {:.1}%", worst * 100.0));
                }
            }
            eprintln!("{line}");
        }
    }
    assert!(measured >= 15, "every pilot's shot, charge and bomb");
    assert!(
        failures.is_empty(),
        "bullets whose outline reaches {MIN_RATIO}:1 on less than {:.0}% of a pilot's fire: \
         {failures:?}",
        MIN_SHARE * 100.0
    );
}
