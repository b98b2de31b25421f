//! The difficulty targets (issue #29), checked against a balance report: each says what it
//! asks, what was measured and whether it holds.
//!
//! Stages are taken in the order measured: "stages 1 to 3" are the first three, "stage 6" the
//! sixth. A target about a stage that was not measured (a `--stage` run of fewer stages) is
//! left out rather than called met.

use serde::Serialize;

use super::deaths::{DeathRow, OpeningRow};
use super::BossRow;

/// The longest and shortest a boss may take to kill at full power, seconds.
pub const BOSS_TTK_S: (f64, f64) = (20.0, 90.0);
/// How much slower the slowest pilot may kill a boss than the fastest.
pub const MAX_BOSS_SPREAD: f64 = 1.3;
/// Median deaths a stage may cost at most, where a target bounds them.
pub const MAX_MEDIAN_DEATHS: u32 = 3;

/// One target and how the report measures up to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// A short, stable name.
    pub id: &'static str,
    /// What it asks.
    pub asks: &'static str,
    /// What was measured.
    pub measured: String,
    pub holds: bool,
}

/// Every target the report has the figures for.
pub fn check(bosses: &[BossRow], deaths: &[DeathRow], opening: &[OpeningRow]) -> Vec<Target> {
    let mut out = Vec::new();
    if !opening.is_empty() {
        let hit: Vec<String> = opening
            .iter()
            .filter(|o| o.hits.iter().any(|&h| h > 0))
            .map(|o| format!("{} {:?}", o.stage, o.hits))
            .collect();
        out.push(Target {
            id: "opening",
            asks:
                "a ship with no input on Easy is not hit in the first 10 s of any stage, seeds 1-3",
            measured: if hit.is_empty() {
                "no hits".to_string()
            } else {
                format!("hit on {}", hit.join(", "))
            },
            holds: hit.is_empty(),
        });
    }
    let row = |skill: &str, difficulty: &str| {
        deaths
            .iter()
            .find(|r| r.skill == skill && r.difficulty == difficulty)
    };
    for (id, skill, difficulty, asks) in [
        (
            "novice_easy_first_stages",
            "novice",
            "easy",
            "novice on Easy, stages 1-3: median deaths at most 3 each",
        ),
        (
            "average_normal_first_stages",
            "average",
            "normal",
            "average on Normal, stages 1-3: median deaths at most 3 each",
        ),
    ] {
        if let Some(r) = row(skill, difficulty).filter(|r| r.stages.len() >= 3) {
            let medians: Vec<u32> = r.stages[..3].iter().map(|s| s.median).collect();
            out.push(Target {
                id,
                asks,
                measured: format!("medians {medians:?}"),
                holds: medians.iter().all(|&m| m <= MAX_MEDIAN_DEATHS),
            });
        }
    }
    if let Some(r) = row("expert", "hard").filter(|r| !r.stages.is_empty()) {
        let failing: Vec<String> = r
            .stages
            .iter()
            .filter(|s| s.clears < 3 || s.median > MAX_MEDIAN_DEATHS)
            .map(|s| format!("{} ({} clears, median {})", s.stage, s.clears, s.median))
            .collect();
        let clears: Vec<u32> = r.stages.iter().map(|s| s.clears).collect();
        let medians: Vec<u32> = r.stages.iter().map(|s| s.median).collect();
        out.push(Target {
            id: "expert_hard_every_stage",
            asks: "expert on Hard, every stage: clears at least 3 of 5 seeds, median deaths at most 3",
            measured: format!("clears {clears:?}, medians {medians:?}")
                + &if failing.is_empty() {
                    String::new()
                } else {
                    format!("; short on {}", failing.join(", "))
                },
            holds: failing.is_empty(),
        });
    }
    if let Some(r) = row("average", "normal").filter(|r| r.stages.len() >= 6) {
        let (first, sixth) = (r.stages[0].median, r.stages[5].median);
        out.push(Target {
            id: "average_normal_rises",
            asks: "average on Normal, stage 6 against stage 1: at least twice the deaths, and at least 2",
            measured: format!("stage 1 {first}, stage 6 {sixth}"),
            holds: sixth >= 2 * first && sixth >= 2,
        });
    }
    let all_six = |r: &&DeathRow| r.stages.len() >= 6;
    if let (Some(easy), Some(hard)) = (
        row("average", "easy").filter(all_six),
        row("average", "hard").filter(all_six),
    ) {
        out.push(Target {
            id: "average_hard_over_easy",
            asks: "average, every stage's median summed: Hard at least twice Easy",
            measured: format!("easy {}, hard {}", easy.total, hard.total),
            holds: hard.total >= 2 * easy.total,
        });
    }
    if !bosses.is_empty() {
        let times: Vec<Option<f64>> = bosses
            .iter()
            .flat_map(|b| b.ttk_s.0.iter().map(|(_, t)| *t))
            .collect();
        let in_range = times
            .iter()
            .all(|t| t.is_some_and(|t| (BOSS_TTK_S.0..=BOSS_TTK_S.1).contains(&t)));
        let worst = bosses
            .iter()
            .map(|b| b.spread)
            .try_fold(0.0f64, |w, s| s.map(|s| w.max(s)));
        let (lo, hi) = times
            .iter()
            .flatten()
            .fold((f64::MAX, 0.0f64), |(lo, hi), &t| (lo.min(t), hi.max(t)));
        out.push(Target {
            id: "boss_ttk",
            asks: "boss time to kill at power 4 (expert): spread at most 1.3x, each boss 20-90 s",
            measured: match worst {
                Some(w) => format!("max spread {w:.2}, times {lo:.1}-{hi:.1} s"),
                None => "a boss was not killed".to_string(),
            },
            holds: in_range && worst.is_some_and(|w| w <= MAX_BOSS_SPREAD),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::deaths::StageDeaths;
    use super::*;

    fn row(skill: &str, difficulty: &str, medians: &[u32], clears: u32) -> DeathRow {
        DeathRow {
            skill: skill.to_string(),
            difficulty: difficulty.to_string(),
            stages: medians
                .iter()
                .enumerate()
                .map(|(i, &m)| StageDeaths {
                    stage: format!("stage{}.ron", i + 1),
                    median: m,
                    per_seed: vec![m; 5],
                    clears,
                })
                .collect(),
            total: medians.iter().sum(),
        }
    }

    fn find<'a>(targets: &'a [Target], id: &str) -> &'a Target {
        targets.iter().find(|t| t.id == id).expect(id)
    }

    #[test]
    fn each_target_holds_or_fails_on_its_own_figures() {
        let deaths = vec![
            row("novice", "easy", &[3, 3, 4, 9, 9, 9], 5),
            row("average", "easy", &[0, 1, 1, 1, 1, 2], 5),
            row("average", "normal", &[1, 2, 3, 3, 3, 2], 5),
            row("average", "hard", &[2, 2, 3, 3, 3, 3], 5),
            row("expert", "hard", &[0, 0, 1, 1, 4, 1], 3),
        ];
        let opening = vec![
            OpeningRow {
                stage: "stage1.ron".into(),
                hits: vec![0, 0, 0],
            },
            OpeningRow {
                stage: "stage2.ron".into(),
                hits: vec![0, 1, 0],
            },
        ];
        let t = check(&[], &deaths, &opening);
        assert!(!find(&t, "opening").holds);
        assert!(find(&t, "opening").measured.contains("stage2.ron"));
        // Stage 3 costs the novice 4.
        assert!(!find(&t, "novice_easy_first_stages").holds);
        assert!(find(&t, "average_normal_first_stages").holds);
        // Stage 5's median of 4 breaks the expert's target.
        assert!(!find(&t, "expert_hard_every_stage").holds);
        // 2 is twice 1 and at least 2.
        assert!(find(&t, "average_normal_rises").holds);
        // 16 against 6.
        assert!(find(&t, "average_hard_over_easy").holds);
        // No bosses measured: no boss target.
        assert!(t.iter().all(|t| t.id != "boss_ttk"));
    }

    #[test]
    fn targets_about_stages_not_measured_are_left_out() {
        let deaths = vec![row("average", "normal", &[1], 5)];
        let t = check(&[], &deaths, &[]);
        assert!(t.is_empty(), "{t:?}");
    }
}
