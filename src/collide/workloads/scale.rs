//! How big each workload is, and how its population scales ([`Workload::with_bodies`]).

use glam::Vec2;

use super::layers::shooter_map;
use super::{WorkloadKind, FIELD, SWARM_PATCH};
use crate::collide::Config;

#[cfg(doc)]
use super::Workload;

impl WorkloadKind {
    /// Bodies alive at the start (the player included): the population [`Workload::new`] builds,
    /// which [`Workload::with_bodies`] scales.
    pub fn bodies(self) -> usize {
        match self {
            WorkloadKind::BulletHell10k => 10_001,
            WorkloadKind::Sparse1k => 1_001,
            WorkloadKind::BossBurst => 2_001,
            WorkloadKind::MassClear => 6_001,
            WorkloadKind::Swarm5k => 5_001,
            WorkloadKind::Rain => 4_007,
            WorkloadKind::Curtain100k => 101_541,
        }
    }

    /// Settings with room for the workload at its own size (the default capacity, or twice
    /// the bodies where that is more: `curtain_100k`) and the shooter's map ([`shooter_map`],
    /// in `rain` too).
    pub fn config(self) -> Config {
        Config {
            capacity: Config::default().capacity.max(2 * self.bodies()),
            map: shooter_map(),
        }
    }
}

/// `base` bodies of a group at `scale`: rounded, and never none of a group that has any.
pub(super) fn scaled(base: u32, scale: f32) -> u32 {
    if base == 0 {
        0
    } else {
        ((base as f32 * scale).round() as u32).max(1)
    }
}

/// Where `swarm_5k`'s enemies circle at `scale`: [`SWARM_PATCH`] itself up to scale 1, then
/// grown about its centre (area in step with the population, so the density holds) until it
/// meets the field's edges.
pub(super) fn swarm_patch(scale: f32) -> (Vec2, Vec2) {
    let (lo, hi) = SWARM_PATCH;
    if scale <= 1.0 {
        return SWARM_PATCH;
    }
    let (mid, half) = ((lo + hi) * 0.5, (hi - lo) * 0.5 * scale.sqrt());
    ((mid - half).max(Vec2::ZERO), (mid + half).min(FIELD))
}
