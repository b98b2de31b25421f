//! The difficulty targets (issue #29), checked against a balance report: each says what it
//! asks, what was measured and whether it holds.
//!
//! Stages are taken in the order measured: "stages 1 to 3" are the first three, "stage 6" the
//! sixth. A target about a stage that was not measured (a `--stage` run of fewer stages) is
//! left out rather than called met.

use serde::Serialize;

use super::deaths::{DeathRow, OpeningRow};
use super::human::{self, HumanBossRow};
use super::steps::StepRow;
use super::{BossRow, Report, StageRow};

/// The longest and shortest a boss may take to kill at full power, seconds.
pub const BOSS_TTK_S: (f64, f64) = (20.0, 90.0);
/// How much slower the slowest pilot may kill a boss than the fastest.
pub const MAX_BOSS_SPREAD: f64 = 1.3;
/// Median deaths a stage may cost at most, where a target bounds them.
pub const MAX_MEDIAN_DEATHS: u32 = 3;
/// Median deaths the novice may lose in a stage's first minute on Normal.
pub const MAX_FIRST_MINUTE_DEATHS: u32 = 2;
/// How many times the deaths of the pilot with the fewest the pilot with the most may have.
pub const MAX_PILOT_SPREAD: f64 = 1.5;

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

impl Target {
    /// A target that holds when nothing is out of it: measured as `fine` then, and otherwise
    /// as `says` followed by what is out (`over on vela [4, 2, 1]`).
    fn unless(
        id: &'static str,
        asks: &'static str,
        out: &[String],
        says: &str,
        fine: String,
    ) -> Target {
        let holds = out.is_empty();
        let measured = match holds {
            true => fine,
            false => format!("{says} {}", out.join(", ")),
        };
        Target {
            id,
            asks,
            measured,
            holds,
        }
    }
}

/// The least and the most of `xs`; `(f64::MAX, 0.0)` for none.
fn span(xs: impl IntoIterator<Item = f64>) -> (f64, f64) {
    xs.into_iter()
        .fold((f64::MAX, 0.0f64), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

/// Every target the report has the figures for.
pub fn check(report: &Report) -> Vec<Target> {
    let mut out = Vec::new();
    opening(&mut out, &report.opening);
    deaths(&mut out, &report.deaths, &report.first_minute);
    curve(&mut out, &report.deaths, &report.stages);
    difficulty_steps(&mut out, &report.steps);
    bosses(&mut out, &report.bosses, &report.human_bosses);
    out
}

fn opening(out: &mut Vec<Target>, opening: &[OpeningRow]) {
    if opening.is_empty() {
        return;
    }
    let hit: Vec<String> = opening
        .iter()
        .filter(|o| o.hits.iter().any(|&h| h > 0))
        .map(|o| format!("{} {:?}", o.stage, o.hits))
        .collect();
    out.push(Target {
        id: "opening",
        asks: "a ship with no input on Easy is not hit in the first 10 s of any stage, seeds 1-3",
        measured: if hit.is_empty() {
            "no hits".to_string()
        } else {
            format!("hit on {}", hit.join(", "))
        },
        holds: hit.is_empty(),
    });
}

/// The rows of `skill` at `difficulty`, one a pilot.
fn rows_of<'a>(deaths: &'a [DeathRow], skill: &str, difficulty: &str) -> Vec<&'a DeathRow> {
    deaths
        .iter()
        .filter(|r| r.skill == skill && r.difficulty == difficulty)
        .collect()
}

/// Each pilot's first three medians that break `most`, as "pilot [a, b, c]".
fn over(rows: &[&DeathRow], most: u32) -> Vec<String> {
    rows.iter()
        .filter(|r| r.stages.iter().take(3).any(|s| s.median > most))
        .map(|r| {
            let m: Vec<u32> = r.stages.iter().take(3).map(|s| s.median).collect();
            format!("{} {m:?}", r.pilot)
        })
        .collect()
}

