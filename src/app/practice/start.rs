//! How PRACTICE and BOSS ATTACKS start: the shipped stages they offer (each with its start
//! points and whether the player has reached it yet), the setup as the player last left it,
//! and the practice run begun from a plan.

use std::collections::BTreeMap;

use skysweep::run::RunPlan;

use super::run::PracticeRun;
use super::setup::{PracticeSetup, StageEntry};
use crate::app::ctx::Ctx;
use crate::app::scene::Transition;
use crate::app::session;

/// The shipped stages, each with its start points and whether practice offers it yet; the
/// Extra stage last, offered once the game has been cleared (or with ALL STAGES).
pub fn shipped_entries(ctx: &Ctx) -> Vec<StageEntry> {
    let shipped = ctx.shipped();
    let mut paths = shipped.stages().unwrap_or_default();
    paths.extend(shipped.extra_stage());
    let cleared = ctx.player_data().game_cleared();
    paths
        .into_iter()
        .map(|path| {
            let file = path
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            let number = crate::render::stage::stage_number(&file);
            // A stage that fails to load is still listed: starting it says why.
            let (name, starts) = match shipped.load(&path) {
                Ok(l) => (l.name.clone(), StageEntry::starts_from(&l.markers)),
                Err(_) => (file.clone(), StageEntry::starts_from(&BTreeMap::new())),
            };
            // The Extra stage is offered as the title's EXTRA STAGE row is: once a whole
            // game has been cleared.
            let reached = if skysweep::level::is_extra_stage(&path) {
                cleared
            } else {
                ctx.practice_record().offers(number, &file, false)
            };
            StageEntry {
                path,
                file,
                name,
                number,
                starts,
                reached,
            }
        })
        .collect()
}

/// PRACTICE's choices over the shipped stages, as the player last left them (kept in the
/// practice record), or the first visit's.
pub fn last_setup(ctx: &Ctx) -> PracticeSetup {
    let stages = shipped_entries(ctx);
    match &ctx.practice_record().last {
        Some(choice) => PracticeSetup::recall(stages, choice),
        None => PracticeSetup::new(stages, ctx.settings().difficulty),
    }
}

/// Begins `plan` as the practice run `practice`, or stays where it is when the run cannot be
/// prepared (`session::prepared` has told the player why, under `title`).
pub fn begin(ctx: &mut Ctx, plan: &RunPlan, title: &str, practice: PracticeRun) -> Transition {
    match session::prepared(ctx, plan, title) {
        Some(run) => Transition::Begin(Box::new(run.with_practice(practice))),
        None => Transition::Stay,
    }
}
