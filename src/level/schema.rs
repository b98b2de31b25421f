//! The level format as authors write it, in RON. See `levels/README.md` for the reference.
//!
//! Units are the ones a person reads: seconds, playfield pixels (the playfield is 224x320 with
//! y pointing down), pixels per second, and degrees where 0° points right and 90° points down.
//! Every field that has a sensible default may be left out.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use super::difficulty::{Difficulty, LoopScale, Only, PerDifficulty};

/// One stage file, `levels/stageN.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Stage")]
pub struct StageDef {
    pub name: String,
    /// Definition files (patterns, enemies, bosses) this stage uses, relative to its folder.
    #[serde(default)]
    pub uses: Vec<String>,
    /// Seconds from start to the end of the timeline. Without a boss the stage clears here.
    pub length_s: f32,
    /// Ground scroll speed at the start, in pixels per second.
    #[serde(default = "defaults::scroll_speed")]
    pub scroll_speed: f32,
    /// Enemy bullets alive at once, at most (1 to `limits::MAX_ENEMY_BULLETS`); volleys
    /// beyond it are not fired. The world reserves memory for this many when the stage loads.
    #[serde(default = "defaults::max_bullets")]
    pub max_bullets: u32,
    #[serde(default)]
    pub background: BackgroundDef,
    /// Music cue name, a file in `assets/music/` without extension.
    #[serde(default)]
    pub music: String,
    /// The music cue the boss brings in.
    #[serde(default = "defaults::boss_music")]
    pub boss_music: String,
    /// Named times, for practice (`--at boss`) and for hot reload to restart at.
    #[serde(default)]
    pub markers: BTreeMap<String, f32>,
    #[serde(default)]
    pub events: Vec<TimelineEventDef>,
    /// Named waves: lists of events whose times count from where a `Wave` event places them
    /// (see [`TimelineEventDef::Wave`]). Expanded when the stage loads.
    #[serde(default)]
    pub waves: BTreeMap<String, Vec<TimelineEventDef>>,
    /// Definitions local to this stage, merged with those from `uses`.
    #[serde(default)]
    pub patterns: BTreeMap<String, PatternDef>,
    #[serde(default)]
    pub enemies: BTreeMap<String, EnemyDef>,
    /// How the second and later loops scale this stage's hp and spawn counts.
    #[serde(default)]
    pub loop2: Option<LoopScale>,
}

