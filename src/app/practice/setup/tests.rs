//! The practice menu's logic, headless: menu input as data in, the choice and the run options
//! out, as the command line would give them.

use std::collections::BTreeMap;
use std::path::PathBuf;

use skysweep::level::Difficulty;
use skysweep::run::{RunKind, Stages, Start};
use skysweep::sim::Character;

use super::{Pick, PracticeSetup, Row, StageEntry, ROWS};
use crate::app::services::menu_input::press::with as press;
use crate::app::services::menu_input::{MenuEvent, MenuInput};

fn stage(number: u32, reached: bool) -> StageEntry {
    let markers = BTreeMap::from([
        ("start".to_string(), 0.0),
        ("boss".to_string(), 138.0),
        ("midboss".to_string(), 78.0),
    ]);
    StageEntry {
        path: PathBuf::from(format!("levels/stage{number}.ron")),
        file: format!("stage{number}.ron"),
        name: format!("Stage {number}"),
        number,
        starts: StageEntry::starts_from(&markers),
        reached,
    }
}

/// Six stages, the first three offered (as for a new player).
fn menu() -> PracticeSetup {
    PracticeSetup::new(
        (1..=6).map(|n| stage(n, n <= 3)).collect(),
        Difficulty::Normal,
    )
}

fn go_to(s: &mut PracticeSetup, row: Row) {
    while s.row() != row {
        assert_eq!(s.apply(&press(|m| m.down = true)), MenuEvent::Moved);
    }
}

#[test]
fn starts_are_the_beginning_then_each_marker_by_time() {
    let names: Vec<String> = stage(1, true).starts.into_iter().map(|s| s.0).collect();
    assert_eq!(names, ["start", "midboss", "boss"]);
}

#[test]
fn only_offered_stages_are_chosen_until_all_are_unlocked() {
    let mut s = menu();
    let right = press(|m| m.right = true);
    for want in [2, 3, 1, 2] {
        assert_eq!(s.apply(&right), MenuEvent::Changed);
        assert_eq!(s.stage_entry().unwrap().number, want);
    }
    go_to(&mut s, Row::UnlockAll);
    assert_eq!(s.apply(&press(|m| m.ok = true)), MenuEvent::Changed);
    assert!(s.options.unlock_all);
    go_to(&mut s, Row::Stage);
    for want in [3, 4, 5, 6, 1] {
        s.apply(&right);
        assert_eq!(s.stage_entry().unwrap().number, want);
    }
    // Locking again while on stage 5 moves back to an offered stage.
    s.apply(&press(|m| m.left = true));
    s.apply(&press(|m| m.left = true));
    assert_eq!(s.stage_entry().unwrap().number, 5);
    go_to(&mut s, Row::UnlockAll);
    s.apply(&press(|m| m.ok = true));
    assert_eq!(s.stage_entry().unwrap().number, 1);
}

#[test]
fn a_boss_practice_becomes_the_command_lines_options() {
    let mut s = menu();
    let right = press(|m| m.right = true);
    s.apply(&right); // stage 2
    go_to(&mut s, Row::Start);
    s.apply(&right);
    s.apply(&right); // the boss
    go_to(&mut s, Row::Pilot1);
    s.apply(&right); // Brass
    go_to(&mut s, Row::Pilot2);
    s.apply(&right); // Vela for 2P
    go_to(&mut s, Row::Difficulty);
    s.apply(&right); // Hard
    go_to(&mut s, Row::Loop);
    s.apply(&right);
    s.apply(&right); // stays at 2
    go_to(&mut s, Row::Power);
    for _ in 0..5 {
        s.apply(&right);
    }
    go_to(&mut s, Row::Invincible);
    s.apply(&press(|m| m.ok = true));
    go_to(&mut s, Row::Go);
    assert_eq!(
        s.apply(&press(|m| m.ok = true)),
        MenuEvent::Picked(Pick::Go)
    );
    let a = s.plan().unwrap();
    assert_eq!(a.stages, Stages::One(PathBuf::from("levels/stage2.ron")));
    assert_eq!(a.start, Start::At("boss".into()));
    assert_eq!(a.pilots, [Character::Brass, Character::Vela]);
    assert_eq!(a.difficulty, Difficulty::Hard);
    assert_eq!(a.loop_index, 1, "the second loop");
    assert_eq!(a.start_power, 4, "power stops at 4");
    assert!(a.invincible);
    assert_eq!((a.kind, a.bot), (RunKind::Practice, None));
}

#[test]
fn the_beginning_is_no_start_and_one_pilot_is_one_player() {
    let s = menu();
    let a = s.plan().unwrap();
    assert_eq!(a.start, Start::Beginning);
    assert_eq!(a.pilots, [Character::Vela]);
    assert_eq!(a.loop_index, 0);
}

