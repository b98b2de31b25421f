//! Title, character select, pause, game-over and end-of-replay screens, drawn in playfield
//! space.

use macroquad::prelude::*;

use skysweep::sim::Character;

use super::{outline, select_blurbs, Renderer, SpriteParams};

use super::select_blurbs::traits;

mod attacks;
mod difficulty;
mod list;
mod scores;
pub(crate) use super::select_blurbs::{blurb, c_blurb, MELEE_NOTE};
pub use attacks::{attacks, AttackLine};
pub use difficulty::difficulty;
#[cfg(test)]
pub use list::footer_lines;
pub use list::{key_list, list, list_with_looks, rows_above_hint, unbroken, RowLook};
pub use scores::{scores, ScoreRow};

pub const TITLE_GOLD: Color = Color::new(1.0, 0.85, 0.35, 1.0);

/// The title screen with its menu; `cursor` is the highlighted entry.
pub fn title(r: &mut Renderer, items: &[String], cursor: usize, anim: u64, footer: &str) {
    if let Some(bg) = r.assets.texture("backgrounds/title.png") {
        draw_texture(&bg, 0.0, 0.0, WHITE);
    } else {
        clear_background(Color::from_rgba(30, 60, 110, 255));
    }
    if let Some(logo) = r.assets.texture("backgrounds/logo.png") {
        let bob = ((anim as f32) / 30.0).sin() * 2.0;
        draw_texture(
            &logo,
            ((224.0 - logo.width()) * 0.5).round(),
            (48.0 + bob).round(),
            WHITE,
        );
    } else {
        r.text_centered("SKYSWEEP", 112.0, 60.0, 3.0, TITLE_GOLD);
    }
    draw_rectangle(
        44.0,
        150.0,
        136.0,
        16.0 + items.len() as f32 * 14.0,
        Color::new(0.0, 0.0, 0.15, 0.55),
    );
    for (i, item) in items.iter().enumerate() {
        let y = 158.0 + i as f32 * 14.0;
        let selected = i == cursor;
        let color = if selected {
            TITLE_GOLD
        } else {
            Color::from_rgba(220, 230, 255, 255)
        };
        r.text_centered(item, 112.0, y, 1.0, color);
        if selected && (anim / 15).is_multiple_of(2) {
            r.text(">", vec2(52.0, y), 1.0, TITLE_GOLD);
        }
    }
    r.text_centered(
        footer,
        112.0,
        304.0,
        1.0,
        Color::from_rgba(200, 210, 230, 200),
    );
}

