//! Replay tests: recording and playing back round trips, both file versions, and the checks
//! against changed stages. Files refused for the values they hold are in [`refusals`].

use super::*;
use crate::level::text::diag::line_col;
use crate::level::Difficulty;
use crate::sim::model::character::Character;
use crate::sim::model::input::Input;

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
    r.begin_stage(&level, &crate::sim::WorldConfig::default());
    // A fixed hash, so the tests can find it in the text.
    r.stages[1].level_hash = "0000000000002222".into();
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

/// Asserts that `text` is refused with exactly `message`, placed (`r.ron:LINE:COL: `) at the
/// first `needle`.
#[track_caller]
fn assert_refused_at(text: &str, needle: &str, message: &str) {
    let (err, place) = refused_at(text, needle);
    assert_eq!(err, format!("{place}{message}"));
}

/// Asserts that `text` is refused with exactly `message`, placed at `value`, the end of the
/// first `context`.
#[track_caller]
fn assert_refused_where(text: &str, context: &str, value: &str, message: &str) {
    let (err, place) = refused_where(text, context, value);
    assert_eq!(err, format!("{place}{message}"));
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

/// `quiet_level` with its scroll speed set to `speed`: a level that plays differently.
fn level_at_speed(speed: f32) -> crate::level::Level {
    let mut level = (*crate::testkit::scenario::quiet_level()).clone();
    level.source = "levels/stage1.ron".into();
    level.scroll_speed = speed;
    level
}

#[test]
fn refuses_a_changed_level() {
    let level = level_at_speed(20.0);
    let r = Replay::for_run(&level, &crate::sim::WorldConfig::default());
    assert!(r.check_level("r.ron", 0, &level).is_ok());
    // Another text that loads to the same level still plays.
    let mut same = level.clone();
    same.content_hash ^= 1;
    assert!(r.check_level("r.ron", 0, &same).is_ok());
    let changed = level_at_speed(21.0);
    let err = r.check_level("r.ron", 0, &changed).unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "r.ron: this replay was recorded on a different version of levels/stage1.ron (level hash {:016x}, now {:016x}); it would not play back the same",
            level_hash(&level),
            level_hash(&changed)
        )
    );
}

#[test]
fn an_old_replay_is_matched_by_the_text_hash_it_recorded() {
    let r = Replay::from_ron("old.ron", V1_TEXT).unwrap();
    let mut level = level_at_speed(20.0);
    level.content_hash = 7;
    assert!(r.check_level("old.ron", 0, &level).is_ok());
    level.content_hash = 8;
    let err = r.check_level("old.ron", 0, &level).unwrap_err().to_string();
    assert_eq!(
        err,
        "old.ron: this replay was recorded on a different version of levels/stage1.ron (content hash 0000000000000007, now 0000000000000008); it would not play back the same"
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
            s.level_hash.as_str(),
            s.start_at,
            s.loop_index
        ),
        ("levels/stage1.ron", "0000000000000007", 0.0, 0)
    );
    let bits: Vec<u8> = s.steps().map(|i| i[0].to_bits()).collect();
    assert_eq!(bits, [1, 1, 1, 2, 2, 2, 2, 0, 0, 0]);
    // Written back, it takes the version-2 layout (it has no checkpoints nor a level hash
    // for version 3) and reads the same.
    let again = Replay::from_ron("new.ron", &r.to_ron()).unwrap();
    assert_eq!(again.version, REPLAY_VERSION_STAGES);
    assert_eq!(again.stages, r.stages);
    // A version-1 file cannot borrow version 2's fields.
    let text = edited(V1_TEXT, "inputs:", "loop_index: 0,\n    inputs:");
    let err = Replay::from_ron("old.ron", &text).unwrap_err().to_string();
    assert!(err.starts_with("old.ron:"), "{err}");
    assert!(err.contains("loop_index"), "{err}");
}

#[test]
fn unknown_versions_are_refused_by_number() {
    let text = edited(V1_TEXT, "version: 1", "version: 4");
    let err = refused(&text);
    assert_eq!(
        err,
        "r.ron: replay format version 4 comes from a newer SkySweep (this build reads versions 1 to 3)"
    );
    let text = edited(V1_TEXT, "version: 1", "version: 0");
    assert_eq!(
        refused(&text),
        "r.ron: replay format version 0 is not supported (this build reads versions 1 to 3)"
    );
}

#[test]
fn a_two_stage_recording_round_trips_through_ron() {
    let r = two_stage();
    assert_eq!((r.stages.len(), r.len()), (2, 9));
    assert_eq!((r.stages[0].len(), r.stages[1].len()), (5, 4));
    let text = r.to_ron();
    assert!(text.contains("version: 3"), "{text}");
    let back = Replay::from_ron("t.ron", &text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.stages[0].start_at, 12.5);
    assert_eq!(back.stages[1].start_at, 0.0);
    assert_eq!(back.stages[1].level_hash, "0000000000002222");
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
    let stage2 = |speed| {
        let mut l = level_at_speed(speed);
        l.source = "levels/stage2.ron".into();
        l
    };
    let mut r = r;
    r.stages[1].level_hash = format!("{:016x}", level_hash(&stage2(20.0)));
    assert!(r.check_level("run.ron", 1, &stage2(20.0)).is_ok());
    let err = r
        .check_level("run.ron", 1, &stage2(30.0))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("run.ron: stage 2 of this replay was recorded on a different version of levels/stage2.ron (level hash "),
        "{err}"
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