fn deaths(out: &mut Vec<Target>, deaths: &[DeathRow], first_minute: &[DeathRow]) {
    let worst = |rows: &[&DeathRow]| {
        rows.iter()
            .flat_map(|r| r.stages.iter().take(3).map(|s| s.median))
            .max()
            .unwrap_or(0)
    };
    for (id, skill, difficulty, most, asks, rows) in [
        (
            "novice_easy_first_stages",
            "novice",
            "easy",
            MAX_MEDIAN_DEATHS,
            "novice on Easy, stages 1-3, every pilot: median deaths at most 3 each",
            deaths,
        ),
        (
            "average_normal_first_stages",
            "average",
            "normal",
            MAX_MEDIAN_DEATHS,
            "average on Normal, stages 1-3, every pilot: median deaths at most 3 each",
            deaths,
        ),
        (
            "novice_normal_first_minute",
            "novice",
            "normal",
            MAX_FIRST_MINUTE_DEATHS,
            "novice on Normal, first 60 s of stages 1-3, every pilot: median deaths at most 2",
            first_minute,
        ),
    ] {
        let rows = rows_of(rows, skill, difficulty);
        if rows.is_empty() || rows.iter().any(|r| r.stages.len() < 3) {
            continue;
        }
        let worst = worst(&rows);
        out.push(Target::unless(
            id,
            asks,
            &over(&rows, most),
            "over on",
            format!("every pilot; worst median {worst}"),
        ));
    }
    let expert = rows_of(deaths, "expert", "hard");
    if !expert.is_empty() {
        let failing: Vec<String> = expert
            .iter()
            .flat_map(|r| {
                r.stages
                    .iter()
                    .filter(|s| s.clears < 3 || s.median > MAX_MEDIAN_DEATHS)
                    .map(move |s| {
                        format!(
                            "{} {} ({} clears, median {})",
                            r.pilot, s.stage, s.clears, s.median
                        )
                    })
            })
            .collect();
        out.push(Target::unless(
            "expert_hard_every_stage",
            "expert on Hard, every stage, every pilot: clears at least 3 of 5 seeds, median deaths at most 3",
            &failing,
            "short on",
            "every stage and pilot".to_string(),
        ));
    }
    let six = |rows: Vec<&'_ DeathRow>| -> Vec<(String, u32)> {
        rows.iter()
            .filter(|r| r.stages.len() >= 6)
            .map(|r| (r.pilot.clone(), r.total))
            .collect()
    };
    let (easy, hard) = (
        six(rows_of(deaths, "average", "easy")),
        six(rows_of(deaths, "average", "hard")),
    );
    if !easy.is_empty() && easy.len() == hard.len() {
        let pairs: Vec<String> = easy
            .iter()
            .zip(&hard)
            .map(|((p, e), (_, h))| format!("{p} {e}/{h}"))
            .collect();
        out.push(Target {
            id: "average_hard_over_easy",
            asks: "average, every stage's median summed, every pilot: Hard at least twice Easy",
            measured: format!("easy/hard: {}", pairs.join(", ")),
            holds: easy.iter().zip(&hard).all(|((_, e), (_, h))| *h >= 2 * e),
        });
    }
    let normal = six(rows_of(deaths, "average", "normal"));
    if let (Some(lo), Some(hi)) = (
        normal.iter().map(|p| p.1).min(),
        normal.iter().map(|p| p.1).max(),
    ) {
        let all: Vec<String> = normal.iter().map(|(p, t)| format!("{p} {t}")).collect();
        out.push(Target {
            id: "pilots_fair",
            asks: "average on Normal, deaths over six stages: the most any pilot has at most 1.5x the fewest",
            measured: format!("{} ({:.2}x)", all.join(", "), hi as f64 / lo.max(1) as f64),
            holds: hi as f64 <= MAX_PILOT_SPREAD * lo.max(1) as f64,
        });
    }
}

/// The median over the pilots of each stage's median, for `skill` at `difficulty`.
pub fn stage_medians(deaths: &[DeathRow], skill: &str, difficulty: &str) -> Vec<u32> {
    let rows = rows_of(deaths, skill, difficulty);
    let stages = rows.iter().map(|r| r.stages.len()).min().unwrap_or(0);
    (0..stages)
        .map(|i| {
            let each: Vec<u32> = rows.iter().map(|r| r.stages[i].median).collect();
            super::deaths::median_count(&each)
        })
        .collect()
}

