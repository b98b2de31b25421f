//! Drawing the ending: a pilot's picture with their closing lines typed out beneath, and the
//! credits rolling up over the night sky.

use macroquad::prelude::*;

use skysweep::sim::{Character, PLAYFIELD};

use super::menus::TITLE_GOLD;
use super::Renderer;

/// One page of the ending.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EndingPage {
    Pilot(Character),
    Credits,
}

/// Steps the credits take to roll through once.
pub const CREDITS_STEPS: u32 = 36 * 60;

/// Letters typed per second on a pilot's page.
const TYPE_RATE: f32 = 24.0;

/// What each pilot says once the citadel has fallen.
fn pilot_lines(c: Character) -> &'static [&'static str] {
    match c {
        Character::Vela => &[
            "THE CITADEL SINKS INTO",
            "THE SEA OF CLOUD.",
            "",
            "VELA RIDES THE LAST",
            "THERMAL HOME, ENGINE OFF,",
            "SCARF STREAMING.",
            "",
            "\"SAME TIME NEXT YEAR?\"",
        ],
        Character::Brass => &[
            "BRASS BRINGS HIS GUNSHIP",
            "IN ON THE HARBOUR WATER",
            "TO A CROWD HE DID NOT",
            "EXPECT.",
            "",
            "HE SIGNS THREE AUTOGRAPHS,",
            "THEN ASKS FOR AN OILCAN.",
        ],
        Character::Wren => &[
            "WREN RIDES HER LEAF HOME",
            "AT DUSK, HER ORBS TRAILING",
            "LIKE FIREFLIES.",
            "",
            "THE VILLAGE LIGHTS COME",
            "ON ONE BY ONE BELOW HER.",
            "",
            "\"THEY WERE ALL WATCHING?\"",
        ],
    }
}

/// The credits, top to bottom: a heading (in gold) and the lines under it; an empty line
/// is a gap.
const CREDITS: &[(&str, &[&str])] = &[
    (
        "",
        &[
            "A VERTICAL SHOOT-'EM-UP",
            "IN THE STYLE OF THE",
            "1990S ARCADE CLASSICS",
        ],
    ),
    ("DESIGN AND PROGRAMMING", &["THE SKYSWEEP TEAM"]),
    ("SWEEP-AND-PRUNE COLLIDER", &["THE SKYSWEEP TEAM"]),
    (
        "PIXEL ART",
        &[
            "EVERY SPRITE AND SKY",
            "PAINTED PIXEL BY PIXEL",
            "BY THE SKYSWEEP TEAM",
        ],
    ),
    (
        "MUSIC AND SOUND",
        &["COMPOSED AND SYNTHESISED", "BY THE SKYSWEEP TEAM"],
    ),
    ("PILOTS", &["VELA  BRASS  WREN"]),
    ("THANK YOU FOR PLAYING", &[]),
    (
        "",
        &["THE SKIES ARE NOT CLEAR YET", "THE NEXT LOOP BEGINS..."],
    ),
];

/// The credits as lines to draw, with whether each is a heading.
fn credit_lines() -> Vec<(&'static str, bool)> {
    let mut lines = Vec::new();
    for (heading, body) in CREDITS {
        if !heading.is_empty() {
            lines.push((*heading, true));
        }
        lines.extend(body.iter().map(|l| (*l, false)));
        lines.extend([("", false), ("", false)]);
    }
    lines
}

/// Line height of the credits, in playfield pixels.
const CREDIT_LINE: f32 = 12.0;

/// Draws `page` as it looks `steps` steps after it opened.
pub fn draw(r: &mut Renderer, page: EndingPage, steps: u32) {
    clear_background(Color::from_rgba(8, 10, 24, 255));
    match page {
        EndingPage::Pilot(c) => pilot_page(r, c, steps),
        EndingPage::Credits => credits(r, steps),
    }
}

fn pilot_page(r: &mut Renderer, c: Character, steps: u32) {
    let t = steps as f32 / 60.0;
    let fade = (t / 1.5).min(1.0);
    let picture = format!("backgrounds/ending_{}.png", c.name().to_lowercase());
    if let Some(tex) = r.assets.texture(&picture) {
        draw_texture(&tex, 0.0, 0.0, Color::new(1.0, 1.0, 1.0, fade));
    }
    r.text_centered(
        &c.name().to_uppercase(),
        112.0,
        172.0,
        2.0,
        Color::new(TITLE_GOLD.r, TITLE_GOLD.g, TITLE_GOLD.b, fade),
    );
    // The lines type out one letter after another once the picture is in.
    let mut budget = ((t - 1.5).max(0.0) * TYPE_RATE) as usize;
    for (i, line) in pilot_lines(c).iter().enumerate() {
        let shown: String = line.chars().take(budget).collect();
        budget = budget.saturating_sub(line.chars().count());
        r.text_shadow(&shown, vec2(8.0, 196.0 + i as f32 * 12.0), 1.0, WHITE);
    }
}

fn credits(r: &mut Renderer, steps: u32) {
    if let Some(tex) = r.assets.texture("backgrounds/credits.png") {
        draw_texture(&tex, 0.0, 0.0, WHITE);
    }
    r.text_centered("SKYSWEEP", 112.0, 24.0, 2.0, TITLE_GOLD);
    let lines = credit_lines();
    let height = lines.len() as f32 * CREDIT_LINE;
    // From just below the screen until the last line has rolled up to the title.
    let travel = height + PLAYFIELD.y - 48.0;
    let top = PLAYFIELD.y - steps as f32 / CREDITS_STEPS as f32 * travel;
    for (i, (line, heading)) in lines.iter().enumerate() {
        let y = top + i as f32 * CREDIT_LINE;
        // Lines vanish under the title rather than run over it.
        if !(48.0..PLAYFIELD.y).contains(&y) {
            continue;
        }
        let color = if *heading { TITLE_GOLD } else { WHITE };
        r.text_centered(line, 112.0, y, 1.0, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_fits_the_playfield() {
        // The font is 8 px a letter at scale 1: 28 letters fill the 224 px playfield, and a
        // pilot's lines start 8 px in, leaving room for 26 with the same margin on the right.
        for c in Character::ALL {
            for l in pilot_lines(c) {
                assert!(l.chars().count() <= 26, "{c:?}: {l}");
            }
        }
        for (l, _) in credit_lines() {
            assert!(l.chars().count() <= 28, "{l}");
        }
    }

    #[test]
    fn credits_speak_to_players_not_developers() {
        // Players read the credits: no file names, folders or source extensions.
        for (l, _) in credit_lines() {
            let lower = l.to_ascii_lowercase();
            for dev in [".py", ".rs", "/", "tools", "gen_"] {
                assert!(!lower.contains(dev), "{l}");
            }
        }
    }
}
