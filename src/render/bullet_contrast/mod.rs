//! Readability of what the player must see: enemy bullets on every stage's ground, player shots
//! against enemy bullets, and flying enemies on their stage's ground. Measured on the shipped
//! images, as the renderer composes them (see [`super::stage`]). A test of the renderer's,
//! beside it: bullets are turned by the renderer's own sprite layer, so a change to how it
//! turns them is measured here.
//!
//! Compiled for tests only. This file measures bullets and flying enemies on the grounds;
//! `own_fire` measures bullets against the pilots' own fire. Imports the renderer's `stage`,
//! `pilots` and `sprite_layer`, and the library (stages loaded, settings, pilots); never `app`.
//!
//! # What the player sees under a bullet
//! The renderer draws, bottom to top: the stage's ground image (untinted, undimmed), the
//! ground enemies, the stage's parallax layers (the clouds, drawn at the layer's `alpha`,
//! scrolling at another speed than the ground), then flying enemies, shots, ships, and the
//! enemy bullets above all of them, untinted (every stage uses the same `bullet_*` sprites).
//! "The ground pixels a bullet can cover" are therefore every pixel of the ground image,
//! composited with the stage's layers at each of [`LAYER_PHASES`] relative offsets (the layers
//! slide over the ground, so any ground pixel meets any layer row; four phases a quarter of
//! the layer's height apart sample that). A ground image no stage names yet (an Extra stage
//! being built) is measured under the clouds at [`UNUSED_GROUND_CLOUDS`].
//!
//! # A bullet's outline
//! The outline is the bullet's edge band, two pixels deep: ring 1 is every opaque pixel (alpha
//! 255) that touches (4-neighbour) a non-opaque pixel or the frame's border; ring 2 is every
//! opaque pixel not in ring 1 that touches ring 1. A ring's luminance is the median WCAG
//! relative luminance of its pixels. The bullet reads over a ground pixel when either ring has
//! a WCAG contrast ratio of at least [`MIN_RATIO`] with that pixel. Two rings, because no one
//! colour can reach 3:1 against both snow (luminance 0.6) and night (0.01): the genre's dark
//! outline carries light grounds and the bright rim inside it carries dark ones.
//!
//! A bullet passes a stage when every frame of its animation reads over at least
//! [`MIN_SHARE`] of that stage's ground pixels: upright, and for the bullets the renderer turns
//! to their heading ([`turns`]) at each of its [`ANGLES`] rotation steps too, as its
//! [`SpriteLayer`] stamps them (which can thin a one-pixel outline on a diagonal).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use macroquad::prelude::{Image, Rect};
use serde::Deserialize;
use skysweep::level::EnemyLayer;
use skysweep::level::{load_stage, Catalog};

use super::sprite_layer::{SpriteLayer, ANGLES};

mod own_fire;

/// WCAG's contrast ratio for large text and graphics.
const MIN_RATIO: f64 = 3.0;
/// Share of a stage's ground pixels over which every bullet must read.
const MIN_SHARE: f64 = 0.95;
/// Relative offsets at which the parallax layers are laid over the ground.
const LAYER_PHASES: usize = 4;
/// Cloud opacity assumed for a ground image no stage uses yet: about the shipped stages' mean.
const UNUSED_GROUND_CLOUDS: f32 = 0.55;
/// Enemies (flying ones: ground enemies are drawn as part of the ground) need less than
/// bullets, since they are large and move slowly: their edge band must reach this ratio ...
const ENEMY_MIN_RATIO: f64 = 1.5;
/// ... over this share of their stage's ground.
const ENEMY_MIN_SHARE: f64 = 0.70;
/// Player shots and enemy bullets must differ in dominant hue by at least this many degrees.
const MIN_HUE_DEGREES: f64 = 30.0;
/// ... and in silhouette: the overlap (intersection over union) of their opaque masks, laid
/// centre on centre, at most this.
const MAX_SHAPE_OVERLAP: f64 = 0.75;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// An RGBA8 image.
struct Rgba {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 4]>,
}

fn read_png(path: &Path) -> Rgba {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| match c {
            [g] => [*g, *g, *g, 255],
            [g, a] => [*g, *g, *g, *a],
            [r, g, b] => [*r, *g, *b, 255],
            [r, g, b, a, ..] => [*r, *g, *b, *a],
            _ => [0; 4],
        })
        .collect();
    Rgba {
        width: info.width as usize,
        height: info.height as usize,
        pixels,
    }
}

#[derive(Deserialize)]
#[serde(rename = "Atlas")]
struct AtlasFile {
    image: String,
    sprites: BTreeMap<String, SpriteFile>,
}

