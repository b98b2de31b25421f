//! levels/README.md stays true: its generated tables match what they describe (the sprite
//! table `assets/sprites/atlas.ron`, the difficulty table the simulation), and its "your
//! first stage" loads, checks and can be cleared.
//!
//! The tables are written by this file: `SKYSWEEP_WRITE_DOCS=1 cargo test --test it level_docs`
//! rewrites them in place; without it, a table that drifted fails the test.

use std::path::{Path, PathBuf};

use skysweep::headless::summary::{self, RunOptions};
use skysweep::level::Difficulty;
use skysweep::level::{parse_stage, Catalog, Source, TimelineEvent};
use skysweep::sim::{Input, WorldConfig};
use skysweep::testkit::scenario;

use crate::support;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn readme() -> String {
    std::fs::read_to_string(root().join("levels/README.md")).unwrap()
}

/// The markdown table of every sprite in the atlas, in name order.
fn sprite_table(catalog: &Catalog) -> String {
    let mut out = String::from(
        "| sprite | size (w × h) | frames | the frames are |\n| --- | --- | --- | --- |\n",
    );
    for (name, s) in catalog.sprites() {
        let what = match s.frames.len() {
            1 => "one still picture",
            _ if s.has_damage_frames() => "intact, damaged, destroyed",
            _ => "an animation",
        };
        out.push_str(&format!(
            "| `{name}` | {} × {} | {} | {what} |\n",
            s.size.0,
            s.size.1,
            s.frames.len()
        ));
    }
    out
}

/// How many bullets one volley of a 12-bullet `Ring` fires at `difficulty` on `loop_index`,
/// counted in the simulation itself.
fn ring_of_12(difficulty: Difficulty, loop_index: u32) -> usize {
    let level = scenario::level(
        r#"Stage(name: "ring", length_s: 60, uses: ["defs"],
            patterns: { "r12": (kind: Ring, count: 12, speed: 5) },
            enemies: { "ringer": (sprite: "air_drone", layer: Air, hp: 1000, score: 1,
                path: Straight(speed: 0),
                weapons: [(pattern: "r12", delay_s: 0.1, interval_s: 100)]) })"#,
    )
    .unwrap();
    // Past Easy's quiet opening, so every difficulty fires.
    let config = WorldConfig {
        difficulty,
        loop_index,
        start_at: difficulty.opening_hold_s(),
        ..WorldConfig::default()
    };
    let mut world = scenario::world(level, config);
    scenario::spawn(&mut world, "ringer", glam::Vec2::new(112.0, 60.0)).unwrap();
    let inputs = vec![Input::default(); world.players().len()];
    // The first volley comes after the weapon's wait, which difficulty stretches.
    for _ in 0..5 * 60 {
        world.step(&inputs);
        if !world.bullets().is_empty() {
            break;
        }
    }
    world.bullets().len()
}

