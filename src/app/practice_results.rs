//! The results card at the end of a practice run: how it went (time, deaths, boss time, and
//! the best kept for that stage and start), and RETRY, CHANGE SETTINGS or BACK.

use skysweep::save::practice::PracticeResult;

use super::attack_results::AttackResults;
use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{nav, CardTimer, MenuInput};
use super::menu_page::MenuPage;
use super::scene::{RunSlot, Scene, Transition};
use super::session::Session;
use super::session::StagePlace;
use crate::render::menus;

/// The results card for a practice run the player left from the pause menu: how far it got,
/// then RETRY, CHANGE SETTINGS or BACK, as at its end. A run left unfinished is not a result,
/// so the record is not offered it.
pub fn left(ctx: &mut Ctx, run: &Session, result: PracticeResult, place: StagePlace) -> Transition {
    ctx.audio.stop_music();
    let attack = run.practice.as_ref().and_then(|p| p.attack.as_ref());
    if let Some(outcome) = attack.map(|a| a.left_now()) {
        let card = AttackResults::new(ctx, run, outcome, place, false, Ending::Left);
        return Transition::switch(card);
    }
    Transition::switch(Results::new(ctx, run, result, place, false, Ending::Left))
}

/// How a practice run came to its results card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Cleared or lost: a result, offered to the record.
    Played,
    /// Left from the pause menu.
    Left,
}

/// The results card's choices.
const CHOICES: [&str; 3] = ["RETRY", "CHANGE SETTINGS", "BACK"];

/// How a practice run went, and what next.
pub struct Results {
    result: PracticeResult,
    best: Option<PracticeResult>,
    new_best: bool,
    /// The run could not die: its result sets no best and is never compared with one.
    invincible: bool,
    /// The stage and start's practice record key, when the run came from PRACTICE.
    key: Option<(String, String)>,
    title: String,
    place: StagePlace,
    cursor: usize,
    timer: CardTimer,
    ending: Ending,
}

impl Results {
    /// The card for `run`'s `result` at `place`, ended as `ending` says. A played run's result
    /// is offered to the practice record, unless the players could not die (`invincible`):
    /// such a result is shown but never kept as a best nor compared with one.
    pub fn new(
        ctx: &mut Ctx,
        run: &Session,
        result: PracticeResult,
        place: StagePlace,
        invincible: bool,
        ending: Ending,
    ) -> Results {
        let (key, title) = match run.practice.as_ref() {
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
            .and_then(|(file, start)| ctx.practice_record.best(file, start).copied());
        let mut results = Results {
            result,
            best,
            new_best: false,
            invincible: invincible && run.rules().practice_bests,
            key: key.filter(|_| run.rules().practice_bests),
            title: format!("{title} FROM {}", start.to_uppercase()),
            place,
            cursor: 0,
            timer: CardTimer::default(),
            ending,
        };
        results.keep_best(ctx);
        results
    }

    /// Offers a played, mortal result to the record and saves it if it is a new best.
    fn keep_best(&mut self, ctx: &mut Ctx) {
        let Some((file, start)) = self.key.take() else {
            return;
        };
        if sets_best(self.ending, self.invincible) {
            self.new_best = ctx.practice_record.offer(&file, &start, self.result);
            if self.new_best {
                ctx.save_practice_record();
            }
            self.best = ctx.practice_record.best(&file, &start).copied();
        }
    }

    fn rows(&self) -> Vec<(String, String)> {
        let r = &self.result;
        let best_label = if self.new_best {
            "NEW BEST!"
        } else if self.invincible {
            "BEST (NOT SET INVINCIBLE)"
        } else {
            "BEST"
        };
        let mut rows = vec![
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
                best_label.into(),
                self.best.as_ref().map_or("-".into(), short_line),
            ),
        ];
        rows.extend(CHOICES.iter().map(|c| (c.to_string(), String::new())));
        rows
    }
}

impl Scene for Results {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        // A press meant for the run just ended must not pick a choice unseen.
        if self.timer.steps() <= 30 {
            return Transition::Stay;
        }
        let pick = nav(&mut self.cursor, CHOICES.len(), m, &mut ctx.audio);
        match pick {
            Some(0) => {
                if let Some(p) = run.as_mut().and_then(|r| r.practice.as_mut()) {
                    p.retry();
                }
                Transition::Restart(self.place.clone())
            }
            Some(1) => Transition::ToMenu(MenuPage::Practice),
            Some(_) => Transition::ToTitle,
            None if m.back => Transition::ToTitle,
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
            "PRACTICE RESULTS",
            &rows,
            cursor,
            "SHOT CHOOSES  ESC TITLE",
        );
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

/// Steps of the 60 Hz clock as `m:ss.cc`.
pub fn clock(steps: u64) -> String {
    let cs = steps * 100 / 60;
    format!("{}:{:02}.{:02}", cs / 6000, cs / 100 % 60, cs % 100)
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
