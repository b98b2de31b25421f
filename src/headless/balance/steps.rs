//! The difficulties as steps: enemy bullets fired a minute on each stage at Easy, Normal and
//! Hard, over full runs of every pilot flown by the average player (the bullets a person
//! meets: the expert kills so fast that few enemies live to fire at all), invincible so every
//! run sees the whole stage, and how far apart each difficulty is from the next.

use serde::Serialize;

use crate::headless::summary::Summary;
use crate::level::Difficulty;

/// The least and most one difficulty may fire over the one below it (issue #43: the genre's
/// difficulties step by about 1.5 to 2.5 times a level).
pub const STEP: (f64, f64) = (1.5, 2.5);

/// One stage's bullets a minute at each difficulty.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StepRow {
    pub stage: String,
    /// The median over the runs of enemy bullets fired a minute, Easy, Normal and Hard.
    pub per_minute: [f64; 3],
}

impl StepRow {
    /// From the full runs of one stage at each difficulty (`runs[d]` for [`Difficulty::ALL`]).
    pub fn of(stage: &str, runs: [Vec<&Summary>; 3]) -> StepRow {
        StepRow {
            stage: stage.to_string(),
            per_minute: runs.map(|r| {
                let mut rates: Vec<f64> = r.iter().map(|s| per_minute(s)).collect();
                rates.sort_by(f64::total_cmp);
                rates
                    .get(rates.len().saturating_sub(1) / 2)
                    .copied()
                    .unwrap_or(0.0)
            }),
        }
    }

    /// Normal over Easy, and Hard over Normal.
    pub fn steps(&self) -> (f64, f64) {
        let [e, n, h] = self.per_minute;
        (ratio(n, e), ratio(h, n))
    }
}

/// Enemy bullets fired a minute over `run`.
pub fn per_minute(run: &Summary) -> f64 {
    if run.frames == 0 {
        return 0.0;
    }
    run.enemy_bullets_fired as f64 * 3600.0 / run.frames as f64
}

fn ratio(hi: f64, lo: f64) -> f64 {
    if lo > 0.0 {
        hi / lo
    } else {
        f64::INFINITY
    }
}

/// The table for people: one line a stage.
pub fn table(out: &mut String, rows: &[StepRow]) {
    use std::fmt::Write;
    let _ = writeln!(
        out,
        "\nDifficulty steps: enemy bullets fired a minute (median of every pilot's full run, average player, invincible)"
    );
    let _ = writeln!(
        out,
        "{:<14}{:>8}{:>8}{:>8}{:>14}{:>14}",
        "stage", "easy", "normal", "hard", "normal/easy", "hard/normal"
    );
    for r in rows {
        let [e, n, h] = r.per_minute;
        let (lo, hi) = r.steps();
        let _ = writeln!(
            out,
            "{:<14}{e:>8.0}{n:>8.0}{h:>8.0}{lo:>14.2}{hi:>14.2}",
            r.stage
        );
    }
}

/// The difficulties in the order [`StepRow::per_minute`] keeps them.
pub fn index(d: Difficulty) -> usize {
    Difficulty::ALL.iter().position(|&x| x == d).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(fired: u64, frames: u64) -> Summary {
        Summary {
            enemy_bullets_fired: fired,
            frames,
            ..Summary::default()
        }
    }

    #[test]
    fn bullets_a_minute_are_the_median_run_and_the_steps_their_ratios() {
        let (a, b, c) = (run(100, 3600), run(300, 3600), run(200, 7200));
        let (d, e) = (run(400, 3600), run(900, 3600));
        let row = StepRow::of("s.ron", [vec![&a, &c], vec![&b, &d, &e], vec![&e]]);
        assert_eq!(row.per_minute, [100.0, 400.0, 900.0]);
        assert_eq!(row.steps(), (4.0, 2.25));
        assert_eq!(per_minute(&run(5, 0)), 0.0);
        assert_eq!(index(Difficulty::Hard), 2);
    }
}
