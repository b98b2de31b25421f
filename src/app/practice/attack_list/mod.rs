//! What PRACTICE > BOSS ATTACKS lists and chooses: every named boss phase of the shipped
//! stages, by stage and boss, those a game has met (or all, with PRACTICE's ALL STAGES); the
//! pilot whose tallies show; and the run a chosen attack plays. Plain data, no window: the
//! scene in `attack_menu` draws it, and its tests drive it with menu presses.

use std::path::PathBuf;

use skysweep::level::Level;
use skysweep::run::attack::{attacks, Attack};
use skysweep::run::{RunKind, RunPlan, Stages, Start};
use skysweep::save::practice::attacks::tally_key;
use skysweep::sim::Character;

use super::attack_results::boss_label;
use super::attack_run::AttackRun;
use super::setup::{PracticeSetup, StageEntry};
use crate::app::services::menu_input::{MenuEvent, MenuInput};

/// One attack the list may show.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackEntry {
    pub stage_path: PathBuf,
    /// The stage's file name: the first part of the attack's key.
    pub stage_file: String,
    /// The stage's name, as its card shows it.
    pub stage_name: String,
    /// How the list heads the stage: `2 SALTMARSH HARBOUR`.
    pub stage_label: String,
    pub attack: Attack,
    /// A game has met it.
    pub met: bool,
}

impl AttackEntry {
    /// The attack's key in the practice record.
    pub fn key(&self) -> String {
        self.attack.key(&self.stage_file)
    }

    /// How the list heads the attack's boss: `TIDEWARDEN`, `BRINEJAW (MID-BOSS)`.
    pub fn boss_label(&self) -> String {
        let name = boss_label(&self.attack.enemy_name);
        match self.attack.mid_boss {
            true => format!("{name} (MID-BOSS)"),
            false => name,
        }
    }
}

/// Every attack of `stage`'s `level`, in the order they come, marked met as `met` says.
pub fn entries_of(
    stage: &StageEntry,
    level: &Level,
    met: impl Fn(&str) -> bool,
) -> Vec<AttackEntry> {
    attacks(level)
        .into_iter()
        .map(|attack| {
            let key = attack.key(&stage.file);
            AttackEntry {
                stage_path: stage.path.clone(),
                stage_file: stage.file.clone(),
                stage_name: stage.name.clone(),
                stage_label: stage.label(),
                met: met(&key),
                attack,
            }
        })
        .collect()
}

/// A line of the list as drawn: a stage's heading, a boss's, or an attack (an index into
/// [`AttackList::entries`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Line {
    Stage(String),
    Boss(String),
    Attack(usize),
}

/// The list's one choice: play the attack under the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play;

/// The list and its cursor, over PRACTICE's choice (its difficulty, loop, power, lives,
/// bombs, invincibility, auto-restart and ALL STAGES; the pilot is player 1's, changed here).
#[derive(Clone, Debug, PartialEq)]
pub struct AttackList {
    pub entries: Vec<AttackEntry>,
    pub setup: PracticeSetup,
    /// Index into [`AttackList::listed`].
    pub cursor: usize,
}

impl AttackList {
    /// The list over `entries`, its cursor on the attack keyed `at` when it is listed.
    pub fn new(entries: Vec<AttackEntry>, setup: PracticeSetup, at: Option<&str>) -> AttackList {
        let mut list = AttackList {
            entries,
            setup,
            cursor: 0,
        };
        if let Some(key) = at {
            let listed = list.listed();
            list.cursor = listed
                .iter()
                .position(|&i| list.entries[i].key() == key)
                .unwrap_or(0);
        }
        list
    }

    /// The entries listed, by index: those met, or every one with ALL STAGES.
    pub fn listed(&self) -> Vec<usize> {
        let all = self.setup.options.unlock_all;
        (0..self.entries.len())
            .filter(|&i| all || self.entries[i].met)
            .collect()
    }

    /// The attack under the cursor.
    pub fn chosen(&self) -> Option<&AttackEntry> {
        let listed = self.listed();
        listed.get(self.cursor).map(|&i| &self.entries[i])
    }

    /// The listed attacks with their stage's and boss's headings, in order.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        let (mut stage, mut boss) = (None, None);
        for i in self.listed() {
            let e = &self.entries[i];
            if stage.as_deref() != Some(e.stage_file.as_str()) {
                stage = Some(e.stage_file.clone());
                boss = None;
                lines.push(Line::Stage(e.stage_label.clone()));
            }
            if boss != Some(e.attack.start.enemy) {
                boss = Some(e.attack.start.enemy);
                lines.push(Line::Boss(e.boss_label()));
            }
            lines.push(Line::Attack(i));
        }
        lines
    }

    /// Whose tallies show: the pilot, difficulty and loop ([`tally_key`]).
    pub fn who(&self) -> String {
        let o = &self.setup.options;
        tally_key(self.setup.pilot1, o.difficulty, o.loop_number)
    }

    /// One frame's input: up and down move over the attacks, left and right change the
    /// pilot (the event is then [`MenuEvent::Changed`]), ok plays the attack, back leaves.
    pub fn apply(&mut self, m: &MenuInput) -> MenuEvent<Play> {
        let n = self.listed().len();
        if m.back {
            return MenuEvent::Back;
        }
        if (m.up || m.down) && n > 0 {
            let step = if m.up { n - 1 } else { 1 };
            self.cursor = (self.cursor + step) % n;
            return MenuEvent::Moved;
        }
        if m.left || m.right {
            let all = Character::ALL;
            let i = all
                .iter()
                .position(|c| *c == self.setup.pilot1)
                .unwrap_or(0);
            let j = if m.left { i + all.len() - 1 } else { i + 1 };
            self.setup.pilot1 = all[j % all.len()];
            return MenuEvent::Changed;
        }
        if m.ok && n > 0 {
            return MenuEvent::Picked(Play);
        }
        MenuEvent::Nothing
    }

    /// The run the chosen attack plays, and the try it counts toward: its stage alone, from
    /// the attack's phase, player 1's pilot alone, with PRACTICE's difficulty, loop, power
    /// and invincibility. `None` with nothing listed.
    pub fn plan(&self) -> Option<(RunPlan, AttackRun)> {
        let e = self.chosen()?;
        let o = &self.setup.options;
        let plan = RunPlan {
            pilots: vec![self.setup.pilot1],
            difficulty: o.difficulty,
            loop_index: o.loop_number.saturating_sub(1),
            start: Start::Phase {
                enemy: Some(e.attack.enemy_name.to_string()),
                name: e.attack.name.to_string(),
            },
            start_power: o.power,
            invincible: o.invincible,
            ..RunPlan::new(RunKind::Attack, Stages::One(e.stage_path.clone()))
        };
        let run = AttackRun::new(
            e.stage_file.clone(),
            e.stage_name.clone(),
            e.attack.clone(),
            self.who(),
        );
        Some((plan, run))
    }
}

#[cfg(test)]
mod tests;
