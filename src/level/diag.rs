//! Diagnostics for level authors: every message names the file, line and column.

use std::fmt;

/// One problem in a level file. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
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
    pub fn single(file: &str, line: usize, col: usize, message: impl Into<String>) -> Self {
        Self {
            diagnostics: vec![Diagnostic {
                file: file.to_string(),
                line,
                col,
                message: message.into(),
            }],
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

/// Line and column (1-based, in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
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

/// The closest of `known` to `name`, if it is close enough to be a likely typo.
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(name, k), k))
        .filter(|(d, k)| *d <= (k.len().max(name.len()) / 2).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// "unknown enemy \"tnak\" (did you mean \"tank\"?)"
pub fn unknown<'a>(what: &str, name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    match suggest(name, known) {
        Some(s) => format!("unknown {what} \"{name}\"; did you mean \"{s}\"?"),
        None => format!("unknown {what} \"{name}\""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn line_col_counts_from_one() {
        let text = "ab\ncd\nef";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 4), (2, 2));
        assert_eq!(line_col(text, 6), (3, 1));
    }

    #[test]
    fn suggests_the_closest_name() {
        assert_eq!(suggest("tnak", ["tank", "drone", "turret"]), Some("tank"));
        assert_eq!(suggest("zzzzzz", ["tank", "drone"]), None);
    }
}
