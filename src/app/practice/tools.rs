//! The practice toolbox, for authors tuning a stage and players learning one: slow motion,
//! freeze and frame step, rewind, and jumps between the stage's markers. Its state lives with
//! the stage in play; its keys are read once a frame.
//!
//! Slow motion, freeze and frame step only change how often the world steps, so a recording
//! stays true through them. Rewind and marker jumps change the world's past, so they end a
//! `--record` recording (saved) where they are first used, and a run that used any of them
//! does not enter the high-score table.

use std::cell::RefCell;

use macroquad::prelude::*;

use skysweep::run::Tools;
use skysweep::sim::rewind::History;
use skysweep::sim::{Input, World};

/// How far back rewind reaches: ten seconds of steps.
const REWIND_REACH: u64 = 10 * 60;
/// Steps rewound per step while the rewind key is held: back at twice the speed of play.
const REWIND_SPEED: u64 = 2;

pub const KEY_SLOW: KeyCode = KeyCode::F2;
pub const KEY_FREEZE: KeyCode = KeyCode::F3;
pub const KEY_STEP: KeyCode = KeyCode::F4;
pub const KEY_REWIND: KeyCode = KeyCode::Backspace;
pub const KEY_PREV_MARKER: KeyCode = KeyCode::PageUp;
pub const KEY_NEXT_MARKER: KeyCode = KeyCode::PageDown;

/// The practice keys as the in-game help lists them: the timing tools first, then those that
/// change the past.
const HELP: [(&str, &str); 5] = [
    ("F2", "SLOW 1/2 1/4"),
    ("F3 F4", "FREEZE, STEP"),
    ("BKSP", "HOLD: REWIND"),
    ("PGUP", "LAST MARKER"),
    ("PGDN", "NEXT MARKER"),
];

/// The help lines for the tools a run allows.
pub fn help(tools: Tools) -> &'static [(&'static str, &'static str)] {
    match (tools.timing, tools.past) {
        (_, true) => &HELP,
        (true, false) => &HELP[..2],
        (false, false) => &[],
    }
}

/// The practice keys as pressed this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToolKeys {
    pub slow: bool,
    pub freeze: bool,
    pub step: bool,
    /// Held, not pressed.
    pub rewind: bool,
    pub previous_marker: bool,
    pub next_marker: bool,
}

impl ToolKeys {
    /// This frame's practice keys from the keyboard.
    pub fn read() -> ToolKeys {
        ToolKeys {
            slow: is_key_pressed(KEY_SLOW),
            freeze: is_key_pressed(KEY_FREEZE),
            step: is_key_pressed(KEY_STEP),
            rewind: is_key_down(KEY_REWIND),
            previous_marker: is_key_pressed(KEY_PREV_MARKER),
            next_marker: is_key_pressed(KEY_NEXT_MARKER),
        }
    }
}

/// What the stage does with a step the clock gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPlan {
    /// Step the world as usual.
    Play,
    /// Let this step pass: slow motion or frozen.
    Hold,
    /// Take the world back this many steps.
    Rewind(u64),
}

/// A jump the player asked for this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jump {
    PreviousMarker,
    NextMarker,
}

pub struct Practice {
    /// The tools this kind of run allows; the keys of the others do nothing.
    tools: Tools,
    /// Steps of the clock per step of the world: 1, 2 or 4.
    slowdown: u32,
    /// Clock steps since the world last stepped, in slow motion.
    held: u32,
    frozen: bool,
    /// One step asked for while frozen.
    step_once: bool,
    rewinding: bool,
    /// Any of the tools was used: the timeline and spawn preview show from then on.
    used: bool,
    /// Rewind or a marker jump was used: the run's past is not what was played.
    changed_past: bool,
    pub history: History,
    /// A copy of the world made while the last frame was drawn, for the history's next
    /// snapshot (see [`Practice::draw_beside_snapshot`]).
    prepared: RefCell<Option<World>>,
}

impl Practice {
    /// The toolbox of a run that allows `tools`.
    pub fn new(tools: Tools) -> Practice {
        Practice {
            tools,
            slowdown: 1,
            held: 0,
            frozen: false,
            step_once: false,
            rewinding: false,
            used: false,
            changed_past: false,
            history: History::new(REWIND_REACH),
            prepared: RefCell::new(None),
        }
    }

