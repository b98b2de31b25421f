//! The heads-up display: score, high score, lives, bombs, power and charge gauge per player,
//! in side panels beside the playfield (this file: the panels and what the left one holds),
//! each player's keys in the right panel ([`keys`](self::keys)), the same figures inside the
//! playfield when there is no room for panels (`overlay`), and what goes beside the playfield
//! where the ship never flies ([`beside`]: the boss's bar, a replay's progress).
//!
//! May import: the renderer (`crate::render`) and the library's values; never `app`.

use macroquad::prelude::*;

use skysweep::sim::{Player, World, PLAYFIELD};

use super::TITLE_GOLD;
use super::{Layout, Renderer, SpriteParams, PANEL_W};
use skysweep::save::keys::KeyBindings;

pub mod beside;
mod keys;
mod overlay;
pub use overlay::{draw_overlay, OVERLAY_FOOT};

/// What the HUD says about a recording being played back.
pub const REPLAY_MARKER: &str = "REPLAY";

/// The REPLAY marker's state: shown only while a recording plays, so a watcher never mistakes
/// it for live play, and blinking slowly so it reads as a status rather than part of the HUD.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayMarker {
    /// Drawn this frame; the marker keeps its place while dark, so nothing around it jumps.
    pub lit: bool,
}

/// Steps in one blink of the replay marker, and how many of them it is lit. Mostly lit, and
/// lit from a replay's first step, so even a glance or a screenshot catches it.
const MARKER_BLINK: u64 = 120;
const MARKER_LIT: u64 = 90;

/// The marker for this frame: `None` in normal play.
pub fn replay_marker(replaying: bool, anim: u64) -> Option<ReplayMarker> {
    replaying.then_some(ReplayMarker {
        lit: anim % MARKER_BLINK < MARKER_LIT,
    })
}

/// The colour of the loop label: the loops after the first are harder, and say so.
const LOOP_ORANGE: Color = Color::new(1.0, 0.55, 0.3, 1.0);

/// How text is set in the side panels.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PanelText {
    scale: f32,
    /// Line height, screen pixels.
    line: f32,
    /// Characters that fit across a panel inside its margins.
    columns: usize,
}

impl PanelText {
    /// At playfield scale `s`, for a font whose characters are `glyph_w` pixels wide at scale 1.
    fn at(s: f32, glyph_w: f32) -> PanelText {
        let scale = (s * 0.67).round().max(1.0);
        PanelText {
            scale,
            line: 10.0 * scale,
            columns: (((PANEL_W - 16.0) * s) / (glyph_w * scale)).max(1.0) as usize,
        }
    }
}

/// Side panels beside the playfield, in screen space. `keys` are the players' bindings, player
/// 1 first; the right panel lists those of every player in `world`, under the replay marker
/// when a recording plays. With `timeline` the foot of the left panel is the practice
/// timeline's, so two players' blocks leave their portraits out to make room. Returns the
/// screen y where the left panel's text ends, for the timeline to start below it.
pub fn draw_panels(
    r: &Renderer,
    world: &World,
    hi_score: u64,
    keys: &[KeyBindings],
    layout: &Layout,
    replay: Option<ReplayMarker>,
    timeline: bool,
) -> f32 {
    let portraits = !(timeline && world.players().len() > 1);
    let s = layout.scale;
    let left = vec2(layout.origin.x - PANEL_W * s, layout.origin.y);
    let right = vec2(layout.origin.x + 224.0 * s, layout.origin.y);
    let text = PanelText::at(s, r.text_width("M", 1.0));
    let mut y = left.y + 8.0 * s;
    let x = left.x + 8.0 * s;
    r.text_shadow(
        "HI SCORE",
        vec2(x, y),
        text.scale,
        Color::from_rgba(255, 200, 120, 255),
    );
    y += text.line;
    r.text_shadow(&format!("{:08}", hi_score), vec2(x, y), text.scale, WHITE);
    y += text.line * 2.0;
    for p in world.players() {
        y = draw_player(r, p, vec2(x, y), s, text, portraits);
    }
    let left_end = left_panel_end(s, text, world.players().len(), portraits) + left.y;
    debug_assert!(
        (y - left_end).abs() < 0.5,
        "left_panel_end follows the drawing"
    );
    let rx = right.x + 8.0 * s;
    let ry = draw_stage_block(r, world, vec2(rx, right.y + 8.0 * s), text, replay);
    let players = world.players().len().min(keys.len());
    // The panel's foot is the boss's bar's and a replay's (see `beside`).
    let boss = beside::boss_health(world).is_some();
    let reserve = beside::panel_reserve(s, r.text_width("M", 1.0), boss, replay.is_some());
    let bottom = right.y + PLAYFIELD.y * s - reserve;
    keys::draw_controls(r, &keys[..players], vec2(rx, ry), bottom, text);
    left_end
}

