//! Unusable values in a settings file that otherwise parsed: what was replaced, and where
//! the value sits in the file's text so the warning can name its line and column.

use std::path::Path;

/// How to find a problem value in the file's text.
#[derive(Clone, Debug, PartialEq)]
enum Find {
    /// The value after `name:`.
    Field(&'static str),
    /// A quoted name, such as a key in a binding list.
    Quoted(String),
}

/// One unusable value in a settings file that otherwise parsed, and what replaced it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub field: String,
    pub value: String,
    pub using: String,
    find: Find,
}

impl Problem {
    /// The value of the field `name`, found after `name:` in the text.
    pub(super) fn field(name: &'static str, value: String, using: String) -> Problem {
        Problem {
            field: name.into(),
            value,
            using,
            find: Find::Field(name),
        }
    }

    /// A quoted name (a key or button) in the list `field`, found by its quotes in the text.
    pub(super) fn quoted(field: String, name: String, using: String) -> Problem {
        Problem {
            field,
            value: format!("{name:?}"),
            using,
            find: Find::Quoted(name),
        }
    }

    /// One line naming the file, the position when the text shows it, the field, the value
    /// and what is used instead.
    pub fn describe(&self, path: &Path, text: &str) -> String {
        let at = self
            .offset_in(text)
            .map(|o| {
                let before = &text[..o];
                let line = before.matches('\n').count() + 1;
                let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
                format!(" line {line}, column {col}:")
            })
            .unwrap_or_default();
        format!(
            "{}:{at} {} {} cannot be used; using {}",
            path.display(),
            self.field,
            self.value,
            self.using
        )
    }

    /// Byte offset of the value outside comments; the first such place, since the parser
    /// rejects a field given twice and a repeated bad key name is reported the same either way.
    fn offset_in(&self, text: &str) -> Option<usize> {
        let code = blank_comments(text);
        match &self.find {
            Find::Quoted(name) => code.find(&format!("{name:?}")),
            Find::Field(name) => {
                let mut from = 0;
                while let Some(i) = code[from..].find(name).map(|i| i + from) {
                    let after = &code[i + name.len()..];
                    let word_before = code[..i]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_');
                    let rest = after.trim_start();
                    if !word_before && rest.starts_with(':') {
                        let value = rest[1..].trim_start();
                        return Some(code.len() - value.len());
                    }
                    from = i + name.len();
                }
                None
            }
        }
    }
}

/// `text` with comments and string contents other than quotes replaced by spaces, byte for
/// byte, so offsets still match and a field name in a comment is not mistaken for the field.
fn blank_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let mut depth = 0;
    while i < b.len() {
        if depth > 0 {
            if b[i..].starts_with(b"*/") {
                depth -= 1;
                out[i] = b' ';
                out[i + 1] = b' ';
                i += 2;
                continue;
            }
            if b[i..].starts_with(b"/*") {
                depth += 1;
            }
            if b[i] != b'\n' {
                out[i] = b' ';
            }
            i += 1;
        } else if b[i..].starts_with(b"/*") {
            depth = 1;
            out[i] = b' ';
            out[i + 1] = b' ';
            i += 2;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out[i] = b' ';
                i += 1;
            }
        } else if b[i] == b'"' {
            // Strings stay whole: a quoted key name is what Find::Quoted looks for.
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else {
            i += 1;
        }
    }
    // Every byte of a comment became a space, so this is whole UTF-8 of the same length.
    String::from_utf8_lossy(&out).into_owned()
}
