//! The pause menu, pushed over the stage: the stage below keeps its state untouched while it
//! is up.

use macroquad::prelude::*;

use super::confirm::{Answer, Confirm};
use super::options::Options;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::practice::results;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{nav, MenuInput};
use crate::app::session::replay_speed::ReplaySpeed;
use crate::app::session::StagePlace;
use crate::render::menus;
use skysweep::run::PauseRow;
use skysweep::save::practice::PracticeResult;

pub struct Pause {
    /// The rows the run's kind has (see the rules table).
    rows: &'static [PauseRow],
    /// The help lines of the practice tools the run allows.
    tools: &'static [(&'static str, &'static str)],
    cursor: usize,
    /// The stage under the menu, for RESTART STAGE.
    place: StagePlace,
    /// How the practice run under the menu stands, if one is: leaving it shows its results.
    practice: Option<PracticeResult>,
    /// The replay under the menu, if one plays.
    watching: Option<Watching>,
    /// The replay's recorded stages as their cards name them (STAGE 2, EXTRA STAGE).
    cards: Vec<String>,
    /// A row that throws the run away, chosen, and the question asked before it is done.
    asking: Option<(PauseRow, Confirm)>,
}

/// What a replay's pause menu chooses: the recorded stage to watch from and the speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Watching {
    /// How many stages the replay recorded.
    pub stages: usize,
    /// The stage RESTART AT STAGE starts (from 0): the one playing, until changed.
    pub stage: usize,
    pub speed: ReplaySpeed,
    /// The menu it was chosen in (REPLAYS, HIGH SCORES), which QUIT goes back to; else the
    /// command line opened it, and QUIT ends the game.
    pub back_to: Option<MenuPage>,
}

impl Watching {
    /// Left and right on `row`: the stage or the speed steps. True if something changed.
    pub fn input(&mut self, row: PauseRow, m: &MenuInput) -> bool {
        if !(m.left || m.right) {
            return false;
        }
        match row {
            PauseRow::RestartReplay if self.stages > 1 => {
                let n = self.stages;
                self.stage = (self.stage + if m.right { 1 } else { n - 1 }) % n;
                true
            }
            PauseRow::ReplaySpeed => {
                self.speed = if m.right {
                    self.speed.next()
                } else {
                    self.speed.prev()
                };
                true
            }
            _ => false,
        }
    }

    /// The words of `row` on a replay's pause menu, its value in them; `chosen` rows with a
    /// value to change show the arrows that change it. `cards` are the recorded stages' cards
    /// (STAGE 2, EXTRA STAGE), so a stage has the number it has everywhere else.
    pub fn label(&self, row: PauseRow, chosen: bool, cards: &[String]) -> String {
        let arrows = |text: String, more: bool| match chosen && more {
            true => format!("< {text} >"),
            false => text,
        };
        match row {
            PauseRow::RestartReplay => {
                let card = cards.get(self.stage).cloned();
                let card = card.unwrap_or_else(|| format!("STAGE {}", self.stage + 1));
                let text = format!("{} {card}", row.label());
                arrows(text, self.stages > 1)
            }
            PauseRow::ReplaySpeed => arrows(format!("{} X{}", row.label(), self.speed.get()), true),
            PauseRow::Quit if self.back_to.is_some() => {
                format!("BACK TO {}", self.back_to.map_or("", MenuPage::name))
            }
            PauseRow::Quit => "QUIT".into(),
            _ => row.label().into(),
        }
    }
}

impl Pause {
    /// The pause menu over the stage at `place`; `practice` is how a practice run from the
    /// PRACTICE menu stands, so QUIT ends it on its results card rather than at the title.
    pub fn new(
        place: StagePlace,
        practice: Option<PracticeResult>,
        rows: &'static [PauseRow],
        tools: &'static [(&'static str, &'static str)],
    ) -> Pause {
        Pause {
            rows,
            tools,
            cursor: 0,
            place,
            practice,
            watching: None,
            cards: Vec::new(),
            asking: None,
        }
    }

