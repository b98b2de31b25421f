//! Drawing what the pilots put on screen: their ships (with Rook's pods), their shots and
//! charge attacks, melee strikes and each pilot's own bomb. Everything here only reads the
//! world; where a bomb's picture must match what it hurts, it asks `sim::systems::bomb` the
//! same questions the rules do.

use std::f32::consts::FRAC_PI_2;

use macroquad::prelude::*;

use skysweep::sim::model::player::CHARGE_HOLD_STEPS;
use skysweep::sim::systems::bomb::{self, SCRAP_PIECES};
use skysweep::sim::{Blast, Character, Player, Shot, ShotKind, World, PLAYFIELD};

use super::{Renderer, SpriteParams};

/// Every sprite a pilot needs drawn, by name: the ship, portrait, shot, charge, strike and
/// bomb, and whatever extra pieces the pilot's own weapons use. The drawing below names them
/// one by one; the test holds this list against the atlas.
#[cfg(test)]
pub(super) fn pilot_sprites(c: Character) -> Vec<String> {
    let k = c.key();
    let mut names: Vec<String> = ["ship", "portrait", "shot", "charge", "melee", "bomb"]
        .iter()
        .map(|what| format!("{what}_{k}"))
        .collect();
    let extra: &[&str] = match c {
        Character::Orla => &["bomb_orla_core"],
        Character::Rook => &["pod_rook", "bomb_rook_blast"],
        Character::Wren => &["sparkle"],
        Character::Brass => &["impact_brass"],
        _ => &[],
    };
    names.extend(extra.iter().map(|s| s.to_string()));
    names
}

fn ship_sprite(c: Character) -> &'static str {
    match c {
        Character::Vela => "ship_vela",
        Character::Brass => "ship_brass",
        Character::Wren => "ship_wren",
        Character::Orla => "ship_orla",
        Character::Rook => "ship_rook",
    }
}

fn shot_sprite(c: Character) -> &'static str {
    match c {
        Character::Vela => "shot_vela",
        Character::Brass => "shot_brass",
        Character::Wren => "shot_wren",
        Character::Orla => "shot_orla",
        Character::Rook => "shot_rook",
    }
}

fn charge_sprite(c: Character) -> &'static str {
    match c {
        Character::Vela => "charge_vela",
        Character::Brass => "charge_brass",
        Character::Wren => "charge_wren",
        Character::Orla => "charge_orla",
        Character::Rook => "charge_rook",
    }
}

/// The portrait on the HUD and the select screen.
pub fn portrait_sprite(c: Character) -> &'static str {
    match c {
        Character::Vela => "portrait_vela",
        Character::Brass => "portrait_brass",
        Character::Wren => "portrait_wren",
        Character::Orla => "portrait_orla",
        Character::Rook => "portrait_rook",
    }
}

/// The ship's frame: its bank, and for the ten-frame ships the second animation phase on
/// alternate four-tick beats.
pub fn ship_frame(c: Character, bank: f32, anim: u64) -> usize {
    let bank = ((bank + 1.0) * 2.0).round().clamp(0.0, 4.0) as usize;
    let beat = matches!(c, Character::Orla | Character::Rook) && (anim / 4) % 2 == 1;
    bank + if beat { 5 } else { 0 }
}

/// Where a column of sprite pieces runs: from `bottom` up to `top`, at `x`.
struct Column {
    x: f32,
    bottom: f32,
    top: f32,
}

/// Draws `name` tiled up a column (pieces `piece` pixels tall), tinted `color`.
fn tile_column(r: &Renderer, name: &str, frame: usize, at: Column, piece: f32, color: Color) {
    let params = SpriteParams {
        color,
        ..Default::default()
    };
    let mut y = at.bottom - piece * 0.5;
    while y + piece * 0.5 > at.top {
        r.sprite(name, frame, vec2(at.x, y), params);
        y -= piece;
    }
}

/// Every player shot.
pub fn draw_shots(r: &mut Renderer, world: &World, anim: u64) {
    let frame = (anim / 3) as usize;
    // The main stream fades with the shot-opacity option (a little faint by default, so the
    // enemy bullets in it read). Charge attacks stay whole: they are rare and big.
    let tint = Color::new(1.0, 1.0, 1.0, r.visibility.shot_opacity as f32 / 100.0);
    for (_, s) in world.shots().iter() {
        match s.kind {
            ShotKind::Charge => draw_charge(r, s, frame),
            ShotKind::Laser => {
                // A piece of lamp-laser tiled along the bolt; a paired bolt is two beams.
                let (bottom, top) = (s.pos.y + s.half.y, s.pos.y - s.half.y);
                let xs: &[f32] = if s.paired { &[-2.5, 2.5] } else { &[0.0] };
                for dx in xs {
                    let at = Column {
                        x: s.pos.x + dx,
                        bottom,
                        top,
                    };
                    tile_column(r, "shot_orla", frame, at, 16.0, tint);
                }
            }
            ShotKind::Homing => {
                let name = if s.character == Character::Wren && s.damage > 3.0 {
                    "charge_wren"
                } else {
                    "shot_wren"
                };
                let scale = if name == "charge_wren" { 0.6 } else { 1.0 };
                let params = SpriteParams {
                    scale,
                    color: tint,
                    ..Default::default()
                };
                r.sprite(name, frame, s.pos, params);
            }
            ShotKind::Main => {
                let name = shot_sprite(s.character);
                let params = SpriteParams {
                    rotation: s.vel.y.atan2(s.vel.x) + FRAC_PI_2,
                    color: tint,
                    ..Default::default()
                };
                let offsets: &[f32] = if s.paired { &[-4.0, 4.0] } else { &[0.0] };
                for dx in offsets {
                    let pos = s.pos + vec2(*dx, 0.0);
                    if !r.sprite(name, frame, pos, params) {
                        draw_rectangle(pos.x - 1.0, pos.y - 4.0, 2.0, 8.0, tint);
                    }
                }
            }
        }
    }
}

