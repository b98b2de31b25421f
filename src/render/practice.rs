//! The practice toolbox's views: the stage's timeline beside the playfield, with its markers,
//! events and the time now; and the enemies of the next few seconds, drawn faintly where they
//! will come in.

use macroquad::prelude::*;

use skysweep::level::TimelineEvent;
use skysweep::sim::{Upcoming, World, PLAYFIELD};

use super::TITLE_GOLD;
use super::{Layout, Renderer, SpriteParams, PANEL_W};

/// Height of the timeline strip, in playfield pixels.
const STRIP_H: f32 = 120.0;
/// The left panel's name for the faint enemies [`draw_preview`] draws.
pub const GHOST_LABEL: &str = "NEXT ENEMIES";
const GHOST_COLOR: Color = Color::new(1.0, 1.0, 1.0, 0.6);

/// Lines of labels above the strip: TIMELINE, and the tool at work above it.
pub const LABELS_ABOVE: f32 = 3.2;

/// The strip's top below the panel's top, at scale `s` with text lines `line` high: its full
/// height when the panel's text ends (`free_from`, below the panel's top) high enough, else
/// shortened so its labels start half a line below that text. Never shorter than 40 pixels.
pub fn strip_top(s: f32, line: f32, free_from: f32) -> f32 {
    let bottom = (PLAYFIELD.y - 8.0) * s;
    let full = bottom - STRIP_H * s;
    let below_text = free_from + 0.5 * line + LABELS_ABOVE * line;
    full.max(below_text).min(bottom - 40.0 * s)
}

/// Draws each upcoming enemy faintly, pulled in to the playfield's edge, fading in as its
/// moment nears. In playfield space.
pub fn draw_preview(r: &Renderer, world: &World, upcoming: &[Upcoming], within_s: f32) {
    for u in upcoming {
        let Some(ty) = world.level().enemies.get(u.enemy) else {
            continue;
        };
        let pos = u
            .pos
            .clamp(Vec2::splat(10.0), PLAYFIELD - Vec2::splat(10.0));
        let near = 1.0 - (u.in_s / within_s).clamp(0.0, 1.0);
        let color = Color::new(1.0, 1.0, 1.0, 0.15 + 0.3 * near);
        r.sprite(
            &ty.sprite,
            0,
            pos,
            SpriteParams {
                color,
                scale: 0.75,
                ..Default::default()
            },
        );
        draw_circle_lines(pos.x, pos.y, 6.0 + 6.0 * (1.0 - near), 1.0, color);
    }
}

