//! A level after loading: names resolved to indices, values checked, ready for the simulation.

use std::collections::BTreeMap;
use std::sync::Arc;

use glam::Vec2;
use serde::Serialize;

use super::difficulty::Tier;
use super::schema::{BackgroundDef, ItemDef, LayerDef, PathDef, PatternDef};

/// A stage and everything it uses, validated. The simulation reads only this.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    pub name: String,
    /// Where it came from, for messages.
    pub source: String,
    pub length_s: f32,
    pub scroll_speed: f32,
    /// Enemy bullets alive at once, at most: the stage's `max_bullets`, checked against
    /// [`limits::MAX_ENEMY_BULLETS`](super::limits::MAX_ENEMY_BULLETS).
    pub max_bullets: usize,
    pub background: BackgroundDef,
    pub music: String,
    /// The music cue the boss brings in.
    pub boss_music: String,
    pub markers: BTreeMap<String, f32>,
    /// The timeline, sorted by time; events at the same time keep file order.
    pub timeline: Vec<TimelineEvent>,
    pub enemies: Vec<EnemyType>,
    pub patterns: Vec<PatternDef>,
    /// Hash of the stage file and every definitions file it uses, for replays.
    pub content_hash: u64,
    /// The stage resolved for the other tiers it differs on (a per-difficulty value, an
    /// `only`, a `loop2`), each with no variants of its own; empty when every tier plays the
    /// same, and then left out of the encoding, so such a level hashes as it always did.
    /// This level itself is [`Tier::BASE`]'s.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<(Tier, Arc<Level>)>,
}

impl Level {
    /// The level as `tier` plays it: `level` itself unless a variant was resolved for `tier`.
    pub fn for_tier(level: &Arc<Level>, tier: Tier) -> Arc<Level> {
        level
            .variants
            .iter()
            .find(|(t, _)| *t == tier)
            .map_or(level, |(_, v)| v)
            .clone()
    }

    /// [`Level::for_tier`] by reference: what a replay's level hash is taken of, so a run
    /// recorded on a level already picked for its tier and one on the level as loaded agree.
    pub fn tier(&self, tier: Tier) -> &Level {
        self.variants
            .iter()
            .find(|(t, _)| *t == tier)
            .map_or(self, |(_, v)| v)
    }

    pub fn enemy_index(&self, name: &str) -> Option<usize> {
        self.enemies.iter().position(|e| &*e.name == name)
    }

    /// Time of a marker by name, or a number of seconds given as text.
    pub fn resolve_at(&self, at: &str) -> Option<f32> {
        if let Some(t) = self.markers.get(at) {
            return Some(*t);
        }
        at.trim()
            .trim_end_matches('s')
            .parse::<f32>()
            .ok()
            .filter(|t| t.is_finite() && *t >= 0.0)
    }
}

/// Something that happens at a time on the stage's timeline, its names resolved to indices
/// (the RON text writes it as `Spawn(...)`, `Boss(...)` and so on in `events`). Not to be
/// confused with what the simulation reports ([`crate::sim::GameEvent`]) or with the
/// collider's reports of boxes meeting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum TimelineEvent {
    Spawn {
        at: f32,
        enemy: usize,
        pos: Vec2,
        count: u32,
        spacing_s: f32,
        step: Vec2,
        path: Option<PathDef>,
        pattern: Option<usize>,
        mirror: bool,
    },
    Scroll {
        at: f32,
        speed: f32,
        over_s: f32,
    },
    Warning {
        at: f32,
        text: Arc<str>,
        duration_s: f32,
    },
    /// A mid-boss: the timeline waits for its fall, `wait_s` seconds at most.
    MidBoss {
        at: f32,
        enemy: usize,
        pos: Vec2,
        wait_s: f32,
    },
    Boss {
        at: f32,
        enemy: usize,
        pos: Vec2,
    },
}

impl TimelineEvent {
    /// A spawn's members, as (time, index) pairs: `count` of them, `spacing_s` apart. Other
    /// events have none.
    pub fn formation(&self) -> impl Iterator<Item = (f32, u32)> + '_ {
        let (at, count, spacing) = match self {
            TimelineEvent::Spawn {
                at,
                count,
                spacing_s,
                ..
            } => (*at, *count, *spacing_s),
            _ => (0.0, 0, 0.0),
        };
        (0..count).map(move |n| (at + spacing * n as f32, n))
    }

    pub fn at(&self) -> f32 {
        match self {
            TimelineEvent::Spawn { at, .. }
            | TimelineEvent::Scroll { at, .. }
            | TimelineEvent::Warning { at, .. }
            | TimelineEvent::MidBoss { at, .. }
            | TimelineEvent::Boss { at, .. } => *at,
        }
    }
}