fn curve(out: &mut Vec<Target>, deaths: &[DeathRow], stages: &[StageRow]) {
    let m = stage_medians(deaths, "average", "normal");
    if m.len() >= 6 {
        out.push(Target {
            id: "average_normal_rises",
            asks: "average on Normal, median over pilots: stage 6 at least twice stage 1's deaths, and at least 2",
            measured: format!("stage 1 {}, stage 6 {}", m[0], m[5]),
            holds: m[5] >= 2 * m[0] && m[5] >= 2,
        });
        out.push(Target {
            id: "average_normal_climbs",
            asks: "average on Normal, median over pilots: stages 4 to 6 never fall, stages 1-3 each below stage 4",
            measured: format!("by stage {:?}", &m[..6]),
            holds: m[3] <= m[4] && m[4] <= m[5] && m[..3].iter().all(|&d| d < m[3]),
        });
    }
    if stages.len() >= 6 {
        let peak: Vec<usize> = stages.iter().map(|s| s.peak_enemy_bullets).collect();
        let early = peak[..3].iter().copied().max().unwrap_or(0);
        out.push(Target {
            id: "peaks_climb",
            asks: "expert on Normal, peak enemy bullets: stage 6 at least twice stage 1, stages 4-6 each above stages 1-3",
            measured: format!("peaks {:?}", &peak[..6]),
            holds: peak[5] >= 2 * peak[0] && peak[3..6].iter().all(|&p| p > early),
        });
    }
}

fn difficulty_steps(out: &mut Vec<Target>, steps: &[StepRow]) {
    if steps.is_empty() {
        return;
    }
    let (lo, hi) = super::steps::STEP;
    let bad: Vec<String> = steps
        .iter()
        .filter(|r| {
            let (a, b) = r.steps();
            !(lo..=hi).contains(&a) || !(lo..=hi).contains(&b)
        })
        .map(|r| {
            let (a, b) = r.steps();
            format!("{} {a:.2}/{b:.2}", r.stage)
        })
        .collect();
    let (min, max) = span(steps.iter().flat_map(|r| [r.steps().0, r.steps().1]));
    out.push(Target::unless(
        "difficulty_steps",
        "every stage: Normal over Easy and Hard over Normal each 1.5x-2.5x in enemy bullets fired a minute",
        &bad,
        "out on",
        format!("steps {min:.2}-{max:.2}"),
    ));
}

