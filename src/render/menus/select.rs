//! Pilot select drawn: the five pilots side by side, each player's cursor on one, the
//! portraits and measured damage of the pilots highlighted, and their descriptions; which of
//! them it shows, and each player's colour there.

use macroquad::prelude::*;

use skysweep::sim::Character;

use crate::render::{outline, pilots, Renderer, SpriteParams, TITLE_GOLD};

/// Where a pilot's card and what is on it sit, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CardLayout {
    top: f32,
    bottom: f32,
    ship_y: f32,
    /// The name, the shot and the speed: the same rows on every card, chosen or not, so
    /// the five cards' text reads as one line across.
    text_y: [f32; 3],
}

impl CardLayout {
    /// A card a cursor is on stands taller, its top and its ship raised; its text stays on
    /// the rows of the others.
    fn of(chosen: bool) -> CardLayout {
        let lift = if chosen { 3.0 } else { 0.0 };
        CardLayout {
            top: 28.0 - lift,
            bottom: 112.0,
            ship_y: 50.0 - lift,
            text_y: [74.0, 86.0, 98.0],
        }
    }
}

/// Pilot select: the five pilots side by side, each player's cursor on one, with the
/// portrait and the weapons of the pilot player 1 (and player 2) is on.
pub fn select(
    r: &mut Renderer,
    cursors: &[usize],
    ready: &[bool],
    anim: u64,
    dps: Option<&skysweep::sim::dps::Table>,
) {
    clear_background(Color::from_rgba(24, 34, 70, 255));
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, Color::new(0.5, 0.5, 0.6, 1.0));
    }
    r.text_centered("SELECT YOUR PILOT", 112.0, 12.0, 1.0, TITLE_GOLD);
    for (i, c) in Character::ALL.iter().enumerate() {
        let x = 22.0 + i as f32 * 45.0;
        let chosen_by: Vec<usize> = cursors
            .iter()
            .enumerate()
            .filter(|(_, &k)| k == i)
            .map(|(p, _)| p)
            .collect();
        let card = CardLayout::of(!chosen_by.is_empty());
        let (top, h) = (card.top, card.bottom - card.top);
        draw_rectangle(
            x - 21.0,
            top,
            42.0,
            h,
            Color::new(0.0, 0.0, 0.1, if chosen_by.is_empty() { 0.4 } else { 0.7 }),
        );
        let bob = ((anim as f32) / 12.0 + i as f32).sin() * 2.0;
        let frame = pilots::ship_frame(*c, 0.0, anim);
        r.sprite(
            &format!("ship_{}", c.key()),
            frame,
            vec2(x, card.ship_y + bob),
            SpriteParams::default(),
        );
        r.text_centered(&c.name().to_uppercase(), x, card.text_y[0], 1.0, WHITE);
        let (shot, speed) = traits(*c);
        let blue = Color::from_rgba(160, 220, 255, 255);
        r.text_centered(shot, x, card.text_y[1], 1.0, blue);
        let grey = Color::from_rgba(200, 200, 200, 255);
        r.text_centered(speed, x, card.text_y[2], 1.0, grey);
        for p in chosen_by {
            let col = player_color(p);
            let tag = if ready.get(p).copied().unwrap_or(false) {
                format!("{}P OK", p + 1)
            } else {
                format!("{}P", p + 1)
            };
            r.text_centered(&tag, x, 120.0 + p as f32 * 12.0, 1.0, col);
            outline(vec2(x - 21.0, top), vec2(42.0, h), col);
        }
    }
    // The highlighted pilots' portraits: player 1's on the left, player 2's on the right.
    for (p, &k) in cursors.iter().enumerate().take(2) {
        let c = Character::ALL[k.min(Character::ALL.len() - 1)];
        let x = if p == 0 { 40.0 } else { 184.0 };
        r.sprite(
            pilots::portrait_sprite(c),
            0,
            vec2(x, 170.0),
            SpriteParams::default(),
        );
        outline(vec2(x - 25.0, 145.0), vec2(50.0, 50.0), player_color(p));
    }
    draw_damage(r, cursors, dps);
    // One description per pilot chosen, player 1's first; with two players each begins in
    // its player's colour, a pilot both chose is described once, and the lines close up so
    // both fit (each names its melee, so the general note gives way).
    let two = cursors.len() > 1;
    let (mut y, step) = if two { (200.0, 9.0) } else { (206.0, 11.0) };
    let chosen = blurbs(cursors);
    for (players, pilot) in &chosen {
        let Some(c) = Character::ALL.get(*pilot) else {
            continue;
        };
        for (i, l) in blurb(*c).iter().enumerate() {
            let color = match players.first() {
                Some(&p) if i == 0 && two => player_color(p),
                _ => Color::from_rgba(220, 220, 240, 255),
            };
            r.text_centered(l, 112.0, y, 1.0, color);
            y += step;
        }
        y += 3.0;
    }
    if chosen.len() < 2 {
        for (i, l) in MELEE_NOTE.iter().enumerate() {
            r.text_centered(l, 112.0, 270.0 + i as f32 * 10.0, 1.0, TITLE_GOLD);
        }
    }
    r.text_centered(
        "LEFT/RIGHT CHOOSE  SHOT OK",
        112.0,
        304.0,
        1.0,
        Color::from_rgba(180, 190, 220, 255),
    );
}

