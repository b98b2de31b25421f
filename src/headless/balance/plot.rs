//! `skysweep balance --plot FILE.png`: a stage's pacing as a picture, for authors who would
//! rather look than read JSON. One autoplayed run from the start (Vela, seed 1, Normal,
//! invincible) gives the curves: enemies on screen and enemy bullets over play time, the
//! stretches with no enemy on screen shaded, the markers, the mid-boss's and the boss's
//! fights; each pilot's boss time to kill (as `balance` measures it) is written beside them.
//!
//! plotters draws the chart into an RGB buffer; the words are drawn with the game's own
//! bitmap font (`assets/font/`), so no system font is needed; `png` writes the file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use plotters::prelude::*;

use super::{boss_start, median, play, run_jobs, Job, SEEDS};
use crate::headless::summary::{DEAD_AIR_GRACE_STEPS, GAP_S};
use crate::level::Difficulty;
use crate::level::Level;
use crate::sim::autoplay::Bot;
use crate::sim::events::GameEvent;
use crate::sim::{Character, Skill, StagePhase, World, WorldConfig};

const W: u32 = 1200;
const H: u32 = 560;
/// Left and right margins of the chart, pixels: room for the numbers of the axes.
const LEFT: u32 = 56;
const RIGHT: u32 = 16;
/// Most play time one run may take, as `sim`'s default.
const MAX_FRAMES: u64 = crate::headless::summary::DEFAULT_MAX_FRAMES;

/// What one autoplayed run of a stage looked like, by play time (seconds of steps, which go
/// on while the timeline waits for a boss).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Every quarter second: play time, enemies on screen, enemy bullets alive.
    pub samples: Vec<(f32, usize, usize)>,
    /// Stretches with no enemy on screen (as `sim`'s `dead_air_s` counts them), start and end.
    pub quiet: Vec<(f32, f32)>,
    /// Each marker's name and the play time the timeline reached it.
    pub markers: Vec<(String, f32)>,
    /// The mid-boss's fight: its arrival and its end (fall, or the timeline going on).
    pub mid_boss: Option<(f32, f32)>,
    /// The boss's fight: its arrival and its fall (or the run's end).
    pub boss: Option<(f32, f32)>,
    /// Play time of the whole run.
    pub length_s: f32,
}

fn secs(frame: u64) -> f32 {
    frame as f32 / 60.0
}

/// Plays `level` once from the start and records what the picture shows.
pub fn trace(level: &Arc<Level>) -> Trace {
    let config = WorldConfig {
        seed: 1,
        characters: vec![Character::Vela],
        difficulty: Difficulty::Normal,
        invincible: true,
        ..WorldConfig::default()
    };
    let mut world = World::new(level.clone(), config);
    let mut bot = Bot::with_skill(Skill::Expert, 1);
    let mut t = Trace::default();
    let mut markers: Vec<(&String, f32)> = level.markers.iter().map(|(n, v)| (n, *v)).collect();
    markers.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut quiet_from: Option<f32> = None;
    while !world.cleared() && world.frame() < MAX_FRAMES {
        let input = bot.decide(&world, 0);
        world.step(&[input]);
        let now = secs(world.frame());
        while markers.first().is_some_and(|m| m.1 <= world.stage_time()) {
            let (name, _) = markers.remove(0);
            t.markers.push((name.clone(), now));
        }
        for ev in world.events() {
            match ev {
                GameEvent::BossAppears { .. } => t.boss = Some((now, now)),
                GameEvent::BossDefeated { .. } => {
                    if let Some(b) = t.boss.as_mut() {
                        b.1 = now;
                    }
                }
                _ => {}
            }
        }
        match (world.mid_boss().is_some(), t.mid_boss) {
            (true, None) => t.mid_boss = Some((now, now)),
            (true, Some((from, _))) => t.mid_boss = Some((from, now)),
            _ => {}
        }
        if let Some(b) = t.boss.as_mut().filter(|_| world.boss().is_some()) {
            b.1 = now;
        }
        let on_screen = world
            .enemies()
            .iter()
            .filter(|(_, e)| e.on_screen())
            .count();
        let counted = world.frame() > DEAD_AIR_GRACE_STEPS && world.phase() == StagePhase::Playing;
        match (counted && on_screen == 0, quiet_from) {
            (true, None) => quiet_from = Some(now),
            (false, Some(from)) => {
                t.quiet.push((from, now));
                quiet_from = None;
            }
            _ => {}
        }
        if world.frame().is_multiple_of(15) {
            t.samples.push((now, on_screen, world.bullets().len()));
        }
    }
    t.length_s = secs(world.frame());
    if let Some(from) = quiet_from {
        t.quiet.push((from, t.length_s));
    }
    t
}

