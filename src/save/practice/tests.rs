//! The practice record's tests: PRACTICE's last choice, the stages offered, the bests, a save,
//! a damaged file and a hostile one; then the boss attacks' part of it, kept through a save, an
//! older file without it, a damaged file and a hostile one.

use super::attacks::tally_key;
use super::*;
use crate::save::store::SaveFile;
use crate::testkit::files::load_damaged;

/// Issue #42: PRACTICE forgot its choice at every launch. The choice now round-trips
/// through the file, and a hand-edited one is brought back within the menu's range.
#[test]
fn the_last_choice_survives_a_save_and_is_kept_in_range() {
    let choice = PracticeChoice {
        stage: "stage2.ron".into(),
        start: "boss".into(),
        pilots: vec![Character::Brass, Character::Orla],
        options: PracticeOptions {
            difficulty: Difficulty::Hard,
            loop_number: 2,
            power: 3,
            lives: 5,
            bombs: 1,
            invincible: true,
            auto_restart: true,
            unlock_all: false,
        },
    };
    let record = PracticeRecord {
        last: Some(choice.clone()),
        ..PracticeRecord::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(PracticeRecord::FILE);
    record.save_to(&path).unwrap();
    let (back, warning) = PracticeRecord::load_from(&path);
    assert_eq!((back.last, warning), (Some(choice), None));
    let text = std::fs::read_to_string(&path).unwrap();
    let wild = text
        .replace("power: 3", "power: 99")
        .replace("lives: 5", "lives: 0");
    assert_ne!(wild, text);
    std::fs::write(&path, wild).unwrap();
    let (back, _) = PracticeRecord::load_from(&path);
    let last = back.last.unwrap();
    assert_eq!((last.options.power, last.options.lives), (4, 1));
}

fn result(cleared: bool, deaths: u32, steps: u64) -> PracticeResult {
    PracticeResult {
        cleared,
        steps,
        deaths,
        boss_steps: cleared.then_some(steps / 2),
    }
}

#[test]
fn the_first_three_stages_and_reached_ones_are_offered() {
    let mut r = PracticeRecord::default();
    assert!(r.offers(1, "stage1.ron", false));
    assert!(r.offers(3, "stage3.ron", false));
    assert!(!r.offers(4, "stage4.ron", false));
    assert!(r.offers(4, "stage4.ron", true), "unlock all");
    assert!(r.reach("stage4.ron"));
    assert!(!r.reach("stage4.ron"), "no news the second time");
    assert!(r.offers(4, "stage4.ron", false));
    assert!(!r.offers(5, "stage5.ron", false));
}

#[test]
fn only_a_better_result_replaces_the_best() {
    let mut r = PracticeRecord::default();
    assert!(r.offer("stage2.ron", "boss", result(false, 0, 600)));
    assert!(
        r.offer("stage2.ron", "boss", result(true, 3, 5000)),
        "a clear wins"
    );
    assert!(
        !r.offer("stage2.ron", "boss", result(true, 4, 100)),
        "more deaths"
    );
    assert!(
        r.offer("stage2.ron", "boss", result(true, 3, 4000)),
        "quicker"
    );
    assert_eq!(r.best("stage2.ron", "boss"), Some(&result(true, 3, 4000)));
    assert_eq!(r.best("stage2.ron", "start"), None, "each start its own");
}

#[test]
fn saves_and_loads_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("practice.ron");
    let mut r = PracticeRecord::default();
    r.reach("stage5.ron");
    r.offer("stage1.ron", "midboss", result(true, 1, 900));
    r.save_to(&p).unwrap();
    let (back, warning) = PracticeRecord::load_from(&p);
    assert_eq!(warning, None);
    assert_eq!(back, r);
    assert_eq!(
        crate::testkit::files::names_in(dir.path()),
        ["practice.ron"],
        "no temporary file left"
    );
}

#[test]
fn a_damaged_file_is_kept_aside_and_the_record_starts_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("practice.ron");
    let text = "(reached: [\"stage4.ron\"], best: {\"x\": 5})";
    let w = load_damaged(&p, text, PracticeRecord::load_from);
    assert!(w.contains("damaged") && w.contains("kept as"), "{w}");
    assert!(dir.path().read_dir().unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .contains("damaged")));
}

/// A stranger's file that parses but asks too much: huge names and too many entries are
/// trimmed, never kept whole.
#[test]
fn a_hostile_record_is_trimmed_to_the_limits() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("practice.ron");
    let long = "x".repeat(MAX_NAME + 1);
    let reached: Vec<String> = (0..MAX_ENTRIES + 50)
        .map(|i| format!("\"s{i}.ron\""))
        .collect();
    let text = format!(
        "(reached: [\"{long}\", \"\", {}], best: {{\"{long}\": {{\"start\": (cleared: true, \
         steps: 1, deaths: 0, boss_steps: None)}}, \"stage1.ron\": {{}}}})",
        reached.join(", ")
    );
    std::fs::write(&p, text).unwrap();
    let (r, warning) = PracticeRecord::load_from(&p);
    assert_eq!(warning, None);
    assert_eq!(r.reached.len(), MAX_ENTRIES);
    assert!(r
        .reached
        .iter()
        .all(|s| !s.is_empty() && s.len() <= MAX_NAME));
    assert!(r.best.is_empty(), "{:?}", r.best);
    let mut r = r;
    assert!(!r.reach("one-more.ron"), "full");
    assert!(!r.offer(&long, "start", result(true, 0, 1)));
}

