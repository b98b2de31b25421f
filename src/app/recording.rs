//! A `--record` recording in progress, and its writes to disk: whole saves at the ends of
//! stages and runs, and autosaves on a background thread every few seconds of play.

use std::path::Path;
use std::thread::JoinHandle;

use skysweep::sim::replay::Replay;
use skysweep::sim::{Input, World};

/// Steps of play between autosaves of a `--record` recording (5 seconds at 60 Hz), so a crash
/// or a killed process loses at most that much of the run.
const AUTOSAVE_STEPS: u32 = 5 * 60;

pub struct Recording {
    pub replay: Replay,
    /// Steps recorded since the recording was last written; `None` once an autosave failed,
    /// so a full disk warns once rather than every few seconds.
    unsaved_steps: Option<u32>,
    /// The autosave being written in the background: a durable write can stall for tens of
    /// milliseconds, which must not land on a frame of play.
    autosaving: Option<JoinHandle<std::io::Result<()>>>,
}

impl Recording {
    pub fn new(replay: Replay) -> Recording {
        Recording {
            replay,
            unsaved_steps: Some(0),
            autosaving: None,
        }
    }

    /// Adds one step's inputs and its checkpoint: `world` as the step with `inputs` left it.
    pub fn record(&mut self, inputs: &[Input], world: &World) {
        self.replay.record_step(inputs, world);
        if let Some(n) = &mut self.unsaved_steps {
            *n += 1;
        }
    }

    /// Waits for an autosave still being written, so the next write cannot land under it.
    fn finish_autosave(&mut self) -> Option<std::io::Result<()>> {
        self.autosaving.take().map(|pending| {
            pending
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("the writing thread panicked")))
        })
    }

    /// Writes the whole recording now (after any autosave in flight). Says where on success,
    /// and why not on failure, which it returns.
    pub fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let _ = self.finish_autosave();
        let saved = self.replay.save(path);
        match &saved {
            Ok(()) => {
                self.unsaved_steps = self.unsaved_steps.map(|_| 0);
                eprintln!("replay saved to {}", path.display())
            }
            Err(e) => eprintln!("skysweep: cannot save replay {}: {e}", path.display()),
        }
        saved
    }

    /// Writes the recording so far to `path`, without ending it, once enough play has gone
    /// unsaved. The write runs on its own thread; the next autosave waits until it finished.
    pub fn autosave(&mut self, path: &Path) {
        if self.autosaving.as_ref().is_some_and(|t| !t.is_finished()) {
            return;
        }
        if let Some(Err(e)) = self.finish_autosave() {
            eprintln!(
                "warning: cannot autosave replay {}: {e} (will try again when the run ends)",
                path.display()
            );
            self.unsaved_steps = None;
        }
        let Some(n) = self.unsaved_steps else {
            return;
        };
        if n < AUTOSAVE_STEPS {
            return;
        }
        let (text, path) = (self.replay.to_ron(), path.to_path_buf());
        self.unsaved_steps = Some(0);
        self.autosaving = Some(std::thread::spawn(move || {
            skysweep::platform::atomic::write_atomic(&path, text.as_bytes())
        }));
    }
}

impl Drop for Recording {
    /// Whatever comes next may write the same recording file, so an autosave still in flight
    /// finishes first (two writers would share the temporary file).
    fn drop(&mut self) {
        let _ = self.finish_autosave();
    }
}
