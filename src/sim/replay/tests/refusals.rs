//! Replay text holding values no recorded run can have: each is refused with the line and
//! column where the value stands, in both file versions.

use super::*;
use crate::sim::model::player::MAX_POWER;

#[test]
fn bad_version_3_files_are_refused_where_the_fault_stands() {
    let good = two_stage().to_ron();
    // No stages at all: blamed on the empty list.
    let start = good.find("stages: [").unwrap();
    let end = good.rfind(']').unwrap();
    let text = format!("{}stages: []{}", &good[..start], &good[end + 1..]);
    assert_refused_at(
        &text,
        "[]",
        "a replay records at least one stage; this one lists none",
    );
    // The field missing altogether is serde's error, still with a place.
    let text = format!("{}{}", &good[..start], &good[end + 2..]);
    let err = refused(&text);
    assert!(err.starts_with("r.ron:") && err.contains("stages"), "{err}");

    // An unknown field inside a stage.
    let text = edited(
        &good,
        "loop_index: 0,",
        "loop_index: 0,\n            looping: 1,",
    );
    let (err, place) = refused_at(&text, "looping");
    assert!(err.starts_with(&place) && err.contains("looping"), "{err}");

    // A start before the stage, in stage 2 (stage 1 starts at 12.5, so stage 2's is the
    // only `start_at: 0.0`).
    let second_start = good.find("start_at: 0.0").unwrap();
    let text = format!(
        "{}start_at: -2.0{}",
        &good[..second_start],
        &good[second_start + "start_at: 0.0".len()..]
    );
    assert_refused_at(
        &text,
        "-2.0",
        "stage 2: start_at -2 is not a time on the stage (seconds from 0)",
    );

    // A run of zero steps in stage 2, player 2.
    assert!(
        good.contains("[[(2, 3), (5, 1)], [(2, 3), (5, 1)]]"),
        "{good}"
    );
    let text = edited(&good, "[(2, 3), (5, 1)]]", "[(2, 3), (5, 0)]]");
    assert_refused_where(
        &text,
        "(5, 0",
        "0",
        "stage 2: input run 2 of player 2 lasts 0 steps; every (bits, steps) run lasts at least 1",
    );

    // Each case: what to change, to what, where the fault then stands (its first
    // occurrence), and what the message says after that place.
    let cases = [
        // A hash not in the written form, in stage 2.
        (
            "\"0000000000002222\"",
            "\"22x2\"",
            "\"22x2\"",
            "stage 2: level_hash \"22x2\" is not a level hash (16 hex digits)",
        ),
        // Tracks of one stage that disagree on its length.
        (
            "[(2, 3), (5, 1)]]",
            "[(2, 3), (5, 2)]]",
            "[(2, 3), (5, 2)]",
            "stage 2: player 2's inputs last 5 steps but player 1's last 4: every player's track of a stage lasts as long",
        ),
        // Stage 2's tracks must match the characters too.
        (
            "[[(2, 3), (5, 1)], [(2, 3), (5, 1)]]",
            "[[(2, 3), (5, 1)]]",
            "[[(2, 3), (5, 1)]]",
            "stage 2: 1 input tracks for 2 characters: a replay has one track per character",
        ),
    ];
    for (from, to, at, message) in cases {
        let text = edited(&good, from, to);
        assert_refused_at(&text, at, message);
    }
}

#[test]
fn start_power_outside_the_power_levels_is_refused_where_it_stands() {
    let good = recorded_text();
    for power in ["1", "4"] {
        let text = edited(&good, "start_power: 1", &format!("start_power: {power}"));
        assert_eq!(
            Replay::from_ron("r.ron", &text)
                .unwrap()
                .start_power
                .to_string(),
            power
        );
    }
    for power in [0, 5, 9] {
        let text = edited(&good, "start_power: 1", &format!("start_power: {power}"));
        assert_refused_where(
            &text,
            &format!("start_power: {power}"),
            &power.to_string(),
            &format!("start_power {power} is out of range: power levels run from 1 to {MAX_POWER}"),
        );
    }
}

#[test]
fn input_runs_of_zero_steps_are_refused_where_they_stand() {
    let good = recorded_text();
    assert!(good.contains("[[(1, 3), (2, 4), (0, 3)]]"), "{good}");
    let text = edited(&good, "(2, 4)", "(2, 0)");
    assert_refused_where(
        &text,
        "(2, 0",
        "0",
        "input run 2 of player 1 lasts 0 steps; every (bits, steps) run lasts at least 1",
    );

    // Player 2's track is checked as well as player 1's.
    let two = edited(&good, "[Vela]", "[Vela, Wren]");
    let two = edited(
        &two,
        "[[(1, 3), (2, 4), (0, 3)]]",
        "[[(1, 10)], [(1, 5), (3, 0)]]",
    );
    let err = refused(&two);
    let (line, col) = position_of(&two, "(3, 0", "0");
    assert!(
        err.starts_with(&format!("r.ron:{line}:{col}: input run 2 of player 2")),
        "{err}"
    );
}

#[test]
fn start_at_before_the_stage_or_not_a_number_is_refused_where_it_stands() {
    let good = recorded_text();
    for bad in ["-1.0", "NaN", "inf"] {
        let text = edited(&good, "start_at: 0.0", &format!("start_at: {bad}"));
        let (err, place) = refused_where(&text, &format!("start_at: {bad}"), bad);
        assert!(
            err.starts_with(&format!("{place}start_at ")),
            "{bad}: {err}"
        );
        assert!(
            err.ends_with("is not a time on the stage (seconds from 0)"),
            "{err}"
        );
    }
}

