//! Loading and resolving levels from text: names become indices, errors name their place.

use std::path::Path;

use glam::Vec2;

use skysweep::level::confined::is_confined_asset;
use skysweep::level::load::check::{check_file, Checked};
use skysweep::level::{
    limits, load_stage, parse_stage, Catalog, HitShape, LevelError, Source, TimelineEvent,
};

use crate::support;

fn src(name: &str, text: &str) -> Source {
    Source::new(name, text)
}

const DEFS: &str = r#"Defs(
    patterns: { "aimed": (kind: Aimed), "ring": (kind: Ring, count: 8) },
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100,
            weapons: [(pattern: "aimed")]),
        "tank": (sprite: "tank_body", layer: Ground, hp: 5, score: 200, path: Ground),
    },
)"#;

/// The assets the levels in these tests name, and nothing else.
fn catalog() -> Catalog {
    Catalog::new()
        .with_sprite("air_drone", (16, 16), 2)
        .with_sprite("air_gyro", (24, 24), 2)
        .with_sprite("tank_body", (20, 22), 2)
        .with_sprite("boat", (20, 36), 2)
        .with_sprite("boss1_core", (64, 48), 3)
        .with_image("backgrounds/stage1_ground.png")
        .with_music("boss")
}

fn shipped_assets() -> Catalog {
    Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"))
}

fn load(stage: &str) -> Result<skysweep::level::Level, LevelError> {
    parse_stage(
        &src("stage.ron", stage),
        &[src("defs.ron", DEFS)],
        &catalog(),
    )
}

fn errors(stage: &str) -> Vec<String> {
    load(stage)
        .expect_err("the stage should not load")
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_test_parses_every_levels_ron() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut stages = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        match check_file(&path, &shipped_assets()) {
            Ok(Checked::Stage { events, .. }) => {
                stages += 1;
                assert!(events > 20, "{} has only {events} events", path.display());
                let level = load_stage(&path, &shipped_assets()).unwrap();
                assert!(level.markers.contains_key("boss"), "{}", path.display());
                assert!(level
                    .timeline
                    .iter()
                    .any(|e| matches!(e, TimelineEvent::Boss { .. })));
            }
            Ok(Checked::Defs { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert!(stages >= 2);
}

#[test]
fn names_resolve_to_indices_and_events_sort_by_time() {
    let level = load(
        r#"Stage(name: "t", length_s: 30, events: [
            Spawn(at: 5, enemy: "tank", x: 10),
            Spawn(at: 1, enemy: "drone", x: 20, pattern: "ring"),
        ])"#,
    )
    .unwrap();
    let TimelineEvent::Spawn { enemy, pattern, .. } = &level.timeline[0] else {
        panic!("expected a spawn");
    };
    assert_eq!(&*level.enemies[*enemy].name, "drone");
    assert_eq!(level.patterns[pattern.unwrap()].count, 8);
    assert_eq!(level.timeline[1].at(), 5.0);
    let drone = &level.enemies[level.enemy_index("drone").unwrap()];
    assert_eq!(drone.parts.len(), 1);
    assert_eq!(drone.parts[0].half.x, 7.0);
}

#[test]
fn shapes_resolve_in_the_part_frame_with_their_bounds() {
    let level = load(
        r#"Stage(name: "t", length_s: 30, enemies: {
            "orb": (sprite: "air_gyro", layer: Air, score: 1, shape: Circle(radius: 9)),
            "crab": (sprite: "air_gyro", layer: Air, score: 1, parts: [
                (name: "shell", size: (20, 10), hp: 5),
                (name: "claw_l", offset: (-20, 0), hp: 5,
                 shape: Oriented(size: (30, 10), angle_deg: 90)),
                (name: "claw_r", offset: (20, 0), hp: 5, mirror: true,
                 shape: Oriented(size: (30, 10), angle_deg: 30)),
            ]),
        })"#,
    )
    .unwrap();
    let orb = &level.enemies[level.enemy_index("orb").unwrap()].parts[0];
    assert_eq!(orb.shape, HitShape::Circle { radius: 9.0 });
    assert_eq!(orb.half, Vec2::splat(9.0));
    let crab = &level.enemies[level.enemy_index("crab").unwrap()];
    assert_eq!(crab.parts[0].shape, HitShape::Box);
    assert_eq!(crab.parts[0].half, Vec2::new(10.0, 5.0));
    // Turned a quarter, the 30 × 10 box stands 10 wide and 30 tall.
    let HitShape::Oriented { half, angle } = crab.parts[1].shape else {
        panic!("{:?}", crab.parts[1].shape);
    };
    assert_eq!(half, Vec2::new(15.0, 5.0));
    assert!((angle - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    assert!(
        (crab.parts[1].half - Vec2::new(5.0, 15.0))
            .abs()
            .max_element()
            < 1e-4
    );
    // Mirrored with its sprite, the right claw slopes the other way.
    let HitShape::Oriented { angle, .. } = crab.parts[2].shape else {
        panic!("{:?}", crab.parts[2].shape);
    };
    assert!((angle + 30f32.to_radians()).abs() < 1e-6);
    let c = 30f32.to_radians().cos();
    let s = 30f32.to_radians().sin();
    let bound = Vec2::new(15.0 * c + 5.0 * s, 15.0 * s + 5.0 * c);
    assert!((crab.parts[2].half - bound).abs().max_element() < 1e-4);
}

#[test]
fn a_stage_may_override_a_shared_definition() {
    let level = load(
        r#"Stage(name: "t", length_s: 30,
            enemies: { "drone": (sprite: "air_gyro", layer: Air, hp: 9, score: 1) })"#,
    )
    .unwrap();
    let drone = &level.enemies[level.enemy_index("drone").unwrap()];
    assert_eq!(drone.parts[0].hp, 9.0);
}

