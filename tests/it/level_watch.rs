//! Hot reload without a window: save a stage, poll, and the new version (or its errors) arrives.

use std::path::Path;
use std::time::{Duration, Instant};

use skysweep::level::{Catalog, LevelWatcher};

use crate::support::{self, next_reload};

const DEFS: &str =
    r#"Defs(enemies: { "drone": (sprite: "air_drone", layer: Air, hp: 2, score: 100) })"#;

fn stage(name: &str) -> String {
    format!(
        "Stage(\n    name: \"{name}\",\n    uses: [\"defs.ron\"],\n    length_s: 60,\n    \
         events: [Spawn(at: 1, enemy: \"drone\", x: 40)],\n)\n"
    )
}

/// Saves like many editors do: write a new file, then rename it over the old one.
fn save_by_rename(path: &Path, text: &str) {
    let tmp = path.with_extension("ron.tmp~");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

#[test]
fn saves_reload_and_errors_arrive_with_their_position() {
    let tmp = support::tempdir();
    let dir = tmp.path();
    let path = dir.join("stage.ron");
    std::fs::write(dir.join("defs.ron"), DEFS).unwrap();
    std::fs::write(&path, stage("first")).unwrap();
    let mut w = LevelWatcher::new(&path, Catalog::unchecked()).expect("watch the temp folder");
    assert!(w.poll().is_none(), "nothing changed yet");

    // 1. A good save: the new version arrives.
    std::fs::write(&path, stage("second")).unwrap();
    let level = next_reload(&mut w).expect("the new version loads");
    assert_eq!(level.name, "second");

    // 2. A broken save: its error, with file, line and column.
    std::fs::write(&path, stage("third").replace("\"drone\"", "\"dron\"")).unwrap();
    let err = next_reload(&mut w).expect_err("the broken version fails");
    let text = err.to_string();
    assert!(
        text.contains("stage.ron:5:34: unknown enemy \"dron\"; did you mean \"drone\"?"),
        "{text}"
    );

    // 3. A good save again, written the way editors that replace the file do.
    save_by_rename(&path, &stage("fourth"));
    let level = next_reload(&mut w).expect("the fixed version loads");
    assert_eq!(level.name, "fourth");

    // 4. A file the stage uses changed: the stage reloads with it.
    std::fs::write(dir.join("defs.ron"), DEFS.replace("hp: 2", "hp: 7")).unwrap();
    let level = next_reload(&mut w).expect("loads");
    assert_eq!(level.enemies[0].parts[0].hp, 7.0);

    // 5. Another stage in the folder, or a non-.ron file: no reload. Each save is awaited until
    // the watcher has judged it, so "nothing" is the watcher's verdict, not a quiet spell.
    for (file, text) in [("other.ron", stage("other")), ("notes.txt", "hello".into())] {
        let before = w.ignored_events();
        std::fs::write(dir.join(file), text).unwrap();
        let reloads = polls_until_ignored(&mut w, before);
        assert_eq!(reloads, 0, "saving {file} reloaded the stage");
    }
}

/// Polls like a game loop would, once a frame, until the watcher has judged a file-system
/// event irrelevant since it counted `before`; returns how many polls handed something over
/// meanwhile. The minute's bound only stops a broken watcher from hanging the test.
fn polls_until_ignored(w: &mut LevelWatcher, before: u64) -> usize {
    let start = Instant::now();
    let mut handed = 0;
    while w.ignored_events() <= before {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the watcher never saw the save"
        );
        handed += usize::from(w.poll().is_some());
        std::thread::sleep(Duration::from_millis(16));
    }
    handed
}

#[test]
fn a_folder_that_cannot_be_watched_is_an_error_not_a_panic() {
    let tmp = support::tempdir();
    let missing = tmp.path().join("no-such-folder/deeper/stage.ron");
    let err = LevelWatcher::new(&missing, Catalog::unchecked())
        .err()
        .expect("no folder to watch");
    assert!(err.to_string().contains("cannot watch"), "{err}");
}
