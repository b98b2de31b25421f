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

/// Every shipped level file and example, each closing bracket deleted in turn (outside
/// strings and comments), and each cut short after every line: the one error names the place
/// where the bracket belonged, or says where the file ends inside, never a well-formed line
/// further on.
#[test]
fn every_bracket_deleted_from_every_shipped_file_is_found_where_it_belonged() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in ["levels", "levels/examples"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        files.extend(
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron")),
        );
    }
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for at in closers(&text) {
            let broken = format!("{}{}", &text[..at], &text[at + 1..]);
            // Its line, or the line of the code it followed: a bracket belongs right after it.
            let line = text[..at].matches('\n').count() + 1;
            let code_before = text[..at].trim_end_matches(|c: char| c.is_whitespace());
            let prev_line = code_before.matches('\n').count() + 1;
            let e = parse_error(&name, &broken);
            let at_line = |l: usize| e.starts_with(&format!("{name}:{l}:"));
            assert!(
                (at_line(line) || at_line(prev_line))
                    && (e.contains("missing `") || e.contains("ends inside")),
                "deleting the `{}` at line {line} of {name}:\n{e}",
                &text[at..at + 1]
            );
            assert_eq!(e.matches(&format!("{name}:")).count(), 1, "one error: {e}");
            checked += 1;
        }
        let opens = text.find("\nStage(").or(text.find("\nDefs(")).unwrap_or(0) + 1;
        let cuts = text.match_indices('\n').map(|(i, _)| i);
        let last = text.rfind(')').unwrap_or(0);
        for cut in cuts.filter(|&c| c > opens && c < last).step_by(5) {
            let e = parse_error(&name, &text[..cut]);
            assert!(
                e.contains("the file ends inside"),
                "{name} cut after byte {cut}:\n{e}"
            );
        }
    }
    assert!(checked > 1000, "{checked} deletions");
}

/// The bytes of every closing bracket of `text` outside strings and comments.
fn closers(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b')' | b']' | b'}' => out.push(i),
            _ => {}
        }
        i += 1;
    }
    out
}

/// The parse error of `text` as level file `name` (definitions for `common.ron`).
fn parse_error(name: &str, text: &str) -> String {
    use skysweep::level::load::parse;
    use skysweep::level::schema::{DefsFile, StageDef};
    let src = Source::new(name, text);
    let err = if text.contains("Defs(") && !text.contains("Stage(") {
        parse::<DefsFile>(&src).err()
    } else {
        parse::<StageDef>(&src).err()
    };
    err.map(|e| e.to_string())
        .unwrap_or_else(|| format!("{name}: no error"))
}

/// A closed event with no comma after it is said to lack its comma, not its `)` (issue #60),
/// with the caret right after the `)`; a pattern's entry likewise, not at the next line.
#[test]
fn a_missing_comma_is_named_right_after_the_entry_that_needs_it() {
    let e = error_with_line_7_ending(")", "");
    assert!(
        e.starts_with("s.ron:7:40: missing comma `,` after this event"),
        "{e}"
    );
    assert!(e.contains("`Spawn(` on line 8"), "{e}");
    assert!(!e.contains("missing `)`"), "{e}");
    let text = "Stage(\n    name: \"m\",\n    length_s: 30,\n    patterns: {\n        \"a\": (kind: Aimed, count: 1, speed: 50)\n        \"b\": (kind: Aimed, count: 1, speed: 50),\n    },\n    events: [],\n)";
    let src = Source {
        name: "d.ron".into(),
        text: text.into(),
    };
    let e = parse_stage(&src, &[], &Catalog::unchecked())
        .expect_err("the stage is refused")
        .to_string();
    assert!(
        e.starts_with("d.ron:5:48: missing comma `,` after this entry"),
        "{e}"
    );
}