#[test]
fn lives_and_bombs_stay_in_their_range_and_toggles_flip() {
    let mut s = menu();
    go_to(&mut s, Row::Lives);
    for _ in 0..20 {
        s.apply(&press(|m| m.left = true));
    }
    assert_eq!(s.options.lives, 1);
    assert_eq!(s.apply(&press(|m| m.left = true)), MenuEvent::Nothing);
    go_to(&mut s, Row::Bombs);
    for _ in 0..20 {
        s.apply(&press(|m| m.right = true));
    }
    assert_eq!(s.options.bombs, super::MAX_BOMBS);
    go_to(&mut s, Row::AutoRestart);
    s.apply(&press(|m| m.right = true));
    assert!(s.options.auto_restart);
    s.apply(&press(|m| m.ok = true));
    assert!(!s.options.auto_restart);
}

#[test]
fn back_and_escape_leave_and_the_cursor_wraps() {
    let mut s = menu();
    assert_eq!(s.apply(&press(|m| m.back = true)), MenuEvent::Back);
    s.apply(&press(|m| m.up = true));
    assert_eq!(s.row(), Row::Back);
    assert_eq!(s.apply(&press(|m| m.ok = true)), MenuEvent::Back);
    assert_eq!(s.apply(&MenuInput::default()), MenuEvent::Nothing);
    assert_eq!(s.rows().len(), ROWS.len());
}

#[test]
fn with_no_stage_nothing_starts() {
    let mut s = PracticeSetup::new(Vec::new(), Difficulty::Easy);
    s.cursor = ROWS.iter().position(|r| *r == Row::Go).unwrap();
    assert_eq!(s.apply(&press(|m| m.ok = true)), MenuEvent::Nothing);
    assert!(s.plan().is_none());
    s.cursor = 0;
    assert_eq!(s.apply(&press(|m| m.right = true)), MenuEvent::Nothing);
}

/// Issue #31: the Extra stage comes last, labelled EX; practice offers it once the game has
/// been cleared (its entry then counts as reached), or with ALL STAGES.
#[test]
fn the_extra_stage_is_offered_once_cleared_or_with_all_stages() {
    let extra = |cleared: bool| StageEntry {
        path: PathBuf::from("levels/stage7.ron"),
        file: skysweep::level::EXTRA_STAGE.into(),
        name: "The Stormcrown".into(),
        ..stage(7, cleared)
    };
    let right = press(|m| m.right = true);
    let numbers = |s: &mut PracticeSetup| -> Vec<u32> {
        (0..8)
            .map(|_| {
                s.apply(&right);
                s.stage_entry().unwrap().number
            })
            .collect()
    };
    // Not cleared: the extra stage never comes round.
    let mut s = menu();
    s.stages.push(extra(false));
    assert!(!numbers(&mut s).contains(&7));
    // ALL STAGES unlocks it too.
    go_to(&mut s, Row::UnlockAll);
    s.apply(&press(|m| m.ok = true));
    go_to(&mut s, Row::Stage);
    assert!(numbers(&mut s).contains(&7));
    // Cleared: offered without ALL STAGES, after the stages reached.
    let mut s = menu();
    s.stages.push(extra(true));
    assert_eq!(numbers(&mut s)[..4], [2, 3, 7, 1]);
    assert_eq!(s.stages[6].label(), "EX THE STORMCROWN");
    assert_eq!(s.stages[1].label(), "2 STAGE 2");
    while s.stage_entry().unwrap().number != 7 {
        s.apply(&right);
    }
    let a = s.plan().unwrap();
    assert_eq!(a.stages, Stages::One(PathBuf::from("levels/stage7.ron")));
}

/// Issue #42: the menu opens as it was left, from the record; a stage that is no longer offered
/// falls back on the first, and a start the stage lacks on its beginning.
#[test]
fn the_menu_recalls_the_last_choice() {
    let mut s = menu();
    go_to(&mut s, Row::Stage);
    s.apply(&press(|m| m.right = true));
    go_to(&mut s, Row::Start);
    s.apply(&press(|m| m.right = true));
    go_to(&mut s, Row::AutoRestart);
    s.apply(&press(|m| m.ok = true));
    let choice = s.choice();
    let back = PracticeSetup::recall(s.stages.clone(), &choice);
    assert_eq!(back.choice(), choice);
    assert_eq!((back.stage, back.start), (s.stage, s.start));
    assert!(back.options.auto_restart);
    let gone = skysweep::save::practice::PracticeChoice {
        stage: "stage9.ron".into(),
        start: "nowhere".into(),
        ..choice
    };
    let fallback = PracticeSetup::recall(s.stages.clone(), &gone);
    assert_eq!((fallback.stage, fallback.start), (0, 0));
}