    /// The same menu over a replay, `watching` what it chooses, its recorded stages named by
    /// `cards`; `None` for live play.
    pub fn watching(self, watching: Option<Watching>, cards: Vec<String>) -> Pause {
        Pause {
            watching,
            cards,
            ..self
        }
    }
}

impl Pause {
    /// The question asked before `row` is done, if it throws away a run being played: a
    /// replay's rows lose nothing.
    fn question(&self, row: PauseRow) -> Option<String> {
        if self.watching.is_some() {
            return None;
        }
        match row {
            PauseRow::RestartStage => Some(format!("{}?", row.label())),
            PauseRow::Quit if self.practice.is_some() => Some("END PRACTICE?".into()),
            PauseRow::Quit => Some(format!("{}?", row.label())),
            _ => None,
        }
    }

    /// The question up: NO (or back, Escape, start) returns to the menu, YES does the row.
    fn answer(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        let Some((row, confirm)) = &mut self.asking else {
            return Transition::Stay;
        };
        let back = MenuInput {
            back: m.back || m.start || is_key_pressed(KeyCode::Escape),
            ..m.clone()
        };
        let was = confirm.rows().1;
        let answer = confirm.input(&back);
        if confirm.rows().1 != was {
            ctx.audio_mut().play("menu_move");
        }
        let row = *row;
        match answer {
            None => Transition::Stay,
            Some(Answer::No) => {
                self.asking = None;
                Transition::Stay
            }
            Some(Answer::Yes) => {
                ctx.audio_mut().play("menu_select");
                self.asking = None;
                self.choose(ctx, run, row)
            }
        }
    }

    /// Does `row`, chosen (and confirmed, if it asked).
    fn choose(&mut self, ctx: &mut Ctx, run: &mut RunSlot, row: PauseRow) -> Transition {
        match row {
            PauseRow::Resume => Transition::Pop,
            // Pick steps it as right does.
            PauseRow::ReplaySpeed => {
                if let (Some(w), Some(run)) = (&mut self.watching, run) {
                    w.speed = w.speed.next();
                    run.set_replay_speed(w.speed);
                }
                Transition::Stay
            }
            // Over the pause menu, which comes back as it was when the options close.
            PauseRow::Options => Transition::push(Options::in_game()),
            PauseRow::RestartStage => Transition::Restart(self.place.clone()),
            PauseRow::RestartReplay => Transition::Restart(StagePlace {
                index: self.watching.map_or(self.place.index, |w| w.stage),
                ..self.place.clone()
            }),
            PauseRow::Quit if self.watching.is_some_and(|w| w.back_to.is_some()) => {
                match self.watching.and_then(|w| w.back_to) {
                    Some(page) => Transition::ToMenu(page),
                    None => Transition::Quit,
                }
            }
            PauseRow::Quit if self.watching.is_some() => Transition::Quit,
            PauseRow::Quit => match (self.practice, run) {
                (Some(result), Some(run)) => {
                    run.end_recording();
                    results::left(ctx, run, result, self.place.clone())
                }
                _ => Transition::ToTitle,
            },
        }
    }
}

