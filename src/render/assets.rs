//! Loading the sprite atlas, the bitmap font and the backgrounds from `assets/`.
//!
//! A missing or broken file never stops the game: it is reported once and the renderer falls
//! back to plain shapes for what it cannot draw.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use macroquad::prelude::*;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(rename = "Atlas")]
struct AtlasFile {
    image: String,
    sprites: HashMap<String, SpriteFile>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Sprite")]
struct SpriteFile {
    size: (u32, u32),
    frames: Vec<(u32, u32)>,
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Font")]
struct FontFile {
    image: String,
    cell: (u32, u32),
    first: u32,
    columns: u32,
}

/// One named sprite: its frames' source rectangles in the atlas.
#[derive(Clone, Debug)]
pub struct Sprite {
    pub size: Vec2,
    pub frames: Vec<Rect>,
}

impl Sprite {
    /// The frame for `n`, wrapping around.
    pub fn frame(&self, n: usize) -> Rect {
        self.frames[n % self.frames.len().max(1)]
    }
}

/// Everything drawn from files.
pub struct Assets {
    pub root: PathBuf,
    pub atlas: Option<Texture2D>,
    /// The atlas's pixels, for sprites composited on the CPU.
    pub atlas_image: Option<Image>,
    pub sprites: HashMap<String, Sprite>,
    pub font: Option<BitmapFont>,
    textures: HashMap<String, Option<Texture2D>>,
    pub warnings: Vec<String>,
    /// Images that failed to load since the last [`Assets::take_failures`].
    failures: Vec<String>,
}

/// A fixed-cell bitmap font, tinted when drawn.
pub struct BitmapFont {
    pub texture: Texture2D,
    pub cell: Vec2,
    first: u32,
    columns: u32,
    count: u32,
}

impl BitmapFont {
    /// Source rectangle of `c`, or of `?` when the font lacks it.
    pub fn glyph(&self, c: char) -> Rect {
        let code = c as u32;
        let index = if code >= self.first && code < self.first + self.count {
            code - self.first
        } else {
            '?' as u32 - self.first
        };
        let (col, row) = (index % self.columns, index / self.columns);
        Rect::new(
            col as f32 * self.cell.x,
            row as f32 * self.cell.y,
            self.cell.x,
            self.cell.y,
        )
    }
}

fn load_image(path: &Path) -> Result<Image, String> {
    let bytes =
        skysweep::platform::fileio::read_bounded(path, skysweep::platform::fileio::MAX_MEDIA_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    Image::from_file_with_format(&bytes, Some(ImageFormat::Png))
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn texture_of(image: &Image) -> Texture2D {
    let texture = Texture2D::from_image(image);
    texture.set_filter(FilterMode::Nearest);
    texture
}

fn load_png(path: &Path) -> Result<Texture2D, String> {
    load_image(path).map(|image| texture_of(&image))
}

fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text =
        skysweep::platform::fileio::read_text(path, skysweep::platform::fileio::MAX_MANIFEST_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    ron::from_str(&text).map_err(|e| {
        let (line, col) = skysweep::level::text::diag::ron_error_at(&text, &e);
        format!("{}:{line}:{col}: {}", path.display(), e.code)
    })
}

impl Assets {
    /// Loads what it can from `root` (the `assets/` folder).
    pub fn load(root: &Path) -> Self {
        let mut assets = Assets {
            root: root.to_path_buf(),
            atlas: None,
            atlas_image: None,
            sprites: HashMap::new(),
            font: None,
            textures: HashMap::new(),
            warnings: Vec::new(),
            failures: Vec::new(),
        };
        match read_ron::<AtlasFile>(&root.join("sprites/atlas.ron")) {
            Ok(atlas) => match load_image(&root.join(&atlas.image)) {
                Ok(image) => {
                    assets.atlas = Some(texture_of(&image));
                    assets.atlas_image = Some(image);
                    for (name, s) in atlas.sprites {
                        let size = vec2(s.size.0 as f32, s.size.1 as f32);
                        let frames = s
                            .frames
                            .iter()
                            .map(|(x, y)| Rect::new(*x as f32, *y as f32, size.x, size.y))
                            .collect();
                        assets.sprites.insert(name, Sprite { size, frames });
                    }
                }
                Err(e) => assets.warnings.push(e),
            },
            Err(e) => assets.warnings.push(e),
        }
        match read_ron::<FontFile>(&root.join("font/font.ron")) {
            Ok(f) => match load_png(&root.join(&f.image)) {
                Ok(texture) => {
                    let count = (texture.width() as u32 / f.cell.0.max(1))
                        * (texture.height() as u32 / f.cell.1.max(1));
                    assets.font = Some(BitmapFont {
                        texture,
                        cell: vec2(f.cell.0 as f32, f.cell.1 as f32),
                        first: f.first,
                        columns: f.columns.max(1),
                        count,
                    });
                }
                Err(e) => assets.warnings.push(e),
            },
            Err(e) => assets.warnings.push(e),
        }
        assets
    }

    pub fn sprite(&self, name: &str) -> Option<&Sprite> {
        self.sprites.get(name)
    }

    /// The images that failed to load since the last call, each once (a failure is kept, so
    /// the same image is not tried, nor reported, again).
    pub fn take_failures(&mut self) -> Vec<String> {
        std::mem::take(&mut self.failures)
    }

    /// Lets go of every standalone image loaded so far but those named in `keep` (their GPU
    /// textures and pixels go with them; a later [`Assets::texture`] loads one again). Call it
    /// when a stage starts, so one stage's backgrounds and the ending's pictures are not held
    /// through every stage after. Images that failed stay remembered as failed, so they are
    /// not reported again.
    pub fn release_textures_except(&mut self, keep: &[&str]) {
        self.textures
            .retain(|name, t| t.is_none() || keep.contains(&name.as_str()));
    }

    /// How many standalone images are held now (loaded, not failed).
    pub fn textures_held(&self) -> usize {
        self.textures.values().filter(|t| t.is_some()).count()
    }

    /// A standalone image under `assets/`, loaded on first use and kept until
    /// [`Assets::release_textures_except`].
    pub fn texture(&mut self, rel: &str) -> Option<Texture2D> {
        if let Some(t) = self.textures.get(rel) {
            return t.clone();
        }
        // Level files may only name paths inside assets/; the loader checked that already.
        let loaded = match load_png(&self.root.join(rel)) {
            Ok(t) => Some(t),
            Err(e) => {
                self.failures.push(e);
                None
            }
        };
        self.textures.insert(rel.to_string(), loaded.clone());
        loaded
    }
}