#[derive(Deserialize)]
#[serde(rename = "Sprite")]
struct SpriteFile {
    size: (usize, usize),
    frames: Vec<(usize, usize)>,
}

/// The atlas: every sprite's frames cut out as images.
fn atlas() -> BTreeMap<String, Vec<Rgba>> {
    let assets = root().join("assets");
    let text = std::fs::read_to_string(assets.join("sprites/atlas.ron")).expect("atlas.ron");
    let file: AtlasFile = ron::from_str(&text).expect("atlas.ron parses");
    let sheet = read_png(&assets.join(&file.image));
    file.sprites
        .into_iter()
        .map(|(name, s)| {
            let frames = s
                .frames
                .iter()
                .map(|&(x, y)| {
                    let (w, h) = s.size;
                    let mut pixels = Vec::with_capacity(w * h);
                    for row in y..y + h {
                        for col in x..x + w {
                            pixels.push(sheet.pixels[row * sheet.width + col]);
                        }
                    }
                    Rgba {
                        width: w,
                        height: h,
                        pixels,
                    }
                })
                .collect();
            (name, frames)
        })
        .collect()
}

/// WCAG 2 relative luminance of an sRGB colour.
fn luminance(c: [u8; 4]) -> f64 {
    static LINEAR: std::sync::OnceLock<[f64; 256]> = std::sync::OnceLock::new();
    let lin = LINEAR.get_or_init(|| {
        std::array::from_fn(|i| {
            let v = i as f64 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        })
    });
    0.2126 * lin[c[0] as usize] + 0.7152 * lin[c[1] as usize] + 0.0722 * lin[c[2] as usize]
}

/// WCAG contrast ratio of two relative luminances, 1.0 to 21.0.
fn ratio(a: f64, b: f64) -> f64 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The median luminances of a frame's two edge rings (see the module's doc), outer first; a
/// ring with no pixels (a frame one or two pixels thin) is left out.
fn edge_rings(f: &Rgba) -> Vec<f64> {
    let opaque = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < f.width
            && (y as usize) < f.height
            && f.pixels[y as usize * f.width + x as usize][3] == 255
    };
    let near = |set: &dyn Fn(i64, i64) -> bool, x: i64, y: i64| {
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .any(|(dx, dy)| set(x + dx, y + dy))
    };
    let mut ring1 = BTreeSet::new();
    for y in 0..f.height as i64 {
        for x in 0..f.width as i64 {
            if opaque(x, y) && near(&|x, y| !opaque(x, y), x, y) {
                ring1.insert((x, y));
            }
        }
    }
    let mut ring2 = BTreeSet::new();
    for y in 0..f.height as i64 {
        for x in 0..f.width as i64 {
            if opaque(x, y)
                && !ring1.contains(&(x, y))
                && near(&|x, y| ring1.contains(&(x, y)), x, y)
            {
                ring2.insert((x, y));
            }
        }
    }
    [ring1, ring2]
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| {
            let mut l: Vec<f64> = r
                .iter()
                .map(|&(x, y)| luminance(f.pixels[y as usize * f.width + x as usize]))
                .collect();
            l.sort_by(f64::total_cmp);
            l[l.len() / 2]
        })
        .collect()
}

/// Share of `ground` (luminances, sorted ascending) over which one of `rings` reaches
/// `min_ratio`. A ring of luminance r misses exactly the grounds strictly between
/// (r + 0.05) / min_ratio - 0.05 and (r + 0.05) * min_ratio - 0.05, so the rings together miss
/// the intersection of those intervals: two binary searches, not a pass over the ground.
fn share_reading(rings: &[f64], ground: &[f64], min_ratio: f64) -> f64 {
    if rings.is_empty() {
        return 0.0;
    }
    let lo = rings
        .iter()
        .map(|r| (r + 0.05) / min_ratio - 0.05)
        .fold(f64::MIN, f64::max);
    let hi = rings
        .iter()
        .map(|r| (r + 0.05) * min_ratio - 0.05)
        .fold(f64::MAX, f64::min);
    let missed = if lo < hi {
        ground.partition_point(|&g| g < hi) - ground.partition_point(|&g| g <= lo)
    } else {
        0
    };
    1.0 - missed as f64 / ground.len().max(1) as f64
}

