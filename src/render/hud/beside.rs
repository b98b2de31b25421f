//! What goes beside the playfield rather than on it, where the ship never flies (it reaches
//! every row of the playfield): the boss's health and a replay's progress and keys.
//!
//! With side panels they go at the foot of the right panel. Without (TATE on a landscape
//! monitor, a narrow window) the boss's bar goes in the margin above the playfield and the
//! replay's in the margin below, when the window leaves one; only a window with no margin
//! for them gets them on the playfield's edges.

use macroquad::prelude::*;

use skysweep::sim::{World, PLAYFIELD};

use super::{PanelText, PANEL_W};
use crate::render::{outline, Layout, Renderer, TITLE_GOLD};

/// A replay's progress through its stage: steps played of those recorded, and how many world
/// steps it takes a step of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayProgress {
    pub played: usize,
    pub total: usize,
    pub speed: u32,
}

/// Where one of them goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// At the foot of the right side panel.
    Panel,
    /// In the window's margin above (the boss) or below (the replay) the playfield.
    Margin,
    /// On the playfield's edge: the window leaves no room off it.
    Field,
}

/// The replay's keys: the bar's words, a key a line in a panel.
pub const REPLAY_KEYS: [&str; 3] = ["F5 FAST", "F3 PAUSE", "F4 STEP"];

/// The boss's health, 0 to 1, while a boss is up.
pub fn boss_health(world: &World) -> Option<f32> {
    let e = world.enemies().get(world.boss()?)?;
    let (hp, max) = e
        .parts
        .iter()
        .fold((0.0, 0.0), |(h, m), p| (h + p.hp.max(0.0), m + p.max_hp));
    Some(if max > 0.0 { hp / max } else { 0.0 })
}

/// `m:ss` for `steps` at 60 a second.
pub fn time_text(steps: usize) -> String {
    let s = steps / 60;
    format!("{}:{:02}", s / 60, s % 60)
}

/// Screen pixels the boss's block takes: its label and its bar.
fn boss_height(s: f32, text: PanelText) -> f32 {
    text.line + 6.0 * s
}

/// Screen pixels the replay's block takes: in a panel its keys a line each, the time, the
/// speed and the bar; in a margin the keys on one line, the time and speed, and the bar.
fn replay_height(s: f32, text: PanelText, spot: Spot) -> f32 {
    let lines = if spot == Spot::Panel { 5.0 } else { 2.0 };
    lines * text.line + 6.0 * s
}

/// Where the boss's bar (`boss`) or the replay's (`!boss`) goes in `layout`.
pub fn spot(layout: &Layout, glyph_w: f32, boss: bool) -> Spot {
    if layout.panels {
        return Spot::Panel;
    }
    let s = layout.scale;
    let text = PanelText::at(s, glyph_w);
    let need = match boss {
        true => boss_height(s, text),
        false => replay_height(s, text, Spot::Margin),
    };
    // The margins above and below are the same (the playfield is centred), give or take a
    // pixel; 4 playfield pixels stay clear of the playfield's edge.
    if layout.origin.y >= need + 4.0 * s {
        Spot::Margin
    } else {
        Spot::Field
    }
}

/// Screen pixels the foot of the right panel keeps for these blocks, so the list of keys above
/// stops short of them.
pub fn panel_reserve(s: f32, glyph_w: f32, boss: bool, replay: bool) -> f32 {
    let text = PanelText::at(s, glyph_w);
    let mut h = 0.0;
    if boss {
        h += boss_height(s, text) + text.line;
    }
    if replay {
        h += replay_height(s, text, Spot::Panel) + text.line;
    }
    h
}

/// Draws the boss's bar and the replay's block off the playfield, in screen space, where
/// [`spot`] puts them; those whose spot is the field are drawn by [`draw_on_field`].
pub fn draw(r: &Renderer, world: &World, layout: &Layout, replay: Option<ReplayProgress>) {
    let s = layout.scale;
    let glyph = r.text_width("M", 1.0);
    let text = PanelText::at(s, glyph);
    let field_w = PLAYFIELD.x * s;
    let field_bottom = layout.origin.y + PLAYFIELD.y * s;
    if layout.panels {
        let x = layout.origin.x + field_w + 8.0 * s;
        let w = (PANEL_W - 16.0) * s;
        let mut y = field_bottom - 8.0 * s;
        if let Some(p) = replay {
            y -= replay_height(s, text, Spot::Panel);
            replay_block(r, vec2(x, y), w, s, text, p, Spot::Panel);
            y -= text.line;
        }
        if let Some(health) = boss_health(world) {
            y -= boss_height(s, text);
            boss_block(r, vec2(x, y), w, s, text, health);
        }
        return;
    }
    let margin = |w: f32| layout.origin.x + (field_w - w) * 0.5;
    if let Some(health) = boss_health(world).filter(|_| spot(layout, glyph, true) == Spot::Margin) {
        let y = layout.origin.y - 4.0 * s - boss_height(s, text);
        boss_block(r, vec2(margin(field_w), y), field_w, s, text, health);
    }
    if let Some(p) = replay.filter(|_| spot(layout, glyph, false) == Spot::Margin) {
        let y = field_bottom + 4.0 * s;
        replay_block(
            r,
            vec2(margin(field_w), y),
            field_w,
            s,
            text,
            p,
            Spot::Margin,
        );
    }
}

/// "BOSS" and its health bar, `w` wide, top-left at `at`.
fn boss_block(r: &Renderer, at: Vec2, w: f32, s: f32, text: PanelText, health: f32) {
    r.text_shadow("BOSS", at, text.scale, Color::from_rgba(255, 140, 110, 255));
    let bar = at + vec2(0.0, text.line);
    health_bar(bar, vec2(w, 5.0 * s), health, s);
}

