//! Drawing. Everything here reads the simulation's state and the events it reported; nothing
//! here changes a game rule.
//!
//! The 224x320 playfield is drawn into an offscreen target, then scaled to the window by the
//! largest whole factor that fits (crisp pixels) and letterboxed; the HUD goes in side panels
//! when the window is wide enough.
//!
//! What is here, by concern:
//! - the renderer: this file (the playfield's target, its scaling and [`Layout`], sprites,
//!   text, the gold every screen shares), what it loads ([`assets`]), its shader (`shaders`),
//!   the sprite layer the enemy bullets are composited in ([`sprite_layer`]) and TATE's turned
//!   picture ([`tate`]);
//! - a stage in play: [`stage`], the pilots' ships, shots and bombs ([`pilots`]), [`effects`],
//!   a boss attack's title card ([`attack_card`]), the HUD ([`hud`]), the practice toolbox's
//!   timeline and preview ([`practice`]) and the hitbox overlay ([`debug_overlay`]);
//! - the menus and the screens between stages ([`menus`], the [`ending`]), and a notice across
//!   the whole window ([`notice_box`]);
//! - `bullet_contrast`, a test: every enemy bullet reads on every ground, as drawn here.
//!
//! May import: the library (`skysweep::*`, for the values it draws) and `crate::window` (a
//! frame's timings, which the overlay shows). Never `app`, `lab` or `cli`: the scenes and the
//! lab call in, and drawing calls nothing back.

pub mod assets;
pub mod attack_card;
#[cfg(test)]
mod bullet_contrast;
pub mod debug_overlay;
pub mod effects;
pub mod ending;
pub mod hud;
pub mod menus;
pub mod notice_box;
pub mod pilots;
pub mod practice;
mod shaders;
pub mod sprite_layer;
pub mod stage;
pub mod tate;

use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::prelude::*;

use skysweep::level::BulletStyle;
use skysweep::save::settings::Visibility;
use skysweep::save::tate::Tate;
use skysweep::sim::PLAYFIELD;

pub use assets::Assets;
pub use effects::Effects;
use shaders::{OPAQUE_FRAGMENT, VERTEX};
use sprite_layer::Sheet;
pub use sprite_layer::SpriteLayer;

/// A sprite's silhouette in its tint's colour: the hit flash's white-out. A tint can only darken
/// a sprite (macroquad multiplies), so a flash drawn with it reads as a faint pink; this keeps
/// the texture's alpha and paints every pixel the tint, blended over the sprite drawn plainly.
/// Here, not in `shaders`, which `examples/present_floor.rs` shares and would not use it.
const SILHOUETTE_FRAGMENT: &str = r#"#version 100
varying lowp vec4 color;
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = vec4(color.rgb, color.a * texture2D(Texture, uv).a);
}"#;

/// The game's gold: titles, the cursor's row in a menu, keys in key help, the HUD's labels.
pub const TITLE_GOLD: Color = Color::new(1.0, 0.85, 0.35, 1.0);

/// Width of one HUD side panel in playfield pixels.
pub const PANEL_W: f32 = 88.0;

/// Where the playfield landed on the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Top-left of the playfield on screen, in screen pixels.
    pub origin: Vec2,
    /// Screen pixels per playfield pixel.
    pub scale: f32,
    /// True when the HUD has side panels.
    pub panels: bool,
}

impl Layout {
    /// The layout for a window of `size` screen pixels.
    pub fn for_screen(size: Vec2, user_scale: Option<u32>) -> Layout {
        let fit = (size.x / PLAYFIELD.x).min(size.y / PLAYFIELD.y);
        // Whole factors keep pixels crisp; a window smaller than the playfield shrinks it instead.
        let mut scale = if fit >= 1.0 {
            fit.floor()
        } else {
            fit.max(0.1)
        };
        if let Some(s) = user_scale {
            scale = scale.min(s.max(1) as f32);
        }
        let panels = size.x >= (PLAYFIELD.x + 2.0 * PANEL_W) * scale;
        let origin = ((size - PLAYFIELD * scale) * 0.5).floor();
        Layout {
            origin,
            scale,
            panels,
        }
    }

