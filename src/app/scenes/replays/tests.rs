//! The REPLAYS menu's logic, headless: list order, unplayable rows, delete confirmation.

use std::path::Path;

use skysweep::level::Difficulty;
use skysweep::testkit::scenario::replay_of;

use super::*;
use crate::app::services::menu_input::press::with as input;

/// A replay dated `date`, named `name`, recorded on a stage file that does not exist.
fn write_replay(dir: &Path, file: &str, name: &str, date: u64) {
    let mut r = replay_of("levels/no_such_stage.ron", 1, Difficulty::default(), date);
    r.name = name.into();
    r.save(&dir.join(file)).unwrap();
}

#[test]
fn rows_come_newest_first_and_bad_files_are_listed_with_why() {
    let dir = tempfile::tempdir().unwrap();
    write_replay(dir.path(), "a.ron", "OLDEST", 1_000);
    write_replay(dir.path(), "b.ron", "NEWEST", 3_000);
    write_replay(dir.path(), "c.ron", "MIDDLE", 2_000);
    std::fs::write(dir.path().join("damaged.ron"), b"\xff\x00 not a replay").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not listed").unwrap();
    let rows = scan(dir.path(), &mut stage_files(&Shipped::find()));
    let names: Vec<&str> = rows.iter().map(|r| r.listing.name.as_str()).collect();
    // The damaged file has no date: it sorts by its file time, newer than 1970.
    assert_eq!(names, ["", "NEWEST", "MIDDLE", "OLDEST"]);
    for row in &rows {
        assert!(!row.playable(), "{:?}", row.listing.state);
        assert!(
            row.state_text().starts_with("UNPLAYABLE: "),
            "{}",
            row.state_text()
        );
    }
    assert!(
        rows[1].state_text().contains("no_such_stage"),
        "{}",
        rows[1].state_text()
    );
    assert_eq!(rows[0].lines()[0].trim(), "damaged.ron");
    // One stage recorded: counted in the singular, as the save prompt counts it.
    assert_eq!(rows[1].lines()[2], "1 STAGE 0");
    // Its hint offers only the keys that do something: no stage to choose, nothing to play.
    let hint = browse_hint(&rows[1], 0);
    assert!(hint.contains("FROM STAGE 1 "), "{hint}");
    assert!(
        !hint.contains("LEFT/RIGHT") && !hint.contains("SHOT PLAYS"),
        "{hint}"
    );
    assert!(hint.ends_with("DEL DELETES  ESC BACK"), "{hint}");
    // A stage's name moves to the next line whole: HARBOUR is not left on a line alone.
    let mut row = rows[1].clone();
    row.listing.stages = vec!["Saltmarsh Harbour".into()];
    let lines = menus::footer_lines(&browse_hint(&row, 0));
    assert!(
        lines.iter().any(|l| l.ends_with("SALTMARSH HARBOUR")),
        "{lines:?}"
    );
}

/// Issue #42: a run whose draw put stage 2 first recorded it first; REPLAYS numbered it by
/// its place (STAGE 1) where its card, playing, said STAGE 2. One number: the stage's own.
#[test]
fn replays_number_a_stage_as_its_card_does_not_by_its_place_in_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let r = replay_of("levels/stage2.ron", 1, Difficulty::default(), 5);
    r.save(&dir.path().join("drawn.ron")).unwrap();
    let rows = scan(dir.path(), &mut stage_files(&Shipped::find()));
    let hint = browse_hint(&rows[0], 0);
    let card = crate::render::stage::StageCard::of("levels/stage2.ron").title();
    assert_eq!(card, "STAGE 2");
    assert!(hint.contains("FROM STAGE 2 "), "{hint}");
}

#[test]
fn a_missing_folder_is_an_empty_menu_that_backs_out() {
    let rows = scan(
        Path::new("/no/such/folder/at/all"),
        &mut stage_files(&Shipped::find()),
    );
    let mut b = Browser::new(rows);
    assert_eq!(b.input(&input(|m| m.down = true), false), Action::None);
    assert_eq!(b.input(&input(|m| m.ok = true), false), Action::Back);
}

