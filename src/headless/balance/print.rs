//! `balance`'s report as tables for people: the bosses, the pacing, the difficulties' steps,
//! the human boss times, the deaths, the openings and the targets.

use super::deaths::{self, DeathRow};
use super::{human, steps, summary, Report, BOSS_POWER, SEEDS};
use crate::sim::Character;

/// The width of a left-aligned column holding `header` and `cells`: the longest of them and
/// two spaces, so a long stage or boss name never runs into the next column.
pub(super) fn width<'a>(header: &str, cells: impl IntoIterator<Item = &'a str>) -> usize {
    cells
        .into_iter()
        .map(|c| c.chars().count())
        .chain([header.chars().count()])
        .max()
        .unwrap_or(0)
        + 2
}

/// The report as a table for people.
pub fn table(report: &Report) -> String {
    use std::fmt::Write;
    let seeds = format!(
        "seeds {}-{}",
        SEEDS[0],
        SEEDS.last().copied().unwrap_or(SEEDS[0])
    );
    let secs = |t: Option<f64>| t.map_or("-".to_string(), |t| format!("{t:.1}"));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Boss time to kill, seconds: median of {seeds}, power {BOSS_POWER}, from the boss marker, autoplay, invincible"
    );
    let pilots: Vec<String> = Character::ALL
        .iter()
        .map(|c| c.name().to_lowercase())
        .collect();
    let ws = width("stage", report.bosses.iter().map(|b| b.stage.as_str())).max(14);
    let wb = width("boss", report.bosses.iter().map(|b| b.boss.as_str())).max(16);
    let _ = write!(out, "{:<ws$}{:<wb$}", "stage", "boss");
    for p in &pilots {
        let _ = write!(out, "{p:>8}");
    }
    let _ = writeln!(out, "{:>8}", "spread");
    for b in &report.bosses {
        let _ = write!(out, "{:<ws$}{:<wb$}", b.stage, b.boss);
        for p in &pilots {
            let _ = write!(out, "{:>8}", secs(b.ttk_s.get(p)));
        }
        let spread = b.spread.map_or("-".to_string(), |s| format!("{s:.2}"));
        let _ = writeln!(out, "{spread:>8}");
    }
    let worst = report
        .max_spread
        .map_or("- (a boss was not killed)".to_string(), |s| {
            format!("{s:.2}")
        });
    let _ = writeln!(out, "max spread {worst}");
    let _ = writeln!(
        out,
        "\nStage pacing: worst of full runs from the start (every pilot, {seeds}, Normal, autoplay, invincible)"
    );
    let ws = width("stage", report.stages.iter().map(|s| s.stage.as_str())).max(14);
    let _ = writeln!(
        out,
        "{:<ws$}{:>14}{:>20}{:>18}  gaps over {} s (at: length)",
        "stage",
        "dead air (s)",
        "peak enemy bullets",
        "mid-boss ttk (s)",
        summary::GAP_S
    );
    for s in &report.stages {
        let gaps: Vec<String> = s
            .gaps
            .iter()
            .map(|g| format!("{:.1}: {:.1}", g.at_s, g.length_s))
            .collect();
        let _ = writeln!(
            out,
            "{:<ws$}{:>14.1}{:>20}{:>18}  {}",
            s.stage,
            s.dead_air_s,
            s.peak_enemy_bullets,
            secs(s.mid_boss_ttk_s),
            gaps.join(", ")
        );
    }
    deaths_table(&mut out, report);
    out
}

/// The steps, the human boss times, the deaths, the openings and the targets, for [`table`].
fn deaths_table(out: &mut String, report: &Report) {
    use std::fmt::Write;
    steps::table(out, &report.steps);
    human::table(out, &report.human_bosses);
    let per_stage = "Median deaths per stage";
    let how = ", each stage from its start at power 1, continues taken; clears in brackets";
    heading(out, per_stage, &report.death_seeds, how);
    death_rows(out, &report.deaths);
    let first = format!(
        "Median deaths in the first {} s of a stage",
        deaths::FIRST_MINUTE_S
    );
    heading(out, &first, &report.death_seeds, "");
    death_rows(out, &report.first_minute);
    let opening = format!(
        "No input on Easy: hits in the first {} s",
        deaths::OPENING_S
    );
    heading(out, &opening, &deaths::OPENING_SEEDS, "");
    let wo = width("", report.opening.iter().map(|o| o.stage.as_str())).max(14);
    for o in &report.opening {
        let hits: Vec<String> = o.hits.iter().map(u32::to_string).collect();
        let _ = writeln!(out, "{:<wo$}{}", o.stage, hits.join(" "));
    }
    let _ = writeln!(out, "\nTargets");
    for t in &report.targets {
        let mark = if t.holds { "holds" } else { "MISSED" };
        let _ = writeln!(out, "{mark:<7} {}: {}", t.asks, t.measured);
    }
}

/// A table's heading after a blank line, with the seeds it was taken over and `more` about
/// how: `Median deaths per stage (seeds 1-8, each stage from its start ...)`.
fn heading(out: &mut String, title: &str, seeds: &[u64], more: &str) {
    use std::fmt::Write;
    let (first, last) = (seeds.first(), seeds.last());
    let range = format!(
        "{}-{}",
        first.copied().unwrap_or(0),
        last.copied().unwrap_or(0)
    );
    let _ = writeln!(out, "\n{title} (seeds {range}{more})");
}

/// One line for each row of `rows`: skill, difficulty, pilot, each stage's median and clears.
fn death_rows(out: &mut String, rows: &[DeathRow]) {
    use std::fmt::Write;
    let _ = write!(out, "{:<9}{:<11}{:<7}", "skill", "difficulty", "pilot");
    let columns = rows.first().map_or(&[][..], |r| &r.stages[..]);
    let wd = columns
        .iter()
        .map(|s| s.stage.trim_end_matches(".ron").chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(12);
    for s in columns {
        let _ = write!(out, "{:>wd$}", s.stage.trim_end_matches(".ron"));
    }
    let _ = writeln!(out, "{:>7}", "total");
    for r in rows {
        let _ = write!(out, "{:<9}{:<11}{:<7}", r.skill, r.difficulty, r.pilot);
        for s in &r.stages {
            let _ = write!(out, "{:>wd$}", format!("{} ({})", s.median, s.clears));
        }
        let _ = writeln!(out, "{:>7}", r.total);
    }
}

#[cfg(test)]
mod tests {
    use super::heading;

    #[test]
    fn a_heading_names_its_seeds_then_how_the_figures_were_taken() {
        let mut out = String::new();
        heading(
            &mut out,
            "Median deaths per stage",
            &[1, 2, 3, 8],
            ", clears in brackets",
        );
        heading(&mut out, "No input on Easy", &[], "");
        let want = "\nMedian deaths per stage (seeds 1-8, clears in brackets)\n\nNo input on Easy (seeds 0-0)\n";
        assert_eq!(out, want);
    }
}
