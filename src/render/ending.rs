//! Drawing the ending: a pilot's picture (or, after a two-player clear, the pair's) with the
//! closing lines typed out beneath, and the credits rolling up over the night sky.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use macroquad::prelude::*;

use skysweep::sim::{pair_key, Character, PLAYFIELD};

use super::Renderer;
use super::TITLE_GOLD;

/// One page of the ending.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EndingPage {
    Pilot(Character),
    /// Two different pilots who cleared the game together.
    Pair(Character, Character),
    Credits,
}

/// Steps the credits take to roll through once.
pub const CREDITS_STEPS: u32 = 36 * 60;

/// Letters typed per second on a pilot's page.
const TYPE_RATE: f32 = 24.0;

/// Closing lines keyed by pilot or pair (`"orla"`, `"vela_orla"`), as the ending files
/// write them: a RON map from key to lines.
type Lines = BTreeMap<String, Vec<String>>;

/// The pair endings' lines, `assets/endings/pairs.ron`, built into the game.
const PAIRS_RON: &str = include_str!("../../assets/endings/pairs.ron");
/// Orla's and Rook's solo lines, `assets/endings/solo_new.ron`.
const SOLO_NEW_RON: &str = include_str!("../../assets/endings/solo_new.ron");

/// `text` parsed as ending lines; empty (pages with a picture and no lines) if it does not
/// parse, which a test rules out for the shipped files.
fn parse_lines(text: &str) -> Lines {
    ron::from_str(text).unwrap_or_default()
}

fn pair_lines_map() -> &'static Lines {
    static MAP: OnceLock<Lines> = OnceLock::new();
    MAP.get_or_init(|| parse_lines(PAIRS_RON))
}

fn solo_new_map() -> &'static Lines {
    static MAP: OnceLock<Lines> = OnceLock::new();
    MAP.get_or_init(|| parse_lines(SOLO_NEW_RON))
}

/// The pages of the ending for the players' `pilots` (player 1's first), before the credits:
/// two different pilots share their pair's page; one pilot, or the same pilot twice, gets
/// the solo page.
pub fn pages_for(pilots: &[Character]) -> Vec<EndingPage> {
    let mut pages = match pilots {
        [a, b] if a != b => vec![EndingPage::Pair(*a, *b)],
        [a, ..] => vec![EndingPage::Pilot(*a)],
        [] => Vec::new(),
    };
    pages.push(EndingPage::Credits);
    pages
}

/// The picture and the lines of a pilot's or a pair's page; `None` for the credits.
pub fn page_content(page: EndingPage) -> Option<(String, Vec<String>)> {
    match page {
        EndingPage::Pilot(c) => {
            let lines = match c {
                Character::Orla | Character::Rook => {
                    solo_new_map().get(c.key()).cloned().unwrap_or_default()
                }
                _ => pilot_lines(c).iter().map(|l| l.to_string()).collect(),
            };
            Some((format!("backgrounds/ending_{}.png", c.key()), lines))
        }
        EndingPage::Pair(a, b) => {
            let key = pair_key(a, b)?;
            let lines = pair_lines_map().get(&key).cloned().unwrap_or_default();
            Some((format!("backgrounds/ending_pair_{key}.png"), lines))
        }
        EndingPage::Credits => None,
    }
}

/// What each of the first three pilots says once the citadel has fallen (the new pilots'
/// lines are in `assets/endings/solo_new.ron`).
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
        Character::Orla | Character::Rook => &[],
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
    ("PILOTS", &["VELA  BRASS  WREN", "ORLA  ROOK"]),
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
        EndingPage::Pilot(_) | EndingPage::Pair(..) => pilot_page(r, page, steps),
        EndingPage::Credits => credits(r, steps),
    }
}

fn pilot_page(r: &mut Renderer, page: EndingPage, steps: u32) {
    let Some((picture, lines)) = page_content(page) else {
        return;
    };
    let t = steps as f32 / 60.0;
    let fade = (t / 1.5).min(1.0);
    if let Some(tex) = r.assets.texture(&picture) {
        draw_texture(&tex, 0.0, 0.0, Color::new(1.0, 1.0, 1.0, fade));
    }
    let title = match page {
        EndingPage::Pair(a, b) => format!("{} & {}", a.name(), b.name()),
        EndingPage::Pilot(c) => c.name().to_string(),
        EndingPage::Credits => String::new(),
    };
    r.text_centered(
        &title.to_uppercase(),
        112.0,
        172.0,
        2.0,
        Color::new(TITLE_GOLD.r, TITLE_GOLD.g, TITLE_GOLD.b, fade),
    );
    // The lines type out one letter after another once the picture is in.
    let mut budget = ((t - 1.5).max(0.0) * TYPE_RATE) as usize;
    for (i, line) in lines.iter().enumerate() {
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
            let (_, lines) = page_content(EndingPage::Pilot(c)).unwrap();
            assert!(!lines.is_empty(), "{c:?} has a solo ending");
            for l in lines {
                assert!(l.chars().count() <= 26, "{c:?}: {l}");
            }
        }
        for lines in pair_lines_map().values() {
            for l in lines {
                assert!(l.chars().count() <= 26, "{l}");
            }
        }
        for (l, _) in credit_lines() {
            assert!(l.chars().count() <= 28, "{l}");
        }
    }

    #[test]
    fn every_pair_of_different_pilots_has_its_own_page() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut pictures = std::collections::BTreeSet::new();
        let mut pairs = 0;
        for (i, &a) in Character::ALL.iter().enumerate() {
            for &b in &Character::ALL[i + 1..] {
                pairs += 1;
                // Whichever player flew which pilot, the page is the same.
                assert_eq!(
                    pages_for(&[a, b]),
                    pages_for(&[b, a])
                        .into_iter()
                        .map(|p| match p {
                            EndingPage::Pair(x, y) => EndingPage::Pair(y, x),
                            other => other,
                        })
                        .collect::<Vec<_>>()
                );
                let (picture, lines) = page_content(EndingPage::Pair(a, b)).unwrap();
                let (again, _) = page_content(EndingPage::Pair(b, a)).unwrap();
                assert_eq!(
                    picture, again,
                    "{a:?} and {b:?} share one picture either way"
                );
                assert!(root.join(&picture).is_file(), "{picture} is shipped");
                assert!(lines.len() >= 3, "{a:?} and {b:?} have their lines");
                pictures.insert(picture);
            }
        }
        assert_eq!(pairs, 10);
        assert_eq!(pictures.len(), 10, "ten different pages");
        assert_eq!(
            pair_lines_map().len(),
            10,
            "and no lines for a pair that cannot meet"
        );
    }

    #[test]
    fn one_pilot_or_the_same_pilot_twice_gets_the_solo_page() {
        for c in Character::ALL {
            let solo = vec![EndingPage::Pilot(c), EndingPage::Credits];
            assert_eq!(pages_for(&[c]), solo);
            assert_eq!(pages_for(&[c, c]), solo);
            let (picture, _) = page_content(EndingPage::Pilot(c)).unwrap();
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
            assert!(root.join(&picture).is_file(), "{picture} is shipped");
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
