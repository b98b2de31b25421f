//! The loaded stage: its timeline, the enemy types and patterns it indexes, and its background.

use std::collections::BTreeMap;
use std::sync::Arc;

use glam::Vec2;
use serde::Serialize;

use super::{EnemyType, Path, Pattern};
use crate::level::difficulty::Tier;

/// A stage and everything it uses, validated. The simulation reads only this.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    pub name: String,
    /// Where it came from, for messages.
    pub source: String,
    pub length_s: f32,
    pub scroll_speed: f32,
    /// Enemy bullets alive at once, at most: the stage's `max_bullets`, checked against
    /// [`limits::MAX_ENEMY_BULLETS`](crate::level::limits::MAX_ENEMY_BULLETS).
    pub max_bullets: usize,
    pub background: Background,
    pub music: String,
    /// The music cue the boss brings in.
    pub boss_music: String,
    pub markers: BTreeMap<String, f32>,
    /// The timeline, sorted by time; events at the same time keep file order.
    pub timeline: Vec<TimelineEvent>,
    pub enemies: Vec<EnemyType>,
    pub patterns: Vec<Pattern>,
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

/// What is drawn behind the play: the ground image, scrolling with ground enemies, parallax
/// layers above it, and the sky's colour behind everything.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Background {
    /// Image under `assets/`, tiled vertically.
    pub ground: String,
    pub layers: Vec<Parallax>,
    /// `(r, g, b)`, 0-255.
    pub sky: (u8, u8, u8),
}

/// A background layer drawn above the ground (clouds).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Parallax {
    pub image: String,
    /// Speed relative to the ground: 1.0 moves with it, more moves faster.
    pub speed: f32,
    /// 0.0 transparent to 1.0 opaque.
    pub alpha: f32,
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
        path: Option<Path>,
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
