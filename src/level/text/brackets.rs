//! A bracket left open anywhere in a level file: in an enemy's or a boss's definition, a
//! phase, a weapon, a path, a wave or a section. ron reads on past the place the `)` belonged
//! and stops somewhere after it (at the next definition's name, at a `]`, at the end of the
//! file) with a message about what it found there. This reads the brackets and the
//! indentation again to find the item left open, and points where its `)` belongs.
//!
//! A line that starts at or left of the line an item opened on, while the item is still open,
//! is the first sign: a multi-line item's own lines sit further right, and the next item
//! starts where it did. Files whose brackets all match are never second-guessed.

use std::ops::Range;

use super::locate::{code_tokens, item_names, last_code_char_before, place_at};
use super::source::line_col;

/// An open bracket while the text is read.
#[derive(Clone, Debug)]
struct Open {
    /// Where the bracket is.
    at: usize,
    close: u8,
    /// Indentation of the line it opens on.
    indent: usize,
    /// More code follows it on its own line (`Spawn(at: 1,`), rather than ending it.
    inline: bool,
    /// Indentation of the first line that started inside it, once one has.
    first_line: Option<usize>,
}

/// Where the unclosed item was found out: the item, and the byte where its closing bracket
/// belongs (the last code before what gave it away).
struct Found {
    open: Open,
    belongs: usize,
    /// What gave it away: a line's first token, a wrong closing bracket, or the end.
    seen: Seen,
}

enum Seen {
    Line(usize),
    Closer(usize),
    End,
}

fn closer_of(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

/// The indentation of the line holding byte `at`: its leading blanks, a tab counting one.
fn indent_at(text: &str, at: usize) -> usize {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[start..at]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .count()
}

/// True when every bracket of `toks` is closed by its own kind, in order.
fn balanced(toks: &[(usize, u8)]) -> bool {
    let mut stack = Vec::new();
    for &(_, c) in toks {
        match c {
            b'(' | b'[' | b'{' => stack.push(closer_of(c)),
            b')' | b']' | b'}' if stack.pop() != Some(c) => return false,
            _ => {}
        }
    }
    stack.is_empty()
}

/// Reads `text`'s brackets and lines for the first sign of an item left open.
fn first_sign(text: &str, toks: &[(usize, u8)]) -> Option<Found> {
    // Line starts, once: a token's line is then a binary search, not a walk of the text.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |at: usize| starts.partition_point(|&s| s <= at);
    let mut stack: Vec<Open> = Vec::new();
    for (i, &(at, c)) in toks.iter().enumerate() {
        let first_on_line = i == 0 || line_of(toks[i - 1].0) < line_of(at);
        if first_on_line && !b")]},".contains(&c) {
            let indent = indent_at(text, at);
            let mut left = None;
            // The root is often written flat (`Stage(` and its fields at the margin).
            for (depth, o) in stack.iter_mut().enumerate().skip(1) {
                let went_left = match o.first_line {
                    None => {
                        o.first_line = Some(indent);
                        o.inline && indent <= o.indent
                    }
                    Some(first) => first > o.indent && indent <= o.indent,
                };
                if went_left && left.is_none() {
                    left = Some(depth);
                }
            }
            if let Some(depth) = left {
                return Some(Found {
                    open: stack[depth].clone(),
                    belongs: last_code_char_before(text, at)?,
                    seen: Seen::Line(at),
                });
            }
        }
        match c {
            b'(' | b'[' | b'{' => {
                let inline = toks.get(i + 1).is_some_and(|n| line_of(n.0) == line_of(at));
                stack.push(Open {
                    at,
                    close: closer_of(c),
                    indent: indent_at(text, at),
                    inline,
                    first_line: None,
                });
            }
            b')' | b']' | b'}' => {
                let top = stack.pop()?;
                // A closer starting its line left of where an item on one line began, in
                // line with a block of its kind below it, closes the block: the item was
                // left open (`sky: (64, 120, 72,` then `),` for `background: (`).
                let block_below = stack
                    .last()
                    .is_some_and(|o| o.close == c && !o.inline && o.indent == indent_at(text, at));
                let item_above = top.inline && line_of(top.at) < line_of(at);
                if top.close == c
                    && first_on_line
                    && item_above
                    && block_below
                    && indent_at(text, at) < top.indent
                {
                    return Some(Found {
                        belongs: last_code_char_before(text, at)?,
                        open: top,
                        seen: Seen::Closer(at),
                    });
                }
                if top.close == c {
                    continue;
                }
                // `[(0, 0]`: the `]` closes what holds the item, so the item is the one
                // left open, unless the closer sits further right than the item began (a
                // stray closer, or an opener deleted, which ron's own message fits better).
                let holder_closes = stack.last().is_some_and(|o| o.close == c);
                if !holder_closes || indent_at(text, at) > top.indent {
                    return None;
                }
                // A block's closer (the opener ended its line) would start a line of its own:
                // before the closer starting this one. An item on one line ends on that line.
                // (A lone `,` left where the closer was, `    ],` without its `]`, is that place.)
                let before = last_code_char_before(text, at)?;
                let lone_comma = text.as_bytes()[before] == b','
                    && i >= 2
                    && line_of(toks[i - 2].0) < line_of(before);
                let belongs = match (first_on_line && !top.inline, lone_comma) {
                    (true, true) | (false, _) => before,
                    (true, false) => at,
                };
                return Some(Found {
                    belongs,
                    open: top,
                    seen: Seen::Closer(at),
                });
            }
            _ => {}
        }
    }
    let open = stack.pop()?;
    Some(Found {
        belongs: last_code_char_before(text, text.len())?,
        open,
        seen: Seen::End,
    })
}

/// What the item opened at byte `at` is, in an author's words: `enemy "tank", weapon 2
/// (`(`)`, `wave "pair", event 3 (`Spawn(`)`.
fn item_name(text: &str, at: usize) -> String {
    let parts = item_names(&place_at(text, at).path, true);
    // The name before a `(`, when there is one: `Spawn(`, `Waypoints(`, `Section(`.
    let before = text[..at].trim_end();
    let name_start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let name = &before[name_start..];
    let opener = &text[at..at + 1];
    let written = if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        format!("`{name}{opener}`")
    } else {
        format!("`{opener}`")
    };
    if parts.is_empty() {
        format!("the {written} on line {}", line_col(text, at).0)
    } else {
        format!(
            "{}, the {written} on line {}",
            parts.join(", "),
            line_col(text, at).0
        )
    }
}

