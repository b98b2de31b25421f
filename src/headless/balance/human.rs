//! Boss fights at a human's pace: each boss's time to kill for the average player, in a whole
//! run from the first stage, at the power that player really has when the boss arrives (lives
//! lost on the way cost power, as they do a person), continues taken.
//!
//! The same run is `sim --skill average --character <pilot> --seed <seed>`: its `ttk_s` list
//! has each boss's time and the power it was fought at.

use std::sync::Arc;

use serde::Serialize;

use crate::headless::summary::{self, RunOptions, Summary};
use crate::level::{Difficulty, Level};
use crate::sim::{Character, Skill, WorldConfig};

use super::deaths::frame_cap;
use super::{median, PilotTimes, SEEDS};

/// The most a boss fight may last for the average player, seconds.
pub const MAX_S: f64 = 60.0;
/// The most the first stage's boss may last, seconds: the first fight is a lesson.
pub const FIRST_MAX_S: f64 = 40.0;

/// One whole run to make.
#[derive(Clone, Copy, Debug)]
pub struct HumanJob {
    pub pilot: Character,
    pub seed: u64,
}

/// One whole run for each pilot and seed.
pub fn jobs() -> Vec<HumanJob> {
    Character::ALL
        .into_iter()
        .flat_map(|pilot| SEEDS.map(|seed| HumanJob { pilot, seed }))
        .collect()
}

/// Plays one whole run over `levels` in order.
pub fn play(levels: &[Arc<Level>], job: &HumanJob) -> Summary {
    let config = WorldConfig {
        seed: job.seed,
        characters: vec![job.pilot],
        difficulty: Difficulty::Normal,
        ..WorldConfig::default()
    };
    let opts = RunOptions {
        frames: levels.iter().map(|l| frame_cap(l)).sum(),
        autoplay: Some(Skill::Average),
        replay: None,
        record: false,
    };
    summary::run(levels, config, opts).0
}

/// One boss: each pilot's median time to kill, and the power each fought it at (the median
/// run's).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HumanBossRow {
    pub stage: String,
    pub boss: String,
    pub ttk_s: PilotTimes,
    /// The median power on arrival, by pilot.
    pub power: Vec<(String, Option<u8>)>,
}

/// Gathers the whole runs (in [`jobs`]'s order) into a row for each boss met.
pub fn rows(jobs: &[HumanJob], results: &[Summary]) -> Vec<HumanBossRow> {
    let mut rows: Vec<HumanBossRow> = Vec::new();
    let bosses: Vec<(String, String)> = results
        .iter()
        .flat_map(|s| s.ttk_s.iter().map(|t| (t.stage.clone(), t.boss.clone())))
        .fold(Vec::new(), |mut seen, b| {
            if !seen.contains(&b) {
                seen.push(b);
            }
            seen
        });
    for (stage, boss) in bosses {
        let mut row = HumanBossRow {
            stage: stage.clone(),
            boss: boss.clone(),
            ttk_s: PilotTimes::default(),
            power: Vec::new(),
        };
        for pilot in Character::ALL {
            let fights: Vec<(Option<f64>, Option<u8>)> = jobs
                .iter()
                .zip(results)
                .filter(|(j, _)| j.pilot == pilot)
                .map(|(_, s)| {
                    s.ttk_s
                        .iter()
                        .find(|t| t.stage == stage && t.boss == boss)
                        .map_or((None, None), |t| (t.ttk_s, t.power))
                })
                .collect();
            let times: Vec<Option<f64>> = fights.iter().map(|f| f.0).collect();
            let mut powers: Vec<Option<u8>> = fights.iter().map(|f| f.1).collect();
            powers.sort();
            let key = pilot.key().to_string();
            row.ttk_s.0.push((key.clone(), median(&times)));
            row.power.push((
                key,
                powers
                    .get(powers.len().saturating_sub(1) / 2)
                    .copied()
                    .flatten(),
            ));
        }
        rows.push(row);
    }
    rows
}

/// The table for people.
pub fn table(out: &mut String, rows: &[HumanBossRow]) {
    use std::fmt::Write;
    let _ = writeln!(
        out,
        "\nBoss time to kill for the average player, seconds (whole run on Normal, median of seeds {}-{}; power on arrival in brackets)",
        SEEDS[0],
        SEEDS[SEEDS.len() - 1]
    );
    let _ = write!(out, "{:<14}{:<16}", "stage", "boss");
    for c in Character::ALL {
        let _ = write!(out, "{:>10}", c.key());
    }
    let _ = writeln!(out);
    for r in rows {
        let _ = write!(out, "{:<14}{:<16}", r.stage, r.boss);
        for ((_, t), (_, p)) in r.ttk_s.0.iter().zip(&r.power) {
            let t = t.map_or("-".to_string(), |t| format!("{t:.1}"));
            let p = p.map_or("-".to_string(), |p| p.to_string());
            let _ = write!(out, "{:>10}", format!("{t} ({p})"));
        }
        let _ = writeln!(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headless::summary::BossTtk;

    #[test]
    fn each_boss_gets_each_pilots_median_and_a_boss_not_killed_counts_slowest() {
        let jobs = jobs();
        let results: Vec<Summary> = jobs
            .iter()
            .map(|j| Summary {
                ttk_s: vec![BossTtk {
                    stage: "stage1.ron".into(),
                    boss: "heron".into(),
                    ttk_s: (j.pilot != Character::Rook || j.seed == 1)
                        .then_some(20.0 + j.seed as f64),
                    power: Some(j.seed as u8),
                }],
                ..Summary::default()
            })
            .collect();
        let rows = rows(&jobs, &results);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].ttk_s.get("vela"), Some(22.0));
        assert_eq!(rows[0].ttk_s.get("rook"), None);
        assert_eq!(rows[0].power[0], ("vela".to_string(), Some(2)));
    }
}
