//! Finding where a value sits in RON text, by its path (`enemies` > `"drone"` > `hp`).
//!
//! serde hands us values without positions, so semantic errors find their place again here.
//! This walks the text's structure (brackets, keys, fields, list items), skipping strings and
//! comments, so a name mentioned in a comment or in another enemy never steals the position.
//! It never fails: text it cannot follow yields the deepest position it reached.

use std::ops::Range;

/// One step of a path into a RON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// A struct field (`hp: 3`).
    Field(&'static str),
    /// A map entry by its string key (`"drone": (...)`).
    Key(String),
    /// The n-th item of a list (from 0).
    Index(usize),
}

impl Seg {
    pub fn key(name: &str) -> Seg {
        Seg::Key(name.to_string())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Str,
    Open,
    Close,
    Colon,
    Comma,
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    start: usize,
    end: usize,
}

/// Where a quoted string or character starting at `b[start]` ends: just past its closing
/// quote (the same byte as the opening one, not escaped with `\`), or the end of the text.
fn past_quoted(b: &[u8], start: usize) -> usize {
    let quote = b[start];
    let mut i = start + 1;
    while i < b.len() && b[i] != quote {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(b.len())
}

/// Where the last character of code before byte `offset` of `text` starts, whitespace and
/// comments (line and block) passed over; `None` when there is no code before it.
pub(super) fn last_code_char_before(text: &str, offset: usize) -> Option<usize> {
    let end = tokenize(text).iter().rev().find(|t| t.end <= offset)?.end;
    text.get(..end)?.char_indices().last().map(|(i, _)| i)
}

/// Where each token of code starts and its first byte: every bracket and comma, and the start
/// of every name, string and number, comments and blanks passed over.
pub(super) fn code_tokens(text: &str) -> Vec<(usize, u8)> {
    let b = text.as_bytes();
    tokenize(text)
        .iter()
        .map(|t| (t.start, b[t.start]))
        .collect()
}

/// Splits RON text into tokens, dropping whitespace and comments. Linear in the text's length.
fn tokenize(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            // A byte-order mark some editors write first: blank, as far as a reader is concerned.
            0xEF if b[i..].starts_with("\u{feff}".as_bytes()) => {
                i += 3;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // RON block comments nest.
                let mut depth = 0usize;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            b'"' => {
                i = past_quoted(b, i);
                Kind::Str
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) => {
                let hashes = b[i + 1..].iter().take_while(|&&h| h == b'#').count();
                i += 1 + hashes;
                if b.get(i) == Some(&b'"') {
                    i += 1;
                    let close: Vec<u8> = std::iter::once(b'"')
                        .chain(std::iter::repeat_n(b'#', hashes))
                        .collect();
                    match b[i..].windows(close.len()).position(|w| w == close) {
                        Some(p) => i += p + close.len(),
                        None => i = b.len(),
                    }
                }
                Kind::Str
            }
            b'\'' => {
                i = past_quoted(b, i);
                Kind::Other
            }
            b'(' | b'[' | b'{' => {
                i += 1;
                Kind::Open
            }
            b')' | b']' | b'}' => {
                i += 1;
                Kind::Close
            }
            b':' => {
                i += 1;
                Kind::Colon
            }
            b',' => {
                i += 1;
                Kind::Comma
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                Kind::Ident
            }
            _ => {
                i += 1;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"()[]{}:,\"'/".contains(&b[i])
                {
                    i += 1;
                }
                Kind::Other
            }
        };
        toks.push(Tok {
            kind,
            start,
            end: i.min(b.len()),
        });
    }
    toks
}

struct Walker<'a> {
    text: &'a str,
    toks: Vec<Tok>,
}