    /// A playfield point on screen.
    pub fn to_screen(self, p: Vec2) -> Vec2 {
        self.origin + p * self.scale
    }
}

/// The drawing context: assets, the offscreen playfield, visual effects.
pub struct Renderer {
    pub assets: Assets,
    target: RenderTarget,
    pub effects: Effects,
    /// The user's display-scale cap (options menu), `None` for the largest that fits.
    pub user_scale: Option<u32>,
    /// The monitor's turn (options menu): the whole picture is composed upright in `picture`
    /// and put on the window turned.
    pub tate: Tate,
    /// Shot opacity, background dimming and bullet outlines (options menu).
    pub visibility: Visibility,
    /// The upright picture while TATE is on, sized to the turned window; made when first
    /// needed and again when the window's size changes.
    picture: Option<RenderTarget>,
    /// Enemy bullets, composited on the CPU; `None` without an atlas.
    pub bullet_layer: Option<SpriteLayer>,
    /// Puts the playfield on screen as opaque pixels (see [`OPAQUE_FRAGMENT`]); `None` if the
    /// driver refused the shader, and the plain textured draw is used.
    opaque: Option<Material>,
    /// Paints a sprite's silhouette in its tint, blended (see [`SILHOUETTE_FRAGMENT`]): the
    /// hit flash. `None` if the driver refused it, and the flash falls back to a tint.
    silhouette: Option<Material>,
}

impl Renderer {
    /// Takes the atlas pixels out of `assets` for the bullet layer.
    pub fn new(mut assets: Assets) -> Self {
        let target = render_target(PLAYFIELD.x as u32, PLAYFIELD.y as u32);
        target.texture.set_filter(FilterMode::Nearest);
        // A band a core, up to four: every band looks at every bullet's height, so more bands
        // than that only add looks.
        let bands = rayon::current_num_threads().min(4);
        // The layer keeps only the bullets' corner of the atlas: the whole is 4 MB for the
        // run's length, its bullets 42 KB.
        let bullet_layer = assets.atlas_image.take().map(|atlas| {
            let frames = BulletStyle::ALL
                .into_iter()
                .filter_map(|style| assets.sprite(stage::bullet_sprite(style)))
                .flat_map(|s| s.frames.iter().copied());
            let sheet = Sheet::cut(&atlas, frames);
            SpriteLayer::with_bands(sheet, PLAYFIELD.x as u16, PLAYFIELD.y as u16, bands)
        });
        let opaque = load_material(
            ShaderSource::Glsl {
                vertex: VERTEX,
                fragment: OPAQUE_FRAGMENT,
            },
            MaterialParams::default(),
        )
        .ok();
        let blend = BlendState::new(
            Equation::Add,
            BlendFactor::Value(BlendValue::SourceAlpha),
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        );
        let silhouette = load_material(
            ShaderSource::Glsl {
                vertex: VERTEX,
                fragment: SILHOUETTE_FRAGMENT,
            },
            MaterialParams {
                pipeline_params: PipelineParams {
                    color_blend: Some(blend),
                    ..Default::default()
                },
                ..Default::default()
            },
        )
        .ok();
        Self {
            assets,
            target,
            effects: Effects::default(),
            user_scale: None,
            tate: Tate::Off,
            visibility: Visibility::default(),
            picture: None,
            bullet_layer,
            opaque,
            silhouette,
        }
    }

    /// Starts drawing into the playfield, shaken by `shake` pixels.
    pub fn begin_playfield(&self, clear: Color, shake: Vec2) {
        set_camera(&Camera2D {
            zoom: vec2(2.0 / PLAYFIELD.x, 2.0 / PLAYFIELD.y),
            target: PLAYFIELD * 0.5 + shake,
            render_target: Some(self.target.clone()),
            ..Default::default()
        });
        clear_background(clear);
    }

