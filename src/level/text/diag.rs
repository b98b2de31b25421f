//! Diagnostics for level authors: every message names the file, line and column, carries the
//! offending source line (so it can be shown with a caret under the column, see [`report`]),
//! and, for a likely typo, the name it probably meant.
//!
//! [`report`]: super::report

use std::fmt;
use std::ops::Range;

use serde::Serialize;

use super::source::Source;
// Positions in a text are part of a diagnostic's vocabulary: callers outside `level` name them
// from here.
pub use super::source::{line_col, offset_of_line_col};

/// How bad a problem is. Every problem the loader finds today is an error (the level does not
/// load); the JSON format names the severity so tools need not assume it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem in a level file. Lines and columns count from 1, columns in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub col: usize,
    /// The column just past the offending text on `line` (exclusive): always more than `col`.
    pub end_col: usize,
    pub severity: Severity,
    pub message: String,
    /// The name a "did you mean" in `message` proposes, on its own, for tools to apply.
    pub suggestion: Option<String>,
    /// The text of `line` (without its line break), to show under the message; `None` when
    /// there is no text to show, such as a file that could not be read.
    pub source_line: Option<String>,
}

/// A message and the replacement it suggests, if any: what the checks produce before a
/// position is attached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub suggestion: Option<String>,
}

impl Message {
    /// The same suggestion with the text rewritten, e.g. prefixed with the enemy's name.
    pub fn map(self, f: impl FnOnce(String) -> String) -> Message {
        Message {
            text: f(self.text),
            suggestion: self.suggestion,
        }
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message {
            text,
            suggestion: None,
        }
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        text.to_string().into()
    }
}

impl Diagnostic {
    /// An error at a line and column with no source text to show (the file could not be read).
    pub fn new(file: &str, line: usize, col: usize, message: impl Into<Message>) -> Self {
        let m = message.into();
        Diagnostic {
            file: file.to_string(),
            line: line.max(1),
            col: col.max(1),
            end_col: col.max(1) + 1,
            severity: Severity::Error,
            message: m.text,
            suggestion: m.suggestion,
            source_line: None,
        }
    }

    /// An error about the bytes `span` of `src`. A span reaching past its first line is cut
    /// at the line's end; an empty one marks one character.
    pub fn in_source(src: &Source, span: Range<usize>, message: impl Into<Message>) -> Self {
        let text = &src.text;
        let start = text.floor_char_boundary(span.start.min(text.len()));
        let (line, col) = line_col(text, start);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let end = text.floor_char_boundary(span.end.clamp(start, line_end));
        let width = text[start..end].chars().count().max(1);
        let m = message.into();
        Diagnostic {
            file: src.name.clone(),
            line,
            col,
            end_col: col + width,
            severity: Severity::Error,
            message: m.text,
            suggestion: m.suggestion,
            source_line: Some(
                text[line_start..line_end]
                    .trim_end_matches('\r')
                    .to_string(),
            ),
        }
    }

    /// An error at a 1-based line and column of `src` (as ron reports them), marking `width`
    /// characters.
    pub fn at_line_col(
        src: &Source,
        line: usize,
        col: usize,
        width: usize,
        message: impl Into<Message>,
    ) -> Self {
        let start = offset_of_line_col(&src.text, line, col);
        let end = src.text[start..]
            .char_indices()
            .nth(width.max(1))
            .map_or(src.text.len(), |(i, _)| start + i);
        Diagnostic::in_source(src, start..end, message)
    }
}

impl Diagnostic {
    /// The same problem as a warning: worth saying, but the level still loads.
    pub fn as_warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.col, self.message
        )
    }
}

/// Everything wrong with a level, all reported together where possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    pub diagnostics: Vec<Diagnostic>,
}

impl LevelError {
    /// One error at a line and column, with no source text to show.
    pub fn single(file: &str, line: usize, col: usize, message: impl Into<Message>) -> Self {
        Self {
            diagnostics: vec![Diagnostic::new(file, line, col, message)],
        }
    }

