//! The hitbox overlay (F1): every collision box as a 1-pixel outline in its layer's colour,
//! above everything, and a panel of timings and collider counters.
//!
//! A read-only view: it draws what the collider exposes and never changes it.

use macroquad::prelude::*;

use skysweep::collide::{Shape, Stats};
use skysweep::sim::layers::GameLayer;
use skysweep::sim::{World, PLAYFIELD};

use super::{outline, Layout, Renderer, PANEL_W};
use crate::window::frame_times::FrameTimes;

/// The overlay colour of each layer, as in the arcade original's debug mode.
pub fn layer_color(layer: GameLayer) -> Color {
    match layer {
        GameLayer::Player | GameLayer::PlayerShot => Color::from_rgba(255, 255, 255, 255),
        GameLayer::PowerUp => Color::from_rgba(0, 255, 0, 255),
        GameLayer::GroundEnemy => Color::from_rgba(255, 0, 0, 255),
        GameLayer::AirEnemy | GameLayer::EnemyBullet => Color::from_rgba(255, 255, 0, 255),
        // Not one of the arcade's colours: the bomb's blast box covers the whole screen.
        GameLayer::BombBlast => Color::from_rgba(0, 200, 255, 255),
    }
}

/// Draws every hitbox in screen space in its layer's colour, as the collider tests it: a box
/// as a 1-pixel outline (so the colours are exact), a circle as a circle, an oriented box
/// turned. Hitboxes move with the playfield's `shake` (as the sprites do) and are clipped to
/// the playfield, so those of bodies leaving the screen never spill onto the side panels.
pub fn draw_boxes(world: &World, layout: &Layout, shake: Vec2) {
    for (layer, aabb, shape) in world.boxes() {
        let color = layer_color(GameLayer::of(layer));
        let centre = aabb.center() - shake;
        match shape {
            Shape::Aabb => {
                let min = (aabb.min - shake).max(Vec2::ZERO);
                let max = (aabb.max - shake).min(PLAYFIELD);
                if min.x >= max.x || min.y >= max.y {
                    continue;
                }
                let min = layout.to_screen(min).floor();
                let max = layout.to_screen(max).floor();
                let size = (max - min).max(vec2(1.0, 1.0));
                outline(min, size, color);
            }
            Shape::Circle { radius } => {
                // Enough sides that a boss's core reads as round at 4x, few for a bullet.
                let sides = (radius * layout.scale).clamp(8.0, 48.0) as usize;
                let at = |n: usize| {
                    let a = std::f32::consts::TAU * n as f32 / sides as f32;
                    centre + Vec2::from_angle(a) * radius
                };
                for n in 0..sides {
                    clipped_line(layout, at(n), at(n + 1), color);
                }
            }
            Shape::Oriented { half, angle } => {
                let (x, y) = (
                    Vec2::from_angle(angle) * half.x,
                    Vec2::from_angle(angle).perp() * half.y,
                );
                let corners = [
                    centre + x + y,
                    centre - x + y,
                    centre - x - y,
                    centre + x - y,
                ];
                for n in 0..4 {
                    clipped_line(layout, corners[n], corners[(n + 1) % 4], color);
                }
            }
        }
    }
}

/// Draws the part of the segment `a`-`b` (playfield pixels) inside the playfield, 1 screen
/// pixel wide.
fn clipped_line(layout: &Layout, a: Vec2, b: Vec2, color: Color) {
    let Some((a, b)) = clip_segment(a, b, Vec2::ZERO, PLAYFIELD) else {
        return;
    };
    let (a, b) = (layout.to_screen(a), layout.to_screen(b));
    draw_line(a.x, a.y, b.x, b.y, 1.0, color);
}

/// The part of the segment `a`-`b` inside the box `min`-`max` (Liang-Barsky), if any.
fn clip_segment(a: Vec2, b: Vec2, min: Vec2, max: Vec2) -> Option<(Vec2, Vec2)> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-d.x, a.x - min.x),
        (d.x, max.x - a.x),
        (-d.y, a.y - min.y),
        (d.y, max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t0 <= t1).then(|| (a + d * t0, a + d * t1))
}

