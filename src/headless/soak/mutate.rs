//! Hot reloads of mutated stages: a shipped stage's text changed a little at random, saved in
//! a folder of copies, and loaded as a save in the game is (through the file, its `uses`, the
//! bounded reader); now and then through the game's own [`LevelWatcher`] too.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use oorandom::Rand64;

use crate::level::{load_stage, Catalog, Level, LevelError, LevelWatcher};

/// How long a watched save may take to come back before the soak says so (the debounce is
/// 200 ms; a busy machine can be slow to deliver file events).
const WATCH_LIMIT: Duration = Duration::from_secs(5);

/// `text` with one random edit, or now and then two or three: a number changed, a span
/// deleted, a line doubled, two lines swapped, or a stray token put in. Numbers change most
/// often, since that is what an author's save mostly does and what most often still loads
/// (and so must play). The same `rng` state gives the same text.
pub fn mutate(text: &str, rng: &mut Rand64) -> String {
    let mut out = text.to_string();
    let edits = if rng.rand_range(0..4) == 0 {
        2 + rng.rand_range(0..2)
    } else {
        1
    };
    for _ in 0..edits {
        out = match rng.rand_range(0..10) {
            0..=5 => change_number(&out, rng),
            6 => delete_span(&out, rng),
            7 => double_line(&out, rng),
            8 => swap_lines(&out, rng),
            _ => insert_token(&out, rng),
        };
    }
    out
}

/// A char boundary of `s` at or before a random byte.
fn boundary(s: &str, rng: &mut Rand64) -> usize {
    let mut at = rng.rand_range(0..s.len() as u64 + 1) as usize;
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn change_number(s: &str, rng: &mut Rand64) -> String {
    let numbers: Vec<(usize, usize)> = number_spans(s);
    if numbers.is_empty() {
        return insert_token(s, rng);
    }
    let (a, b) = numbers[rng.rand_range(0..numbers.len() as u64) as usize];
    const VALUES: [&str; 10] = [
        "0", "-1", "1", "0.5", "3", "99999", "1e9", "-0.25", "65536", "200",
    ];
    let v = VALUES[rng.rand_range(0..VALUES.len() as u64) as usize];
    format!("{}{v}{}", &s[..a], &s[b..])
}

/// Byte ranges of the numbers in `s` (digits with an optional sign, point and exponent).
fn number_spans(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let from = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.' || b[i] == b'e') {
            i += 1;
        }
        spans.push((from, i));
    }
    spans
}

fn delete_span(s: &str, rng: &mut Rand64) -> String {
    let a = boundary(s, rng);
    let mut b = (a + 1 + rng.rand_range(0..40) as usize).min(s.len());
    while !s.is_char_boundary(b) {
        b += 1;
    }
    format!("{}{}", &s[..a], &s[b..])
}

fn double_line(s: &str, rng: &mut Rand64) -> String {
    let mut lines: Vec<&str> = s.lines().collect();
    if lines.is_empty() {
        return s.to_string();
    }
    let i = rng.rand_range(0..lines.len() as u64) as usize;
    lines.insert(i, lines[i]);
    lines.join("\n")
}

fn swap_lines(s: &str, rng: &mut Rand64) -> String {
    let mut lines: Vec<&str> = s.lines().collect();
    if lines.len() < 2 {
        return s.to_string();
    }
    let i = rng.rand_range(0..lines.len() as u64) as usize;
    let j = rng.rand_range(0..lines.len() as u64) as usize;
    lines.swap(i, j);
    lines.join("\n")
}

fn insert_token(s: &str, rng: &mut Rand64) -> String {
    const TOKENS: [&str; 8] = [",", ")", "(", "]", "\"x\"", "hp: 5, ", "//", "é"];
    let t = TOKENS[rng.rand_range(0..TOKENS.len() as u64) as usize];
    let at = boundary(s, rng);
    format!("{}{t}{}", &s[..at], &s[at..])
}

/// What came of one reload.
#[derive(Debug)]
pub enum Reloaded {
    /// The mutated stage loaded: it must play.
    Accepted(Arc<Level>),
    /// Refused with a clear error.
    Refused,
}

/// How the watcher took a watched reload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watched {
    /// Not watched this time.
    No,
    /// It handed over what loading the file gave (or, for a save that changed nothing that
    /// matters, rightly said nothing).
    Agreed,
    /// It said nothing within its time: on a busy machine file events can be that late, so
    /// this is counted, not failed.
    Silent,
}