/// `f` turned by `step` of the renderer's [`ANGLES`] rotation steps about its centre, as the
/// renderer's sprite layer stamps a turned sprite: each destination pixel takes the texel
/// under its centre turned back.
fn turned(f: &Rgba, step: usize) -> Rgba {
    let image = Image {
        bytes: f.pixels.concat(),
        width: f.width as u16,
        height: f.height as u16,
    };
    let mut layer = SpriteLayer::new(image, 1, 1);
    let id = layer.stamp(Rect::new(0.0, 0.0, f.width as f32, f.height as f32), step);
    let (width, height, pixels) = layer.stamp_pixels(id);
    Rgba {
        width,
        height,
        pixels: pixels.to_vec(),
    }
}

/// One ground as the player sees it, and the flying enemies' sprites of the stage that uses it.
struct Ground {
    name: String,
    /// Sorted ascending.
    luminances: Vec<f64>,
    /// Every pixel's colour at the layers' first phase, in image order.
    rgb: Vec<[f32; 3]>,
    air_sprites: BTreeSet<String>,
}

/// The luminance of every pixel of `ground` under `layers` (image, alpha) at each phase, and
/// the colours of the first phase.
fn composite(ground: &Rgba, layers: &[(Rgba, f32)]) -> (Vec<f64>, Vec<[f32; 3]>) {
    let mut out = Vec::with_capacity(ground.pixels.len() * LAYER_PHASES);
    let mut rgb = Vec::with_capacity(ground.pixels.len());
    for phase in 0..LAYER_PHASES {
        for y in 0..ground.height {
            for x in 0..ground.width {
                let mut c = ground.pixels[y * ground.width + x].map(f32::from);
                for (layer, alpha) in layers {
                    if layer.width == 0 || layer.height == 0 {
                        continue;
                    }
                    let ly = (y + phase * layer.height / LAYER_PHASES) % layer.height;
                    let p = layer.pixels[ly * layer.width + x % layer.width];
                    let a = p[3] as f32 / 255.0 * alpha;
                    for k in 0..3 {
                        c[k] = c[k] * (1.0 - a) + p[k] as f32 * a;
                    }
                }
                let c = c.map(|v| v.round().clamp(0.0, 255.0) as u8);
                if phase == 0 {
                    rgb.push([c[0], c[1], c[2]].map(f32::from));
                }
                out.push(luminance(c));
            }
        }
    }
    (out, rgb)
}

/// Every stage ground's pixels as the player sees them at the layers' first phase, as colours:
/// what a player's shot is blended over (see `own_fire`).
fn grounds_rgb() -> &'static [Vec<[f32; 3]>] {
    static RGB: std::sync::OnceLock<Vec<Vec<[f32; 3]>>> = std::sync::OnceLock::new();
    RGB.get_or_init(|| grounds().iter().map(|g| g.rgb.clone()).collect())
}

/// Every stage ground under `assets/backgrounds/`, with the layers of the stage that uses it;
/// measured once for all the tests.
fn grounds() -> &'static [Ground] {
    static GROUNDS: std::sync::OnceLock<Vec<Ground>> = std::sync::OnceLock::new();
    GROUNDS.get_or_init(load_grounds)
}

