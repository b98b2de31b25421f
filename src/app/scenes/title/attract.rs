//! Attract mode: after [`IDLE_STEPS`] on the title with no key or button pressed, the
//! built-in pilot plays a demo, as an arcade cabinet does when no one is at it. Each demo is
//! the next shipped stage with the next pilot, so two in a row never show the same one; any
//! key or pad button goes back to the title, and so does the demo's end ([`DEMO_STEPS`], the
//! stage cleared or lost).
//!
//! A demo is a run of [`RunKind::Attract`]: the rules table gives it no high scores, no
//! practice bests, nothing in the player's record, no unlocks, no replay offer and not the
//! command line's `--record` file, and has any key end it. It is drawn like any run, so it
//! plays with the player's TATE and visibility settings.

use macroquad::prelude::get_last_key_pressed;

use skysweep::level::Difficulty;
use skysweep::run::{RunKind, RunPlan, Shipped, Stages};
use skysweep::sim::{Character, Skill};

use crate::app::ctx::Ctx;
use crate::app::scene::Transition;
use crate::app::services::menu_input::MenuInput;
use crate::app::session::Session;

/// Steps on the title with no input before a demo plays: 20 seconds.
pub const IDLE_STEPS: u32 = 20 * 60;

/// The longest a demo plays before the title comes back: 45 seconds.
pub const DEMO_STEPS: u32 = 45 * 60;

/// How long the title has gone without input, counted in steps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Idle {
    steps: u32,
}

impl Idle {
    /// Any input starts the count again.
    pub fn input(&mut self, any: bool) {
        if any {
            self.steps = 0;
        }
    }

    /// One step with nothing pressed; true once the wait is over, and the count starts again.
    pub fn tick(&mut self) -> bool {
        self.steps += 1;
        let over = self.steps >= IDLE_STEPS;
        if over {
            self.steps = 0;
        }
        over
    }
}

/// Whether anything was pressed this frame: a key, or any pad's button or stick (the pads'
/// presses are in `m`). Reads macroquad's last key, so call it once a frame.
pub fn any_input(m: &MenuInput) -> bool {
    let keyed = get_last_key_pressed().is_some();
    keyed || !m.pads.is_empty() || m.ok || m.back || m.up || m.down || m.left || m.right
}

/// The demo plan for turn `turn` (0, 1, 2...): the `turn`th of `stages` (wrapping), flown
/// by the expert pilot as the `turn`th pilot, on `difficulty`, with a little power to show.
pub fn demo_plan(stages: &[std::path::PathBuf], turn: usize, difficulty: Difficulty) -> RunPlan {
    let stage = stages[turn % stages.len()].clone();
    let mut plan = RunPlan::new(RunKind::Attract, Stages::One(stage));
    plan.pilots = vec![Character::ALL[turn % Character::ALL.len()]];
    plan.difficulty = difficulty;
    plan.start_power = 2;
    plan.bot = Some(Skill::Expert);
    plan.seed = 0xDE30 + turn as u64;
    plan
}

/// The demo for turn `turn`, prepared over the shipped stages, as the title starts it.
pub fn demo_session(shipped: &Shipped, turn: usize, difficulty: Difficulty) -> Option<Session> {
    let stages = shipped.stages().ok().filter(|s| !s.is_empty())?;
    let plan = demo_plan(&stages, turn, difficulty);
    let prepared = skysweep::run::prepare(&plan, shipped).ok()?;
    Some(Session::new(prepared, shipped))
}

/// Starts the next demo, on the player's difficulty; the title stays if none can be made.
pub fn begin(ctx: &mut Ctx) -> Transition {
    let turn = ctx.next_demo_turn();
    match demo_session(ctx.shipped(), turn, ctx.settings().difficulty) {
        Some(run) => {
            eprintln!("attract: demo plays {}", run.first_stage().display());
            Transition::Begin(Box::new(run))
        }
        None => Transition::Stay,
    }
}

/// Whether a demo's step ends it: `steps` played, or its stage over.
pub fn demo_over(steps: u32, cleared: bool, game_over: bool) -> bool {
    steps >= DEMO_STEPS || cleared || game_over
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::run::Record;
    use skysweep::sim::{Input, World};

    /// Issue #44: one demo after another shows another stage and another pilot each time,
    /// every shipped stage in turn.
    #[test]
    fn each_demo_plays_another_stage() {
        let shipped = Shipped::find();
        let stages = shipped.stages().unwrap();
        let plans: Vec<RunPlan> = (0..stages.len())
            .map(|t| demo_plan(&stages, t, Difficulty::Normal))
            .collect();
        for pair in plans.windows(2) {
            assert_ne!(pair[0].stages, pair[1].stages);
            assert_ne!(pair[0].pilots, pair[1].pilots);
        }
        let shown: std::collections::BTreeSet<_> =
            plans.iter().map(|p| format!("{:?}", p.stages)).collect();
        assert_eq!(shown.len(), stages.len(), "every stage comes round");
        assert!(plans
            .iter()
            .all(|p| p.kind == RunKind::Attract && p.bot.is_some()));
    }

    /// Issue #44: a demo never writes. Its kind keeps no score, best, record, unlock or replay;
    /// its session takes no `--record` file and leaves no recording however long it plays.
    #[test]
    fn a_demo_never_writes() {
        let shipped = Shipped::find();
        let mut run = demo_session(&shipped, 3, Difficulty::Hard).expect("a demo");
        assert_eq!(run.kind(), RunKind::Attract);
        let rules = run.rules();
        assert!(rules.ends_on_any_input, "someone coming to play ends it");
        assert!(!rules.high_scores && !rules.practice_bests && !rules.unlocks);
        assert!(!rules.offers_replay);
        assert_eq!(rules.record, Record::Nothing);
        assert!(crate::app::scenes::stage_play::unranked(run.kind(), false, false).is_some());
        assert!(
            !run.takes_record_file(),
            "the command line's --record is not its"
        );
        assert!(!run.reaches_stages(), "a demo opens no stage in PRACTICE");

        let (_, level) = run.level(0).unwrap();
        let config = run.base().clone();
        run.begin_recording(&level, &config);
        assert!(!run.is_recording());
        let mut world = World::new(level, config);
        for _ in 0..600 {
            world.step(&[Input::default()]);
            run.record(&[Input::default()], &world);
        }
        let finished = run.finish();
        assert!(finished.replay.is_none() && finished.name.is_none());
        assert!(!finished.recording_failed);
    }

    #[test]
    fn the_title_waits_twenty_seconds_of_no_input() {
        let mut idle = Idle::default();
        for _ in 0..IDLE_STEPS - 1 {
            assert!(!idle.tick());
        }
        idle.input(true);
        assert!(
            (0..IDLE_STEPS - 1).all(|_| !idle.tick()),
            "a key starts the wait again"
        );
        idle.input(false);
        assert!(idle.tick(), "twenty seconds without a key");
        assert!(!demo_over(DEMO_STEPS - 1, false, false));
        assert!(demo_over(DEMO_STEPS, false, false));
        assert!(demo_over(5, true, false) && demo_over(5, false, true));
    }
}
