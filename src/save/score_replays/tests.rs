//! The score replays' bound and their checks: a score that leaves the table takes its replay
//! with it, nothing the table names is ever removed, and a replay that no longer verifies is
//! marked so while its score stays.

use std::path::Path;
use std::sync::Arc;

use super::*;
use crate::level::Catalog;
use crate::save::scores::sample::{column, entry};
use crate::save::store::SaveFile;
use crate::sim::replay::verify::StageFiles;
use crate::sim::{Input, World, WorldConfig};

fn files(dir: &Path) -> Vec<String> {
    crate::testkit::files::names_in(dir)
}

/// A real run of `steps` steps on the first stage, recorded.
fn recorded(steps: usize, date: u64) -> Replay {
    let level = Arc::new(
        crate::level::load_stage(Path::new("levels/stage1.ron"), &Catalog::unchecked()).unwrap(),
    );
    let config = WorldConfig::default();
    let mut replay = Replay::for_run(&level, &config);
    replay.date = date;
    let mut world = World::new(level, config);
    for i in 0..steps {
        let input = Input {
            shot: true,
            left: i % 90 < 45,
            ..Input::default()
        };
        world.step(&[input]);
        replay.record_step(&[input], &world);
    }
    replay
}

/// Enters a score of `score` with a replay kept for it, as the game does at GAME OVER.
fn enter(dir: &Path, table: &mut ScoreTable, name: &str, score: u64) -> Option<usize> {
    let replay = recorded(1, score);
    let file = keep(dir, &replay, Difficulty::Normal, score).unwrap();
    let before = table.clone();
    let rank = table.insert(Difficulty::Normal, entry(name, score, &file));
    tidy(dir, &before, table, Some(&file));
    rank
}

/// Issue #44: every score in the table has its replay; one pushed out of the table takes its
/// replay with it, and one that never made the table leaves no file behind.
#[test]
fn a_score_that_leaves_the_table_takes_its_replay_with_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(FOLDER);
    let mut table = ScoreTable::default();
    for i in 1..=TABLE_LEN as u64 {
        assert!(enter(&dir, &mut table, "AAA", i * 100).is_some());
    }
    assert_eq!(files(&dir).len(), TABLE_LEN);
    let lowest = table.entries(Difficulty::Normal)[TABLE_LEN - 1]
        .replay
        .clone();
    assert!(dir.join(&lowest).exists());
    // A new best pushes the lowest score out: its replay goes too.
    assert_eq!(enter(&dir, &mut table, "TOP", 5000), Some(0));
    assert!(
        !dir.join(&lowest).exists(),
        "the score that left took its replay"
    );
    assert_eq!(files(&dir).len(), TABLE_LEN);
    // A score too low for the table keeps no replay.
    assert_eq!(enter(&dir, &mut table, "LOW", 50), None);
    assert_eq!(files(&dir).len(), TABLE_LEN);
    let mut on_disk = files(&dir);
    on_disk.sort();
    assert_eq!(on_disk, named(&table).into_iter().collect::<Vec<_>>());
}

/// Files the table does not name (a crash between the writes, a damaged table set aside) stay
/// until the folder is full, then go oldest first; a file the table names never goes.
#[test]
fn the_folder_is_bounded_and_never_loses_a_named_replay() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut table = ScoreTable::default();
    table.insert(Difficulty::Hard, entry("KEP", 10, "kept.ron"));
    std::fs::write(dir.join("kept.ron"), "named").unwrap();
    std::fs::write(dir.join("notes.txt"), "not ours").unwrap();
    for i in 0..MAX_FILES + 4 {
        std::fs::write(dir.join(format!("{i:03}_orphan.ron")), "x").unwrap();
    }
    assert!(bound(dir, &table).len() == 5, "down to the bound");
    let left = files(dir);
    assert_eq!(
        left.iter().filter(|n| n.ends_with(".ron")).count(),
        MAX_FILES
    );
    assert!(left.contains(&"kept.ron".to_string()));
    assert!(left.contains(&"notes.txt".to_string()), "only replay files");
    assert!(
        bound(dir, &table).is_empty(),
        "within the bound nothing goes"
    );
}

