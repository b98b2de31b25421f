//! RON text into the schema's types: the options every level file is read with, and ron's
//! errors turned into diagnostics at the value's line and column, in an author's words.
//!
//! ron says what it expected in a Rust programmer's terms and without the field; the text
//! around the error is walked again ([`place_at`]) to name the field, the enemy, pattern or
//! event it belongs to, what that field takes and what was found.

use std::ops::Range;

use serde::de::DeserializeOwned;

use super::diag::{ron_error_at, suggest, Diagnostic, LevelError, Message};
use super::locate::{is_blank, place_at, Place, Step};
use super::read::too_big;
use super::source::{offset_of_line_col, Source};
use crate::level::limits;
use crate::level::schema::PER_DIFFICULTY;
use crate::level::schema::{
    BulletStyle, ItemDef, LayerDef, PathDef, PatternKind, ShapeDef, TimelineEventDef,
};

const BOM: char = '\u{feff}';

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses RON text into `T`, turning ron's spanned error into a diagnostic. A UTF-8
/// byte-order mark at the start, which some editors write, is skipped.
pub fn parse<T: DeserializeOwned>(src: &Source) -> Result<T, LevelError> {
    if src.text.len() > limits::MAX_FILE_BYTES {
        return Err(too_big(&src.name, src.text.len() as u64));
    }
    let skipped = if src.text.starts_with(BOM) {
        BOM.len_utf8()
    } else {
        0
    };
    let text = &src.text[skipped..];
    if is_blank(text) {
        return Err(LevelError::in_source(
            src,
            skipped..skipped,
            empty_file::<T>(text),
        ));
    }
    ron_options().from_str::<T>(text).map_err(|e| {
        let (line, col) = ron_error_at(text, &e);
        let offset = skipped + offset_of_line_col(text, line, col);
        let kinds = variants::<TimelineEventDef>();
        // A bracket left open can look like a missing comma where ron stops: it goes first.
        let bracket = || super::brackets::hint(&src.text, offset);
        let unclosed = super::unclosed::hint(&e.code, &src.text, offset, kinds)
            .filter(|_| !super::comma::follows_closed_entry(&src.text, offset))
            .or_else(|| {
                bracket()
                    .is_none()
                    .then(|| super::comma::hint(&e.code, &src.text, offset, kinds))
                    .flatten()
            })
            .or_else(bracket);
        if let Some((span, message)) = unclosed {
            return LevelError {
                diagnostics: vec![Diagnostic::in_source(src, span, message)],
            };
        }
        let place = place_at(&src.text, offset);
        let message = describe(&e.code, &src.text, offset, &place);
        // The whole value when the error lies in it (all of `3.5`, not its `.`); a tuple
        // field's error marks the whole tuple.
        let span = match (&place.value, &place.field_value) {
            (_, Some(f))
                if (tuple(&place).is_some() || shape_slip(&e.code, &place))
                    && f.contains(&offset) =>
            {
                f.clone()
            }
            (Some(v), _) if v.contains(&offset) => v.clone(),
            _ => offset..offset + 1,
        };
        LevelError {
            diagnostics: vec![Diagnostic::in_source(src, span, message)],
        }
    })
}

/// The message for a file with nothing in it but blanks and comments.
fn empty_file<T>(text: &str) -> String {
    let ty = std::any::type_name::<T>();
    let expected = if ty.ends_with("DefsFile") {
        "definitions, `Defs(patterns: {...}, enemies: {...})`"
    } else {
        "a stage, `Stage(name: \"...\", length_s: ..., ...)`"
    };
    let found = if text.trim().is_empty() {
        "the file is empty"
    } else {
        "the file holds only comments"
    };
    format!("expected {expected}, but {found}")
}

/// Whose field it is, as a prefix: `enemy "drone": `, `enemy "boss", part 2: `,
/// `pattern "fan": `, `event 3: `, `wave "pair", event 1: `; nothing at the top level.
fn owner(place: &Place) -> String {
    // The items down to the field named in the message, not that field's own insides.
    let last_field = place
        .path
        .iter()
        .rposition(|s| matches!(s, Step::Field(_)))
        .unwrap_or(place.path.len());
    let names = super::locate::item_names(&place.path[..last_field], false);
    if names.is_empty() {
        String::new()
    } else {
        format!("{}: ", names.join(", "))
    }
}