// Names the simulation hands on in its events are shared (`Arc<str>`), so reporting a boss
// or a wreck during a step copies a pointer instead of allocating a string.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EnemyType {
    pub name: Arc<str>,
    pub sprite: String,
    pub layer: LayerDef,
    pub score: u32,
    /// At least one part; single-box enemies have one part named "body".
    pub parts: Vec<Part>,
    /// Index of the part whose destruction kills the enemy.
    pub core: usize,
    pub path: PathDef,
    pub weapons: Vec<Weapon>,
    pub phases: Vec<BossPhase>,
    pub drop: Option<ItemDef>,
    pub reveals: Option<usize>,
    pub wreck: Option<Arc<str>>,
    pub bonus: u32,
    pub explosion: u8,
}

impl EnemyType {
    pub fn is_boss(&self) -> bool {
        self.parts.len() > 1 || !self.phases.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Part {
    pub name: String,
    pub offset: Vec2,
    /// Half the size of the box around the part's hitbox: the hitbox itself for a box, the
    /// bounds of a circle or turned box. What draws or aims at a part's extent uses this.
    pub half: Vec2,
    /// The true hitbox, centred on `offset`; `half` bounds it.
    pub shape: HitShape,
    pub hp: f32,
    pub sprite: Option<String>,
    pub destroyed_sprite: Option<String>,
    pub guarded_by: Vec<usize>,
    pub mirror: bool,
    pub score: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Weapon {
    pub pattern: usize,
    pub delay_s: f32,
    pub interval_s: f32,
    pub from: Option<usize>,
    pub offset: Vec2,
    pub turn_deg_s: Option<f32>,
    /// The weapon's `angle`: degrees the pattern is turned by (the other way for a mirrored
    /// enemy). Left out of the encoding when 0, so levels that turn no weapon hash as
    /// before weapons could turn.
    #[serde(skip_serializing_if = "is_zero")]
    pub angle_deg: f32,
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

/// One stage of a boss's fight: its weapons (and path) once the parts in `after` are down and
/// the core's HP is at or below `below_hp` of its whole.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BossPhase {
    /// The attack's title, if it has one. Only shown and used to find the phase (PRACTICE >
    /// BOSS ATTACKS, `--phase`): it changes nothing that plays, so it is left out of the
    /// level's hash and naming a phase keeps every replay and state hash.
    #[serde(skip)]
    pub name: Option<Arc<str>>,
    pub after: Vec<usize>,
    /// Negative when only time starts the phase.
    pub below_hp: f32,
    /// Seconds after the enemy appeared from which the phase may start, whatever its HP.
    /// Left out of the encoding when none, so levels without timed phases hash as before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_s: Option<f32>,
    pub weapons: Vec<Weapon>,
    pub path: Option<PathDef>,
}

/// A part's true hitbox, centred on the part, in playfield axes (y down), mirroring already
/// applied.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum HitShape {
    /// The axis-aligned box `Part::half` gives.
    Box,
    Circle {
        radius: f32,
    },
    /// A box of half-extents `half` along its own axes, turned by `angle` radians clockwise
    /// on screen (its x axis points along `(cos angle, sin angle)`).
    Oriented {
        half: Vec2,
        angle: f32,
    },
}

impl HitShape {
    /// Half the size of the axis-aligned box around the shape; `box_half` for a box.
    pub fn bounds_half(self, box_half: Vec2) -> Vec2 {
        match self {
            HitShape::Box => box_half,
            HitShape::Circle { radius } => Vec2::splat(radius),
            HitShape::Oriented { half, angle } => {
                let (s, c) = libm::sincosf(angle);
                Vec2::new(
                    c.abs() * half.x + s.abs() * half.y,
                    s.abs() * half.x + c.abs() * half.y,
                )
            }
        }
    }

    /// The shape seen in a mirror held along the y axis: a turned box turns the other way.
    pub fn mirrored(self) -> HitShape {
        match self {
            HitShape::Oriented { half, angle } => HitShape::Oriented {
                half,
                angle: -angle,
            },
            other => other,
        }
    }
}