    /// Runs `draw` and, when the next step takes a rewind snapshot of `world`, copies the
    /// world beside it on a second thread (both only read it). A snapshot of a world alive
    /// with 100,000 bullets is about 20 MB, a copy of 2.5 ms: taken in the step it lands on one
    /// frame in 30, the slowest of them. The copy serves the next [`Practice::record`] if the
    /// world is still at its frame; without a thread, the record copies as before.
    /// Contract: between this and the next `record`, the world changes only by stepping or
    /// through [`Practice::rewind`].
    pub fn draw_beside_snapshot(&self, world: &World, draw: impl FnOnce()) {
        let ready = self
            .prepared
            .borrow()
            .as_ref()
            .is_some_and(|c| c.frame() == world.frame());
        if ready || !self.history.snapshot_due(world) {
            return draw();
        }
        let copy = std::thread::scope(|s| {
            let copying = std::thread::Builder::new()
                .name("snapshot".into())
                .spawn_scoped(s, || world.clone());
            draw();
            copying.ok()?.join().ok()
        });
        *self.prepared.borrow_mut() = copy;
    }

    /// Notes the step `world` is about to take with `inputs` in the history, with the copy
    /// made while drawing if there is one.
    pub fn record(&mut self, world: &World, inputs: &[Input]) {
        let copy = self.prepared.get_mut().take();
        self.history.record_with(world, inputs, copy);
    }

    /// Takes `world` back `steps` steps as far as the history reaches; returns how many.
    pub fn rewind(&mut self, world: &mut World, steps: u64) -> u64 {
        // A copy made while drawing is of the world before the rewind.
        *self.prepared.get_mut() = None;
        self.history.rewind(world, steps)
    }

    /// The same settings for a world started afresh (a marker jump), with a history of its
    /// own: the old world's past cannot be rewound into.
    pub fn restarted(&self) -> Practice {
        Practice {
            slowdown: self.slowdown,
            frozen: self.frozen,
            used: self.used,
            changed_past: self.changed_past,
            ..Practice::new(self.tools)
        }
    }

    /// Acts on this frame's practice `keys`, those of the tools the run allows; returns a
    /// marker jump if one was asked for.
    pub fn apply(&mut self, keys: ToolKeys) -> Option<Jump> {
        let keys = ToolKeys {
            slow: keys.slow && self.tools.timing,
            freeze: keys.freeze && self.tools.timing,
            step: keys.step && self.tools.timing,
            rewind: keys.rewind && self.tools.past,
            previous_marker: keys.previous_marker && self.tools.past,
            next_marker: keys.next_marker && self.tools.past,
        };
        if keys.slow {
            self.slowdown = match self.slowdown {
                1 => 2,
                2 => 4,
                _ => 1,
            };
            self.used = true;
        }
        if keys.freeze {
            self.frozen = !self.frozen;
            self.used = true;
        }
        if keys.step {
            // A step while playing freezes first, so it can be seen.
            self.step_once = self.frozen;
            self.frozen = true;
            self.used = true;
        }
        self.rewinding = keys.rewind;
        let jump = if keys.previous_marker {
            Some(Jump::PreviousMarker)
        } else if keys.next_marker {
            Some(Jump::NextMarker)
        } else {
            None
        };
        if self.rewinding || jump.is_some() {
            self.used = true;
            self.changed_past = true;
        }
        jump
    }

    /// What to do with the step the clock gives now.
    pub fn plan(&mut self) -> StepPlan {
        if self.rewinding {
            return StepPlan::Rewind(REWIND_SPEED);
        }
        if self.frozen {
            return if std::mem::take(&mut self.step_once) {
                StepPlan::Play
            } else {
                StepPlan::Hold
            };
        }
        self.held += 1;
        if self.held < self.slowdown {
            return StepPlan::Hold;
        }
        self.held = 0;
        StepPlan::Play
    }

    pub fn used(&self) -> bool {
        self.used
    }

    pub fn changed_past(&self) -> bool {
        self.changed_past
    }

    /// A word for the HUD about the tool at work, if any.
    pub fn status(&self) -> Option<&'static str> {
        if self.rewinding {
            Some("REWIND")
        } else if self.frozen {
            Some("FROZEN")
        } else {
            match self.slowdown {
                2 => Some("SLOW 1/2"),
                4 => Some("SLOW 1/4"),
                _ => None,
            }
        }
    }
}