/// The bytes `v` of the text, short enough to quote in a message.
fn quote(text: &str, v: Option<Range<usize>>) -> String {
    let Some(v) = v else {
        return "nothing".into();
    };
    let s = text.get(v).unwrap_or("").trim();
    if s.is_empty() {
        return "nothing".into();
    }
    let first_line = s.lines().next().unwrap_or(s);
    if first_line.chars().count() > 40 || first_line.len() < s.len() {
        format!("{}...", first_line.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

/// The variants of a schema enum, as serde knows them: asking for a variant that cannot exist
/// makes the derived code list them, so the messages never drift from the schema.
fn variants<T: DeserializeOwned>() -> &'static [&'static str] {
    match ron::from_str::<T>("NoSuchVariant__") {
        Err(ron::error::SpannedError {
            code: ron::Error::NoSuchEnumVariant { expected, .. },
            ..
        }) => expected,
        _ => &[],
    }
}

/// "`A`, `B` or `C`"
fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// True when the place is an item of an events list itself: the stage's, a section's, or a
/// wave's.
fn is_event_item(place: &Place) -> bool {
    match place.path.as_slice() {
        [.., Step::Field(f), Step::Index(_)] => f == "events",
        [Step::Field(f), Step::Key(_), Step::Index(_)] => f == "waves",
        _ => false,
    }
}

/// The names a field whose value is one of a schema enum's variants takes.
fn choices(place: &Place) -> Option<&'static [&'static str]> {
    if is_event_item(place) {
        return Some(variants::<TimelineEventDef>());
    }
    Some(match place.field() {
        Some("layer") => variants::<LayerDef>(),
        Some("drop") => variants::<ItemDef>(),
        Some("kind") => variants::<PatternKind>(),
        Some("bullet") => variants::<BulletStyle>(),
        Some("path") => variants::<PathDef>(),
        Some("shape") => variants::<ShapeDef>(),
        _ => return None,
    })
}

/// The text from `offset` to the end of its word (or the one character there), to quote.
fn word_at(text: &str, offset: usize) -> String {
    let rest = text.get(offset..).unwrap_or("");
    let end = rest
        .find(|c: char| c.is_whitespace() || ",()[]{}:".contains(c))
        .unwrap_or(rest.len());
    let word = if end == 0 {
        rest.chars().next().map(String::from).unwrap_or_default()
    } else {
        rest[..end].chars().take(40).collect()
    };
    if word.is_empty() {
        "the end of the file".into()
    } else {
        format!("`{word}`")
    }
}

/// What an integer field takes, in words.
fn whole_number(place: &Place) -> String {
    let range = |lo: u32, hi: u32| format!("a whole number from {lo} to {hi}");
    match place.field() {
        Some("count") if place.within("events") || place.within("waves") => {
            range(1, limits::MAX_SPAWN_COUNT)
        }
        Some("count") => range(1, limits::MAX_BULLETS_PER_VOLLEY),
        Some("volleys") => range(1, limits::MAX_VOLLEYS),
        Some("score" | "bonus") => range(0, limits::MAX_SCORE),
        Some("explosion") => "0, 1 or 2".into(),
        _ => "a whole number".into(),
    }
}

/// What a field written as a tuple takes, in words.
fn tuple(place: &Place) -> Option<&'static str> {
    Some(match place.field()? {
        "sky" => "an (r, g, b) triple of whole numbers from 0 to 255, such as (40, 60, 90)",
        "size" => "a pair (width, height) in pixels, such as (14, 14)",
        "offset" => "a pair (x, y) in pixels, such as (0, -10)",
        _ => return None,
    })
}

/// `#rrggbb` as the `(r, g, b)` a `sky` takes.
fn hex_colour(found: &str) -> Option<String> {
    let hex = found.trim_matches('"').strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(format!("({}, {}, {})", byte(0)?, byte(2)?, byte(4)?))
}

/// True when `text` is a number that is not whole (`3.5`, `1e-2`): ron reads its integer part
/// and then stumbles on the rest.
fn is_fraction(text: &str) -> bool {
    text.parse::<i128>().is_err() && text.parse::<f64>().is_ok_and(|f| f.is_finite())
}

/// True for an error in a `shape` value that is not about one of its names or fields:
/// `Circle(12)`, the likeliest slip (the radius without its name), for which ron's own word
/// is about raw identifiers. Such errors spell out both forms, and mark the whole value.
fn shape_slip(code: &ron::Error, place: &Place) -> bool {
    use ron::Error as E;
    place.field() == Some("shape")
        && !matches!(
            code,
            E::NoSuchEnumVariant { .. }
                | E::NoSuchStructField { .. }
                | E::MissingStructField { .. }
                | E::DuplicateStructField { .. }
        )
}

