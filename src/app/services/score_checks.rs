//! The high scores' replays checked in the background: HIGH SCORES asks for the files its
//! rows name, a thread plays each headless (as `skysweep verify` does), and the rows mark
//! each as it is done. What was found is kept for the game's life, so the table opened again
//! shows it at once; a replay file is written once and never changed, so its verdict holds.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};

use skysweep::run::Shipped;
use skysweep::save::score_replays::{self, Check};
use skysweep::sim::replay::verify::StageFiles;

/// A score replay's state as HIGH SCORES shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Waiting for the thread.
    Checking,
    Done(Check),
}

#[derive(Default)]
pub struct ScoreChecks {
    /// What is known or asked, by file name in `score_replays/`.
    marks: HashMap<String, Mark>,
    /// Verdicts coming back from the threads at work.
    incoming: Vec<Receiver<(String, Check)>>,
}

impl ScoreChecks {
    /// Starts checking the files of `names` in `dir` not known yet, one after another on a
    /// thread of their own.
    pub fn ask(&mut self, dir: &Path, names: Vec<String>, shipped: &Shipped) {
        let new: Vec<String> = names
            .into_iter()
            .filter(|n| !self.marks.contains_key(n))
            .collect();
        if new.is_empty() {
            return;
        }
        for n in &new {
            self.marks.insert(n.clone(), Mark::Checking);
        }
        let root = shipped
            .levels_dir()
            .parent()
            .unwrap_or(Path::new(""))
            .to_path_buf();
        let catalog = shipped.catalog().clone();
        let dir: PathBuf = dir.to_path_buf();
        let (tx, rx) = channel();
        self.incoming.push(rx);
        std::thread::spawn(move || {
            let mut stages = StageFiles::new(&root, catalog);
            for name in new {
                let check = score_replays::check(&dir.join(&name), &mut stages);
                if tx.send((name, check)).is_err() {
                    return;
                }
            }
        });
    }

    /// Takes in the verdicts ready; call once a frame while they are shown.
    pub fn poll(&mut self) {
        use std::sync::mpsc::TryRecvError;
        let marks = &mut self.marks;
        // A thread that finished hung up: its channel is done with.
        self.incoming.retain(|rx| loop {
            match rx.try_recv() {
                Ok((name, check)) => {
                    marks.insert(name, Mark::Done(check));
                }
                Err(TryRecvError::Empty) => break true,
                Err(TryRecvError::Disconnected) => break false,
            }
        });
    }

    /// What is known of the file `name`; `None` when it was never asked for.
    pub fn mark(&self, name: &str) -> Option<&Mark> {
        self.marks.get(name)
    }
}
