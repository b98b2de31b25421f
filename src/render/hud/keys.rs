//! The players' keys in the right-hand panel: each action with its keys, the way the player
//! bound them (a heading per player when two play), wrapped between alternatives to the
//! panel's width and cut at its foot.

use macroquad::prelude::*;

use skysweep::save::keys::{self, Action, KeyBindings};

use super::PanelText;
use crate::render::Renderer;

/// The players' keys from `at` down, cut at `bottom`.
pub(super) fn draw_controls(
    r: &Renderer,
    keys: &[KeyBindings],
    at: Vec2,
    bottom: f32,
    text: PanelText,
) {
    let (text_scale, line) = (text.scale, text.line);
    let (rx, mut ry) = (at.x, at.y);
    let glyph = r.text_width("M", text_scale);
    for l in control_lines(keys, text.columns) {
        // Bindings from a hand-edited file can list many keys: cut the list at the panel's foot
        // rather than draw past it.
        if ry + line > bottom {
            break;
        }
        let label = Color::from_rgba(150, 170, 200, 255);
        let value = Color::from_rgba(200, 210, 230, 255);
        match &l {
            ControlLine::Heading(h) => r.text_shadow(
                h,
                vec2(rx, ry),
                text_scale,
                Color::from_rgba(160, 220, 255, 255),
            ),
            ControlLine::Action { label: name, keys } => {
                r.text_shadow(name, vec2(rx, ry), text_scale, label);
                let x = rx + LABEL_COLUMNS as f32 * glyph;
                r.text_shadow(keys, vec2(x, ry), text_scale, value);
            }
            ControlLine::Keys(k) => {
                let x = rx + KEYS_INDENT as f32 * glyph;
                r.text_shadow(k, vec2(x, ry), text_scale, value);
            }
            ControlLine::Gap => {}
        }
        ry += line;
    }
}

/// Characters given to an action's name before its keys, when both share a line.
const LABEL_COLUMNS: usize = 6;
/// Indent, in characters, of keys on lines of their own below their action.
const KEYS_INDENT: usize = 1;

/// One line of the controls list in the right-hand panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlLine {
    /// Whose keys follow, "1P KEYS" or "2P KEYS"; only when two play.
    Heading(String),
    /// An action, and its keys when they fit beside it (otherwise empty, and [`Keys`] lines
    /// follow).
    ///
    /// [`Keys`]: ControlLine::Keys
    Action {
        label: &'static str,
        keys: String,
    },
    /// Keys on a line of their own under their action.
    Keys(String),
    Gap,
}

#[cfg(test)]
impl ControlLine {
    /// Characters across, indent included.
    fn width(&self) -> usize {
        match self {
            ControlLine::Heading(h) => h.chars().count(),
            ControlLine::Action { label, keys } if keys.is_empty() => label.chars().count(),
            ControlLine::Action { keys, .. } => LABEL_COLUMNS + keys.chars().count(),
            ControlLine::Keys(k) => KEYS_INDENT + k.chars().count(),
            ControlLine::Gap => 0,
        }
    }
}

/// The controls list: for each player in `players` (player 1 first), the keys bound to each
/// action, then the keys everyone shares; every line at most `columns` characters wide.
/// Alternative keys are joined by `/` and wrap between alternatives. Movement shows as one
/// MOVE line when the four directions line up as arrows or four letters (WASD, IJKL), and as
/// UP, DOWN, LEFT and RIGHT lines otherwise.
pub fn control_lines(players: &[KeyBindings], columns: usize) -> Vec<ControlLine> {
    let mut lines = Vec::new();
    for (i, keys) in players.iter().enumerate() {
        if players.len() > 1 {
            lines.push(ControlLine::Heading(format!("{}P KEYS", i + 1)));
        }
        let mut actions: Vec<(&'static str, Vec<String>)> = match move_groups(keys) {
            Some(groups) => vec![("MOVE", groups)],
            None => [Action::Up, Action::Down, Action::Left, Action::Right]
                .iter()
                .map(|a| (a.label(), key_labels(keys.keys(*a))))
                .collect(),
        };
        actions.extend(
            [Action::Shot, Action::Bomb, Action::Focus]
                .iter()
                .map(|a| (a.label(), key_labels(keys.keys(*a)))),
        );
        for (label, alternatives) in actions {
            push_action(&mut lines, label, &alternatives, columns);
        }
        lines.push(ControlLine::Gap);
    }
    // Fixed keys, not rebindable (see `App::global_keys` and the pause handling).
    push_action(&mut lines, "PAUSE", &["ESC".into()], columns);
    push_action(&mut lines, "BOXES", &["F1".into()], columns);
    lines
}

