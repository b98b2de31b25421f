//! The high score table: top ten per difficulty, with name, character and stage reached.
//! Saved atomically in the data folder; a damaged file is kept aside and a fresh table used.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::save::store::SaveFile;
use crate::sim::Character;

pub const TABLE_LEN: usize = 10;
/// A high score's name: three letters, arcade style.
pub const NAME_LEN: usize = 3;
/// A replay's name: room for a word or two ("BOSS RUSH", "NO BOMBS").
pub const REPLAY_NAME_LEN: usize = 12;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub name: String,
    pub score: u64,
    pub character: Character,
    /// Name of the stage reached.
    pub stage: String,
    /// The arcade settings the score was made under when not the game's own, as a short tag
    /// (`1L NOEXT 0C`, see [`ArcadeRules::tag`](crate::sim::ArcadeRules::tag)); empty, and left
    /// out of the file, for the defaults, so older tables read as they were.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    /// The file in `score_replays/` that holds the run's replay (see
    /// [`score_replays`](crate::save::score_replays)); empty, and left out of the file, when
    /// it has none, so older tables read as they were.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub replay: String,
}

/// Longest rules tag kept from a file: the longest the game writes, with room to spare.
const MAX_RULES_TAG: usize = 16;
/// Longest replay file name an entry may name.
const MAX_REPLAY_FILE: usize = 64;

/// Whether `name`, read from a table someone may have edited, is a replay file the game
/// wrote (see `save::score_replays`): a plain `.ron` name in its folder, never a path out of it.
pub fn is_own_name(name: &str) -> bool {
    name.len() <= MAX_REPLAY_FILE
        && name.ends_with(".ron")
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

impl Entry {
    /// The line under the name, at most `max` characters (see [`Subtitle::fit`]).
    pub fn subtitle(&self, max: usize) -> String {
        self.subtitle_parts().fit(max)
    }

    /// The line under the name, uncut: the drawing fits it to the room its row has.
    pub fn subtitle_parts(&self) -> Subtitle {
        Subtitle {
            tag: self.rules.clone(),
            stage: self.stage.clone(),
        }
    }
}

/// The line under a score's name: the stage reached, after the rules tag in brackets when the
/// score was made under other arcade settings (`[1L 0C] Meadowvale`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subtitle {
    /// The rules tag, without its brackets; empty under the standard rules.
    pub tag: String,
    pub stage: String,
}

impl Subtitle {
    /// The line in at most `max` characters. The tag is kept whole; the stage's name is cut
    /// only between words, after its last word that fits (`[1L 0C] Saltmarsh`, never
    /// `Saltmars`), and left off when not even its first word fits. Only a name with no tag
    /// and a first word longer than the line is cut mid-word, rather than show nothing.
    pub fn fit(&self, max: usize) -> String {
        let tag = if self.tag.is_empty() {
            String::new()
        } else {
            format!("[{}]", self.tag)
        };
        let mut line = tag.clone();
        for word in self.stage.split_whitespace() {
            let sep = usize::from(!line.is_empty());
            if line.chars().count() + sep + word.chars().count() > max {
                break;
            }
            if sep == 1 {
                line.push(' ');
            }
            line.push_str(word);
        }
        if line.is_empty() {
            return self.stage.chars().take(max).collect();
        }
        line
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreTable {
    pub tables: BTreeMap<Difficulty, Vec<Entry>>,
}

impl SaveFile for ScoreTable {
    const FILE: &'static str = "scores.ron";
    const HEADER: &'static str = "SkySweep high scores";

    /// Sorts, trims and cleans a table read from a file someone may have edited.
    fn normalise(&mut self) {
        for list in self.tables.values_mut() {
            list.sort_by_key(|e| std::cmp::Reverse(e.score));
            list.truncate(TABLE_LEN);
            for e in list.iter_mut() {
                e.name = clean_name(&e.name);
                e.stage = e.stage.chars().take(24).collect();
                // Only what the game writes into a tag: letters, digits, spaces.
                e.rules = e
                    .rules
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
                    .take(MAX_RULES_TAG)
                    .collect::<String>()
                    .to_ascii_uppercase();
                // Only a file name the game wrote: an edited one cannot point out of the folder.
                if !is_own_name(&e.replay) {
                    e.replay.clear();
                }
            }
        }
    }
}

impl ScoreTable {
    pub fn entries(&self, d: Difficulty) -> &[Entry] {
        self.tables.get(&d).map_or(&[], |v| v.as_slice())
    }

    pub fn best(&self, d: Difficulty) -> u64 {
        self.entries(d).first().map_or(0, |e| e.score)
    }

    /// The rank (0-based) a score would take, if it makes the table.
    pub fn rank_for(&self, d: Difficulty, score: u64) -> Option<usize> {
        if score == 0 {
            return None;
        }
        let entries = self.entries(d);
        // Ties go below earlier entries: the first to reach a score keeps the higher place.
        let rank = entries
            .iter()
            .position(|e| e.score < score)
            .unwrap_or(entries.len());
        (rank < TABLE_LEN).then_some(rank)
    }

    /// Inserts an entry in its place, keeping the top ten; returns its rank if it made it.
    pub fn insert(&mut self, d: Difficulty, mut entry: Entry) -> Option<usize> {
        let rank = self.rank_for(d, entry.score)?;
        entry.name = clean_name(&entry.name);
        let list = self.tables.entry(d).or_default();
        list.insert(rank, entry);
        list.truncate(TABLE_LEN);
        Some(rank)
    }

    /// The rank (0-based) of `entry` in the table of `d`: the first entry equal to it.
    pub fn rank_of(&self, d: Difficulty, entry: &Entry) -> Option<usize> {
        self.entries(d).iter().position(|e| e == entry)
    }

    /// Gives `entry`, already in the table (a score kept under a stand-in name the moment it
    /// was made), the name `name`; returns its rank, or `None` when it is not in the table.
    /// Two entries alike in all but name are told apart by order: the first is renamed.
    pub fn rename(&mut self, d: Difficulty, entry: &Entry, name: &str) -> Option<usize> {
        let rank = self.rank_of(d, entry)?;
        self.tables.get_mut(&d)?[rank].name = clean_name(name);
        Some(rank)
    }
}

/// A high score's name: upper-case letters, digits and a few marks, at most [`NAME_LEN`]
/// characters.
pub fn clean_name(name: &str) -> String {
    clean_name_within(name, NAME_LEN)
}

/// A replay's name: as [`clean_name`], at most [`REPLAY_NAME_LEN`] characters.
pub fn clean_replay_name(name: &str) -> String {
    clean_name_within(name, REPLAY_NAME_LEN)
}

fn clean_name_within(name: &str, len: usize) -> String {
    let n: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || ".-!? ".contains(*c))
        .take(len)
        .collect::<String>()
        .to_ascii_uppercase();
    if n.trim().is_empty() {
        "???".into()
    } else {
        n
    }
}

/// Test entries and what a table holds, for this module's tests and the score replays'.
#[cfg(test)]
pub(crate) mod sample {
    use super::*;