/// ron's error at byte `offset` of `text`, at `place`, reworded for a person editing the file.
fn describe(code: &ron::Error, text: &str, offset: usize, place: &Place) -> Message {
    let at = Found::new(text, place);
    value_of_field(code, text, place, &at)
        .unwrap_or_else(|| reworded(code, text, offset, place, &at))
}

/// The value ron stopped at, and whose field it is, for messages that say what it must be.
struct Found<'p> {
    /// The owner, as [`owner`] names it.
    who: String,
    field: &'p str,
    /// The value as written, quoted; a tuple field's whole tuple: `(300, 0, 0)`, not the
    /// `300` ron stopped at.
    found: String,
}

impl<'p> Found<'p> {
    fn new(text: &str, place: &'p Place) -> Self {
        let found = match tuple(place) {
            Some(_) => quote(text, place.field_value.clone()),
            None => quote(text, place.value.clone()),
        };
        Found {
            who: owner(place),
            field: place.field().unwrap_or("this value"),
            found,
        }
    }

    /// "`who` `field` must be `expected`, found `found`".
    fn must(&self, expected: &str) -> String {
        let Found { who, field, found } = self;
        format!("{who}`{field}` must be {expected}, found {found}")
    }
}

/// The message for a value of the wrong kind in a field whose type we know better than ron
/// says: a number field, a quoted name of a known choice, a `shape`, a tuple. `None` for any
/// other error.
fn value_of_field(code: &ron::Error, text: &str, place: &Place, at: &Found) -> Option<Message> {
    use ron::Error as E;
    let found = &at.found;
    let number_field = matches!(
        code,
        E::IntegerOutOfBounds | E::ExpectedInteger | E::InvalidIntegerDigit { .. }
    ) || matches!(code, E::ExpectedComma if is_fraction(found))
        // A count that may be given per difficulty is read as any number first, then as a
        // whole number, which names the type it wanted.
        || matches!(code, E::InvalidValueForType { expected, .. } if expected == "u32");
    if number_field {
        let expected = match tuple(place) {
            Some(t) => t.to_string(),
            None => whole_number(place),
        };
        return Some(at.must(&expected).into());
    }
    if let (Some(names), E::ExpectedIdentifier | E::ExpectedNamedStructLike(_)) =
        (choices(place), code)
    {
        if found.starts_with('"') {
            let name = found.trim_matches('"');
            let hint = names.iter().find(|n| n.eq_ignore_ascii_case(name));
            let expected = format!("{} (without quotes)", one_of(names));
            let text = match place.path.as_slice() {
                [_, Step::Index(i)] if is_event_item(place) => {
                    format!("event {} must be {expected}, found {found}", i + 1)
                }
                _ => at.must(&expected),
            };
            return Some(Message {
                text,
                suggestion: hint.map(|h| h.to_string()),
            });
        }
    }
    if shape_slip(code, place) {
        let found = quote(text, place.field_value.clone());
        return Some(
            format!(
                "{}`shape` must be `Circle(radius: R)` or `Oriented(size: (W, H), angle_deg: A)`, \
                 found {found}",
                at.who
            )
            .into(),
        );
    }
    let t = tuple(place)?;
    if !matches!(
        code,
        E::ExpectedStructLike
            | E::ExpectedNamedStructLike(_)
            | E::ExpectedDifferentLength { .. }
            | E::ExpectedFloat
            | E::ExpectedArray
    ) {
        return None;
    }
    let hex = (at.field == "sky").then(|| hex_colour(found)).flatten();
    let mut text = at.must(t);
    if let Some(h) = &hex {
        text = format!("{text}; did you mean {h}?");
    }
    Some(Message {
        text,
        suggestion: hex,
    })
}

/// ` in Type`, naming the value an error sits in, or nothing.
fn inside(outer: &Option<String>) -> String {
    outer
        .as_deref()
        .map_or(String::new(), |o| format!(" in {}", friendly_type(o)))
}

