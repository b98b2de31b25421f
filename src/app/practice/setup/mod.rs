//! What PRACTICE chooses: the stages it offers with their start points, the menu's rows, and
//! the choice itself, with the logic that turns menu input into it and it into the command
//! line's run options. Plain data, no window: the practice menu scene draws it, and a
//! practice run keeps it for RETRY and the next visit.

use std::collections::BTreeMap;
use std::path::PathBuf;

use skysweep::level::Difficulty;
use skysweep::run::{RunKind, RunPlan, Stages, Start};
use skysweep::save::practice::{PracticeChoice, PracticeOptions};
use skysweep::sim::Character;

use crate::app::services::menu_input::{MenuEvent, MenuInput};

/// A stage practice can offer, with the places on it a run can start from.
#[derive(Clone, Debug, PartialEq)]
pub struct StageEntry {
    pub path: PathBuf,
    /// The file's name (`stage4.ron`): the practice record's key.
    pub file: String,
    /// The stage's own name, as its card shows it.
    pub name: String,
    /// Its number in the game (`stage4.ron` is 4).
    pub number: u32,
    /// Where a run can start: `start` at 0, then each marker by time (`midboss`, `boss`).
    pub starts: Vec<(String, f32)>,
    /// A run has reached it (or it is one of the first three).
    pub reached: bool,
}

impl StageEntry {
    /// The start points of a stage with `markers`: its beginning, then each marker in time
    /// order (a marker at 0 named `start` is the beginning itself).
    pub fn starts_from(markers: &BTreeMap<String, f32>) -> Vec<(String, f32)> {
        let mut starts: Vec<(String, f32)> = markers
            .iter()
            .filter(|(name, _)| name.as_str() != "start")
            .map(|(n, t)| (n.clone(), *t))
            .collect();
        starts.sort_by(|a, b| a.1.total_cmp(&b.1));
        starts.insert(0, ("start".into(), 0.0));
        starts
    }

    /// How the menu names the stage: its number and name, EX for the Extra stage.
    pub fn label(&self) -> String {
        let number = if self.file == skysweep::level::EXTRA_STAGE {
            "EX".to_string()
        } else {
            self.number.to_string()
        };
        format!("{number} {}", self.name.to_uppercase())
    }
}

/// The menu's rows, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Stage,
    Start,
    Pilot1,
    Pilot2,
    Difficulty,
    Loop,
    Power,
    Lives,
    Bombs,
    Invincible,
    AutoRestart,
    UnlockAll,
    Go,
    /// PRACTICE > BOSS ATTACKS: the named boss phases, each played alone.
    Attacks,
    Back,
}

pub const ROWS: [Row; 15] = [
    Row::Stage,
    Row::Start,
    Row::Pilot1,
    Row::Pilot2,
    Row::Difficulty,
    Row::Loop,
    Row::Power,
    Row::Lives,
    Row::Bombs,
    Row::Invincible,
    Row::AutoRestart,
    Row::UnlockAll,
    Row::Go,
    Row::Attacks,
    Row::Back,
];

pub const MAX_LIVES: u32 = skysweep::save::practice::MAX_PRACTICE_LIVES;
pub const MAX_BOMBS: u32 = skysweep::sim::model::player::MAX_BOMBS;

/// The menu's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// GO: play the chosen stage.
    Go,
    /// BOSS ATTACKS: its list, over this choice.
    Attacks,
}

/// Everything practice lets the player choose, and the menu's cursor.
#[derive(Clone, Debug, PartialEq)]
pub struct PracticeSetup {
    pub stages: Vec<StageEntry>,
    pub stage: usize,
    pub start: usize,
    pub pilot1: Character,
    /// Player 2's pilot, or one player.
    pub pilot2: Option<Character>,
    /// Difficulty, loop, power, lives, bombs, invincibility, auto-restart, all stages.
    pub options: PracticeOptions,
    pub cursor: usize,
}

impl PracticeSetup {
    /// The menu over `stages` on the practice defaults and `difficulty`.
    pub fn new(stages: Vec<StageEntry>, difficulty: Difficulty) -> PracticeSetup {
        let mut defaults = PracticeChoice::default();
        defaults.options.difficulty = difficulty;
        PracticeSetup::recall(stages, &defaults)
    }

