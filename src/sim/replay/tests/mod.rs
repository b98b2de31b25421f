//! Replay tests: recording and playing back round trips, both file versions, and the checks
//! against changed stages. Files refused for the values they hold are in [`refusals`].

use super::*;
use crate::level::diag::line_col;
use crate::sim::character::{Character, Difficulty};
use crate::sim::input::Input;

mod refusals;

/// A one-player recording of 10 steps in three runs, as a version-1 file (what earlier
/// builds wrote, byte for byte): the tests hold old files to the rules they had.
fn recorded_text() -> String {
    V1_TEXT.to_string()
}

const V1_TEXT: &str =
    "// SkySweep replay: seed, level content hash and every step's input (bits, steps).
(
    version: 1,
    level: \"levels/stage1.ron\",
    content_hash: \"0000000000000007\",
    seed: 1,
    characters: [Vela],
    difficulty: Normal,
    start_at: 0.0,
    invincible: false,
    start_power: 1,
    inputs: [[(1, 3), (2, 4), (0, 3)]],
)
";

/// A two-stage, two-player recording: stage 1 from 12.5 s, stage 2 on loop 0, as RON text.
fn two_stage() -> Replay {
    let mut r = Replay::new(
        "levels/stage1.ron",
        0x1111,
        5,
        vec![Character::Vela, Character::Wren],
        Difficulty::Hard,
        12.5,
        false,
    );
    for bits in [1, 1, 3, 3, 0] {
        r.record(&[Input::from_bits(bits), Input::from_bits(64)]);
    }
    let mut level = (*crate::testkit::scenario::quiet_level()).clone();
    level.source = "levels/stage2.ron".into();
    level.content_hash = 0x2222;
    r.begin_stage(&level, &crate::sim::WorldConfig::default());
    for bits in [2, 2, 2, 5] {
        r.record(&[Input::from_bits(bits), Input::from_bits(bits)]);
    }
    r
}

/// Why `text`, read as `r.ron`, is refused; panics when it loads.
fn refused(text: &str) -> String {
    Replay::from_ron("r.ron", text).unwrap_err().to_string()
}

/// Why `text` is refused, and where the message should say it is: `r.ron:LINE:COL: ` at the
/// first `needle`.
fn refused_at(text: &str, needle: &str) -> (String, String) {
    let (line, col) = nth_position(text, needle, 0);
    (refused(text), format!("r.ron:{line}:{col}: "))
}

/// Why `text` is refused, and where the message should say it is: `r.ron:LINE:COL: ` at
/// `value`, the end of the first `context`.
fn refused_where(text: &str, context: &str, value: &str) -> (String, String) {
    let (line, col) = position_of(text, context, value);
    (refused(text), format!("r.ron:{line}:{col}: "))
}

/// `text` with `from` replaced once; panics when `from` is missing, so a changed format
/// cannot make a test pass by no longer containing the bad value.
fn edited(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "{from:?} not in {text}");
    text.replacen(from, to, 1)
}

/// Line and column (1-based) of `value` where it ends the first `context` in `text`.
fn position_of(text: &str, context: &str, value: &str) -> (usize, usize) {
    assert!(context.ends_with(value));
    let start = text.find(context).expect("context in text");
    line_col(text, start + context.len() - value.len())
}

/// Where the `n`-th (from 0) occurrence of `needle` starts in `text`, as line and column.
fn nth_position(text: &str, needle: &str, n: usize) -> (usize, usize) {
    let start = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("{needle:?} #{n} not in {text}"))
        .0;
    line_col(text, start)
}

#[test]
fn run_length_encoding_round_trips() {
    let mut r = Replay::new(
        "x.ron",
        7,
        1,
        vec![Character::Vela],
        Difficulty::Normal,
        0.0,
        false,
    );
    let script: Vec<u8> = (0..300).map(|i| ((i / 7) % 5) as u8 * 3).collect();
    for &b in &script {
        r.record(&[Input::from_bits(b)]);
    }
    assert_eq!(r.len(), 300);
    let back: Vec<u8> = r.stages[0].steps().map(|s| s[0].to_bits()).collect();
    assert_eq!(back, script);
    let text = r.to_ron();
    assert_eq!(Replay::from_ron("t", &text).unwrap(), r);
}

