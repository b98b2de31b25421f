//! Players of three skills: `sim --skill` picks one, the same seed gives the same run, and a
//! weaker player does worse than a stronger one on the same stage.

use crate::support::{run, stdout};

/// `sim`'s summary for stage 4 on Normal, seed `seed`, flown by `skill` for two minutes: far
/// enough in for the frozen lake's icicles, where a beginner loses lives and the expert none.
fn flown(skill: &str, seed: &str) -> serde_json::Value {
    let out = run(&[
        "sim",
        "--level",
        "levels/stage4.ron",
        "--skill",
        skill,
        "--seed",
        seed,
        "--frames",
        "7200",
    ]);
    assert!(out.status.success(), "{out:?}");
    serde_json::from_str(&stdout(&out)).expect("one JSON object")
}

#[test]
fn the_same_seed_and_skill_give_the_same_run_and_another_seed_another() {
    let a = flown("novice", "4");
    let b = flown("novice", "4");
    assert_eq!(a["state_hash"], b["state_hash"]);
    let c = flown("novice", "5");
    assert_ne!(a["state_hash"], c["state_hash"]);
}

#[test]
fn a_novice_loses_more_lives_than_the_expert() {
    let novice = flown("novice", "2")["deaths"].as_u64().unwrap();
    let expert = flown("expert", "2")["deaths"].as_u64().unwrap();
    assert!(novice > expert, "novice {novice}, expert {expert}");
}

#[test]
fn the_expert_is_the_autopilot_and_an_unknown_skill_is_refused() {
    let expert = flown("expert", "3");
    let out = run(&[
        "sim",
        "--level",
        "levels/stage4.ron",
        "--autoplay",
        "--seed",
        "3",
        "--frames",
        "7200",
    ]);
    let autoplay: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(expert["state_hash"], autoplay["state_hash"]);
    let bad = run(&["sim", "--skill", "pro", "--frames", "10"]);
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("novice, average or expert"), "{err}");
}
