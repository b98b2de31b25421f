//! A stable hash of the world, so runs and replays can be compared bit for bit.

use std::hash::Hasher;

use glam::Vec2;

/// A small wrapper over FNV-1a with helpers for the simulation's value types. FNV is fixed
/// forever, unlike the standard library's hasher, so hashes stay comparable across builds.
pub struct StateHasher(fnv::FnvHasher);

impl StateHasher {
    pub fn new() -> Self {
        Self(fnv::FnvHasher::default())
    }

    pub fn u64(&mut self, v: u64) {
        self.0.write_u64(v);
    }

    pub fn f32(&mut self, v: f32) {
        self.0.write_u32(v.to_bits());
    }

    pub fn vec2(&mut self, v: Vec2) {
        self.f32(v.x);
        self.f32(v.y);
    }

    /// A body in a slab: its key, then its position.
    pub fn keyed(&mut self, key: usize, pos: Vec2) {
        self.u64(key as u64);
        self.vec2(pos);
    }

    pub fn finish(&self) -> u64 {
        self.0.finish()
    }
}

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}