/// One player's block of the left panel from `at` (name, score, portrait, lives, bombs, power,
/// charge and its gauge) at playfield scale `s`. Returns the y below it.
fn draw_player(
    r: &Renderer,
    p: &Player,
    at: Vec2,
    s: f32,
    text: PanelText,
    portraits: bool,
) -> f32 {
    let (text_scale, line) = (text.scale, text.line);
    let (x, mut y) = (at.x, at.y);
    r.text_shadow(
        &format!("{}P {}", p.index + 1, p.character.name().to_uppercase()),
        vec2(x, y),
        text_scale,
        Color::from_rgba(160, 220, 255, 255),
    );
    y += line;
    r.text_shadow(&format!("{:08}", p.score), vec2(x, y), text_scale, WHITE);
    y += line * 1.5;
    let portrait = super::pilots::portrait_sprite(p.character);
    let pscale = portrait_scale(s);
    if portraits {
        r.sprite(
            portrait,
            0,
            vec2(x + 24.0 * pscale, y + 24.0 * pscale),
            SpriteParams {
                scale: pscale,
                ..Default::default()
            },
        );
        y += 52.0 * pscale;
    }
    r.text_shadow(&format!("LIVES {}", p.lives), vec2(x, y), text_scale, WHITE);
    y += line;
    r.text_shadow(&format!("BOMBS {}", p.bombs), vec2(x, y), text_scale, WHITE);
    y += line;
    r.text_shadow(
        &format!("POWER {}", p.power),
        vec2(x, y),
        text_scale,
        Color::from_rgba(255, 200, 80, 255),
    );
    y += line;
    r.text_shadow(
        &format!("CHARGE {}", "*".repeat(p.charge_levels() as usize)),
        vec2(x, y),
        text_scale,
        WHITE,
    );
    y += line;
    let w = (PANEL_W - 16.0) * s;
    draw_rectangle(x, y, w, 4.0 * s, Color::from_rgba(30, 30, 60, 220));
    let frac = (p.charge / skysweep::sim::model::player::MAX_CHARGE).clamp(0.0, 1.0);
    draw_rectangle(
        x,
        y,
        w * frac,
        4.0 * s,
        Color::from_rgba(120, 200, 255, 255),
    );
    let slots = skysweep::sim::model::player::MAX_CHARGE as u32;
    for i in 1..slots {
        draw_rectangle(x + w * i as f32 / slots as f32, y, s, 4.0 * s, BLACK);
    }
    y + line * 2.0
}

/// The top of the right panel from `at`: the replay marker's place while a recording plays,
/// the stage's name, its time and loop. Returns the y where the controls start.
fn draw_stage_block(
    r: &Renderer,
    world: &World,
    at: Vec2,
    text: PanelText,
    replay: Option<ReplayMarker>,
) -> f32 {
    let (text_scale, line) = (text.scale, text.line);
    let (rx, mut ry) = (at.x, at.y);
    if let Some(marker) = replay {
        if marker.lit {
            r.text_shadow(REPLAY_MARKER, vec2(rx, ry), text_scale, TITLE_GOLD);
        }
        ry += line * 2.0;
    }
    // Stage names run up to 64 characters: wrap them to the panel, three lines at most.
    let name_room = text.columns as f32 * r.text_width("M", text_scale);
    for name_line in stage_name_lines(&world.level().name.to_uppercase(), text.columns) {
        r.text_shadow_within(
            &name_line,
            vec2(rx, ry),
            text_scale,
            name_room,
            Color::from_rgba(255, 230, 150, 255),
        );
        ry += line;
    }
    r.text_shadow(
        &format!("{:>5.1}s", world.stage_time()),
        vec2(rx, ry),
        text_scale,
        LIGHTGRAY,
    );
    if let Some(label) = super::stage::loop_label(world.config().loop_index) {
        ry += line;
        r.text_shadow(&label, vec2(rx, ry), text_scale, LOOP_ORANGE);
    }
    ry + line * 2.0
}

