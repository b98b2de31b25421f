//! Hot reload without a window: save a stage, poll, and the new version (or its errors) arrives.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use skysweep::level::{Catalog, LevelWatcher};

use common::poll_until;

const DEFS: &str =
    r#"Defs(enemies: { "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100) })"#;

fn stage(name: &str) -> String {
    format!(
        "Stage(\n    name: \"{name}\",\n    uses: [\"defs.ron\"],\n    length_s: 60,\n    \
         events: [Spawn(at: 1, enemy: \"drone\", x: 40)],\n)\n"
    )
}

fn tempdir(name: &str) -> PathBuf {
    common::tempdir("watch", name)
}

/// Saves like many editors do: write a new file, then rename it over the old one.
fn save_by_rename(path: &Path, text: &str) {
    let tmp = path.with_extension("ron.tmp~");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[test]
fn saves_reload_and_errors_arrive_with_their_position() {
    let dir = tempdir("reload");
    let path = dir.join("stage.ron");
    std::fs::write(dir.join("defs.ron"), DEFS).unwrap();
    std::fs::write(&path, stage("first")).unwrap();
    let mut w = LevelWatcher::new(&path, Catalog::unchecked()).expect("watch the temp folder");
    assert!(w.poll().is_none(), "nothing changed yet");

    // 1. A good save: the new version arrives.
    std::fs::write(&path, stage("second")).unwrap();
    let level = poll_until(&mut w, Duration::from_secs(2))
        .expect("a reload within 2 s")
        .expect("the new version loads");
    assert_eq!(level.name, "second");

    // 2. A broken save: its error, with file, line and column.
    std::fs::write(&path, stage("third").replace("\"drone\"", "\"dron\"")).unwrap();
    let err = poll_until(&mut w, Duration::from_secs(2))
        .expect("a reload within 2 s")
        .expect_err("the broken version fails");
    let text = err.to_string();
    assert!(
        text.contains("stage.ron:5:34: unknown enemy \"dron\"; did you mean \"drone\"?"),
        "{text}"
    );

    // 3. A good save again, written the way editors that replace the file do.
    save_by_rename(&path, &stage("fourth"));
    let level = poll_until(&mut w, Duration::from_secs(2))
        .expect("a reload within 2 s")
        .expect("the fixed version loads");
    assert_eq!(level.name, "fourth");

    // 4. A file the stage uses changed: the stage reloads with it.
    std::fs::write(dir.join("defs.ron"), DEFS.replace("hp: 2", "hp: 7")).unwrap();
    let level = poll_until(&mut w, Duration::from_secs(2))
        .expect("a reload within 2 s")
        .expect("loads");
    assert_eq!(level.enemies[0].parts[0].hp, 7.0);

    // 5. Another stage in the folder, or a non-.ron file: no reload.
    std::fs::write(dir.join("other.ron"), stage("other")).unwrap();
    std::fs::write(dir.join("notes.txt"), "hello").unwrap();
    assert!(poll_until(&mut w, Duration::from_millis(600)).is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_that_cannot_be_watched_is_an_error_not_a_panic() {
    let missing = std::env::temp_dir().join("skysweep-watch-no-such-folder/deeper/stage.ron");
    let err = LevelWatcher::new(&missing, Catalog::unchecked())
        .err()
        .expect("no folder to watch");
    assert!(err.to_string().contains("cannot watch"), "{err}");
}
