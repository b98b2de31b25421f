//! Drawing a stage in play: ground, wrecks, enemies, items, shots, ships, bullets, effects, clouds.

use macroquad::prelude::*;

use skysweep::level::BulletStyle;
use skysweep::sim::{
    BulletSprite, Enemy, ItemKind, PartState, StagePhase, Tally, World, PLAYFIELD,
};

use super::sprite_layer::{StampId, ANGLES};
use super::{Renderer, SpriteLayer, SpriteParams};

/// Steps of the stage-intro title at the start of a stage.
const INTRO_STEPS: u64 = 150;

/// The atlas sprite enemy bullets of `style` are drawn with.
pub(super) fn bullet_sprite(style: BulletStyle) -> &'static str {
    match style {
        BulletStyle::Small => "bullet_small",
        BulletStyle::Round => "bullet_round",
        BulletStyle::Big => "bullet_big",
        BulletStyle::Needle => "bullet_needle",
    }
}

/// Which stage this is, for the intro card and wherever else a stage is numbered (REPLAYS,
/// PRACTICE): the stage's own number, the one in its file's name, whichever run plays it and
/// in whatever place. Not its place in the run: the first three stages come in an order drawn
/// from the seed, so a place would give one stage a different number in every run, and none
/// at all in practice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageCard {
    /// The stage's number, or [`StageCard::EXTRA`] for the Extra stage.
    pub number: u32,
}

impl StageCard {
    /// The number that stands for the Extra stage, whose card reads EXTRA STAGE.
    pub const EXTRA: u32 = 0;

    /// The card of the stage loaded from `source`: EXTRA STAGE for the Extra stage, else the
    /// number in its file's name.
    pub fn of(source: &str) -> StageCard {
        let number = if skysweep::level::is_extra_stage(std::path::Path::new(source)) {
            StageCard::EXTRA
        } else {
            stage_number(source)
        };
        StageCard { number }
    }

    /// The card's first line: STAGE 3, or EXTRA STAGE.
    pub fn title(&self) -> String {
        match self.number {
            StageCard::EXTRA => "EXTRA STAGE".into(),
            n => format!("STAGE {n}"),
        }
    }
}

/// Draws the whole playfield for `world` into the current (playfield) camera.
/// `banners` draws the stage's messages over play (its card, warnings, the clear tally, the
/// continue countdown); false under the pause menu, whose rows would be drawn over them.
pub fn draw(r: &mut Renderer, world: &World, card: StageCard, anim: u64, banners: bool) {
    draw_background(r, world);
    r.effects.draw_ground(r, world.scroll_offset());
    // Background dimming (options): a veil over the ground and what lies on it, under every
    // thing that can hurt or be hurt. None at 0 %, the default.
    let dim = r.visibility.background_dim as f32 / 100.0;
    if dim > 0.0 {
        draw_rectangle(
            0.0,
            0.0,
            PLAYFIELD.x,
            PLAYFIELD.y,
            Color::new(0.0, 0.0, 0.0, dim),
        );
    }

    // Ground enemies sit under everything that flies, and the clouds between them: whatever
    // flies, above all the bullets and the ships, must always read through the clouds.
    for pass_ground in [true, false] {
        if !pass_ground {
            draw_clouds(r, world);
        }
        for (k, e) in world.enemies().iter() {
            if e.ground == pass_ground {
                draw_enemy(r, world, k, e, anim);
            }
        }
        if pass_ground {
            draw_items(r, world, anim);
        }
    }

    // A boss attack's name, under all that flies and shoots: it must never hide a bullet.
    if banners {
        r.effects.attack.draw(r, world);
    }

    // Player shots, the ships, and the bombs, each in its pilot's own look.
    super::pilots::draw_shots(r, world, anim);
    super::pilots::draw_players(r, world, anim);
    super::pilots::draw_blasts(r, world, anim);

    // Enemy bullets, above everything that is not an effect, so they always read.
    draw_bullets(r, world, anim);

    r.effects.draw(r);
    r.effects.draw_flash();
    if banners {
        draw_banners(r, world, card, anim);
    }
}

