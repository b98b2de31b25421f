//! The run: which stages are played in which order, every level loaded so far, what the
//! players carry from one stage into the next, the `--record` recording, and the watch on the
//! level file in play.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use skysweep::headless::run_setup;
use skysweep::level::watch::LevelWatcher;
use skysweep::level::{self, Catalog, Level, LevelError};
use skysweep::platform::data::find_data;
use skysweep::sim::campaign::stage_order;
use skysweep::sim::replay::Replay;
use skysweep::sim::{Carry, WorldConfig};

use super::recording::Recording;

pub struct Run {
    /// Stages played in order: the chosen `--level`, a replay's recorded stages, or every
    /// shipped `stageN.ron`.
    pub stages: Vec<PathBuf>,
    /// Every stage loaded so far, newest version, by path: hot reload replaces entries.
    pub levels: BTreeMap<PathBuf, Arc<Level>>,
    /// The configuration every stage starts from (seed, difficulty, start, power...).
    pub base_config: WorldConfig,
    /// The replay being played back (`--replay`), whose stages are `stages`.
    pub replay: Option<Replay>,
    /// Players' standing carried into the next stage (empty for a new game).
    pub carry: Vec<Carry>,
    /// The run's recording while it goes on: begun with the run, handed from each cleared
    /// stage to the next, and ended (saved) by anything else.
    pub recording: Option<Recording>,
    /// Where `--record` writes.
    record_path: Option<PathBuf>,
    /// The `--record` file holds a finished run: later play (a restart, a new game from the
    /// title) is not recorded, so it cannot overwrite that run.
    pub recording_spent: bool,
    /// Watches the stage in play for saves; `None` when the folder cannot be watched.
    watcher: Option<LevelWatcher>,
    /// A write of the recording failed: the game's exit status says so.
    pub recording_failed: bool,
    /// The shipped stages by number when this is the whole game (not an author's `--level`
    /// nor a replay): `stages` is then these in the run's order, drawn from the seed.
    campaign: Option<Vec<PathBuf>>,
    /// `--seed` fixed the seed; otherwise each new game from the title draws its own.
    seed_fixed: bool,
    /// The assets levels are checked against when they load.
    catalog: Catalog,
    /// While a custom stage is played (from CUSTOM STAGES): the stages and campaign it set
    /// aside, given back by the next [`Run::new_game`].
    set_aside: Option<(Vec<PathBuf>, Option<Vec<PathBuf>>)>,
    /// The stage played alone is the Extra stage, started from the title once the game was
    /// cleared (issue #31): its scores go to the player's record, never the high-score table.
    extra: bool,
    /// While a replay chosen in the REPLAYS menu plays: the run it stands in for (stages,
    /// whole-game list, configuration), put back by [`Run::end_menu_replay`].
    before_replay: Option<(Vec<PathBuf>, Option<Vec<PathBuf>>, WorldConfig)>,
    /// The last run's recording once it ended, for the SAVE REPLAY offer on the way to the
    /// title; taken by it.
    pub finished: Option<Replay>,
}

impl Run {
    /// A run of `stages` as given (an author's level, a replay's recorded stages), or of the
    /// whole game in the seed's order when `stages` is `None`.
    pub fn new(
        stages: Option<Vec<PathBuf>>,
        levels: BTreeMap<PathBuf, Arc<Level>>,
        base_config: WorldConfig,
        replay: Option<Replay>,
        record_path: Option<PathBuf>,
        seed_fixed: bool,
    ) -> Run {
        let campaign = stages
            .is_none()
            .then(|| campaign_stages(&find_data("levels")));
        let mut run = Run {
            stages: stages.unwrap_or_default(),
            levels,
            base_config,
            replay,
            carry: Vec::new(),
            recording: None,
            record_path,
            recording_spent: false,
            watcher: None,
            recording_failed: false,
            campaign,
            seed_fixed,
            catalog: run_setup::assets_catalog(),
            set_aside: None,
            extra: false,
            before_replay: None,
            finished: None,
        };
        run.order_stages();
        run
    }

    /// Plays `replay` from the REPLAYS menu on `levels`, its recorded stages as loaded and
    /// checked, from stage `from` with `carry` (what the stages before it left; empty for the
    /// first). The run it replaces comes back with [`Run::end_menu_replay`].
    pub fn play_menu_replay(
        &mut self,
        replay: Replay,
        levels: Vec<Arc<Level>>,
        from: usize,
        carry: Vec<Carry>,
    ) {
        self.end_recording();
        if self.before_replay.is_none() {
            let kept = (
                std::mem::take(&mut self.stages),
                self.campaign.take(),
                self.base_config.clone(),
            );
            self.before_replay = Some(kept);
        }
        self.campaign = None;
        self.stages = replay
            .stages
            .iter()
            .map(|s| PathBuf::from(&s.level))
            .collect();
        self.levels = self.stages.iter().cloned().zip(levels).collect();
        self.base_config = replay.stage_config(from, Vec::new());
        self.carry = carry;
        self.replay = Some(replay);
    }