/// The boss's bar: dark red under the health left, with a light outline.
fn health_bar(at: Vec2, size: Vec2, health: f32, line: f32) {
    draw_rectangle(at.x, at.y, size.x, size.y, Color::from_rgba(40, 0, 0, 200));
    let fill = Color::from_rgba(240, 60, 40, 255);
    draw_rectangle(at.x, at.y, size.x * health.clamp(0.0, 1.0), size.y, fill);
    let edge = Color::from_rgba(250, 220, 200, 255);
    if line <= 1.0 {
        outline(at, size, edge);
    } else {
        draw_rectangle_lines(at.x, at.y, size.x, size.y, line, edge);
    }
}

/// The replay's keys, time and speed, and its progress bar, `w` wide, top-left at `at`.
fn replay_block(
    r: &Renderer,
    at: Vec2,
    w: f32,
    s: f32,
    text: PanelText,
    p: ReplayProgress,
    spot: Spot,
) {
    let (ts, line) = (text.scale, text.line);
    let mut y = at.y;
    let time = format!("{}/{}", time_text(p.played), time_text(p.total));
    let speed = format!("SPEED X{}", p.speed);
    if spot == Spot::Panel {
        for k in REPLAY_KEYS {
            r.text_shadow(k, vec2(at.x, y), ts, LIGHTGRAY);
            y += line;
        }
        r.text_shadow(&time, vec2(at.x, y), ts, WHITE);
        r.text_shadow(&speed, vec2(at.x, y + line), ts, WHITE);
        y += 2.0 * line;
    } else {
        r.text_shadow(&REPLAY_KEYS.join("  "), vec2(at.x, y), ts, LIGHTGRAY);
        r.text_shadow(&format!("{time}  {speed}"), vec2(at.x, y + line), ts, WHITE);
        y += 2.0 * line;
    }
    progress_bar(vec2(at.x, y + s), vec2(w, 4.0 * s), p, s);
}

/// How far into the stage's recording the replay is.
fn progress_bar(at: Vec2, size: Vec2, p: ReplayProgress, s: f32) {
    let part = match p.total {
        0 => 1.0,
        n => (p.played as f32 / n as f32).min(1.0),
    };
    // The charge gauge's dark blue: the part still to play shows on black panels too.
    draw_rectangle(
        at.x,
        at.y,
        size.x,
        size.y,
        Color::from_rgba(30, 30, 60, 220),
    );
    let fill = Color::new(TITLE_GOLD.r, TITLE_GOLD.g, TITLE_GOLD.b, 0.9);
    draw_rectangle(at.x, at.y + s, size.x * part, size.y - 2.0 * s, fill);
}

/// The window leaves no room off the playfield: the boss's bar along its top, under the
/// in-playfield HUD's first row, in playfield space.
pub fn draw_boss_on_field(world: &World) {
    if let Some(health) = boss_health(world) {
        health_bar(vec2(8.0, 20.0), vec2(208.0, 5.0), health, 1.0);
    }
}

/// The window leaves no room off the playfield: the replay's bar along the playfield's foot,
/// its two lines of text on it, or above `above` when the in-playfield HUD has a row there.
pub fn draw_replay_on_field(r: &Renderer, p: ReplayProgress, above: Option<f32>) {
    let y = PLAYFIELD.y - 4.0;
    progress_bar(vec2(0.0, y), vec2(PLAYFIELD.x, 4.0), p, 1.0);
    let bottom = above.map_or(y, |a| a.min(y));
    let text = format!(
        "{} / {}  X{}",
        time_text(p.played),
        time_text(p.total),
        p.speed
    );
    r.text_shadow(&text, vec2(2.0, bottom - 9.0), 1.0, WHITE);
    let keys = REPLAY_KEYS.join("  ");
    r.text_shadow(&keys, vec2(2.0, bottom - 19.0), 1.0, LIGHTGRAY);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8-pixel font's glyph width.
    const GLYPH: f32 = 8.0;

    #[test]
    fn with_panels_both_go_in_the_panel() {
        let wide = Layout::for_screen(vec2(1200.0, 960.0), None);
        assert!(wide.panels);
        assert_eq!(spot(&wide, GLYPH, true), Spot::Panel);
        assert_eq!(spot(&wide, GLYPH, false), Spot::Panel);
        // The panel keeps room for them below its list of keys.
        let reserve = panel_reserve(wide.scale, GLYPH, true, true);
        assert!(reserve > 0.0 && reserve < PLAYFIELD.y * wide.scale * 0.5);
        assert_eq!(panel_reserve(wide.scale, GLYPH, false, false), 0.0);
    }

    #[test]
    fn tate_on_a_landscape_monitor_puts_them_in_the_margins_off_the_playfield() {
        // The default 1200x960 window turned: a 960x1200 picture, no room for panels.
        let tate = Layout::for_screen(vec2(960.0, 1200.0), None);
        assert!(!tate.panels);
        assert_eq!(spot(&tate, GLYPH, true), Spot::Margin);
        assert_eq!(spot(&tate, GLYPH, false), Spot::Margin);
        // A window the playfield fills leaves them nowhere but on it.
        let tight = Layout::for_screen(vec2(672.0, 960.0), None);
        assert_eq!(spot(&tight, GLYPH, true), Spot::Field);
        assert_eq!(spot(&tight, GLYPH, false), Spot::Field);
    }

    #[test]
    fn replay_times_read_as_minutes_and_seconds_and_the_keys_fit_the_playfield() {
        // 28 glyphs across the playfield.
        assert!(REPLAY_KEYS.join("  ").len() <= 28);
        assert_eq!(time_text(0), "0:00");
        assert_eq!(time_text(61 * 60 + 30), "1:01");
    }
}