/// Enemy `e` (slab key `k`): a one-part enemy as its animated sprite (a turret with its barrel
/// turned to aim), a boss of several parts part by part.
fn draw_enemy(r: &Renderer, world: &World, k: usize, e: &Enemy, anim: u64) {
    let ty = &world.level().enemies[e.kind];
    if ty.parts.len() > 1 {
        draw_parts(r, world, k, e, anim);
        return;
    }
    let frame = (anim / 6) as usize;
    let params = SpriteParams::default();
    let drawn = match e.parts.iter().find_map(|p| part_flash(p, anim)) {
        Some(flash) => r.sprite_flashed(&ty.sprite, frame, e.pos, params, flash),
        None => r.sprite(&ty.sprite, frame, e.pos, params),
    };
    if !drawn {
        let h = ty.parts[0].half;
        draw_rectangle(
            e.pos.x - h.x,
            e.pos.y - h.y,
            h.x * 2.0,
            h.y * 2.0,
            if e.ground { DARKGREEN } else { ORANGE },
        );
    }
    // Turrets: the barrel turns to aim.
    if let Some(w) = e
        .weapons
        .first()
        .filter(|_| ty.weapons.first().is_some_and(|w| w.turn_deg_s.is_some()))
    {
        let rot = (w.aim_deg - 90.0).to_radians();
        r.sprite(
            "gun_barrel",
            0,
            e.pos,
            SpriteParams {
                rotation: rot,
                ..Default::default()
            },
        );
    }
}

/// An enemy of several parts: the core first, then the other parts on top, each in its state
/// (whole, damaged, destroyed).
fn draw_parts(r: &Renderer, world: &World, k: usize, e: &Enemy, anim: u64) {
    let ty = &world.level().enemies[e.kind];
    let mut order: Vec<usize> = (0..ty.parts.len()).collect();
    order.sort_by_key(|&i| (i != ty.core) as u8);
    for pi in order {
        let part = &ty.parts[pi];
        let st = &e.parts[pi];
        let pos = world.part_pos(k, pi);
        let state = if st.destroyed {
            2
        } else if st.hp < st.max_hp * 0.5 {
            1
        } else {
            0
        };
        let name = match (&part.destroyed_sprite, st.destroyed) {
            (Some(d), true) => d.as_str(),
            _ => part.sprite.as_deref().unwrap_or(&ty.sprite),
        };
        let params = SpriteParams {
            flip_x: part.mirror != e.mirror,
            ..Default::default()
        };
        let drawn = match part_flash(st, anim) {
            Some(flash) => r.sprite_flashed(name, state, pos, params, flash),
            None => r.sprite(name, state, pos, params),
        };
        if !drawn {
            draw_rectangle(
                pos.x - part.half.x,
                pos.y - part.half.y,
                part.half.x * 2.0,
                part.half.y * 2.0,
                if st.destroyed { DARKGRAY } else { PURPLE },
            );
        }
    }
}

/// Below this share of its HP a part is about to break, and flickers red (and smokes: see
/// `Effects::watch`).
pub(super) const ABOUT_TO_BREAK: f32 = 0.2;
/// ... when it is sturdy enough to be worth watching (a boss's part, a big enemy): popcorn
/// breaks too soon after its first hit for a warning to mean anything.
pub(super) const BREAK_SHOWN_MIN_HP: f32 = 20.0;

/// True while part `st` is about to break and shows it (see [`ABOUT_TO_BREAK`]).
pub(super) fn about_to_break(st: &PartState) -> bool {
    !st.destroyed && st.max_hp >= BREAK_SHOWN_MIN_HP && st.hp < st.max_hp * ABOUT_TO_BREAK
}