    /// The size of the picture as the player sees it: the window's, or its sides swapped when
    /// TATE is on. Layouts and anything placed on the whole screen use this, not the window.
    pub fn screen_size(&self) -> Vec2 {
        tate::picture_size(self.tate, vec2(screen_width(), screen_height()))
    }

    /// Puts the playfield on the screen and returns where it went. With TATE on, "the screen"
    /// is the upright picture, which [`Renderer::finish_frame`] turns onto the window.
    /// Nothing may be drawn to the window earlier in the frame: its margins are macroquad's
    /// clear at the start of the frame, which this does not repeat.
    pub fn present_playfield(&mut self) -> Layout {
        let size = self.screen_size();
        if self.tate.turned() {
            let stale = self
                .picture
                .as_ref()
                .is_none_or(|t| t.texture.size() != size.floor());
            if stale {
                let t = render_target(size.x as u32, size.y as u32);
                t.texture.set_filter(FilterMode::Nearest);
                self.picture = Some(t);
            }
            set_camera(&Camera2D {
                zoom: vec2(2.0 / size.x, 2.0 / size.y),
                target: size * 0.5,
                render_target: self.picture.clone(),
                ..Default::default()
            });
        } else {
            // Off again: the picture's memory is given back.
            self.picture = None;
            set_default_camera();
        }
        // On the window, the margins are macroquad's own clear at the start of the frame:
        // clearing it again would cost a software rasteriser another pass over every pixel
        // (about 4% of a frame's CPU at 10,000 bullets). A picture for TATE is cleared to match.
        if self.tate.turned() {
            clear_background(MARGIN);
        }
        let layout = Layout::for_screen(size, self.user_scale);
        if let Some(m) = &self.opaque {
            gl_use_material(m);
        }
        draw_texture_ex(
            &self.target.texture,
            layout.origin.x,
            layout.origin.y,
            WHITE,
            DrawTextureParams {
                dest_size: Some(PLAYFIELD * layout.scale),
                ..Default::default()
            },
        );
        gl_use_default_material();
        // The scaled playfield is most of the window's pixels: rasterised while the side
        // panels are drawn.
        flush_to_gl();
        layout
    }

    /// Ends the frame's drawing: with TATE on, the composed picture goes on the window turned.
    /// Call after everything else is drawn (side panels, notices) and before a screenshot.
    pub fn finish_frame(&self) {
        let Some(picture) = self.picture.as_ref().filter(|_| self.tate.turned()) else {
            return;
        };
        // The turned picture covers every pixel of the window: nothing under it shows.
        set_default_camera();
        if let Some(m) = &self.opaque {
            gl_use_material(m);
        }
        tate::draw_turned(
            &picture.texture,
            self.tate,
            vec2(screen_width(), screen_height()),
        );
        gl_use_default_material();
    }

    /// Draws sprite `name`'s frame centred on `pos` (in the current camera's space).
    /// Returns false (and draws nothing) when the sprite is missing.
    pub fn sprite(&self, name: &str, frame: usize, pos: Vec2, params: SpriteParams) -> bool {
        let (Some(tex), Some(s)) = (&self.assets.atlas, self.assets.sprite(name)) else {
            return false;
        };
        let size = s.size * params.scale;
        draw_texture_ex(
            tex,
            (pos.x - size.x * 0.5).round(),
            (pos.y - size.y * 0.5).round(),
            params.color,
            DrawTextureParams {
                dest_size: Some(size),
                source: Some(s.frame(frame)),
                rotation: params.rotation,
                flip_x: params.flip_x,
                ..Default::default()
            },
        );
        true
    }

