//! The results card at the end of a practice run: how it went (time, deaths, boss time, and
//! the best kept for that stage and start), and RETRY, CHANGE SETTINGS or BACK.

use skysweep::save::practice::PracticeResult;

use super::attack_results::AttackResults;
use super::results_card::{best_label, clock, CardKind, Ending, ResultsCard};
use crate::app::ctx::Ctx;
use crate::app::menu_page::MenuPage;
use crate::app::scene::Transition;
use crate::app::session::Session;
use crate::app::session::StagePlace;

/// The results card for a practice run the player left from the pause menu: how far it got,
/// then RETRY, CHANGE SETTINGS or BACK, as at its end. A run left unfinished is not a result,
/// so the record is not offered it.
pub fn left(ctx: &mut Ctx, run: &Session, result: PracticeResult, place: StagePlace) -> Transition {
    ctx.audio_mut().stop_music();
    let attack = run.practice().and_then(|p| p.attack.as_ref());
    if let Some(outcome) = attack.map(|a| a.left_now()) {
        let card = AttackResults::card(ctx, run, outcome, place, false, Ending::Left);
        return Transition::switch(card);
    }
    Transition::switch(Results::card(ctx, run, result, place, false, Ending::Left))
}

/// A practice run's card: CHANGE SETTINGS opens PRACTICE, ESC goes to the title.
static CARD: CardKind = CardKind {
    heading: "PRACTICE RESULTS",
    menu: ("CHANGE SETTINGS", MenuPage::Practice),
    esc_to_menu: false,
    hint: "SHOT CHOOSES  ESC TITLE",
};

/// How a practice run went: the figures its card shows.
pub struct Results {
    result: PracticeResult,
    best: Option<PracticeResult>,
    new_best: bool,
    /// The run could not die: its result sets no best and is never compared with one.
    invincible: bool,
    /// The stage and start's practice record key, when the run came from PRACTICE.
    key: Option<(String, String)>,
    title: String,
    ending: Ending,
}

impl Results {
    /// The card for `run`'s `result` at `place`, ended as `ending` says. A played run's result
    /// is offered to the practice record, unless the players could not die (`invincible`):
    /// such a result is shown but never kept as a best nor compared with one.
    pub fn card(
        ctx: &mut Ctx,
        run: &Session,
        result: PracticeResult,
        place: StagePlace,
        invincible: bool,
        ending: Ending,
    ) -> ResultsCard {
        let (key, title) = match run.practice() {
            Some(p) => {
                let stage = p.setup.stage_entry();
                let name = stage.map_or(String::new(), |e| e.name.to_uppercase());
                (stage.map(|e| (e.file.clone(), p.start_name())), name)
            }
            None => (None, String::new()),
        };
        let start = key.as_ref().map_or("start".into(), |k| k.1.clone());
        let best = key
            .as_ref()
            .and_then(|(file, start)| ctx.practice_record().best(file, start).copied());
        let mut results = Results {
            result,
            best,
            new_best: false,
            invincible: invincible && run.rules().practice_bests,
            key: key.filter(|_| run.rules().practice_bests),
            title: format!("{title} FROM {}", start.to_uppercase()),
            ending,
        };
        results.keep_best(ctx);
        ResultsCard::new(&CARD, results.rows(), place)
    }

    /// Offers a played, mortal result to the record and saves it if it is a new best.
    fn keep_best(&mut self, ctx: &mut Ctx) {
        let Some((file, start)) = self.key.take() else {
            return;
        };
        if sets_best(self.ending, self.invincible) {
            self.new_best = ctx.practice_record_mut().offer(&file, &start, self.result);
            if self.new_best {
                ctx.save_practice_record();
            }
            self.best = ctx.practice_record().best(&file, &start).copied();
        }
    }

    fn rows(&self) -> Vec<(String, String)> {
        let r = &self.result;
        let best = best_label(self.new_best, self.invincible);
        vec![
            (self.title.clone(), String::new()),
            (
                "RESULT".into(),
                match (self.ending, r.cleared) {
                    (Ending::Left, _) => "LEFT",
                    (_, true) => "CLEARED",
                    (_, false) => "LOST",
                }
                .into(),
            ),
            ("TIME".into(), clock(r.steps)),
            ("DEATHS".into(), r.deaths.to_string()),
            ("BOSS TIME".into(), r.boss_steps.map_or("-".into(), clock)),
            (
                best.into(),
                self.best.as_ref().map_or("-".into(), short_line),
            ),
        ]
    }
}

/// Whether a practice run's result may set a best: it was played to its end (not left), and
/// its players could die. The kind of run decides whether there is a record to set at all.
pub fn sets_best(ending: Ending, invincible: bool) -> bool {
    ending == Ending::Played && !invincible
}

/// One result as a line: `CLEAR 2:14.50 1 DEATH BOSS 0:41.20`.
pub fn result_line(r: &PracticeResult) -> String {
    let mut s = format!(
        "{} {} {} DEATH{}",
        if r.cleared { "CLEAR" } else { "LOST" },
        clock(r.steps),
        r.deaths,
        if r.deaths == 1 { "" } else { "S" }
    );
    if let Some(b) = r.boss_steps {
        s.push_str(&format!(" BOSS {}", clock(b)));
    }
    s
}

/// A result short enough for a row's value: `2:14.50 1D`, or `LOST 1D` for a run that did
/// not clear (a clear always beats one, so its time says little).
fn short_line(r: &PracticeResult) -> String {
    match r.cleared {
        true => format!("{} {}D", clock(r.steps), r.deaths),
        false => format!("LOST {}D", r.deaths),
    }
}

#[cfg(test)]
mod tests {
    use super::{clock, result_line};
    use skysweep::save::practice::PracticeResult;

    #[test]
    fn times_read_as_minutes_seconds_and_hundredths() {
        let cases = [
            (0, "0:00.00"),
            (60, "0:01.00"),
            (90, "0:01.50"),
            (60 * 134 + 30, "2:14.50"),
        ];
        for (steps, text) in cases {
            assert_eq!(clock(steps), text, "{steps} steps");
        }
    }

    #[test]
    fn a_result_line_says_clear_time_deaths_and_boss() {
        let r = PracticeResult {
            cleared: true,
            steps: 600,
            deaths: 1,
            boss_steps: Some(120),
        };
        assert_eq!(result_line(&r), "CLEAR 0:10.00 1 DEATH BOSS 0:02.00");
        let lost = PracticeResult {
            cleared: false,
            deaths: 3,
            boss_steps: None,
            ..r
        };
        assert_eq!(result_line(&lost), "LOST 0:10.00 3 DEATHS");
    }
}