/// The silhouette drawn over part `st` this frame, if any: white while it is being hit,
/// blinking strong and faint every two frames so that under a stream of shots the part's art
/// still shows between the blinks; else, for a part about to break, a red flicker. Read from
/// the part's own flash counter (the steps since its last hit, which the rules keep): nothing
/// of the flash is kept here, so drawing changes no state.
pub(super) fn part_flash(st: &PartState, anim: u64) -> Option<Color> {
    if st.destroyed {
        return None;
    }
    if st.flash > 0 {
        let a = if (anim / 2).is_multiple_of(2) {
            0.7
        } else {
            0.25
        };
        return Some(Color::new(1.0, 1.0, 1.0, a));
    }
    (about_to_break(st) && (anim / 5).is_multiple_of(2)).then_some(Color::new(1.0, 0.25, 0.1, 0.45))
}

/// Whether bullets of `style` are drawn turned to their heading: needles point along it; the
/// other styles are drawn upright.
pub(super) fn turns(style: BulletStyle) -> bool {
    style == BulletStyle::Needle
}

/// The turn a bullet is drawn at (see [`turns`]), radians.
fn bullet_rotation(b: &BulletSprite) -> f32 {
    if turns(b.style) {
        (b.heading_deg - 90.0).to_radians()
    } else {
        0.0
    }
}

/// The outline drawn under every enemy bullet of `style` when BULLET OUTLINE is on: a disc of
/// this radius in this colour, centred on the bullet, which shows as a light ring round it,
/// so dark bullets read on dark ground and dimmed backgrounds. Off by default: the bullets'
/// own art has the genre's dark rim, and a dark disc here, tried as the default for issue #43,
/// put two dark rings round every bullet and lost it on dark ground (the contrast test,
/// `bullet_contrast`, measures bullets over this outline whenever it is on by default).
pub(super) fn bullet_outline(style: BulletStyle) -> (f32, Color) {
    (style.half_size() + 2.0, Color::new(1.0, 1.0, 1.0, 0.9))
}

/// Each bullet's outline (see [`bullet_outline`]), under it.
fn draw_bullet_outlines(world: &World) {
    for b in world.bullets().sprites() {
        let (radius, color) = bullet_outline(b.style);
        draw_circle(b.pos.x, b.pos.y, radius, color);
    }
}

fn draw_bullets(r: &mut Renderer, world: &World, anim: u64) {
    let frame = (anim / 4) as usize;
    if r.visibility.bullet_outline {
        draw_bullet_outlines(world);
    }
    let Renderer {
        assets,
        bullet_layer,
        ..
    } = r;
    let Some(layer) = bullet_layer else {
        for b in world.bullets().sprites() {
            let params = SpriteParams {
                rotation: bullet_rotation(&b),
                ..Default::default()
            };
            if !r.sprite(bullet_sprite(b.style), frame, b.pos, params) {
                draw_circle(b.pos.x, b.pos.y, b.style.half_size() + 1.0, PINK);
            }
        }
        return;
    };
    // Every stamp a bullet may take this frame, looked up once per style and angle, not once
    // per bullet: the bands are filled at once and only read them. Only needles turn.
    let mut stamps = [[None::<StampId>; ANGLES]; BulletStyle::ALL.len()];
    for (style, by_angle) in BulletStyle::ALL.into_iter().zip(&mut stamps) {
        let Some(sprite) = assets.sprite(bullet_sprite(style)) else {
            continue;
        };
        let angles = if turns(style) { ANGLES } else { 1 };
        for (angle, id) in by_angle.iter_mut().enumerate().take(angles) {
            *id = Some(layer.stamp(sprite.frame(frame), angle));
        }
    }
    // Later bullets are drawn over earlier ones. The layer is composited on the CPU: what
    // lies under it is handed to GL first, to be rasterised meanwhile.
    super::flush_to_gl();
    layer.begin();
    let (bullets, stamps) = (&world.bullets(), &stamps);
    layer.put_all(|ys| {
        bullets
            .sprites()
            .filter(move |b| ys.contains(&b.pos.y))
            .filter_map(move |b| {
                let angle = SpriteLayer::angle_step(bullet_rotation(&b));
                Some((stamps[b.style as usize][angle]?, b.pos))
            })
    });
    layer.draw();
}

