//! A level file as text ([`Source`]), and places in it: a byte offset as the line and column
//! a person reads, and back.

/// A file's name (as shown in messages) and its text.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
}

impl Source {
    /// The file `name` holding `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
        }
    }
}

/// Line and column (1-based, in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Byte offset of a 1-based line and column (in characters), clamped to the text.
pub fn offset_of_line_col(text: &str, line: usize, col: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let rest = &text[line_start..];
    let line_len = rest.find('\n').unwrap_or(rest.len());
    line_start
        + rest[..line_len]
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(line_len, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let text = "ab\ncd\nef";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 4), (2, 2));
        assert_eq!(line_col(text, 6), (3, 1));
        for off in 0..text.len() {
            let (l, c) = line_col(text, off);
            assert_eq!(offset_of_line_col(text, l, c), off);
        }
    }
}