fn load_grounds() -> Vec<Ground> {
    let assets = root().join("assets");
    let catalog = Catalog::load(&assets);
    let mut used = BTreeMap::new();
    let mut levels: Vec<PathBuf> = std::fs::read_dir(root().join("levels"))
        .expect("levels/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    levels.sort();
    for path in levels {
        let Ok(level) = load_stage(&path, &catalog) else {
            continue; // definitions files and broken stages are other tests' business
        };
        let mut air = BTreeSet::new();
        for ty in level.enemies.iter().filter(|t| t.layer == EnemyLayer::Air) {
            air.insert(ty.sprite.clone());
            air.extend(ty.parts.iter().filter_map(|p| p.sprite.clone()));
        }
        let layers: Vec<(String, f32)> = level
            .background
            .layers
            .iter()
            .map(|l| (l.image.clone(), l.alpha))
            .collect();
        used.entry(level.background.ground.clone())
            .or_insert_with(|| (layers, BTreeSet::new()))
            .1
            .extend(air);
    }
    let mut names: Vec<String> = std::fs::read_dir(assets.join("backgrounds"))
        .expect("assets/backgrounds/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("stage") && n.ends_with("_ground.png"))
        .map(|n| format!("backgrounds/{n}"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let (layers, air_sprites) = used.get(&name).cloned().unwrap_or_else(|| {
                (
                    vec![("backgrounds/clouds.png".to_string(), UNUSED_GROUND_CLOUDS)],
                    BTreeSet::new(),
                )
            });
            let layers: Vec<(Rgba, f32)> = layers
                .iter()
                .map(|(image, alpha)| (read_png(&assets.join(image)), *alpha))
                .collect();
            let ground = read_png(&assets.join(&name));
            let (mut luminances, rgb) = composite(&ground, &layers);
            luminances.sort_by(f64::total_cmp);
            Ground {
                luminances,
                rgb,
                name,
                air_sprites,
            }
        })
        .collect()
}

#[test]
fn every_enemy_bullet_reads_on_every_stage_ground() {
    let atlas = atlas();
    // Every bullet as the renderer draws it by default: turned where it turns, over its
    // outline where BULLET OUTLINE is on by default.
    let visibility = skysweep::save::settings::Visibility::default();
    let bullets = own_fire::bullets_as_drawn(&atlas, &visibility);
    let grounds = grounds();
    assert!(grounds.len() >= 6, "every stage's ground is measured");
    let mut failures = Vec::new();
    // One line per ground: each bullet's worst frame, as a share of the ground it reads over.
    for g in grounds {
        let mut line = format!("{:32}", g.name);
        for (style, frames) in &bullets {
            let name = super::stage::bullet_sprite(*style);
            let worst = frames
                .iter()
                .map(|f| share_reading(&edge_rings(f), &g.luminances, MIN_RATIO))
                .fold(1.0, f64::min);
            line.push_str(&format!(" {name} {:5.1}%", worst * 100.0));
            if worst < MIN_SHARE {
                failures.push(format!("{name} on {}: {:.1}%", g.name, worst * 100.0));
            }
        }
        eprintln!("{line}");
    }
    assert!(
        failures.is_empty(),
        "bullets whose outline reaches {MIN_RATIO}:1 on less than {:.0}% of a ground: {failures:?}",
        MIN_SHARE * 100.0
    );
}

#[test]
fn flying_enemies_stand_out_from_their_stage_ground() {
    let atlas = atlas();
    let mut failures = Vec::new();
    let mut measured = 0;
    for g in grounds() {
        for name in &g.air_sprites {
            let Some(first) = atlas.get(name).and_then(|f| f.first()) else {
                continue;
            };
            measured += 1;
            let share = share_reading(&edge_rings(first), &g.luminances, ENEMY_MIN_RATIO);
            eprintln!("{name:20} on {}: {:5.1}%", g.name, share * 100.0);
            if share < ENEMY_MIN_SHARE {
                failures.push(format!("{name} on {}: {:.1}%", g.name, share * 100.0));
            }
        }
    }
    assert!(measured >= 20, "the stages' flying enemies were found");
    assert!(
        failures.is_empty(),
        "flying enemies whose outline reaches {ENEMY_MIN_RATIO}:1 on less than {:.0}% of \
         their ground: {failures:?}",
        ENEMY_MIN_SHARE * 100.0
    );
}

/// The dominant hue of a frame, in degrees: the circular mean of its opaque pixels' hues,
/// weighted by saturation, over pixels saturated (HSV S >= 0.25) and bright (V >= 0.2) enough
/// to show a hue. `None` for a frame with no such pixel (white, grey).
fn dominant_hue(f: &Rgba) -> Option<f64> {
    let (mut sx, mut sy) = (0.0, 0.0);
    for p in f.pixels.iter().filter(|p| p[3] == 255) {
        let [r, g, b] = [p[0], p[1], p[2]].map(|v| v as f64 / 255.0);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let sat = if max > 0.0 { (max - min) / max } else { 0.0 };
        if sat < 0.25 || max < 0.2 {
            continue;
        }
        let d = max - min;
        let h = if max == r {
            ((g - b) / d).rem_euclid(6.0)
        } else if max == g {
            (b - r) / d + 2.0
        } else {
            (r - g) / d + 4.0
        } * 60.0;
        sx += sat * h.to_radians().cos();
        sy += sat * h.to_radians().sin();
    }
    (sx != 0.0 || sy != 0.0).then(|| sy.atan2(sx).to_degrees().rem_euclid(360.0))
}

/// Intersection over union of two frames' opaque masks laid centre on centre.
fn shape_overlap(a: &Rgba, b: &Rgba) -> f64 {
    let (w, h) = (a.width.max(b.width), a.height.max(b.height));
    let inside = |f: &Rgba, x: usize, y: usize| {
        let (ox, oy) = ((w - f.width) / 2, (h - f.height) / 2);
        x >= ox
            && y >= oy
            && x - ox < f.width
            && y - oy < f.height
            && f.pixels[(y - oy) * f.width + x - ox][3] >= 128
    };
    let (mut both, mut either) = (0, 0);
    for y in 0..h {
        for x in 0..w {
            let (ia, ib) = (inside(a, x, y), inside(b, x, y));
            both += (ia && ib) as u32;
            either += (ia || ib) as u32;
        }
    }
    both as f64 / either.max(1) as f64
}

#[test]
fn player_shots_differ_from_enemy_bullets_in_hue_and_shape() {
    let atlas = atlas();
    let shots: Vec<_> = atlas
        .iter()
        .filter(|(n, _)| n.starts_with("shot_"))
        .collect();
    let bullets: Vec<_> = atlas
        .iter()
        .filter(|(n, _)| n.starts_with("bullet_"))
        .collect();
    assert!(shots.len() >= 3 && bullets.len() >= 4);
    let mut failures = Vec::new();
    for (shot, shot_frames) in &shots {
        for (bullet, bullet_frames) in &bullets {
            for (s, b) in shot_frames.iter().zip(bullet_frames.iter()) {
                let hue_gap = match (dominant_hue(s), dominant_hue(b)) {
                    (Some(x), Some(y)) => {
                        let d = (x - y).abs();
                        d.min(360.0 - d)
                    }
                    // A colourless shot or bullet has no hue to confuse with a coloured one.
                    (None, Some(_)) | (Some(_), None) => 180.0,
                    (None, None) => 0.0,
                };
                let overlap = shape_overlap(s, b);
                eprintln!(
                    "{shot} vs {bullet}: hue gap {hue_gap:5.1} deg, shape overlap {overlap:.2}"
                );
                if hue_gap < MIN_HUE_DEGREES || overlap > MAX_SHAPE_OVERLAP {
                    failures.push(format!(
                        "{shot} vs {bullet}: hue gap {hue_gap:.0} deg, overlap {overlap:.2}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "player shots too like an enemy bullet (need a hue gap of {MIN_HUE_DEGREES} deg and a \
         shape overlap of at most {MAX_SHAPE_OVERLAP}): {failures:?}"
    );
}

#[test]
fn the_measures_tell_good_from_bad() {
    // A dark-outlined, bright-cored dot reads over black, white and mid grey; a mid-grey one
    // not over mid grey.
    let dot = |edge: [u8; 4], core: [u8; 4]| {
        let mut pixels = vec![[0; 4]; 36];
        for y in 0..6 {
            for x in 0..6 {
                let edge_px = x == 0 || y == 0 || x == 5 || y == 5;
                pixels[y * 6 + x] = if edge_px { edge } else { core };
            }
        }
        Rgba {
            width: 6,
            height: 6,
            pixels,
        }
    };
    let ground = [0, 130, 255].map(|v| luminance([v, v, v, 255]));
    let good = dot([10, 10, 20, 255], [255, 255, 255, 255]);
    assert_eq!(share_reading(&edge_rings(&good), &ground, MIN_RATIO), 1.0);
    let grey = dot([128, 128, 128, 255], [140, 140, 140, 255]);
    assert_eq!(edge_rings(&grey).len(), 2);
    assert!(share_reading(&edge_rings(&grey), &ground, MIN_RATIO) < 1.0);
    // The binary-search share agrees with counting pixel by pixel.
    let greys: Vec<f64> = (0..=255u8).map(|v| luminance([v, v, v, 255])).collect();
    for rings in [vec![0.006, 0.5], vec![0.2], vec![0.05, 0.3], vec![0.9, 0.0]] {
        let counted = greys
            .iter()
            .filter(|&&g| rings.iter().any(|&r| ratio(r, g) >= MIN_RATIO))
            .count() as f64
            / greys.len() as f64;
        let searched = share_reading(&rings, &greys, MIN_RATIO);
        assert!(
            (counted - searched).abs() < 1e-9,
            "{rings:?}: {counted} {searched}"
        );
    }
    // A turn by a quarter keeps every pixel; a full turn is the identity.
    let quarter = turned(&good, ANGLES / 4);
    let lit = |f: &Rgba| f.pixels.iter().filter(|p| p[3] == 255).count();
    assert_eq!(lit(&quarter), lit(&good));
    assert_eq!(turned(&good, ANGLES).pixels, good.pixels);
    // Hue: pure red is 0 degrees, pure green 120; grey has none.
    assert_eq!(
        dominant_hue(&dot([255, 0, 0, 255], [255, 0, 0, 255])),
        Some(0.0)
    );
    let green = dominant_hue(&dot([0, 255, 0, 255], [0, 255, 0, 255])).unwrap();
    assert!((green - 120.0).abs() < 1e-9);
    assert_eq!(dominant_hue(&grey), None);
    // Shape: a frame overlaps itself fully.
    assert_eq!(shape_overlap(&good, &good), 1.0);
}
