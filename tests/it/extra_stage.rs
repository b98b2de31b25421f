//! The shipped Extra stage (issue #31), `levels/stage7.ron`: a stage of its own, with its own
//! ground, music and boss, that asks for a bullet curtain's worth of bullets, and that `check`
//! passes with no warning. That it never joins the campaign is tested beside the lister
//! (`level::stage_files`) and `sim --all` (`sim_cli`).

use std::path::Path;

use skysweep::level::resolved::TimelineEvent;
use skysweep::level::{load_stage, Catalog, EXTRA_STAGE};

use crate::support;

fn extra() -> skysweep::level::Level {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = Catalog::load(&root.join("assets"));
    load_stage(&root.join("levels").join(EXTRA_STAGE), &catalog).expect("the Extra stage loads")
}

#[test]
fn the_extra_stage_has_its_own_ground_music_and_bosses() {
    let level = extra();
    assert_eq!(level.background.ground, "backgrounds/stage7_ground.png");
    assert_eq!(level.music, "stage7");
    assert_eq!(level.boss_music, "extra_boss");
    // A curtain of tens of thousands: the world reserves this many when the stage loads.
    assert!(
        (20_000..=skysweep::level::limits::MAX_ENEMY_BULLETS).contains(&level.max_bullets),
        "{}",
        level.max_bullets
    );
    let boss = level
        .timeline
        .iter()
        .find_map(|e| match e {
            TimelineEvent::Boss { enemy, .. } => Some(&level.enemies[*enemy]),
            _ => None,
        })
        .expect("a Boss event");
    // Its own boss, of several parts and phases, drawn with its own sprites.
    assert!(boss.parts.len() >= 5, "{}", boss.parts.len());
    assert!(boss.phases.len() >= 3, "{}", boss.phases.len());
    assert!(boss
        .parts
        .iter()
        .all(|p| p.sprite.as_deref().is_some_and(|s| s.starts_with("ex_"))));
    assert!(level
        .timeline
        .iter()
        .any(|e| matches!(e, TimelineEvent::MidBoss { .. })));
    assert!(level.markers.contains_key("boss"));
}

#[test]
fn check_passes_the_extra_stage_with_no_warning() {
    let out = support::run(&[
        "check",
        "--deny",
        "warnings",
        &format!("levels/{EXTRA_STAGE}"),
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