    /// Vela's score on Meadowvale under the default rules; `replay` names its file, if any.
    pub fn entry(name: &str, score: u64, replay: &str) -> Entry {
        Entry {
            name: name.into(),
            score,
            character: Character::Vela,
            stage: "Meadowvale".into(),
            rules: String::new(),
            replay: replay.into(),
        }
    }

    /// One field of each entry of `t`'s table for `d`, best first.
    pub fn column<'a, T>(t: &'a ScoreTable, d: Difficulty, field: fn(&'a Entry) -> T) -> Vec<T> {
        t.entries(d).iter().map(field).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::sample::column;
    use super::*;
    use crate::testkit::files::load_damaged;

    fn entry(name: &str, score: u64) -> Entry {
        super::sample::entry(name, score, "")
    }

    #[test]
    fn scores_under_other_rules_are_marked_and_old_files_read_unmarked() {
        let p = temp("rules");
        let mut t = ScoreTable::default();
        t.insert(Difficulty::Normal, entry("OLD", 500));
        t.insert(
            Difficulty::Normal,
            Entry {
                rules: "1L 0C".into(),
                ..entry("ONE", 900)
            },
        );
        t.save_to(&p).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(text.matches("rules:").count(), 1, "defaults leave no tag");
        let (back, warning) = ScoreTable::load_from(&p);
        assert_eq!((back.clone(), warning), (t, None));
        let subtitles = column(&back, Difficulty::Normal, |e| e.subtitle(24));
        assert_eq!(subtitles, ["[1L 0C] Meadowvale", "Meadowvale"]);
        let long = Entry {
            rules: "1L NOEXT 0C".into(),
            stage: "Redrock Canyon".into(),
            ..entry("ACE", 1)
        };
        assert_eq!(
            long.subtitle(24),
            "[1L NOEXT 0C] Redrock",
            "fits the line, cut after a whole word"
        );
        let harbour = Entry {
            rules: "1L 0C".into(),
            stage: "Saltmarsh Harbour".into(),
            ..entry("ACE", 1)
        };
        assert_eq!(harbour.subtitle(24), "[1L 0C] Saltmarsh");
        assert_eq!(harbour.subtitle(12), "[1L 0C]", "no whole word fits");
        assert_eq!(harbour.subtitle(25), "[1L 0C] Saltmarsh Harbour");
        // A hand-edited tag cannot draw anything the game would not write.
        std::fs::write(
            &p,
            "(tables: {Normal: [(name: \"X\", score: 5, character: Vela, stage: \"s\", rules: \"]<<a very long tag indeed>>\")]})",
        )
        .unwrap();
        let (t, _) = ScoreTable::load_from(&p);
        assert_eq!(t.entries(Difficulty::Normal)[0].rules, "A VERY LONG TAG ");
    }

    fn temp(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("skysweep-scores-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d.join("scores.ron")
    }

    #[test]
    fn keeps_the_top_ten_sorted_per_difficulty() {
        let mut t = ScoreTable::default();
        for (i, s) in [
            500u64, 100, 900, 300, 700, 200, 800, 400, 600, 1000, 50, 950,
        ]
        .iter()
        .enumerate()
        {
            t.insert(Difficulty::Normal, entry(&format!("P{i}"), *s));
        }
        let scores = column(&t, Difficulty::Normal, |e| e.score);
        assert_eq!(
            scores,
            vec![1000, 950, 900, 800, 700, 600, 500, 400, 300, 200]
        );
        assert!(
            t.entries(Difficulty::Hard).is_empty(),
            "each difficulty has its own table"
        );
        assert_eq!(
            t.rank_for(Difficulty::Normal, 150),
            None,
            "too low to make the table"
        );
        assert_eq!(t.rank_for(Difficulty::Normal, 960), Some(1));
        assert_eq!(t.best(Difficulty::Normal), 1000);
    }

    #[test]
    fn an_equal_score_ranks_below_the_earlier_one() {
        let mut t = ScoreTable::default();
        t.insert(Difficulty::Easy, entry("AAA", 100));
        assert_eq!(t.insert(Difficulty::Easy, entry("BBB", 100)), Some(1));
        assert_eq!(t.entries(Difficulty::Easy)[0].name, "AAA");
    }

    #[test]
    fn saves_and_loads_atomically() {
        let p = temp("save");
        let mut t = ScoreTable::default();
        t.insert(Difficulty::Hard, entry("ace", 12345));
        t.save_to(&p).unwrap();
        let (back, warning) = ScoreTable::load_from(&p);
        assert!(warning.is_none());
        assert_eq!(back.entries(Difficulty::Hard)[0].name, "ACE");
        assert_eq!(back, t);
        let leftovers: Vec<_> = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("tmp"))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_the_table_starts_fresh() {
        let p = temp("corrupt");
        let text = "(tables: {Normal: [(name: \"X\", score: -5)]})";
        let w = load_damaged(&p, text, ScoreTable::load_from);
        assert!(w.contains("damaged") && w.contains("kept as"), "{w}");
        let kept: Vec<_> = std::fs::read_dir(p.parent().unwrap())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("damaged"))
            .collect();
        assert_eq!(kept.len(), 1);
        // Saving afterwards writes a good file beside the kept one.
        let mut t = ScoreTable::default();
        t.insert(Difficulty::Normal, entry("NEW", 10));
        t.save_to(&p).unwrap();
        assert_eq!(ScoreTable::load_from(&p).0, t);
    }

    #[test]
    fn an_empty_score_file_is_an_empty_table_and_stays_put() {
        let p = temp("empty");
        for text in ["", " \n\t\n"] {
            std::fs::write(&p, text).unwrap();
            let (t, warning) = ScoreTable::load_from(&p);
            assert_eq!(t, ScoreTable::default());
            assert_eq!(warning, None, "{text:?}");
            let names = crate::testkit::files::names_in(p.parent().unwrap());
            assert_eq!(names, ["scores.ron"], "{text:?} is not set aside");
        }
    }

    #[test]
    fn names_are_cleaned() {
        assert_eq!(clean_name("ab"), "AB");
        assert_eq!(clean_name("zzzzzz"), "ZZZ");
        assert_eq!(clean_name("\u{1F600}\n"), "???");
        assert_eq!(clean_replay_name("review run!"), "REVIEW RUN!");
        assert_eq!(clean_replay_name("abcdefghijklmnop"), "ABCDEFGHIJKL");
    }

    #[test]
    fn a_score_kept_under_a_stand_in_name_is_renamed_in_place() {
        let mut t = ScoreTable::default();
        t.insert(Difficulty::Normal, entry("TOP", 900));
        let kept = entry("???", 500);
        assert_eq!(t.insert(Difficulty::Normal, kept.clone()), Some(1));
        t.insert(Difficulty::Normal, entry("LOW", 100));
        assert_eq!(t.rename(Difficulty::Normal, &kept, "jo"), Some(1));
        let names = column(&t, Difficulty::Normal, |e| e.name.as_str());
        assert_eq!(names, ["TOP", "JO", "LOW"]);
        assert_eq!(t.rename(Difficulty::Normal, &kept, "X"), None, "named once");
    }
}