const TIDAL: &str = "stage2.ron/tidewarden/Tidal Lance";

fn vela() -> String {
    tally_key(Character::Vela, Difficulty::Normal, 1)
}

#[test]
fn tally_keys_name_the_pilot_difficulty_and_a_later_loop() {
    assert_eq!(vela(), "vela normal");
    assert_eq!(
        tally_key(Character::Brass, Difficulty::Hard, 2),
        "brass hard loop 2"
    );
}

#[test]
fn tries_captures_and_the_best_time_are_counted_per_pilot_and_difficulty() {
    let mut r = PracticeRecord::default();
    assert!(!r.has_met(TIDAL));
    assert!(r.meet(TIDAL));
    assert!(!r.meet(TIDAL), "no news the second time");
    assert!(r.has_met(TIDAL));
    assert!(r.try_begun(TIDAL, &vela()));
    assert!(r.try_begun(TIDAL, &vela()));
    assert!(r.captured(TIDAL, &vela(), 900));
    assert!(!r.captured(TIDAL, &vela(), 1200), "slower");
    assert!(r.captured(TIDAL, &vela(), 600), "quicker");
    let t = r.tally(TIDAL, &vela()).unwrap();
    // The third capture came with no try counted: captures never pass tries.
    assert_eq!(
        *t,
        AttackTally {
            tries: 3,
            captures: 3,
            best_steps: Some(600)
        }
    );
    let hard = tally_key(Character::Vela, Difficulty::Hard, 1);
    assert_eq!(r.tally(TIDAL, &hard), None, "each difficulty its own");
}

#[test]
fn the_attacks_survive_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(PracticeRecord::FILE);
    let mut r = PracticeRecord::default();
    r.meet(TIDAL);
    r.meet("stage1.ron/cloudbreaker/Twin Pod Volley");
    r.try_begun(TIDAL, &vela());
    r.captured(TIDAL, &vela(), 1234);
    r.save_to(&p).unwrap();
    let (back, warning) = PracticeRecord::load_from(&p);
    assert_eq!((back, warning), (r, None));
}

/// A practice record written before boss attacks existed loads whole, with none met.
#[test]
fn an_older_record_loads_with_no_attacks() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(PracticeRecord::FILE);
    let old = "// SkySweep practice record\n(reached: [\"stage4.ron\"], best: {\"stage2.ron\": \
               {\"boss\": (cleared: true, steps: 900, deaths: 1, boss_steps: Some(400))}}, \
               last: None)\n";
    std::fs::write(&p, old).unwrap();
    let (r, warning) = PracticeRecord::load_from(&p);
    assert_eq!(warning, None);
    assert!(r.reached.contains("stage4.ron"));
    assert!(r.best("stage2.ron", "boss").is_some());
    assert!(r.met.is_empty() && r.attacks.is_empty());
}

#[test]
fn a_damaged_attack_record_is_kept_aside_and_the_record_starts_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(PracticeRecord::FILE);
    let text = "(met: [\"a\"], attacks: {\"a\": {\"vela normal\": (tries: -3)}})";
    let w = load_damaged(&p, text, PracticeRecord::load_from);
    assert!(w.contains("damaged") && w.contains("kept as"), "{w}");
}

/// A stranger's file that parses but claims the impossible is brought back within reason.
#[test]
fn a_hostile_attack_record_is_trimmed() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join(PracticeRecord::FILE);
    let long = "x".repeat(MAX_ATTACK_KEY + 1);
    let met: Vec<String> = (0..MAX_ATTACKS + 20).map(|i| format!("\"s{i}\"")).collect();
    let text = format!(
        "(met: [\"{long}\", \"\", {}], attacks: {{\"{long}\": {{\"vela normal\": (tries: 1)}}, \
         \"{TIDAL}\": {{\"vela normal\": (tries: 2, captures: 9, best_steps: Some(5)), \
         \"rook easy\": (tries: 4, captures: 0, best_steps: Some(5))}}, \"empty\": {{}}}})",
        met.join(", ")
    );
    std::fs::write(&p, text).unwrap();
    let (r, warning) = PracticeRecord::load_from(&p);
    assert_eq!(warning, None);
    assert_eq!(r.met.len(), MAX_ATTACKS);
    assert!(r.met.iter().all(|k| fits(k, MAX_ATTACK_KEY)));
    assert_eq!(r.attacks.keys().collect::<Vec<_>>(), [TIDAL]);
    let t = r.tally(TIDAL, "vela normal").unwrap();
    assert_eq!((t.tries, t.captures, t.best_steps), (2, 2, Some(5)));
    let t = r.tally(TIDAL, "rook easy").unwrap();
    assert_eq!(t.best_steps, None, "no best time without a capture");
    let mut r = r;
    assert!(!r.meet("one more"), "full");
    assert!(!r.try_begun(&long, "vela normal"));
}
