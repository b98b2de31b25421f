//! How an enemy moves, as authors write it: each kind of path with the values its fields take
//! when left out. Linking checks a path and builds the simulation's own (`link/path.rs`).

use serde::{Deserialize, Serialize};

use super::{boss_y, down};

/// How an enemy moves. The enemy's spawn point is the path's start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, rename = "Path")]
pub enum PathDef {
    /// Constant velocity.
    Straight {
        #[serde(default = "down")]
        angle_deg: f32,
        #[serde(default = "air_speed")]
        speed: f32,
    },
    /// Downward drift weaving side to side.
    Sine {
        #[serde(default = "air_speed")]
        speed: f32,
        #[serde(default = "amplitude")]
        amplitude: f32,
        #[serde(default = "period")]
        period_s: f32,
    },
    /// Dives in, turns at `turn_y` and leaves the way it is turning.
    Swoop {
        #[serde(default = "swoop_speed")]
        speed: f32,
        #[serde(default = "turn_y")]
        turn_y: f32,
        /// Turn rate; positive turns towards +x first.
        #[serde(default = "turn_rate")]
        turn_deg_s: f32,
    },
    /// Flies down to `stop_y`, holds for `wait_s`, then leaves at `leave_angle_deg`.
    StopAndShoot {
        #[serde(default = "air_speed")]
        speed: f32,
        #[serde(default = "stop_y")]
        stop_y: f32,
        #[serde(default = "wait")]
        wait_s: f32,
        #[serde(default = "up")]
        leave_angle_deg: f32,
    },
    /// Fixed to the ground, optionally driving over it.
    #[default]
    Ground,
    Drive {
        #[serde(default = "down")]
        angle_deg: f32,
        #[serde(default = "drive_speed")]
        speed: f32,
    },
    /// Enters to `y` and sways side to side: bosses.
    Hover {
        #[serde(default = "boss_y")]
        y: f32,
        #[serde(default = "amplitude")]
        sway: f32,
        #[serde(default = "hover_period")]
        period_s: f32,
    },
    /// Through `points`, each an (x, y) offset from where the enemy came in (so a wave's
    /// `dx`/`dy` move the whole path, and mirroring flips it), at `speed`, or taking
    /// `legs_s[i]` seconds to reach point `i` when given (one time per point). Straight from
    /// point to point, or a curve through them with `smooth`; after the last point the enemy
    /// flies straight on, the way and at the pace of the last leg.
    Waypoints {
        points: Vec<(f32, f32)>,
        #[serde(default = "air_speed")]
        speed: f32,
        #[serde(default)]
        legs_s: Vec<f32>,
        #[serde(default)]
        smooth: bool,
    },
    /// Paths flown one after another, each from where the last left the enemy: each part
    /// for its `for_s` seconds, a `Waypoints` part without one until its last point.
    Sequence { legs: Vec<LegDef> },
}

/// One part of a `Sequence` path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Leg")]
pub struct LegDef {
    /// How the enemy moves during this part, starting from where the last part left it.
    pub path: PathDef,
    /// Seconds this part lasts. Without it a `Waypoints` part lasts until its last point, and
    /// any other part for good (so it must be the last).
    #[serde(default)]
    pub for_s: Option<f32>,
}

// The values its fields take when they are left out.

fn air_speed() -> f32 {
    60.0
}

fn amplitude() -> f32 {
    40.0
}

fn drive_speed() -> f32 {
    15.0
}

fn hover_period() -> f32 {
    6.0
}

fn period() -> f32 {
    2.0
}

fn stop_y() -> f32 {
    70.0
}

fn swoop_speed() -> f32 {
    110.0
}

fn turn_rate() -> f32 {
    120.0
}

fn turn_y() -> f32 {
    120.0
}

fn up() -> f32 {
    -90.0
}

fn wait() -> f32 {
    3.0
}
