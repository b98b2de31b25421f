//! The hash a version-3 replay records for each stage: of the level as loaded, not of its
//! files' text, so a comment, a reformat or a reordering of definitions that loads to the same
//! level leaves every replay of it playable.

use std::hash::Hasher;

use crate::level::Level;

/// A hash of everything in `level` the simulation can read: FNV-1a (fixed forever, unlike the
/// standard library's hasher) over the level's `Debug` text with `source` (where the file
/// was found) and `content_hash` (the text's hash) blanked.
///
/// Stable across runs and builds of the same code: a [`Level`] holds only `Vec`s, a
/// `BTreeMap` (in key order), numbers (`Debug` prints a float's shortest exact form, so two
/// floats print alike only when equal), strings and enums; no `HashMap` and no pointer. It
/// covers some fields that do not decide play (names, sprites, music), so changing those is
/// read as a changed stage: the safe side. A change to the `Level` type itself (a field
/// renamed or added) changes every level's hash, which is a change of rules anyway: re-record
/// the committed replays (see `tests/replays/README.md`).
pub fn level_hash(level: &Level) -> u64 {
    let blanked = Level {
        source: String::new(),
        content_hash: 0,
        ..level.clone()
    };
    let mut h = fnv::FnvHasher::default();
    h.write(format!("{blanked:?}").as_bytes());
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::level_hash;
    use crate::testkit::scenario;

    const STAGE: &str = r#"Stage(name: "S", length_s: 20, scroll_speed: 20, uses: ["defs"], events: [
        Spawn(at: 0.5, enemy: "drone", x: 100, y: 60, count: 4, spacing_s: 0.4),
    ])"#;

    #[test]
    fn a_comment_or_a_reformat_keeps_the_hash_and_a_change_of_play_does_not() {
        let plain = scenario::level(STAGE).unwrap();
        let commented = scenario::level(&format!(
            "// a note\n{}\n// end",
            STAGE.replace(", ", ",\n  ")
        ))
        .unwrap();
        assert_ne!(
            plain.content_hash, commented.content_hash,
            "the text differs"
        );
        assert_eq!(level_hash(&plain), level_hash(&commented));
        let mut moved = (*plain).clone();
        moved.source = "elsewhere/stage.ron".into();
        assert_eq!(
            level_hash(&plain),
            level_hash(&moved),
            "where the file lies is not play"
        );
        let changed = scenario::level(&STAGE.replace("count: 4", "count: 5")).unwrap();
        assert_ne!(level_hash(&plain), level_hash(&changed));
        let faster =
            scenario::level(&STAGE.replace("scroll_speed: 20", "scroll_speed: 21")).unwrap();
        assert_ne!(level_hash(&plain), level_hash(&faster));
    }
}
