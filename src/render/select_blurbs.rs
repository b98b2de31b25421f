//! Which pilot descriptions the select screen shows, and each player's colour there.

use macroquad::prelude::*;

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
}