/// The markdown table of how difficulty and loop scale bullets.
fn difficulty_table() -> String {
    let loops = [0, 1, 2, 3, 4];
    let mut out = String::from("| difficulty |");
    for l in loops {
        out.push_str(&match l {
            4 => " loop 5 and later |".to_string(),
            _ => format!(" loop {} |", l + 1),
        });
    }
    out.push_str(&format!("\n| --- |{}\n", " --- |".repeat(loops.len())));
    for d in Difficulty::ALL {
        let name = d.name();
        let mut row = format!("| {}{} |", name[..1].to_uppercase(), &name[1..]);
        for l in loops {
            let (speed, count) = d.factors(l);
            row.push_str(&format!(
                " speed ×{speed:.2}, count ×{count:.2} (12 → {}) |",
                ring_of_12(d, l)
            ));
        }
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// Replaces (or checks) the generated block `name` of the README with `table`.
fn keep_in_step(name: &str, table: &str) {
    let text = readme();
    let start = text
        .find(&format!("<!-- generated:{name}:"))
        .unwrap_or_else(|| panic!("no generated:{name} marker in levels/README.md"));
    let body = start + text[start..].find("-->\n").unwrap() + 4;
    let end = text
        .find(&format!("<!-- end generated:{name} -->"))
        .unwrap_or_else(|| panic!("no end generated:{name} marker in levels/README.md"));
    if text[body..end] == *table {
        return;
    }
    if std::env::var_os("SKYSWEEP_WRITE_DOCS").is_some() {
        let new = format!("{}{table}{}", &text[..body], &text[end..]);
        std::fs::write(root().join("levels/README.md"), new).unwrap();
        return;
    }
    panic!(
        "the {name} table in levels/README.md differs from what it describes; rewrite it with \
         `SKYSWEEP_WRITE_DOCS=1 cargo test --test it level_docs`.\nexpected:\n{table}\nfound:\n{}",
        &text[body..end]
    );
}

#[test]
fn the_sprite_table_matches_the_atlas() {
    let catalog = Catalog::load(&root().join("assets"));
    assert!(catalog.problems().is_empty(), "{:?}", catalog.problems());
    let table = sprite_table(&catalog);
    assert!(table.contains("| `boss2_turret` | 28 × 28 | 3 | intact, damaged, destroyed |"));
    keep_in_step("sprites", &table);
}

#[test]
fn the_difficulty_table_matches_the_simulation() {
    for d in Difficulty::ALL {
        let density = d.factors(0).1;
        assert_eq!(ring_of_12(d, 0), (12.0 * density).round() as usize, "{d:?}");
    }
    keep_in_step("difficulty", &difficulty_table());
}

#[test]
fn the_first_stage_walk_through_loads_and_can_be_cleared() {
    let text = readme();
    let stage = support::ron_block_after(&text, "## Your first stage")
        .expect("a stage under \"Your first stage\" in levels/README.md");
    let lines = stage.lines().count();
    assert!(
        (30..=50).contains(&lines),
        "the first stage should stay short enough to read at once: {lines} lines"
    );
    let common = std::fs::read_to_string(root().join("levels/common.ron")).unwrap();
    let level = parse_stage(
        &Source::new("first.ron", stage),
        &[Source::new("common.ron", common)],
        &Catalog::load(&root().join("assets")),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(level.markers.contains_key("boss"));
    assert!(level
        .timeline
        .iter()
        .any(|e| matches!(e, TimelineEvent::Boss { .. })));
    // The bot clears it, boss and all, without dying: a stage to grow, not to fix first.
    let (result, _) = summary::run(
        &[std::sync::Arc::new(level)],
        WorldConfig {
            seed: 1,
            ..WorldConfig::default()
        },
        RunOptions {
            frames: 60 * 90,
            autoplay: Some(skysweep::sim::Skill::Expert),
            replay: None,
            record: false,
        },
    );
    assert!(result.cleared, "{result:?}");
    assert_eq!(result.bosses_defeated, 1);
}

/// Every field the loader accepts (asked of the schema itself, see
/// `skysweep::level::schema::fields`) is named in levels/README.md, as `` `field` `` in the
/// prose or tables or as `field:` in an example.
#[test]
fn every_field_the_loader_accepts_is_documented() {
    let text = readme();
    let named = |f: &str| text.contains(&format!("`{f}`")) || writes_field(&text, f);
    let missing = accepted_fields_not(|_, f| named(f));
    assert!(
        missing.is_empty(),
        "fields the loader accepts that levels/README.md never names: {missing:?}"
    );
}

/// Whether `text` gives the field `f` a value somewhere (`f:`, not the end of a longer name).
fn writes_field(text: &str, f: &str) -> bool {
    text.match_indices(&format!("{f}:")).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Every field the loader accepts, as `Owner.field`, for which `found(owner, field)` is false.
fn accepted_fields_not(found: impl Fn(&str, &str) -> bool) -> Vec<String> {
    let accepted = skysweep::level::schema::fields::accepted().into_iter();
    accepted
        .flat_map(|(owner, fields)| {
            let missing = fields
                .into_iter()
                .filter(|f| !found(&owner, f))
                .collect::<Vec<_>>();
            missing.into_iter().map(move |f| format!("{owner}.{f}"))
        })
        .collect()
}

/// The shipped example, `levels/examples/showcase.ron`, shows every field the loader accepts
/// in a stage (as `field:`), every kind of event and every kind of path, and loads cleanly.
#[test]
fn the_example_stage_uses_every_feature() {
    let path = root().join("levels/examples/showcase.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    // A definitions file's two fields are a stage's too.
    let missing = accepted_fields_not(|owner, f| owner == "Defs" || writes_field(&text, f));
    assert!(missing.is_empty(), "the example never shows {missing:?}");
    for kind in [
        "Spawn(", "Wave(", "Section(", "Scroll(", "Warning(", "MidBoss(", "Boss(",
    ] {
        assert!(text.contains(kind), "no {kind}");
    }
    for path in [
        "Straight(",
        "Sine(",
        "Swoop(",
        "StopAndShoot(",
        "Ground",
        "Drive(",
        "Hover(",
        "Waypoints(",
        "Sequence(",
    ] {
        assert!(text.contains(path), "no {path}");
    }
    let (_, warnings) =
        skysweep::level::load_stage_linted(&path, &Catalog::load(&root().join("assets")))
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(warnings.is_empty(), "{warnings:?}");
}
