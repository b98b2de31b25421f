//! The `skysweep balance` command: its JSON, its table, and that its figures are `sim`'s.

use skysweep::sim::Character;

use crate::support::{run, stdout, tempdir};

/// A short stage of drones and the scenario boss, in a fresh folder: quick to measure.
fn trial_stage(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    std::fs::write(
        dir.join("defs.ron"),
        skysweep::testkit::scenario::SCENARIO_DEFS,
    )
    .unwrap();
    let path = dir.join(name);
    std::fs::write(
        &path,
        r#"Stage(name: "Trial", length_s: 12, scroll_speed: 20, uses: ["defs.ron"],
            markers: { "boss": 7 },
            events: [
                Spawn(at: 1.0, enemy: "drone", x: 60, y: 50, count: 3, spacing_s: 0.5, dx: 50),
                Boss(at: 8.0, enemy: "boss", x: 112, y: 70),
            ])"#,
    )
    .unwrap();
    path
}

/// The boss's time to kill in one `sim` boss fight, as `balance` sets it up.
fn sim_ttk(level: &str, character: &str, seed: u64) -> f64 {
    let out = stdout(&run(&[
        "sim",
        "--level",
        level,
        "--at",
        "boss",
        "--power",
        "4",
        "--autoplay",
        "--invincible",
        "--character",
        character,
        "--seed",
        &seed.to_string(),
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["ttk_s"][0]["ttk_s"].as_f64().expect("the boss fell")
}

#[test]
fn balance_reports_each_pilots_median_time_to_kill_and_the_stage_pacing() {
    let dir = tempdir();
    let stage = trial_stage(dir.path(), "trial.ron");
    let level = stage.to_str().unwrap();
    let out = stdout(&run(&["balance", "--json", "--stage", level]));
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let bosses = v["bosses"].as_array().unwrap();
    assert_eq!(bosses.len(), 1, "{v}");
    let b = &bosses[0];
    assert_eq!(b["stage"], "trial.ron");
    assert_eq!(b["boss"], "boss");
    assert!(!b["boss"].as_str().unwrap().is_empty());
    let pilots: Vec<&String> = b["ttk_s"].as_object().unwrap().keys().collect();
    assert_eq!(pilots.len(), Character::ALL.len(), "{v}");
    let times: Vec<f64> = Character::ALL
        .iter()
        .map(|c| c.key())
        .map(|p| b["ttk_s"][p].as_f64().expect("every pilot kills the boss"))
        .collect();
    let (fast, slow) = (
        times.iter().copied().fold(f64::MAX, f64::min),
        times.iter().copied().fold(0.0, f64::max),
    );
    let spread = b["spread"].as_f64().unwrap();
    assert!(
        (spread - slow / fast).abs() < 0.01,
        "{spread} vs {slow}/{fast}"
    );
    assert_eq!(v["max_spread"], b["spread"]);
    // The figure is sim's: the median of three boss fights, seeds 1 to 3.
    let mut runs: Vec<f64> = (1..=3).map(|seed| sim_ttk(level, "wren", seed)).collect();
    runs.sort_by(f64::total_cmp);
    assert_eq!(b["ttk_s"]["wren"].as_f64(), Some(runs[1]), "{runs:?}");
    let stages = v["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 1);
    assert_eq!(stages[0]["stage"], "trial.ron");
    assert!(stages[0]["dead_air_s"].as_f64().unwrap() >= 0.0);
    assert!(stages[0]["peak_enemy_bullets"].as_u64().unwrap() > 0);
    assert_eq!(v["seeds"], serde_json::json!([1, 2, 3]));
}

#[test]
fn balance_prints_a_table_by_default_and_refuses_a_missing_stage() {
    let dir = tempdir();
    let (a, b) = (
        trial_stage(dir.path(), "stage_a.ron"),
        trial_stage(dir.path(), "stage_b.ron"),
    );
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let text = stdout(&run(&["balance", "--stage", a, b]));
    assert!(!text.trim_start().starts_with('{'), "{text}");
    for needle in [
        "stage_a.ron",
        "stage_b.ron",
        "vela",
        "brass",
        "wren",
        "spread",
        "dead air",
    ] {
        assert!(text.contains(needle), "{needle} missing from\n{text}");
    }
    let out = run(&["balance", "--stage", "levels/no_such_stage.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no_such_stage.ron"), "{err}");
}

/// `balance --plot` draws a stage's pacing into a PNG: a picture of the right size with the
/// enemies' blue and the bullets' red curves in it.
#[test]
fn balance_plot_draws_a_png_of_the_stage() {
    let dir = crate::support::tempdir();
    let stage = dir.path().join("tiny.ron");
    std::fs::write(
        &stage,
        r#"Stage(name: "Tiny", uses: ["game:common.ron"], length_s: 20, markers: { "boss": 8 },
waves: { "pair": [Spawn(at: 0, enemy: "drone", x: 40, count: 3, spacing_s: 0.4)] },
events: [
    Wave(at: 1, name: "pair", repeat: 2, every_s: 2, alternate: true),
    Boss(at: 10, enemy: "zeppelin", x: 112, y: -30),
])"#,
    )
    .unwrap();
    let png = dir.path().join("tiny.png");
    let text = plot(&stage, &png, &[]);
    assert!(text.contains("tiny.png"), "{text}");
    let (size, pixels) = read_png(&png);
    assert_eq!(size, (1200, 640));
    assert!(pixels.contains(&[40, 110, 200]), "the enemies' curve");
    assert!(pixels.contains(&[210, 70, 60]), "the bullets' curve");
}

/// `balance --plot` of `stage` into `png` with the options `more`: what it prints.
fn plot(stage: &std::path::Path, png: &std::path::Path, more: &[&str]) -> String {
    let (stage, png) = (stage.to_str().unwrap(), png.to_str().unwrap());
    let args = [&["balance", "--stage", stage, "--plot", png], more].concat();
    crate::support::stdout(&crate::support::run(&args))
}

/// The RGB picture at `path`: its width and height, and its pixels.
fn read_png(path: &std::path::Path) -> ((u32, u32), Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let rgb = buf[..info.buffer_size()].chunks(3);
    let pixels = rgb.map(|p| [p[0], p[1], p[2]]).collect();
    ((info.width, info.height), pixels)
}

/// `balance --plot` draws several difficulties in one picture, each in its own colour, flown
/// by the pilot, seed and bot asked for; the options are only for the picture.
#[test]
fn balance_plot_draws_each_difficulty_asked_for_with_the_bot_asked_for() {
    let dir = crate::support::tempdir();
    let stage = trial_stage(dir.path(), "trial.ron");
    let png = dir.path().join("trial.png");
    let difficulties = ["--difficulty", "easy", "hard"];
    let flown_by = ["--character", "wren", "--seed", "2", "--skill", "average"];
    plot(&stage, &png, &[&difficulties[..], &flown_by].concat());
    let (_, pixels) = read_png(&png);
    let has = |rgb: [u8; 3]| pixels.contains(&rgb);
    assert!(has([40, 150, 70]), "easy's green curve");
    assert!(has([200, 50, 50]), "hard's red curve");
    assert!(!has([40, 110, 200]), "no normal curve was asked for");
    let refused = crate::support::run(&["balance", "--difficulty", "hard"]);
    assert!(!refused.status.success(), "--difficulty is for --plot");
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("--plot"), "{err}");
}
