//! The words of the pacing picture, drawn with the game's own bitmap font (`assets/font/`) so
//! no system font is needed, and the picture written as a PNG.

use std::path::Path;

/// An RGB picture being drawn: `width` × `height`, three bytes a pixel, rows top down.
pub struct Canvas {
    pub buf: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

impl Canvas {
    /// A white canvas.
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            buf: vec![255; (width * height * 3) as usize],
            width,
            height,
        }
    }

    fn put(&mut self, x: i32, y: i32, rgb: (u8, u8, u8)) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return;
        }
        let o = (y as usize * self.width as usize + x as usize) * 3;
        self.buf[o..o + 3].copy_from_slice(&[rgb.0, rgb.1, rgb.2]);
    }

    /// Writes the picture as a PNG, through a temporary file so a reader never sees half a
    /// picture.
    pub fn write_png(&self, path: &Path) -> Result<(), String> {
        let mut bytes = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut bytes, self.width, self.height);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().map_err(|e| e.to_string())?;
            w.write_image_data(&self.buf).map_err(|e| e.to_string())?;
        }
        crate::platform::atomic::write_atomic(path, &bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// A word to draw once plotters has finished: where, how big, what colour.
pub struct Label {
    pub text: String,
    pub x: i32,
    pub y: i32,
    pub scale: i32,
    pub rgb: (u8, u8, u8),
}

impl Label {
    /// `text` at (`x`, `y`), one font pixel a pixel.
    pub fn small(text: impl Into<String>, x: i32, y: i32, rgb: (u8, u8, u8)) -> Label {
        Label {
            text: text.into(),
            x,
            y,
            scale: 1,
            rgb,
        }
    }
}

/// The game's bitmap font: 8 × 8 cells, 16 to a row, from the space on.
pub struct Font {
    rgba: Vec<u8>,
    width: usize,
}

/// Width in pixels of `text` drawn at scale 1.
pub fn text_width(text: &str) -> i32 {
    text.chars().count() as i32 * 8
}

impl Font {
    pub fn load() -> Result<Font, String> {
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

    /// Draws `label` into `canvas`, each font pixel `label.scale` pixels square.
    pub fn draw(&self, canvas: &mut Canvas, label: &Label) {
        let scale = label.scale;
        for (i, ch) in label.text.chars().enumerate() {
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
                            let gx = label.x + (i as i32 * 8 + px as i32) * scale + sx;
                            let gy = label.y + py as i32 * scale + sy;
                            canvas.put(gx, gy, label.rgb);
                        }
                    }
                }
            }
        }
    }
}
