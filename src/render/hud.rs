//! The heads-up display: score, high score, lives, bombs, power and charge gauge per player.

use macroquad::prelude::*;

use skysweep::sim::{Player, World};

use super::{Layout, Renderer, SpriteParams, PANEL_W};

/// Inside the playfield, along the top: used when the window has no room for side panels.
pub fn draw_overlay(r: &Renderer, world: &World, hi_score: u64) {
    draw_rectangle(0.0, 0.0, 224.0, 10.0, Color::new(0.0, 0.0, 0.0, 0.45));
    for p in &world.players {
        let x = if p.index == 0 { 2.0 } else { 130.0 };
        r.text_shadow(&format!("{:08}", p.score), vec2(x, 1.0), 1.0, WHITE);
        // Lives and bombs as small pips below the score.
        for l in 0..p.lives.min(6) {
            draw_rectangle(
                x + l as f32 * 6.0,
                12.0,
                4.0,
                4.0,
                Color::from_rgba(120, 220, 255, 255),
            );
        }
        for b in 0..p.bombs.min(6) {
            draw_circle(
                x + 2.0 + b as f32 * 6.0,
                20.0,
                2.0,
                Color::from_rgba(255, 140, 60, 255),
            );
        }
        r.text_shadow(
            &format!("P{}", p.power),
            vec2(x, 308.0),
            1.0,
            Color::from_rgba(255, 200, 80, 255),
        );
        gauge(vec2(x + 20.0, 310.0), 40.0, p);
    }
    if world.players.len() == 1 {
        r.text_shadow(
            &format!("HI {:08}", hi_score.max(world.score())),
            vec2(120.0, 1.0),
            1.0,
            Color::from_rgba(255, 230, 150, 255),
        );
    }
}

fn gauge(pos: Vec2, w: f32, p: &Player) {
    draw_rectangle(pos.x, pos.y, w, 4.0, Color::from_rgba(30, 30, 60, 220));
    let frac = (p.charge / skysweep::sim::player::MAX_CHARGE).clamp(0.0, 1.0);
    draw_rectangle(
        pos.x,
        pos.y,
        w * frac,
        4.0,
        Color::from_rgba(120, 200, 255, 255),
    );
    for i in 1..3 {
        draw_rectangle(pos.x + w * i as f32 / 3.0, pos.y, 1.0, 4.0, BLACK);
    }
}

/// Side panels beside the playfield, in screen space.
pub fn draw_panels(r: &Renderer, world: &World, hi_score: u64, layout: &Layout) {
    let s = layout.scale;
    let left = vec2(layout.origin.x - PANEL_W * s, layout.origin.y);
    let right = vec2(layout.origin.x + 224.0 * s, layout.origin.y);
    let text_scale = (s * 0.67).round().max(1.0);
    let line = 10.0 * text_scale;
    let mut y = left.y + 8.0 * s;
    let x = left.x + 8.0 * s;
    r.text_shadow(
        "HI SCORE",
        vec2(x, y),
        text_scale,
        Color::from_rgba(255, 200, 120, 255),
    );
    y += line;
    r.text_shadow(
        &format!("{:08}", hi_score.max(world.score())),
        vec2(x, y),
        text_scale,
        WHITE,
    );
    y += line * 2.0;
    for p in &world.players {
        r.text_shadow(
            &format!("{}P {}", p.index + 1, p.character.name().to_uppercase()),
            vec2(x, y),
            text_scale,
            Color::from_rgba(160, 220, 255, 255),
        );
        y += line;
        r.text_shadow(&format!("{:08}", p.score), vec2(x, y), text_scale, WHITE);
        y += line * 1.5;
        let portrait = match p.character {
            skysweep::sim::Character::Vela => "portrait_vela",
            skysweep::sim::Character::Brass => "portrait_brass",
            skysweep::sim::Character::Wren => "portrait_wren",
        };
        let pscale = (s * 0.75).floor().max(1.0);
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
        r.text_shadow("CHARGE", vec2(x, y), text_scale, WHITE);
        y += line;
        let w = (PANEL_W - 16.0) * s;
        draw_rectangle(x, y, w, 4.0 * s, Color::from_rgba(30, 30, 60, 220));
        let frac = (p.charge / skysweep::sim::player::MAX_CHARGE).clamp(0.0, 1.0);
        draw_rectangle(
            x,
            y,
            w * frac,
            4.0 * s,
            Color::from_rgba(120, 200, 255, 255),
        );
        for i in 1..3 {
            draw_rectangle(x + w * i as f32 / 3.0, y, s, 4.0 * s, BLACK);
        }
        y += line * 2.0;
    }
    let rx = right.x + 8.0 * s;
    let mut ry = right.y + 8.0 * s;
    // Stage names run up to 64 characters: wrap them to the panel, three lines at most.
    let columns = (((PANEL_W - 16.0) * s) / r.text_width("M", text_scale)).max(1.0) as usize;
    for name_line in super::menus::wrap(&world.level.name.to_uppercase(), columns)
        .iter()
        .take(3)
    {
        r.text_shadow(
            name_line,
            vec2(rx, ry),
            text_scale,
            Color::from_rgba(255, 230, 150, 255),
        );
        ry += line;
    }
    r.text_shadow(
        &format!("{:>5.1}s", world.stage_time),
        vec2(rx, ry),
        text_scale,
        LIGHTGRAY,
    );
    ry += line * 2.0;
    for (k, v) in [
        ("MOVE", "ARROWS"),
        ("SHOT", "Z/SPACE"),
        ("BOMB", "X"),
        ("FOCUS", "SHIFT"),
        ("PAUSE", "ESC"),
        ("BOXES", "F1"),
    ] {
        r.text_shadow(
            k,
            vec2(rx, ry),
            text_scale,
            Color::from_rgba(150, 170, 200, 255),
        );
        ry += line;
        r.text_shadow(
            v,
            vec2(rx + 8.0 * s, ry),
            text_scale,
            Color::from_rgba(200, 210, 230, 255),
        );
        ry += line;
    }
}