    /// Whether a replay chosen in the REPLAYS menu is what plays.
    pub fn is_menu_replay(&self) -> bool {
        self.before_replay.is_some()
    }

    /// Puts back the run a menu replay stood in for; nothing when none plays.
    pub fn end_menu_replay(&mut self) {
        let Some((stages, campaign, config)) = self.before_replay.take() else {
            return;
        };
        self.replay = None;
        self.levels.clear();
        self.stages = stages;
        self.campaign = campaign;
        self.base_config = config;
        self.carry.clear();
    }

    /// Whether this run is the whole game, whose last stage ends in the ending.
    pub fn is_campaign(&self) -> bool {
        self.campaign.is_some()
    }

    /// Sets up a new game from the title: a seed of its own (unless `--seed` fixed one), and
    /// so an order of its own for the first stages.
    pub fn new_game(&mut self) {
        if let Some((stages, campaign)) = self.set_aside.take() {
            self.stages = stages;
            self.campaign = campaign;
            self.levels.clear();
        }
        self.extra = false;
        if !self.seed_fixed {
            self.base_config.seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64);
        }
        self.carry.clear();
        self.order_stages();
    }

    /// Makes this run the one stage at `path`, played alone as an author's level is: hot
    /// reload on, its scores kept out of the table. The next new game puts the run back.
    pub fn play_custom(&mut self, path: PathBuf) {
        if self.set_aside.is_none() {
            let stages = std::mem::take(&mut self.stages);
            self.set_aside = Some((stages, self.campaign.take()));
        }
        self.stages = vec![path];
        self.levels.clear();
        self.carry.clear();
        self.extra = false;
    }

    /// Whether a custom stage chosen from the menu (or the Extra stage) is being played.
    pub fn is_custom(&self) -> bool {
        self.set_aside.is_some()
    }

    /// Makes this run the Extra stage at `path`, played alone like a custom stage: one stage,
    /// ending after its boss, the campaign set aside until the next new game.
    pub fn play_extra(&mut self, path: PathBuf) {
        self.play_custom(path);
        self.extra = true;
    }

    /// Whether the Extra stage is being played (from the title, not from PRACTICE).
    pub fn is_extra(&self) -> bool {
        self.extra && self.is_custom()
    }

    /// Puts the whole game's stages in the order the seed draws.
    fn order_stages(&mut self) {
        if let Some(shipped) = &self.campaign {
            let order = stage_order(self.base_config.seed, shipped.len());
            self.stages = order.into_iter().map(|i| shipped[i].clone()).collect();
        }
    }

    /// The stage at `index` (clamped to the list), loaded once and then kept.
    ///
    /// In the whole game each stage is read from its file as it starts, and the stage before
    /// it is let go: a game that loops for hours holds one stage, not all six. An author's
    /// level and a replay's stages (checked against the recording when the game started) are
    /// kept, since they must stay the versions checked.
    pub fn level(&mut self, index: usize) -> Result<(PathBuf, Arc<Level>), LevelError> {
        let index = index.min(self.stages.len().saturating_sub(1));
        let path = self.stages[index].clone();
        let found = match self.levels.get(&path) {
            Some(l) => l.clone(),
            None => {
                let l = Arc::new(skysweep::level::load_stage(&path, &self.catalog)?);
                self.levels.insert(path.clone(), l.clone());
                l
            }
        };
        // Only once this stage is in hand: a stage that fails to load falls back on one kept.
        if self.is_campaign() {
            self.levels.retain(|p, _| *p == path);
        }
        Ok((path, found))
    }

    /// Starts a new recording when `--record` asked for one and no finished run holds the file.
    /// Without `--record` every run but a replay's is recorded in memory, for the SAVE
    /// REPLAY offer when it ends.
    pub fn begin_recording(&mut self, level: &Level, config: &WorldConfig) {
        let wanted = match self.record_path {
            Some(_) => !self.recording_spent,
            None => self.replay.is_none(),
        };
        if wanted {
            self.recording = Some(Recording::new(Replay::for_run(level, config)));
        }
    }

    /// Writes the recording so far and keeps it going: a cleared stage hands it on, and the
    /// file holds every cleared stage even if the next one is never saved.
    pub fn checkpoint_recording(&mut self) {
        if let (Some(r), Some(path)) = (&mut self.recording, &self.record_path) {
            self.recording_failed |= r.save(path).is_err();
        }
    }

    /// Whether the recording goes to a file as well (`--record`), not only to the replay the
    /// run's end offers.
    pub fn records_to_file(&self) -> bool {
        self.record_path.is_some()
    }

    /// Ends the recording, saved: play after this is not recorded.
    pub fn end_recording(&mut self) {
        let Some(mut r) = self.recording.take() else {
            return;
        };
        if !r.replay.is_empty() {
            self.finished = Some(r.replay.clone());
        }
        let Some(path) = &self.record_path else {
            return;
        };
        self.recording_spent = true;
        match r.save(path) {
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

    /// Writes the recording so far in the background once enough play has gone unsaved.
    pub fn autosave_recording(&mut self) {
        if let (Some(r), Some(path)) = (&mut self.recording, &self.record_path) {
            r.autosave(path);
        }
    }

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
}

/// The whole game's stages: every `stageN.ron` in `dir` by number, the list `sim --all`
/// plays too ([`level::stage_files`]); the default stage alone when there is none.
pub fn campaign_stages(dir: &Path) -> Vec<PathBuf> {
    level::stage_files(dir).unwrap_or_else(|_| vec![find_data(run_setup::DEFAULT_LEVEL)])
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    use skysweep::sim::WorldConfig;

    use super::Run;

    /// A run of `stages` (the shipped campaign for `None`) on the default rules, with no
    /// replay and no recording.
    fn run_of(stages: Option<Vec<PathBuf>>, seed_fixed: bool) -> Run {
        Run::new(
            stages,
            BTreeMap::new(),
            WorldConfig::default(),
            None,
            None,
            seed_fixed,
        )
    }

    /// Issue #25: the window listed any `stage*.ron` while `sim --all` listed `stageN.ron`
    /// only, so a stray file changed the window's campaign alone. Both now use one lister.
    #[test]
    fn a_stray_stage_file_changes_neither_campaign() {
        let names = |paths: &[std::path::PathBuf]| -> Vec<String> {
            paths
                .iter()
                .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect()
        };
        let shipped = super::find_data("levels");
        let copy = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(&shipped).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "ron") {
                std::fs::copy(&path, copy.path().join(path.file_name().unwrap())).unwrap();
            }
        }
        let window_before = names(&super::campaign_stages(copy.path()));
        std::fs::write(copy.path().join("stage2b.ron"), "this is no level").unwrap();
        let window_after = names(&super::campaign_stages(copy.path()));
        // What `sim --all` plays: the library's lister over the same folder.
        let headless = names(&skysweep::level::stage_files(copy.path()).unwrap());
        assert_eq!(window_before, window_after);
        assert_eq!(window_after, headless);
        assert_eq!(window_after, names(&super::campaign_stages(&shipped)));
        assert!(!window_after.iter().any(|n| n == "stage2b.ron"));
        assert!(window_after.len() >= 2, "{window_after:?}");
    }

    /// Issue #18: a long game's memory rose at every stage change, one reason being that every
    /// stage played stayed loaded. The whole game now holds the stage in play only; an
    /// author's run keeps what it was given.
    #[test]
    fn the_whole_game_holds_only_the_stage_in_play() {
        let mut run = run_of(None, false);
        assert!(run.stages.len() >= 2, "the shipped stages are found");
        let (first, _) = run.level(0).unwrap();
        assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&first]);
        let (second, _) = run.level(1).unwrap();
        assert_ne!(first, second);
        assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&second]);
        // Round again: the first stage is read afresh, the second let go.
        run.level(0).unwrap();
        assert_eq!(run.levels.keys().collect::<Vec<_>>(), [&first]);

        let stages = run.stages[..2].to_vec();
        let mut authored = run_of(Some(stages.clone()), true);
        authored.level(0).unwrap();
        authored.level(1).unwrap();
        assert_eq!(authored.levels.len(), 2);
    }

    /// A custom stage from the menu is played alone and kept out of the campaign; the next
    /// new game from the title is the whole game again.
    #[test]
    fn a_custom_stage_is_set_aside_until_the_next_new_game() {
        let mut run = run_of(None, true);
        let campaign = run.stages.clone();
        let custom = super::find_data("levels").join("stage2.ron");
        run.play_custom(custom.clone());
        assert!(run.is_custom() && !run.is_campaign());
        assert_eq!(run.stages, std::slice::from_ref(&custom));
        assert_eq!(run.level(0).unwrap().0, custom);
        // Choosing another custom stage keeps the campaign set aside, not the first custom one.
        run.play_custom(custom.clone());
        run.new_game();
        assert!(!run.is_custom() && run.is_campaign());
        assert_eq!(run.stages, campaign);
    }

    /// Issue #31: the Extra stage is played alone, set aside like a custom stage, never a
    /// campaign stage; the next new game is the six stages again.
    #[test]
    fn the_extra_stage_is_played_alone_and_the_campaign_comes_back() {
        let mut run = Run::new(
            None,
            BTreeMap::new(),
            WorldConfig::default(),
            None,
            None,
            true,
        );
        let campaign = run.stages.clone();
        assert_eq!(campaign.len(), 6, "{campaign:?}");
        let extra = skysweep::level::extra_stage(&super::find_data("levels")).expect("stage7.ron");
        assert!(!campaign.contains(&extra));
        run.play_extra(extra.clone());
        assert!(run.is_extra() && run.is_custom() && !run.is_campaign());
        assert_eq!(run.level(0).unwrap().0, extra);
        assert_eq!(run.stages, std::slice::from_ref(&extra));
        // A custom stage after it is no Extra run.
        run.play_custom(campaign[0].clone());
        assert!(run.is_custom() && !run.is_extra());
        run.play_extra(extra);
        run.new_game();
        assert!(!run.is_extra() && run.is_campaign());
        assert_eq!(run.stages, campaign);
    }
}
