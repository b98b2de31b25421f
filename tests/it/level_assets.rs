//! Asset names in levels are checked on hot reload too, against the assets folder as it is at
//! that save: a typo is an error at its line, and an image added while the game runs is found.

use std::path::{Path, PathBuf};

use skysweep::level::{Catalog, LevelWatcher};

use crate::support::{self, next_reload};

/// A stage with one enemy drawn with `sprite` over the ground image `ground`.
fn stage(sprite: &str, ground: &str) -> String {
    format!(
        "Stage(\n    name: \"s\",\n    length_s: 60,\n    boss_music: \"\",\n    \
         background: (ground: \"{ground}\"),\n    \
         enemies: {{ \"kite\": (sprite: \"{sprite}\", layer: Air, score: 1) }},\n    \
         events: [Spawn(at: 1, enemy: \"kite\", x: 40)],\n)\n"
    )
}

/// A minimal assets folder: an atlas with one sprite, one ground image, no music.
fn assets(dir: &Path) -> PathBuf {
    let root = dir.join("assets");
    std::fs::create_dir_all(root.join("sprites")).unwrap();
    std::fs::create_dir_all(root.join("backgrounds")).unwrap();
    std::fs::create_dir_all(root.join("music")).unwrap();
    std::fs::write(
        root.join("sprites/atlas.ron"),
        "Atlas(image: \"sprites/atlas.png\", sprites: {\n    \
         \"air_drone\": Sprite(size: (16, 16), frames: [(0, 0), (17, 0)]),\n})\n",
    )
    .unwrap();
    std::fs::write(root.join("backgrounds/field.png"), b"not read by the check").unwrap();
    root
}

#[test]
fn a_sprite_typo_saved_while_running_is_an_error_with_a_suggestion() {
    let tmp = support::tempdir();
    let dir = tmp.path();
    let path = dir.join("stage.ron");
    let catalog = Catalog::load(&assets(dir));
    assert!(catalog.problems().is_empty(), "{:?}", catalog.problems());
    std::fs::write(&path, stage("air_drone", "backgrounds/field.png")).unwrap();
    let mut w = LevelWatcher::new(&path, catalog).expect("watch the temp folder");

    std::fs::write(&path, stage("air_dron", "backgrounds/field.png")).unwrap();
    let err = next_reload(&mut w).expect_err("the typo is an error");
    let d = &err.diagnostics[0];
    assert_eq!(
        d.to_string(),
        format!(
            "{}:6:33: enemy \"kite\": sprite \"air_dron\" is not a sprite in \
             assets/sprites/atlas.ron; did you mean \"air_drone\"?",
            path.display()
        )
    );
    assert_eq!(d.suggestion.as_deref(), Some("air_drone"));
    assert_eq!(
        d.source_line.as_deref(),
        Some("    enemies: { \"kite\": (sprite: \"air_dron\", layer: Air, score: 1) },")
    );
}

#[test]
fn an_image_added_while_running_is_found_at_the_next_save() {
    let tmp = support::tempdir();
    let dir = tmp.path();
    let path = dir.join("stage.ron");
    let root = assets(dir);
    std::fs::write(&path, stage("air_drone", "backgrounds/field.png")).unwrap();
    let mut w = LevelWatcher::new(&path, Catalog::load(&root)).expect("watch the temp folder");

    // Named before it exists: an error.
    std::fs::write(&path, stage("air_drone", "backgrounds/lava.png")).unwrap();
    let err = next_reload(&mut w).expect_err("no such image yet");
    assert!(
        err.to_string()
            .contains("there is no assets/backgrounds/lava.png"),
        "{err}"
    );

    // The author draws it, then saves the stage again: it loads.
    std::fs::write(root.join("backgrounds/lava.png"), b"png").unwrap();
    std::fs::write(
        &path,
        stage("air_drone", "backgrounds/lava.png").replace("\"s\"", "\"s2\""),
    )
    .unwrap();
    let level = next_reload(&mut w).expect("the image is there now");
    assert_eq!(level.background.ground, "backgrounds/lava.png");
}
