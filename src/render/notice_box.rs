//! A notice across the whole window with its lines kept as they are. A level error shows the
//! source line with a caret under the column, as rustc does; that needs a fixed-width font,
//! every blank kept, and more than the playfield's 26 columns.

use macroquad::prelude::*;

use super::{outline, Layout, Renderer};

/// Most lines shown; the terminal has the rest.
const MAX_LINES: usize = 40;

/// Draws `title` and `text` in screen space (after the playfield is presented), at the largest
/// whole scale, up to the playfield's, that gives at least `min_cols` columns (or the widest
/// line, if narrower). Message lines wrap at words; source lines are cut.
pub fn draw(r: &Renderer, layout: &Layout, title: &str, text: &str, min_cols: usize) {
    let (sw, sh) = r.screen_size().into();
    let cell = r.text_width("M", 1.0).max(1.0);
    let margin = 8.0;
    let cols_at =
        |scale: f32| (((sw - 2.0 * margin) / (cell * scale)).floor() as usize).saturating_sub(2);
    let widest = text
        .lines()
        .chain([title])
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1);
    let want = widest.min(min_cols);
    let largest = layout.scale.clamp(1.0, 3.0).floor() as u32;
    let scale = (1..=largest)
        .rev()
        .map(|s| s as f32)
        .find(|&s| cols_at(s) >= want)
        .unwrap_or(1.0);
    let lines = fit_lines(text, cols_at(scale).max(8), MAX_LINES);
    let line_h = (cell * scale * 1.25).round();
    let h = (lines.len() as f32 + 2.5) * line_h;
    // Over the top of the playfield, where the old box sat, but always wholly on screen.
    let y = (layout.origin.y + 24.0 * layout.scale)
        .min(sh - h - margin)
        .max(margin);
    let (x, w) = (margin, sw - 2.0 * margin);
    draw_rectangle(x, y, w, h, Color::from_rgba(40, 0, 0, 255));
    outline(vec2(x, y), vec2(w, h), Color::from_rgba(255, 120, 100, 255));
    let left = x + cell * scale;
    r.text(
        title,
        vec2(left, y + line_h * 0.5),
        scale,
        Color::from_rgba(255, 200, 120, 255),
    );
    for (i, l) in lines.iter().enumerate() {
        let at = vec2(left, y + line_h * (i as f32 + 1.75));
        r.text(l, at, scale, line_colour(l));
    }
}

/// True for a line of a rendered source snippet (`  --> file`, `  |`, `22 | ...`), whose
/// blanks carry meaning.
fn is_source_line(line: &str) -> bool {
    let t = line.trim_start();
    let after_number = t.trim_start_matches(|c: char| c.is_ascii_digit());
    t.starts_with("-->")
        || t.starts_with('|')
        || (after_number.len() < t.len() && after_number.starts_with(" |"))
}

/// `line` broken at spaces into lines of at most `cols` characters (a longer word is cut).
fn wrap(line: &str, cols: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > cols {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            out.push(word.drain(..cols).collect());
        }
        let len = current.chars().count();
        if len > 0 && len + 1 + word.len() > cols {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.extend(word);
    }
    out.push(current);
    out
}

/// Messages stand out from the source they point into; the carets are the error's colour.
fn line_colour(line: &str) -> Color {
    let t = line.trim_start();
    if t.starts_with("error") || t.starts_with("warning") {
        Color::from_rgba(255, 170, 140, 255)
    } else if line.contains('^') && line.chars().all(|c| " |^-".contains(c)) {
        Color::from_rgba(255, 90, 70, 255)
    } else if t.starts_with("-->") || t.starts_with('|') {
        Color::from_rgba(150, 170, 255, 255)
    } else {
        WHITE
    }
}

/// The lines of `text` to fit `cols` columns: a source line as it is, blanks kept, cut into
/// pieces if longer; a message line wrapped at spaces. At most `max` lines, the last one
/// saying how many more there were.
pub fn fit_lines(text: &str, cols: usize, max: usize) -> Vec<String> {
    let cols = cols.max(1);
    let mut out = Vec::new();
    for line in text.lines() {
        if !is_source_line(line) {
            out.extend(wrap(line, cols));
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        for piece in chars.chunks(cols) {
            out.push(piece.iter().collect());
        }
    }
    if out.len() > max {
        let more = out.len() - (max - 1);
        out.truncate(max - 1);
        out.push(format!("... {more} more lines (see the terminal)"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fit_lines;

    #[test]
    fn lines_keep_their_blanks_so_the_caret_stays_under_the_column() {
        let text = "error: bad\n  |\n7 |     enemy: \"tnak\",\n  |            ^^^^^^";
        assert_eq!(fit_lines(text, 80, 40), text.lines().collect::<Vec<_>>());
    }

    #[test]
    fn messages_wrap_at_words_and_source_lines_are_cut() {
        assert_eq!(
            fit_lines("error: unknown sprite here", 14, 40),
            ["error: unknown", "sprite here"]
        );
        assert_eq!(fit_lines("22 | abcdefg", 5, 40), ["22 | ", "abcde", "fg"]);
        assert_eq!(fit_lines("abcdefg", 3, 40), ["abc", "def", "g"]);
    }

    #[test]
    fn too_many_lines_are_counted() {
        let many = "x\n".repeat(50);
        let lines = fit_lines(&many, 10, 40);
        assert_eq!(lines.len(), 40);
        assert_eq!(lines[39], "... 11 more lines (see the terminal)");
    }
}
