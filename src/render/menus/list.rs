//! List menus: a title, `(label, value)` rows with the cursor's highlighted, and a hint at the
//! foot, for every settings-like screen (options, practice, replays, custom stages, keys).

use macroquad::prelude::*;

use super::text::wrap;
use crate::render::{Renderer, TITLE_GOLD};

/// A list menu with a title: `(label, value)` rows, the cursor's row highlighted. A value too
/// long for its row (a stage's full name) is drawn narrower, never cut.
pub fn list(r: &mut Renderer, title: &str, rows: &[(String, String)], cursor: usize, hint: &str) {
    list_of(r, (title, hint), rows, &[], cursor, Values::Text);
}

/// How a list row looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowLook {
    /// A row to choose and change.
    Plain,
    /// A row that shows a value it cannot change here: greyed.
    Locked,
    /// A line under the row above saying something about it (why it is locked); never
    /// chosen.
    Note,
}

/// [`list`] with each row's look (`looks[i]` for `rows[i]`; rows past its end are plain).
pub fn list_with_looks(
    r: &mut Renderer,
    (title, hint): (&str, &str),
    rows: &[(String, String)],
    looks: &[RowLook],
    cursor: usize,
) {
    list_of(r, (title, hint), rows, looks, cursor, Values::Text);
}

/// [`list`] for rows whose values are lists of keys or buttons ("Z SPACE ENTER"): a value too
/// long for its row shortens key names and counts the keys that do not fit (see
/// [`fit_value`]), which reads better than squeezed letters.
pub fn key_list(
    r: &mut Renderer,
    title: &str,
    rows: &[(String, String)],
    cursor: usize,
    hint: &str,
) {
    list_of(r, (title, hint), rows, &[], cursor, Values::Keys);
}

/// What a list's values are, for fitting one that is too long.
#[derive(Clone, Copy, PartialEq)]
enum Values {
    Text,
    Keys,
}

fn list_of(
    r: &mut Renderer,
    (title, hint): (&str, &str),
    rows: &[(String, String)],
    looks: &[RowLook],
    cursor: usize,
    values: Values,
) {
    clear_background(Color::from_rgba(20, 28, 56, 255));
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, Color::new(0.35, 0.35, 0.45, 1.0));
    }
    r.text_centered(title, 112.0, 20.0, 1.0, TITLE_GOLD);
    let (top, line) = (LIST_TOP, LIST_LINE);
    for (i, (label, value)) in rows.iter().enumerate() {
        let y = top + i as f32 * line;
        let selected = i == cursor;
        let look = looks.get(i).copied().unwrap_or(RowLook::Plain);
        if selected {
            let bar = match look {
                RowLook::Locked => Color::new(0.7, 0.72, 0.8, 0.16),
                _ => Color::new(1.0, 0.85, 0.35, 0.18),
            };
            draw_rectangle(8.0, y - 3.0, 208.0, LIST_ROW_H, bar);
        }
        let color = match (look, selected) {
            (RowLook::Locked, true) => Color::from_rgba(175, 180, 195, 255),
            (RowLook::Locked | RowLook::Note, false) => Color::from_rgba(125, 130, 150, 255),
            (_, true) => TITLE_GOLD,
            _ => Color::from_rgba(220, 230, 255, 255),
        };
        r.text_shadow(label, vec2(LIST_LABEL_LEFT, y), 1.0, color);
        if !value.is_empty() {
            let glyph = r.text_width("M", 1.0);
            let label_columns = label.chars().count();
            let (value, w) = fit_row(value, label_columns, glyph, values);
            r.text_shadow_within(
                &value,
                vec2(LIST_VALUE_RIGHT - w, y),
                1.0,
                w,
                match (look, selected) {
                    (RowLook::Locked, _) => color,
                    (_, true) => WHITE,
                    _ => LIGHTGRAY,
                },
            );
        }
    }
    let hint_lines = hint_lines(hint, LIST_HINT_COLUMNS);
    // The hint's last line stays where a one-line hint sits, above the artwork's foot; longer
    // hints grow upwards into the empty space below the rows.
    let first = hint_top(hint_lines.len());
    for (i, l) in hint_lines.iter().enumerate() {
        r.text_centered(
            l,
            112.0,
            first + i as f32 * LIST_HINT_LINE,
            1.0,
            Color::from_rgba(170, 180, 210, 255),
        );
    }
}

