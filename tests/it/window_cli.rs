//! The windowed game's edges as a player meets them, through the real binary: no display, an
//! unwritable `--record` path, and the `--frames` summary (under Xvfb, which these tests
//! need, as CI installs it; see ../shared/PLATFORM.md).

use std::process::{Command, Output};

use crate::support::{skysweep, tempdir, BIN};

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn without_a_display_the_game_says_so_in_one_line_and_exits_1() {
    let data = tempdir();
    for display in [None, Some(":9876")] {
        let mut cmd = skysweep();
        cmd.args(["--frames", "5"])
            .env("SKYSWEEP_DATA_DIR", data.path())
            .env("RUST_BACKTRACE", "1");
        match display {
            None => cmd.env_remove("DISPLAY"),
            Some(d) => cmd.env("DISPLAY", d),
        };
        let out = cmd.output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "DISPLAY {display:?}: {err}");
        assert_eq!(err.lines().count(), 1, "DISPLAY {display:?}: {err}");
        assert!(
            err.starts_with("skysweep: the game needs a graphical display")
                && err.contains("`skysweep sim`"),
            "{err}"
        );
        assert!(
            !err.contains("panicked") && !err.contains("backtrace"),
            "{err}"
        );
    }
    // `sim` and `check` need none.
    for args in [&["sim", "--frames", "30"][..], &["check"][..]] {
        let out = skysweep()
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn an_unwritable_recording_is_refused_before_the_window_and_never_said_saved() {
    let dir = tempdir();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "a file, not a folder").unwrap();
    let under_a_file = file.join("x.ron");
    let out = skysweep()
        .args(["--autoplay", "--frames", "5", "--record"])
        .arg(&under_a_file)
        .env("SKYSWEEP_DATA_DIR", dir.path())
        .env_remove("DISPLAY")
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--record") && err.contains("cannot write there"),
        "{err}"
    );
    // The parent being a file is said, not the operating system's bare "File exists" or
    // "Not a directory".
    assert!(err.contains("is a file"), "{err}");
    assert!(!err.contains("saved"), "{err}");
    assert!(!under_a_file.exists());
}

/// Runs the game under `xvfb-run` with a null sound device, and says how long it took. Fails
/// the test, saying why, when Xvfb is not installed: a missing check is not a pass.
fn in_xvfb(args: &[&str]) -> (Output, std::time::Duration) {
    in_xvfb_with(args, tempdir().path())
}

/// [`in_xvfb`] with `data` as the game's data folder, to look at afterwards.
fn in_xvfb_with(args: &[&str], data: &std::path::Path) -> (Output, std::time::Duration) {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "xvfb-run is not installed, so the windowed game cannot be checked: install Xvfb \
         (the packages .ci/run installs: xvfb, xauth and the Mesa GL drivers; see \
         ../shared/PLATFORM.md)"
    );
    let dir = tempdir();
    let alsa = dir.path().join("alsa-null.conf");
    std::fs::write(
        &alsa,
        "</usr/share/alsa/alsa.conf>\npcm.!default { type null }\n",
    )
    .unwrap();
    let start = std::time::Instant::now();
    // `-a` alone starts looking for a free server at :99, as every other `xvfb-run -a` on the
    // machine does; two started at once can share a number, and one then draws on the other's
    // server until it exits under it. Starting from a number of this process's own avoids that.
    let first_server = 100 + std::process::id() % 20_000;
    let out = Command::new("xvfb-run")
        .args(["-a", "-n", &first_server.to_string()])
        .args(["-s", "-screen 0 1280x1024x24"])
        .arg(BIN)
        .args(args)
        .env("ALSA_CONFIG_PATH", &alsa)
        .env("SKYSWEEP_DATA_DIR", data)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("xvfb-run runs");
    (out, start.elapsed())
}

