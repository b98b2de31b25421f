//! The rules `ARCHITECTURE.md` states between folders, held against the code: who may import
//! whom, and that the library never reaches for the window.
//!
//! Every file under `src/` is parsed with `syn`; every `use` and every path that starts at the
//! crate's root (`crate::…` or, from the binary, `skysweep::…`) is one import of a top-level
//! module. The table [`MAY_USE`] is the rule; `ARCHITECTURE.md` prints the same table. A file
//! may always use its own top-level module. Besides, every path the doc names exists, and it
//! counts the pilots the game has.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::support::rust_files;
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

use skysweep::sim::Character;

/// Each top-level module of ours and the others it may import; test code may use `testkit`
/// besides. The library's modules are the `mod`s of `src/lib.rs`, the binary's those of
/// `src/main.rs` (plus `main` itself). `ARCHITECTURE.md` prints this table.
#[rustfmt::skip]
const MAY_USE: &[(&str, &[&str])] = &[
    // the library, lowest first
    ("platform", &[]),
    ("collide",  &[]),
    ("level",    &["platform"]),
    ("sim",      &["level", "collide", "platform"]),
    ("run",      &["sim", "level", "platform"]),
    ("save",     &["sim", "level", "platform"]),
    ("headless", &["run", "sim", "level", "platform"]),
    ("testkit",  &["headless", "save", "run", "sim", "level", "collide", "platform"]),
    // the binary, lowest first
    ("window",   &["platform"]),
    ("render",   &["window", "save", "sim", "level", "collide", "platform"]),
    ("lab",      &["render", "window", "sim", "collide", "platform"]),
    ("cli",      &["lab", "window", "headless", "save", "run", "sim", "level"]),
    ("app",      &["cli", "render", "window", "save", "run", "sim", "level", "platform"]),
    ("main",     &["app", "cli", "lab", "window", "headless", "save", "run", "sim", "level", "platform"]),
];

/// Crates only the binary may use: the window, drawing, sound and pads.
const WINDOW_CRATES: &[&str] = &["macroquad", "miniquad", "kira", "gilrs"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn src() -> PathBuf {
    root().join("src")
}

fn architecture() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The `mod` names declared in a crate root file.
fn modules_of(root: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(src().join(root)).expect("a crate root");
    let file = syn::parse_file(&text).expect("the crate root parses");
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// One import: the module it names, or the window crate, its line, and whether it sits in test
/// code (a `#[cfg(test)]` item, or a `tests.rs` file), which may also use `testkit`.
#[derive(Debug)]
struct Import {
    target: String,
    line: usize,
    in_test: bool,
}

/// Whether an item's attributes make it test-only: `#[cfg(test)]`.
fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

/// Collects, from one file, the first module after `crate::` (or `skysweep::` from the binary)
/// in every `use` tree and path, and every window crate named at a path's start.
struct Imports<'a> {
    roots: &'a [&'a str],
    found: Vec<Import>,
    /// How many test-only items enclose the one being read.
    test_depth: usize,
}

impl Imports<'_> {
    fn add(&mut self, target: String, span: proc_macro2::Span) {
        self.found.push(Import {
            target,
            line: span.start().line,
            in_test: self.test_depth > 0,
        });
    }

    fn walk_use(&mut self, tree: &syn::UseTree, after_root: bool) {
        match tree {
            syn::UseTree::Path(p) => {
                let name = p.ident.to_string();
                if after_root {
                    self.add(name, p.ident.span());
                } else if self.roots.contains(&name.as_str()) {
                    self.walk_use(&p.tree, true);
                } else if WINDOW_CRATES.contains(&name.as_str()) {
                    self.add(name, p.ident.span());
                }
            }
            syn::UseTree::Name(n) if after_root => self.add(n.ident.to_string(), n.ident.span()),
            syn::UseTree::Rename(r) if after_root => self.add(r.ident.to_string(), r.ident.span()),
            syn::UseTree::Name(n) if WINDOW_CRATES.contains(&n.ident.to_string().as_str()) => {
                self.add(n.ident.to_string(), n.ident.span())
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.walk_use(t, after_root)),
            _ => {}
        }
    }
}

impl<'ast> Visit<'ast> for Imports<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let test = is_test_only(&m.attrs);
        self.test_depth += usize::from(test);
        visit::visit_item_mod(self, m);
        self.test_depth -= usize::from(test);
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let test = is_test_only(&f.attrs);
        self.test_depth += usize::from(test);
        visit::visit_item_fn(self, f);
        self.test_depth -= usize::from(test);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.walk_use(&u.tree, false);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let mut segments = p.segments.iter();
        if let Some(first) = segments.next() {
            let name = first.ident.to_string();
            if self.roots.contains(&name.as_str()) {
                if let Some(second) = segments.next() {
                    self.add(second.ident.to_string(), second.span());
                }
            } else if WINDOW_CRATES.contains(&name.as_str()) && p.segments.len() > 1 {
                self.add(name, first.span());
            }
        }
        visit::visit_path(self, p);
    }
}