impl<'a> Walker<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            toks: tokenize(text),
        }
    }

    fn tok_text(&self, i: usize) -> &'a str {
        let t = self.toks[i];
        self.text.get(t.start..t.end).unwrap_or("")
    }

    fn is(&self, i: usize, kind: Kind) -> bool {
        self.toks.get(i).is_some_and(|t| t.kind == kind)
    }

    /// Index of the first token of the file's value, past a `#![enable(...)]` attribute.
    fn root(&self) -> usize {
        let mut i = 0;
        while self.is(i, Kind::Other) && self.tok_text(i).starts_with('#') {
            // Skip `#`/`#!` and the bracketed attribute after it.
            i += 1;
            while self.is(i, Kind::Other) && self.tok_text(i) == "!" {
                i += 1;
            }
            if self.is(i, Kind::Open) {
                i = self.matching(i) + 1;
            }
        }
        i
    }

    /// The closing token matching the opening one at `open` (or the last token).
    fn matching(&self, open: usize) -> usize {
        let mut depth = 0usize;
        for j in open..self.toks.len() {
            match self.toks[j].kind {
                Kind::Open => depth += 1,
                Kind::Close => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return j;
                    }
                }
                _ => {}
            }
        }
        self.toks.len().saturating_sub(1)
    }

    /// The bracketed body of the value starting at token `i`: `Name(...)`, `(...)`, `[...]`, `{...}`.
    fn body(&self, i: usize) -> Option<(usize, usize)> {
        let open = if self.is(i, Kind::Open) {
            i
        } else if self.is(i, Kind::Ident) && self.is(i + 1, Kind::Open) {
            i + 1
        } else {
            return None;
        };
        Some((open, self.matching(open)))
    }

    /// Token indices that start an item directly inside the body `(open, close)`.
    fn items(&self, (open, close): (usize, usize)) -> Vec<usize> {
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut at_start = true;
        for j in open + 1..close {
            let k = self.toks[j].kind;
            if depth == 0 && at_start && k != Kind::Comma && k != Kind::Close {
                out.push(j);
                at_start = false;
            }
            match k {
                Kind::Open => depth += 1,
                Kind::Close => depth = depth.saturating_sub(1),
                Kind::Comma if depth == 0 => at_start = true,
                _ => {}
            }
        }
        out
    }

    /// Follows one segment from the value at token `i`: returns (token to point at, value token).
    fn step(&self, i: usize, seg: &Seg) -> Option<(usize, usize)> {
        let body = self.body(i)?;
        let items = self.items(body);
        match seg {
            Seg::Index(n) => items.get(*n).map(|&j| (j, j)),
            Seg::Field(name) => items
                .into_iter()
                .find(|&j| {
                    self.is(j, Kind::Ident)
                        && self.tok_text(j) == *name
                        && self.is(j + 1, Kind::Colon)
                })
                // Point at the value: that is what the author has to change.
                .map(|j| (j + 2, j + 2)),
            Seg::Key(key) => items
                .into_iter()
                .find(|&j| {
                    self.is(j, Kind::Str)
                        && unquote(self.tok_text(j)) == Some(key.as_str())
                        && self.is(j + 1, Kind::Colon)
                })
                .map(|j| (j, j + 2)),
        }
    }

    /// Bytes of the value starting at token `v`: a bracketed value (with its name, if any) up
    /// to its closing bracket, anything else its one token.
    fn extent(&self, v: usize) -> Range<usize> {
        let Some(t) = self.toks.get(v) else {
            return self.text.len()..self.text.len();
        };
        match self.body(v) {
            Some((_, close)) => t.start..self.toks[close].end,
            None => t.start..t.end,
        }
    }

    /// Bytes of the deepest point of `path` found, and whether all of it was found.
    fn find(&self, path: &[Seg]) -> (Range<usize>, bool) {
        let mut value = self.root();
        let len = self.text.len();
        let mut span = self.toks.get(value).map_or(len..len, |t| t.start..t.end);
        for seg in path {
            match self.step(value, seg) {
                Some((at, v)) => {
                    span = if at == v {
                        self.extent(v)
                    } else {
                        self.toks[at].start..self.toks[at].end
                    };
                    value = v;
                }
                None => return (span, false),
            }
        }
        (span, true)
    }

    /// The path from the file's value down to the innermost item holding byte `offset`, and
    /// the bytes of that item's value.
    fn place_at(&self, offset: usize) -> Place {
        let mut place = Place::default();
        let mut value = self.root();
        while let Some((open, close)) = self.body(value) {
            let closed = self.is(close, Kind::Close) && close > open;
            if offset <= self.toks[open].start || (closed && offset >= self.toks[close].end) {
                break;
            }
            let items = self.items((open, close));
            let Some(n) = items.iter().rposition(|&j| self.toks[j].start <= offset) else {
                break;
            };
            let j = items[n];
            let (step, v) = if self.is(j, Kind::Ident) && self.is(j + 1, Kind::Colon) {
                (Step::Field(self.tok_text(j).to_string()), j + 2)
            } else if self.is(j, Kind::Str) && self.is(j + 1, Kind::Colon) {
                let key = unquote(self.tok_text(j)).unwrap_or_default();
                (Step::Key(key.to_string()), j + 2)
            } else {
                (Step::Index(n), j)
            };
            let is_field = matches!(step, Step::Field(_));
            place.path.push(step);
            place.value = (v < self.toks.len()).then(|| self.extent(v));
            if is_field {
                place.field_value = place.value.clone();
            }
            if v >= self.toks.len() {
                break;
            }
            value = v;
        }
        place
    }
}

/// One step of a path found in the text: like [`Seg`], with the names as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Field(String),
    Key(String),
    Index(usize),
}