#[test]
fn two_shared_files_defining_one_name_is_an_error() {
    let other = r#"Defs(enemies: { "tank": (sprite: "boat", layer: Ground, score: 1) })"#;
    let e = parse_stage(
        &src("stage.ron", r#"Stage(name: "t", length_s: 30)"#),
        &[src("defs.ron", DEFS), src("other.ron", other)],
        &catalog(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "other.ron:1:17: enemy \"tank\" is also defined in defs.ron; names must be unique \
         across `uses` files (a stage's own definitions may override them)"
    );
}

#[test]
fn all_errors_are_reported_together_top_to_bottom() {
    let errs = errors(
        r#"Stage(name: "t", length_s: 30, events: [
    Spawn(at: 40, enemy: "drone", x: 1),
    Spawn(at: 1, enemy: "drnoe", x: 1),
    Boss(at: 2, enemy: "tank", x: 1e9),
])"#,
    );
    assert_eq!(
        errs,
        [
            "stage.ron:2:15: event 1 at 40 s is past the stage's end (length_s: 30)",
            "stage.ron:3:25: unknown enemy \"drnoe\"; did you mean \"drone\"?",
            "stage.ron:4:35: x must be within 1000 pixels of the playfield, found 1000000000",
        ]
    );
}

#[test]
fn a_name_in_a_comment_or_another_enemy_does_not_steal_the_position() {
    let errs = errors(
        r#"Stage(name: "t", length_s: 30,
    // "bad" hp: -1 is what this comment talks about
    enemies: {
        "good": (sprite: "air_drone", layer: Air, hp: 1, score: 1, reveals: "bad"),
        "bad": (sprite: "air_drone", layer: Air, score: 1,
            size: (8, 8), hp: -1),
    },
)"#,
    );
    assert_eq!(
        errs,
        ["stage.ron:6:31: enemy \"bad\": hp must be more than 0 and at most 100000, found -1"]
    );
}

#[test]
fn boss_parts_phases_and_guards_are_checked() {
    let errs = errors(
        r#"Stage(name: "t", length_s: 30, enemies: {
    "boss": (sprite: "boss1_core", layer: Air, score: 1, core: "heart",
        parts: [
            (name: "core", size: (10, 10), hp: 10, guarded_by: ["core"]),
            (name: "wing", size: (10, 10), hp: 10),
            (name: "wing", size: (10, 10), hp: 10),
        ],
        phases: [(after: ["wign"], below_hp: 2, weapons: [(pattern: "aimed", from: "tail")])],
    ),
})"#,
    );
    assert_eq!(
        errs,
        [
            "stage.ron:2:64: enemy \"boss\": core names unknown part \"heart\"",
            "stage.ron:4:65: part \"core\" of \"boss\": guarded_by names the part itself; \
             expected other parts of \"boss\"",
            "stage.ron:6:20: enemy \"boss\" has two parts named \"wing\"; each part's name must \
             be its own",
            "stage.ron:8:27: enemy \"boss\", phase 1: after names unknown part \"wign\"; did you mean \"wing\"?",
            "stage.ron:8:46: enemy \"boss\", phase 1: below_hp must be 0 to 1, found 2",
            "stage.ron:8:84: enemy \"boss\": weapon `from` names unknown part \"tail\"",
        ]
    );
}

#[test]
fn limits_are_clear_errors() {
    let many: String = (0..=limits::MAX_EVENTS)
        .map(|_| "Warning(at: 1, text: \"x\"),")
        .collect();
    let errs = errors(&format!(
        "Stage(name: \"t\", length_s: 30, events: [{many}])"
    ));
    assert_eq!(
        errs,
        [format!(
            "stage.ron:1:40: {} events; the limit is {}",
            limits::MAX_EVENTS + 1,
            limits::MAX_EVENTS
        )]
    );
    let errs = errors(
        r#"Stage(name: "t", length_s: 30, patterns: { "wall": (kind: Spiral, count: 721, volleys: 121) })"#,
    );
    assert_eq!(errs.len(), 2, "{errs:?}");
}

