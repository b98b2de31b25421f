//! The results card at the end of a practice run: how it went (time, deaths, boss time, and
//! the best kept for that stage and start), and RETRY, CHANGE SETTINGS or BACK.

use skysweep::save::practice::PracticeResult;

use super::ctx::Ctx;
use super::menu_input::{nav, CardTimer, MenuInput};
use super::practice_session::{clock, save, short_line};
use super::scene::{MenuPage, Scene, StagePlace, Transition};
use crate::render::menus;

/// The results card's choices.
const CHOICES: [&str; 3] = ["RETRY", "CHANGE SETTINGS", "BACK"];

/// How a practice run went, and what next.
pub struct Results {
    result: PracticeResult,
    best: Option<PracticeResult>,
    new_best: bool,
    title: String,
    place: StagePlace,
    cursor: usize,
    timer: CardTimer,
}

impl Results {
    pub(super) fn new(ctx: &mut Ctx, result: PracticeResult, place: StagePlace) -> Results {
        let (stage, start, title) = match ctx.practice.session.as_ref() {
            Some(s) => {
                let stage = s.setup.stage_entry();
                let start = s
                    .setup
                    .start_point()
                    .map_or("start".into(), |p| p.0.clone());
                let name = stage.map_or(String::new(), |e| e.name.to_uppercase());
                (stage.map(|e| e.file.clone()), start, name)
            }
            None => (None, "start".into(), String::new()),
        };
        let new_best = match &stage {
            Some(file) => ctx.practice.record.offer(file, &start, result),
            None => false,
        };
        if new_best {
            save(ctx);
        }
        let best = stage
            .as_deref()
            .and_then(|f| ctx.practice.record.best(f, &start).copied());
        Results {
            result,
            best,
            new_best,
            title: format!("{title} FROM {}", start.to_uppercase()),
            place,
            cursor: 0,
            timer: CardTimer::default(),
        }
    }

    fn rows(&self) -> Vec<(String, String)> {
        let r = &self.result;
        let mut rows = vec![
            (self.title.clone(), String::new()),
            (
                "RESULT".into(),
                if r.cleared { "CLEARED" } else { "LOST" }.into(),
            ),
            ("TIME".into(), clock(r.steps)),
            ("DEATHS".into(), r.deaths.to_string()),
            ("BOSS TIME".into(), r.boss_steps.map_or("-".into(), clock)),
            (
                if self.new_best { "NEW BEST!" } else { "BEST" }.into(),
                self.best.as_ref().map_or("-".into(), short_line),
            ),
        ];
        rows.extend(CHOICES.iter().map(|c| (c.to_string(), String::new())));
        rows
    }
}

impl Scene for Results {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        // A press meant for the run just ended must not pick a choice unseen.
        if self.timer.steps() <= 30 {
            return Transition::Stay;
        }
        let pick = nav(&mut self.cursor, CHOICES.len(), m, &mut ctx.audio);
        match pick {
            Some(0) => {
                if let Some(s) = &mut ctx.practice.session {
                    s.retry();
                }
                Transition::Restart(self.place.clone())
            }
            Some(1) => Transition::ToMenu(MenuPage::Practice),
            Some(_) => Transition::ToTitle,
            None if m.back => Transition::ToTitle,
            None => Transition::Stay,
        }
    }

    fn step(&mut self, _ctx: &mut Ctx) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, ctx: &mut Ctx) {
        let rows = self.rows();
        let cursor = rows.len() - CHOICES.len() + self.cursor;
        menus::list(
            &mut ctx.renderer,
            "PRACTICE RESULTS",
            &rows,
            cursor,
            "UP/DOWN CHOOSE  Z OR ENTER PICKS",
        );
    }
}