/// Where a byte of the text sits in the file's structure (see [`place_at`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// From the file's value down to the innermost item holding the byte.
    pub path: Vec<Step>,
    /// The bytes of that item's value, when it has one.
    pub value: Option<Range<usize>>,
    /// The bytes of the value of the innermost field on the path (`(1, 0)` for a byte inside
    /// `sky: (1, 0)`), when it has one.
    pub field_value: Option<Range<usize>>,
}

impl Place {
    /// The innermost field name on the path: the field the byte belongs to.
    pub fn field(&self) -> Option<&str> {
        self.path.iter().rev().find_map(|s| match s {
            Step::Field(f) => Some(f.as_str()),
            _ => None,
        })
    }

    /// Whether the path passes through the top-level field `name` (`events`, `patterns`...).
    pub fn within(&self, name: &str) -> bool {
        matches!(self.path.first(), Some(Step::Field(f)) if f == name)
    }
}

/// What one item of the map or list `field` is called: `enemies` holds an `enemy`, `legs` a
/// `leg`; a field not listed is its own name.
fn item_of(field: &str) -> &str {
    const ITEMS: [(&str, &str); 11] = [
        ("enemies", "enemy"),
        ("patterns", "pattern"),
        ("waves", "wave"),
        ("markers", "marker"),
        ("events", "event"),
        ("weapons", "weapon"),
        ("parts", "part"),
        ("phases", "phase"),
        ("legs", "leg"),
        ("points", "point"),
        ("layers", "layer"),
    ];
    ITEMS
        .iter()
        .find(|(f, _)| *f == field)
        .map_or(field, |(_, item)| item)
}

/// The items a path passes through, in an author's words: `enemy "tank"`, `part 2`,
/// `wave "pair"`, `event 3`; a field that holds no item of its own is named as `` `path` ``
/// when `fields` is set, else left out.
pub fn item_names(path: &[Step], fields: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < path.len() {
        let next = path.get(i + 1);
        match (&path[i], next) {
            (Step::Field(f), Some(Step::Key(k))) => {
                out.push(format!("{} \"{k}\"", item_of(f)));
                i += 2;
                continue;
            }
            (Step::Field(f), Some(Step::Index(n))) => {
                out.push(format!("{} {}", item_of(f), n + 1));
                i += 2;
                continue;
            }
            (Step::Field(f), _) if fields => out.push(format!("`{f}`")),
            // A wave is a list of events.
            (Step::Index(n), _)
                if matches!(i.checked_sub(1).map(|j| &path[j]), Some(Step::Key(_))) =>
            {
                out.push(format!("event {}", n + 1));
            }
            (Step::Index(n), _) if fields => out.push(format!("item {}", n + 1)),
            _ => {}
        }
        i += 1;
    }
    out
}

/// True when `text` holds nothing but blanks and comments.
pub fn is_blank(text: &str) -> bool {
    tokenize(text).is_empty()
}

/// Where byte `offset` of `text` sits: the path of fields, keys and list items down to it.
pub fn place_at(text: &str, offset: usize) -> Place {
    Walker::new(text).place_at(offset)
}

/// The contents of a plain RON string token without escapes, which is all map keys need.
fn unquote(tok: &str) -> Option<&str> {
    tok.strip_prefix('"')?.strip_suffix('"')
}

/// Byte offset of the thing at `path`, or of the deepest part of the path that exists.
pub fn offset_of(text: &str, path: &[Seg]) -> usize {
    span_of(text, path).start
}

/// Bytes of the thing at `path` (a value with its brackets, or a map key), or of the deepest
/// part of the path that exists.
pub fn span_of(text: &str, path: &[Seg]) -> Range<usize> {
    Walker::new(text).find(path).0
}

/// Byte offset of the thing at `path`, only if the whole path exists.
pub fn exact_offset_of(text: &str, path: &[Seg]) -> Option<usize> {
    let (span, all) = Walker::new(text).find(path);
    all.then_some(span.start)
}