/// Each pilot's boss time to kill, the median over [`SEEDS`] of boss fights as `balance`
/// measures them; empty for a stage without a boss.
pub fn pilot_ttks(level: &Arc<Level>, threads: usize) -> Vec<(String, Option<f64>)> {
    if boss_start(level).is_none() {
        return Vec::new();
    }
    let jobs: Vec<Job> = Character::ALL
        .iter()
        .flat_map(|&character| {
            SEEDS.map(|seed| Job {
                stage: 0,
                character,
                seed,
                difficulty: crate::level::Difficulty::Normal,
                skill: crate::sim::Skill::Expert,
                boss_fight: true,
            })
        })
        .collect();
    let results = run_jobs(&jobs, threads, |job| play(level, job));
    Character::ALL
        .iter()
        .map(|&c| {
            let times: Vec<Option<f64>> = jobs
                .iter()
                .zip(&results)
                .filter(|(j, _)| j.character == c)
                .map(|(_, s)| s.ttk_s.first().and_then(|t| t.ttk_s))
                .collect();
            (c.name().to_lowercase(), median(&times))
        })
        .collect()
}

/// Where the picture of stage `stem` goes when `--plot` named `path` for `count` stages:
/// `path` itself for one stage, else `path`'s name with the stage's before the extension.
pub fn path_for(path: &Path, stem: &str, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let base = path.file_stem().and_then(|s| s.to_str()).unwrap_or("plot");
    path.with_file_name(format!("{base}-{stem}.png"))
}

/// The game's bitmap font: 8 × 8 cells, 16 to a row, from the space on.
struct Font {
    rgba: Vec<u8>,
    width: usize,
}

impl Font {
    fn load() -> Result<Font, String> {
        let path = crate::platform::data::find_data("assets").join("font/font.png");
        let file = std::fs::File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut decoder = png::Decoder::new(file);
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder
            .read_info()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader
            .next_frame(&mut buf)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
            return Err(format!("{}: expected 8-bit RGBA", path.display()));
        }
        buf.truncate(info.buffer_size());
        Ok(Font {
            rgba: buf,
            width: info.width as usize,
        })
    }

    /// Draws `text` into the RGB `buf` (W × H) with its top left at (`x`, `y`), each font
    /// pixel `scale` pixels square.
    fn draw(&self, buf: &mut [u8], text: &str, x: i32, y: i32, scale: i32, rgb: (u8, u8, u8)) {
        for (i, ch) in text.chars().enumerate() {
            let code = ch as u32;
            if !(32..128).contains(&code) {
                continue;
            }
            let cell = (code - 32) as usize;
            let (cx, cy) = ((cell % 16) * 8, (cell / 16) * 8);
            for py in 0..8 {
                for px in 0..8 {
                    let at = ((cy + py) * self.width + cx + px) * 4;
                    if self.rgba.get(at + 3).is_none_or(|&a| a < 128) {
                        continue;
                    }
                    for sy in 0..scale {
                        for sx in 0..scale {
                            let gx = x + (i as i32 * 8 + px as i32) * scale + sx;
                            let gy = y + py as i32 * scale + sy;
                            if gx < 0 || gy < 0 || gx >= W as i32 || gy >= H as i32 {
                                continue;
                            }
                            let o = (gy as usize * W as usize + gx as usize) * 3;
                            buf[o..o + 3].copy_from_slice(&[rgb.0, rgb.1, rgb.2]);
                        }
                    }
                }
            }
        }
    }
}

/// A word to draw once plotters has finished: where, how big, what colour.
struct Label {
    text: String,
    x: i32,
    y: i32,
    scale: i32,
    rgb: (u8, u8, u8),
}

const INK: (u8, u8, u8) = (30, 30, 40);
const ENEMIES: RGBColor = RGBColor(40, 110, 200);
const BULLETS: RGBColor = RGBColor(210, 70, 60);
const QUIET: RGBColor = RGBColor(250, 225, 140);
const GAP: RGBColor = RGBColor(240, 150, 40);
const FIGHT: RGBColor = RGBColor(190, 160, 230);
const MARKER: RGBColor = RGBColor(90, 90, 90);

/// Draws `trace` of the stage named `title` with each pilot's boss time to kill `ttks` into
/// a PNG at `path`.
pub fn draw(
    trace: &Trace,
    title: &str,
    ttks: &[(String, Option<f64>)],
    path: &Path,
) -> Result<(), String> {
    let font = Font::load()?;
    let mut buf = vec![255u8; (W * H * 3) as usize];
    let mut labels = Vec::new();
    draw_charts(&mut buf, trace, &mut labels).map_err(|e| e.to_string())?;
    font.draw(&mut buf, title, LEFT as i32, 8, 2, INK);
    let ttk_text: Vec<String> = ttks
        .iter()
        .map(|(p, t)| match t {
            Some(t) => format!("{p} {t:.1}s"),
            None => format!("{p} -"),
        })
        .collect();
    if !ttk_text.is_empty() {
        let line = format!("boss time to kill: {}", ttk_text.join("  "));
        font.draw(&mut buf, &line, LEFT as i32, 30, 1, INK);
    }
    let legend = "x: seconds of play (Vela, seed 1, autoplay)   yellow: no enemy on screen \
                  1 s+, orange: 2.5 s+   violet: mid-boss, boss   grey: markers";
    font.draw(&mut buf, legend, LEFT as i32, H as i32 - 14, 1, INK);
    for l in &labels {
        font.draw(&mut buf, &l.text, l.x, l.y, l.scale, l.rgb);
    }
    write_png(&buf, path)
}

