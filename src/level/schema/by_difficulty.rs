//! Difficulty in the level format: values given once per difficulty
//! (`hp: (easy: 20, normal: 30, hard: 40)`), events and waves placed only on some
//! (`only: [normal, hard]`), and the second loop's scaling (`loop2: (hp: 1.5, count: 1.25)`).
//! Linking picks each value for the [`Tier`](crate::level::Tier) it resolves.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::level::Difficulty;

/// How a [`PerDifficulty`] value's expectation begins, in serde's messages, so the parser
/// can tell it from others.
pub(crate) const PER_DIFFICULTY: &str = "a number, or one for each difficulty";

/// The names a per-difficulty value or an `only` list takes, for serde's messages.
const NAMES: &[&str] = &["easy", "normal", "hard"];

/// A difficulty written as a lower-case identifier (a map key or an item of `only`).
struct Name(Difficulty);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`easy`, `normal` or `hard`")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Name, E> {
                // Exactly as written in the docs: `Easy` would read as a different key.
                Difficulty::ALL
                    .into_iter()
                    .find(|d| d.name() == s)
                    .map(Name)
                    .ok_or_else(|| E::unknown_variant(s, NAMES))
            }
        }
        d.deserialize_identifier(V)
    }
}

/// A value that is either the same on every difficulty (`hp: 30`) or given for each
/// (`hp: (easy: 20, normal: 30, hard: 40)`, all three keys, in any order). A plain value is
/// written, serialized and hashed exactly as before the per-difficulty form existed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PerDifficulty<T> {
    One(T),
    /// Easy, normal, hard.
    Each([T; 3]),
}

impl<T: Copy> PerDifficulty<T> {
    /// The value on `d`.
    pub fn on(&self, d: Difficulty) -> T {
        match self {
            PerDifficulty::One(v) => *v,
            PerDifficulty::Each(each) => each[d as usize],
        }
    }

    /// True for the per-difficulty form.
    pub fn varies(&self) -> bool {
        matches!(self, PerDifficulty::Each(_))
    }
}

impl<T> From<T> for PerDifficulty<T> {
    fn from(v: T) -> Self {
        PerDifficulty::One(v)
    }
}

impl<T: Serialize> Serialize for PerDifficulty<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PerDifficulty::One(v) => v.serialize(s),
            PerDifficulty::Each([easy, normal, hard]) => {
                let mut st = s.serialize_struct("PerDifficulty", 3)?;
                st.serialize_field("easy", easy)?;
                st.serialize_field("normal", normal)?;
                st.serialize_field("hard", hard)?;
                st.end()
            }
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for PerDifficulty<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A number (handed on to `T`, so a count stays a whole number) or a map of the three
        // difficulties; ron reads `(easy: 20, ...)` as a map when asked for anything.
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = PerDifficulty<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "{PER_DIFFICULTY}: (easy: .., normal: .., hard: ..)")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                T::deserialize(v.into_deserializer()).map(PerDifficulty::One)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                T::deserialize(v.into_deserializer()).map(PerDifficulty::One)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                T::deserialize(v.into_deserializer()).map(PerDifficulty::One)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut each: [Option<T>; 3] = [None, None, None];
                while let Some(Name(d)) = m.next_key()? {
                    let slot = &mut each[d as usize];
                    if slot.is_some() {
                        return Err(de::Error::duplicate_field(d.name()));
                    }
                    *slot = Some(m.next_value()?);
                }
                match each {
                    [Some(e), Some(n), Some(h)] => Ok(PerDifficulty::Each([e, n, h])),
                    each => {
                        let missing: Vec<&str> = Difficulty::ALL
                            .iter()
                            .zip(&each)
                            .filter(|(_, v)| v.is_none())
                            .map(|(d, _)| d.name())
                            .collect();
                        Err(de::Error::custom(format!(
                            "a value per difficulty gives all three of easy, normal and hard; \
                             this one has no {} (to leave a spawn out on a difficulty, give \
                             the event `only: [...]`)",
                            missing.join(" and ")
                        )))
                    }
                }
            }
        }
        d.deserialize_any(V(PhantomData))
    }
}