/// A row's value as drawn beside a label of `label_columns` glyphs `glyph` pixels wide: the
/// text, and the width its letters take, squeezed if need be. One glyph stays between label and
/// value, so the two never run together.
fn fit_row(value: &str, label_columns: usize, glyph: f32, values: Values) -> (String, f32) {
    let room = LIST_VALUE_RIGHT - LIST_LABEL_LEFT - (label_columns + 1) as f32 * glyph;
    let value = match values {
        Values::Keys => fit_value(value, (room / glyph).max(0.0) as usize),
        Values::Text => value.to_string(),
    };
    // Drawn as `text_shadow_within` places its letters, so that the value ends on the right
    // edge like the others.
    let n = value.chars().count().max(1) as f32;
    let (advance, _) = crate::render::squeeze(n, glyph, 1.0, room.max(glyph));
    (value, n * advance)
}

/// How many rows a list menu can show above `hint` without the two meeting: a screen that
/// pages its rows asks this for its page's length.
pub fn rows_above_hint(hint: &str) -> usize {
    // No hint: the rows may take the hint's line and run down to the artwork's foot.
    let first = match hint.is_empty() {
        true => LIST_HINT_Y + 2.0 * LIST_HINT_LINE,
        false => hint_top(hint_lines(hint, LIST_HINT_COLUMNS).len()),
    };
    // A row's highlight runs from 3 px above its text to LIST_ROW_H below that, and stays a
    // pixel clear of the hint's first line.
    let room = first - 1.0 - (LIST_TOP - 3.0 + LIST_ROW_H);
    if room < 0.0 {
        return 0;
    }
    (room / LIST_LINE) as usize + 1
}

/// Top of a list menu's hint of `lines` lines: its last line stays where a one-line hint
/// sits, and longer hints grow upwards into the empty space below the rows.
fn hint_top(lines: usize) -> f32 {
    LIST_HINT_Y - (lines.max(1) - 1) as f32 * LIST_HINT_LINE
}

/// Top of a list menu's first row, the rows' spacing, and a highlighted row's height.
const LIST_TOP: f32 = 44.0;
const LIST_LINE: f32 = 16.0;
const LIST_ROW_H: f32 = 13.0;
/// Spacing of a hint's lines.
const LIST_HINT_LINE: f32 = 10.0;
/// Left edge of a list row's label, playfield pixels.
const LIST_LABEL_LEFT: f32 = 14.0;
/// Right edge of a list row's value, playfield pixels.
const LIST_VALUE_RIGHT: f32 = 210.0;
/// Top of the last line of a list menu's hint.
const LIST_HINT_Y: f32 = 284.0;
/// Characters across a list menu's hint.
const LIST_HINT_COLUMNS: usize = 26;

/// The space [`unbroken`] puts between the words of a name: the hint wraps lines at spaces
/// but not at these, and draws them as spaces.
const NO_BREAK: char = '\u{a0}';

/// `name` (a stage's, in a hint) kept on one line of a list menu's hint: "SALTMARSH HARBOUR"
/// moves to the next line whole rather than leave HARBOUR alone on it.
pub fn unbroken(name: &str) -> String {
    name.replace(' ', &NO_BREAK.to_string())
}

/// The lines a list menu's hint is drawn on (see [`hint_lines`]).
#[cfg(test)]
pub fn footer_lines(hint: &str) -> Vec<String> {
    hint_lines(hint, LIST_HINT_COLUMNS)
}

/// A hint's lines, the words of an [`unbroken`] name kept together: see [`split_hint`].
fn hint_lines(hint: &str, columns: usize) -> Vec<String> {
    split_hint(hint, columns)
        .into_iter()
        .map(|l| l.replace(NO_BREAK, " "))
        .collect()
}

/// A hint's lines: on one line when it fits, else split where its parts are separated by two
/// spaces ("PRESS THE NEW KEY  (ESC CANCELS)"), each part wrapped on its own, so a phrase such
/// as "(ESC CANCELS)" is never broken across lines.
fn split_hint(hint: &str, columns: usize) -> Vec<String> {
    if hint.chars().count() <= columns {
        return vec![hint.to_string()];
    }
    hint.split("  ")
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .flat_map(|part| wrap(part, columns))
        .collect()
}