/// `label` with its keys beside it if they fit in `columns`, else below it, wrapped.
fn push_action(lines: &mut Vec<ControlLine>, label: &'static str, keys: &[String], columns: usize) {
    let joined = keys.join("/");
    if LABEL_COLUMNS + joined.chars().count() <= columns {
        lines.push(ControlLine::Action {
            label,
            keys: joined,
        });
        return;
    }
    lines.push(ControlLine::Action {
        label,
        keys: String::new(),
    });
    let width = columns.saturating_sub(KEYS_INDENT).max(1);
    let mut line = String::new();
    for key in keys {
        let mut key: Vec<char> = key.chars().collect();
        // A name wider than the panel is cut into pieces, each on its own line.
        while key.len() > width {
            if !line.is_empty() {
                lines.push(ControlLine::Keys(std::mem::take(&mut line)));
            }
            lines.push(ControlLine::Keys(key.drain(..width).collect()));
        }
        let key: String = key.into_iter().collect();
        if key.is_empty() {
            continue;
        }
        if !line.is_empty() && line.chars().count() + 1 + key.chars().count() > width {
            lines.push(ControlLine::Keys(std::mem::take(&mut line)));
        }
        if !line.is_empty() {
            line.push('/');
        }
        line.push_str(&key);
    }
    if !line.is_empty() {
        lines.push(ControlLine::Keys(line));
    }
}

/// The four directions as groups, one per set of keys: "ARROWS", or four one-character keys
/// in up-left-down-right order ("WASD"). `None` when they do not line up that way.
fn move_groups(keys: &KeyBindings) -> Option<Vec<String>> {
    let dirs = [Action::Up, Action::Left, Action::Down, Action::Right].map(|a| keys.keys(a));
    let n = dirs[0].len();
    if n == 0 || dirs.iter().any(|d| d.len() != n) {
        return None;
    }
    let mut groups: Vec<String> = Vec::new();
    for i in 0..n {
        let names = dirs.map(|d| canonical(&d[i]));
        let group = if names == ["Up", "Left", "Down", "Right"] {
            "ARROWS".to_string()
        } else {
            let labels = names.map(key_label);
            if labels.iter().any(|l| l.chars().count() != 1) {
                return None;
            }
            labels.concat()
        };
        if !groups.contains(&group) {
            groups.push(group);
        }
    }
    Some(groups)
}

/// The short names of `keys` as the panel shows them, each once, in order.
fn key_labels(keys: &[String]) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for k in keys {
        let l = key_label(canonical(k));
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    labels
}

/// A key name as the config file spells it canonically (file names are matched ignoring case).
fn canonical(name: &str) -> &str {
    keys::key_name(name).unwrap_or(name)
}

