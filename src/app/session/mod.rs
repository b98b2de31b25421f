//! The run in play, owned by the router: what kind of run it is (and so what it may do, the
//! library's rules table), its stages and the levels loaded so far, what the players carry
//! from one stage into the next, its recording, a replay's recorded inputs and speed, a
//! practice run's count (`app::practice::run`), and the watch on the stage file in play. Its
//! fields are private: scenes ask it and change it through named methods.
//!
//! A session is made from a prepared [`RunPlan`] by whichever screen starts the run (pilot
//! select, PRACTICE, REPLAYS, CUSTOM STAGES, the command line) and handed to the router, which
//! gives it to the stage scene. It ends at the title: nothing of it is put back, since the
//! next run is a new session.

mod recording;
pub mod replay_speed;
#[cfg(test)]
mod tests;
mod watch;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use skysweep::level::{Catalog, Level, LevelError, LevelWatcher};
use skysweep::run::{PreparedRun, Rules, RunKind, RunPlan, Shipped};
use skysweep::sim::replay::Replay;
use skysweep::sim::{Carry, Character, Input, Skill, WorldConfig};

pub use recording::Finished;
use recording::Recording;

use crate::app::ctx::Ctx;
use crate::app::menu_page::MenuPage;
use crate::app::practice::run::PracticeRun;
use crate::app::services::notice::Notice;
use replay_speed::ReplaySpeed;

/// Prepares `plan` with the shipped files into a session; when it cannot start, says why on
/// screen under `title` and gives `None`.
pub fn prepared(ctx: &mut Ctx, plan: &RunPlan, title: &str) -> Option<Session> {
    match skysweep::run::prepare(plan, ctx.shipped()) {
        Ok(p) => Some(Session::new(p, ctx.shipped())),
        Err(e) => {
            eprintln!("skysweep: {e}");
            ctx.notices_mut().post(Notice::brief(title, e.to_string()));
            None
        }
    }
}

/// Where a stage sits in the run: enough to start it again.
#[derive(Clone, Debug)]
pub struct StagePlace {
    /// Index into the run's stage list.
    pub index: usize,
    /// Which loop of the game this is (0 is the first).
    pub loop_index: u32,
    pub characters: Vec<Character>,
}

pub struct Session {
    kind: RunKind,
    /// The stages in the order they play.
    stages: Vec<PathBuf>,
    /// The stages loaded so far, newest version, by path: hot reload replaces entries.
    levels: BTreeMap<PathBuf, Arc<Level>>,
    /// The whole game's stages: each is read as it starts, and the one before let go.
    campaign: bool,
    /// The configuration every stage starts from (seed, pilots, difficulty, start, power...).
    base: WorldConfig,
    /// The stage the run starts on: 0 but for a replay watched from a later stage.
    first_index: usize,
    /// The menu a replay was chosen in (REPLAYS, HIGH SCORES), which its end goes back to.
    back_to: Option<MenuPage>,
    /// The replay being played back, whose stages are `stages`.
    replay: Option<Replay>,
    /// How fast the replay plays: F5 and its pause menu set it, and it holds from stage to
    /// stage.
    replay_speed: ReplaySpeed,
    /// Players' standing carried into the next stage (empty for the first).
    carry: Vec<Carry>,
    /// The built-in pilot flies every player, at this skill.
    bot: Option<Skill>,
    /// `--stress`: the bullets kept on the playfield.
    stress: Option<u32>,
    /// A run started from PRACTICE: its choice and its count.
    practice: Option<PracticeRun>,
    /// The run's recording while it goes on: begun with the run, handed from each cleared
    /// stage to the next, and ended (kept for the replay offer) by anything else.
    recording: Option<Recording>,
    /// Where `--record` writes, for the one run the command line started.
    record_to: Option<PathBuf>,
    /// The recording once ended, for the SAVE REPLAY offer.
    finished: Option<Replay>,
    /// A write of the recording failed: the game's exit status says so.
    recording_failed: bool,
    /// The name a player just gave this run's high score: the replay offer starts on it.
    name: Option<String>,
    /// Watches the stage in play for saves; `None` when the folder cannot be watched.
    watcher: Option<LevelWatcher>,
    /// The assets later stages (and hot reloads) are checked against.
    catalog: Catalog,
}

