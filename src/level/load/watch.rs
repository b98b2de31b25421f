//! Hot reload: watching a stage and the files it `uses`, and reloading when one is saved.
//!
//! The *folders* are watched, not the files: many editors save by writing a new file and
//! renaming it over the old one, which a watch on the old file would miss. Events are
//! debounced (an editor's save is several events) and filtered to the stage and its `uses`,
//! so saving another stage in the same folder does not restart this one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::time::Duration;

use notify_debouncer_mini::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_mini::{new_debouncer, DebounceEventResult, Debouncer};

use crate::level::assets::Catalog;
use crate::level::load::{load_stage, parse, read_source};
use crate::level::resolved::Level;
use crate::level::schema::StageDef;
use crate::level::text::diag::LevelError;

/// How long the files must stay quiet before a reload: long enough to group one save's events,
/// short enough to feel live.
pub const DEBOUNCE: Duration = Duration::from_millis(200);

/// Watches one stage file and the definitions files it uses.
///
/// Create it after loading the stage; [`LevelWatcher::poll`] then hands over each new version
/// (or the errors in it) once per save. Dropping it stops the watching.
pub struct LevelWatcher {
    stage: PathBuf,
    /// The stage and every file it uses, as absolute paths: the only changes that matter.
    relevant: BTreeSet<PathBuf>,
    watched_dirs: BTreeSet<PathBuf>,
    debouncer: Debouncer<RecommendedWatcher>,
    events: Receiver<DebounceEventResult>,
    /// Hash of the last version handed over, so a save that changed nothing is not a reload.
    last_good: Option<u64>,
    /// The assets names are checked against, read again before each reload.
    catalog: Catalog,
    /// Hash of the raw bytes of every relevant file when last looked at. Reading the files
    /// ourselves raises access events in the folder; without this a broken save would be
    /// reported again after every reload attempt.
    last_seen: Option<u64>,
    /// File-system events `poll` has judged irrelevant; see [`Self::ignored_events`].
    ignored: u64,
}

impl LevelWatcher {
    /// Starts watching the folder of `stage` (and of the files it uses). Each reload checks
    /// the assets the stage names against `catalog`, read again from its folder first (when it
    /// was read from one), so an image or cue added while the game runs is found.
    ///
    /// Fails, without panicking, when the folder does not exist or cannot be watched (for
    /// example when the system's limit on watches is reached); the game then simply runs
    /// without hot reload.
    pub fn new(stage: &Path, catalog: Catalog) -> Result<Self, LevelError> {
        let name = stage.display().to_string();
        let fail = |what: String| LevelError::single(&name, 1, 1, what);
        let stage = absolute(stage).map_err(|e| fail(format!("cannot watch: {e}")))?;
        let dir = stage
            .parent()
            .map(Path::to_path_buf)
            .ok_or_else(|| fail("cannot watch: the stage has no folder".into()))?;
        let (tx, events) = channel();
        let debouncer = new_debouncer(DEBOUNCE, tx)
            .map_err(|e| fail(format!("cannot start watching for changes: {e}")))?;
        let mut w = Self {
            stage,
            relevant: BTreeSet::new(),
            watched_dirs: BTreeSet::new(),
            debouncer,
            events,
            catalog,
            last_good: None,
            last_seen: None,
            ignored: 0,
        };
        w.watch_dir(&dir)
            .map_err(|e| fail(format!("cannot watch folder {}: {e}", dir.display())))?;
        w.refresh_relevant();
        w.last_seen = Some(w.fingerprint());
        if let Ok(level) = load_stage(&w.stage, &w.catalog) {
            w.last_good = Some(level.content_hash);
        }
        Ok(w)
    }

    /// The stage file being watched, as an absolute path.
    pub fn stage(&self) -> &Path {
        &self.stage
    }

    /// How many file-system events [`poll`] has judged irrelevant so far: changes to files in
    /// the watched folders that are neither the stage nor a file it uses. (The debouncer
    /// reports a path at most once per batch, so a single save of one file usually counts
    /// one.) When this has grown past its value from before such a change, the `poll` calls
    /// since have seen the change and given their verdict: a caller (a test) can wait for
    /// this, instead of sleeping, to learn that a change reloads nothing.
    ///
    /// [`poll`]: Self::poll
    pub fn ignored_events(&self) -> u64 {
        self.ignored
    }

