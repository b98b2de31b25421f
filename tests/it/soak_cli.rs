//! `skysweep soak` as CI runs it: a short soak through the binary, and its option checks.

use crate::support::run;

#[test]
fn a_short_soak_plays_replays_and_reloads_and_reports_it_all() {
    let out = run(&["soak", "--seconds", "4", "--seed", "11"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stderr: {stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["seed"], 11);
    let runs = v["runs"].as_u64().unwrap();
    assert!(runs >= 1, "{v}");
    for zero in ["panics", "mismatches", "reload_problems"] {
        assert_eq!(v[zero], 0, "{zero} in {v}");
    }
    // Every run was played twice (live, then from its recording read back).
    assert!(v["replays"].as_u64().unwrap() >= runs, "{v}");
    assert!(v["steps"].as_u64().unwrap() > 0);
    let reloads = &v["reloads"];
    let reloaded = reloads["accepted"].as_u64().unwrap() + reloads["refused"].as_u64().unwrap();
    assert!(reloaded >= 1, "{v}");
    assert!(v["seconds"].as_f64().unwrap() >= 4.0);
    assert!(v["coverage"]["stage"]
        .as_object()
        .is_some_and(|m| !m.is_empty()));
    assert!(v["failures"].as_array().is_some_and(|f| f.is_empty()));
    #[cfg(target_os = "linux")]
    {
        let max = v["max_rss_kib"].as_u64().unwrap();
        assert!(
            max > 0 && max >= v["rss_kib_at_end"].as_u64().unwrap(),
            "{v}"
        );
    }
}

#[test]
fn fractions_of_a_minute_are_taken_and_bad_lengths_refused() {
    let out = run(&["soak", "--minutes", "0.01", "--seed", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (args, says) in [
        (&["soak", "--minutes", "-1"][..], "-1 is not in 0..="),
        (&["soak", "--seconds", "soon"][..], "`soon` is not a number"),
        (&["soak", "--seconds", "inf"][..], "inf is not in 0..="),
        (
            &["soak", "--minutes", "1", "--seconds", "5"][..],
            "cannot be used with",
        ),
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}