/// The timeline strip at the foot of the left panel: the stage from its start (bottom) to its
/// end (top), events as ticks (grey spawns, orange warnings, red the boss), markers in gold
/// with their names, the time now, and `status` (the tool at work) above it. Screen space.
/// `free_from` is the screen y where the panel's other text ends: the strip and its labels
/// start below it, shortened when they must.
pub fn draw_timeline(
    r: &Renderer,
    world: &World,
    layout: &Layout,
    status: Option<&str>,
    free_from: f32,
) {
    let s = layout.scale;
    let text = (s * 0.67).round().max(1.0);
    let line = 10.0 * text;
    let x = layout.origin.x - PANEL_W * s + 10.0 * s;
    let bottom = layout.origin.y + (PLAYFIELD.y - 8.0) * s;
    let top = layout.origin.y + strip_top(s, line, free_from - layout.origin.y);
    let length = world.level().length_s.max(1.0);
    let y_of = |t: f32| bottom - (t / length).clamp(0.0, 1.0) * (bottom - top);
    r.text_shadow(
        "TIMELINE",
        vec2(x - 2.0 * s, top - 2.0 * line),
        text,
        LIGHTGRAY,
    );
    // The ghosts drawn faintly in the playfield, named: without a word they look like a glitch.
    let ghost_y = top - line;
    draw_circle_lines(x + 1.0 * s, ghost_y + 0.4 * line, 3.0 * s, 1.0, GHOST_COLOR);
    r.text_shadow_within(
        GHOST_LABEL,
        vec2(x + 6.0 * s, ghost_y),
        text,
        layout.origin.x - 4.0 * s - (x + 6.0 * s),
        GHOST_COLOR,
    );
    if let Some(st) = status {
        r.text_shadow(
            st,
            vec2(x - 2.0 * s, top - LABELS_ABOVE * line),
            text,
            TITLE_GOLD,
        );
    }
    draw_rectangle(
        x,
        top,
        3.0 * s,
        bottom - top,
        Color::from_rgba(30, 36, 60, 255),
    );
    for ev in &world.level().timeline {
        let (color, w) = match ev {
            TimelineEvent::Spawn { .. } => (Color::from_rgba(140, 150, 170, 255), 2.0),
            TimelineEvent::Warning { .. } => (Color::from_rgba(255, 150, 60, 255), 4.0),
            TimelineEvent::MidBoss { .. } => (Color::from_rgba(240, 110, 60, 255), 5.0),
            TimelineEvent::Boss { .. } => (Color::from_rgba(240, 60, 40, 255), 6.0),
            TimelineEvent::Scroll { .. } => continue,
        };
        let y = y_of(ev.at()).round();
        draw_rectangle(x + 3.0 * s, y, w * s, s.max(1.0), color);
    }
    let mut markers: Vec<(&String, f32)> =
        world.level().markers.iter().map(|(n, t)| (n, *t)).collect();
    markers.sort_by(|a, b| b.1.total_cmp(&a.1));
    // Names from the top down, skipping one that would sit on the one above it.
    let mut last_label = f32::NEG_INFINITY;
    for (name, t) in markers {
        let y = y_of(t).round();
        draw_rectangle(x - 3.0 * s, y, 6.0 * s, s.max(1.0), TITLE_GOLD);
        let label_y = (y - line * 0.5).max(last_label + line);
        if label_y + line <= bottom + line {
            let label_x = x + 12.0 * s;
            r.text_shadow_within(
                &name.replace('_', " ").to_uppercase(),
                vec2(label_x, label_y),
                text,
                layout.origin.x - 4.0 * s - label_x,
                Color::from_rgba(255, 220, 140, 255),
            );
            last_label = label_y;
        }
    }
    let now = y_of(world.stage_time());
    // The boss attack in play, beside the clock's place: the timeline waits on the boss, so
    // its phases have no times of their own to be drawn at.
    if let Some((n, of, title)) = super::attack_card::phase_in_play(world) {
        let label_x = x + 12.0 * s;
        let room = layout.origin.x - 4.0 * s - label_x;
        let fits = (room / r.text_width("M", text)).floor().max(0.0) as usize;
        let label = phase_label(n, of, title.as_deref(), fits);
        for (i, part) in label.iter().enumerate() {
            r.text_shadow(
                part,
                // A line under the marker the clock waits at, whose name sits level with it.
                vec2(label_x, now + line * (0.6 + i as f32)),
                text,
                WHITE,
            );
        }
    }
    draw_triangle(
        vec2(x - 2.0 * s, now),
        vec2(x - 7.0 * s, now - 3.0 * s),
        vec2(x - 7.0 * s, now + 3.0 * s),
        WHITE,
    );
    r.text_shadow(
        &format!("{:.1}s", world.stage_time()),
        vec2(x - 2.0 * s, bottom + 2.0 * s),
        text,
        WHITE,
    );
}

/// The boss attack in play as the timeline names it, `n` of `of`: its title in capitals, like
/// every label of the interface, at one size whatever its length. A title too long for `fits`
/// characters goes on to a second line under its first word, and past that is cut at a word:
/// never shrunk, never cut mid-word.
pub fn phase_label(n: usize, of: usize, title: Option<&str>, fits: usize) -> Vec<String> {
    let Some(title) = title else {
        return vec![format!("PHASE {n}/{of}")];
    };
    let number = format!("{n}/{of}");
    let indent = " ".repeat(number.chars().count());
    let mut lines = vec![number];
    for word in title.to_uppercase().split_whitespace() {
        let last = lines.last_mut().expect("one line at least");
        if last.chars().count() + 1 + word.chars().count() <= fits {
            last.push(' ');
            last.push_str(word);
        } else if lines.len() < 2 && indent.chars().count() + 1 + word.chars().count() <= fits {
            lines.push(format!("{indent} {word}"));
        } else {
            break;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::phase_label;

    #[test]
    fn an_attack_is_named_in_capitals() {
        assert_eq!(
            phase_label(2, 4, Some("Broken Beak"), 30),
            ["2/4 BROKEN BEAK"]
        );
        assert_eq!(phase_label(1, 4, None, 30), ["PHASE 1/4"]);
    }

    #[test]
    fn a_long_name_goes_on_under_itself_at_a_word_not_shrunk() {
        // "1/4 HERON'S SPREAD" is 18 characters.
        let heron = |fits| phase_label(1, 4, Some("Heron's Spread"), fits);
        assert_eq!(heron(18), ["1/4 HERON'S SPREAD"]);
        assert_eq!(heron(17), ["1/4 HERON'S", "    SPREAD"]);
        let long = phase_label(3, 4, Some("Ring of Iron and Fire"), 12);
        assert_eq!(
            long,
            ["3/4 RING OF", "    IRON AND"],
            "two lines, then cut at a word"
        );
        assert_eq!(heron(5), ["1/4"]);
    }
}