/// An unknown field or enum variant (`what`), with the closest expected one.
fn unknown(what: &str, found: &str, expected: &[&'static str], outer: &Option<String>) -> Message {
    let list = expected
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let suggestion = suggest(found, expected.iter().copied());
    let hint = suggestion.map_or(String::new(), |s| format!(" (did you mean `{s}`?)"));
    Message {
        text: format!(
            "unknown {what} `{found}`{}{hint}; expected one of {list}",
            inside(outer)
        ),
        suggestion: suggestion.map(str::to_string),
    }
}

/// ron's own message for `code` at byte `offset` of `text`, in an author's words.
fn reworded(code: &ron::Error, text: &str, offset: usize, place: &Place, at: &Found) -> Message {
    use ron::Error as E;
    let must = |expected: &str| at.must(expected);
    let text = match code {
        E::NoSuchStructField {
            expected,
            found,
            outer,
        } => return unknown("field", found, expected, outer),
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
        } => return unknown("name", found, expected, outer),
        E::ExpectedDifferentStructName { expected, found } => format!(
            "expected `{}(...)` here, found `{found}(...)`",
            friendly_type(expected)
        ),
        E::ExpectedComma => {
            let after = match (place.path.last(), place.value.clone()) {
                (Some(Step::Field(f)), v) => format!("after `{f}: {}`", quote(text, v)),
                (Some(_), Some(v)) => format!("after `{}`", quote(text, Some(v))),
                _ => "between two items".into(),
            };
            format!(
                "expected a comma `,` {after} (or a closing bracket), found {}",
                word_at(text, offset)
            )
        }
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
        // A value that may be given per difficulty, found to be neither a number nor one.
        E::InvalidValueForType { expected, .. } if expected.starts_with(PER_DIFFICULTY) => {
            match place.field() {
                Some("count") => must(&whole_number(place)),
                _ => must("a number"),
            }
        }
        E::InvalidValueForType { expected, found } => {
            format!(
                "{}`{}`: expected {expected}, found {found}",
                at.who, at.field
            )
        }
        E::Message(m) if m.starts_with(LACKS_A_DIFFICULTY) => per_difficulty_lacks(m, place),
        E::ExpectedFloat => must("a number"),
        E::ExpectedString => must("a string in double quotes"),
        E::ExpectedBoolean => must("`true` or `false`"),
        E::ExpectedArray => must("a list in square brackets `[...]`"),
        E::ExpectedMap => must("a map in braces `{...}`"),
        E::ExpectedIdentifier | E::ExpectedNamedStructLike(_) | E::ExpectedStructLike
            if place.field().is_some() =>
        {
            must("a name or `(...)` without quotes")
        }
        other => {
            // The remaining messages are already plain; only the Rust type names need renaming.
            let text = other.to_string();
            friendly_type(&text).into_owned()
        }
    };
    text.into()
}

/// How [`PerDifficulty`](crate::level::schema::PerDifficulty)'s message for a value lacking a
/// difficulty begins; what follows names the ones it lacks, then a hint in brackets.
const LACKS_A_DIFFICULTY: &str = "a value per difficulty gives all three";

/// A value per difficulty lacking one, said with whose field it is and a hint that fits the
/// field: leaving a spawn out is `only`'s work; any other value wants the missing number.
fn per_difficulty_lacks(message: &str, place: &Place) -> String {
    let plain = message.split(" (").next().unwrap_or(message);
    // ron reads `(easy: 2, normal: 3)` as a struct's fields: the value's own field is the one
    // above them.
    let mut place = place.clone();
    while let Some(Step::Field(f)) = place.path.last() {
        if crate::level::difficulty::Difficulty::from_name(f).is_none() {
            break;
        }
        place.path.pop();
    }
    let place = &place;
    let at = Found {
        who: owner(place),
        field: place.field().unwrap_or("this value"),
        found: String::new(),
    };
    let in_event = place.within("events") || place.within("waves");
    let hint = if in_event && place.field() == Some("count") {
        "to leave the spawn out on a difficulty, give the event `only: [...]` instead"
    } else {
        "add the missing one, or write one number for every difficulty"
    };
    format!("{}`{}`: {plain} ({hint})", at.who, at.field)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_enum_lists_its_variants() {
        assert_eq!(variants::<LayerDef>(), ["Air", "Ground"]);
        assert_eq!(variants::<ItemDef>(), ["Power", "Bomb", "Coin"]);
        assert!(variants::<PathDef>().contains(&"Hover"));
        assert!(variants::<TimelineEventDef>().contains(&"MidBoss"));
        assert_eq!(variants::<PatternKind>().len(), 6);
        assert_eq!(
            variants::<BulletStyle>(),
            ["Small", "Round", "Big", "Needle"]
        );
        assert_eq!(variants::<ShapeDef>(), ["Circle", "Oriented"]);
    }

    #[test]
    fn lists_read_as_a_person_writes_them() {
        assert_eq!(one_of(&["Air", "Ground"]), "`Air` or `Ground`");
        assert_eq!(one_of(&["A", "B", "C"]), "`A`, `B` or `C`");
        assert_eq!(hex_colour("\"#ff0080\"").as_deref(), Some("(255, 0, 128)"));
        assert_eq!(hex_colour("\"red\""), None);
        assert!(is_fraction("3.5") && is_fraction("1e-2"));
        assert!(!is_fraction("3") && !is_fraction("-3") && !is_fraction("x"));
    }
}
