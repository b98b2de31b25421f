//! The stage's timeline as authors write it: spawns, scroll changes, warnings, bosses, and the
//! waves and sections that group events.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{boss_y, one_u32, Only, PathDef, PerDifficulty};

/// Something that happens at a time on the stage's timeline, as authors write it in
/// `events`. Its serde name stays `Event`, which error messages name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Event")]
pub enum TimelineEventDef {
    /// Spawns `count` enemies of one type, `spacing_s` apart, each shifted by `dx`/`dy` from the last.
    Spawn {
        at: f32,
        enemy: String,
        x: f32,
        #[serde(default = "spawn_y")]
        y: f32,
        /// One number, or one per difficulty.
        #[serde(default = "one_per")]
        count: PerDifficulty<u32>,
        #[serde(default)]
        spacing_s: f32,
        #[serde(default)]
        dx: f32,
        #[serde(default)]
        dy: f32,
        /// Overrides the enemy type's path.
        #[serde(default)]
        path: Option<PathDef>,
        /// Overrides the pattern of every weapon of the enemy type.
        #[serde(default)]
        pattern: Option<String>,
        /// Mirrors the path left-right (formations from the other side).
        #[serde(default)]
        mirror: bool,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Changes the ground scroll speed, easing over `over_s` seconds.
    Scroll {
        at: f32,
        speed: f32,
        #[serde(default)]
        over_s: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Shows a banner, such as the warning before a boss.
    Warning {
        at: f32,
        text: String,
        #[serde(default = "warning_s")]
        duration_s: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Brings in a mid-boss. The timeline pauses until it falls, or for `wait_s` at most.
    MidBoss {
        at: f32,
        enemy: String,
        #[serde(default = "center_x")]
        x: f32,
        #[serde(default = "boss_y")]
        y: f32,
        #[serde(default = "mid_boss_wait_s")]
        wait_s: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Brings in the stage boss. The timeline pauses until it falls; its fall clears the stage.
    Boss {
        at: f32,
        enemy: String,
        #[serde(default = "center_x")]
        x: f32,
        #[serde(default = "boss_y")]
        y: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Places the stage's wave `name` (from `waves`): its events at `at` plus their own times,
    /// mirrored left-right first when `mirror` (x becomes 224 - x, paths flip), then moved by
    /// `dx`/`dy`; `repeat` times in all, `every_s` seconds apart, each moved `repeat_dx`/
    /// `repeat_dy` further than the last, every other one mirrored (again) when `alternate`:
    /// a line from the left, then the right.
    Wave {
        at: f32,
        name: String,
        #[serde(default)]
        dx: f32,
        #[serde(default)]
        dy: f32,
        #[serde(default)]
        mirror: bool,
        #[serde(default = "one_u32")]
        repeat: u32,
        #[serde(default)]
        every_s: f32,
        #[serde(default)]
        repeat_dx: f32,
        #[serde(default)]
        repeat_dy: f32,
        #[serde(default)]
        alternate: bool,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// A group of events (and markers) whose times count from `at`, so inserting time before
    /// a section moves only its `at`. `name` is for messages and the reader.
    Section {
        at: f32,
        #[serde(default)]
        name: String,
        #[serde(default)]
        markers: BTreeMap<String, f32>,
        events: Vec<TimelineEventDef>,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
}

impl TimelineEventDef {
    /// The fields every kind of event has: its time and its `only`.
    fn common(&self) -> (f32, Option<&Only>) {
        match self {
            TimelineEventDef::Spawn { at, only, .. }
            | TimelineEventDef::Scroll { at, only, .. }
            | TimelineEventDef::Warning { at, only, .. }
            | TimelineEventDef::MidBoss { at, only, .. }
            | TimelineEventDef::Boss { at, only, .. }
            | TimelineEventDef::Wave { at, only, .. }
            | TimelineEventDef::Section { at, only, .. } => (*at, only.as_ref()),
        }
    }

    /// The event's time in seconds.
    pub fn at(&self) -> f32 {
        self.common().0
    }

    /// The difficulties the event happens on, when it lists them.
    pub fn only(&self) -> Option<&Only> {
        self.common().1
    }

    /// The event's time, to set it: the same field [`TimelineEventDef::at`] reads.
    pub fn at_mut(&mut self) -> &mut f32 {
        match self {
            TimelineEventDef::Spawn { at, .. }
            | TimelineEventDef::Scroll { at, .. }
            | TimelineEventDef::Warning { at, .. }
            | TimelineEventDef::MidBoss { at, .. }
            | TimelineEventDef::Boss { at, .. }
            | TimelineEventDef::Wave { at, .. }
            | TimelineEventDef::Section { at, .. } => at,
        }
    }
}

// The values its fields take when they are left out.

fn center_x() -> f32 {
    112.0
}

/// Long enough for a fair fight at full power; short enough that a player who cannot hurt
/// the mid-boss is not held forever.
fn mid_boss_wait_s() -> f32 {
    40.0
}

fn one_per() -> PerDifficulty<u32> {
    PerDifficulty::One(1)
}

fn spawn_y() -> f32 {
    -16.0
}

fn warning_s() -> f32 {
    3.0
}
