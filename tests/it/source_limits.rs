//! A size limit on the source: no function in `src/` over [`MAX_FN_LINES`] lines.
//!
//! A function longer than a screen usually hides two concerns; the limit is where to stop and
//! name them. Files have no cap: they are split by concern, never to meet a line count.
//! Functions are found by parsing each file with `syn` (so strings, char literals, comments and
//! lifetimes cannot fool the count), and measured from their `fn` to their closing brace, with
//! the line numbers `proc-macro2`'s `span-locations` gives.

use std::fmt::Write as _;
use std::path::Path;

use crate::support::rust_files;

use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// The most lines a function may take, from its `fn` to its closing brace.
const MAX_FN_LINES: usize = 120;

/// A function's place and length.
struct Found {
    name: String,
    line: usize,
    lines: usize,
}

/// Collects every function with a body: free, in an `impl` (named `Type::name`), a trait's
/// default method, or nested in another function or module.
#[derive(Default)]
struct Functions {
    owner: Vec<String>,
    found: Vec<Found>,
}

impl Functions {
    fn add(&mut self, name: &syn::Ident, from: proc_macro2::Span, block: &syn::Block) {
        let line = from.start().line;
        let end = block.brace_token.span.close().end().line;
        let name = match self.owner.last() {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        };
        self.found.push(Found {
            name,
            line,
            lines: end + 1 - line,
        });
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.add(&f.sig.ident, f.sig.fn_token.span, &f.block);
        visit::visit_item_fn(self, f);
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let ty = &i.self_ty;
        let owner = match ty.as_ref() {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.owner.push(owner.unwrap_or_else(|| "impl".into()));
        visit::visit_item_impl(self, i);
        self.owner.pop();
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.add(&f.sig.ident, f.sig.fn_token.span, &f.block);
        visit::visit_impl_item_fn(self, f);
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.owner.push(t.ident.to_string());
        visit::visit_item_trait(self, t);
        self.owner.pop();
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.add(&f.sig.ident, f.sig.span(), block);
        }
        visit::visit_trait_item_fn(self, f);
    }
}

#[test]
fn no_function_is_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 50, "src/ should hold the game's sources");

    let mut report = String::new();
    for path in &files {
        let shown = path.strip_prefix(root).unwrap().display().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{shown}: {e}"));
        let mut fns = Functions::default();
        fns.visit_file(&parsed);
        for f in fns.found.iter().filter(|f| f.lines > MAX_FN_LINES) {
            writeln!(report, "{shown}:{} {}: {} lines", f.line, f.name, f.lines).unwrap();
        }
    }
    assert!(
        report.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n{report}"
    );
}

/// The measure itself: a function's lines are counted from `fn` to its closing brace, and
/// braces in strings, char literals and comments do not end it early.
#[test]
fn functions_are_measured_from_fn_to_closing_brace() {
    let text = "impl S {\n    fn f<'a>(x: &'a str) {\n        let _ = '{';\n        \
                let _ = \"}}\";\n        // }\n    }\n}\nfn g() {}\n";
    let mut fns = Functions::default();
    fns.visit_file(&syn::parse_file(text).unwrap());
    let got: Vec<(String, usize, usize)> = fns
        .found
        .iter()
        .map(|f| (f.name.clone(), f.line, f.lines))
        .collect();
    assert_eq!(got, [("S::f".into(), 2, 5), ("g".into(), 8, 1)]);
}
