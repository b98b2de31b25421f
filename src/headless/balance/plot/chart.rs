//! Drawing the pacing picture: a heading, two charts (enemies on screen above, enemy bullets
//! below) on the shared [`Axis`], and the ticks and words plotters leaves to us.

use std::path::Path;

use plotters::coord::types::RangedCoordf32;
use plotters::prelude::*;

use super::axis::{nice_step, ticks, Axis};
use super::font::{text_width, Canvas, Font, Label};
use super::{At, PlotOptions, Trace};
use crate::level::Difficulty;

pub const W: u32 = 1200;
pub const H: u32 = 640;
/// Margins of the charts, pixels: room for the heading, the axes' numbers and the legend.
const LEFT: u32 = 56;
const RIGHT: u32 = 16;
const TOP: u32 = 96;
const BOTTOM: u32 = 64;

const INK: (u8, u8, u8) = (30, 30, 40);
const ENEMIES: RGBColor = RGBColor(40, 110, 200);
const BULLETS: RGBColor = RGBColor(210, 70, 60);
const QUIET: RGBColor = RGBColor(250, 225, 140);
const GAP: RGBColor = RGBColor(240, 150, 40);
const FIGHT: RGBColor = RGBColor(190, 160, 230);
const FIGHT_INK: RGBColor = RGBColor(110, 60, 160);
const MARKER: RGBColor = RGBColor(90, 90, 90);
const SECTION: RGBColor = RGBColor(20, 140, 120);
const GRID: RGBColor = RGBColor(228, 228, 228);

/// Each difficulty's colour when several share a picture.
pub fn colour(d: Difficulty) -> RGBColor {
    match d {
        Difficulty::Easy => RGBColor(40, 150, 70),
        Difficulty::Normal => RGBColor(40, 110, 200),
        Difficulty::Hard => RGBColor(200, 50, 50),
    }
}

fn rgb(c: RGBColor) -> (u8, u8, u8) {
    (c.0, c.1, c.2)
}

/// Each pilot's boss time to kill, by lower-case name; `None` when the median run failed.
pub type PilotTtks = Vec<(String, Option<f64>)>;

/// Everything one picture shows.
pub struct Picture<'a> {
    pub title: String,
    pub opts: &'a PlotOptions,
    pub traces: &'a [Trace],
    pub axis: Axis,
    /// Each marker's name and timeline second.
    pub markers: Vec<(String, f32)>,
    /// Each section's name and timeline second.
    pub sections: Vec<(String, f32)>,
    /// Each pictured difficulty's boss times to kill, by pilot.
    pub ttks: Vec<(Difficulty, PilotTtks)>,
}

/// Draws `picture` into a PNG at `path`.
pub fn draw(picture: &Picture, path: &Path) -> Result<(), String> {
    let font = Font::load()?;
    let mut canvas = Canvas::new(W, H);
    let mut labels = heading(picture);
    draw_charts(&mut canvas, picture, &mut labels).map_err(|e| e.to_string())?;
    for l in &labels {
        font.draw(&mut canvas, l);
    }
    canvas.write_png(path)
}