/// The string keys of the map at `path`, in file order with their byte offsets, duplicates kept:
/// serde keeps only the last of two equal keys, so duplicates are found here.
pub fn map_keys(text: &str, path: &[Seg]) -> Vec<(String, usize)> {
    let w = Walker::new(text);
    let mut value = w.root();
    for seg in path {
        match w.step(value, seg) {
            Some((_, v)) => value = v,
            None => return Vec::new(),
        }
    }
    let Some(body) = w.body(value) else {
        return Vec::new();
    };
    w.items(body)
        .into_iter()
        .filter(|&j| w.is(j, Kind::Str) && w.is(j + 1, Kind::Colon))
        .filter_map(|j| unquote(w.tok_text(j)).map(|k| (k.to_string(), w.toks[j].start)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"// "drone" hp: 1 in a comment
#![enable(implicit_some)]
Defs(
    patterns: { "aimed": (kind: Aimed) },
    enemies: {
        "fighter": (sprite: "air_fighter", hp: 3, weapons: [(pattern: "aimed")]),
        "drone": (sprite: "air_drone", /* hp: 9 */ weapons: [(pattern: "aimed"), (pattern: "x", interval_s: 0)], hp: 2),
        "drone": (sprite: "dup"),
    },
)"#;

    fn line_col(off: usize) -> (usize, usize) {
        super::super::source::line_col(TEXT, off)
    }

    #[test]
    fn follows_fields_keys_and_indices() {
        let at = |p: &[Seg]| line_col(offset_of(TEXT, p));
        assert_eq!(
            at(&[Seg::Field("enemies"), Seg::key("drone"), Seg::Field("hp")]),
            (7, 118)
        );
        assert_eq!(
            at(&[
                Seg::Field("enemies"),
                Seg::key("drone"),
                Seg::Field("weapons"),
                Seg::Index(1),
                Seg::Field("interval_s")
            ]),
            (7, 109)
        );
        assert_eq!(at(&[Seg::Field("patterns"), Seg::key("aimed")]), (4, 17));
    }

    #[test]
    fn a_missing_step_gives_the_deepest_found() {
        let p = [
            Seg::Field("enemies"),
            Seg::key("fighter"),
            Seg::Field("size"),
        ];
        assert_eq!(line_col(offset_of(TEXT, &p)), (6, 9));
        assert_eq!(exact_offset_of(TEXT, &p), None);
    }

    #[test]
    fn lists_map_keys_with_duplicates() {
        let keys: Vec<String> = map_keys(TEXT, &[Seg::Field("enemies")])
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(keys, ["fighter", "drone", "drone"]);
    }

    #[test]
    fn spans_cover_a_value_with_its_brackets() {
        let cases: [(&[Seg], &str); 4] = [
            (
                &[Seg::Field("enemies"), Seg::key("drone"), Seg::Field("hp")],
                "2",
            ),
            (&[Seg::Field("patterns"), Seg::key("aimed")], "\"aimed\""),
            (
                &[
                    Seg::Field("patterns"),
                    Seg::key("aimed"),
                    Seg::Field("kind"),
                ],
                "Aimed",
            ),
            (
                &[
                    Seg::Field("enemies"),
                    Seg::key("fighter"),
                    Seg::Field("weapons"),
                ],
                "[(pattern: \"aimed\")]",
            ),
        ];
        for (path, value) in cases {
            assert_eq!(&TEXT[span_of(TEXT, path)], value, "{path:?}");
        }
    }

    #[test]
    fn finds_the_place_of_a_byte() {
        let at = TEXT.find("interval_s: 0").unwrap() + "interval_s: ".len();
        let place = place_at(TEXT, at);
        assert_eq!(
            place.path,
            [
                Step::Field("enemies".into()),
                Step::Key("drone".into()),
                Step::Field("weapons".into()),
                Step::Index(1),
                Step::Field("interval_s".into()),
            ]
        );
        assert_eq!(place.field(), Some("interval_s"));
        assert!(place.within("enemies"));
        assert_eq!(&TEXT[place.value.unwrap()], "0");
        let inside = TEXT.find("weapons: [(pattern: \"aimed\")]").unwrap() + 12;
        let place = place_at(TEXT, inside);
        assert_eq!(place.field(), Some("pattern"));
        assert_eq!(&TEXT[place.field_value.unwrap()], "\"aimed\"");
        let place = place_at(TEXT, TEXT.find("(pattern: \"x\"").unwrap());
        assert_eq!(place.field(), Some("weapons"));
        assert_eq!(
            &TEXT[place.value.unwrap()],
            "(pattern: \"x\", interval_s: 0)"
        );
        assert!(TEXT[place.field_value.unwrap()].starts_with("[(pattern: \"aimed\")"));
        // Past the file's value there is no place.
        assert_eq!(place_at(TEXT, TEXT.len()).path, []);
    }

    #[test]
    fn a_byte_order_mark_is_blank() {
        let text = "\u{feff}Stage(hp: 3)";
        assert_eq!(&text[span_of(text, &[Seg::Field("hp")])], "3");
    }

    #[test]
    fn survives_garbage() {
        for t in ["", "(", "Stage(events: [", "\"", "/*", "r#\"", "#![", "}}}"] {
            let _ = offset_of(t, &[Seg::Field("events"), Seg::Index(3)]);
            let _ = map_keys(t, &[Seg::Field("enemies")]);
            for off in 0..=t.len() {
                let _ = place_at(t, off);
            }
        }
    }
}
