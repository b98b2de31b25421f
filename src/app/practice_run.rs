//! A practice run chosen from the PRACTICE menu: what it keeps while it plays (the choice, the
//! deaths over every automatic restart, the boss's time), what ends it, and the results card
//! that says how it went and offers RETRY, CHANGE SETTINGS or BACK. The best result per stage
//! and start point, and the stages a run has reached, are kept in the practice record.

use skysweep::save::practice::{PracticeRecord, PracticeResult};
use skysweep::sim::{Carry, World};

use super::ctx::Ctx;
use super::menu_input::{nav, CardTimer, MenuInput};
use super::notice::Notice;
use super::practice_menu::{PracticeMenu, PracticeSetup};
use super::run::Run;
use super::scene::{Scene, StagePlace, Transition};
use crate::render::menus;

/// Practice's part of the shared services: the record, the last choice, the run in play.
#[derive(Default)]
pub struct PracticeState {
    pub record: PracticeRecord,
    /// The menu's last choice, so it opens as the player left it.
    pub setup: Option<PracticeSetup>,
    /// The practice run in play, from the menu until the title.
    pub session: Option<Session>,
    /// The game's own run, kept while a practice run takes its place.
    pub home_run: Option<Run>,
}

impl PracticeState {
    /// Loads the record from the data folder; a damaged file is kept aside with a warning.
    pub fn load() -> PracticeState {
        let record = match PracticeRecord::path() {
            Some(p) => {
                let (r, warning) = PracticeRecord::load_from(&p);
                if let Some(w) = warning {
                    eprintln!("warning: {w}");
                }
                r
            }
            None => PracticeRecord::default(),
        };
        PracticeState {
            record,
            ..PracticeState::default()
        }
    }

    /// Back to the game's own run, the practice run over (the title calls this).
    pub fn end(ctx: &mut Ctx) {
        ctx.practice.session = None;
        if let Some(home) = ctx.practice.home_run.take() {
            ctx.run = home;
        }
    }

    /// A run of the whole game reached the stage in `file` (`stage4.ron`): practice offers it
    /// from now on.
    pub fn reached(ctx: &mut Ctx, file: &str) {
        if ctx.practice.session.is_none() && ctx.practice.record.reach(file) {
            save(ctx);
        }
    }
}

fn save(ctx: &mut Ctx) {
    let Some(path) = PracticeRecord::path() else {
        return;
    };
    if let Err(e) = ctx.practice.record.save_to(&path) {
        eprintln!("warning: practice record not saved: {e}");
        ctx.save_failed = true;
        ctx.message = Some(Notice::brief("PRACTICE RECORD NOT SAVED", e));
    }
}

/// A practice run while it plays.
#[derive(Clone, Debug)]
pub struct Session {
    pub setup: PracticeSetup,
    /// Lives lost in the attempts before this one (auto-restart).
    deaths_before: u32,
    /// Steps the stage boss has been on screen in this attempt.
    boss_steps: u64,
}

impl Session {
    pub fn new(setup: PracticeSetup) -> Session {
        Session {
            setup,
            deaths_before: 0,
            boss_steps: 0,
        }
    }

    /// What each player starts with: the chosen lives, bombs and power.
    pub fn carry(&self, players: usize) -> Vec<Carry> {
        let c = Carry {
            score: 0,
            lives: self.setup.lives,
            bombs: self.setup.bombs,
            power: self.setup.power,
            charge: 0.0,
            next_extra_life: skysweep::sim::player::FIRST_EXTRA_LIFE,
            continues_used: 0,
        };
        vec![c; players]
    }

    /// The chosen lives, bombs and power for the next start of the stage.
    pub fn arm(ctx: &mut Ctx, players: usize) {
        if let Some(s) = &ctx.practice.session {
            ctx.run.carry = s.carry(players);
        }
    }

    pub fn result(&self, world: &World) -> PracticeResult {
        let cleared = world.cleared();
        PracticeResult {
            cleared,
            steps: world.frame,
            deaths: self.deaths_before + world.stats.deaths,
            boss_steps: cleared.then_some(self.boss_steps),
        }
    }
}

/// What follows a step of a practice run: nothing, a restart at the chosen start after a death
/// (auto-restart), or the results once the stage is cleared or lost. `None` outside practice.
pub fn after_step(ctx: &mut Ctx, world: &World, place: &StagePlace) -> Option<Transition> {
    let session = ctx.practice.session.as_mut()?;
    if world.boss.is_some() {
        session.boss_steps += 1;
    }
    if world.cleared() || world.game_over() {
        let result = session.result(world);
        ctx.audio.stop_music();
        let results = Results::new(ctx, result, place.clone(), Ending::Played);
        return Some(Transition::switch(results));
    }
    if session.setup.auto_restart && world.stats.deaths > 0 {
        session.deaths_before += world.stats.deaths;
        session.boss_steps = 0;
        let deaths = session.deaths_before;
        let start = session
            .setup
            .start_point()
            .map_or("start".into(), |p| p.0.clone());
        eprintln!("practice: auto-restart at {start} after {deaths} deaths");
        ctx.message = Some(Notice::for_frames(
            "AUTO-RESTART",
            format!("Back to {}. Deaths: {deaths}", start.to_uppercase()),
            90,
        ));
        ctx.audio.play("warning");
        return Some(Transition::Restart(place.clone()));
    }
    None
}

/// The results card for a practice run the player left from the pause menu: how far it got,
/// then RETRY, CHANGE SETTINGS or BACK, as at its end. A run left unfinished is not a result,
/// so the record is not offered it.
pub fn left(ctx: &mut Ctx, result: PracticeResult, place: StagePlace) -> Transition {
    ctx.audio.stop_music();
    Transition::switch(Results::new(ctx, result, place, Ending::Left))
}

/// How a practice run came to its results card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// Cleared or lost: a result, offered to the record.
    Played,
    /// Left from the pause menu.
    Left,
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
    fn new(ctx: &mut Ctx, result: PracticeResult, place: StagePlace, ending: Ending) -> Results {
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
                    s.deaths_before = 0;
                    s.boss_steps = 0;
                }
                Transition::Restart(self.place.clone())
            }
            Some(1) => Transition::switch(PracticeMenu::after_run(ctx)),
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

#[cfg(test)]
mod tests {
    use super::{clock, result_line};
    use skysweep::save::practice::PracticeResult;

    #[test]
    fn times_read_as_minutes_seconds_and_hundredths() {
        assert_eq!(clock(0), "0:00.00");
        assert_eq!(clock(60), "0:01.00");
        assert_eq!(clock(90), "0:01.50");
        assert_eq!(clock(60 * 134 + 30), "2:14.50");
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