#[test]
fn a_bad_length_is_one_error_not_one_per_event() {
    let errs = errors(
        r#"Stage(name: "t", length_s: -5, markers: { "boss": 20 },
            events: [Warning(at: 1, text: "x"), Warning(at: 12, text: "y")])"#,
    );
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].contains("length_s must be between 1 and"),
        "{errs:?}"
    );
    // Times past any stage allowed are still reported.
    let errs = errors(&format!(
        r#"Stage(name: "t", length_s: -5, events: [Warning(at: {}, text: "x")])"#,
        limits::MAX_STAGE_S + 1.0
    ));
    assert_eq!(errs.len(), 2, "{errs:?}");
}

#[test]
fn too_many_errors_stop_at_a_bound() {
    let many: String = (0..500)
        .map(|_| "Spawn(at: 1, enemy: \"nope\", x: 1),")
        .collect();
    let errs = errors(&format!(
        "Stage(name: \"t\", length_s: 30, events: [{many}])"
    ));
    assert_eq!(errs.len(), limits::MAX_DIAGNOSTICS + 1);
    assert!(errs.last().unwrap().contains("stopping after"));
}

#[test]
fn asset_paths_stay_inside_assets() {
    for ok in ["backgrounds/stage1_ground.png", "a/b/c.png"] {
        assert!(is_confined_asset(ok), "{ok}");
    }
    for bad in [
        "",
        "../x.png",
        "a/../../x.png",
        "/etc/passwd",
        "./x.png",
        "C:\\x.png",
        "c:x.png",
        "a\\..\\x.png",
    ] {
        assert!(!is_confined_asset(bad), "{bad}");
    }
    let errs = errors(r#"Stage(name: "t", length_s: 30, music: "../../bin/sh")"#);
    assert!(errs[0].starts_with("stage.ron:1:39: music \"../../bin/sh\" must be a cue name"));
}

#[test]
fn syntax_errors_name_the_position() {
    let e = load("Stage(\n  name: \"t\",\n  length_s: 30\n  events: [],\n)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "stage.ron:4:3: expected a comma `,` after `length_s: 30` (or a closing bracket), found `events`"
    );
    let e = load("Stage(name: \"t\", length_s: 30, events: [Spawn(at: 1, enemy: \"drone\")])")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "stage.ron:1:68: missing field `x` in Spawn: it has no default"
    );
}

#[test]
fn unknown_path_fields_are_rejected() {
    let e = load(
        r#"Stage(name: "t", length_s: 30, events: [Spawn(at: 1, enemy: "drone", x: 1, path: Sine(amplitud: 3))])"#,
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("unknown field `amplitud` in Sine (did you mean `amplitude`?)"),
        "{text}"
    );
}

#[test]
fn markers_resolve_by_name_or_seconds() {
    let level = load(r#"Stage(name: "t", length_s: 30, markers: { "boss": 25 })"#).unwrap();
    assert_eq!(level.resolve_at("boss"), Some(25.0));
    assert_eq!(level.resolve_at("12"), Some(12.0));
    assert_eq!(level.resolve_at("nope"), None);
}

#[test]
fn the_readme_example_loads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let example = support::ron_block_after(&readme, "## An annotated example")
        .expect("an example in levels/README.md");
    let common = std::fs::read_to_string(root.join("common.ron")).unwrap();
    let level = parse_stage(
        &src("README.md example", example),
        &[src("common.ron", &common)],
        &shipped_assets(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(level.name, "Test Flight");
    assert!(level
        .timeline
        .iter()
        .any(|e| matches!(e, TimelineEvent::Boss { .. })));
}

#[test]
fn a_stage_may_ask_for_up_to_100000_bullets_and_no_more() {
    let stage = |extra: &str| format!(r#"Stage(name: "S", length_s: 10{extra})"#);
    let default = load(&stage("")).expect("a stage without max_bullets loads");
    assert_eq!(default.max_bullets, limits::DEFAULT_ENEMY_BULLETS);
    let most = load(&stage(", max_bullets: 100000")).expect("the hard limit itself loads");
    assert_eq!(most.max_bullets, limits::MAX_ENEMY_BULLETS);
    for bad in ["0", "100001"] {
        let errs = errors(&stage(&format!(", max_bullets: {bad}")));
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert!(
            errs[0].contains("max_bullets must be between 1 and 100000"),
            "{errs:?}"
        );
    }
}
