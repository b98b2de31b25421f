//! The frame-time floor of this machine's window. A paced 60 Hz loop that only shows the game's
//! playfield, drawn as the game draws it, and nothing else: no simulation and no sprites.
//! - It uses the game's default 1200x960 window.
//! - Each frame draws the 224x320 offscreen target scaled 3 times, with the game's opaque
//!   shader, over macroquad's own clear.
//! - It flushes before the wait and presents on the tick, as the game does.
//!
//! Whatever the game does can only add to this, so its figures are the best a `--frames` run
//! of the game could report on this machine, and its CPU time is what showing a frame costs
//! before the game has done anything.
//!
//! `cargo run --release --example present_floor -- [FRAMES]` (1,800 by default), under Xvfb
//! as the game's runs are (`docs/perf-100k.md`). Frames are timed as the game's frame log
//! times them: from one frame's start to the next, and between the starts of two swaps.

#[path = "../src/render/shaders.rs"]
mod shaders;

use std::time::{Duration, Instant};

use macroquad::prelude::*;

/// The game's window, and its playfield at the scale that window gives it.
const WINDOW: (i32, i32) = (1200, 960);
const PLAYFIELD: Vec2 = Vec2::new(224.0, 320.0);
const SCALE: f32 = 3.0;

/// Sleeps to just short of the tick, then yields until it, as the game's pacing does: a sleep
/// alone wakes up to 100 µs late.
fn wait_for(deadline: Instant) {
    const SPIN: Duration = Duration::from_micros(500);
    if let Some(sleep) = deadline
        .checked_duration_since(Instant::now())
        .and_then(|wait| wait.checked_sub(SPIN))
    {
        std::thread::sleep(sleep);
    }
    while Instant::now() < deadline {
        std::thread::yield_now();
    }
}

/// The p50 and p99 of the gaps between successive `times`, in milliseconds.
fn gap_percentiles(times: &[Instant]) -> (f64, f64) {
    let mut ms: Vec<f64> = times
        .windows(2)
        .map(|w| (w[1] - w[0]).as_secs_f64() * 1e3)
        .collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.99))
}

fn conf() -> Conf {
    Conf {
        window_title: "SkySweep present floor".to_string(),
        window_width: WINDOW.0,
        window_height: WINDOW.1,
        high_dpi: false,
        ..Default::default()
    }
}

#[macroquad::main(conf)]
async fn main() {
    let frames = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1800usize)
        .max(3);
    let playfield = render_target(PLAYFIELD.x as u32, PLAYFIELD.y as u32);
    playfield.texture.set_filter(FilterMode::Nearest);
    let opaque = load_material(
        ShaderSource::Glsl {
            vertex: shaders::VERTEX,
            fragment: shaders::OPAQUE_FRAGMENT,
        },
        MaterialParams::default(),
    )
    .ok();
    let size = PLAYFIELD * SCALE;
    let origin = vec2(
        (WINDOW.0 as f32 - size.x) / 2.0,
        (WINDOW.1 as f32 - size.y) / 2.0,
    );
    let tick = Duration::from_secs_f64(1.0 / 60.0);
    let mut deadline = Instant::now();
    let (mut starts, mut swaps) = (Vec::with_capacity(frames), Vec::with_capacity(frames));
    for _ in 0..frames {
        starts.push(Instant::now());
        if let Some(m) = &opaque {
            gl_use_material(m);
        }
        draw_texture_ex(
            &playfield.texture,
            origin.x,
            origin.y,
            WHITE,
            DrawTextureParams {
                dest_size: Some(size),
                ..Default::default()
            },
        );
        gl_use_default_material();
        // SAFETY: macroquad's own end-of-frame flush, then a GL call with no arguments, on the
        // thread that owns the context (the game's `flush_to_gl`).
        unsafe {
            get_internal_gl().flush();
            miniquad::gl::glFlush();
        }
        // Behind by more than a frame: start afresh rather than rush, as the game does.
        deadline = (deadline + tick).max(Instant::now());
        wait_for(deadline);
        swaps.push(Instant::now());
        next_frame().await;
    }
    let (f50, f99) = gap_percentiles(&starts);
    let (p50, p99) = gap_percentiles(&swaps);
    println!(
        "frames {frames}: frame p50 {f50:.2} ms, p99 {f99:.2} ms; \
         between presents p50 {p50:.2} ms, p99 {p99:.2} ms"
    );
}
