//! A comma left out between two entries of a list or a map (two events, two patterns): ron
//! reads the first entry whole, then stops at the next one's first token, often a line below.
//! This names the comma and points right after the entry that needs it.
//!
//! Only a missing comma between entries of a `[...]` or `{...}` is said here; an event left
//! without its `)` is inside a `(...)` when ron stops, and is `unclosed`'s to tell.

use std::ops::Range;

use super::locate::{code_tokens, last_code_char_before};
use super::source::line_col;

/// When ron's error at byte `offset` of `text` is a missing comma between two entries of a
/// list or a map: the place right after the entry before it (where the `,` belongs), and the
/// message naming the comma and the entry that follows. `kinds` are the event kinds' names,
/// so an entry followed by one is called an event.
pub(super) fn hint(
    code: &ron::Error,
    text: &str,
    offset: usize,
    kinds: &[&str],
) -> Option<(Range<usize>, String)> {
    if !matches!(code, ron::Error::ExpectedComma) || !follows_closed_entry(text, offset) {
        return None;
    }
    let last = last_code_char_before(text, offset)?;
    let after = last + text[last..].chars().next()?.len_utf8();
    let rest = &text[offset..];
    let word_len = rest
        .find(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | ':'))
        .unwrap_or(rest.len());
    let word = &rest[..word_len];
    let event = kinds.contains(&word) && rest[word_len..].trim_start().starts_with('(');
    let (what, next) = if event {
        ("event", format!("`{word}(`"))
    } else {
        ("entry", format!("`{word}`"))
    };
    let (line, _) = line_col(text, offset);
    Some((
        after..after,
        format!(
            "missing comma `,` after this {what}: the next one, {next} on line {line}, \
             follows it without one"
        ),
    ))
}

/// Whether byte `offset` of `text` starts an entry directly inside a list or a map, not
/// inside a `(...)`: the innermost bracket open before it is a `[` or a `{`, and no closing
/// bracket stands there.
pub(super) fn follows_closed_entry(text: &str, offset: usize) -> bool {
    let starts_entry = text
        .get(offset..)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| !(c.is_whitespace() || matches!(c, ')' | ']' | '}')));
    if !starts_entry {
        return false;
    }
    let mut open: Vec<u8> = Vec::new();
    for (at, byte) in code_tokens(text) {
        if at >= offset {
            break;
        }
        match byte {
            b'(' | b'[' | b'{' => open.push(byte),
            b')' | b']' | b'}' => {
                open.pop();
            }
            _ => {}
        }
    }
    matches!(open.last(), Some(b'[' | b'{'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::assert_says;

    const KINDS: &[&str] = &["Spawn", "Boss"];

    #[test]
    fn points_right_after_the_entry_before_past_blanks_and_comments() {
        let text = "a: [\n  Spawn(at: 1)  // one\n\n  Spawn(at: 2)\n]";
        let at = text.rfind("Spawn").unwrap();
        let (span, msg) = hint(&ron::Error::ExpectedComma, text, at, KINDS).unwrap();
        assert_eq!(span.start, text.find(')').unwrap() + 1);
        assert!(span.is_empty());
        assert_says(
            &msg,
            &["missing comma `,` after this event", "`Spawn(` on line 4"],
        );
    }

    #[test]
    fn names_a_map_entry_by_its_key() {
        let text = "p: {\n  \"a\": (n: 1)\n  \"b\": (n: 2),\n}";
        let at = text.find("\"b\"").unwrap();
        let (span, msg) = hint(&ron::Error::ExpectedComma, text, at, KINDS).unwrap();
        assert_eq!(span.start, text.find(')').unwrap() + 1);
        assert_says(&msg, &["after this entry", "`\"b\"` on line 3"]);
    }

    #[test]
    fn leaves_an_open_parenthesis_and_other_errors_alone() {
        let text = "a: [\n  Spawn(at: 1\n  Spawn(at: 2)\n]";
        let at = text.rfind("Spawn").unwrap();
        assert!(hint(&ron::Error::ExpectedComma, text, at, KINDS).is_none());
        let text = "a: [\n  Spawn(at: 1)\n  Spawn(at: 2)\n]";
        let at = text.rfind("Spawn").unwrap();
        assert!(hint(&ron::Error::Eof, text, at, KINDS).is_none());
    }
}