#[test]
fn refuses_a_changed_level() {
    let r = Replay::new(
        "levels/stage1.ron",
        0xabc,
        1,
        vec![Character::Vela],
        Difficulty::Normal,
        0.0,
        false,
    );
    assert!(r.check_level("r.ron", 0, 0xabc).is_ok());
    let err = r.check_level("r.ron", 0, 0xabd).unwrap_err().to_string();
    assert_eq!(
        err,
        "r.ron: this replay was recorded on a different version of levels/stage1.ron (content hash 0000000000000abc, now 0000000000000abd); it would not play back the same"
    );
}

#[test]
fn a_version_1_file_loads_as_a_one_stage_replay() {
    let r = Replay::from_ron("old.ron", V1_TEXT).unwrap();
    assert_eq!(r.version, 1);
    assert_eq!((r.seed, r.start_power, r.invincible), (1, 1, false));
    assert_eq!(r.stages.len(), 1);
    let s = &r.stages[0];
    assert_eq!(
        (
            s.level.as_str(),
            s.content_hash.as_str(),
            s.start_at,
            s.loop_index
        ),
        ("levels/stage1.ron", "0000000000000007", 0.0, 0)
    );
    let bits: Vec<u8> = s.steps().map(|i| i[0].to_bits()).collect();
    assert_eq!(bits, [1, 1, 1, 2, 2, 2, 2, 0, 0, 0]);
    // Written back, it takes the current layout and reads the same.
    let again = Replay::from_ron("new.ron", &r.to_ron()).unwrap();
    assert_eq!(again.version, REPLAY_VERSION);
    assert_eq!(again.stages, r.stages);
    // A version-1 file cannot borrow version 2's fields.
    let text = edited(V1_TEXT, "inputs:", "loop_index: 0,\n    inputs:");
    let err = Replay::from_ron("old.ron", &text).unwrap_err().to_string();
    assert!(err.starts_with("old.ron:"), "{err}");
    assert!(err.contains("loop_index"), "{err}");
}

#[test]
fn unknown_versions_are_refused_by_number() {
    let text = edited(V1_TEXT, "version: 1", "version: 3");
    let err = refused(&text);
    assert_eq!(
        err,
        "r.ron: replay format version 3 is not supported (this build reads versions 1 and 2)"
    );
}

#[test]
fn a_two_stage_recording_round_trips_through_ron() {
    let r = two_stage();
    assert_eq!((r.stages.len(), r.len()), (2, 9));
    assert_eq!((r.stages[0].len(), r.stages[1].len()), (5, 4));
    let text = r.to_ron();
    assert!(text.contains("version: 2"), "{text}");
    let back = Replay::from_ron("t.ron", &text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.stages[0].start_at, 12.5);
    assert_eq!(back.stages[1].start_at, 0.0);
    assert_eq!(back.stages[1].content_hash, "0000000000002222");
    let p2: Vec<u8> = back.stages[1].steps().map(|i| i[1].to_bits()).collect();
    assert_eq!(p2, [2, 2, 2, 5]);
}

/// Why `r`, read from `file`, may not start its first stage on `levels/stage1.ron` when that
/// stage is `length_s` seconds long.
fn start_refused(r: &Replay, file: &str, length_s: f32) -> String {
    r.check_start(file, 0, "levels/stage1.ron", length_s)
        .unwrap_err()
        .to_string()
}

#[test]
fn a_changed_later_stage_is_refused_naming_its_file() {
    let r = two_stage();
    assert!(r.check_level("run.ron", 1, 0x2222).is_ok());
    let err = r.check_level("run.ron", 1, 0x2223).unwrap_err().to_string();
    assert_eq!(
        err,
        "run.ron: stage 2 of this replay was recorded on a different version of levels/stage2.ron (content hash 0000000000002222, now 0000000000002223); it would not play back the same"
    );
    assert_eq!(
        start_refused(&r, "run.ron", 10.0),
        "run.ron: stage 1: start_at 12.5 is past the end of levels/stage1.ron, which is 10 seconds long"
    );
}

#[test]
fn start_at_past_the_stage_end_names_the_replay_file_and_field() {
    let text = edited(&recorded_text(), "start_at: 0.0", "start_at: 200.5");
    let r = Replay::from_ron("runs/r.ron", &text).unwrap();
    assert!(r
        .check_start("runs/r.ron", 0, "levels/stage1.ron", 200.5)
        .is_ok());
    assert_eq!(
        start_refused(&r, "runs/r.ron", 180.0),
        "runs/r.ron: start_at 200.5 is past the end of levels/stage1.ron, which is 180 seconds long"
    );
}

#[test]
fn parse_errors_name_line_and_column() {
    let err = Replay::from_ron("bad.ron", "Replay(\n  version: 1,\n  level: 3,\n)")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("bad.ron:3:"), "{err}");
}
