//! BOSS ATTACKS' list, driven as a player would: only attacks met are listed (all of them
//! with ALL STAGES), under their stage's and boss's headings; the pilot changes whose tallies
//! show; a chosen attack plays its stage alone from its phase.

use std::collections::BTreeMap;

use skysweep::level::Difficulty;
use skysweep::run::{RunKind, Shipped, Start};
use skysweep::sim::Character;

use super::*;
use crate::app::services::menu_input::press;

const TIDAL: &str = "stage2.ron/tidewarden/Tidal Lance";
const BREAKWATER: &str = "stage2.ron/tidewarden/Breakwater";

/// Stage 2's attacks, `met` as given, over PRACTICE's defaults.
fn list(met: &[&str], unlock_all: bool) -> AttackList {
    let shipped = Shipped::find();
    let path = shipped.levels_dir().join("stage2.ron");
    let level = shipped.load(&path).unwrap();
    let stage = StageEntry {
        path,
        file: "stage2.ron".into(),
        name: level.name.clone(),
        number: 2,
        starts: StageEntry::starts_from(&BTreeMap::new()),
        reached: true,
    };
    let entries = entries_of(&stage, &level, |k| met.contains(&k));
    let mut setup = PracticeSetup::new(vec![stage], Difficulty::Hard);
    setup.options.unlock_all = unlock_all;
    AttackList::new(entries, setup, None)
}

#[test]
fn only_attacks_met_are_listed_under_their_headings() {
    let l = list(&[TIDAL, BREAKWATER], false);
    assert_eq!(l.entries.len(), 6, "two mid-boss and four boss phases");
    let titles: Vec<String> = l.listed().iter().map(|&i| l.entries[i].key()).collect();
    assert_eq!(titles, [BREAKWATER, TIDAL], "in the order they come");
    let lines = l.lines();
    assert_eq!(lines[0], Line::Stage("2 SALTMARSH HARBOUR".into()));
    assert_eq!(lines[1], Line::Boss("TIDEWARDEN".into()));
    assert!(matches!(lines[2], Line::Attack(_)));
    assert_eq!(lines.len(), 4);
    assert_eq!(
        list(&[], false).chosen(),
        None,
        "nothing met, nothing to play"
    );
}

#[test]
fn all_stages_lists_every_attack_and_names_the_mid_boss() {
    let l = list(&[], true);
    assert_eq!(l.listed().len(), 6);
    let lines = l.lines();
    assert_eq!(lines[1], Line::Boss("BRINEJAW (MID-BOSS)".into()));
    let bosses = lines.iter().filter(|l| matches!(l, Line::Boss(_))).count();
    assert_eq!(bosses, 2);
}

#[test]
fn the_cursor_goes_over_attacks_and_the_pilot_changes_whose_tallies_show() {
    let mut l = list(&[TIDAL, BREAKWATER], false);
    assert_eq!(l.chosen().unwrap().key(), BREAKWATER);
    assert_eq!(l.apply(&press::down()), MenuEvent::Moved);
    assert_eq!(l.chosen().unwrap().key(), TIDAL);
    assert_eq!(l.apply(&press::down()), MenuEvent::Moved);
    assert_eq!(l.chosen().unwrap().key(), BREAKWATER, "round again");
    assert_eq!(l.who(), "vela hard");
    assert_eq!(l.apply(&press::right()), MenuEvent::Changed);
    assert_eq!(l.setup.pilot1, Character::ALL[1]);
    assert_eq!(l.apply(&press::left()), MenuEvent::Changed);
    assert_eq!(l.who(), "vela hard");
    assert_eq!(l.apply(&press::back()), MenuEvent::Back);
    // Opened on the attack last played.
    let setup = l.setup.clone();
    let again = AttackList::new(l.entries.clone(), setup, Some(TIDAL));
    assert_eq!(again.chosen().unwrap().key(), TIDAL);
}

#[test]
fn a_chosen_attack_plays_its_stage_alone_from_its_phase() {
    let mut l = list(&[TIDAL], false);
    l.setup.pilot2 = Some(Character::Rook);
    l.setup.options.power = 3;
    assert_eq!(l.apply(&press::ok()), MenuEvent::Picked(Play));
    let (plan, run) = l.plan().unwrap();
    assert_eq!(plan.kind, RunKind::Attack);
    assert_eq!(plan.pilots, [Character::Vela], "one pilot: player 1's");
    assert_eq!((plan.difficulty, plan.start_power), (Difficulty::Hard, 3));
    assert_eq!(
        plan.start,
        Start::Phase {
            enemy: Some("tidewarden".into()),
            name: "Tidal Lance".into()
        }
    );
    assert_eq!(
        (run.key(), run.who.as_str()),
        (TIDAL.to_string(), "vela hard")
    );
}