/// The panel's rows, full labels and units: (label, value). The step's times are the mean over
/// the last second of steps, not the last frame's, which reads 0 when the frame had no step.
fn rows(world: &World, times: &FrameTimes, stats: &Stats) -> [(&'static str, String); 11] {
    let (update_us, collide_us) = times.recent.mean();
    [
        ("fps", count(times.fps.max(0) as u64)),
        ("sim", duration(update_us)),
        ("collide", duration(collide_us)),
        ("render", duration(times.render_us)),
        ("boxes", count(stats.live_boxes as u64)),
        ("swaps", count(stats.swaps)),
        ("tests", count(stats.pair_tests)),
        ("pairs", count(stats.live_pairs as u64)),
        ("enter", count(stats.pairs_added as u64)),
        ("exit", count(stats.pairs_removed as u64)),
        ("bullets", count(world.bullets().len() as u64)),
    ]
}

/// A time in at most [`VALUE_COLUMNS`] characters, so a slow frame does not widen the box.
fn duration(us: f64) -> String {
    if us < 999.5 {
        format!("{:.0}us", us.max(0.0))
    } else if us < 9_950.0 {
        format!("{:.1}ms", us / 1e3)
    } else if us < 999_500.0 {
        format!("{:.0}ms", us / 1e3)
    } else {
        format!("{:.0}s", (us / 1e6).min(9999.0))
    }
}

/// A count in at most [`VALUE_COLUMNS`] characters.
fn count(n: u64) -> String {
    if n < 100_000 {
        n.to_string()
    } else if n < 10_000_000 {
        format!("{}k", n / 1_000)
    } else {
        format!("{}M", (n / 1_000_000).min(9999))
    }
}

/// Labels cut to this many characters when the full ones do not fit.
const SHORT_LABEL: usize = 3;
/// Characters kept for a value, unit included: "999us", "9.9ms", "99999", "9999k".
const VALUE_COLUMNS: usize = 5;

/// The panel's lines set `columns` characters wide at most: full labels padded to line the
/// values up when they fit, else labels cut short, so the box stays inside the side panel
/// even at scale 1, where the panel is 11 characters across. Values are at most
/// [`VALUE_COLUMNS`] long ([`duration`], [`count`]).
fn lines_within(rows: &[(&str, String)], columns: usize) -> Vec<String> {
    let label_w = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let label_w = if label_w + 1 + VALUE_COLUMNS <= columns {
        label_w
    } else {
        SHORT_LABEL
    };
    rows.iter()
        .map(|(l, v)| {
            let l: String = l.chars().take(label_w).collect();
            let room = columns.saturating_sub(label_w + 1).max(VALUE_COLUMNS);
            format!("{l:<label_w$} {v:>room$}")
        })
        .collect()
}

/// The text panel: fps, step/collide/render time, live boxes and the collider's counters.
pub fn draw_panel(r: &Renderer, world: &World, times: &FrameTimes, stats: &Stats, layout: &Layout) {
    let rows = rows(world, times, stats);
    // The box's outer width: the side panel less a margin each side, or the playfield's width.
    let room = if layout.panels {
        (PANEL_W - 6.0) * layout.scale
    } else {
        (224.0 - 8.0) * layout.scale
    };
    let pad = 4.0;
    let glyph = r.text_width("M", 1.0);
    let full = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0) + 1 + VALUE_COLUMNS;
    // Twice the font's size when the full labels fit at it; the value column never shrinks.
    let scale = if layout.scale >= 2.0 && full as f32 * glyph * 2.0 + 2.0 * pad <= room {
        2.0
    } else {
        1.0
    };
    let columns = (((room - 2.0 * pad) / (glyph * scale)).floor() as usize)
        .clamp(SHORT_LABEL + 1 + VALUE_COLUMNS, full);
    let lines = lines_within(&rows, columns);
    let line_h = 9.0 * scale;
    let pos = if layout.panels {
        vec2(
            layout.origin.x + (224.0 + 4.0) * layout.scale + pad,
            layout.origin.y + 200.0 * layout.scale,
        )
    } else {
        layout.origin + vec2(4.0, 40.0) * layout.scale + vec2(pad, 0.0)
    };
    let w = columns as f32 * glyph * scale + 2.0 * pad;
    draw_rectangle(
        pos.x - pad,
        pos.y - pad,
        w,
        line_h * lines.len() as f32 + 2.0 * pad,
        Color::from_rgba(0, 0, 0, 170),
    );
    for (i, l) in lines.iter().enumerate() {
        r.text(
            l,
            pos + vec2(0.0, i as f32 * line_h),
            scale,
            Color::from_rgba(200, 230, 255, 255),
        );
    }
    // The boss's phase under the box: which of how many, then its title on a line of its own.
    if let Some((n, of, title)) = super::attack_card::phase_in_play(world) {
        let below = pos + vec2(0.0, line_h * lines.len() as f32 + 2.0 * pad);
        let mut labels = vec![format!("phase {n}/{of}")];
        labels.extend(title.map(|t| t.to_string()));
        let h = line_h * labels.len() as f32 + 2.0 * pad;
        draw_rectangle(
            pos.x - pad,
            below.y - pad,
            w,
            h,
            Color::from_rgba(0, 0, 0, 170),
        );
        let gold = Color::from_rgba(255, 220, 140, 255);
        for (i, l) in labels.iter().enumerate() {
            let at = below + vec2(0.0, i as f32 * line_h);
            r.text_shadow_within(l, at, scale, w - 2.0 * pad, gold);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<(&'static str, String)> {
        vec![
            ("fps", count(60)),
            ("collide", duration(3772.0)),
            ("bullets", count(123_456)),
        ]
    }

    #[test]
    fn full_labels_line_up_when_they_fit() {
        let l = lines_within(&sample(), 13);
        assert_eq!(l, ["fps        60", "collide 3.8ms", "bullets  123k"]);
    }

    #[test]
    fn the_right_panel_at_scale_one_gets_short_labels_within_it() {
        // What draw_panel leaves for text at scale 1, in 8-pixel glyphs.
        let columns = ((PANEL_W - 6.0 - 8.0) / 8.0) as usize;
        let l = lines_within(&sample(), columns);
        assert!(l.iter().all(|l| l.chars().count() <= columns), "{l:?}");
        assert_eq!(l[1], "col 3.8ms");
    }

    #[test]
    fn outlines_are_clipped_to_the_playfield() {
        let (min, max) = (Vec2::ZERO, PLAYFIELD);
        let inside = (vec2(10.0, 10.0), vec2(20.0, 30.0));
        assert_eq!(clip_segment(inside.0, inside.1, min, max), Some(inside));
        // Leaving through the left edge: cut at x = 0.
        let (a, b) = clip_segment(vec2(10.0, 10.0), vec2(-10.0, 30.0), min, max).unwrap();
        assert_eq!(a, vec2(10.0, 10.0));
        assert!((b - vec2(0.0, 20.0)).length() < 1e-4, "{b}");
        // Wholly on a side panel, or parallel to an edge outside it: nothing.
        assert_eq!(
            clip_segment(vec2(-5.0, 0.0), vec2(-1.0, 50.0), min, max),
            None
        );
        assert_eq!(
            clip_segment(vec2(-5.0, 3.0), vec2(-5.0, 50.0), min, max),
            None
        );
    }

    #[test]
    fn values_never_outgrow_their_column() {
        for us in [
            0.0, 7.0, 999.4, 999.6, 9_949.0, 9_951.0, 999_000.0, 2e6, 1e12,
        ] {
            assert!(
                duration(us).len() <= VALUE_COLUMNS,
                "{us}: {}",
                duration(us)
            );
        }
        for n in [0, 99_999, 100_000, 9_999_999, 10_000_000, u64::MAX] {
            assert!(count(n).len() <= VALUE_COLUMNS, "{n}: {}", count(n));
        }
    }
}
