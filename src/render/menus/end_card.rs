//! The cards a stage ends on: GAME OVER, and REPLAY ENDED when a played-back recording ends;
//! a big title over the darkened playfield, each player's score and the stage reached.

use macroquad::prelude::*;

use crate::render::{Renderer, TITLE_GOLD};

/// The score lines of an end card: `SCORE n` for one player; for two, one line each labelled
/// as the HUD labels them (`1P n`, `2P n`), since their sum is a score neither of them made.
/// `scores` lists each player's, player 1 first.
fn score_lines(scores: &[u64]) -> Vec<String> {
    match scores {
        [one] => vec![format!("SCORE {one}")],
        _ => scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}P {s}", i + 1))
            .collect(),
    }
}

/// The lines under GAME OVER: the score lines (see [`score_lines`]) and the stage reached.
/// Each fits the playfield's 28 columns for stage names up to 20 characters.
pub fn game_over_lines(scores: &[u64], stage_name: &str) -> Vec<String> {
    let mut lines = score_lines(scores);
    lines.push(format!("REACHED {}", stage_name.to_uppercase()));
    lines
}

/// GAME OVER with each player's final score.
pub fn game_over(r: &Renderer, scores: &[u64], stage_name: &str) {
    let lines = game_over_lines(scores, stage_name);
    let score_rows = lines.len() - 1;
    let rows: Vec<(String, Color)> = lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| (l, if i < score_rows { WHITE } else { LIGHTGRAY }))
        .collect();
    end_card(r, "GAME OVER", Color::from_rgba(255, 90, 70, 255), &rows);
}

/// How a played-back recording came to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayEnd {
    /// The recorded run cleared the stage.
    Cleared,
    /// The recorded players ran out of lives and continues.
    GameOver,
    /// The recording simply stops: its player quit, or its run had a frame limit.
    Stopped,
}

pub const REPLAY_ENDED: &str = "REPLAY ENDED";

/// The lines under [`REPLAY_ENDED`]: the score (one per player when two played, as the HUD
/// keeps them, since a sum would credit neither), stage, how the recorded run ended (when it
/// did more than stop) and the keys that leave. `scores` lists each player's, player 1 first.
/// Each line fits the playfield's 28 columns for stage names up to 20 characters.
/// The lines under REPLAY ENDED. `back_to`: the menu the replay was chosen in (REPLAYS, HIGH
/// SCORES), which a key goes back to; `None` (a replay from the command line): a key quits.
pub fn replay_end_lines(
    scores: &[u64],
    stage_name: &str,
    how: ReplayEnd,
    back_to: Option<&str>,
) -> Vec<String> {
    let mut lines = score_lines(scores);
    lines.push(format!("REACHED {}", stage_name.to_uppercase()));
    match how {
        ReplayEnd::Cleared => lines.push("STAGE CLEARED".into()),
        ReplayEnd::GameOver => lines.push("THE RUN ENDED IN GAME OVER".into()),
        ReplayEnd::Stopped => {}
    }
    lines.push(match back_to {
        Some(menu) => format!("SHOT OR ESC: BACK TO {menu}"),
        None => "SHOT OR ESC TO QUIT".into(),
    });
    lines
}

/// The end of a played-back recording: a replay is watched, not lost, so no GAME OVER here.
pub fn replay_ended(
    r: &Renderer,
    scores: &[u64],
    stage_name: &str,
    how: ReplayEnd,
    back_to: Option<&str>,
) {
    let lines = replay_end_lines(scores, stage_name, how, back_to);
    let score_rows = scores.len().max(1);
    let last = lines.len() - 1;
    let rows: Vec<(String, Color)> = lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let color = match i {
                _ if i < score_rows => WHITE,
                _ if i == last => Color::from_rgba(200, 210, 230, 200),
                _ => LIGHTGRAY,
            };
            (l, color)
        })
        .collect();
    end_card(r, REPLAY_ENDED, TITLE_GOLD, &rows);
}