impl Session {
    /// The session of a prepared run.
    pub fn new(prepared: PreparedRun, shipped: &Shipped) -> Session {
        let mut levels = BTreeMap::from([(prepared.stages[0].clone(), prepared.level.clone())]);
        // A replay's stages were loaded and checked against it: play exactly those.
        levels.extend(prepared.stages.iter().cloned().zip(prepared.replay_levels));
        Session {
            kind: prepared.kind,
            campaign: prepared.campaign,
            stages: prepared.stages,
            levels,
            base: prepared.config,
            first_index: 0,
            back_to: None,
            replay: prepared.replay,
            replay_speed: ReplaySpeed::default(),
            carry: Vec::new(),
            bot: prepared.bot,
            stress: None,
            practice: None,
            recording: None,
            record_to: None,
            finished: None,
            recording_failed: false,
            name: None,
            watcher: None,
            catalog: shipped.catalog().clone(),
        }
    }

    /// A replay chosen in REPLAYS (see [`Session::chosen_in`] for another menu), watched from stage `from` (from 0) with what the stages
    /// before it carry: `levels` are its recorded stages as loaded and checked.
    pub fn watching(
        replay: Replay,
        levels: Vec<Arc<Level>>,
        from: usize,
        carry: Vec<Carry>,
        shipped: &Shipped,
    ) -> Session {
        let stages: Vec<PathBuf> = replay
            .stages
            .iter()
            .map(|s| PathBuf::from(&s.level))
            .collect();
        let prepared = PreparedRun {
            kind: RunKind::Replay,
            level: levels[0].clone(),
            config: replay.stage_config(from, Vec::new()),
            stages,
            replay: Some(replay),
            replay_levels: levels,
            bot: None,
            campaign: false,
        };
        Session {
            first_index: from,
            back_to: Some(MenuPage::Replays),
            carry,
            ..Session::new(prepared, shipped)
        }
    }

    /// The stress test's `n` bullets on every stage: a run that is nobody's to keep.
    pub fn with_stress(mut self, n: Option<u32>) -> Session {
        self.stress = n;
        if n.is_some() {
            self.base.invincible = true;
        }
        self
    }

    /// A practice run's choice and count, for its results and auto-restart.
    pub fn with_practice(mut self, practice: PracticeRun) -> Session {
        self.practice = Some(practice);
        self
    }

    /// The replay being played back, if the run is one.
    pub fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    /// How fast the replay plays.
    pub fn replay_speed(&self) -> ReplaySpeed {
        self.replay_speed
    }

    /// The replay plays at `speed` from now on, from stage to stage.
    pub fn set_replay_speed(&mut self, speed: ReplaySpeed) {
        self.replay_speed = speed;
    }

    /// What the players carry into the next stage: their standing as a stage ends, or a
    /// practice run's chosen lives, bombs and power.
    pub fn carry_forward(&mut self, carry: Vec<Carry>) {
        self.carry = carry;
    }

    /// The built-in pilot's skill, when it flies every player.
    pub fn bot(&self) -> Option<Skill> {
        self.bot
    }

    /// `--stress`: the bullets kept on the playfield.
    pub fn stress(&self) -> Option<u32> {
        self.stress
    }

    /// A run started from PRACTICE: its choice and its count.
    pub fn practice(&self) -> Option<&PracticeRun> {
        self.practice.as_ref()
    }

    /// The practice run's count, as play goes on and it starts again.
    pub fn practice_mut(&mut self) -> Option<&mut PracticeRun> {
        self.practice.as_mut()
    }

    /// Whether a write of the recording failed.
    pub fn recording_failed(&self) -> bool {
        self.recording_failed
    }

    /// The name a player just gave this run's high score: the replay offer starts on it.
    pub fn name_score(&mut self, name: String) {
        self.name = Some(name);
    }

    /// Whether the command line's `--record` file may take this run: its kind's rule
    /// ([`Rules::takes_record_file`]).
    pub fn takes_record_file(&self) -> bool {
        self.rules().takes_record_file
    }

    /// The stage file the run starts on.
    pub fn first_stage(&self) -> &std::path::Path {
        &self.stages[self.first_index.min(self.stages.len().saturating_sub(1))]
    }

    /// Writes the run's recording to `path` as well as keeping it for the replay offer.
    pub fn recording_to(mut self, path: Option<PathBuf>) -> Session {
        self.record_to = path;
        self
    }

    pub fn kind(&self) -> RunKind {
        self.kind
    }

    /// What this kind of run may do.
    pub fn rules(&self) -> Rules {
        self.kind.rules()
    }

    /// The menu a replay was chosen in, which its end goes back to; `None` for a run that
    /// is no replay or one the command line opened.
    pub fn back_to(&self) -> Option<MenuPage> {
        self.back_to
    }