/// The marker to jump to from `now` seconds: the next one after it, or the last one before it
/// (more than a second before, so pressing again keeps going back).
pub fn marker_target(markers: &[f32], now: f32, jump: Jump) -> Option<f32> {
    match jump {
        Jump::NextMarker => markers
            .iter()
            .copied()
            .filter(|t| *t > now + 1e-3)
            .min_by(f32::total_cmp),
        Jump::PreviousMarker => markers
            .iter()
            .copied()
            .filter(|t| *t < now - 1.0)
            .max_by(f32::total_cmp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: Tools = Tools {
        timing: true,
        past: true,
    };

    /// A replay's toolbox pauses and steps, but its past is the recording's: rewind and marker
    /// keys do nothing, and the run is not marked as changed.
    #[test]
    fn only_the_tools_a_run_allows_act() {
        let watching = Tools {
            timing: true,
            past: false,
        };
        let mut p = Practice::new(watching);
        let past = ToolKeys {
            rewind: true,
            next_marker: true,
            ..ToolKeys::default()
        };
        assert_eq!(p.apply(past), None);
        assert!(!p.used() && !p.changed_past());
        assert_eq!(p.plan(), StepPlan::Play);
        p.apply(ToolKeys {
            freeze: true,
            ..ToolKeys::default()
        });
        assert_eq!((p.plan(), p.used()), (StepPlan::Hold, true));
        let mut free = Practice::new(ALL);
        assert_eq!(free.apply(past), Some(Jump::NextMarker));
        assert!(free.changed_past());
        assert_eq!(free.plan(), StepPlan::Rewind(REWIND_SPEED));
        assert_eq!(help(watching).len(), 2);
        assert_eq!(help(ALL).len(), 5);
    }

    #[test]
    fn slow_motion_steps_the_world_every_second_or_fourth_step() {
        let mut p = Practice::new(ALL);
        let count = |p: &mut Practice, n| (0..n).filter(|_| p.plan() == StepPlan::Play).count();
        assert_eq!(count(&mut p, 8), 8);
        p.slowdown = 2;
        assert_eq!(count(&mut p, 8), 4);
        p.slowdown = 4;
        assert_eq!(count(&mut p, 8), 2);
    }

    #[test]
    fn frozen_steps_only_when_asked_once() {
        let mut p = Practice::new(ALL);
        p.frozen = true;
        assert_eq!(p.plan(), StepPlan::Hold);
        p.step_once = true;
        assert_eq!(p.plan(), StepPlan::Play);
        assert_eq!(p.plan(), StepPlan::Hold);
        p.rewinding = true;
        assert_eq!(p.plan(), StepPlan::Rewind(REWIND_SPEED));
    }

    #[test]
    fn copies_made_while_drawing_rewind_as_the_step_s_own_snapshots_do() {
        use skysweep::testkit::scenario;
        let fresh = || scenario::world(scenario::quiet_level(), Default::default());
        let (mut w, mut p) = (fresh(), Practice::new(ALL));
        let mut drawn = 0;
        for _ in 0..100 {
            p.draw_beside_snapshot(&w, || drawn += 1);
            // Drawn twice before a step (a held frame): the copy is kept, not made again.
            p.draw_beside_snapshot(&w, || drawn += 1);
            p.record(&w, &[Input::default()]);
            w.step(&[Input::default()]);
        }
        assert_eq!(drawn, 200);
        assert_eq!(p.rewind(&mut w, 45), 45);
        let mut expected = fresh();
        for _ in 0..55 {
            expected.step(&[Input::default()]);
        }
        assert_eq!(w.state_hash(), expected.state_hash());
    }

    #[test]
    fn marker_jumps_go_to_the_neighbouring_marker() {
        let m = [0.0, 40.0, 80.0, 168.0];
        assert_eq!(marker_target(&m, 10.0, Jump::NextMarker), Some(40.0));
        assert_eq!(marker_target(&m, 40.0, Jump::NextMarker), Some(80.0));
        assert_eq!(marker_target(&m, 170.0, Jump::NextMarker), None);
        assert_eq!(marker_target(&m, 45.0, Jump::PreviousMarker), Some(40.0));
        // Just after a marker, back goes to the one before it.
        assert_eq!(marker_target(&m, 40.5, Jump::PreviousMarker), Some(0.0));
        assert_eq!(marker_target(&m, 0.5, Jump::PreviousMarker), None);
    }
}
