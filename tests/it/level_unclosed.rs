//! A missing `)` at the end of an event is reported on its own line, not at the next event's
//! name one line below (issue #30: "a missing `)` on line 175 is reported at line 176 as
//! unknown field `Spawn` in Spawn").

use skysweep::level::{parse_stage, Catalog, Source};

/// The error of a stage whose seventh line's Spawn ends in `ending` instead of `),`.
fn error_with_line_7_ending(ending: &str, between: &str) -> String {
    let text = format!(
        "Stage(\n    name: \"m\",\n    length_s: 30,\n    enemies: {{ \"d\": (sprite: \"air_drone\", layer: Air, score: 1) }},\n    events: [\n        Spawn(at: 1, enemy: \"d\", x: 40),\n        Spawn(at: 2, enemy: \"d\", x: 60{ending}\n{between}        Spawn(at: 3, enemy: \"d\", x: 80),\n    ],\n)"
    );
    let src = Source {
        name: "s.ron".into(),
        text,
    };
    parse_stage(&src, &[], &Catalog::unchecked())
        .expect_err("the stage is refused")
        .to_string()
}

#[test]
fn a_missing_paren_is_reported_at_its_own_line() {
    // With the comma, ron read the next event's name as a field of this one.
    let e = error_with_line_7_ending(",", "");
    assert!(e.starts_with("s.ron:7:39: missing `)`"), "{e}");
    assert!(e.contains("`Spawn(` on line 8"), "{e}");
    // Without it, ron wanted a comma; blank lines and comments in between are passed over.
    let e = error_with_line_7_ending("", "\n        // the third\n");
    assert!(e.starts_with("s.ron:7:38: missing `)`"), "{e}");
    assert!(e.contains("on line 10"), "{e}");
}

#[test]
fn a_closed_event_with_a_wrong_field_keeps_its_own_message() {
    let e = error_with_line_7_ending(", Spawn: 3),", "");
    assert!(e.contains("unknown field `Spawn`"), "{e}");
}
