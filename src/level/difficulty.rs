//! Difficulty in the level format: values given once per difficulty
//! (`hp: (easy: 20, normal: 30, hard: 40)`), events and waves placed only on some
//! (`only: [normal, hard]`), the second loop's scaling (`loop2: (hp: 1.5, count: 1.25)`), and
//! the [`Tier`] a level is resolved for; and the rules each difficulty plays by (bullet speed,
//! density, fire rate), which the simulation reads from here: the type and its rules have
//! one home, below the simulation, because the level format names difficulties too.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How hard a run is. The level format names them in lower case (`easy`, `normal`, `hard`);
/// replays and settings keep their own spelling (`Easy`, ...).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, PartialOrd, Ord,
)]
pub enum Difficulty {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The lower-case name the level format, the command line and messages use.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty called `name`, in any case.
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name))
    }
}

// How hard the enemies press, chosen before a run: what each difficulty changes in play.
//
// **Normal plays the level file as written**: every bullet at its speed, every spread, ring,
// spiral and burst with its count, every weapon at its interval and first delay. Easy and
// Hard are steps either side of it, each about twice (1.5x to 2.5x) as many enemy bullets a
// minute as its neighbour on every shipped stage, as the genre's difficulties step (`skysweep
// balance` measures the steps and checks them).
//
// - **Easy**: bullets fly at 0.85x speed, spreads, rings and aimed fans carry 0.6x the
//   bullets and spirals turn 0.6x as long, enemies fire 1.6x less often and wait half a
//   second more before their first shot,
//   curving bullets straighten out after `Difficulty::curl_s` seconds, and nothing fires in a
//   stage's first `Difficulty::opening_hold_s` seconds.
// - **Normal**: as written; curving bullets straighten out as on Easy.
// - **Hard**: bullets fly at 1.15x speed, spreads, rings and aimed fans carry 1.5x the
//   bullets and spirals turn 1.5x as long, enemies fire 1.4x as often and wait 0.75x as long for their first shot, curving
//   bullets curl for as long as they live, and every single aimed shot comes as a fan of three.
//
// A later loop presses harder on every difficulty: each loop after the first adds 0.1x to the
// bullets' speed and 0.5x to the volleys' counts, up to the fifth.
impl Difficulty {
    /// (speed factor, density factor) on loop `loop_index` (0 is the first).
    pub fn factors(self, loop_index: u32) -> (f32, f32) {
        let (s, d) = match self {
            Difficulty::Easy => (0.85, 0.6),
            Difficulty::Normal => (1.0, 1.0),
            Difficulty::Hard => (1.15, 1.5),
        };
        let extra = loop_index.min(4) as f32;
        (s * (1.0 + 0.1 * extra), d * (1.0 + 0.5 * extra))
    }

    /// Enemies' time between shots (and before the first), times this.
    pub fn fire_interval_factor(self) -> f32 {
        match self {
            Difficulty::Easy => 1.6,
            Difficulty::Normal => 1.0,
            Difficulty::Hard => 1.0 / 1.4,
        }
    }

    /// A weapon's wait before its first shot (an enemy's arrival, a boss's new phase), times
    /// this. Easy does not stretch it (it only adds [`Difficulty::first_shot_extra_s`]), so
    /// small enemies still fire their first shot on Easy, and fewer after it, rather than
    /// dying before they ever fire: that would make Easy a different stage, not a gentler one.
    pub fn first_delay_factor(self) -> f32 {
        match self {
            Difficulty::Easy => 1.0,
            Difficulty::Normal => 1.0,
            Difficulty::Hard => 0.75,
        }
    }

    /// Seconds added to every weapon's wait before its first shot (an enemy's arrival, a boss's
    /// new phase), so an enemy that just came on screen does not shoot at once.
    pub fn first_shot_extra_s(self) -> f32 {
        match self {
            Difficulty::Easy => 0.5,
            Difficulty::Normal | Difficulty::Hard => 0.0,
        }
    }

    /// Seconds a curving bullet (one with a turn rate) keeps turning before it flies straight;
    /// `None` for as long as it lives. A bullet that keeps curling circles back over the
    /// player's line again and again, the hardest thing on screen to read.
    pub fn curl_s(self) -> Option<f32> {
        match self {
            Difficulty::Easy | Difficulty::Normal => Some(1.5),
            Difficulty::Hard => None,
        }
    }