    /// Draws sprite `name`'s frame as [`Renderer::sprite`] does, then its silhouette in
    /// `flash`'s colour over it (its alpha the flash's strength): a part lit by a hit. Without
    /// the silhouette shader, the sprite is drawn tinted toward the flash instead.
    pub fn sprite_flashed(
        &self,
        name: &str,
        frame: usize,
        pos: Vec2,
        params: SpriteParams,
        flash: Color,
    ) -> bool {
        let Some(m) = &self.silhouette else {
            let tinted = SpriteParams {
                color: Color::new(1.0, 1.0 - flash.a * 0.5, 1.0 - flash.a * 0.5, 1.0),
                ..params
            };
            return self.sprite(name, frame, pos, tinted);
        };
        if !self.sprite(name, frame, pos, params) {
            return false;
        }
        gl_use_material(m);
        self.sprite(
            name,
            frame,
            pos,
            SpriteParams {
                color: flash,
                ..params
            },
        );
        gl_use_default_material();
        true
    }

    /// Draws text with the bitmap font at a whole-number `scale`, top-left at `pos`.
    pub fn text(&self, text: &str, pos: Vec2, scale: f32, color: Color) {
        let Some(font) = &self.assets.font else {
            draw_text(text, pos.x, pos.y + 8.0 * scale, 10.0 * scale, color);
            return;
        };
        let mut x = pos.x;
        for c in text.chars() {
            let src = font.glyph(c);
            draw_texture_ex(
                &font.texture,
                x.round(),
                pos.y.round(),
                color,
                DrawTextureParams {
                    dest_size: Some(font.cell * scale),
                    source: Some(src),
                    ..Default::default()
                },
            );
            x += font.cell.x * scale;
        }
    }

    /// Shadowed text at `scale` made to fit `max_width`: glyphs drawn closer together first,
    /// down to three quarters of their cell, which keeps every pixel crisp; only past that is
    /// the text scaled down. For one word that must not be split across lines.
    pub fn text_shadow_within(
        &self,
        text: &str,
        pos: Vec2,
        scale: f32,
        max_width: f32,
        color: Color,
    ) {
        let n = text.chars().count().max(1) as f32;
        let cell = self.text_width("M", scale);
        let (advance, scale) = squeeze(n, cell, scale, max_width);
        for (i, c) in text.chars().enumerate() {
            let at = pos + vec2((i as f32 * advance).round(), 0.0);
            self.text_shadow(c.encode_utf8(&mut [0; 4]), at, scale, color);
        }
    }

    /// Width of `text` at `scale`.
    pub fn text_width(&self, text: &str, scale: f32) -> f32 {
        let cell = self.assets.font.as_ref().map_or(6.0, |f| f.cell.x);
        text.chars().count() as f32 * cell * scale
    }

    /// Text centred on `x`, with a dark shadow so it reads over anything.
    pub fn text_centered(&self, text: &str, x: f32, y: f32, scale: f32, color: Color) {
        let w = self.text_width(text, scale);
        self.text_shadow(text, vec2((x - w * 0.5).round(), y), scale, color);
    }

    /// Text with a shadow, top-left at `pos`.
    pub fn text_shadow(&self, text: &str, pos: Vec2, scale: f32, color: Color) {
        self.text(
            text,
            pos + vec2(scale, scale),
            scale,
            Color::from_rgba(0, 0, 0, 200),
        );
        self.text(text, pos, scale, color);
    }
}

/// The colour around the playfield and the side panels: macroquad clears the window to it at
/// the start of every frame, before any of the game's drawing (`DEFAULT_BG_COLOR` in
/// macroquad 0.4.16's `Context::begin_frame`; check it on an upgrade).
const MARGIN: Color = BLACK;

