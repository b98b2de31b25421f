//! The same game on every platform: no code that decides play calls the platform's maths
//! library (whose last bits differ between glibc, Windows and Apple), only the `libm` crate,
//! and glam's angle functions are libm's (its `libm` feature). See `src/sim/mod.rs`, "The same
//! game on every platform".
//!
//! The source scan reads tokens, not text: comments are gone and strings are single tokens,
//! so neither can fool it, and calls inside macros (`debug_assert!`) are still seen.

use std::path::Path;

use crate::support::rust_files;
use std::str::FromStr;

use glam::Vec2;
use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// The folders whose code decides play: the rules, the collider, the levels as played, and
/// the runs that string stages together.
const PLAY_FOLDERS: [&str; 4] = ["sim", "collide", "level", "run"];

/// `f32`/`f64` functions that are not IEEE basic operations (which round exactly): std
/// computes them in the platform's C library (or, for `powi` and `mul_add` without the
/// hardware, in code that is not the same everywhere). Play takes them from `libm` instead.
const PLATFORM_MATHS: [&str; 28] = [
    "sin", "cos", "tan", "sin_cos", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
    "asinh", "acosh", "atanh", "exp", "exp2", "exp_m1", "ln", "ln_1p", "log", "log2", "log10",
    "powf", "powi", "hypot", "cbrt", "mul_add", "gamma",
];

/// Every call of a [`PLATFORM_MATHS`] function in `source`, as `(line, call)`: a method call
/// (`x.sin()`) or a path to one on a float type (`f32::sin`, called or passed). Calls inside
/// macros count; comments and string contents do not.
fn platform_calls(source: &str) -> Vec<(usize, String)> {
    let tokens = TokenStream::from_str(source).expect("the source lexes");
    let mut found = Vec::new();
    scan(tokens, &mut found);
    found
}

fn scan(tokens: TokenStream, found: &mut Vec<(usize, String)>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, t) in tokens.iter().enumerate() {
        if let TokenTree::Group(g) = t {
            scan(g.stream(), found);
            continue;
        }
        let TokenTree::Ident(name) = t else { continue };
        let name_s = name.to_string();
        if !PLATFORM_MATHS.contains(&name_s.as_str()) {
            continue;
        }
        let punct = |k: usize, c: char| matches!(tokens.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
        let called = matches!(
            tokens.get(i + 1),
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis
        );
        // `x.sin()`, `x.sin ()`; not a field `x.sin` nor `libm::sinf` (another name).
        let method = i >= 1 && punct(i - 1, '.') && called;
        // `f32::sin(x)`, `.map(f64::ln)`.
        let on_float = i >= 3
            && punct(i - 1, ':')
            && punct(i - 2, ':')
            && matches!(&tokens[i - 3], TokenTree::Ident(ty) if ty == "f32" || ty == "f64");
        if method || on_float {
            let how = if method { "." } else { "f32/f64::" };
            found.push((name.span().start().line, format!("{how}{name_s}")));
        }
    }
}

#[test]
fn play_code_takes_its_maths_from_libm_not_the_platform() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut report = Vec::new();
    for folder in PLAY_FOLDERS {
        let mut files = Vec::new();
        rust_files(&root.join("src").join(folder), &mut files);
        assert!(files.len() > 3, "src/{folder}/ should hold play's sources");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let shown = path.strip_prefix(root).unwrap().display().to_string();
            for (line, call) in platform_calls(&text) {
                report.push(format!("{shown}:{line} {call}"));
            }
        }
    }
    assert!(
        report.is_empty(),
        "play code calls the platform's maths; use the libm crate (libm::sinf, libm::cosf, \
         libm::sincosf, libm::atan2f...) so every platform plays the same game:\n{}",
        report.join("\n")
    );
}

/// The scan itself finds what it should, and only that.
#[test]
fn the_scan_finds_platform_calls_and_nothing_else() {
    let source = r#"
        fn f(x: f32, y: f32) -> f32 {
            let a = x.sin() + libm::sinf(x); // x.cos() in a comment
            let b = "y.atan2(x) in a string";
            /* x.tan() in a block comment */
            debug_assert!(a == x
                .cos());
            let c: Vec<f32> = [x].iter().copied().map(f64::ln).collect();
            let d = f32::powf(x, y) + y.atan2 (x);
            let e = libm::sincosf(x).0 + self.sin + x.sqrt() + x.to_radians() + Vec2::ZERO.length();
            a + b.len() as f32 + c[0] + d + e
        }
    "#;
    let found = platform_calls(source);
    let want = [
        (3, ".sin"),
        (7, ".cos"),
        (8, "f32/f64::ln"),
        (9, "f32/f64::powf"),
        (9, ".atan2"),
    ];
    let want: Vec<(usize, String)> = want.iter().map(|&(l, c)| (l, c.to_string())).collect();
    assert_eq!(found, want);
}

/// Angles from every part of a turn and beyond, and the awkward ones: signed zeros, whole
/// turns, headings in degrees as the sim turns them to radians.
fn sample_angles() -> impl Iterator<Item = f32> {
    let sweep = (0..20_000).map(|i| (i as f32 - 10_000.0) * 0.001_7);
    let degrees = (0..3_600).map(|i| (i as f32 * 0.1 - 180.0).to_radians());
    sweep.chain(degrees).chain([
        0.0,
        -0.0,
        std::f32::consts::PI,
        -std::f32::consts::TAU,
        1e-30,
        1e6,
    ])
}

/// glam's angle functions, which play uses (`Vec2::from_angle` in the collider's shapes,
/// `to_angle` for aimed fire), are libm's bit for bit: glam's `libm` feature is on. Without
/// it they are the platform's, which glibc's differ from in about one value in a hundred.
#[test]
fn glams_angles_are_libms() {
    for a in sample_angles() {
        let (sin, cos) = libm::sincosf(a);
        let v = Vec2::from_angle(a);
        assert_eq!(
            [v.x, v.y].map(f32::to_bits),
            [cos, sin].map(f32::to_bits),
            "Vec2::from_angle({a:?})"
        );
        // One call for both is the two calls, which the sim and the collider mix.
        assert_eq!(
            [sin, cos].map(f32::to_bits),
            [libm::sinf(a), libm::cosf(a)].map(f32::to_bits),
            "libm::sincosf({a:?})"
        );
        let p = Vec2::new(cos * 3.0 - 0.5, sin * 7.0 + 0.25);
        assert_eq!(
            p.to_angle().to_bits(),
            libm::atan2f(p.y, p.x).to_bits(),
            "{p:?}.to_angle()"
        );
    }
}