/// Pilot select: the five pilots side by side, each player's cursor on one, with the
/// portrait and the weapons of the pilot player 1 (and player 2) is on.
pub fn select(
    r: &mut Renderer,
    cursors: &[usize],
    ready: &[bool],
    anim: u64,
    dps: Option<&skysweep::headless::dps::Table>,
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
        let lift = if chosen_by.is_empty() { 0.0 } else { -3.0 };
        let (top, h) = (28.0 + lift, 84.0);
        draw_rectangle(
            x - 21.0,
            top,
            42.0,
            h,
            Color::new(0.0, 0.0, 0.1, if chosen_by.is_empty() { 0.4 } else { 0.7 }),
        );
        let bob = ((anim as f32) / 12.0 + i as f32).sin() * 2.0;
        let frame = super::pilots::ship_frame(*c, 0.0, anim);
        r.sprite(
            &format!("ship_{}", c.key()),
            frame,
            vec2(x, 50.0 + lift + bob),
            SpriteParams::default(),
        );
        r.text_centered(&c.name().to_uppercase(), x, 74.0 + lift, 1.0, WHITE);
        let (shot, speed) = traits(*c);
        let blue = Color::from_rgba(160, 220, 255, 255);
        r.text_centered(shot, x, 86.0 + lift, 1.0, blue);
        let grey = Color::from_rgba(200, 200, 200, 255);
        r.text_centered(speed, x, 98.0 + lift, 1.0, grey);
        for p in chosen_by {
            let col = select_blurbs::player_color(p);
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
            super::pilots::portrait_sprite(c),
            0,
            vec2(x, 170.0),
            SpriteParams::default(),
        );
        outline(
            vec2(x - 25.0, 145.0),
            vec2(50.0, 50.0),
            select_blurbs::player_color(p),
        );
    }
    draw_damage(r, cursors, dps);
    // One description per pilot chosen, player 1's first; with two players each begins in
    // its player's colour, a pilot both chose is described once, and the lines close up so
    // both fit (each names its melee, so the general note gives way).
    let two = cursors.len() > 1;
    let (mut y, step) = if two { (200.0, 9.0) } else { (206.0, 11.0) };
    let chosen = select_blurbs::blurbs(cursors);
    for (players, pilot) in &chosen {
        let Some(c) = Character::ALL.get(*pilot) else {
            continue;
        };
        for (i, l) in blurb(*c).iter().enumerate() {
            let color = match players.first() {
                Some(&p) if i == 0 && two => select_blurbs::player_color(p),
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
/// `skysweep::headless::dps`) at power 1 and 4; MEASURING until it is measured.
fn draw_damage(r: &Renderer, cursors: &[usize], dps: Option<&skysweep::headless::dps::Table>) {
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
        let color = select_blurbs::player_color(p);
        r.text_centered(&line, 112.0, 174.0 + p as f32 * 11.0, 1.0, color);
    }
}

/// The pause menu over the frozen stage.
pub fn pause(r: &Renderer, items: &[&str], cursor: usize) {
    draw_rectangle(0.0, 0.0, 224.0, 320.0, Color::new(0.0, 0.0, 0.05, 0.55));
    r.text_centered("PAUSED", 112.0, 110.0, 2.0, TITLE_GOLD);
    for (i, item) in items.iter().enumerate() {
        let color = if i == cursor { TITLE_GOLD } else { WHITE };
        r.text_centered(item, 112.0, 140.0 + i as f32 * 14.0, 1.0, color);
    }
}

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

/// Splits text into lines of at most `width` characters, breaking at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for word in para.split(' ') {
            let mut word = word.to_string();
            while word.chars().count() > width {
                let head: String = word.chars().take(width).collect();
                word = word.chars().skip(width).collect();
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                lines.push(head);
            }
            if line.chars().count() + word.chars().count() + 1 > width && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines.truncate(20);
    lines
}

/// A reason about a file, said beside that file's own row: every word that is a path (it holds a
/// `/` or `\\`) is left out, as the row already names the file, but for the place in the file
/// fastened to it (`NAME:3:5:` reads `LINE 3, COLUMN 5:`) when `with_place`. The rest reads in
/// capitals, as the menus do; a path in capitals would name another file on a system whose
/// names keep their case.
pub fn reason_beside_its_file(why: &str, with_place: bool) -> String {
    let words: Vec<String> = why
        .split_whitespace()
        .filter_map(|w| match w.rsplit(['/', '\\']).next() {
            Some(name) if name.len() < w.len() => place_in(name).filter(|_| with_place),
            _ => Some(w.to_string()),
        })
        .collect();
    let text = words.join(" ").to_uppercase();
    text.trim_start_matches([':', ' ']).to_string()
}

/// `line 3, column 5:` for a path's last part written `NAME:3:5:`; nothing when it names no
/// place in the file.
fn place_in(name: &str) -> Option<String> {
    let mut parts = name.split(':').skip(1);
    let line = digits(parts.next())?;
    let column = digits(parts.next())?;
    Some(format!("line {line}, column {column}:"))
}

/// `part` when it is a whole number.
fn digits(part: Option<&str>) -> Option<&str> {
    part.filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `text` in the menus' capitals, but for its paths (words holding a `/` or `\\`), which keep
/// their case: a file's name in capitals may name another file.
pub fn capitals_but_paths(text: &str) -> String {
    text.split(' ')
        .map(|w| {
            if w.contains('/') || w.contains('\\') {
                w.to_string()
            } else {
                w.to_uppercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` on one line of at most `columns` characters: cut after the last whole word that fits,
/// with `...` to say so.
pub fn one_line(text: &str, columns: usize) -> String {
    if text.chars().count() <= columns {
        return text.to_string();
    }
    let room = columns.saturating_sub(3);
    let head: String = text.chars().take(room + 1).collect();
    let cut = match head.rfind(' ') {
        Some(i) if i > 0 => &head[..i],
        _ => &head[..head.char_indices().nth(room).map_or(head.len(), |(i, _)| i)],
    };
    format!("{}...", cut.trim_end_matches([' ', ',', ':', ';']))
}

/// Characters of the line under a high score's name that fit in the playfield.
pub const SCORE_SUBTITLE_CHARS: usize = 24;

/// Name entry for a new high score.
pub fn name_entry(
    r: &mut Renderer,
    player: usize,
    score: u64,
    rank: usize,
    name: &[char],
    pos: usize,
    anim: u64,
) {
    clear_background(Color::from_rgba(16, 20, 44, 255));
    r.text_centered("NEW RECORD!", 112.0, 60.0, 2.0, TITLE_GOLD);
    r.text_centered(
        &format!("PLAYER {}  RANK {}", player + 1, rank + 1),
        112.0,
        90.0,
        1.0,
        WHITE,
    );
    r.text_centered(&format!("{score}"), 112.0, 106.0, 2.0, WHITE);
    for (i, c) in name.iter().enumerate() {
        let x = 88.0 + i as f32 * 24.0;
        let lit = i == pos && (anim / 10).is_multiple_of(2);
        r.text(
            &c.to_string(),
            vec2(x, 150.0),
            3.0,
            if lit { TITLE_GOLD } else { WHITE },
        );
        draw_rectangle(
            x,
            176.0,
            18.0,
            2.0,
            if i == pos { TITLE_GOLD } else { GRAY },
        );
    }
    for (i, l) in [
        "TYPE YOUR NAME, OR",
        "UP/DOWN PICK A LETTER",
        "LEFT/RIGHT MOVE",
        "ENTER TO FINISH",
    ]
    .iter()
    .enumerate()
    {
        r.text_centered(
            l,
            112.0,
            210.0 + i as f32 * 12.0,
            1.0,
            Color::from_rgba(170, 180, 210, 255),
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_reason_beside_its_file_leaves_the_path_out_and_fits_a_line() {
        let why = "/tmp/pt/d10/score_replays/1_Normal_900.ron:3:5: Expected float (a damaged file)";
        let said = super::reason_beside_its_file(why, true);
        assert_eq!(said, "LINE 3, COLUMN 5: EXPECTED FLOAT (A DAMAGED FILE)");
        let short = super::reason_beside_its_file(why, false);
        assert_eq!(short, "EXPECTED FLOAT (A DAMAGED FILE)");
        assert_eq!(super::one_line(&short, 26), "EXPECTED FLOAT (A...");
        assert_eq!(
            super::one_line("DESYNCED AT STAGE 1, 0:10", 26),
            "DESYNCED AT STAGE 1, 0:10"
        );
        assert_eq!(super::one_line(&"X".repeat(40), 26).chars().count(), 26);
        let windows = super::reason_beside_its_file("cannot read C:\\r\\a.ron: denied", true);
        assert_eq!(windows, "CANNOT READ DENIED");
        assert_eq!(
            super::capitals_but_paths("a stage file changed: levels/Stage2.ron"),
            "A STAGE FILE CHANGED: levels/Stage2.ron"
        );
    }

    use super::{game_over_lines, replay_end_lines, wrap, ReplayEnd, REPLAY_ENDED};
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

    #[test]
    fn wrap_breaks_long_lines_and_words() {
        let lines = wrap(
            "levels/stage1.ron:12:5: unknown enemy \"tnak\"; did you mean \"tank\"?",
            20,
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(
            lines.concat().replace(' ', ""),
            "levels/stage1.ron:12:5:unknownenemy\"tnak\";didyoumean\"tank\"?"
        );
    }
}