/// A big title over the darkened playfield with lines of small text under it.
fn end_card(r: &Renderer, title: &str, title_color: Color, lines: &[(String, Color)]) {
    draw_rectangle(0.0, 0.0, 224.0, 320.0, Color::new(0.0, 0.0, 0.0, 0.6));
    r.text_centered(title, 112.0, 120.0, 2.0, title_color);
    for (i, (line, color)) in lines.iter().enumerate() {
        r.text_centered(line, 112.0, 150.0 + i as f32 * 14.0, 1.0, *color);
    }
}

#[cfg(test)]
mod tests {
    use super::{game_over_lines, replay_end_lines, ReplayEnd, REPLAY_ENDED};

    #[test]
    fn a_two_player_game_over_shows_each_players_score_not_their_sum() {
        let lines = game_over_lines(&[12_340, 5_670], "Meadowvale");
        assert_eq!(lines, ["1P 12340", "2P 5670", "REACHED MEADOWVALE"]);
        assert!(lines.iter().all(|l| !l.contains("18010")), "no sum");
        // One player keeps the card it always had.
        assert_eq!(
            game_over_lines(&[18_010], "Meadowvale"),
            ["SCORE 18010", "REACHED MEADOWVALE"]
        );
        for scores in [&[u64::MAX][..], &[u64::MAX, u64::MAX]] {
            for l in game_over_lines(scores, "Saltmarsh Harbour 2") {
                // 224 playfield pixels in 8-pixel glyphs.
                assert!(l.chars().count() <= 28, "{l:?} is wider than the playfield");
            }
        }
    }

    #[test]
    fn a_replay_ends_on_its_own_card_with_score_and_a_way_out() {
        assert_eq!(REPLAY_ENDED, "REPLAY ENDED");
        let stopped = replay_end_lines(&[12_340], "Meadowvale", ReplayEnd::Stopped, None);
        assert_eq!(
            stopped,
            ["SCORE 12340", "REACHED MEADOWVALE", "SHOT OR ESC TO QUIT"]
        );
        // Only a recorded run that really was lost says so.
        assert!(stopped.iter().all(|l| !l.contains("GAME OVER")));
        let lost = replay_end_lines(&[5], "Meadowvale", ReplayEnd::GameOver, None);
        assert!(
            lost.contains(&"THE RUN ENDED IN GAME OVER".to_string()),
            "{lost:?}"
        );
        let cleared = replay_end_lines(&[5], "Meadowvale", ReplayEnd::Cleared, None);
        assert!(
            cleared.contains(&"STAGE CLEARED".to_string()),
            "{cleared:?}"
        );
        // A replay from the REPLAYS menu goes back there, and says so.
        let from_menu = replay_end_lines(&[5], "Meadowvale", ReplayEnd::Stopped, Some("REPLAYS"));
        assert_eq!(
            from_menu.last().map(String::as_str),
            Some("SHOT OR ESC: BACK TO REPLAYS")
        );
        for how in [ReplayEnd::Cleared, ReplayEnd::GameOver, ReplayEnd::Stopped] {
            for scores in [&[u64::MAX][..], &[u64::MAX, u64::MAX]] {
                let lines = replay_end_lines(scores, "Saltmarsh Harbour 2", how, None);
                assert_eq!(
                    lines.last().map(String::as_str),
                    Some("SHOT OR ESC TO QUIT")
                );
                for l in &lines {
                    // 224 playfield pixels in 8-pixel glyphs.
                    assert!(l.chars().count() <= 28, "{l:?} is wider than the playfield");
                }
            }
        }
    }

    #[test]
    fn a_two_player_replay_ends_with_each_players_score_not_their_sum() {
        let lines = replay_end_lines(&[12_340, 5_670], "Meadowvale", ReplayEnd::Cleared, None);
        assert_eq!(
            lines,
            [
                "1P 12340",
                "2P 5670",
                "REACHED MEADOWVALE",
                "STAGE CLEARED",
                "SHOT OR ESC TO QUIT"
            ]
        );
        assert!(lines.iter().all(|l| !l.contains("18010")), "no sum");
        // One player keeps the plain SCORE line.
        assert_eq!(
            replay_end_lines(&[18_010], "Meadowvale", ReplayEnd::Stopped, None)[0],
            "SCORE 18010"
        );
    }
}
