//! Checks the game's own screenshots in CI.
//!
//! `shotcheck overlay PLAIN DEBUG`: the debug screenshot shows the hitbox overlay's exact layer
//! colours, which the plain one (same frame, same seed) lacks.
//! `shotcheck busy SHOT [MIN_COLOURS]`: the screenshot shows real drawing, not a blank frame.
//! `shotcheck tate SHOT`: a TATE frame: busy, and the tall playfield lies along the window
//! (wider than high by near its 320:224), clear of the top and bottom edges that an upright
//! playfield fills.

use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

fn load(path: &str) -> Result<(Vec<[u8; 3]>, u32, u32), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = png::Decoder::new(file)
        .read_info()
        .map_err(|e| format!("{path}: {e}"))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("{path}: {e}"))?;
    let channels = info.color_type.samples();
    if info.bit_depth != png::BitDepth::Eight || channels < 3 {
        return Err(format!(
            "{path}: expected 8-bit RGB or RGBA, found {:?} {:?}",
            info.bit_depth, info.color_type
        ));
    }
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    Ok((pixels, info.width, info.height))
}

const OVERLAY: [(&str, [u8; 3]); 4] = [
    ("white (player, shots)", [255, 255, 255]),
    ("green (power-ups)", [0, 255, 0]),
    ("red (ground enemies)", [255, 0, 0]),
    ("yellow (air enemies, bullets)", [255, 255, 0]),
];

fn overlay(plain: &str, debug: &str) -> Result<(), String> {
    let (p, pw, ph) = load(plain)?;
    let (d, dw, dh) = load(debug)?;
    if (pw, ph) != (dw, dh) {
        return Err(format!(
            "screenshots differ in size: {pw}x{ph} and {dw}x{dh}"
        ));
    }
    let count = |px: &[[u8; 3]], c: [u8; 3]| px.iter().filter(|x| **x == c).count();
    let mut shown = 0;
    for (name, c) in OVERLAY {
        let (a, b) = (count(&p, c), count(&d, c));
        let extra = b.saturating_sub(a);
        println!("{name:32} plain {a:7}  debug {b:7}  extra {extra}");
        if extra >= 20 {
            shown += 1;
        }
    }
    if shown < 2 {
        return Err(format!("the debug screenshot shows only {shown} overlay colours the plain one lacks; expected at least 2"));
    }
    println!("overlay check passed: {shown} layer colours drawn only with --debug");
    Ok(())
}

fn busy(path: &str, min_colours: usize) -> Result<(), String> {
    let (px, w, h) = load(path)?;
    let distinct: HashSet<[u8; 3]> = px.iter().copied().collect();
    let mut hist: HashMap<[u8; 3], usize> = HashMap::new();
    for p in &px {
        *hist.entry(*p).or_default() += 1;
    }
    let top = hist.values().max().copied().unwrap_or(0) as f64 / px.len().max(1) as f64;
    println!(
        "{path}: {w}x{h}, {} distinct colours, commonest covers {:.0}%",
        distinct.len(),
        top * 100.0
    );
    if distinct.len() < min_colours {
        return Err(format!(
            "{path}: only {} distinct colours; expected at least {min_colours}",
            distinct.len()
        ));
    }
    if top > 0.9 {
        return Err(format!(
            "{path}: one colour covers {:.0}% of the frame",
            top * 100.0
        ));
    }
    Ok(())
}

/// The colour round the picture: the window's own clear (macroquad's black), which the renderer
/// leaves as it is.
const LETTERBOX: [u8; 3] = [0, 0, 0];

fn tate(path: &str) -> Result<(), String> {
    busy(path, 200)?;
    let (px, w, h) = load(path)?;
    let (w, h) = (w as usize, h as usize);
    let drawn: Vec<(usize, usize)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| px[y * w + x] != LETTERBOX)
        .collect();
    let (Some(x0), Some(x1)) = (
        drawn.iter().map(|p| p.0).min(),
        drawn.iter().map(|p| p.0).max(),
    ) else {
        return Err(format!("{path}: nothing drawn"));
    };
    let y0 = drawn.iter().map(|p| p.1).min().unwrap_or(0);
    let y1 = drawn.iter().map(|p| p.1).max().unwrap_or(0);
    let (bw, bh) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
    println!("{path}: picture spans x {x0}..={x1}, y {y0}..={y1}");
    // Upright, the 224x320 playfield at the game's window size fills the window's height.
    if y0 == 0 || y1 + 1 == h {
        return Err(format!(
            "{path}: the picture meets the top or bottom edge: not turned"
        ));
    }
    if bw < 1.3 * bh {
        return Err(format!(
            "{path}: the picture is {bw}x{bh}, not lying along the window"
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["overlay", plain, debug] => overlay(plain, debug),
        ["tate", shot] => tate(shot),
        ["busy", shot] => busy(shot, 64),
        ["busy", shot, n] => n
            .parse()
            .map_err(|_| format!("`{n}` is not a number"))
            .and_then(|n| busy(shot, n)),
        _ => {
            Err("usage: shotcheck overlay PLAIN DEBUG | busy SHOT [MIN_COLOURS] | tate SHOT".into())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shotcheck: {e}");
            ExitCode::FAILURE
        }
    }
}