/// The title, what was played, the boss times and the legend.
fn heading(p: &Picture) -> Vec<Label> {
    let x = LEFT as i32;
    let mut out = vec![Label {
        text: p.title.clone(),
        x,
        y: 8,
        scale: 2,
        rgb: INK,
    }];
    let o = p.opts;
    let names: Vec<&str> = p.traces.iter().map(|t| t.difficulty.name()).collect();
    out.push(Label::small(
        format!(
            "{}, seed {}, {} bot, invincible; {}",
            o.character.name().to_lowercase(),
            o.seed,
            o.skill.name(),
            if p.traces.len() > 1 {
                colour_key(p.traces)
            } else {
                names.join(", ")
            }
        ),
        x,
        30,
        INK,
    ));
    for (i, (d, ttks)) in p.ttks.iter().enumerate() {
        let times: Vec<String> = ttks
            .iter()
            .map(|(pilot, t)| match t {
                Some(t) => format!("{pilot} {t:.1}s"),
                None => format!("{pilot} -"),
            })
            .collect();
        let ink = if p.traces.len() > 1 {
            rgb(colour(*d))
        } else {
            INK
        };
        out.push(Label::small(
            format!("boss time to kill, {}: {}", d.name(), times.join("  ")),
            x,
            44 + 11 * i as i32,
            ink,
        ));
    }
    let legend = "x: timeline seconds (the clock `at`, gaps and markers use); violet bands: \
                  boss fights, in seconds of play (+N)";
    out.push(Label::small(legend, x, H as i32 - 28, INK));
    let key = "yellow: no enemy on screen 1 s+, orange 2.5 s+ (a strip a run)   grey: markers   \
               green: sections   ticks at the top: phase changes";
    out.push(Label::small(key, x, H as i32 - 14, INK));
    out
}

fn colour_key(traces: &[Trace]) -> String {
    let names: Vec<String> = traces
        .iter()
        .map(|t| {
            let c = match t.difficulty {
                Difficulty::Easy => "green",
                Difficulty::Normal => "blue",
                Difficulty::Hard => "red",
            };
            format!("{} ({c})", t.difficulty.name())
        })
        .collect();
    names.join(", ")
}

type Chart<'a, 'b> =
    ChartContext<'a, BitMapBackend<'b>, Cartesian2d<RangedCoordf32, RangedCoordf32>>;
type Pick = fn(&(At, usize, usize)) -> usize;
/// What drawing on a chart comes to: done, or plotters' error.
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// The two charts, their shading and lines, into `canvas`; the words they need go to `labels`.
fn draw_charts(canvas: &mut Canvas, p: &Picture, labels: &mut Vec<Label>) -> Drawn {
    let root = BitMapBackend::with_buffer(&mut canvas.buf, (W, H)).into_drawing_area();
    let area = root.margin(TOP, BOTTOM, LEFT, RIGHT);
    let (top, bottom) = area.split_vertically((H - TOP - BOTTOM) / 2);
    let panels: [(&DrawingArea<BitMapBackend, _>, Pick, RGBColor, &str); 2] = [
        (&top, |s| s.1, ENEMIES, "enemies on screen"),
        (&bottom, |s| s.2, BULLETS, "enemy bullets"),
    ];
    for (i, (panel, pick, ink, name)) in panels.into_iter().enumerate() {
        let y_top = p.traces.iter().flat_map(|t| &t.samples).map(pick).max();
        // Room over the top chart's curves for the names of sections, markers and fights.
        let headroom = if i == 0 { 1.6 } else { 1.1 };
        let y_max = y_top.unwrap_or(0).max(1) as f32 * headroom;
        let mut chart = ChartBuilder::on(panel)
            .margin_bottom(18)
            .build_cartesian_2d(0f32..p.axis.end, 0f32..y_max)?;
        backdrop(&mut chart, p, (y_max, y_top.unwrap_or(1) as f32), labels)?;
        curves(&mut chart, p, pick, ink)?;
        // Only the top chart's marks are named.
        marks(&mut chart, p, y_max, (i == 0).then_some(&mut *labels))?;
        let (x0, y0) = chart.backend_coord(&(0.0, y_max));
        let name_ink = if p.traces.len() == 1 { rgb(ink) } else { INK };
        labels.push(Label::small(name, x0, y0 - 11, name_ink));
        if i == 1 {
            x_ticks(&chart, p, labels);
        }
    }
    root.present()?;
    Ok(())
}