/// Scale of the pilots' portraits in the left panel at playfield scale `s`.
fn portrait_scale(s: f32) -> f32 {
    (s * 0.75).floor().max(1.0)
}

/// How far below the panel's top the left panel's text ends, in screen pixels, for `players`
/// blocks with or without portraits: the layout [`draw_panels`] draws.
fn left_panel_end(s: f32, text: PanelText, players: usize, portraits: bool) -> f32 {
    let line = text.line;
    let portrait = if portraits {
        52.0 * portrait_scale(s)
    } else {
        0.0
    };
    // HI SCORE and its value, a gap; each player: name, score and a half gap, the portrait,
    // lives, bombs, power, charge and its bar with a gap.
    8.0 * s + 3.0 * line + players as f32 * (line * 8.5 + portrait)
}

/// The stage name's lines, at most three, broken only at spaces: a word longer than `columns`
/// keeps a line of its own, to be drawn closer or smaller ([`Renderer::text_shadow_within`]).
/// Words that do not fit in three lines are left out, ending the last line with "...".
fn stage_name_lines(name: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let mut lines: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        let joins = lines
            .last()
            .is_some_and(|l| l.chars().count() + 1 + word.chars().count() <= columns);
        if joins {
            let last = lines.last_mut().expect("a line to join");
            last.push(' ');
            last.push_str(word);
        } else if lines.len() == 3 {
            lines[2].push_str("...");
            break;
        } else {
            lines.push(word.to_string());
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_and_the_timeline_share_the_left_panel_without_overlap() {
        // The play-test: TIMELINE and FROZEN landed on 2P's LIVES and BOMBS.
        for s in 1..=6 {
            let s = s as f32;
            let text = PanelText::at(s, 8.0);
            for players in 1..=2 {
                let portraits = players == 1;
                let end = left_panel_end(s, text, players, portraits);
                let top = crate::render::practice::strip_top(s, text.line, end);
                let status_top = top - crate::render::practice::LABELS_ABOVE * text.line;
                assert!(
                    status_top >= end,
                    "scale {s}, {players} players: status at {status_top}, panel ends {end}"
                );
                let bottom = (PLAYFIELD.y - 8.0) * s;
                assert!(
                    bottom - top >= 40.0 * s,
                    "scale {s}: the strip keeps room ({top}..{bottom})"
                );
            }
            // Portraits in: the old layout ran into the timeline at the default scale.
            let with = left_panel_end(s, text, 2, true);
            let without = left_panel_end(s, text, 2, false);
            assert!(without < with);
        }
    }

    #[test]
    fn the_replay_marker_shows_only_during_playback_and_blinks_mostly_lit() {
        for anim in 0..10 * MARKER_BLINK {
            assert_eq!(replay_marker(false, anim), None, "normal play, step {anim}");
        }
        assert_eq!(replay_marker(true, 0), Some(ReplayMarker { lit: true }));
        let lit = (0..10 * MARKER_BLINK)
            .filter(|&a| replay_marker(true, a).is_some_and(|m| m.lit))
            .count() as u64;
        assert!(lit < 10 * MARKER_BLINK, "it blinks");
        assert!(lit * 2 > 10 * MARKER_BLINK, "lit most of the time: {lit}");
        // Dark spells are short enough (half a second at 60 Hz) to never hide it for long.
        let longest_dark = (0..10 * MARKER_BLINK)
            .map(|a| {
                (a..)
                    .take_while(|&b| !replay_marker(true, b).unwrap().lit)
                    .count()
            })
            .max()
            .unwrap();
        assert!(longest_dark <= 30, "dark for {longest_dark} steps");
    }

    #[test]
    fn stage_names_wrap_at_spaces_and_never_split_a_word() {
        assert_eq!(stage_name_lines("MEADOWVALE", 9), ["MEADOWVALE"]);
        assert_eq!(
            stage_name_lines("THE IRON  CITADEL OF DAWN", 9),
            ["THE IRON", "CITADEL", "OF DAWN"]
        );
        assert_eq!(
            stage_name_lines("SUPERCALIFRAGILISTIC SKIES", 9),
            ["SUPERCALIFRAGILISTIC", "SKIES"]
        );
        let long = stage_name_lines("A B C D E F G H I J K L M N O P", 3);
        assert_eq!(long, ["A B", "C D", "E F..."]);
    }
}
