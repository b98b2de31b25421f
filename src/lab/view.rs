//! Drawing the lab: the field with the hitbox overlay ([`super::overlay`]) on the left, the
//! panel on the right (scene, broad phases with their plot, counters, keys). A read-only
//! view of the lab's state.

use macroquad::prelude::*;

use skysweep::collide::workloads::FIELD;
use skysweep::collide::Shape;

use super::overlay::Overlay;
use super::phase::Method;
use super::plot::{self, duration, method_color};
use super::Lab;
use crate::render::Renderer;

/// Where things go in a window of a given size, in screen pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// Top-left of the field on screen.
    pub origin: Vec2,
    /// Screen pixels per field pixel.
    pub scale: f32,
    /// The panel's box.
    pub panel: Rect,
    /// The font's scale in the panel: 2 when the panel has room for it, else 1.
    pub text: f32,
}

/// Space around the field and the panel.
const MARGIN: f32 = 12.0;
/// The panel's narrowest width, and the width (30 glyphs of 16 px) that takes the large font.
const PANEL_MIN: f32 = 320.0;
const PANEL_LARGE: f32 = 30.0 * 16.0;
/// The window height the large font's panel needs.
const TALL: f32 = 880.0;

impl Layout {
    /// The field as large as fits beside a panel of at least [`PANEL_MIN`], the panel taking
    /// the rest of the width.
    pub fn for_screen(size: Vec2) -> Layout {
        // The field may take the window's full height; across, it leaves room for the panel.
        let room = vec2(size.x - PANEL_MIN - 3.0 * MARGIN, size.y);
        let fit = (room.x / FIELD.x).min(room.y / FIELD.y);
        // Whole factors keep 1-pixel outlines crisp; below 1 the field just shrinks.
        let scale = if fit >= 1.0 {
            fit.floor()
        } else {
            fit.max(0.25)
        };
        let origin = vec2(MARGIN, ((size.y - FIELD.y * scale) * 0.5).floor().max(0.0));
        let x = origin.x + FIELD.x * scale + MARGIN;
        let panel = Rect::new(
            x,
            MARGIN,
            (size.x - x - MARGIN).max(0.0),
            size.y - 2.0 * MARGIN,
        );
        let text = if panel.w >= PANEL_LARGE && size.y >= TALL {
            2.0
        } else {
            1.0
        };
        Layout {
            origin,
            scale,
            panel,
            text,
        }
    }
}

const TEXT: Color = Color::new(0.78, 0.9, 1.0, 1.0);
const DIM: Color = Color::new(0.5, 0.56, 0.7, 1.0);
const TITLE: Color = Color::new(1.0, 0.84, 0.35, 1.0);

/// Draws the whole window for this frame; `touching[slot]` marks the boxes in a pair, and
/// `fps` is the frame rate the panel shows.
pub fn draw(lab: &Lab, r: &Renderer, overlay: &mut Overlay, touching: &[bool], fps: i32) {
    // The window's background is macroquad's black clear at the start of the frame, as in the
    // game: a second clear (with depth, which `clear_background` adds) would cost llvmpipe two
    // more passes over the window, and the lab's timings are meant to compare with play.
    let layout = Layout::for_screen(vec2(screen_width(), screen_height()));
    let push = lab.switches.resolve.then_some(&lab.switches.push);
    let shapes = lab.switches.shapes;
    let boxes = lab.broad.boxes().map(move |(c, aabb)| {
        let hit = touching.get(c.handle.index() as usize).copied();
        // With resolution on, each box is drawn where the pushes left it this frame.
        let shift = push.map_or(Vec2::ZERO, |p| p.shift(lab.broad.id_of(c.handle)));
        let shape = if shapes {
            lab.broad.shape(c.handle)
        } else {
            Shape::Aabb
        };
        (c.layer, aabb.translated(shift), hit.unwrap_or(false), shape)
    });
    overlay.draw(boxes, !lab.show_boxes, layout.origin, layout.scale);
    field_notes(lab, r, &layout);
    panel(lab, r, &layout, fps);
}

