//! `skysweep check`: validates level files, and every asset they name, and prints every
//! problem, for a person (each with its source line) or for tools (JSON lines).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::level::load::check::{check_file, Checked};
use crate::level::text::report::{self, Style};
use crate::level::{Catalog, Diagnostic};

use super::args::CheckFormat;
use crate::platform::data::{find_data, find_game_data};

/// Checks `files` (every `levels/*.ron` when empty: the folder here, else the game's own,
/// said on stderr and in the count) and prints what it finds; exit status 1
/// when any file has an error, or, with `deny_warnings`, a warning; 0 otherwise.
///
/// `human` prints `ok` lines, each problem rendered with its line and a caret (in colour when
/// stdout is a terminal and `NO_COLOR` is not set), then a count. `json` prints exactly one
/// JSON object per problem per line on stdout and nothing else; the count goes to stderr.
pub fn run(files: &[PathBuf], format: CheckFormat, deny_warnings: bool) -> ExitCode {
    // With no files named and no `levels/` here, the game's own stages are what gets checked;
    // the note and the count say so, so a clean result never reads as a pass of the author's.
    let mut whose = "";
    let files = if files.is_empty() {
        let here = std::path::Path::new("levels");
        let dir = if here.is_dir() {
            here.to_path_buf()
        } else {
            whose = " of the game's own";
            let dir = find_game_data("levels");
            eprintln!(
                "skysweep check: no levels/ folder here, so this checks the game's own stages in \
                 {}; to check yours, name them: skysweep check my_stage.ron",
                dir.display()
            );
            dir
        };
        let mut found: Vec<_> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .collect()
            })
            .unwrap_or_default();
        found.sort();
        if found.is_empty() {
            eprintln!(
                "skysweep check: no .ron files in {}; name the files to check: skysweep check \
                 my_stage.ron",
                dir.display()
            );
            return ExitCode::from(2);
        }
        found
    } else {
        files.to_vec()
    };
    let catalog = Catalog::load(&find_data("assets"));
    let mut out = Output::new(format);
    // Assets that cannot be read leave their names unchecked: said once, as warnings.
    for d in catalog.problems() {
        out.problem(d);
    }
    let mut bad = 0;
    let mut warned = 0;
    for f in &files {
        match check_file(f, &catalog) {
            Ok(Checked::Stage {
                name,
                events,
                warnings,
            }) => {
                out.ok(&format!(
                    "{}: stage \"{name}\", {events} events",
                    f.display()
                ));
                warned += warnings.len();
                for d in &warnings {
                    out.problem(d);
                }
            }
            Ok(Checked::Defs { patterns, enemies }) => out.ok(&format!(
                "{}: {patterns} patterns, {enemies} enemy types",
                f.display()
            )),
            Err(e) => {
                bad += 1;
                for d in &e.diagnostics {
                    out.problem(d);
                }
            }
        }
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    // Warnings are counted only when there are some, so a clean run reads as it always did.
    let warnings = match (warned, deny_warnings) {
        (0, _) => String::new(),
        (n, false) => format!(", {}", plural(n, "warning")),
        (n, true) => format!(", {} (denied)", plural(n, "warning")),
    };
    out.summary(&format!(
        "{}{whose} checked, {} with errors{warnings}",
        plural(files.len(), "file"),
        bad
    ));
    if bad == 0 && !(deny_warnings && warned > 0) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Where and how the results go.
struct Output {
    format: CheckFormat,
    style: Style,
    stdout: std::io::StdoutLock<'static>,
}

impl Output {
    fn new(format: CheckFormat) -> Output {
        let stdout = std::io::stdout();
        let colour = stdout.is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
        Output {
            format,
            style: if colour { Style::Colour } else { Style::Plain },
            stdout: stdout.lock(),
        }
    }

    // A closed pipe (`skysweep check | head`) ends the output, not the check's exit status.
    fn line(&mut self, text: &str) {
        let _ = writeln!(self.stdout, "{text}");
    }

    fn ok(&mut self, what: &str) {
        if self.format == CheckFormat::Human {
            self.line(&format!("ok    {what}"));
        }
    }

    fn problem(&mut self, d: &Diagnostic) {
        match self.format {
            CheckFormat::Json => self.line(&report::to_json(d)),
            CheckFormat::Human => {
                let text = report::render(d, self.style);
                self.line(&format!("{text}\n"));
            }
        }
    }

    fn summary(&mut self, text: &str) {
        match self.format {
            CheckFormat::Human => self.line(text),
            CheckFormat::Json => eprintln!("{text}"),
        }
    }
}