    /// The bullets a single aimed shot (an `Aimed` pattern of one bullet) becomes: a fan,
    /// its middle bullet still aimed at the player.
    pub fn aimed_fan(self) -> u32 {
        match self {
            Difficulty::Hard => 3,
            Difficulty::Easy | Difficulty::Normal => 1,
        }
    }

    /// Seconds from a stage's start in which no enemy fires, so a new player can find the
    /// controls before the first bullet.
    pub fn opening_hold_s(self) -> f32 {
        match self {
            Difficulty::Easy => 10.0,
            Difficulty::Normal | Difficulty::Hard => 0.0,
        }
    }
}

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

/// What a level is resolved for: a difficulty, and whether the run is past its first loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Tier {
    pub difficulty: Difficulty,
    /// A second or later loop, where `loop2` scales the stage.
    pub later_loop: bool,
}

impl Tier {
    /// Normal, first loop: the level `check`, `balance` and the stage lists show.
    pub const BASE: Tier = Tier {
        difficulty: Difficulty::Normal,
        later_loop: false,
    };

    /// The tier of a run on `difficulty` in loop `loop_index` (0 for the first).
    pub fn of(difficulty: Difficulty, loop_index: u32) -> Tier {
        Tier {
            difficulty,
            later_loop: loop_index > 0,
        }
    }

    /// Every tier, [`Tier::BASE`] first.
    pub fn all() -> impl Iterator<Item = Tier> {
        let others = [false, true].into_iter().flat_map(|later_loop| {
            Difficulty::ALL.into_iter().map(move |difficulty| Tier {
                difficulty,
                later_loop,
            })
        });
        std::iter::once(Tier::BASE).chain(others.filter(|t| *t != Tier::BASE))
    }

    /// " on hard", " on hard, second loop": what a message about a value of this tier adds.
    pub fn label(self, varied: bool) -> String {
        match (varied, self.later_loop) {
            (false, false) => String::new(),
            (false, true) => " on the second loop".into(),
            (true, false) => format!(" on {}", self.difficulty.name()),
            (true, true) => format!(" on {}, second loop", self.difficulty.name()),
        }
    }
}

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

    #[test]
    fn every_tier_comes_once_base_first() {
        let tiers: Vec<Tier> = Tier::all().collect();
        assert_eq!(tiers.len(), 6);
        assert_eq!(tiers[0], Tier::BASE);
        let mut sorted = tiers.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
        assert_eq!(
            Tier::of(Difficulty::Hard, 2).label(true),
            " on hard, second loop"
        );
    }

    #[test]
    fn each_difficulty_presses_no_less_than_the_one_below_in_every_rule() {
        for pair in Difficulty::ALL.windows(2) {
            let (lo, hi) = (pair[0], pair[1]);
            let ((lo_speed, lo_density), (hi_speed, hi_density)) = (lo.factors(0), hi.factors(0));
            assert!(lo_speed < hi_speed && lo_density < hi_density, "{pair:?}");
            assert!(
                lo.fire_interval_factor() > hi.fire_interval_factor(),
                "{pair:?}"
            );
            assert!(
                lo.first_delay_factor() >= hi.first_delay_factor(),
                "{pair:?}"
            );
            assert!(
                lo.first_shot_extra_s() >= hi.first_shot_extra_s(),
                "{pair:?}"
            );
            assert!(lo.opening_hold_s() >= hi.opening_hold_s(), "{pair:?}");
            assert!(lo.aimed_fan() <= hi.aimed_fan(), "{pair:?}");
            let curl = |d: Difficulty| d.curl_s().unwrap_or(f32::INFINITY);
            assert!(curl(lo) <= curl(hi), "{pair:?}");
        }
    }

    #[test]
    fn normal_plays_the_level_file_as_written() {
        let n = Difficulty::Normal;
        assert_eq!(n.factors(0), (1.0, 1.0));
        assert_eq!(n.fire_interval_factor(), 1.0);
        assert_eq!(n.first_delay_factor(), 1.0);
        assert_eq!(n.first_shot_extra_s(), 0.0);
        assert_eq!((n.aimed_fan(), n.opening_hold_s()), (1, 0.0));
    }

    #[test]
    fn later_loops_are_faster_and_denser_up_to_the_fifth() {
        for d in Difficulty::ALL {
            let (s1, d1) = d.factors(0);
            let (s2, d2) = d.factors(1);
            assert!(s2 > s1 && d2 > d1, "{d:?}");
            assert_eq!(d.factors(4), d.factors(9), "{d:?}");
        }
    }
}
