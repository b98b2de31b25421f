//! RON text into the schema's types: the options every level file is read with, and ron's
//! errors turned into diagnostics at the value's line and column, in an author's words.

use super::diag::{ron_error_at, suggest, LevelError};
use super::limits;
use super::source::{too_big, Source};

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses RON text into `T`, turning ron's spanned error into a diagnostic.
pub fn parse<T: serde::de::DeserializeOwned>(src: &Source) -> Result<T, LevelError> {
    if src.text.len() > limits::MAX_FILE_BYTES {
        return Err(too_big(&src.name, src.text.len() as u64));
    }
    ron_options().from_str::<T>(&src.text).map_err(|e| {
        let (line, col) = ron_error_at(&src.text, &e);
        LevelError::single(&src.name, line, col, describe_ron_error(&e.code))
    })
}

/// ron's messages, reworded for a person editing the file rather than a Rust programmer.
fn describe_ron_error(code: &ron::Error) -> String {
    use ron::Error as E;
    let inside = |outer: &Option<String>| {
        outer
            .as_deref()
            .map_or(String::new(), |o| format!(" in {}", friendly_type(o)))
    };
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let hint = |found: &str, expected: &[&'static str]| {
        suggest(found, expected.iter().copied())
            .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"))
    };
    match code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}{}; expected one of {}",
            inside(outer),
            hint(found, expected),
            list(expected)
        ),
        E::MissingStructField { field, outer } => {
            format!(
                "missing field `{field}`{}: it has no default",
                inside(outer)
            )
        }
        E::DuplicateStructField { field, outer } => {
            format!("field `{field}` is given twice{}", inside(outer))
        }
        E::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown name `{found}`{}{}; expected one of {}",
            inside(outer),
            hint(found, expected),
            list(expected)
        ),
        E::ExpectedDifferentStructName { expected, found } => format!(
            "expected `{}(...)` here, found `{found}(...)`",
            friendly_type(expected)
        ),
        E::ExpectedComma => "expected a comma `,` between two items (or a closing bracket)".into(),
        E::ExpectedMapColon => "expected a colon `:` after the map key".into(),
        E::ExpectedStructLikeEnd => {
            "expected `)` closing the parenthesis (a missing comma before this?)".into()
        }
        E::ExpectedArrayEnd => "expected `]` closing the list".into(),
        E::ExpectedMapEnd => "expected `}` closing the map".into(),
        E::ExpectedStringEnd => "this string is never closed with `\"`".into(),
        E::Eof => "the file ends too early: a bracket or parenthesis is not closed".into(),
        E::TrailingCharacters => "unexpected text after the end of the file's value".into(),
        E::ExceededRecursionLimit => "values are nested too deeply".into(),
        E::InvalidValueForType { expected, found } => {
            format!("expected {expected}, found {found}")
        }
        E::ExpectedInteger => "expected a whole number".into(),
        E::ExpectedFloat => "expected a number".into(),
        E::ExpectedString => "expected a string in double quotes".into(),
        E::ExpectedArray => "expected a list in square brackets `[...]`".into(),
        E::ExpectedMap => "expected a map in braces `{...}`".into(),
        E::IntegerOutOfBounds => "this number is too large (or negative where it cannot be)".into(),
        other => {
            // The remaining messages are already plain; only the Rust type names need renaming.
            let text = other.to_string();
            friendly_type(&text).into_owned()
        }
    }
}

/// The names authors see for our types (the schema's Rust names end in `Def`).
fn friendly_type(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains("StageDef") || text.contains("DefsFile") {
        text.replace("StageDef", "Stage")
            .replace("DefsFile", "Defs")
            .into()
    } else {
        text.into()
    }
}