fn draw_items(r: &Renderer, world: &World, anim: u64) {
    for (_, it) in world.items().iter() {
        let (name, frame) = match it.kind {
            ItemKind::Power => ("item_p", (anim / 8) as usize),
            ItemKind::Bomb => ("item_b", (anim / 8) as usize),
            ItemKind::Coin if it.flashing() => ("coin", 4 + (anim / 3) as usize % 2),
            ItemKind::Coin => ("coin", (anim / 5) as usize % 4),
            ItemKind::ScoreCoin => ("coin", (anim / 3) as usize % 4),
        };
        let scale = if it.kind == ItemKind::ScoreCoin {
            0.6
        } else {
            1.0
        };
        if !r.sprite(
            name,
            frame,
            it.pos,
            SpriteParams {
                scale,
                ..Default::default()
            },
        ) {
            draw_rectangle(it.pos.x - 6.0, it.pos.y - 6.0, 12.0, 12.0, GOLD);
        }
    }
}

fn draw_background(r: &mut Renderer, world: &World) {
    let bg = world.level().background.clone();
    if let Some(tex) = r.assets.texture(&bg.ground) {
        tile_vertical(&tex, world.scroll_offset(), WHITE);
    }
}

fn draw_clouds(r: &mut Renderer, world: &World) {
    let layers = world.level().background.layers.clone();
    // Clouds are background too: dimmed as the ground is (1.0, untouched, by default).
    let light = 1.0 - r.visibility.background_dim as f32 / 100.0;
    for layer in layers {
        if let Some(tex) = r.assets.texture(&layer.image) {
            tile_vertical(
                &tex,
                world.scroll_offset() * layer.speed,
                Color::new(light, light, light, layer.alpha),
            );
        }
    }
}

/// Tiles a texture down the playfield, offset by `offset` pixels of scrolling.
fn tile_vertical(tex: &Texture2D, offset: f32, color: Color) {
    let h = tex.height();
    if h < 1.0 {
        return;
    }
    let start = (offset.rem_euclid(h)).round() - h;
    let mut y = start;
    while y < PLAYFIELD.y {
        draw_texture_ex(
            tex,
            0.0,
            y,
            color,
            DrawTextureParams {
                dest_size: Some(vec2(PLAYFIELD.x, h)),
                ..Default::default()
            },
        );
        y += h;
    }
}

/// Warning banner, stage intro, stage clear tally and continue countdown (the boss's bar is
/// drawn beside the playfield: `hud::beside`).
fn draw_banners(r: &Renderer, world: &World, card: StageCard, anim: u64) {
    if world.frame() < INTRO_STEPS && world.config().start_at == 0.0 {
        draw_intro(r, world, card);
    }
    if let Some(b) = &world.banner() {
        if !(anim / 10).is_multiple_of(3) {
            draw_rectangle(
                0.0,
                140.0,
                PLAYFIELD.x,
                20.0,
                Color::from_rgba(160, 0, 0, 170),
            );
            r.text_centered(
                &b.text,
                112.0,
                146.0,
                1.0,
                Color::from_rgba(255, 230, 120, 255),
            );
        }
    }
    if let (StagePhase::Clearing { .. } | StagePhase::Cleared, Some(t)) =
        (world.phase(), &world.tally())
    {
        draw_tally(r, t, world.players().len());
    }
    for p in world.players() {
        if let Some(left) = p.continue_steps {
            draw_continue(r, p.index, world.players().len(), left);
        }
    }
}