    /// A replay chosen in `page`, not REPLAYS: its end goes back there.
    pub fn chosen_in(mut self, page: MenuPage) -> Session {
        self.back_to = Some(page);
        self
    }

    /// Whether the stages this run reaches open in PRACTICE: the whole game, of a kind that
    /// unlocks.
    pub fn reaches_stages(&self) -> bool {
        self.campaign && self.rules().unlocks
    }

    /// Whether this run is the whole game, whose last stage ends in the ending.
    pub fn is_campaign(&self) -> bool {
        self.campaign
    }

    /// The configuration every stage starts from.
    pub fn base(&self) -> &WorldConfig {
        &self.base
    }

    /// The file name of stage `index` of the run (`stage2.ron`): the practice record's key.
    pub fn stage_file(&self, index: usize) -> String {
        self.stages
            .get(index)
            .and_then(|p| p.file_name())
            .map_or(String::new(), |f| f.to_string_lossy().into_owned())
    }

    /// How many stages the run plays before it loops.
    pub fn stage_count(&self) -> usize {
        self.stages.len()
    }

    /// Where the run starts: its first stage, loop and pilots.
    pub fn first_place(&self) -> StagePlace {
        StagePlace {
            index: self.first_index,
            loop_index: self.base.loop_index,
            characters: self.base.characters.clone(),
        }
    }

    /// The stage at `index` (clamped to the list), loaded once and then kept.
    ///
    /// In the whole game each stage is read from its file as it starts, and the stage before
    /// it is let go: a game that loops for hours holds one stage, not all six. An author's
    /// level and a replay's stages (checked against the recording when the run was prepared)
    /// are kept, since they must stay the versions checked.
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
        if self.campaign {
            self.levels.retain(|p, _| *p == path);
        }
        Ok((path, found))
    }

    /// A stage that loaded before, for when the one asked for does not.
    pub fn any_loaded(&self) -> Option<(PathBuf, Arc<Level>)> {
        self.levels
            .iter()
            .next()
            .map(|(p, l)| (p.clone(), l.clone()))
    }

    /// How stage `index` on loop `loop_index` starts: where, on which loop, and a replay's
    /// recorded inputs for it. The run's start applies to its first stage only.
    pub fn stage_start(
        &self,
        index: usize,
        loop_index: u32,
    ) -> (f32, u32, Option<Vec<Vec<Input>>>) {
        if let Some(r) = self.replay.as_ref().and_then(|r| r.stages.get(index)) {
            return (r.start_at, r.loop_index, Some(r.steps().collect()));
        }
        let start_at = match self.is_first(index, loop_index) {
            true => self.base.start_at,
            false => 0.0,
        };
        (start_at, loop_index, None)
    }

    /// Whether stage `index` on loop `loop_index` is where the run starts.
    pub fn is_first(&self, index: usize, loop_index: u32) -> bool {
        index == self.first_index && loop_index == self.base.loop_index
    }

    /// The world's configuration for `place`, starting at `start_at` with `power`: the run's,
    /// with what the players carry into it taken.
    pub fn world_config(&mut self, place: &StagePlace, start_at: f32, power: u8) -> WorldConfig {
        WorldConfig {
            characters: place.characters.clone(),
            loop_index: place.loop_index,
            start_at,
            start_power: power,
            carry: std::mem::take(&mut self.carry),
            ..self.base.clone()
        }
    }

    /// How many stages the replay recorded; 0 when no replay plays.
    pub fn replay_stages(&self) -> usize {
        self.replay.as_ref().map_or(0, |r| r.stages.len())
    }

    /// Readies the replay to play again from its recorded stage `index`: what the players
    /// carry into it, the stages before played out headless (nothing for its first). Says why
    /// it cannot when they desync on the way.
    pub fn replay_from(&mut self, index: usize) -> Result<(), String> {
        let Some(replay) = &self.replay else {
            return Ok(());
        };
        let levels: Vec<Arc<Level>> = self
            .stages
            .iter()
            .filter_map(|p| self.levels.get(p).cloned())
            .collect();
        self.carry = match index {
            0 => Vec::new(),
            _ => skysweep::sim::replay::verify::carry_into(replay, &levels, index)
                .map_err(|d| format!("It desynced before that stage: {d}"))?,
        };
        Ok(())
    }

    /// Whether another recorded stage follows stage `index` of a replay.
    pub fn replay_goes_on_after(&self, index: usize) -> bool {
        self.replay
            .as_ref()
            .is_some_and(|r| index + 1 < r.stages.len())
    }
}