/// Hands what has been drawn so far to the GL driver now rather than at the end of the frame.
///
/// A software rasteriser (Mesa's llvmpipe, the GL of a machine without a GPU) starts on a
/// frame only when its commands are flushed, and the swap then waits for it. Flushed before
/// work that does not draw (compositing the bullets on the CPU), the rasteriser's threads
/// work beside it. A GPU driver only starts earlier; nothing waits here.
pub fn flush_to_gl() {
    // SAFETY: draws macroquad's batched calls with its current pass (what its own end of
    // frame does first) and flushes GL, on the thread that owns the context; macroquad's
    // state stays consistent.
    let mut gl = unsafe { macroquad::window::get_internal_gl() };
    gl.flush();
    // SAFETY: a GL call with no arguments, on the thread that owns the context.
    unsafe { macroquad::miniquad::gl::glFlush() };
}

/// Glyph advance and scale for `n` glyphs of `cell` width at `scale` within `max_width`; see
/// [`Renderer::text_shadow_within`].
pub(crate) fn squeeze(n: f32, cell: f32, scale: f32, max_width: f32) -> (f32, f32) {
    if n * cell <= max_width {
        return (cell, scale);
    }
    let advance = max_width / n;
    if advance >= cell * 0.75 {
        (advance.floor(), scale)
    } else {
        (advance, scale * advance / cell)
    }
}

/// A 1-pixel rectangle outline, top-left at `min`, from four filled strips: exact pixels on
/// every side (macroquad's `draw_rectangle_lines` at width 1 leaves out the top and left edges
/// at whole-pixel positions).
pub fn outline(min: Vec2, size: Vec2, color: Color) {
    draw_rectangle(min.x, min.y, size.x, 1.0, color);
    draw_rectangle(min.x, min.y + size.y - 1.0, size.x, 1.0, color);
    draw_rectangle(min.x, min.y, 1.0, size.y, color);
    draw_rectangle(min.x + size.x - 1.0, min.y, 1.0, size.y, color);
}

/// How to draw one sprite.
#[derive(Clone, Copy, Debug)]
pub struct SpriteParams {
    pub rotation: f32,
    pub flip_x: bool,
    pub color: Color,
    pub scale: f32,
}

impl Default for SpriteParams {
    fn default() -> Self {
        Self {
            rotation: 0.0,
            flip_x: false,
            color: WHITE,
            scale: 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_uses_the_largest_whole_scale_and_centres() {
        let l = Layout::for_screen(vec2(1280.0, 1024.0), None);
        assert_eq!(l.scale, 3.0);
        assert_eq!(
            l.origin,
            vec2(
                ((1280.0 - 672.0) / 2.0f32).floor(),
                ((1024.0 - 960.0) / 2.0f32).floor()
            )
        );
        assert!(l.panels);
        let narrow = Layout::for_screen(vec2(700.0, 1000.0), None);
        assert_eq!(narrow.scale, 3.0);
        assert!(!narrow.panels);
    }

    #[test]
    fn tiny_windows_shrink_and_user_scale_caps() {
        assert!(Layout::for_screen(vec2(112.0, 160.0), None).scale < 1.0);
        assert_eq!(Layout::for_screen(vec2(1920.0, 1080.0), Some(2)).scale, 2.0);
    }

    #[test]
    fn text_too_wide_is_drawn_closer_before_it_is_drawn_smaller() {
        assert_eq!(squeeze(9.0, 8.0, 1.0, 72.0), (8.0, 1.0), "fits as it is");
        // MEADOWVALE in the right panel at scale 1: 72 pixels for 10 glyphs.
        assert_eq!(squeeze(10.0, 8.0, 1.0, 72.0), (7.0, 1.0));
        let (advance, scale) = squeeze(20.0, 8.0, 1.0, 72.0);
        assert!(advance * 20.0 <= 72.0 && scale < 1.0, "{advance} {scale}");
        // The last glyph's cell at the smaller scale ends inside the room too.
        assert!(
            advance * 19.0 + 8.0 * scale <= 72.0 + 1e-3,
            "{advance} {scale}"
        );
    }
}
