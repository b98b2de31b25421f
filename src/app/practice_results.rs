//! The results card at the end of a practice run: how it went (time, deaths, boss time, and
//! the best kept for that stage and start), and RETRY, CHANGE SETTINGS or BACK.

use skysweep::save::practice::PracticeResult;

use super::ctx::Ctx;
use super::draw::Draw;
use super::menu_input::{nav, CardTimer, MenuInput};
use super::practice_session::{clock, save, short_line};
use super::scene::{MenuPage, Scene, StagePlace, Transition};
use crate::render::menus;

/// The results card for a practice run the player left from the pause menu: how far it got,
/// then RETRY, CHANGE SETTINGS or BACK, as at its end. A run left unfinished is not a result,
/// so the record is not offered it.
pub fn left(ctx: &mut Ctx, result: PracticeResult, place: StagePlace) -> Transition {
    ctx.audio.stop_music();
    Transition::switch(Results::new(ctx, result, place, Ending::Left))
}

/// How a practice run came to its results card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
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
    title: String,
    place: StagePlace,
    cursor: usize,
    timer: CardTimer,
    ending: Ending,
}

impl Results {
    pub(super) fn new(
        ctx: &mut Ctx,
        result: PracticeResult,
        place: StagePlace,
        ending: Ending,
    ) -> Results {
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
            Some(file) if ending == Ending::Played => {
                ctx.practice.record.offer(file, &start, result)
            }
            _ => false,
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
            ending,
        }
    }

    fn rows(&self) -> Vec<(String, String)> {
        let r = &self.result;
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

    fn draw(&self, draw: &mut Draw) {
        let rows = self.rows();
        let cursor = rows.len() - CHOICES.len() + self.cursor;
        menus::list(
            draw.renderer,
            "PRACTICE RESULTS",
            &rows,
            cursor,
            "UP/DOWN CHOOSE  Z OR ENTER PICKS",
        );
    }
}
