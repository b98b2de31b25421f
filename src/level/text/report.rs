//! Showing diagnostics: the offending line with a caret under the column, as rustc does
//! (rendered by `annotate-snippets`, rustc's own renderer), and one JSON object per problem
//! for editors and CI.

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};
use serde::Serialize;

use super::diag::{Diagnostic, Severity};

/// How to show a diagnostic to a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// ANSI colours, for a terminal.
    Colour,
    /// Plain text, for a pipe, a file or the game's error box.
    Plain,
}

/// The width [`render`] fits source lines into, as rustc does without a terminal width.
pub const DEFAULT_WIDTH: usize = annotate_snippets::renderer::DEFAULT_TERM_WIDTH;

/// The diagnostic as rustc shows an error: the message, `--> file:line:col`, then the source
/// line with `^` under the offending text. A diagnostic without source text shows the
/// message and the position only. Ends without a line break.
pub fn render(d: &Diagnostic, style: Style) -> String {
    render_width(d, style, DEFAULT_WIDTH)
}

/// [`render`], with a source line too long for `width` columns cut down around the caret
/// (`... hp: 300, sprite: "boss1_wnig", ...`). The message itself is never cut.
pub fn render_width(d: &Diagnostic, style: Style, width: usize) -> String {
    let renderer = match style {
        Style::Colour => Renderer::styled(),
        Style::Plain => Renderer::plain(),
    }
    .term_width(width);
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let title = level.primary_title(d.message.as_str());
    let group = match &d.source_line {
        Some(line) => {
            let span = char_span(line, d.col, d.end_col);
            title.element(
                Snippet::source(line.as_str())
                    .line_start(d.line)
                    .path(d.file.as_str())
                    .annotation(AnnotationKind::Primary.span(span)),
            )
        }
        None => title.element(
            Origin::path(d.file.as_str())
                .line(d.line)
                .char_column(d.col),
        ),
    };
    renderer.render(&[group])
}

/// Every diagnostic rendered to fit `width` columns (see [`render_width`]), a blank line
/// between two.
pub fn render_all<'a>(
    ds: impl IntoIterator<Item = &'a Diagnostic>,
    style: Style,
    width: usize,
) -> String {
    ds.into_iter()
        .map(|d| render_width(d, style, width))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Byte range of the 1-based character columns `col..end_col` of `line`.
fn char_span(line: &str, col: usize, end_col: usize) -> std::ops::Range<usize> {
    let byte = |c: usize| {
        line.char_indices()
            .nth(c.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i)
    };
    byte(col)..byte(end_col.max(col + 1))
}

/// One problem as a JSON object: the contract of `skysweep check --format json`.
#[derive(Serialize)]
struct JsonProblem<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    end_column: usize,
    severity: Severity,
    message: &'a str,
    suggestion: Option<&'a str>,
}

/// The diagnostic as one line of JSON: `file`, `line`, `column`, `end_column` (exclusive),
/// `severity` (`"error"` or `"warning"`), `message` and `suggestion` (a name, or `null`).
pub fn to_json(d: &Diagnostic) -> String {
    let p = JsonProblem {
        file: &d.file,
        line: d.line,
        column: d.col,
        end_column: d.end_col,
        severity: d.severity,
        message: &d.message,
        suggestion: d.suggestion.as_deref(),
    };
    // Strings, numbers and null only: serialising cannot fail.
    serde_json::to_string(&p).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Source;

    fn typo() -> Diagnostic {
        let src = Source::new("stage.ron", "Stage(\n    enemy: \"tnak\",\n)");
        let at = src.text.find("\"tnak\"").unwrap();
        let mut d = Diagnostic::in_source(
            &src,
            at..at + 6,
            "unknown enemy \"tnak\"; did you mean \"tank\"?",
        );
        d.suggestion = Some("tank".into());
        d
    }

    #[test]
    fn plain_rendering_shows_the_line_and_a_caret_under_the_value() {
        let text = render(&typo(), Style::Plain);
        assert_eq!(
            text,
            "error: unknown enemy \"tnak\"; did you mean \"tank\"?\n \
             --> stage.ron:2:12\n  \
             |\n\
             2 |     enemy: \"tnak\",\n  \
             |            ^^^^^^"
        );
    }

    #[test]
    fn colour_rendering_adds_escape_codes_only() {
        let coloured = render(&typo(), Style::Colour);
        assert!(coloured.contains("\u{1b}["), "{coloured:?}");
        let stripped: String = strip_ansi(&coloured);
        assert_eq!(stripped, render(&typo(), Style::Plain));
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret_to_fit_a_width() {
        let src = Source::new(
            "s.ron",
            format!("{}sprite: \"boss1_wnig\", score: 3000),", " ".repeat(80)),
        );
        let at = src.text.find('"').unwrap();
        let d = Diagnostic::in_source(&src, at..at + 12, "unknown sprite");
        let text = render_width(&d, Style::Plain, 40);
        assert!(text.lines().all(|l| l.chars().count() <= 40), "{text}");
        let line = text.lines().nth(3).unwrap();
        let caret = text.lines().nth(4).unwrap();
        assert!(line.contains("\"boss1_wnig\""), "{text}");
        assert_eq!(caret.find('^'), line.find('"'), "{text}");
    }

    #[test]
    fn a_diagnostic_without_source_shows_its_position() {
        let d = Diagnostic::new("gone.ron", 1, 1, "cannot read: No such file");
        assert_eq!(
            render(&d, Style::Plain),
            "error: cannot read: No such file\n--> gone.ron:1:1"
        );
    }

    #[test]
    fn json_has_every_field_on_one_line() {
        let json = to_json(&typo());
        assert!(!json.contains('\n'));
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            v,
            serde_json::json!({
                "file": "stage.ron", "line": 2, "column": 12, "end_column": 18,
                "severity": "error",
                "message": "unknown enemy \"tnak\"; did you mean \"tank\"?",
                "suggestion": "tank",
            })
        );
    }
}
