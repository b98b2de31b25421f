//! Which pilot descriptions the select screen shows, and each player's colour there.

use macroquad::prelude::*;
use skysweep::sim::Character;

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
    use crate::render::menus::c_blurb;

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
