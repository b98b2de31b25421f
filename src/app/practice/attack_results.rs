//! The card at the end of a boss attack played alone: CAPTURED or FAILED, the phase's time,
//! the tries, captures and best time kept for the pilot and difficulty, then RETRY, BOSS
//! ATTACKS or BACK. What a try adds to the practice record is decided here and in
//! [`try_begun`]: only a kind of run that keeps attack records, and only mortal tries.

use skysweep::run::attack::TryOutcome;
use skysweep::save::practice::attacks::AttackTally;

use super::attack_run::AttackRun;
use super::results_card::{best_label, clock, CardKind, Ending, ResultsCard};
use crate::app::ctx::Ctx;
use crate::app::menu_page::MenuPage;
use crate::app::session::{Session, StagePlace};

/// A boss attack's card: BOSS ATTACKS and ESC both go back to the list of attacks.
static CARD: CardKind = CardKind {
    heading: "BOSS ATTACK",
    menu: ("BOSS ATTACKS", MenuPage::Attacks),
    esc_to_menu: true,
    hint: "SHOT CHOOSES  ESC BOSS ATTACKS",
};

/// The attack `run` plays, when its tries are to be kept: a kind that keeps them, and
/// players who can die.
fn counted(run: &Session, invincible: bool) -> Option<&AttackRun> {
    let attack = run.practice()?.attack.as_ref()?;
    (run.rules().attack_record && !invincible).then_some(attack)
}

/// The attack's phase began: one more try, written at once (a try left unfinished still
/// counts, as in the genre's spell practice).
pub fn try_begun(ctx: &mut Ctx, run: &Session, invincible: bool) {
    if let Some(a) = counted(run, invincible) {
        if ctx.practice_record_mut().try_begun(&a.key(), &a.who) {
            ctx.save_practice_record();
        }
    }
}

/// How a boss attack's try went: the figures its card shows.
pub struct AttackResults {
    stage: String,
    boss: String,
    title: String,
    outcome: TryOutcome,
    ending: Ending,
    tally: Option<AttackTally>,
    new_best: bool,
    /// The players could not die: the try is shown but counts for nothing.
    invincible: bool,
}

impl AttackResults {
    /// The card for `run`'s try, ended as `ending` says, whose RETRY starts again at
    /// `place`; a capture played to its end is kept.
    pub fn card(
        ctx: &mut Ctx,
        run: &Session,
        outcome: TryOutcome,
        place: StagePlace,
        invincible: bool,
        ending: Ending,
    ) -> ResultsCard {
        ctx.audio_mut().stop_music();
        let mut new_best = false;
        let captured = outcome.captured && ending == Ending::Played;
        if let Some(a) = counted(run, invincible).filter(|_| captured) {
            new_best = ctx
                .practice_record_mut()
                .captured(&a.key(), &a.who, outcome.steps);
            ctx.save_practice_record();
        }
        let attack = run.practice().and_then(|p| p.attack.as_ref());
        let tally = attack.and_then(|a| ctx.practice_record().tally(&a.key(), &a.who).copied());
        let figures = AttackResults {
            stage: attack.map_or(String::new(), |a| a.stage_name.to_uppercase()),
            boss: attack.map_or(String::new(), |a| boss_label(&a.attack.enemy_name)),
            title: attack.map_or(String::new(), |a| a.attack.name.to_uppercase()),
            outcome: TryOutcome {
                captured,
                ..outcome
            },
            ending,
            tally,
            new_best,
            invincible: invincible && run.rules().attack_record,
        };
        ResultsCard::new(&CARD, figures.rows(), place)
    }

    fn rows(&self) -> Vec<(String, String)> {
        let result = match (self.ending, self.outcome.captured) {
            (Ending::Left, _) => "LEFT",
            (_, true) => "CAPTURED!",
            (_, false) => "FAILED",
        };
        let t = self.tally.unwrap_or_default();
        let best = best_label(self.new_best, self.invincible);
        vec![
            (self.stage.clone(), String::new()),
            (self.boss.clone(), String::new()),
            (self.title.clone(), String::new()),
            ("RESULT".into(), result.into()),
            ("TIME".into(), clock(self.outcome.steps)),
            ("CAPTURES".into(), format!("{} OF {}", t.captures, t.tries)),
            (best.into(), t.best_steps.map_or("-".into(), clock)),
        ]
    }
}

/// A boss's name as the menus show it: `tidewarden` as `TIDEWARDEN`, `iron_heron` as
/// `IRON HERON`.
pub fn boss_label(enemy: &str) -> String {
    enemy.replace('_', " ").to_uppercase()
}