/// The two charts (enemies above, bullets below), their shading and lines, into `buf`; the
/// words they need go to `labels`.
fn draw_charts(
    buf: &mut [u8],
    trace: &Trace,
    labels: &mut Vec<Label>,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(buf, (W, H)).into_drawing_area();
    let area = root.margin(48, 24, LEFT, RIGHT);
    let (top, bottom) = area.split_vertically((H - 72) / 2);
    let t_max = trace.length_s.max(1.0);
    type Pick = fn(&(f32, usize, usize)) -> usize;
    let panels: [(&DrawingArea<BitMapBackend, _>, Pick, RGBColor, &str); 2] = [
        (&top, |s| s.1, ENEMIES, "enemies"),
        (&bottom, |s| s.2, BULLETS, "bullets"),
    ];
    for (panel, pick, colour, name) in panels {
        let y_max = trace.samples.iter().map(pick).max().unwrap_or(0).max(1) as f32 * 1.1;
        let mut chart = ChartBuilder::on(panel)
            .margin_bottom(12)
            .build_cartesian_2d(0f32..t_max, 0f32..y_max)?;
        let shade = |(a, b): (f32, f32), c: RGBColor| {
            Rectangle::new([(a, 0.0), (b, y_max)], c.mix(0.45).filled())
        };
        chart.draw_series(trace.mid_boss.iter().map(|&f| shade(f, FIGHT)))?;
        chart.draw_series(trace.boss.iter().map(|&f| shade(f, FIGHT)))?;
        // Every quiet second is shaded; a gap (as `sim` lists them) darker.
        let long = |&&(a, b): &&(f32, f32)| b - a >= 1.0;
        chart.draw_series(trace.quiet.iter().filter(long).map(|&q| shade(q, QUIET)))?;
        let gap = |&&(a, b): &&(f32, f32)| f64::from(b - a) >= GAP_S;
        chart.draw_series(trace.quiet.iter().filter(gap).map(|&q| shade(q, GAP)))?;
        // A light grid every 10 s, numbered below the lower chart.
        let grid = (0..=(t_max / 10.0) as u32).map(|i| i as f32 * 10.0);
        chart.draw_series(
            grid.clone()
                .map(|x| PathElement::new(vec![(x, 0.0), (x, y_max)], RGBColor(225, 225, 225))),
        )?;
        chart.draw_series(AreaSeries::new(
            trace.samples.iter().map(|s| (s.0, pick(s) as f32)),
            0.0,
            colour.mix(0.3),
        ))?;
        chart.draw_series(LineSeries::new(
            trace.samples.iter().map(|s| (s.0, pick(s) as f32)),
            colour.stroke_width(2),
        ))?;
        for (_, at) in &trace.markers {
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(*at, 0.0), (*at, y_max)],
                MARKER.stroke_width(1),
            )))?;
        }
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, 0.0), (t_max, y_max)],
            MARKER.stroke_width(1),
        )))?;
        let (x0, y0) = chart.backend_coord(&(0.0, y_max));
        let (_, ybase) = chart.backend_coord(&(0.0, 0.0));
        labels.push(Label {
            text: format!("{}", (y_max / 1.1).round()),
            x: x0 - 8 * 5,
            y: y0,
            scale: 1,
            rgb: INK,
        });
        labels.push(Label {
            text: "0".into(),
            x: x0 - 12,
            y: ybase - 8,
            scale: 1,
            rgb: INK,
        });
        labels.push(Label {
            text: name.into(),
            x: x0 + 6,
            y: y0 + 4,
            scale: 1,
            rgb: (colour.0, colour.1, colour.2),
        });
        if name == "enemies" {
            for (marker, at) in &trace.markers {
                let (x, y) = chart.backend_coord(&(*at, y_max));
                labels.push(Label {
                    text: marker.clone(),
                    x: x + 3,
                    y: y + 16,
                    scale: 1,
                    rgb: INK,
                });
            }
            for (what, fight) in [("mid-boss", trace.mid_boss), ("boss", trace.boss)] {
                if let Some((a, b)) = fight {
                    let (x, y) = chart.backend_coord(&(a, y_max));
                    labels.push(Label {
                        text: format!("{what} {:.1}s", b - a),
                        x: x + 3,
                        y: y + 28,
                        scale: 1,
                        rgb: (110, 60, 160),
                    });
                }
            }
        } else {
            for x in grid {
                let (px, py) = chart.backend_coord(&(x, 0.0));
                labels.push(Label {
                    text: format!("{x}"),
                    x: px - 8,
                    y: py + 4,
                    scale: 1,
                    rgb: INK,
                });
            }
        }
    }
    root.present()?;
    Ok(())
}

/// Writes the RGB `buf` (W × H) as a PNG, through a temporary file so a reader never sees
/// half a picture.
fn write_png(buf: &[u8], path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut bytes, W, H);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut w = enc.write_header().map_err(|e| e.to_string())?;
        w.write_image_data(buf).map_err(|e| e.to_string())?;
    }
    crate::platform::atomic::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: {e}", path.display()))
}
