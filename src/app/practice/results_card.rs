//! The card both kinds of practice end on (a practice run's results, a boss attack's try):
//! a heading, the figures as rows, then RETRY, a menu and BACK. Each kind decides its figures
//! and where its middle choice and ESC lead; the choosing and drawing are here, once.

use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{nav, CardTimer, MenuInput};
use crate::app::session::StagePlace;
use crate::render::menus;

/// How a practice run came to its results card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Cleared or lost: a result, offered to the record.
    Played,
    /// Left from the pause menu.
    Left,
}

/// Steps of the 60 Hz clock as `m:ss.cc`.
pub fn clock(steps: u64) -> String {
    let cs = steps * 100 / 60;
    format!("{}:{:02}.{:02}", cs / 6000, cs / 100 % 60, cs % 100)
}

/// What one kind of results card says and where its choices lead.
pub struct CardKind {
    /// The card's heading: `PRACTICE RESULTS`.
    pub heading: &'static str,
    /// The middle choice (`CHANGE SETTINGS`) and the menu page it opens.
    pub menu: (&'static str, MenuPage),
    /// Whether ESC opens that page too; otherwise it goes to the title.
    pub esc_to_menu: bool,
    /// The hint under the rows: `SHOT CHOOSES  ESC TITLE`.
    pub hint: &'static str,
}

/// A results card on screen: its rows are worked out once, when the run ends.
pub struct ResultsCard {
    kind: &'static CardKind,
    rows: Vec<(String, String)>,
    /// Where RETRY starts again.
    place: StagePlace,
    cursor: usize,
    timer: CardTimer,
}

impl ResultsCard {
    /// The card of `kind` showing `rows`, whose RETRY starts again at `place`.
    pub fn new(kind: &'static CardKind, rows: Vec<(String, String)>, place: StagePlace) -> Self {
        ResultsCard {
            kind,
            rows,
            place,
            cursor: 0,
            timer: CardTimer::default(),
        }
    }

    fn choices(&self) -> [&'static str; 3] {
        ["RETRY", self.kind.menu.0, "BACK"]
    }
}

/// The label of the best row: a new best, a best the invincible run could not set, or the
/// best kept.
pub fn best_label(new_best: bool, invincible: bool) -> &'static str {
    match (new_best, invincible) {
        (true, _) => "NEW BEST!",
        (_, true) => "BEST (NOT SET INVINCIBLE)",
        _ => "BEST",
    }
}

impl Scene for ResultsCard {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        // A press meant for the run just ended must not pick a choice unseen.
        if self.timer.steps() <= 30 {
            return Transition::Stay;
        }
        let (page, choices) = (self.kind.menu.1, self.choices().len());
        match nav(&mut self.cursor, choices, m, ctx.audio_mut()) {
            Some(0) => {
                if let Some(p) = run.as_mut().and_then(|r| r.practice_mut()) {
                    p.retry();
                }
                Transition::Restart(self.place.clone())
            }
            Some(1) => Transition::ToMenu(page),
            Some(_) => Transition::ToTitle,
            None if m.back && self.kind.esc_to_menu => Transition::ToMenu(page),
            None if m.back => Transition::ToTitle,
            None => Transition::Stay,
        }
    }

    fn step(&mut self, _ctx: &mut Ctx, _run: &mut RunSlot) -> Transition {
        self.timer.tick();
        Transition::Stay
    }

    fn draw(&self, draw: &mut Draw) {
        let mut rows = self.rows.clone();
        rows.extend(self.choices().map(|c| (c.to_string(), String::new())));
        let cursor = self.rows.len() + self.cursor;
        let k = self.kind;
        menus::list(draw.renderer, k.heading, &rows, cursor, k.hint);
    }
}