/// A folder of copies of every `*.ron` beside the shipped stages, where mutated saves go; the
/// folder is removed when this is dropped.
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// Copies the `.ron` files of `levels` into a fresh folder under the system's temporary
    /// folder, named for this process.
    /// Where a run's recording is saved and read back from, as a replay file.
    pub fn replay_file(&self) -> PathBuf {
        self.dir.join("soak-replay.ron")
    }

    pub fn new(levels: &Path) -> std::io::Result<Scratch> {
        let dir = std::env::temp_dir().join(format!("skysweep-soak-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        for entry in std::fs::read_dir(levels)? {
            let p = entry?.path();
            if p.extension().is_some_and(|e| e == "ron") && p.is_file() {
                if let Some(name) = p.file_name() {
                    std::fs::copy(&p, dir.join(name))?;
                }
            }
        }
        Ok(Scratch { dir })
    }

    /// Saves `text` as the stage `name` in the folder and loads it as the game loads a save.
    /// With `watch`, the save also goes through a [`LevelWatcher`] on the original, which must
    /// hand over the same outcome. `Err` says what went wrong: an error that is not clear, a
    /// watcher that disagreed, or a folder that could not be written.
    pub fn reload(
        &self,
        name: &str,
        original: &str,
        text: &str,
        catalog: &Catalog,
        watch: bool,
    ) -> Result<(Reloaded, Watched), String> {
        let path = self.dir.join(name);
        let io = |e: std::io::Error| format!("{}: {e}", path.display());
        std::fs::write(&path, original).map_err(io)?;
        // The watcher starts on the original, as in the game (which watches the stage in play).
        let watcher = if watch && text != original {
            let before = load_stage(&path, catalog).ok().map(|l| l.content_hash);
            let w = LevelWatcher::new(&path, catalog.clone()).map_err(|e| e.to_string())?;
            Some((w, before))
        } else {
            None
        };
        std::fs::write(&path, text).map_err(io)?;
        let loaded = load_stage(&path, catalog);
        if let Err(e) = &loaded {
            unclear(e, name).map_or(Ok(()), Err)?;
        }
        let watched = match watcher {
            Some((w, before)) => watched_agrees(w, before, &loaded)?,
            None => Watched::No,
        };
        let reloaded = match loaded {
            Ok(level) => Reloaded::Accepted(Arc::new(level)),
            Err(_) => Reloaded::Refused,
        };
        Ok((reloaded, watched))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Why a refusal is not clear, if it is not: it must hold at least one problem, each at a
/// real line and column with a message, and print naming the file.
fn unclear(e: &LevelError, name: &str) -> Option<String> {
    if e.diagnostics.is_empty() {
        return Some("a refusal with no problem in it".into());
    }
    if let Some(d) = e
        .diagnostics
        .iter()
        .find(|d| d.line == 0 || d.col == 0 || d.message.trim().is_empty())
    {
        return Some(format!("a problem with no place or message: {d:?}"));
    }
    let shown = e.to_string();
    (!shown.contains(name)).then(|| format!("a refusal that does not name {name}: {shown}"))
}

/// Polls `w` until it hands over the save, which must match what loading the file gave;
/// `before` is the content hash of the version it started on, if that one loaded.
fn watched_agrees(
    mut w: LevelWatcher,
    before: Option<u64>,
    loaded: &Result<Level, LevelError>,
) -> Result<Watched, String> {
    // A save that changed nothing that matters is not a reload, and the watcher says nothing:
    // a second is then ample to see that it stays quiet.
    let unchanged = matches!(loaded, Ok(l) if before == Some(l.content_hash));
    let limit = if unchanged {
        Duration::from_secs(1)
    } else {
        WATCH_LIMIT
    };
    let start = Instant::now();
    while start.elapsed() < limit {
        match (w.poll(), loaded) {
            (None, _) => std::thread::sleep(Duration::from_millis(20)),
            (Some(Ok(a)), Ok(b)) if a.content_hash == b.content_hash => return Ok(Watched::Agreed),
            (Some(Err(_)), Err(_)) => return Ok(Watched::Agreed),
            (Some(got), _) => {
                return Err(format!(
                    "the watcher handed over {} where loading the file {}",
                    if got.is_ok() { "a level" } else { "an error" },
                    if loaded.is_ok() { "loaded" } else { "failed" },
                ))
            }
        }
    }
    Ok(if unchanged {
        Watched::Agreed
    } else {
        Watched::Silent
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const STAGE: &str = include_str!("../../../levels/stage1.ron");

    #[test]
    fn mutations_change_the_text_and_repeat_for_the_same_seed() {
        let mut changed = 0;
        for seed in 0..50 {
            let a = mutate(STAGE, &mut Rand64::new(seed));
            assert_eq!(a, mutate(STAGE, &mut Rand64::new(seed)));
            changed += usize::from(a != STAGE);
        }
        assert!(changed > 40, "{changed} of 50 changed");
    }

    #[test]
    fn numbers_are_found_with_their_sign() {
        let s = "hp: 12, at: -3.5, x1: 2e3";
        let found: Vec<&str> = number_spans(s).iter().map(|&(a, b)| &s[a..b]).collect();
        assert_eq!(found, ["12", "-3.5", "2e3"]);
    }

    #[test]
    fn saves_are_refused_clearly_or_accepted_also_through_the_watcher() {
        let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let scratch = Scratch::new(&levels).unwrap();
        let catalog = Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
        let broken = STAGE.replacen('(', "((", 1);
        let r = scratch.reload("stage1.ron", STAGE, &broken, &catalog, true);
        assert!(
            matches!(r, Ok((Reloaded::Refused, Watched::Agreed))),
            "{r:?}"
        );
        let same = format!("{STAGE}\n// a comment\n");
        let r = scratch.reload("stage1.ron", STAGE, &same, &catalog, true);
        assert!(
            matches!(r, Ok((Reloaded::Accepted(_), Watched::Agreed))),
            "{r:?}"
        );
        let (mut refused, mut accepted) = (0, 0);
        for seed in 0..40 {
            let text = mutate(STAGE, &mut Rand64::new(seed));
            match scratch.reload("stage1.ron", STAGE, &text, &catalog, false) {
                Ok((Reloaded::Refused, _)) => refused += 1,
                Ok((Reloaded::Accepted(_), _)) => accepted += 1,
                Err(e) => panic!("seed {seed}: {e}"),
            }
        }
        assert!(
            refused > 0 && accepted > 0,
            "{refused} refused, {accepted} accepted"
        );
    }
}