/// The stage's intro card over its first steps: its number, its name, its loop; fading out.
fn draw_intro(r: &Renderer, world: &World, card: StageCard) {
    let a = if world.frame() > INTRO_STEPS - 30 {
        (INTRO_STEPS - world.frame()) as f32 / 30.0
    } else {
        1.0
    };
    let loop_line = loop_label(world.config().loop_index);
    let height = if loop_line.is_some() { 56.0 } else { 44.0 };
    draw_rectangle(
        0.0,
        120.0,
        PLAYFIELD.x,
        height,
        Color::new(0.0, 0.0, 0.1, 0.6 * a),
    );
    r.text_centered(
        &card.title(),
        112.0,
        128.0,
        2.0,
        Color::new(1.0, 0.9, 0.4, a),
    );

    r.text_centered(
        &world.level().name.to_uppercase(),
        112.0,
        150.0,
        1.0,
        Color::new(1.0, 1.0, 1.0, a),
    );
    if let Some(label) = loop_line {
        r.text_centered(&label, 112.0, 162.0, 1.0, Color::new(1.0, 0.55, 0.3, a));
    }
}

/// Steps the music's title shows when a stage's music starts, the last [`MUSIC_FADE`] fading.
pub const MUSIC_STEPS: u64 = 210;
const MUSIC_FADE: u64 = 60;

/// The opacity of the music's title `frame` steps after its music began: full, then fading,
/// then gone.
pub fn music_title_alpha(frame: u64) -> f32 {
    if frame >= MUSIC_STEPS {
        0.0
    } else {
        ((MUSIC_STEPS - frame) as f32 / MUSIC_FADE as f32).min(1.0)
    }
}

/// The title of the music playing, a small line with a note at the playfield's top, `top`
/// pixels down (under the overlay's score when there are no side panels), for the first steps
/// after the music began (`shown` steps ago) and fading: away from the ship, which flies low.
pub fn draw_music_title(r: &Renderer, shown: u64, title: &str, top: f32) {
    let a = music_title_alpha(shown);
    if a <= 0.0 || title.is_empty() {
        return;
    }
    let w = r.text_width(title, 1.0) + 10.0;
    let x = ((PLAYFIELD.x - w) / 2.0).round();
    draw_rectangle(
        x - 3.0,
        top - 2.0,
        w + 6.0,
        12.0,
        Color::new(0.0, 0.0, 0.1, 0.5 * a),
    );
    let note = Color::new(1.0, 0.9, 0.4, a);
    draw_circle(x + 2.0, top + 6.0, 2.0, note);
    draw_line(x + 3.5, top + 6.0, x + 3.5, top, 1.0, note);
    draw_line(x + 3.5, top, x + 6.5, top + 2.5, 1.0, note);
    r.text_shadow(
        title,
        vec2(x + 10.0, top),
        1.0,
        Color::new(1.0, 1.0, 1.0, a),
    );
}

/// The stage-clear tally: each bonus and the total, and with two `players` what each gets.
fn draw_tally(r: &Renderer, t: &Tally, players: usize) {
    draw_rectangle(16.0, 100.0, 192.0, 104.0, Color::new(0.0, 0.0, 0.1, 0.75));
    r.text_centered(
        "STAGE CLEAR!",
        112.0,
        108.0,
        2.0,
        Color::from_rgba(255, 230, 100, 255),
    );
    let mut rows = vec![
        ("BOSS", t.boss_bonus),
        ("LIVES", t.lives_bonus),
        ("BOMBS", t.bombs_bonus),
        ("TOTAL", t.total),
    ];
    // Two players share the bonus equally (see `World::begin_clear`): say what each gets,
    // or the TOTAL reads as if each had earned it.
    if players > 1 {
        rows.push(("EACH", t.each));
    }
    for (i, (label, v)) in rows.iter().enumerate() {
        let y = 132.0 + i as f32 * 14.0;
        r.text_shadow(label, vec2(32.0, y), 1.0, WHITE);
        let s = v.to_string();
        r.text_shadow(&s, vec2(192.0 - r.text_width(&s, 1.0), y), 1.0, WHITE);
    }
}