/// The difficulties an event (or a wave's or section's placement) happens on: `only: [normal,
/// hard]`. Left out, it happens on all of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Only(pub Vec<Difficulty>);

impl Only {
    /// True when `d` is listed.
    pub fn has(&self, d: Difficulty) -> bool {
        self.0.contains(&d)
    }
}

impl Serialize for Only {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<&str> = self.0.iter().map(|d| d.name()).collect();
        names.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Only {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Only;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of difficulties, such as [normal, hard]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Only, A::Error> {
                let mut list = Vec::new();
                while let Some(Name(d)) = s.next_element()? {
                    if list.contains(&d) {
                        return Err(de::Error::custom(format!(
                            "`{}` is listed twice in `only`",
                            d.name()
                        )));
                    }
                    list.push(d);
                }
                Ok(Only(list))
            }
        }
        d.deserialize_seq(V)
    }
}

/// The second loop's changes to a stage (`loop2: (hp: 1.5, count: 1.25)`): on every loop after
/// the first, each enemy's and part's hp is multiplied by `hp`, and each spawn's count by
/// `count` (rounded, at least 1). Both 1 when left out.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Loop2")]
pub struct LoopScale {
    #[serde(default = "one")]
    pub hp: f32,
    #[serde(default = "one")]
    pub count: f32,
}

fn one() -> f32 {
    1.0
}

impl Default for LoopScale {
    fn default() -> Self {
        LoopScale {
            hp: 1.0,
            count: 1.0,
        }
    }
}

/// Bounds on a `loop2` factor: a tenth to ten times.
pub const LOOP_FACTOR: (f32, f32) = (0.1, 10.0);

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, Serialize)]
    struct Probe {
        hp: PerDifficulty<f32>,
        count: PerDifficulty<u32>,
        #[serde(default)]
        only: Option<Only>,
    }

    fn read(text: &str) -> Result<Probe, ron::error::SpannedError> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
    }

    #[test]
    fn a_plain_value_and_one_per_difficulty_both_read() {
        let p = read("(hp: 30, count: 4)").unwrap();
        assert_eq!(p.hp, PerDifficulty::One(30.0));
        assert_eq!(p.count.on(Difficulty::Hard), 4);
        let p = read("(hp: (hard: 40, easy: 20, normal: 30.5), count: (easy: 1, normal: 2, hard: 3), only: [normal, hard])").unwrap();
        assert_eq!(p.hp, PerDifficulty::Each([20.0, 30.5, 40.0]));
        assert_eq!(p.count.on(Difficulty::Easy), 1);
        assert!(p.hp.varies() && !PerDifficulty::One(1).varies());
        let only = p.only.unwrap();
        assert!(only.has(Difficulty::Hard) && !only.has(Difficulty::Easy));
    }

    #[test]
    fn a_bad_per_difficulty_value_says_what_is_wrong() {
        let missing = read("(hp: (easy: 20, normal: 30), count: 1)").unwrap_err();
        assert!(missing.code.to_string().contains("no hard"), "{missing}");
        let unknown = read("(hp: (easy: 20, medium: 30, hard: 3), count: 1)").unwrap_err();
        assert!(
            matches!(&unknown.code, ron::Error::NoSuchEnumVariant { found, .. } if found == "medium"),
            "{unknown}"
        );
        let twice = read("(hp: (easy: 1, easy: 2, normal: 3, hard: 4), count: 1)").unwrap_err();
        assert!(twice.code.to_string().contains("easy"), "{twice}");
        let fraction = read("(hp: 1, count: (easy: 1.5, normal: 2, hard: 3))").unwrap_err();
        assert_eq!(fraction.span.start.line, 1);
        let doubled = read("(hp: 1, count: 1, only: [hard, hard])").unwrap_err();
        assert!(doubled.code.to_string().contains("twice"), "{doubled}");
    }

    #[test]
    fn a_plain_value_serializes_as_it_always_did() {
        let plain = postcard::to_stdvec(&PerDifficulty::One(30.0f32)).unwrap();
        assert_eq!(plain, postcard::to_stdvec(&30.0f32).unwrap());
    }
}