/// The top-level module a file belongs to: its first folder under `src/`, or its own name.
fn owner(file: &Path) -> String {
    let rel = file.strip_prefix(src()).expect("under src/");
    let first = rel.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_string()
}

/// Every import of every file, broken against the table, as `file:line: a uses b`.
fn broken_rules() -> Vec<String> {
    let library = modules_of("lib.rs");
    let binary = modules_of("main.rs");
    let rules: BTreeMap<&str, &[&str]> = MAY_USE.iter().copied().collect();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files.sort();
    let mut broken = Vec::new();
    for file in files {
        let from = owner(&file);
        if from == "lib" {
            continue;
        }
        let in_library = library.contains(&from);
        let roots: &[&str] = if in_library {
            &["crate"]
        } else {
            &["crate", "skysweep"]
        };
        let text = std::fs::read_to_string(&file).expect("a source file");
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let test_file = file.file_name().is_some_and(|n| n == "tests.rs")
            || file.components().any(|c| c.as_os_str() == "tests");
        let mut imports = Imports {
            roots,
            found: Vec::new(),
            test_depth: usize::from(test_file),
        };
        imports.visit_file(&parsed);
        let allowed = rules
            .get(from.as_str())
            .unwrap_or_else(|| panic!("`{from}` is not in MAY_USE: give it a row"));
        let rel = file.strip_prefix(src()).unwrap().display().to_string();
        for import in imports.found {
            let to = import.target;
            let ours = library.contains(&to) || binary.contains(&to);
            let window_crate = WINDOW_CRATES.contains(&to.as_str());
            let wrong = if window_crate {
                in_library
            } else {
                let test_support = to == "testkit" && import.in_test;
                ours && to != from && !test_support && !allowed.contains(&to.as_str())
            };
            if wrong {
                broken.push(format!("src/{rel}:{}: `{from}` uses `{to}`", import.line));
            }
        }
    }
    broken
}

#[test]
fn every_import_follows_the_rules_between_folders() {
    let broken = broken_rules();
    assert!(
        broken.is_empty(),
        "imports that break ARCHITECTURE.md's rules (fix the import, or the rule and the doc):\n{}",
        broken.join("\n")
    );
}

/// The table itself points one way: following `may use` from any module never comes back.
#[test]
fn the_rules_have_no_circle() {
    let rules: BTreeMap<&str, &[&str]> = MAY_USE.iter().copied().collect();
    fn visit<'a>(m: &'a str, rules: &BTreeMap<&'a str, &'a [&'a str]>, path: &mut Vec<&'a str>) {
        assert!(!path.contains(&m), "a circle in MAY_USE: {path:?} -> {m}");
        path.push(m);
        for next in rules.get(m).copied().unwrap_or(&[]) {
            visit(next, rules, path);
        }
        path.pop();
    }
    for (m, _) in MAY_USE {
        visit(m, &rules, &mut Vec::new());
    }
}

/// Every top-level module of both crates has a row, and every row is a module.
#[test]
fn the_rules_cover_every_module() {
    let mut modules = modules_of("lib.rs");
    modules.extend(modules_of("main.rs"));
    modules.insert("main".to_string());
    let rows: BTreeSet<String> = MAY_USE.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(rows, modules);
}

/// Every path written in backticks (`app/session/`, `sim/world/mod.rs`, `tests/it/main.rs`) is a
/// file or folder of the repository, found under `src/` or from its root.
#[test]
fn every_path_architecture_names_exists() {
    let doc = architecture();
    let stale: Vec<&str> = doc
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            let pathlike = s.contains('/') || s.ends_with(".rs") || s.ends_with(".md");
            pathlike && !s.contains(' ') && !s.contains("::") && !s.starts_with("--")
        })
        .filter(|s| !root().join("src").join(s).exists() && !root().join(s).exists())
        .collect();
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names what is not there: {stale:?}"
    );
}

#[test]
fn architecture_counts_the_pilots_the_game_has() {
    let doc = architecture();
    let words = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    let count = words[Character::ALL.len()];
    assert!(
        doc.contains(&format!("{count} pilots")),
        "the doc should say {count} pilots"
    );
    for (n, word) in words.iter().enumerate() {
        if n != Character::ALL.len() {
            assert!(
                !doc.contains(&format!("{word} pilots")),
                "the doc says {word} pilots"
            );
        }
    }
}