/// The fights' bands, the quiet stretches and the grid with the y-axis's numbers.
fn backdrop(
    chart: &mut Chart,
    p: &Picture,
    (y_max, data_max): (f32, f32),
    labels: &mut Vec<Label>,
) -> Drawn {
    let shade = |a: f32, b: f32, c: RGBColor, alpha: f64| {
        Rectangle::new([(a, 0.0), (b, y_max)], c.mix(alpha).filled())
    };
    let bands = p.axis.bands.iter();
    chart.draw_series(bands.map(|b| shade(b.x0, b.x0 + b.width, FIGHT, 0.45)))?;
    // Every quiet second is shaded, a gap (as `sim` lists them) darker; with several runs,
    // each run's as a strip along the bottom instead, in its colour's row.
    let one = p.traces.len() == 1;
    for (row, t) in p.traces.iter().enumerate() {
        for &(a, b) in &t.quiet {
            let (xa, xb) = (p.axis.x(t, a), p.axis.x(t, b));
            let long = b.t - a.t + (b.into - a.into) >= 1.0;
            if !long && xb - xa < 1.0 {
                continue;
            }
            let colour = if xb - xa >= crate::headless::summary::GAP_S as f32 {
                GAP
            } else {
                QUIET
            };
            if one {
                chart.draw_series(std::iter::once(shade(xa, xb, colour, 0.45)))?;
            } else {
                let h = y_max * 0.025;
                let y = h * row as f32;
                chart.draw_series(std::iter::once(Rectangle::new(
                    [(xa, y), (xb, y + h)],
                    colour.mix(0.9).filled(),
                )))?;
            }
        }
    }
    let step = nice_step(data_max.max(1.0), 4);
    for (y, text) in ticks(y_max.min(data_max.max(1.0) * 1.1), step) {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, y), (p.axis.end, y)],
            GRID,
        )))?;
        let (px, py) = chart.backend_coord(&(0.0, y));
        labels.push(Label::small(
            text.clone(),
            px - 6 - text_width(&text),
            py - 4,
            INK,
        ));
    }
    Ok(())
}

/// Each run's curve: the panel's colour for one run, each difficulty's for several.
fn curves(chart: &mut Chart, p: &Picture, pick: Pick, ink: RGBColor) -> Drawn {
    let one = p.traces.len() == 1;
    for t in p.traces {
        let colour = if one { ink } else { colour(t.difficulty) };
        // A run whose fight ended before its band did jumps to the band's end: the curve
        // breaks there rather than crossing the band.
        for piece in pieces(&t.samples) {
            let points = || piece.iter().map(|s| (p.axis.x(t, s.0), pick(s) as f32));
            if one {
                chart.draw_series(AreaSeries::new(points(), 0.0, colour.mix(0.3)))?;
            }
            chart.draw_series(LineSeries::new(points(), colour.stroke_width(2)))?;
        }
    }
    Ok(())
}

/// `samples` cut where a fight ends: the last sample in a fight, then the first after it.
fn pieces(samples: &[(At, usize, usize)]) -> Vec<&[(At, usize, usize)]> {
    let mut out = Vec::new();
    let mut from = 0;
    for i in 1..samples.len() {
        if samples[i - 1].0.hold.is_some() && samples[i].0.hold.is_none() {
            out.push(&samples[from..i]);
            from = i;
        }
    }
    out.push(&samples[from..]);
    out
}

/// Sections, markers, phase changes and the frame; their names go to `labels`, if given.
fn marks(chart: &mut Chart, p: &Picture, y_max: f32, mut labels: Option<&mut Vec<Label>>) -> Drawn {
    let line = |x: f32, c: RGBColor, w: u32| {
        PathElement::new(vec![(x, 0.0), (x, y_max)], c.stroke_width(w))
    };
    let mut names: Vec<(f32, String, RGBColor)> = Vec::new();
    for (name, at) in &p.sections {
        let x = p.axis.timeline_x(*at);
        chart.draw_series(std::iter::once(line(x, SECTION, 2)))?;
        names.push((x, format!("section \"{name}\" {at}"), SECTION));
    }
    for (name, at) in &p.markers {
        let x = p.axis.timeline_x(*at);
        chart.draw_series(std::iter::once(line(x, MARKER, 1)))?;
        names.push((x, format!("{name} {at}"), RGBColor(INK.0, INK.1, INK.2)));
    }
    names.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let Some(labels) = labels.as_deref_mut() {
        let mut rows = LabelRows::default();
        for (x, text, ink) in names {
            let (px, py) = chart.backend_coord(&(x, y_max));
            let y = py + 4 + 11 * rows.place(px, &text) as i32;
            labels.push(Label::small(text, px + 3, y, rgb(ink)));
        }
    }
    fights(chart, p, y_max, labels)?;
    chart.draw_series(std::iter::once(Rectangle::new(
        [(0.0, 0.0), (p.axis.end, y_max)],
        MARKER.stroke_width(1),
    )))?;
    Ok(())
}