fn draw_charge(r: &Renderer, s: &Shot, frame: usize) {
    let name = charge_sprite(s.character);
    match s.character {
        // The beams: pieces stacked from the ship to the top.
        Character::Brass => {
            let mut y = s.pos.y + s.half.y - 24.0;
            while y > s.pos.y - s.half.y - 24.0 {
                r.sprite(name, frame, vec2(s.pos.x, y), SpriteParams::default());
                y -= 46.0;
            }
        }
        Character::Orla => {
            let at = Column {
                x: s.pos.x,
                bottom: s.pos.y + s.half.y,
                top: s.pos.y - s.half.y,
            };
            tile_column(r, name, frame, at, 32.0, WHITE);
        }
        // Bolts turned to their heading.
        Character::Rook => {
            let params = SpriteParams {
                rotation: s.vel.y.atan2(s.vel.x) + FRAC_PI_2,
                ..Default::default()
            };
            r.sprite(name, frame, s.pos, params);
        }
        _ => {
            r.sprite(name, frame, s.pos, SpriteParams::default());
        }
    }
}

/// Every ship in play, with Rook's pods, the charge ring and the strike in progress.
pub fn draw_players(r: &mut Renderer, world: &World, anim: u64) {
    for p in world.players() {
        if !p.in_play() {
            continue;
        }
        // Blink while invulnerable after a respawn.
        if p.invulnerable > 0 && (anim / 3).is_multiple_of(2) && world.blasts().is_empty() {
            continue;
        }
        let c = p.character;
        let rook_bombing = c == Character::Rook && bombing(world, p.index);
        if c == Character::Rook && !rook_bombing {
            draw_pods(r, p, anim);
        }
        let frame = ship_frame(c, p.bank, anim);
        if !r.sprite(ship_sprite(c), frame, p.pos, SpriteParams::default()) {
            draw_triangle(
                p.pos + vec2(0.0, -12.0),
                p.pos + vec2(-10.0, 10.0),
                p.pos + vec2(10.0, 10.0),
                SKYBLUE,
            );
        }
        if p.shot_held >= CHARGE_HOLD_STEPS && p.charge >= 1.0 && (anim / 4).is_multiple_of(2) {
            draw_circle_lines(
                p.pos.x,
                p.pos.y,
                16.0,
                1.0,
                Color::from_rgba(255, 240, 120, 200),
            );
        }
        if let Some(s) = p.strike {
            let done = skysweep::sim::systems::pilots::MELEE_STEPS - s.steps_left;
            let name = format!("melee_{}", c.key());
            r.sprite(&name, (done / 3) as usize, s.at, SpriteParams::default());
        }
        if p.focused {
            // Focus shows the true hitbox: far smaller than the ship.
            if !r.sprite("hitbox_dot", 0, p.pos, SpriteParams::default()) {
                draw_circle(
                    p.pos.x,
                    p.pos.y,
                    skysweep::sim::model::player::HITBOX_RADIUS,
                    RED,
                );
            }
        }
    }
}

fn bombing(world: &World, player: usize) -> bool {
    world.blasts().iter().any(|(_, b)| b.player == player)
}

fn draw_pods(r: &Renderer, p: &Player, anim: u64) {
    let firing = p.shot_held > 0 && (anim / 3).is_multiple_of(2);
    for side in [-1.0f32, 1.0] {
        let at = p.pos + vec2(13.0 * side, 3.0);
        let params = SpriteParams {
            rotation: p.pod_angle,
            ..Default::default()
        };
        r.sprite("pod_rook", usize::from(firing), at, params);
    }
}