/// A table edited to point out of the folder is not followed; old tables read without
/// replays; entries keep their file through a save.
#[test]
fn an_entry_names_only_a_file_in_the_folder() {
    assert!(is_own_name("1700000000_NORMAL_12345.ron"));
    for bad in [
        "../scores.ron",
        "/etc/passwd.ron",
        ".hidden.ron",
        "a b.ron",
        "x.txt",
        "",
    ] {
        assert!(!is_own_name(bad), "{bad}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("scores.ron");
    let text = "(tables: {Normal: [(name: \"A\", score: 9, character: Vela, stage: \"s\", replay: \"../../x.ron\"), (name: \"B\", score: 5, character: Vela, stage: \"s\", replay: \"5_NORMAL_5.ron\"), (name: \"C\", score: 1, character: Vela, stage: \"s\")]})";
    std::fs::write(&p, text).unwrap();
    let (t, warning) = ScoreTable::load_from(&p);
    assert_eq!(warning, None);
    let replays = column(&t, Difficulty::Normal, |e| e.replay.as_str());
    assert_eq!(replays, ["", "5_NORMAL_5.ron", ""]);
    assert_eq!(
        read_table(&p).unwrap(),
        t,
        "verify reads what the game reads"
    );
    t.save_to(&p).unwrap();
    assert_eq!(ScoreTable::load_from(&p).0, t);
    assert_eq!(
        std::fs::read_to_string(&p)
            .unwrap()
            .matches("replay:")
            .count(),
        1
    );
    // verify reads a damaged table without moving it aside.
    std::fs::write(&p, "(tables: {Normal: [(").unwrap();
    assert!(read_table(&p).unwrap_err().contains("damaged"));
    assert!(p.exists());
}

/// Issue #44: `verify` and HIGH SCORES mark each score's replay: verified when it plays back,
/// not verified when it no longer does (edited, damaged), missing when its file is gone. The
/// score is never deleted for it.
#[test]
fn each_score_replay_is_marked_verified_or_not() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(FOLDER);
    let good = keep(&dir, &recorded(240, 7), Difficulty::Normal, 700).unwrap();
    let mut edited = recorded(240, 8);
    edited.stages[0].checkpoints[0].1 = "0123456789abcdef".into();
    let edited = keep(&dir, &edited, Difficulty::Normal, 600).unwrap();
    let damaged = keep(&dir, &recorded(240, 9), Difficulty::Normal, 500).unwrap();
    std::fs::write(dir.join(&damaged), "(version: 3, steps: [").unwrap();
    let mut table = ScoreTable::default();
    for (name, score, file) in [
        ("GUD", 700, good.as_str()),
        ("EDT", 600, edited.as_str()),
        ("DMG", 500, damaged.as_str()),
        ("GON", 400, "4_NORMAL_400.ron"),
        ("OLD", 300, ""),
    ] {
        table.insert(Difficulty::Normal, entry(name, score, file));
    }
    let mut stages = StageFiles::new(Path::new(""), Catalog::unchecked());
    let marks: Vec<(String, Option<Check>)> = rows(&table, &dir)
        .iter()
        .map(|r| {
            let check = r.replay.as_deref().map(|p| check(p, &mut stages));
            (r.entry.name.clone(), check)
        })
        .collect();
    assert_eq!(marks[0], ("GUD".into(), Some(Check::Verified)));
    assert!(matches!(&marks[1].1, Some(Check::NotVerified(why)) if why.contains("desynced")));
    assert!(matches!(&marks[2].1, Some(Check::NotVerified(_))));
    assert_eq!(marks[3].1, Some(Check::Missing));
    assert_eq!(marks[4], ("OLD".into(), None), "an old score has no replay");
    // Marking changes nothing: every score and file is still there.
    assert_eq!(table.entries(Difficulty::Normal).len(), 5);
    assert_eq!(files(&dir).len(), 3);
    assert_eq!(rows(&table, &dir)[0].label(), "NORMAL 1 GUD 700 VELA");
}