/// Each fight's phase changes as ticks from the top, in the run's colour, and each run's time
/// in the fight to `labels`, if given.
fn fights(
    chart: &mut Chart,
    p: &Picture,
    y_max: f32,
    mut labels: Option<&mut Vec<Label>>,
) -> Drawn {
    let one = p.traces.len() == 1;
    for (row, t) in p.traces.iter().enumerate() {
        let ink = if one { FIGHT_INK } else { colour(t.difficulty) };
        for (k, h) in t.holds.iter().enumerate() {
            let at = |into: f32| At {
                t: h.at,
                hold: Some(k),
                into,
                past: k,
            };
            for &ph in &h.phases {
                let x = p.axis.x(t, at(ph));
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(x, y_max), (x, y_max * 0.8)],
                    ink.stroke_width(2),
                )))?;
            }
            let Some(labels) = labels.as_deref_mut() else {
                continue;
            };
            let (px, py) = chart.backend_coord(&(p.axis.x(t, at(0.0)), y_max * 0.7));
            let end = if h.fell { "" } else { ", wait ran out" };
            let who = if one {
                h.kind.name()
            } else {
                t.difficulty.name()
            };
            labels.push(Label::small(
                format!("{who} {:.1}s{end}", h.play_s),
                px + 3,
                py + 11 * row as i32,
                rgb(ink),
            ));
        }
    }
    Ok(())
}

/// The x-axis's numbers under the lower chart: timeline seconds, and in each band the play
/// seconds into the fight (`+N`).
fn x_ticks(chart: &Chart, p: &Picture, labels: &mut Vec<Label>) {
    let timeline_end = p.axis.bands.iter().fold(p.axis.end, |end, b| end - b.width);
    let step = nice_step(timeline_end, 12);
    let mut taken: Vec<(i32, i32)> = Vec::new();
    let mut put = |text: String, x: f32, ink: (u8, u8, u8), labels: &mut Vec<Label>| {
        let (px, py) = chart.backend_coord(&(x, 0.0));
        let w = text_width(&text);
        let left = px - w / 2;
        if taken.iter().any(|&(a, b)| left < b + 6 && left + w + 6 > a) {
            return;
        }
        taken.push((left, left + w));
        labels.push(Label::small(text, left, py + 4, ink));
    };
    for (t, text) in ticks(timeline_end, step) {
        put(text, p.axis.timeline_x(t), INK, labels);
    }
    for b in &p.axis.bands {
        let step = nice_step(b.width, 4);
        for (v, text) in ticks(b.width, step).into_iter().skip(1) {
            put(format!("+{text}"), b.x0 + v, rgb(FIGHT_INK), labels);
        }
    }
}

/// Rows for the names over the top chart, so that two close names do not overwrite each
/// other: each name takes the first row whose last name ends before it starts.
#[derive(Default)]
struct LabelRows(Vec<i32>);

impl LabelRows {
    fn place(&mut self, x: i32, text: &str) -> usize {
        let end = x + 3 + text_width(text) + 6;
        match self.0.iter().position(|&e| e <= x) {
            Some(r) => {
                self.0[r] = end;
                r
            }
            None => {
                self.0.push(end);
                self.0.len() - 1
            }
        }
    }
}