/// The `frames N: ...` line's figures: fps, then frame p50 and p99 in milliseconds.
fn summary_figures(err: &str, frames: u32) -> (f64, f64, f64) {
    let line = err
        .lines()
        .find(|l| l.starts_with(&format!("frames {frames}: ")))
        .unwrap_or_else(|| panic!("no summary for {frames} frames in: {err}"));
    let number_after = |key: &str| -> f64 {
        let at = line.find(key).unwrap_or_else(|| panic!("{key} in {line}")) + key.len();
        let rest = line[at..].trim_start();
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        rest[..end]
            .parse()
            .unwrap_or_else(|_| panic!("{key} in {line}"))
    };
    let fps = number_after(&format!("frames {frames}:"));
    (fps, number_after("frame p50"), number_after("p99"))
}

#[test]
fn the_frames_summary_is_honest_for_one_two_and_many_frames() {
    // One frame: a summary all the same (it used to print nothing).
    let (out, _) = in_xvfb(&["--autoplay", "--frames", "1", "--fast"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let (fps, p50, p99) = summary_figures(&err, 1);
    assert!(fps > 0.0 && p50 > 0.0 && p99 == p50, "{err}");
    // Two frames: the 99th percentile is never below the median (it used to be).
    let (out, _) = in_xvfb(&["--autoplay", "--frames", "2", "--fast"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let (_, p50, p99) = summary_figures(&err, 2);
    assert!(p99 >= p50, "{err}");
    // Paced at 60 Hz unless --fast: 90 frames take a second and a half, and the fps counts
    // frames over that time (it used to be one over the median frame).
    let (out, took) = in_xvfb(&["--autoplay", "--frames", "90"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let (fps, _, _) = summary_figures(&err, 90);
    assert!(took.as_secs_f64() >= 1.45, "90 paced frames in {took:?}");
    assert!(fps <= 61.0, "{err}");
}

/// Issue #44: 20 seconds on the title with no input starts a demo, and the demo writes
/// nothing: no score, record, replay, nor the `--record` file the command line named.
#[test]
fn the_titles_demo_starts_after_twenty_seconds_and_writes_nothing() {
    let data = tempdir();
    let record = data.path().join("taken.ron");
    let record = record.to_str().unwrap();
    // 20 s of title, then 15 s of demo, one step a frame.
    let args = ["--title", "--frames", "2100", "--fast", "--record", record];
    let (out, _) = in_xvfb_with(&args, data.path());
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("attract: demo plays"), "{err}");
    let written: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(written.is_empty(), "the demo wrote {written:?}: {err}");
}

/// A `--screenshot` path the window could not save to (not a `.png`) is refused before the
/// window opens, as an unwritable one is, rather than failing once the frames have played.
#[test]
fn a_screenshot_that_is_not_a_png_is_refused_before_the_window() {
    let dir = tempdir();
    for name in ["shot.txt", "shot"] {
        let path = dir.path().join(name);
        let out = skysweep()
            .args(["--frames", "5", "--screenshot"])
            .arg(&path)
            .env("SKYSWEEP_DATA_DIR", dir.path())
            .env_remove("DISPLAY")
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains("--screenshot") && err.contains(".png") && !err.contains("panicked"),
            "{name}: {err}"
        );
        assert!(!path.exists(), "{name}");
    }
}

/// A damaged settings file is kept aside and said, as the other save files are: loaded once
/// before the window opens, its warning must not be lost to the second look.
#[test]
fn a_damaged_settings_file_is_kept_aside_and_said() {
    let data = tempdir();
    let config = data.path().join("config.ron");
    std::fs::write(&config, "( music_volume: 0.6, effects_volume: \n oops ]]").unwrap();
    let (out, _) = in_xvfb_with(&["--frames", "2", "--fast"], data.path());
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    let warned = err
        .lines()
        .any(|l| l.starts_with("warning:") && l.contains("config.ron is damaged (line "));
    assert!(warned, "{err}");
    let kept: Vec<_> = std::fs::read_dir(data.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("config.ron.damaged"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}: {err}");
}
