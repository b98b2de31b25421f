//! Message boxes (a failed save, REPLAY SAVED) over play and the menus, and the band of the
//! playfield each scene keeps them in.

use macroquad::prelude::*;

use super::text::wrap;
use crate::render::{outline, Renderer};

/// Where a scene keeps its message boxes, playfield pixels from the top: `top` to `bottom`.
/// A box taller than that ends at `bottom`, covering what is above rather than below.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoticeBand {
    pub top: f32,
    pub bottom: f32,
}

/// Where message boxes go over play and most menus.
pub const NOTICE_BAND: NoticeBand = NoticeBand {
    top: 40.0,
    bottom: 316.0,
};

/// The title's logo (44 pixels high at 48, bobbing 2 either way) ends at 94 and its menu
/// starts at 150: a message box (REPLAY SAVED) goes between the two.
pub const TITLE_NOTICE_BAND: NoticeBand = NoticeBand {
    top: 98.0,
    bottom: 146.0,
};

/// Width of a message box's text, in characters.
const MESSAGE_COLUMNS: usize = 26;

/// The top and height of the message box for `text` in `band`.
pub fn message_box(text: &str, band: NoticeBand) -> (f32, f32) {
    let lines = wrap(text, MESSAGE_COLUMNS).len();
    let h = 24.0 + lines as f32 * 10.0;
    let top = if band.top + h <= band.bottom {
        band.top
    } else {
        (band.bottom - h).max(4.0)
    };
    (top, h)
}

/// A message box (a failed save, REPLAY SAVED), wrapped to the playfield width, in `band`.
pub fn message(r: &Renderer, title: &str, text: &str, band: NoticeBand) {
    let lines = wrap(text, MESSAGE_COLUMNS);
    let (top, h) = message_box(text, band);
    draw_rectangle(4.0, top, 216.0, h, Color::from_rgba(60, 0, 0, 220));
    outline(
        vec2(4.0, top),
        vec2(216.0, h),
        Color::from_rgba(255, 120, 100, 255),
    );
    r.text(
        title,
        vec2(10.0, top + 6.0),
        1.0,
        Color::from_rgba(255, 200, 120, 255),
    );
    for (i, l) in lines.iter().enumerate() {
        r.text(l, vec2(10.0, top + 20.0 + i as f32 * 10.0), 1.0, WHITE);
    }
}

#[cfg(test)]
mod tests {
    use super::{message_box, NOTICE_BAND, TITLE_NOTICE_BAND};

    #[test]
    fn the_titles_notices_go_between_its_logo_and_its_menu() {
        // REPLAY SAVED: the name and where to find it.
        let (top, h) = message_box("AAA\nSEE REPLAYS", TITLE_NOTICE_BAND);
        assert!(top >= 96.0, "below the logo's lowest bob: {top}");
        assert!(top + h <= 150.0, "above the menu: {}", top + h);
        // A longer one (a failed save's reason) still ends above the menu.
        let long = "a reason long enough to take five lines of the box, which is more than fits in";
        let (top, h) = message_box(long, TITLE_NOTICE_BAND);
        assert_eq!(top + h, TITLE_NOTICE_BAND.bottom);
        // Elsewhere boxes stay where they always were.
        assert_eq!(message_box("x", NOTICE_BAND).0, 40.0);
    }
}
