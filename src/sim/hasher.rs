//! The state hash's vocabulary: [`StateHasher`] and the [`Feed`] trait every hashed value
//! implements, with the feeds of plain numbers, vectors, options, tuples, lists and slabs.
//! What the world's own values feed is beside the world (`world/hash.rs`), and a path kind's
//! beside its flight (`systems/flight.rs`). Imports nothing of `sim`, so any file of it may
//! feed the hash without a circle.

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

    /// Any value the simulation keeps, through its [`Feed`].
    pub(crate) fn put<T: Feed + ?Sized>(&mut self, v: &T) {
        v.feed(self);
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

/// A value that feeds its whole self to the hash. Lists feed their length first, so
/// `[a, b] + [c]` and `[a] + [b, c]` differ.
pub(crate) trait Feed {
    fn feed(&self, h: &mut StateHasher);
}

macro_rules! feed_as_u64 {
    ($($t:ty),*) => {$(
        impl Feed for $t {
            fn feed(&self, h: &mut StateHasher) {
                h.u64(*self as u64);
            }
        }
    )*};
}
feed_as_u64!(bool, u8, u32, u64, usize);

impl Feed for u128 {
    fn feed(&self, h: &mut StateHasher) {
        h.u64(*self as u64);
        h.u64((*self >> 64) as u64);
    }
}

impl Feed for f32 {
    fn feed(&self, h: &mut StateHasher) {
        h.f32(*self);
    }
}

impl Feed for Vec2 {
    fn feed(&self, h: &mut StateHasher) {
        h.vec2(*self);
    }
}

impl<T: Feed> Feed for Option<T> {
    fn feed(&self, h: &mut StateHasher) {
        match self {
            None => h.u64(0),
            Some(v) => {
                h.u64(1);
                v.feed(h);
            }
        }
    }
}

impl<A: Feed, B: Feed> Feed for (A, B) {
    fn feed(&self, h: &mut StateHasher) {
        self.0.feed(h);
        self.1.feed(h);
    }
}

impl<A: Feed, B: Feed, C: Feed> Feed for (A, B, C) {
    fn feed(&self, h: &mut StateHasher) {
        self.0.feed(h);
        self.1.feed(h);
        self.2.feed(h);
    }
}

impl<T: Feed> Feed for [T] {
    fn feed(&self, h: &mut StateHasher) {
        h.u64(self.len() as u64);
        for v in self {
            v.feed(h);
        }
    }
}

/// A slab feeds its occupied keys with their values: which key an entity holds decides the
/// order later steps visit entities in.
impl<T: Feed> Feed for slab::Slab<T> {
    fn feed(&self, h: &mut StateHasher) {
        feed_keyed::<T>(h, self.len(), self);
    }
}

/// The count of a keyed store, then each key with its value, in the store's order.
pub(crate) fn feed_keyed<V: Feed>(
    h: &mut StateHasher,
    len: usize,
    entries: impl IntoIterator<Item = (usize, impl std::borrow::Borrow<V>)>,
) {
    h.u64(len as u64);
    for (k, v) in entries {
        h.u64(k as u64);
        v.borrow().feed(h);
    }
}