/// Each bomb in its pilot's own look.
pub fn draw_blasts(r: &mut Renderer, world: &World, anim: u64) {
    for (_, b) in world.blasts().iter() {
        let age = bomb::age(b);
        let ship = world
            .players()
            .get(b.player)
            .filter(|p| p.in_play())
            .map_or(b.origin, |p| p.pos);
        match b.character {
            Character::Vela => draw_gale(r, b, age, anim),
            Character::Brass => {
                // The fireball then the ring of steam, once over the blast, at 2x.
                let frame = (age as usize * 5 / b.total_steps.max(1) as usize).min(4);
                let params = SpriteParams {
                    scale: 2.0,
                    ..Default::default()
                };
                r.sprite("bomb_brass", frame, b.origin, params);
            }
            Character::Wren => {
                let t = (age as f32 / 20.0).min(1.0);
                let params = SpriteParams {
                    scale: 1.0 + t,
                    ..Default::default()
                };
                r.sprite("bomb_wren", (anim / 4) as usize, ship, params);
            }
            Character::Orla => {
                let lamp = world.lamp(b);
                let angle = bomb::beam_angle(age, b.total_steps);
                let frame = (anim / 4) as usize;
                for turn in [0.0, std::f32::consts::PI] {
                    let a = angle + turn;
                    let centre = lamp + vec2(a.sin(), -a.cos()) * 120.0;
                    let params = SpriteParams {
                        rotation: a,
                        ..Default::default()
                    };
                    r.sprite("bomb_orla", frame, centre, params);
                }
                r.sprite("bomb_orla_core", frame, lamp, SpriteParams::default());
            }
            Character::Rook => draw_scrap(r, b, ship, age, anim),
        }
    }
}

/// Vela's storm: rows of gusts around the band that hurts, sliding with it.
fn draw_gale(r: &Renderer, b: &Blast, age: u32, anim: u64) {
    let x = bomb::gale_x(age, b.total_steps);
    let next = bomb::gale_x(age + 1, b.total_steps);
    let leftwards = next < x;
    let fade = (b.steps_left as f32 / 20.0).min(1.0);
    for row in 0..6 {
        let y = 26.0 + row as f32 * (PLAYFIELD.y - 52.0) / 5.0;
        let stagger = if row % 2 == 0 { -20.0 } else { 20.0 };
        let params = SpriteParams {
            flip_x: leftwards,
            color: Color::new(1.0, 1.0, 1.0, fade),
            ..Default::default()
        };
        let frame = (anim / 4) as usize + row;
        r.sprite("bomb_vela", frame, vec2(x + stagger, y), params);
    }
}

/// Rook's barrage: the pods fly up, then the scrap falls and bursts where it lands.
fn draw_scrap(r: &Renderer, b: &Blast, ship: Vec2, age: u32, anim: u64) {
    // The pods climb off the screen over the first thirty steps.
    let climb = age as f32 * 12.0;
    for side in [-1.0f32, 1.0] {
        let at = ship + vec2(13.0 * side + side * age as f32 * 1.5, 3.0 - climb);
        if at.y > -10.0 {
            r.sprite("pod_rook", 1, at, SpriteParams::default());
        }
    }
    for n in 0..SCRAP_PIECES {
        let s = b.scrap[n];
        if let Some(at) = s.falling_at(age) {
            let params = SpriteParams {
                rotation: (anim as f32 * 0.3 + n as f32).rem_euclid(std::f32::consts::TAU),
                ..Default::default()
            };
            r.sprite("bomb_rook", s.look as usize, at, params);
        } else if age >= s.land_step && age < s.land_step + 12 {
            let frame = ((age - s.land_step) / 2) as usize;
            r.sprite(
                "bomb_rook_blast",
                frame,
                vec2(s.x, s.land_y),
                SpriteParams::default(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::level::assets::Catalog;

    #[test]
    fn every_pilot_has_every_sprite_it_needs() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let catalog = Catalog::load(&root);
        for c in Character::ALL {
            for name in pilot_sprites(c) {
                assert!(catalog.sprite(&name).is_some(), "{c:?} needs {name}");
            }
            // The frames the drawing counts on.
            let frames = |name: &str| catalog.sprite(name).map_or(0, |s| s.frames.len());
            let ship = frames(ship_sprite(c));
            assert!(
                ship > ship_frame(c, 1.0, 4),
                "{c:?}'s ship has every frame drawn"
            );
            assert_eq!(frames(&format!("melee_{}", c.key())), 4, "{c:?}'s strike");
            assert!(frames(shot_sprite(c)) >= 1 && frames(charge_sprite(c)) >= 1);
            assert!(frames(portrait_sprite(c)) >= 1);
        }
        assert_eq!(
            catalog.sprite("bomb_brass").map(|s| s.frames.len()),
            Some(5)
        );
        assert_eq!(catalog.sprite("bomb_rook").map(|s| s.frames.len()), Some(4));
    }

    #[test]
    fn the_ten_frame_ships_alternate_their_two_phases() {
        for c in [Character::Orla, Character::Rook] {
            assert_eq!(ship_frame(c, 0.0, 0), 2);
            assert_eq!(ship_frame(c, 0.0, 4), 7);
            assert_eq!(ship_frame(c, -1.0, 4), 5);
        }
        assert_eq!(
            ship_frame(Character::Vela, 1.0, 4),
            4,
            "five-frame ships only bank"
        );
    }
}