#[test]
fn unknown_fields_are_refused_where_they_stand() {
    let text = edited(&recorded_text(), "seed: 1,", "seed: 1,\n    bogus: 3,");
    let (line, _) = position_of(&text, "bogus", "bogus");
    let err = refused(&text);
    assert!(err.starts_with(&format!("r.ron:{line}:")), "{err}");
    assert!(err.contains("bogus"), "{err}");
}

#[test]
fn input_bits_outside_the_buttons_are_refused_where_they_stand() {
    let good = recorded_text();
    let text = edited(&good, "(2, 4)", "(127, 4)");
    assert!(Replay::from_ron("r.ron", &text).is_ok());
    for bad in ["128", "255"] {
        let text = edited(&good, "(2, 4)", &format!("({bad}, 4)"));
        assert_refused_where(
            &text,
            &format!("({bad}"),
            bad,
            &format!("input run 2 of player 1 holds bits {bad}: button bits run from 0 to 127"),
        );
    }
}

#[test]
fn wrong_numbers_of_characters_or_tracks_are_refused_at_the_field() {
    let good = recorded_text();
    // Too many characters, and more characters than tracks: each blamed on its field's list.
    let cases = [
        (
            "[Vela, Wren, Brass]",
            "characters: [",
            "a replay has one or two characters, not 3",
        ),
        (
            "[Vela, Wren]",
            "inputs: [",
            "1 input tracks for 2 characters: a replay has one track per character",
        ),
    ];
    for (characters, field, message) in cases {
        assert_refused_where(&edited(&good, "[Vela]", characters), field, "[", message);
    }
    // No characters at all.
    let err = refused(&edited(&good, "[Vela]", "[]"));
    assert!(
        err.ends_with("a replay has one or two characters, not 0"),
        "{err}"
    );
}

#[test]
fn a_version_1_hash_not_in_the_written_form_is_refused_where_it_stands() {
    // Found by fuzzing (fuzz/saved/replay/crash-4185...): such a file used to load, then
    // write back as a version-2 file that did not read.
    for bad in [
        "\"0123\"",
        "\"012345\\u{1}\\u{0}abcdefgh\"",
        "\"000000000000000g\"",
    ] {
        let text = edited(&recorded_text(), "\"0000000000000007\"", bad);
        let (line, col) = nth_position(&text, bad, 0);
        let err = refused(&text);
        assert!(
            err.starts_with(&format!("r.ron:{line}:{col}: content_hash "))
                && err.ends_with("is not a content hash (16 hex digits)"),
            "{err}"
        );
    }
    let loaded = Replay::from_ron("r.ron", &recorded_text()).unwrap();
    Replay::from_ron("again.ron", &loaded.to_ron()).expect("a version-1 file writes back");
}

#[test]
fn what_version_3_adds_is_checked_where_it_stands() {
    let mut r = two_stage();
    r.stages[1].checkpoints = vec![
        (2, "00000000000000aa".into()),
        (4, "00000000000000bb".into()),
    ];
    r.name = "ACE".into();
    let good = r.to_ron();
    assert_eq!(Replay::from_ron("r.ron", &good).unwrap(), r);
    let fp = crate::sim::replay::rules::fingerprint();
    let cases = [
        (
            format!("rules: \"{fp}\""),
            "rules: \"xyz\"".to_string(),
            "\"xyz\"",
            "rules \"xyz\" is not a rules fingerprint (16 hex digits)".to_string(),
        ),
        (
            "name: \"ACE\"".into(),
            "name: \"A\\u{7}\"".into(),
            "\"A\\u{7}\"",
            "name holds a control character".into(),
        ),
        (
            "name: \"ACE\"".into(),
            format!("name: \"{}\"", "x".repeat(65)),
            "\"xxx",
            "name is 65 characters long; at most 64".into(),
        ),
        // A checkpoint past the stage's 4 steps.
        (
            "(4, \"00000000000000bb\")".into(),
            "(5, \"00000000000000bb\")".into(),
            "(5, \"00000000000000bb",
            "stage 2: checkpoint 2 is at step 5: checkpoints rise from step 1 to the stage's last (4), each after the one before".into(),
        ),
        // Checkpoints out of order.
        (
            "(4, \"00000000000000bb\")".into(),
            "(2, \"00000000000000bb\")".into(),
            "(2, \"00000000000000bb",
            "stage 2: checkpoint 2 is at step 2: checkpoints rise from step 1 to the stage's last (4), each after the one before".into(),
        ),
        (
            "\"00000000000000bb\"".into(),
            "\"bb\"".into(),
            "\"bb\"",
            "stage 2: checkpoint 2 holds \"bb\", not a state hash (16 hex digits)".into(),
        ),
    ];
    for (from, to, at, message) in cases {
        let text = edited(&good, &from, &to);
        let (err, place) = refused_at(&text, at);
        assert_eq!(err, format!("{place}{message}"), "{to}");
    }
    // A version-3 file may not leave out what version 3 records.
    let text = edited(&good, &format!("    rules: \"{fp}\",\n"), "");
    assert!(refused(&text).contains("rules"), "{}", refused(&text));
}

#[test]
fn too_many_steps_or_stages_are_refused() {
    let good = recorded_text();
    let text = edited(&good, "(0, 3)", "(0, 999993)");
    assert!(
        Replay::from_ron("r.ron", &text).is_ok(),
        "a million steps load"
    );
    let text = edited(&good, "(0, 3)", "(0, 999994)");
    assert_refused_at(
        &text,
        "[(1, 3)",
        "the inputs last 1000001 steps; a stage of a replay lasts at most 1000000",
    );
    let mut r = two_stage();
    let stage = r.stages[0].clone();
    r.stages = vec![stage; MAX_STAGES + 1];
    let err = refused(&r.to_ron());
    assert!(
        err.ends_with("65 stages: a replay records at most 64"),
        "{err}"
    );
}