/// Between the portraits: the highlighted pilots' measured damage a second (see
/// `skysweep::sim::dps`) at power 1 and 4; MEASURING until it is measured.
fn draw_damage(r: &Renderer, cursors: &[usize], dps: Option<&skysweep::sim::dps::Table>) {
    r.text_centered("DAMAGE/SEC", 112.0, 150.0, 1.0, TITLE_GOLD);
    let Some(t) = dps else {
        r.text_centered("MEASURING", 112.0, 164.0, 1.0, LIGHTGRAY);
        return;
    };
    let figure = |p: usize| {
        let k = cursors[p].min(Character::ALL.len() - 1);
        t[k]
    };
    if cursors.len() == 1 {
        let [low, high] = figure(0);
        r.text_centered(&format!("POWER 1 {low:>3.0}"), 112.0, 164.0, 1.0, WHITE);
        r.text_centered(&format!("POWER 4 {high:>3.0}"), 112.0, 176.0, 1.0, WHITE);
        return;
    }
    r.text_centered("POWER 1/4", 112.0, 162.0, 1.0, LIGHTGRAY);
    for p in 0..cursors.len().min(2) {
        let [low, high] = figure(p);
        let line = format!("{}P {low:.0}/{high:.0}", p + 1);
        let color = player_color(p);
        r.text_centered(&line, 112.0, 174.0 + p as f32 * 11.0, 1.0, color);
    }
}

/// The colour that marks player `p` (0 is 1P) on the select screen.
pub fn player_color(p: usize) -> Color {
    if p == 0 {
        Color::from_rgba(255, 120, 90, 255)
    } else {
        Color::from_rgba(90, 200, 255, 255)
    }
}

/// The descriptions the select screen shows: each pilot a player has highlighted, once, with
/// the players on it, in player order.
pub fn blurbs(cursors: &[usize]) -> Vec<(Vec<usize>, usize)> {
    let mut out: Vec<(Vec<usize>, usize)> = Vec::new();
    for (p, &pilot) in cursors.iter().enumerate() {
        match out.iter_mut().find(|(_, k)| *k == pilot) {
            Some((players, _)) => players.push(p),
            None => out.push((vec![p], pilot)),
        }
    }
    out
}

/// How the melee strike is played, under every pilot's lines.
pub const MELEE_NOTE: [&str; 2] = ["RELEASE A CHARGE UP CLOSE", "FOR A MELEE STRIKE"];

/// The pilot's shot and speed, in a word each of at most five letters (a column's width).
pub(crate) fn traits(c: Character) -> (&'static str, &'static str) {
    match c {
        Character::Vela => ("WIDE", "FAST"),
        Character::Brass => ("HEAVY", "SLOW"),
        Character::Wren => ("SEEK", "MID"),
        Character::Orla => ("LASER", "MID"),
        Character::Rook => ("PODS", "SLOW"),
    }
}

/// The description of the pilot at `i` in [`Character::ALL`], if there is one.
pub(crate) fn c_blurb(i: usize) -> Option<&'static [&'static str]> {
    Character::ALL.get(i).map(|c| blurb(*c))
}

/// What the pilot flies and fires, a line each: at most 26 letters. The playfield holds 28,
/// and a line of 27 touches both its edges.
pub fn blurb(c: Character) -> &'static [&'static str] {
    match c {
        Character::Vela => &[
            "A COURIER ON A FAST GLIDER",
            "CHARGE: GALE BLADES",
            "MELEE: CUTTING GUST",
            "BOMB: SWEEPING WIND STORM",
        ],
        Character::Brass => &[
            "A STEAM ROBOT OF BRASS",
            "CHARGE: STEAM LANCE",
            "MELEE: PISTON PUNCH",
            "BOMB: HEAVY STEAM BLAST",
        ],
        Character::Wren => &[
            "A MAGE AND HER FAMILIAR",
            "CHARGE: FAMILIAR SWARM",
            "MELEE: FAMILIAR'S POUNCE",
            "BOMB: BULLETS TO COINS",
        ],
        Character::Orla => &[
            "A LAMP-LIT ORNITHOPTER",
            "LASER PASSES THROUGH ALL",
            "CHARGE: LENS-FLARE BEAM",
            "MELEE: BLINDING FLASH",
            "BOMB: LIGHTHOUSE SWEEP",
        ],
        Character::Rook => &[
            "A BATHTUB GYROCOPTER",
            "PODS LOCK WHILE FIRE HELD",
            "CHARGE: A SPREAD OF BOLTS",
            "MELEE: SPINNING WRENCH",
            "BOMB: SCRAP BARRAGE",
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_see_both_pilots_descriptions() {
        assert_eq!(blurbs(&[0]), [(vec![0], 0)]);
        assert_eq!(blurbs(&[2, 1]), [(vec![0], 2), (vec![1], 1)]);
        assert_eq!(blurbs(&[1, 1]), [(vec![0, 1], 1)], "one pilot, once");
        for cursors in [[0, 1], [2, 0], [1, 2]] {
            let shown: Vec<usize> = blurbs(&cursors).iter().map(|b| b.1).collect();
            assert_eq!(shown, cursors);
            assert!(shown.iter().all(|&k| c_blurb(k).is_some()));
        }
    }

    #[test]
    fn the_chosen_card_stands_taller_but_its_text_sits_on_the_others_rows() {
        let (chosen, other) = (CardLayout::of(true), CardLayout::of(false));
        assert_eq!(chosen.text_y, other.text_y);
        assert!(chosen.top < other.top && chosen.ship_y < other.ship_y);
        for card in [chosen, other] {
            let last = card.text_y[2] + 8.0;
            assert!(card.top < card.ship_y && last <= card.bottom, "{card:?}");
        }
    }

    #[test]
    fn every_description_line_keeps_clear_of_the_edges() {
        let lines = Character::ALL
            .iter()
            .flat_map(|c| blurb(*c).iter())
            .chain(&MELEE_NOTE);
        for line in lines {
            assert!(line.chars().count() <= 26, "{line}");
        }
    }
}
