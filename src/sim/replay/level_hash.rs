//! The hash a version-3 replay records for each stage: of the level as loaded, not of its
//! files' text, so a comment, a reformat or a reordering of definitions that loads to the same
//! level leaves every replay of it playable.

use std::hash::Hasher;

use crate::level::{Difficulty, Level, Tier};

/// A hash of everything in `level` the simulation can read: FNV-1a (fixed forever, unlike the
/// standard library's hasher) over the level's values in postcard's encoding, with `source`
/// (where the file was found) and `content_hash` (the text's hash) blanked.
///
/// Only values are hashed. Postcard writes no field or type names and an enum variant as
/// its index, so renaming a field, a type or a variant in the code leaves every level's hash
/// as it was; numbers are written exactly (floats by their bits), maps in key order (a
/// `BTreeMap`), and nothing depends on pointers or the run. What does change the hash is a
/// change of the values, of their order in a type (fields or variants reordered), or of the
/// types' shape (a field added or removed): the last two change what a level is, so every
/// replay is re-recorded then anyway (see `tests/replays/README.md`), except for a field
/// left out of the encoding at its neutral value (a weapon's `angle_deg` of 0, a phase's
/// `after_s` of none, a level's empty `variants`): it changes only the hashes of levels that
/// use it. It covers some fields that do not decide play (names, sprites, music), so
/// changing those reads as a changed stage: the safe side.
pub fn level_hash(level: &Level) -> u64 {
    let blanked = Level {
        source: String::new(),
        content_hash: 0,
        ..level.clone()
    };
    let mut h = fnv::FnvHasher::default();
    match postcard::to_stdvec(&blanked) {
        Ok(bytes) => h.write(&bytes),
        // Postcard fails only on types it cannot encode (a map of unknown length, say),
        // which a `Level` never holds; the test below encodes every shipped stage. Should
        // the type ever gain one, the Debug text still tells levels apart.
        Err(_) => h.write(format!("{blanked:?}").as_bytes()),
    }
    h.finish()
}

/// The hash of `level` as a run on `difficulty` and loop `loop_index` plays it (the level's
/// variant for that tier, or the level itself): what a replay records for each stage and
/// checks again when it plays.
pub fn played_hash(level: &Level, difficulty: Difficulty, loop_index: u32) -> u64 {
    level_hash(level.tier(Tier::of(difficulty, loop_index)))
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

    #[test]
    fn every_shipped_stage_encodes_and_hashes_apart() {
        use std::path::Path;

        use crate::level::{load_stage, stage_files, Catalog};

        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let mut hashes = Vec::new();
        for path in stage_files(&dir).unwrap() {
            let level = load_stage(&path, &Catalog::unchecked()).unwrap();
            // The Debug fallback is for a type postcard cannot encode; no stage takes it.
            assert!(postcard::to_stdvec(&level).is_ok(), "{}", path.display());
            hashes.push(level_hash(&level));
        }
        assert!(hashes.len() >= 6);
        let mut apart = hashes.clone();
        apart.sort_unstable();
        apart.dedup();
        assert_eq!(apart.len(), hashes.len(), "{hashes:x?}");
    }
}