/// Over the field: PAUSED, and the last notice (a key that could not act).
fn field_notes(lab: &Lab, r: &Renderer, layout: &Layout) {
    let t = layout.text;
    let mut y = layout.origin.y + 6.0;
    let mut note = |text: &str, color: Color| {
        let w = r.text_width(text, t);
        let x = layout.origin.x + ((FIELD.x * layout.scale - w) * 0.5).max(0.0);
        draw_rectangle(
            x - 4.0,
            y - 3.0,
            w + 8.0,
            8.0 * t + 6.0,
            Color::from_rgba(0, 0, 0, 190),
        );
        r.text(text, vec2(x, y), t, color);
        y += 8.0 * t + 10.0;
    };
    if lab.paused {
        note("PAUSED", TITLE);
    }
    if let Some((text, _)) = &lab.notice {
        note(text, WHITE);
    }
}

/// A top-down writer of text lines.
struct Pen<'a> {
    r: &'a Renderer,
    pos: Vec2,
    text: f32,
    /// Glyphs across the panel.
    columns: usize,
}

impl Pen<'_> {
    fn line(&mut self, s: &str, color: Color) {
        self.r.text(s, self.pos, self.text, color);
        self.pos.y += 9.0 * self.text;
    }

    /// `label` on the left, `value` right-aligned to the panel's width.
    fn row(&mut self, label: &str, value: &str, color: Color) {
        let pad = self
            .columns
            .saturating_sub(label.len() + 1)
            .max(value.len());
        self.line(&format!("{label} {value:>pad$}"), color);
    }

    fn gap(&mut self) {
        self.pos.y += 5.0 * self.text;
    }
}

fn panel(lab: &Lab, r: &Renderer, layout: &Layout, fps: i32) {
    let p = layout.panel;
    let t = layout.text;
    let columns = ((p.w / (8.0 * t)).floor() as usize).max(1);
    let mut pen = Pen {
        r,
        pos: vec2(p.x, p.y),
        text: t,
        columns,
    };
    let scene = lab.control.which;
    pen.line("COLLISION LAB", TITLE);
    pen.gap();
    pen.row(
        &format!("{} {}", scene.index() + 1, scene.title()),
        &format!("{} bodies", thousands(lab.control.bodies)),
        WHITE,
    );
    for l in scene.idea() {
        pen.line(l, DIM);
    }
    pen.gap();
    pen.line(
        if lab.switches.resolve {
            "BROAD PHASE, COLLIDE+RESOLVE"
        } else {
            "BROAD PHASE, COLLIDE TIME"
        },
        TITLE,
    );
    for ph in Method::ALL {
        phase_row(lab, &mut pen, ph);
    }
    let plot_h = (p.h * 0.24).clamp(80.0, 220.0);
    pen.pos.y += 3.0;
    plot::draw(&lab.plot, r, Rect::new(p.x, pen.pos.y, p.w, plot_h), t);
    pen.pos.y += plot_h + 3.0;
    pen.line("last 5 s, newest on the right", DIM);
    pen.gap();
    let stats = lab.broad.stats();
    let c = TEXT;
    pen.row("live bodies", &thousands(stats.live_boxes), c);
    pen.row("pairs", &thousands(stats.live_pairs), c);
    pen.row("events", &thousands(lab.last.events), c);
    pen.row("pair tests", &thousands(stats.pair_tests as usize), c);
    pen.row("collide", &duration(lab.last.collide_us), c);
    pen.row("first update", &duration(lab.build_us), c);
    pen.row("fps", &fps.to_string(), c);
    pen.gap();
    resolution_rows(lab, &mut pen);
    pen.gap();
    pen.line("KEYS", TITLE);
    let keys: [(&str, &str, bool); 9] = [
        ("1-5 Tab", "scene", true),
        ("Up Down", "bodies x2 or /2", true),
        ("B", "broad phase", true),
        ("F1", "outlines / solid", true),
        ("Space", "pause", true),
        ("N", "one frame (paused)", true),
        ("S", "shape mix on/off", true),
        (
            "R",
            "resolution on/off",
            super::push::offered(lab.control.bodies),
        ),
        ("Esc", "quit", true),
    ];
    for (key, what, on) in keys {
        // Only resolution is ever out of reach: above its limit the key says where it works.
        let what = match on {
            true => what.to_string(),
            false => format!("resolution (<{})", thousands(super::push::RESOLVE_LIMIT)),
        };
        pen.line(&format!("{key:<8}{what}"), if on { c } else { DIM });
    }
}