    /// One error about the bytes `span` of `src`.
    pub fn in_source(src: &Source, span: Range<usize>, message: impl Into<Message>) -> Self {
        Self {
            diagnostics: vec![Diagnostic::in_source(src, span, message)],
        }
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LevelError {}

/// A RON parse error `e` in the file `name` holding `text`, as one diagnostic at its line and
/// column, its message led by `what` the file is (`atlas`, `music titles`).
pub fn ron_file_error(
    name: &str,
    text: &str,
    e: &ron::error::SpannedError,
    what: &str,
) -> LevelError {
    let (line, col) = ron_error_at(text, e);
    let src = Source::new(name, text);
    let message = format!("{what}: {}", e.code);
    LevelError {
        diagnostics: vec![Diagnostic::at_line_col(&src, line, col, 1, message)],
    }
}

/// Line and column (1-based) of a RON parse error in `text`. ron starts a wrong value's span
/// right after the field's colon, on the blank before the value; a person looks for the value,
/// so the column moves past blanks on that line.
pub fn ron_error_at(text: &str, e: &ron::error::SpannedError) -> (usize, usize) {
    let (line, col) = (e.span.start.line.max(1), e.span.start.col.max(1));
    let Some(l) = text.lines().nth(line - 1) else {
        return (line, col);
    };
    let rest = l.chars().skip(col - 1);
    let blanks = rest.clone().take_while(|c| *c == ' ' || *c == '\t').count();
    if rest.count() > blanks {
        (line, col + blanks)
    } else {
        (line, col)
    }
}

/// The closest of `known` to `name`, if it is close enough to be a likely typo and is not
/// `name` itself.
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .filter(|k| *k != name)
        .map(|k| (strsim::damerau_levenshtein(name, k), k))
        .filter(|(d, k)| *d <= (k.len().max(name.len()) / 2).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The closest of `known` to `name`, however far, unless it is `name` itself: for a short
/// list (the music cues) where the nearest is worth proposing even when it is not a typo.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .filter(|k| *k != name)
        .min_by_key(|k| strsim::damerau_levenshtein(name, k))
}

/// "unknown enemy \"tnak\"; did you mean \"tank\"?", with "tank" as the suggestion.
pub fn unknown<'a>(what: &str, name: &str, known: impl IntoIterator<Item = &'a str>) -> Message {
    did_you_mean(format!("unknown {what} \"{name}\""), suggest(name, known))
}

/// `text`, followed by "; did you mean \"{s}\"?" when there is a suggestion `s`.
pub fn did_you_mean(text: String, suggestion: Option<&str>) -> Message {
    match suggestion {
        Some(s) => Message {
            text: format!("{text}; did you mean \"{s}\"?"),
            suggestion: Some(s.to_string()),
        },
        None => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Source {
        Source::new("t.ron", text)
    }

    #[test]
    fn ron_errors_point_at_the_value_not_the_blank_before_it() {
        let text = "Stage(\n    length_s:   \"long\",\n)";
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Stage {
            length_s: f32,
        }
        let e = ron::from_str::<Stage>(text).unwrap_err();
        assert_eq!(ron_error_at(text, &e), (2, 17), "the quote of \"long\"");
        // A span already on a value stays put.
        let text = "Stage(length_s: ,)";
        let e = ron::from_str::<Stage>(text).unwrap_err();
        let (line, col) = ron_error_at(text, &e);
        assert_eq!(line, 1);
        assert!(col >= e.span.start.col);
    }

    #[test]
    fn a_span_keeps_its_line_and_width() {
        let s = src("Stage(\n  enemy: \"tnak\",\n)");
        let at = s.text.find("\"tnak\"").unwrap();
        let d = Diagnostic::in_source(&s, at..at + 6, "bad");
        assert_eq!((d.line, d.col, d.end_col), (2, 10, 16));
        assert_eq!(d.source_line.as_deref(), Some("  enemy: \"tnak\","));
        // A span over several lines stops at the first line's end; an empty one marks one char.
        let d = Diagnostic::in_source(&s, 0..s.text.len(), "bad");
        assert_eq!((d.line, d.col, d.end_col), (1, 1, 7));
        let d = Diagnostic::in_source(&s, at..at, "bad");
        assert_eq!(d.end_col, d.col + 1);
    }

    #[test]
    fn suggests_the_closest_name_but_never_the_name_itself() {
        assert_eq!(suggest("tnak", ["tank", "drone", "turret"]), Some("tank"));
        assert_eq!(suggest("zzzzzz", ["tank", "drone"]), None);
        assert_eq!(suggest("fifo.ron", ["fifo.ron"]), None);
        let m = unknown("enemy", "tnak", ["tank"]);
        assert_eq!(m.text, "unknown enemy \"tnak\"; did you mean \"tank\"?");
        assert_eq!(m.suggestion.as_deref(), Some("tank"));
    }
}