fn bosses(out: &mut Vec<Target>, bosses: &[BossRow], human: &[HumanBossRow]) {
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
        let (lo, hi) = span(times.iter().flatten().copied());
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
    if let Some(first) = human.first() {
        let limit = |r: &HumanBossRow| {
            if std::ptr::eq(r, first) {
                human::FIRST_MAX_S
            } else {
                human::MAX_S
            }
        };
        let slow: Vec<String> = human
            .iter()
            .flat_map(|r| {
                r.ttk_s
                    .0
                    .iter()
                    .filter(move |(_, t)| t.is_none_or(|t| t > limit(r)))
                    .map(move |(p, t)| {
                        format!(
                            "{} {p} {}",
                            r.boss,
                            t.map_or("not killed".to_string(), |t| format!("{t:.1} s"))
                        )
                    })
            })
            .collect();
        let worst = human
            .iter()
            .flat_map(|r| r.ttk_s.0.iter().filter_map(|(_, t)| *t))
            .fold(0.0f64, f64::max);
        out.push(Target::unless(
            "boss_human_time",
            "average player in a whole run on Normal, every pilot: each boss at most 60 s, the first at most 40 s",
            &slow,
            "slow:",
            format!("slowest {worst:.1} s"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::deaths::StageDeaths;
    use super::*;

    fn row(skill: &str, difficulty: &str, pilot: &str, medians: &[u32], clears: u32) -> DeathRow {
        DeathRow {
            skill: skill.to_string(),
            difficulty: difficulty.to_string(),
            pilot: pilot.to_string(),
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

    fn report(deaths: Vec<DeathRow>, opening: Vec<OpeningRow>) -> Report {
        Report {
            bosses: Vec::new(),
            max_spread: None,
            stages: Vec::new(),
            seeds: vec![1],
            steps: Vec::new(),
            human_bosses: Vec::new(),
            deaths,
            first_minute: Vec::new(),
            death_seeds: vec![1],
            opening,
            targets: Vec::new(),
        }
    }

    fn find<'a>(targets: &'a [Target], id: &str) -> &'a Target {
        targets.iter().find(|t| t.id == id).expect(id)
    }

    #[test]
    fn each_target_holds_or_fails_on_its_own_figures() {
        let deaths = vec![
            row("novice", "easy", "vela", &[3, 3, 4, 9, 9, 9], 5),
            row("novice", "easy", "brass", &[1, 1, 1, 9, 9, 9], 5),
            row("average", "easy", "vela", &[0, 1, 1, 1, 1, 2], 5),
            row("average", "easy", "brass", &[0, 1, 1, 1, 1, 2], 5),
            row("average", "normal", "vela", &[1, 2, 2, 3, 3, 3], 5),
            row("average", "normal", "brass", &[1, 2, 2, 3, 3, 4], 5),
            row("average", "hard", "vela", &[2, 2, 3, 3, 3, 3], 5),
            row("average", "hard", "brass", &[2, 2, 3, 3, 3, 2], 5),
            row("expert", "hard", "vela", &[0, 0, 1, 1, 4, 1], 3),
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
        let t = check(&report(deaths, opening));
        assert!(!find(&t, "opening").holds);
        assert!(find(&t, "opening").measured.contains("stage2.ron"));
        // Stage 3 costs Vela's novice 4; Brass's is fine, and named nowhere.
        let novice = find(&t, "novice_easy_first_stages");
        assert!(
            !novice.holds && novice.measured.contains("vela") && !novice.measured.contains("brass")
        );
        assert!(find(&t, "average_normal_first_stages").holds);
        // Stage 5's median of 4 breaks the expert's target.
        assert!(!find(&t, "expert_hard_every_stage").holds);
        // 3 is at least twice 1, and at least 2 (the median over the pilots).
        assert!(find(&t, "average_normal_rises").holds);
        // Stages 4-6 hold at 3, but stage 3's 2 is below stage 4's 3: the curve climbs.
        assert!(find(&t, "average_normal_climbs").holds);
        // 16 against 6 for Vela, 15 against 6 for Brass.
        assert!(find(&t, "average_hard_over_easy").holds);
        // 14 against 15 deaths.
        assert!(find(&t, "pilots_fair").holds);
        // No bosses measured: no boss target.
        assert!(t
            .iter()
            .all(|t| t.id != "boss_ttk" && t.id != "boss_human_time"));
    }

    #[test]
    fn one_pilot_far_harder_than_the_others_breaks_fairness_and_a_dip_breaks_the_climb() {
        let deaths = vec![
            row("average", "normal", "vela", &[1, 1, 1, 5, 3, 6], 5),
            row("average", "normal", "brass", &[3, 3, 3, 9, 9, 9], 5),
            row("average", "normal", "wren", &[1, 1, 1, 5, 3, 6], 5),
        ];
        let t = check(&report(deaths, Vec::new()));
        let fair = find(&t, "pilots_fair");
        assert!(!fair.holds, "{fair:?}");
        assert!(fair.measured.contains("brass 36"), "{fair:?}");
        assert!(!find(&t, "average_normal_climbs").holds);
    }

    #[test]
    fn steps_outside_one_and_a_half_to_two_and_a_half_are_named() {
        let mut r = report(Vec::new(), Vec::new());
        r.steps = vec![
            StepRow {
                stage: "a.ron".into(),
                per_minute: [40.0, 80.0, 160.0],
            },
            StepRow {
                stage: "b.ron".into(),
                per_minute: [40.0, 50.0, 160.0],
            },
        ];
        let t = check(&r);
        let steps = find(&t, "difficulty_steps");
        assert!(!steps.holds);
        assert!(steps.measured.contains("b.ron") && !steps.measured.contains("a.ron"));
    }

    #[test]
    fn targets_about_stages_not_measured_are_left_out() {
        let deaths = vec![row("average", "normal", "vela", &[1], 5)];
        let t = check(&report(deaths, Vec::new()));
        assert!(t.is_empty(), "{t:?}");
    }
}