/// A shared definitions file, used by stages through `uses`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Defs")]
pub struct DefsFile {
    #[serde(default)]
    pub patterns: BTreeMap<String, PatternDef>,
    #[serde(default)]
    pub enemies: BTreeMap<String, EnemyDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Background")]
pub struct BackgroundDef {
    /// Ground image under `assets/`, tiled vertically, scrolling with ground enemies.
    #[serde(default = "defaults::ground")]
    pub ground: String,
    /// Parallax layers drawn above the ground (clouds), each with its own speed factor.
    #[serde(default)]
    pub layers: Vec<ParallaxDef>,
    /// Colour behind everything, `(r, g, b)` 0-255.
    #[serde(default = "defaults::sky")]
    pub sky: (u8, u8, u8),
}

impl Default for BackgroundDef {
    fn default() -> Self {
        Self {
            ground: defaults::ground(),
            layers: Vec::new(),
            sky: defaults::sky(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Layer")]
pub struct ParallaxDef {
    pub image: String,
    /// Speed relative to the ground: 1.0 moves with it, 1.5 moves faster (closer to the eye).
    #[serde(default = "defaults::one")]
    pub speed: f32,
    /// 0.0 transparent to 1.0 opaque.
    #[serde(default = "defaults::one")]
    pub alpha: f32,
}

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
        #[serde(default = "defaults::spawn_y")]
        y: f32,
        /// One number, or one per difficulty.
        #[serde(default = "defaults::one_per")]
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
        #[serde(default = "defaults::warning_s")]
        duration_s: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Brings in a mid-boss. The timeline pauses until it falls, or for `wait_s` at most.
    MidBoss {
        at: f32,
        enemy: String,
        #[serde(default = "defaults::center_x")]
        x: f32,
        #[serde(default = "defaults::boss_y")]
        y: f32,
        #[serde(default = "defaults::mid_boss_wait_s")]
        wait_s: f32,
        /// The difficulties it happens on (all when left out).
        #[serde(default)]
        only: Option<Only>,
    },
    /// Brings in the stage boss. The timeline pauses until it falls; its fall clears the stage.
    Boss {
        at: f32,
        enemy: String,
        #[serde(default = "defaults::center_x")]
        x: f32,
        #[serde(default = "defaults::boss_y")]
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
        #[serde(default = "defaults::one_u32")]
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

/// Ground enemies ride the scrolling ground; air enemies fly over it and can ram the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "EnemyLayer")]
pub enum LayerDef {
    Air,
    Ground,
}

/// An enemy type. Bosses are enemies with several parts and phases.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Enemy")]
pub struct EnemyDef {
    /// Sprite name in the atlas.
    pub sprite: String,
    pub layer: LayerDef,
    /// HP of the main part when `parts` is empty: one number, or one per difficulty.
    #[serde(default = "defaults::hp")]
    pub hp: PerDifficulty<f32>,
    pub score: u32,
    /// Hitbox size of the main part when `parts` is empty, in pixels; 14 × 14 when neither
    /// this nor `shape` is given.
    #[serde(default)]
    pub size: Option<(f32, f32)>,
    /// Hitbox shape of the main part when `parts` is empty, in place of the box `size` gives.
    #[serde(default)]
    pub shape: Option<ShapeDef>,
    /// The boxes of a multi-part enemy. The enemy falls when its `core` part is destroyed.
    #[serde(default)]
    pub parts: Vec<PartDef>,
    /// Name of the part whose destruction kills the enemy (default: the first part).
    #[serde(default)]
    pub core: Option<String>,
    #[serde(default)]
    pub path: PathDef,
    #[serde(default)]
    pub weapons: Vec<WeaponDef>,
    /// Boss phases. The active phase is the last one whose `after` parts are all destroyed
    /// and whose `below_hp` (fraction of the core's HP) is reached; its weapons replace `weapons`.
    #[serde(default)]
    pub phases: Vec<BossPhaseDef>,
    /// Item dropped when destroyed.
    #[serde(default)]
    pub drop: Option<ItemDef>,
    /// Enemy type revealed at this spot when destroyed (a roof hiding a tank).
    #[serde(default)]
    pub reveals: Option<String>,
    /// Sprite left on the ground after destruction (ground enemies).
    #[serde(default)]
    pub wreck: Option<String>,
    /// Extra score for a boss, paid when it falls.
    #[serde(default)]
    pub bonus: u32,
    /// Explosion size: 0 small, 1 medium, 2 large.
    #[serde(default)]
    pub explosion: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Part")]
pub struct PartDef {
    pub name: String,
    /// Centre of the box relative to the enemy's position, in pixels.
    #[serde(default)]
    pub offset: (f32, f32),
    /// The part's hitbox as an axis-aligned box, in pixels. A part gives this or `shape`.
    #[serde(default)]
    pub size: Option<(f32, f32)>,
    /// The part's hitbox as a circle or a turned box, centred on `offset`.
    #[serde(default)]
    pub shape: Option<ShapeDef>,
    /// One number, or one per difficulty.
    pub hp: PerDifficulty<f32>,
    /// Sprite drawn for this part (frame 0 intact, 1 damaged, 2 destroyed when the sprite has them).
    #[serde(default)]
    pub sprite: Option<String>,
    /// Sprite drawn once the part is destroyed (default: the part sprite's last frame).
    #[serde(default)]
    pub destroyed_sprite: Option<String>,
    /// Parts that must be destroyed before this one takes damage.
    #[serde(default)]
    pub guarded_by: Vec<String>,
    /// Draw the part mirrored left-right.
    #[serde(default)]
    pub mirror: bool,
    /// Score for destroying the part.
    #[serde(default)]
    pub score: u32,
}

/// A hitbox that is not an axis-aligned box, centred on its part (or enemy). It is drawn in
/// the part's own frame: a part with `mirror: true` has its shape mirrored left-right too, so
/// a pair of arms is written once and mirrored like its sprite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Shape")]
pub enum ShapeDef {
    /// A circle of `radius` pixels.
    Circle { radius: f32 },
    /// A box of `size` (width, height) in pixels, turned by `angle_deg` degrees clockwise on
    /// screen (the direction of positive angles everywhere in the format).
    Oriented { size: (f32, f32), angle_deg: f32 },
}

/// One stage of a boss's fight (see [`EnemyDef::phases`]). Authors write it `Phase(...)`
/// or `(...)`: the serde name stays `Phase`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Phase")]
pub struct BossPhaseDef {
    /// The attack's title (`name: "Tidal Lance"`), shown as a banner when the phase starts and
    /// listed in PRACTICE > BOSS ATTACKS. Unique within its enemy; a phase without one plays
    /// the same but is never announced nor practised alone.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub after: Vec<String>,
    /// Fraction of the core's HP at or below which the phase may start; left out, any HP
    /// (1.0), unless `after_s` is given.
    #[serde(default)]
    pub below_hp: Option<f32>,
    /// Seconds after the enemy appeared from which the phase may start. With `below_hp` too,
    /// whichever comes first starts it; with `after_s` alone, HP does not.
    #[serde(default)]
    pub after_s: Option<f32>,
    pub weapons: Vec<WeaponDef>,
    /// Path for this phase, if it changes.
    #[serde(default)]
    pub path: Option<PathDef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Weapon")]
pub struct WeaponDef {
    pub pattern: String,
    /// Seconds after the enemy appears before the first shot.
    #[serde(default = "defaults::weapon_delay")]
    pub delay_s: f32,
    /// Seconds between shots.
    #[serde(default = "defaults::weapon_interval")]
    pub interval_s: f32,
    /// Part the shots come from; the weapon falls silent when that part is destroyed.
    #[serde(default)]
    pub from: Option<String>,
    /// Offset of the muzzle from the part (or enemy) centre.
    #[serde(default)]
    pub offset: (f32, f32),
    /// A turret turning towards the player at this rate (degrees per second) before firing.
    #[serde(default)]
    pub turn_deg_s: Option<f32>,
    /// Degrees the whole pattern is turned by, clockwise on screen (an aimed one away from
    /// the player); an enemy spawned mirrored turns it the other way, so one fan pattern
    /// serves both sides.
    #[serde(default)]
    pub angle: f32,
}

/// How an enemy moves. The enemy's spawn point is the path's start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, rename = "Path")]
pub enum PathDef {
    /// Constant velocity.
    Straight {
        #[serde(default = "defaults::down")]
        angle_deg: f32,
        #[serde(default = "defaults::air_speed")]
        speed: f32,
    },
    /// Downward drift weaving side to side.
    Sine {
        #[serde(default = "defaults::air_speed")]
        speed: f32,
        #[serde(default = "defaults::amplitude")]
        amplitude: f32,
        #[serde(default = "defaults::period")]
        period_s: f32,
    },
    /// Dives in, turns at `turn_y` and leaves the way it is turning.
    Swoop {
        #[serde(default = "defaults::swoop_speed")]
        speed: f32,
        #[serde(default = "defaults::turn_y")]
        turn_y: f32,
        /// Turn rate; positive turns towards +x first.
        #[serde(default = "defaults::turn_rate")]
        turn_deg_s: f32,
    },
    /// Flies down to `stop_y`, holds for `wait_s`, then leaves at `leave_angle_deg`.
    StopAndShoot {
        #[serde(default = "defaults::air_speed")]
        speed: f32,
        #[serde(default = "defaults::stop_y")]
        stop_y: f32,
        #[serde(default = "defaults::wait")]
        wait_s: f32,
        #[serde(default = "defaults::up")]
        leave_angle_deg: f32,
    },
    /// Fixed to the ground, optionally driving over it.
    #[default]
    Ground,
    Drive {
        #[serde(default = "defaults::down")]
        angle_deg: f32,
        #[serde(default = "defaults::drive_speed")]
        speed: f32,
    },
    /// Enters to `y` and sways side to side: bosses.
    Hover {
        #[serde(default = "defaults::boss_y")]
        y: f32,
        #[serde(default = "defaults::amplitude")]
        sway: f32,
        #[serde(default = "defaults::hover_period")]
        period_s: f32,
    },
    /// Through `points`, each an (x, y) offset from where the enemy came in (so a wave's
    /// `dx`/`dy` move the whole path, and mirroring flips it), at `speed`, or taking
    /// `legs_s[i]` seconds to reach point `i` when given (one time per point). Straight from
    /// point to point, or a curve through them with `smooth`; after the last point the enemy
    /// flies straight on, the way and at the pace of the last leg.
    Waypoints {
        points: Vec<(f32, f32)>,
        #[serde(default = "defaults::air_speed")]
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

/// A bullet pattern, fired once per weapon shot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Pattern")]
pub struct PatternDef {
    pub kind: PatternKind,
    /// Bullets per volley.
    #[serde(default = "defaults::one_u32")]
    pub count: u32,
    /// Starting speed, pixels per second.
    #[serde(default = "defaults::bullet_speed")]
    pub speed: f32,
    /// Change of speed, pixels per second per second (may be negative; speed never goes below 0).
    #[serde(default)]
    pub accel: f32,
    /// Turning of each bullet's heading, degrees per second.
    #[serde(default)]
    pub ang_vel_deg: f32,
    /// Arc covered by Spread (and Aimed when count > 1), in degrees.
    #[serde(default = "defaults::spread")]
    pub spread_deg: f32,
    /// Heading of non-aimed patterns (90 = down).
    #[serde(default = "defaults::down")]
    pub angle_deg: f32,
    /// Volleys per shot (Stream and Spiral repeat), `volley_interval_s` apart.
    #[serde(default = "defaults::one_u32")]
    pub volleys: u32,
    #[serde(default = "defaults::volley_interval")]
    pub volley_interval_s: f32,
    /// Rotation added each volley (Spiral).
    #[serde(default)]
    pub spin_deg: f32,
    /// Random extra speed 0..speed_spread per bullet (Burst).
    #[serde(default)]
    pub speed_spread: f32,
    #[serde(default)]
    pub bullet: BulletStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "PatternKind")]
pub enum PatternKind {
    /// At the player; `count` > 1 spreads over `spread_deg` centred on the player.
    Aimed,
    /// `count` bullets fanned over `spread_deg` around `angle_deg`.
    Spread,
    /// `count` bullets evenly around the full circle.
    Ring,
    /// A ring turning by `spin_deg` every volley.
    Spiral,
    /// `volleys` aimed volleys in quick succession.
    Stream,
    /// A ring of `count` bullets at random speeds, all in one frame.
    Burst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename = "Bullet")]
pub enum BulletStyle {
    #[default]
    Small,
    Round,
    Big,
    Needle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Item")]
pub enum ItemDef {
    Power,
    Bomb,
    Coin,
}

mod defaults;
pub mod fields;