/// The first word of code at byte `at`, to quote.
fn word_at(text: &str, at: usize) -> String {
    let rest = &text[at..];
    let end = rest
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c.is_whitespace() || ",()[]{}:".contains(c))
        .map_or(rest.len(), |(i, _)| i);
    rest[..end.min(40)].to_string()
}

/// When ron's error at byte `ron_at` of `text` comes from a bracket left open: where its
/// closing bracket belongs (the last character of code before it) and the message naming the
/// item and where it was found out. `None` when the brackets match, or the first sign of one
/// left open lies past ron's error (another mistake came first).
pub(super) fn hint(text: &str, ron_at: usize) -> Option<(Range<usize>, String)> {
    let toks = code_tokens(text);
    if balanced(&toks) {
        return None;
    }
    let found = first_sign(text, &toks)?;
    let open = &found.open;
    // ron stumbles somewhere inside the item left open (often on a later field read as the
    // item's own: `Straight(speed: 22, explosion: 1,`); an error before it opened is another
    // mistake.
    // A file that ends with items open is said to, wherever ron says it stumbled.
    let caused = ron_at > open.at || matches!(found.seen, Seen::End);
    if !caused {
        return None;
    }
    // ron stumbling inside the open item, before the sign found here, is the nearer place:
    // the first thing read as the item's own that is not (`["a", "b", weapons: [`).
    let belongs = match last_code_char_before(text, ron_at) {
        Some(before)
            if ron_at < found.belongs
                && before > open.at
                && line_col(text, ron_at).0 == line_col(text, open.at).0 =>
        {
            before
        }
        _ => found.belongs,
    };
    let close = open.close as char;
    let item = item_name(text, open.at);
    let message = match found.seen {
        Seen::Line(at) => format!(
            "missing `{close}` at the end of {item}? It is not closed before `{}` on line {}, \
             which was read as part of it",
            word_at(text, at),
            line_col(text, at).0
        ),
        Seen::Closer(at) => format!(
            "missing `{close}` at the end of {item}? It is not closed before the `{}` on \
             line {}",
            &text[at..at + 1],
            line_col(text, at).0
        ),
        Seen::End => format!(
            "the file ends inside {item}: `{close}` missing (was the file cut short, or a \
             closing bracket left out?)"
        ),
    };
    Some((belongs..belongs + 1, message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::assert_says;

    fn hint_of(text: &str) -> Option<(usize, String)> {
        hint(text, text.len()).map(|(span, msg)| (line_col(text, span.start).0, msg))
    }

    /// Asserts that the hint for `text` points at `line` and says each of `says`.
    #[track_caller]
    fn assert_hint(text: &str, line: usize, says: &[&str]) {
        let (at, msg) = hint_of(text).expect("a hint");
        assert_eq!(at, line, "{msg}");
        assert_says(&msg, says);
    }

    #[test]
    fn a_definition_left_open_is_found_at_its_last_line() {
        let text =
            "Defs(\n  enemies: {\n    \"a\": (\n      hp: 3,\n    ,\n    \"b\": (hp: 1),\n  },\n)";
        assert_hint(text, 5, &["enemy \"a\"", "line 6"]);
    }

    #[test]
    fn a_point_left_open_in_a_list_is_found_at_the_list_end() {
        let text = "Stage(\n  p: Waypoints(points: [(0, 0), (1, 1]),\n)";
        assert_hint(text, 2, &["missing `)`", "point 2"]);
    }

    #[test]
    fn a_cut_file_names_the_innermost_item() {
        let text = "Stage(\n  events: [\n    Spawn(at: 1,";
        assert_hint(text, 3, &["event 1", "`Spawn(`"]);
    }

    #[test]
    fn matched_files_flat_roots_and_earlier_errors_are_left_alone() {
        assert!(hint_of("Stage(\nname: \"a\",\nevents: [\nSpawn(at: 1),\n],\n)").is_none());
        let text = "Stage(\n  name: 3,\n  events: [\n    Spawn(at: 1,\n    Spawn(at: 2),\n  ],\n)";
        let ron_at = text.find('3').unwrap();
        assert!(hint(text, ron_at).is_none(), "ron's error came first");
        // A stray `)` further right than the list began: not a `[` left open.
        let text = "Stage(\n  events: [\n    Spawn at: 1),\n  ],\n)";
        assert!(hint_of(text).is_none());
    }
}
