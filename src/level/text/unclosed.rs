//! An event left without its closing `)`: ron reads on into the next event and stops there,
//! at the next event's name (`unknown field `Spawn` in Spawn`, or a missing comma before it),
//! one line below the mistake. This spots that case and points at where the `)` belongs.

use std::ops::Range;

/// When ron's error at byte `offset` of `text` is an event kind's name followed by `(`, met
/// where a field name or a comma should be (`kinds` are the event kinds' names): the place
/// where the event before it ends (its last character of code), and
/// the message saying a `)` is probably missing there.
pub(super) fn hint(
    code: &ron::Error,
    text: &str,
    offset: usize,
    kinds: &[&str],
) -> Option<(Range<usize>, String)> {
    use ron::Error as E;
    let rest = text.get(offset..)?;
    let word_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let word = &rest[..word_len];
    if !kinds.contains(&word) || !rest[word_len..].trim_start().starts_with('(') {
        return None;
    }
    let read_as_a_field =
        matches!(code, E::NoSuchStructField { found, .. } if found.as_str() == word);
    if !(read_as_a_field || matches!(code, E::ExpectedComma)) {
        return None;
    }
    let end = super::locate::last_code_char_before(text, offset)?;
    let (line, _) = super::source::line_col(text, offset);
    Some((
        end..end + 1,
        format!(
            "missing `)` at the end of this event? It is not closed before the `{word}(` on \
             line {line}, which was read as part of it"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::assert_says;

    const KINDS: &[&str] = &["Spawn", "Boss"];

    fn field_error(found: &str) -> ron::Error {
        ron::Error::NoSuchStructField {
            expected: &["at"],
            found: found.into(),
            outer: None,
        }
    }

    #[test]
    fn points_at_the_end_of_the_event_before_past_blanks_and_comments() {
        let text = "a: [\n  Spawn(at: 1, x: 4,   // left\n\n  // next\n  Spawn(at: 2)\n]";
        let at = text.find("Spawn(at: 2").unwrap();
        let (span, msg) = hint(&field_error("Spawn"), text, at, KINDS).unwrap();
        assert_eq!(&text[span.clone()], ",");
        assert_eq!(super::super::source::line_col(text, span.start).0, 2);
        assert_says(&msg, &["missing `)`", "line 5"]);
    }

    #[test]
    fn passes_over_block_comments_and_slashes_inside_strings() {
        let text = "a: [\n  Spawn(at: 1, name: \"a//b\")\n  /* two\n lines */\n  Spawn(at: 2)\n]";
        let at = text.rfind("Spawn").unwrap();
        let (span, _) = hint(&ron::Error::ExpectedComma, text, at, KINDS).unwrap();
        assert_eq!(&text[span.clone()], ")");
        assert_eq!(super::super::source::line_col(text, span.start).0, 2);
    }

    #[test]
    fn leaves_other_errors_alone() {
        let text = "a: [\n  Spawn(at: 1,\n  spawn(at: 2)\n]";
        let at = text.find("spawn(").unwrap();
        assert!(
            hint(&field_error("spawn"), text, at, KINDS).is_none(),
            "not a kind"
        );
        let text = "a: (\n  x: 1,\n  Spawn: 2\n)";
        let at = text.find("Spawn").unwrap();
        assert!(
            hint(&field_error("Spawn"), text, at, KINDS).is_none(),
            "no `(`"
        );
        assert!(hint(&ron::Error::Eof, text, at, KINDS).is_none());
        assert!(super::super::locate::last_code_char_before("  // only\n", 10).is_none());
    }
}
