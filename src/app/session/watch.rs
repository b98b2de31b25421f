//! Hot reload: the watch on the stage file in play, and keeping a saved version for the
//! stage's next start.

use std::path::Path;
use std::sync::Arc;

use skysweep::level::{Level, LevelError, LevelWatcher};

use super::Session;

impl Session {
    /// Watches the stage file at `path` for saves, unless it is watched already.
    pub fn watch(&mut self, path: &Path) {
        let current = self
            .watcher
            .as_ref()
            .is_some_and(|w| std::path::absolute(path).is_ok_and(|p| p == w.stage()));
        if current {
            return;
        }
        self.watcher = match LevelWatcher::new(path, self.catalog.clone()) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("warning: no hot reload: {e}");
                None
            }
        };
    }

    /// A save of the watched file since the last poll, loaded (or refused with its errors).
    pub fn poll_saved(&mut self) -> Option<Result<Level, LevelError>> {
        self.watcher.as_mut().and_then(LevelWatcher::poll)
    }

    /// Keeps a newly saved version of the watched stage for its next start.
    pub fn keep_saved(&mut self, level: Arc<Level>) {
        let watched = self.watcher.as_ref().map(|w| w.stage().to_path_buf());
        if let Some(path) = self
            .stages
            .iter()
            .find(|p| std::path::absolute(p).ok() == watched)
            .cloned()
        {
            self.levels.insert(path, level);
        }
    }

    /// Keeps `level` as the version of stage `index` from now on (a save that restarted it).
    pub fn replace_level(&mut self, index: usize, level: Arc<Level>) {
        if let Some(path) = self.stages.get(index).cloned() {
            self.levels.insert(path, level);
        }
    }
}