impl Scene for Pause {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        if self.asking.is_some() {
            return self.answer(ctx, run, m);
        }
        if is_key_pressed(KeyCode::Escape) || m.start {
            return Transition::Pop;
        }
        if let Some(w) = &mut self.watching {
            if w.input(self.rows[self.cursor], m) {
                ctx.audio_mut().play("menu_move");
                if let Some(run) = run {
                    run.set_replay_speed(w.speed);
                }
            }
        }
        let Some(row) = nav(&mut self.cursor, self.rows.len(), m, ctx.audio_mut()) else {
            return Transition::Stay;
        };
        let row = self.rows[row];
        if let Some(question) = self.question(row) {
            self.asking = Some((row, Confirm::new(question)));
            return Transition::Stay;
        }
        self.choose(ctx, run, row)
    }

    fn draw(&self, draw: &mut Draw) {
        let labels: Vec<String> = (self.rows.iter().enumerate())
            .map(|(i, r)| match &self.watching {
                Some(w) => w.label(*r, i == self.cursor, &self.cards),
                // A run from PRACTICE ends on its results card, not at the title.
                None if *r == PauseRow::Quit && self.practice.is_some() => "END PRACTICE".into(),
                None => r.label().into(),
            })
            .collect();
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        match &self.asking {
            Some((_, confirm)) => {
                let (rows, cursor) = confirm.rows();
                menus::pause(draw.renderer, &rows, cursor);
            }
            None => menus::pause(draw.renderer, &labels, self.cursor),
        }
        menus::key_help(draw.renderer, "PRACTICE", self.tools, 196.0);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::services::menu_input::press::{left, right};

    #[test]
    fn leaving_or_restarting_a_run_asks_first_a_replay_does_not() {
        let place = StagePlace {
            index: 0,
            loop_index: 0,
            characters: Vec::new(),
        };
        let live = Pause::new(place, None, &[], &[]);
        let ask = |p: &Pause, row| p.question(row);
        assert_eq!(
            ask(&live, PauseRow::Quit).as_deref(),
            Some("QUIT TO TITLE?")
        );
        let restart = ask(&live, PauseRow::RestartStage);
        assert_eq!(restart.as_deref(), Some("RESTART STAGE?"));
        assert_eq!(ask(&live, PauseRow::Resume), None);
        assert_eq!(ask(&live, PauseRow::Options), None);
        let watching = Watching {
            stages: 1,
            stage: 0,
            speed: ReplaySpeed::default(),
            back_to: None,
        };
        let replay = live.watching(Some(watching), Vec::new());
        assert_eq!(ask(&replay, PauseRow::Quit), None);
        assert_eq!(ask(&replay, PauseRow::RestartReplay), None);
    }

    #[test]
    fn a_replays_pause_menu_chooses_its_stage_and_speed_and_says_where_quit_goes() {
        // A run whose draw put stage 3 first, then stage 2, then the Extra stage.
        let cards = ["STAGE 3", "STAGE 2", "EXTRA STAGE"].map(String::from);
        let mut w = Watching {
            stages: 3,
            stage: 1,
            speed: ReplaySpeed::default(),
            back_to: Some(MenuPage::Replays),
        };
        assert_eq!(
            w.label(PauseRow::RestartReplay, false, &cards),
            "RESTART AT STAGE 2",
            "the stage's card, not its place"
        );
        assert!(w.input(PauseRow::RestartReplay, &right()));
        assert_eq!(
            w.label(PauseRow::RestartReplay, true, &cards),
            "< RESTART AT EXTRA STAGE >"
        );
        assert!(w.input(PauseRow::RestartReplay, &right()));
        assert_eq!(w.stage, 0, "right from the last wraps to the first");
        assert!(w.input(PauseRow::RestartReplay, &left()));
        assert_eq!(w.stage, 2);
        assert!(w.input(PauseRow::ReplaySpeed, &right()));
        assert_eq!(w.label(PauseRow::ReplaySpeed, false, &cards), "SPEED X2");
        assert!(w.input(PauseRow::ReplaySpeed, &left()));
        assert!(w.input(PauseRow::ReplaySpeed, &left()));
        assert_eq!(w.speed.get(), 4, "left from x1 wraps to x4");
        assert!(
            !w.input(PauseRow::Resume, &right()),
            "RESUME has nothing to choose"
        );
        assert_eq!(w.label(PauseRow::Quit, true, &cards), "BACK TO REPLAYS");
        let one = Watching {
            stages: 1,
            back_to: None,
            ..w
        };
        assert_eq!(
            one.label(PauseRow::Quit, true, &cards),
            "QUIT",
            "the command line's replay"
        );
        let mut one = Watching { stage: 0, ..one };
        assert!(
            !one.input(PauseRow::RestartReplay, &right()),
            "one stage: nothing to choose"
        );
        assert_eq!(
            one.label(PauseRow::RestartReplay, true, &[]),
            "RESTART AT STAGE 1",
            "no cards: the place in the replay"
        );
    }
}