/// Player `index`'s continue countdown, `left` steps to go, of `players` in the run.
fn draw_continue(r: &Renderer, index: usize, players: usize, left: u32) {
    // Two players' countdowns stack instead of covering each other.
    let y = 130.0 + index as f32 * 70.0;
    let title = if players > 1 {
        format!("{}P CONTINUE?", index + 1)
    } else {
        "CONTINUE?".to_string()
    };
    // As wide as the title needs ("1P CONTINUE?" at double size is wider than the
    // one-player box), within the 224 px playfield.
    let w = (r.text_width(&title, 2.0) + 16.0).clamp(176.0, 220.0);
    draw_rectangle(112.0 - w * 0.5, y, w, 60.0, Color::new(0.0, 0.0, 0.0, 0.7));
    r.text_centered(
        &title,
        112.0,
        y + 8.0,
        2.0,
        Color::from_rgba(255, 200, 80, 255),
    );
    r.text_centered(&format!("{}", left / 60), 112.0, y + 28.0, 2.0, WHITE);
    r.text_centered("PRESS SHOT", 112.0, y + 48.0, 1.0, LIGHTGRAY);
}

/// "2ND LOOP" and onwards for the loops after the first; nothing on the first.
pub fn loop_label(loop_index: u32) -> Option<String> {
    let n = loop_index + 1;
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "TH",
        (1, _) => "ST",
        (2, _) => "ND",
        (3, _) => "RD",
        _ => "TH",
    };
    (loop_index > 0).then(|| format!("{n}{suffix} LOOP"))
}

/// "levels/stage2.ron" -> 2, for the intro title.
pub fn stage_number(source: &str) -> u32 {
    let stem = std::path::Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("");
    stem.trim_start_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap_or(1)
}

/// The title's demo's label, as arcades show it over a demo: DEMO PLAY, and PRESS START
/// blinking under it, low on the playfield where the ship flies rather than where enemies come.
pub fn draw_demo_label(r: &Renderer, anim: u64) {
    let y = PLAYFIELD.y * 0.7;
    r.text_centered(
        "DEMO PLAY",
        PLAYFIELD.x / 2.0,
        y,
        2.0,
        Color::from_rgba(255, 214, 90, 230),
    );
    if (anim / 30).is_multiple_of(2) {
        let white = Color::from_rgba(235, 240, 255, 230);
        r.text_centered("PRESS START", PLAYFIELD.x / 2.0, y + 22.0, 1.0, white);
    }
}

#[cfg(test)]
mod tests {
    use super::{loop_label, music_title_alpha, stage_number, StageCard, MUSIC_STEPS};

    #[test]
    fn the_music_title_shows_then_fades_then_is_gone() {
        assert_eq!(music_title_alpha(0), 1.0);
        assert_eq!(music_title_alpha(150), 1.0, "full at 2.5 s");
        let fading = music_title_alpha(MUSIC_STEPS - 30);
        assert!(fading > 0.0 && fading < 1.0);
        assert_eq!(music_title_alpha(MUSIC_STEPS), 0.0);
    }

    #[test]
    fn loops_after_the_first_are_named_in_english_ordinals() {
        assert_eq!(loop_label(0), None);
        assert_eq!(loop_label(1).as_deref(), Some("2ND LOOP"));
        assert_eq!(loop_label(2).as_deref(), Some("3RD LOOP"));
        assert_eq!(loop_label(3).as_deref(), Some("4TH LOOP"));
        assert_eq!(loop_label(10).as_deref(), Some("11TH LOOP"));
        assert_eq!(loop_label(20).as_deref(), Some("21ST LOOP"));
    }

    #[test]
    fn a_stage_file_names_its_number() {
        assert_eq!(stage_number("levels/stage2.ron"), 2);
        assert_eq!(stage_number("levels/stage6.ron"), 6);
        assert_eq!(stage_number("my_level.ron"), 1);
    }

    #[test]
    fn the_extra_stage_has_its_own_card() {
        assert_eq!(StageCard { number: 3 }.title(), "STAGE 3");
        assert_eq!(StageCard::of("levels/stage2.ron").title(), "STAGE 2");
        assert_eq!(StageCard::of("levels/stage7.ron").number, StageCard::EXTRA);
        assert_eq!(
            StageCard {
                number: StageCard::EXTRA
            }
            .title(),
            "EXTRA STAGE"
        );
    }
}
