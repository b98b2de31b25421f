//! Every kind of file the library reads (stages, their `uses` files, replays, asset manifests)
//! refuses what is not a regular file at once: a FIFO, a link to /dev/zero, a folder, a link to
//! a FIFO. The settings and scores (in the binary) have the same tests beside their loaders.

use std::fmt::{Debug, Display};
use std::path::Path;
use std::time::Duration;

use skysweep::level::{load_stage, Catalog};
use skysweep::platform::fileio::{read_text, ReadError, MAX_MANIFEST_BYTES};
use skysweep::sim::replay::Replay;
use skysweep::testkit::files::{hostile, load_each_hostile, within};

const LIMIT: Duration = Duration::from_secs(5);

/// Each of `hostile`'s stand-ins for `name` is refused by `load` at once, as `expected` says
/// for its path.
fn assert_each_refused<T: Debug + Send + 'static, E: Display + Send + 'static>(
    name: &str,
    load: fn(&Path) -> Result<T, E>,
    expected: impl Fn(&Path) -> String,
) {
    let dir = crate::support::tempdir();
    for (what, p, got) in load_each_hostile(dir.path(), name, load) {
        let err = got.expect_err(what);
        assert_eq!(err.to_string(), expected(&p), "{what}");
    }
}

#[test]
fn a_stage_that_is_not_a_file_is_one_clear_error() {
    assert_each_refused(
        "stage.ron",
        |p| load_stage(p, &Catalog::unchecked()),
        |p| format!("{}:1:1: cannot read: not a file", p.display()),
    );
}

#[test]
fn a_uses_file_that_is_not_a_file_is_an_error_at_its_entry() {
    let dir = crate::support::tempdir();
    let d = dir.path();
    let stage =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/stage1.ron"))
            .unwrap();
    for (what, p) in hostile(d, "common.ron") {
        let name = p.file_name().unwrap().to_str().unwrap().to_string();
        let stage_path = d.join(format!("uses-{name}"));
        let text = stage.replace("uses: [\"common.ron\"]", &format!("uses: [\"{name}\"]"));
        assert_ne!(text, stage, "the stage names its uses file as expected");
        std::fs::write(&stage_path, text).unwrap();
        let err = within(LIMIT, move || {
            load_stage(&stage_path, &Catalog::unchecked())
        })
        .expect_err(what);
        let first = err.diagnostics[0].to_string();
        // A link out of the stage's folder is refused for where it leads before it is read.
        let expected = if what == "a link to /dev/zero" {
            format!("`uses` file \"{name}\" is a symbolic link leading out of the stage's folder")
        } else {
            format!("`uses` file \"{name}\" is ")
        };
        assert!(first.contains(&expected), "{what}: {first}");
        if what != "a link to /dev/zero" {
            assert!(first.contains(", not a regular file"), "{what}: {first}");
        }
    }
}

#[test]
fn a_replay_that_is_not_a_file_is_refused() {
    assert_each_refused("run.ron", Replay::load, |p| {
        format!("{}: cannot read: not a file", p.display())
    });
}

/// `atlas.ron` and `font.ron` are read by the window's asset loader with exactly this call.
#[test]
fn an_asset_manifest_that_is_not_a_file_is_refused() {
    let dir = crate::support::tempdir();
    let read = |p: &Path| read_text(p, MAX_MANIFEST_BYTES);
    for (what, _, got) in load_each_hostile(dir.path(), "atlas.ron", read) {
        assert!(matches!(got, Err(ReadError::NotAFile)), "{what}: {got:?}");
    }
}
