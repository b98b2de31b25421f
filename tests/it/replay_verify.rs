//! The replays that guard the rules (`tests/replays/*.ron`), `skysweep verify` as a script
//! sees it, a replay stopping at the first checkpoint that differs, and version-1 and -2
//! replays still playing.

use std::path::{Path, PathBuf};
use std::process::Command;

use skysweep::level::Catalog;
use skysweep::level::Difficulty;
use skysweep::sim::replay::verify::{self, StageFiles, Verdict};
use skysweep::sim::replay::{
    listing, ListingState, Replay, StagePlayback, REPLAY_VERSION, REPLAY_VERSION_ONE_STAGE,
    REPLAY_VERSION_STAGES,
};
use skysweep::sim::{Character, World};

use crate::support::assert_line_starts;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped stages, found as `skysweep verify` finds them.
fn stage_files() -> StageFiles {
    StageFiles::new(root(), Catalog::load(&root().join("assets")))
}

/// Every committed guard replay, in name order.
fn guard_replays() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/replays"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

fn skysweep(args: &[&str]) -> std::process::Output {
    Command::new(crate::support::BIN)
        .current_dir(root())
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `skysweep verify` with `args`, checks that it exits with `code`, and returns what it
/// printed, line by line.
fn verify(args: &[&str], code: i32) -> Vec<String> {
    let out = skysweep(&[&["verify"], args].concat());
    assert_eq!(out.status.code(), Some(code));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().map(str::to_owned).collect()
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skysweep-verify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const RERECORD: &str = "If the change of play is meant, re-record them on purpose with tools/rerecord_replays.sh and bump RULES_VERSION in src/sim/replay/rules.rs when the change is not a constant (see tests/replays/README.md).";

#[test]
fn the_guard_replays_play_as_recorded() {
    let files = guard_replays();
    assert!(files.len() >= 4, "{files:?}");
    let mut stages = stage_files();
    let (mut pilots, mut difficulties, mut two_players) = (Vec::new(), Vec::new(), false);
    for f in &files {
        let report = verify::verify(f, &mut stages);
        assert_eq!(report.verdict, Verdict::Ok, "{}\n{RERECORD}", report.line());
        let r = Replay::load(f).unwrap();
        assert_eq!(r.version, REPLAY_VERSION);
        assert!(
            report.same_rules,
            "{}: recorded under other rules. {RERECORD}",
            f.display()
        );
        assert!(report.checkpoints >= 3, "{}", report.line());
        assert!(
            (300..=2_000).contains(&r.len()),
            "{}: keep them short",
            f.display()
        );
        pilots.extend(r.characters.iter().copied());
        difficulties.push(r.difficulty);
        two_players |= r.characters.len() == 2;
        let row = listing::list(f, &mut stages);
        assert_eq!(row.state, ListingState::Plays, "{}", f.display());
    }
    for c in Character::ALL {
        assert!(pilots.contains(&c), "a guard replay flies {c:?}");
    }
    for d in Difficulty::ALL {
        assert!(difficulties.contains(&d), "a guard replay plays {d:?}");
    }
    assert!(two_players, "a guard replay has two players");
}

/// The first guard replay with its checkpoint number `n` (from 0) of stage 1 changed: what
/// a replay recorded under other rules looks like from there on.
fn tampered(n: usize) -> (Replay, u32) {
    let mut r = Replay::load(&guard_replays()[0]).unwrap();
    let cp = &mut r.stages[0].checkpoints[n];
    let flipped = if cp.1.starts_with('0') { "1" } else { "0" };
    cp.1.replace_range(0..1, flipped);
    let step = cp.0;
    (r, step)
}

#[test]
fn a_changed_checkpoint_stops_verify_and_playback_there() {
    let (r, step) = tampered(1);
    assert_eq!(step, 600);
    let dir = scratch("tampered");
    let path = dir.join("tampered.ron");
    r.save(&path).unwrap();

    let report = verify::verify(&path, &mut stage_files());
    let Verdict::Desynced(d) = &report.verdict else {
        panic!("{}", report.line());
    };
    assert_eq!(
        (d.stage, d.step, d.time_text()),
        (0, 600, "0:10".to_string())
    );
    assert_eq!(
        report.steps, 600,
        "it stopped at the checkpoint, not at the end"
    );
    assert_eq!(
        report.line(),
        format!(
            "{}: desynced (stage 1, 0:10, step 600): {}",
            path.display(),
            d.detail
        )
    );

    // The same through the API the window steps with.
    let level = verify::stages_of("t", &r, &mut stage_files())
        .unwrap()
        .remove(0);
    let mut world = World::new(level, r.stage_config(0, Vec::new()));
    let mut playback = StagePlayback::new(&r, 0).unwrap();
    let mut stopped = None;
    while let Some(inputs) = playback.next_inputs() {
        world.step(&inputs);
        if let Err(d) = playback.after_step(&world) {
            stopped = Some(d);
            break;
        }
    }
    let d = stopped.expect("playback stops");
    assert_eq!(
        (d.step, playback.progress().0, playback.checked()),
        (600, 600, 2)
    );

    // And `sim --replay` reports it in its summary, stopping there.
    let out = skysweep(&["sim", "--replay", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["frames"], 600);
    assert!(v["desync"].as_str().unwrap().contains("step 600"), "{v}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn verify_prints_a_line_a_file_and_exits_by_the_worst() {
    let dir = scratch("cli");
    let (bad, _) = tampered(0);
    let desynced = dir.join("desynced.ron");
    bad.save(&desynced).unwrap();
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "Replay(version: 3, seed: \"x\")").unwrap();
    let newer = dir.join("newer.ron");
    std::fs::write(&newer, "Replay(version: 9)").unwrap();
    let good = guard_replays()[0].clone();
    let (good, desynced, broken, newer) = (
        good.to_str().unwrap(),
        desynced.to_str().unwrap(),
        broken.to_str().unwrap(),
        newer.to_str().unwrap(),
    );

    let lines = verify(&[good], 0);
    assert_line_starts(&lines, 0, &format!("{good}: ok ("));

    let lines = verify(&[good, desynced], 1);
    assert_eq!(lines.len(), 2, "{lines:?}");
    let desync = format!("{desynced}: desynced (stage 1, 0:05, step 300): ");
    assert_line_starts(&lines, 1, &desync);

    let lines = verify(&[good, desynced, broken, newer, "/no/such/replay.ron"], 2);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_line_starts(&lines, 2, &format!("{broken}: unplayable ({broken}:1:"));
    assert!(
        lines[3].contains("version 9 comes from a newer SkySweep"),
        "{lines:?}"
    );
    assert_line_starts(&lines, 4, "/no/such/replay.ron: unplayable (");

    let objects: Vec<serde_json::Value> = verify(&["--json", good, desynced, newer], 2)
        .iter()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(objects.len(), 3);
    assert_eq!(objects[0]["result"], "ok");
    assert_eq!(objects[1]["result"], "desynced");
    assert_eq!(
        (objects[1]["stage"].clone(), objects[1]["step"].clone()),
        (1.into(), 300.into())
    );
    assert_eq!(objects[1]["time"], "0:05");
    assert_eq!(objects[2]["result"], "unplayable");
    assert!(objects[2]["reason"].as_str().unwrap().contains("newer"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn versions_1_and_2_still_load_and_play_to_their_end() {
    let dir = scratch("old");
    let mut stages = stage_files();
    for f in guard_replays().iter().take(2) {
        let r = Replay::load(f).unwrap();
        let levels = verify::stages_of("t", &r, &mut stages).unwrap();
        // What an older build wrote for the same run: the stage's text hash, no checkpoints.
        let mut old = r.clone();
        old.version = REPLAY_VERSION_STAGES;
        for (s, level) in old.stages.iter_mut().zip(&levels) {
            s.level_hash = format!("{:016x}", level.content_hash);
        }
        let text = old.to_ron();
        assert!(
            text.contains("version: 2") && text.contains("content_hash"),
            "{text}"
        );
        assert!(!text.contains("checkpoints"), "{text}");
        let v2 = dir.join("v2.ron");
        std::fs::write(&v2, &text).unwrap();
        let report = verify::verify(&v2, &mut stages);
        assert_eq!(report.verdict, Verdict::Ok, "{}", report.line());
        assert_eq!((report.steps, report.checkpoints), (r.len() as u64, 0));
        assert!(
            report.line().contains("holds no checkpoints"),
            "{}",
            report.line()
        );
        assert_eq!(
            listing::list(&v2, &mut stages).state,
            ListingState::OtherRules
        );

        // The one-stage layout of version 1.
        let s = &old.stages[0];
        let v1_text = format!(
            "Replay(version: 1, level: {:?}, content_hash: {:?}, seed: {}, characters: {:?}, difficulty: {:?}, start_at: {:?}, start_power: {}, inputs: {:?})",
            s.level, s.level_hash, old.seed, old.characters, old.difficulty, s.start_at, old.start_power, s.inputs
        );
        let v1 = dir.join("v1.ron");
        std::fs::write(&v1, v1_text).unwrap();
        assert_eq!(Replay::load(&v1).unwrap().version, REPLAY_VERSION_ONE_STAGE);
        if s.loop_index == 0 {
            let report = verify::verify(&v1, &mut stages);
            assert_eq!(report.verdict, Verdict::Ok, "{}", report.line());
        }

        // An old replay whose stage text changed is refused as before, by its text hash.
        let mut moved = old.clone();
        moved.stages[0].level_hash = "0123456789abcdef".into();
        std::fs::write(&v2, moved.to_ron()).unwrap();
        let report = verify::verify(&v2, &mut stages);
        let Verdict::Unplayable(why) = &report.verdict else {
            panic!("{}", report.line());
        };
        assert!(why.contains("content hash 0123456789abcdef"), "{why}");
        assert!(matches!(
            listing::list(&v2, &mut stages).state,
            ListingState::StageChanged(_)
        ));
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_listing_says_who_when_and_whether_it_plays_without_playing() {
    let f = &guard_replays()[0];
    let mut stages = stage_files();
    let row = listing::list(f, &mut stages);
    let r = Replay::load(f).unwrap();
    assert_eq!(row.characters, r.characters);
    assert_eq!(row.final_score, r.stages[0].score);
    assert!(row.final_score > 0, "the run scored");
    assert_eq!(row.stages, [r.stages[0].name.clone()]);
    assert_eq!(
        row.date_text().len(),
        "2026-11-26 11:02".len(),
        "{}",
        row.date_text()
    );
    // A missing stage and a damaged file are unplayable, with the reason in words.
    let dir = scratch("listing");
    let mut gone = r.clone();
    gone.stages[0].level = "levels/stage99.ron".into();
    let path = dir.join("gone.ron");
    gone.save(&path).unwrap();
    let ListingState::Unplayable(why) = listing::list(&path, &mut stages).state else {
        panic!("a missing stage is unplayable");
    };
    assert!(
        why.contains("levels/stage99.ron cannot be loaded: no such file"),
        "{why}"
    );
    std::fs::write(&path, [0xff, 0xfe, 0]).unwrap();
    assert!(matches!(
        listing::list(&path, &mut stages).state,
        ListingState::Unplayable(_)
    ));
    // Another rules fingerprint lists as such, and still plays when nothing it used changed.
    let mut other = r.clone();
    other.rules = "0000000000000000".into();
    other.save(&path).unwrap();
    assert_eq!(
        listing::list(&path, &mut stages).state,
        ListingState::OtherRules
    );
    let report = verify::verify(&path, &mut stages);
    assert_eq!(report.verdict, Verdict::Ok);
    assert!(
        report.line().ends_with("; recorded under other rules)"),
        "{}",
        report.line()
    );
    std::fs::remove_dir_all(dir).ok();
}
