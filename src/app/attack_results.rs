//! The card at the end of a boss attack played alone: CAPTURED or FAILED, the phase's time,
//! the tries, captures and best time kept for the pilot and difficulty, then RETRY, BOSS
//! ATTACKS or BACK. What a try adds to the practice record is decided here and in
//! [`try_begun`]: only a kind of run that keeps attack records, and only mortal tries.

use skysweep::run::attack::TryOutcome;
use skysweep::save::attacks::AttackTally;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{nav, CardTimer, MenuInput};
use super::menu_page::MenuPage;
use super::practice_results::{clock, Ending};
use super::scene::{RunSlot, Scene, Transition};
use super::session::{AttackRun, Session, StagePlace};
use crate::render::menus;

const CHOICES: [&str; 3] = ["RETRY", "BOSS ATTACKS", "BACK"];

/// The attack `run` plays, when its tries are to be kept: a kind that keeps them, and
/// players who can die.
fn counted(run: &Session, invincible: bool) -> Option<&AttackRun> {
    let attack = run.practice.as_ref()?.attack.as_ref()?;
    (run.rules().attack_record && !invincible).then_some(attack)
}

/// The attack's phase began: one more try, written at once (a try left unfinished still
/// counts, as in the genre's spell practice).
pub fn try_begun(ctx: &mut Ctx, run: &Session, invincible: bool) {
    if let Some(a) = counted(run, invincible) {
        if ctx.practice_record.try_begun(&a.key(), &a.who) {
            ctx.save_practice_record();
        }
    }
}

/// How a boss attack's try went, and what next.
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
    place: StagePlace,
    cursor: usize,
    timer: CardTimer,
}

impl AttackResults {
    /// The card for `run`'s try, ended as `ending` says; a capture played to its end is kept.
    pub fn new(
        ctx: &mut Ctx,
        run: &Session,
        outcome: TryOutcome,
        place: StagePlace,
        invincible: bool,
        ending: Ending,
    ) -> AttackResults {
        ctx.audio.stop_music();
        let mut new_best = false;
        let captured = outcome.captured && ending == Ending::Played;
        if let Some(a) = counted(run, invincible).filter(|_| captured) {
            new_best = ctx
                .practice_record
                .captured(&a.key(), &a.who, outcome.steps);
            ctx.save_practice_record();
        }
        let attack = run.practice.as_ref().and_then(|p| p.attack.as_ref());
        let tally = attack.and_then(|a| ctx.practice_record.tally(&a.key(), &a.who).copied());
        AttackResults {
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
            place,
            cursor: 0,
            timer: CardTimer::default(),
        }
    }

    fn rows(&self) -> Vec<(String, String)> {
        let result = match (self.ending, self.outcome.captured) {
            (Ending::Left, _) => "LEFT",
            (_, true) => "CAPTURED!",
            (_, false) => "FAILED",
        };
        let t = self.tally.unwrap_or_default();
        let best_label = match (self.new_best, self.invincible) {
            (true, _) => "NEW BEST!",
            (_, true) => "BEST (NOT SET INVINCIBLE)",
            _ => "BEST",
        };
        let mut rows = vec![
            (self.stage.clone(), String::new()),
            (self.boss.clone(), String::new()),
            (self.title.clone(), String::new()),
            ("RESULT".into(), result.into()),
            ("TIME".into(), clock(self.outcome.steps)),
            ("CAPTURES".into(), format!("{} OF {}", t.captures, t.tries)),
            (best_label.into(), t.best_steps.map_or("-".into(), clock)),
        ];
        rows.extend(CHOICES.iter().map(|c| (c.to_string(), String::new())));
        rows
    }
}

/// A boss's name as the menus show it: `tidewarden` as `TIDEWARDEN`, `iron_heron` as
/// `IRON HERON`.
pub fn boss_label(enemy: &str) -> String {
    enemy.replace('_', " ").to_uppercase()
}

impl Scene for AttackResults {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        // A press meant for the try just ended must not pick a choice unseen.
        if self.timer.steps() <= 30 {
            return Transition::Stay;
        }
        match nav(&mut self.cursor, CHOICES.len(), m, &mut ctx.audio) {
            Some(0) => {
                if let Some(p) = run.as_mut().and_then(|r| r.practice.as_mut()) {
                    p.retry();
                }
                Transition::Restart(self.place.clone())
            }
            Some(1) => Transition::ToMenu(MenuPage::Attacks),
            Some(_) => Transition::ToTitle,
            None if m.back => Transition::ToMenu(MenuPage::Attacks),
            None => Transition::Stay,
        }
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        let rows = self.rows();
        let cursor = rows.len() - CHOICES.len() + self.cursor;
        menus::list(
            draw.renderer,
            "BOSS ATTACK",
            &rows,
            cursor,
            "SHOT CHOOSES  ESC BOSS ATTACKS",
        );
    }
}
