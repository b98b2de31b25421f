//! The arcade settings in the options menu: stepping lives, extends and continues, and
//! checking a hand-edited file's values. The rules themselves are the simulation's
//! ([`ArcadeRules`]); a run takes them when it starts and a replay records them.

use super::problem::Problem;
use crate::sim::model::arcade::{ArcadeRules, Extends, MAX_CONTINUES, MAX_LIVES};
use crate::sim::Continues;

/// Lives one notch in `dir`, round 1 to [`MAX_LIVES`].
pub fn step_lives(rules: &mut ArcadeRules, dir: i32) {
    let k = rules.lives.clamp(1, MAX_LIVES) as i32 - 1;
    rules.lives = ((k + dir).rem_euclid(MAX_LIVES as i32) + 1) as u32;
}

/// Extends one notch in `dir`: off, the game's own, every 200,000, round again.
pub fn step_extends(rules: &mut ArcadeRules, dir: i32) {
    let all = Extends::ALL;
    let k = all.iter().position(|e| *e == rules.extends).unwrap_or(1) as i32;
    rules.extends = all[(k + dir).rem_euclid(all.len() as i32) as usize];
}

/// Continues one notch in `dir`: 0 to 9, then free play.
pub fn step_continues(rules: &mut ArcadeRules, dir: i32) {
    rules.continues = rules.continues.step(dir);
}

/// The rules with values out of range clamped, and a problem for each.
pub fn checked(rules: ArcadeRules) -> (ArcadeRules, Vec<Problem>) {
    let fixed = rules.sanitised();
    let mut problems = Vec::new();
    if fixed.lives != rules.lives {
        problems.push(Problem::field(
            "lives",
            rules.lives.to_string(),
            fixed.lives.to_string(),
        ));
    }
    if let (Continues::Limited(was), Continues::Limited(now)) = (rules.continues, fixed.continues) {
        if was != now {
            problems.push(Problem::field(
                "continues",
                format!("Limited({was})"),
                format!("Limited({now}), the most there are before FREE PLAY ({MAX_CONTINUES})"),
            ));
        }
    }
    (fixed, problems)
}