/// A row's value, such as "LEFTSHIFT RIGHTSHIFT", made to fit `columns` characters: as it is
/// when it fits, else with long key names shortened (LSHIFT, RCTRL), else with the keys that do
/// not fit counted ("Z +2"), so it never runs into the row's label.
fn fit_value(value: &str, columns: usize) -> String {
    if value.chars().count() <= columns {
        return value.to_string();
    }
    let short: Vec<String> = value
        .split(' ')
        .map(|w| match w {
            "LEFTSHIFT" => "LSHIFT".into(),
            "RIGHTSHIFT" => "RSHIFT".into(),
            "LEFTCONTROL" => "LCTRL".into(),
            "RIGHTCONTROL" => "RCTRL".into(),
            "LEFTALT" => "LALT".into(),
            "RIGHTALT" => "RALT".into(),
            "BACKSPACE" => "BKSP".into(),
            "SEMICOLON" => ";".into(),
            "PERIOD" => ".".into(),
            "COMMA" => ",".into(),
            other => other.to_string(),
        })
        .collect();
    let joined = short.join(" ");
    if joined.chars().count() <= columns {
        return joined;
    }
    for keep in (1..short.len()).rev() {
        let line = format!("{} +{}", short[..keep].join(" "), short.len() - keep);
        if line.chars().count() <= columns {
            return line;
        }
    }
    // Not even one key and a count fit: the first key's start, which still tells them apart
    // better than text drawn over the label.
    short[0].chars().take(columns.max(1)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_squeezed_whole_and_a_long_key_list_counted() {
        // The practice menu's STAGE row, 8-pixel glyphs: 18.5 columns of room.
        let glyph = 8.0;
        let room = LIST_VALUE_RIGHT - LIST_LABEL_LEFT - 6.0 * glyph;
        let (name, w) = fit_row("2 SALTMARSH HARBOUR", 5, glyph, Values::Text);
        assert_eq!(
            name, "2 SALTMARSH HARBOUR",
            "a name is never cut or counted"
        );
        assert!(w <= room, "squeezed into its room: {w} of {room}");
        // 19 letters 7 px apart (148 / 19, to whole pixels): the width it is placed by, so
        // that it ends on the right edge like every other value.
        assert_eq!(w, 19.0 * 7.0);
        let (short, w) = fit_row("1 MEADOWVALE", 5, glyph, Values::Text);
        assert_eq!(
            (short.as_str(), w),
            ("1 MEADOWVALE", 12.0 * glyph),
            "fits as it is"
        );
        let (keys, w) = fit_row("Z SPACE ENTER TAB LEFTCONTROL", 5, glyph, Values::Keys);
        assert_eq!(keys, "Z SPACE ENTER +2");
        assert_eq!(w, 16.0 * glyph, "a fitted key list is drawn at full width");
    }

    #[test]
    fn a_long_key_list_fits_beside_its_label() {
        // FOCUS at x 14 leaves 196 - 40 pixels: 19 glyphs, one of them the gap.
        assert_eq!(fit_value("LEFTSHIFT RIGHTSHIFT", 18), "LSHIFT RSHIFT");
        assert_eq!(fit_value("UP W", 18), "UP W", "short values are left alone");
        assert_eq!(fit_value("Z SPACE ENTER TAB LEFTCONTROL", 12), "Z SPACE +3");
        for columns in 1..30 {
            let v = fit_value("LEFTSHIFT RIGHTSHIFT LEFTALT BACKSPACE", columns);
            assert!(v.chars().count() <= columns.max(1), "{columns}: {v}");
        }
    }

    #[test]
    fn a_hint_breaks_between_its_parts_not_inside_them() {
        assert_eq!(
            hint_lines("PRESS THE NEW KEY  (ESC CANCELS)", 26),
            ["PRESS THE NEW KEY", "(ESC CANCELS)"]
        );
        assert_eq!(
            hint_lines("PRESS THE NEW PAD BUTTON  (ESC CANCELS)", 26),
            ["PRESS THE NEW PAD BUTTON", "(ESC CANCELS)"]
        );
        assert_eq!(
            hint_lines("SHOT TO REBIND  ESC BACK", 26),
            ["SHOT TO REBIND  ESC BACK"]
        );
    }

    #[test]
    fn rows_stop_above_a_hint_of_any_length() {
        assert_eq!(
            rows_above_hint("SHOT PLAYS"),
            15,
            "a one-line hint leaves room for 15"
        );
        let long = "PLAYS  FROM STAGE 2 SALTMARSH HARBOUR  LEFT/RIGHT STAGE  SHOT PLAYS  ESC BACK";
        let lines = hint_lines(long, LIST_HINT_COLUMNS).len();
        assert_eq!(lines, 6);
        let rows = rows_above_hint(long);
        let last_bottom = LIST_TOP + (rows - 1) as f32 * LIST_LINE - 3.0 + LIST_ROW_H;
        assert!(
            last_bottom < hint_top(lines),
            "row {rows} ends at {last_bottom}"
        );
        let one_more = last_bottom + LIST_LINE;
        assert!(
            one_more >= hint_top(lines),
            "one more row would have fitted"
        );
    }
}
