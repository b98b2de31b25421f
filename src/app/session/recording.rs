//! A run's recording: kept in memory for the replay offer at its end and, with `--record`,
//! written to disk: whole saves at the ends of stages and runs, and autosaves on a background
//! thread every few seconds of play.

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

impl super::Session {
    /// Begins the run's recording as its first stage starts: kept in memory for the replay
    /// offer when the kind of run offers one, and written to the `--record` file if the
    /// command line gave one (to a kind that takes it). A replay's run is never recorded
    /// again: its kind does neither.
    pub fn begin_recording(
        &mut self,
        level: &skysweep::level::Level,
        config: &skysweep::sim::WorldConfig,
    ) {
        let wanted = self.rules().offers_replay || self.record_to.is_some();
        if wanted && self.recording.is_none() {
            self.recording = Some(Recording::new(Replay::for_run(level, config)));
        }
    }

    /// A later stage starts: the recording goes on into it.
    pub fn recording_goes_on(
        &mut self,
        level: &skysweep::level::Level,
        config: &skysweep::sim::WorldConfig,
    ) -> bool {
        match &mut self.recording {
            Some(r) => {
                r.replay.begin_stage(level, config);
                true
            }
            None => false,
        }
    }

    /// Whether the run is being recorded.
    pub fn is_recording(&self) -> bool {
        self.recording.is_some()
    }

    /// Adds a step to the recording, if one goes on.
    pub fn record(&mut self, inputs: &[Input], world: &World) {
        if let Some(r) = &mut self.recording {
            r.record(inputs, world);
        }
    }

    /// Writes the recording so far and keeps it going: a cleared stage hands it on, and the
    /// file holds every cleared stage even if the next one is never saved.
    pub fn checkpoint_recording(&mut self) {
        if let (Some(r), Some(path)) = (&mut self.recording, &self.record_to) {
            self.recording_failed |= r.save(path).is_err();
        }
    }

    /// Whether the recording goes to a file as well (`--record`), not only to the replay the
    /// run's end offers.
    pub fn records_to_file(&self) -> bool {
        self.record_to.is_some()
    }

    /// Ends the recording, saved: play after this is not recorded. A recording with steps is
    /// kept for the replay offer when the kind of run offers one.
    pub fn end_recording(&mut self) {
        let Some(mut r) = self.recording.take() else {
            return;
        };
        if !r.replay.is_empty() && self.rules().offers_replay {
            self.finished = Some(r.replay.clone());
        }
        let Some(path) = self.record_to.take() else {
            return;
        };
        match r.save(path.as_path()) {
            Ok(()) => eprintln!(
                "recording saved to {}; play after this point is not recorded",
                path.display()
            ),
            Err(_) => {
                self.recording_failed = true;
                eprintln!("play after this point is not recorded")
            }
        }
    }

    /// The recording once ended, kept for the replay offer: what a high score keeps as its
    /// replay. `None` while the run is still recorded, or when its kind offers none.
    pub fn finished_replay(&self) -> Option<&Replay> {
        self.finished.as_ref()
    }

    /// Writes the recording so far in the background once enough play has gone unsaved.
    pub fn autosave_recording(&mut self) {
        if let (Some(r), Some(path)) = (&mut self.recording, &self.record_to) {
            r.autosave(path);
        }
    }

    /// The run's end: its recording ended and handed over for the replay offer, with the name
    /// just given to its high score.
    pub fn finish(mut self) -> Finished {
        self.end_recording();
        Finished {
            replay: self.finished.take(),
            name: self.name.take(),
            recording_failed: self.recording_failed,
        }
    }
}

/// What is left of a run once it ends.
pub struct Finished {
    /// Its recording, for the SAVE REPLAY offer.
    pub replay: Option<Replay>,
    /// The name given to its high score, where the offer's name starts.
    pub name: Option<String>,
    /// A write of its `--record` file failed.
    pub recording_failed: bool,
}