/// Resolution's counters while it is on, else one line saying what it would do.
fn resolution_rows(lab: &Lab, pen: &mut Pen) {
    if !lab.switches.resolve {
        pen.line("RESOLUTION OFF", TITLE);
        if super::push::offered(lab.control.bodies) {
            pen.line("R: enemies push apart, ledges", DIM);
            pen.line("and walls hold; shots pass", DIM);
        } else {
            let limit = thousands(super::push::RESOLVE_LIMIT);
            pen.line(&format!("R works below {limit} bodies:"), DIM);
            pen.line("Down halves them", DIM);
        }
        return;
    }
    let s = lab.switches.push.last;
    let c = TEXT;
    pen.line("RESOLUTION ON", TITLE);
    pen.row(
        "solid / static",
        &format!("{} / {}", thousands(s.solids), thousands(s.statics)),
        c,
    );
    pen.row("pushed contacts", &thousands(s.pushed), c);
    pen.row("trigger contacts", &thousands(s.triggers), c);
    let passes = format!("{}{}", s.passes, if s.supported { " +support" } else { "" });
    pen.row("passes", &passes, c);
    pen.row("overlap left", &format!("{:.2} px", s.remaining), c);
    pen.row("resolve", &duration(s.us), c);
    if s.solids == 0 {
        pen.line("no enemies here: all triggers", DIM);
    }
}

/// A phase's line: a swatch of its plot colour, its name, and its median time over its line
/// (or why it is not offered). The phase running is marked and bright.
fn phase_row(lab: &Lab, pen: &mut Pen, ph: Method) {
    let running = lab.broad.method() == ph;
    let t = pen.text;
    let y = pen.pos.y + 3.0 * t;
    draw_rectangle(pen.pos.x + 10.0 * t, y, 10.0 * t, 2.0 * t, method_color(ph));
    let offered = ph.offered(lab.control.bodies);
    let value = match lab.plot.line(ph).median() {
        _ if !offered => format!("<{}", thousands(super::phase::BRUTE_LIMIT)),
        Some(us) => duration(us as f64),
        None => "-".to_string(),
    };
    let mark = if running { ">" } else { " " };
    let color = match (running, offered) {
        (true, _) => WHITE,
        (false, true) => TEXT,
        (false, false) => DIM,
    };
    pen.row(&format!("{mark}    {}", ph.title()), &value, color);
}

/// `12345` as "12,345".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(50_000), "50,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn the_field_and_panel_share_the_window_without_overlap() {
        for size in [
            vec2(1200.0, 960.0),
            vec2(1920.0, 1080.0),
            vec2(800.0, 600.0),
            vec2(224.0, 240.0),
        ] {
            let l = Layout::for_screen(size);
            let field_right = l.origin.x + FIELD.x * l.scale;
            assert!(field_right < l.panel.x, "{size}: {l:?}");
            assert!(l.origin.y + FIELD.y * l.scale <= size.y, "{size}: {l:?}");
            assert!(l.panel.x + l.panel.w <= size.x, "{size}: {l:?}");
        }
        // The default window: the field three times over, the large font in a panel that holds it.
        let l = Layout::for_screen(vec2(1200.0, 960.0));
        assert_eq!(l.scale, 3.0);
        assert_eq!(l.text, 2.0);
        assert!(l.panel.w >= PANEL_LARGE);
        assert_eq!(Layout::for_screen(vec2(800.0, 600.0)).text, 1.0);
    }
}