    pub fn row(&self) -> Row {
        ROWS[self.cursor]
    }

    fn offered(&self, i: usize) -> bool {
        self.options.unlock_all || self.stages[i].reached
    }

    pub fn stage_entry(&self) -> Option<&StageEntry> {
        self.stages.get(self.stage)
    }

    /// The chosen start's name and time.
    pub fn start_point(&self) -> Option<&(String, f32)> {
        self.stage_entry().and_then(|s| s.starts.get(self.start))
    }

    /// One frame's menu input: up and down move, left and right change the row's value, ok
    /// changes it forward (or plays, or leaves), back leaves.
    pub fn apply(&mut self, m: &MenuInput) -> MenuEvent<Pick> {
        let n = ROWS.len();
        if m.up {
            self.cursor = (self.cursor + n - 1) % n;
            return MenuEvent::Moved;
        }
        if m.down {
            self.cursor = (self.cursor + 1) % n;
            return MenuEvent::Moved;
        }
        if m.back {
            return MenuEvent::Back;
        }
        let dir = match (m.left, m.right, m.ok) {
            (true, _, _) => -1,
            (_, true, _) => 1,
            (_, _, true) => match self.row() {
                Row::Go if self.stage_entry().is_some() => return MenuEvent::Picked(Pick::Go),
                Row::Go => return MenuEvent::Nothing,
                Row::Attacks => return MenuEvent::Picked(Pick::Attacks),
                Row::Back => return MenuEvent::Back,
                _ => 1,
            },
            _ => return MenuEvent::Nothing,
        };
        if self.change(dir) {
            MenuEvent::Changed
        } else {
            MenuEvent::Nothing
        }
    }

    /// Changes the cursor's row one step in `dir`; false when nothing changed.
    fn change(&mut self, dir: i32) -> bool {
        let cycle = |i: usize, n: usize| ((i as i64 + dir as i64).rem_euclid(n as i64)) as usize;
        let step =
            |v: u32, lo: u32, hi: u32| (v as i64 + dir as i64).clamp(lo as i64, hi as i64) as u32;
        let before = self.clone();
        match self.row() {
            Row::Stage if self.stages.is_empty() => {}
            Row::Stage => {
                let n = self.stages.len();
                let mut i = self.stage;
                for _ in 0..n {
                    i = cycle(i, n);
                    if self.offered(i) {
                        break;
                    }
                }
                if self.offered(i) && i != self.stage {
                    self.stage = i;
                    self.start = 0;
                }
            }
            Row::Start => {
                let n = self.stage_entry().map_or(1, |s| s.starts.len().max(1));
                self.start = cycle(self.start, n);
            }
            Row::Pilot1 => {
                let i = Character::ALL.iter().position(|c| *c == self.pilot1);
                self.pilot1 = Character::ALL[cycle(i.unwrap_or(0), Character::ALL.len())];
            }
            Row::Pilot2 => {
                // NONE, then each pilot.
                let i = self
                    .pilot2
                    .and_then(|p| Character::ALL.iter().position(|c| *c == p))
                    .map_or(0, |i| i + 1);
                let j = cycle(i, Character::ALL.len() + 1);
                self.pilot2 = j.checked_sub(1).map(|j| Character::ALL[j]);
            }
            Row::Difficulty => {
                let i = Difficulty::ALL
                    .iter()
                    .position(|d| *d == self.options.difficulty);
                self.options.difficulty =
                    Difficulty::ALL[cycle(i.unwrap_or(1), Difficulty::ALL.len())];
            }
            Row::Loop => self.options.loop_number = step(self.options.loop_number, 1, 2),
            Row::Power => self.options.power = step(self.options.power as u32, 1, 4) as u8,
            Row::Lives => self.options.lives = step(self.options.lives, 1, MAX_LIVES),
            Row::Bombs => self.options.bombs = step(self.options.bombs, 0, MAX_BOMBS),
            Row::Invincible => self.options.invincible = !self.options.invincible,
            Row::AutoRestart => self.options.auto_restart = !self.options.auto_restart,
            Row::UnlockAll => {
                self.options.unlock_all = !self.options.unlock_all;
                // Locking again moves off a stage no longer offered.
                if !self.offered(self.stage) {
                    self.stage = (0..self.stages.len())
                        .find(|i| self.offered(*i))
                        .unwrap_or(0);
                    self.start = 0;
                }
            }
            Row::Go | Row::Attacks | Row::Back => {}
        }
        *self != before
    }

