//! An event left without its closing `)`: ron reads on into the next event and stops there,
//! at the next event's name (`unknown field `Spawn` in Spawn`, or a missing comma before it),
//! one line below the mistake. This spots that case and points at where the `)` belongs.

use std::ops::Range;

/// When ron's error at byte `offset` of `text` is an event kind's name followed by `(`, met
/// where a field name or a comma should be (`kinds` are the event kinds' names): the place
/// where the event before it ends (its last character before the blanks and comments), and
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
    let end = end_of_code_before(text, offset)?;
    let (line, _) = super::diag::line_col(text, offset);
    Some((
        end..end + 1,
        format!(
            "missing `)` at the end of this event? It is not closed before the `{word}(` on \
             line {line}, which was read as part of it"
        ),
    ))
}

/// The offset of the last character of code before `offset`: blanks and `//` comments on
/// the lines before are passed over. `None` when there is none.
fn end_of_code_before(text: &str, offset: usize) -> Option<usize> {
    let mut upto = offset.min(text.len());
    loop {
        let before = text.get(..upto)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        // The code of this line: up to a comment (a `//` inside a string is rare enough in
        // a line that ends an event not to matter here).
        let line = &before[line_start..];
        let code = line.find("//").map_or(line, |c| &line[..c]);
        let trimmed = code.trim_end();
        if let Some(last) = trimmed.char_indices().last() {
            return Some(line_start + last.0);
        }
        if line_start == 0 {
            return None;
        }
        upto = line_start - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(super::super::diag::line_col(text, span.start).0, 2);
        assert!(
            msg.contains("missing `)`") && msg.contains("line 5"),
            "{msg}"
        );
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
        assert!(end_of_code_before("  // only\n", 10).is_none());
    }
}