    /// Never blocks. `Some` once after each save of the stage or a file it uses: the new
    /// level, or every error in it (with file, line and column). `None` when nothing relevant
    /// changed, including a save that left the content as it was.
    pub fn poll(&mut self) -> Option<Result<Level, LevelError>> {
        let mut changed = false;
        let mut watch_error = None;
        loop {
            match self.events.try_recv() {
                Ok(Ok(events)) => {
                    let relevant = events.iter().filter(|e| self.is_relevant(&e.path)).count();
                    self.ignored += (events.len() - relevant) as u64;
                    changed |= relevant > 0;
                }
                Ok(Err(e)) => watch_error = Some(e.to_string()),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        if let Some(e) = watch_error.filter(|_| !changed) {
            return Some(Err(LevelError::single(
                &self.stage.display().to_string(),
                1,
                1,
                format!("watching for changes failed: {e}"),
            )));
        }
        if !changed {
            return None;
        }
        // The `uses` list may have changed with this save: follow it before reloading.
        self.refresh_relevant();
        let seen = self.fingerprint();
        if self.last_seen == Some(seen) {
            return None;
        }
        self.last_seen = Some(seen);
        self.catalog = self.catalog.refreshed();
        match load_stage(&self.stage, &self.catalog) {
            Ok(level) if self.last_good == Some(level.content_hash) => None,
            Ok(level) => {
                self.last_good = Some(level.content_hash);
                Some(Ok(level))
            }
            Err(e) => {
                self.last_good = None;
                Some(Err(e))
            }
        }
    }

    /// What the relevant files hold now (a missing or unreadable file counts as empty). Read
    /// like the loader reads, so a FIFO or a link to a device saved in place of a level neither
    /// blocks the game nor fills its memory.
    fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = fnv::FnvHasher::default();
        for p in &self.relevant {
            p.hash(&mut h);
            crate::platform::fileio::read_bounded(p, crate::level::limits::MAX_FILE_BYTES as u64)
                .unwrap_or_default()
                .hash(&mut h);
        }
        h.finish()
    }

    fn is_relevant(&self, path: &Path) -> bool {
        path.extension().is_some_and(|x| x == "ron")
            && (self.relevant.contains(path)
                || absolute(path).is_ok_and(|p| self.relevant.contains(&p)))
    }

    fn watch_dir(&mut self, dir: &Path) -> Result<(), String> {
        if self.watched_dirs.contains(dir) {
            return Ok(());
        }
        self.debouncer
            .watcher()
            .watch(dir, RecursiveMode::NonRecursive)
            .map_err(|e| e.to_string())?;
        self.watched_dirs.insert(dir.to_path_buf());
        Ok(())
    }

    /// Re-reads the stage's `uses` list. When the stage does not parse, the files known from
    /// before stay relevant, so fixing a used file still reloads.
    fn refresh_relevant(&mut self) {
        let mut relevant = BTreeSet::from([self.stage.clone()]);
        let uses = read_source(&self.stage)
            .ok()
            .and_then(|src| parse::<StageDef>(&src).ok())
            .map(|s| s.uses);
        let Some(uses) = uses else {
            self.relevant.insert(self.stage.clone());
            return;
        };
        let dir = self.stage.parent().unwrap_or(Path::new("/")).to_path_buf();
        for used in uses.iter().take(crate::level::limits::MAX_USES) {
            // Paths that escape the folder are errors at load time; never watch them.
            let (base, rel) = super::uses::uses_base(&dir, used);
            if Path::new(rel)
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)))
            {
                // The game's folder may be relative to the current one; events come absolute.
                let base = base.canonicalize().unwrap_or(base);
                let p = base.join(rel);
                if let Some(parent) = p.parent() {
                    // A folder that cannot be watched only loses hot reload for that file.
                    let _ = self.watch_dir(parent);
                }
                relevant.insert(p);
            }
        }
        self.relevant = relevant;
    }
}

/// `path` made absolute against the current folder, with the folder part canonical (so it
/// matches the paths the watcher reports) and the file itself not required to exist.
fn absolute(path: &Path) -> std::io::Result<PathBuf> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    };
    let parent = abs.parent().unwrap_or(Path::new("/"));
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let dir = parent.canonicalize()?;
    Ok(match abs.file_name() {
        Some(f) => dir.join(f),
        None => dir,
    })
}