    /// The choice to keep in the practice record, for the next visit and the next launch.
    pub fn choice(&self) -> PracticeChoice {
        let mut pilots = vec![self.pilot1];
        pilots.extend(self.pilot2);
        PracticeChoice {
            stage: self.stage_entry().map_or(String::new(), |s| s.file.clone()),
            start: self
                .start_point()
                .map_or("start".into(), |(name, _)| name.clone()),
            pilots,
            options: self.options,
        }
    }

    /// The menu over `stages` as `choice` left it. A stage no longer offered, or a start the
    /// stage no longer has, falls back on the first.
    pub fn recall(stages: Vec<StageEntry>, choice: &PracticeChoice) -> PracticeSetup {
        let mut s = PracticeSetup {
            stages,
            stage: 0,
            start: 0,
            pilot1: choice.pilots.first().copied().unwrap_or(Character::Vela),
            pilot2: choice.pilots.get(1).copied(),
            options: choice.options.in_range(),
            cursor: 0,
        };
        let offered = (0..s.stages.len()).find(|&i| s.stages[i].file == choice.stage);
        if let Some(i) = offered.filter(|&i| s.offered(i)) {
            s.stage = i;
            s.start = s.stages[i]
                .starts
                .iter()
                .position(|(name, _)| *name == choice.start)
                .unwrap_or(0);
        }
        s
    }

    /// The run this choice plays: its stage alone, from the chosen start, with its pilots,
    /// difficulty, loop, power and invincibility, on the game's own arcade rules (practice
    /// gives the lives and bombs itself, see `PracticeRun::carry` in `practice::run`).
    /// `None` with no stage to play.
    pub fn plan(&self) -> Option<RunPlan> {
        let stage = self.stage_entry()?;
        let start = match self.start_point() {
            Some((name, t)) if *t > 0.0 => Start::At(name.clone()),
            _ => Start::Beginning,
        };
        let mut pilots = vec![self.pilot1];
        pilots.extend(self.pilot2);
        Some(RunPlan {
            pilots,
            difficulty: self.options.difficulty,
            loop_index: self.options.loop_number.saturating_sub(1),
            start,
            start_power: self.options.power,
            invincible: self.options.invincible,
            ..RunPlan::new(RunKind::Practice, Stages::One(stage.path.clone()))
        })
    }

    /// Each row's label and value, for drawing.
    pub fn rows(&self) -> Vec<(String, String)> {
        let on = |b: bool| if b { "ON" } else { "OFF" }.to_string();
        let pilot = |c: Character| c.name().to_uppercase();
        ROWS.iter()
            .map(|row| {
                let (label, value) = match row {
                    Row::Stage => (
                        "STAGE",
                        self.stage_entry().map_or("NONE".into(), StageEntry::label),
                    ),
                    Row::Start => (
                        "START AT",
                        self.start_point().map_or("START".into(), |(n, t)| {
                            format!(
                                "{} {}:{:02}",
                                n.to_uppercase(),
                                *t as u32 / 60,
                                *t as u32 % 60
                            )
                        }),
                    ),
                    Row::Pilot1 => ("1P PILOT", pilot(self.pilot1)),
                    Row::Pilot2 => ("2P PILOT", self.pilot2.map_or("NONE".into(), pilot)),
                    Row::Difficulty => {
                        ("DIFFICULTY", self.options.difficulty.name().to_uppercase())
                    }
                    Row::Loop => ("LOOP", self.options.loop_number.to_string()),
                    Row::Power => ("POWER", self.options.power.to_string()),
                    Row::Lives => ("LIVES", self.options.lives.to_string()),
                    Row::Bombs => ("BOMBS", self.options.bombs.to_string()),
                    Row::Invincible => ("INVINCIBLE", on(self.options.invincible)),
                    Row::AutoRestart => ("AUTO-RESTART", on(self.options.auto_restart)),
                    Row::UnlockAll => ("ALL STAGES", on(self.options.unlock_all)),
                    Row::Go => ("PRACTISE", String::new()),
                    Row::Attacks => ("BOSS ATTACKS", String::new()),
                    Row::Back => ("BACK", String::new()),
                };
                (label.to_string(), value)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