#[test]
fn an_unplayable_row_is_refused_in_words() {
    let dir = tempfile::tempdir().unwrap();
    write_replay(dir.path(), "a.ron", "A", 1_000);
    let mut b = Browser::new(scan(dir.path(), &mut stage_files(&Shipped::find())));
    match b.input(&input(|m| m.ok = true), false) {
        Action::Refused(why) => assert!(why.contains("no_such_stage"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn delete_asks_first_and_no_keeps_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write_replay(dir.path(), "a.ron", "A", 1_000);
    write_replay(dir.path(), "b.ron", "B", 2_000);
    let mut b = Browser::new(scan(dir.path(), &mut stage_files(&Shipped::find())));
    let none = MenuInput::default();
    b.input(&none, true);
    assert_eq!(b.mode, Mode::ConfirmDelete { yes: false });
    // NO is highlighted first: shot keeps the file.
    assert_eq!(b.input(&input(|m| m.ok = true), false), Action::None);
    assert!(dir.path().join("b.ron").exists());
    assert_eq!(b.rows.len(), 2);
    // Back cancels too.
    b.input(&none, true);
    b.input(&input(|m| m.right = true), false);
    assert_eq!(b.input(&input(|m| m.back = true), false), Action::None);
    assert!(dir.path().join("b.ron").exists());
    // YES deletes the row under the cursor, the newest.
    b.input(&none, true);
    b.input(&input(|m| m.left = true), false);
    assert_eq!(b.mode, Mode::ConfirmDelete { yes: true });
    assert_eq!(
        b.input(&input(|m| m.ok = true), false),
        Action::Deleted(Ok(()))
    );
    assert!(!dir.path().join("b.ron").exists());
    assert!(dir.path().join("a.ron").exists());
    assert_eq!(b.rows.len(), 1);
    assert_eq!(b.cursor, 0);
}

#[test]
fn the_shipped_replays_play_from_any_of_their_stages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays");
    let rows = scan(&dir, &mut stage_files(&Shipped::find()));
    assert!(!rows.is_empty());
    let row = rows
        .iter()
        .position(Row::playable)
        .expect("a committed replay plays");
    let stages = rows[row].listing.stages.len();
    let mut b = Browser::new(rows);
    b.cursor = row;
    if stages > 1 {
        b.input(&input(|m| m.right = true), false);
    }
    let from = usize::from(stages > 1);
    assert_eq!(
        b.input(&input(|m| m.ok = true), false),
        Action::Play { row, from }
    );
    let (replay, levels, carry) = load_for_play(&Shipped::find(), &b.rows[row].path, from).unwrap();
    assert_eq!(levels.len(), replay.stages.len());
    assert_eq!(carry.is_empty(), from == 0);
}

/// The play-test found a ten-letter name's row cut at "2026-11-27 17:": a long name keeps the
/// day and drops the time, so the row stays inside the list's 26 columns.
#[test]
fn a_long_replay_name_keeps_its_row_inside_the_list() {
    let dir = tempfile::tempdir().unwrap();
    write_replay(dir.path(), "long.ron", "SKYSWEEPERXY", 1_764_264_900);
    write_replay(dir.path(), "short.ron", "ACE", 1_764_264_900);
    let rows = scan(dir.path(), &mut stage_files(&Shipped::find()));
    let first = |name: &str| {
        let row = rows.iter().find(|r| r.listing.name == name).unwrap();
        row.lines()[0].clone()
    };
    assert_eq!(first("SKYSWEEPERXY"), "SKYSWEEPERXY  2025-11-27");
    assert_eq!(first("ACE"), "ACE  2025-11-27 17:35");
    assert!(rows
        .iter()
        .all(|r| r.lines()[0].chars().count() <= ROW_COLUMNS));
}