/// A key's name shortened to fit the narrow panel: both Shift keys are SHIFT, and so on.
fn key_label(name: &str) -> String {
    match name {
        "LeftShift" | "RightShift" => "SHIFT".into(),
        "LeftControl" | "RightControl" => "CTRL".into(),
        "LeftAlt" | "RightAlt" => "ALT".into(),
        "Backspace" => "BKSP".into(),
        "Comma" => ",".into(),
        "Period" => ".".into(),
        "Semicolon" => ";".into(),
        other => other.to_uppercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::hud::REPLAY_MARKER;
    use skysweep::sim::PLAYFIELD;

    fn action(label: &'static str, keys: &str) -> ControlLine {
        ControlLine::Action {
            label,
            keys: keys.into(),
        }
    }

    fn keys_line(k: &str) -> ControlLine {
        ControlLine::Keys(k.into())
    }

    fn defaults() -> [KeyBindings; 2] {
        [KeyBindings::player1(), KeyBindings::player2()]
    }

    #[test]
    fn two_players_see_both_players_keys() {
        // 13 columns: the panel at the default window's scale 3.
        let lines = control_lines(&defaults(), 13);
        assert_eq!(
            lines,
            [
                ControlLine::Heading("1P KEYS".into()),
                action("MOVE", ""),
                keys_line("ARROWS/WASD"),
                action("SHOT", "Z/SPACE"),
                action("BOMB", "X"),
                action("FOCUS", "SHIFT"),
                ControlLine::Gap,
                ControlLine::Heading("2P KEYS".into()),
                action("MOVE", "IJKL"),
                action("SHOT", "U"),
                action("BOMB", "O"),
                action("FOCUS", "H"),
                ControlLine::Gap,
                action("PAUSE", "ESC"),
                action("BOXES", "F1"),
            ]
        );
    }

    #[test]
    fn one_player_sees_only_their_keys_without_a_heading() {
        let lines = control_lines(&defaults()[..1], 13);
        assert!(!lines.iter().any(|l| matches!(l, ControlLine::Heading(_))));
        assert_eq!(lines[0], action("MOVE", ""));
        assert!(!lines.contains(&action("MOVE", "IJKL")));
        assert_eq!(lines.last(), Some(&action("BOXES", "F1")));
    }

    #[test]
    fn the_panel_shows_the_current_bindings() {
        let mut keys = defaults();
        keys[1].shot = vec!["enter".into()];
        keys[1].focus = vec!["RightControl".into(), "LeftControl".into()];
        let lines = control_lines(&keys, 13);
        assert!(lines.contains(&action("SHOT", "ENTER")), "{lines:?}");
        assert!(
            lines.contains(&action("FOCUS", "CTRL")),
            "one CTRL for both"
        );
        assert!(!lines.contains(&action("SHOT", "U")));
        // Directions that no longer line up as four letters are listed one by one.
        keys[1].up = vec!["Up".into()];
        let lines = control_lines(&keys, 13);
        let p2 = &lines[lines.iter().position(|l| *l == ControlLine::Gap).unwrap()..];
        assert!(!p2
            .iter()
            .any(|l| matches!(l, ControlLine::Action { label: "MOVE", .. })));
        for expected in [
            action("UP", "UP"),
            action("DOWN", "K"),
            action("LEFT", "J"),
            action("RIGHT", "L"),
        ] {
            assert!(p2.contains(&expected), "{expected:?} in {p2:?}");
        }
    }

    #[test]
    fn long_key_lists_wrap_between_alternatives() {
        let mut keys = KeyBindings::player2();
        keys.shot = ["Z", "Space", "Enter", "LeftControl", "Backspace"]
            .map(String::from)
            .to_vec();
        let lines = control_lines(&[keys], 9);
        let shot = lines
            .iter()
            .position(|l| *l == action("SHOT", ""))
            .expect("SHOT on its own line");
        assert_eq!(
            lines[shot + 1..shot + 5],
            [
                keys_line("Z/SPACE"),
                keys_line("ENTER"),
                keys_line("CTRL"),
                keys_line("BKSP")
            ]
        );
        assert!(lines.iter().all(|l| l.width() <= 9), "{lines:?}");
    }

    #[test]
    fn both_players_keys_fit_the_panel_at_every_scale() {
        // The shipped font's characters are 8 pixels wide.
        for s in 1..=6 {
            let s = s as f32;
            let text = PanelText::at(s, 8.0);
            // Above the list: the margin, the replay marker and a gap, a stage name of three
            // lines, its time and a gap.
            let top = 8.0 * s + 7.0 * text.line;
            assert!(
                text.columns >= REPLAY_MARKER.len(),
                "scale {s}: the replay marker is wider than the panel"
            );
            for players in 1..=2 {
                let lines = control_lines(&defaults()[..players], text.columns);
                for l in &lines {
                    assert!(l.width() <= text.columns, "scale {s}: {l:?} is too wide");
                }
                let bottom = top + lines.len() as f32 * text.line;
                assert!(
                    bottom <= PLAYFIELD.y * s,
                    "scale {s}, {players} players: {} lines end at {bottom}",
                    lines.len()
                );
            }
        }
    }
}
