//! A practice run's state beside the game's: the practice record, the menu's last choice, the
//! run in play (its attempts, deaths and boss time) and what a step of it leads to. The best
//! result per stage and start point, and the stages a run has reached, are kept in the
//! practice record.

use skysweep::save::practice::{PracticeRecord, PracticeResult};
use skysweep::save::store::SaveFile;
use skysweep::sim::{Carry, World};

use super::ctx::Ctx;
use super::notice::Notice;
use super::practice_run::{Ending, Results};
use super::practice_setup::PracticeSetup;
use super::run::Run;
use super::scene::{StagePlace, Transition};

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

pub(super) fn save(ctx: &mut Ctx) {
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

    /// Starts the run's count afresh: RETRY from the results card.
    pub fn retry(&mut self) {
        self.deaths_before = 0;
        self.boss_steps = 0;
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
            steps: world.frame(),
            deaths: self.deaths_before + world.stats().deaths,
            boss_steps: cleared.then_some(self.boss_steps),
        }
    }
}

/// What follows a step of a practice run: nothing, a restart at the chosen start after a death
/// (auto-restart), or the results once the stage is cleared or lost. `None` outside practice.
pub fn after_step(ctx: &mut Ctx, world: &World, place: &StagePlace) -> Option<Transition> {
    let session = ctx.practice.session.as_mut()?;
    if world.boss().is_some() {
        session.boss_steps += 1;
    }
    if world.cleared() || world.game_over() {
        let result = session.result(world);
        ctx.audio.stop_music();
        let results = Results::new(ctx, result, place.clone(), Ending::Played);
        return Some(Transition::switch(results));
    }
    if session.setup.auto_restart && world.stats().deaths > 0 {
        session.deaths_before += world.stats().deaths;
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
pub(super) fn short_line(r: &PracticeResult) -> String {
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
