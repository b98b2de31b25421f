//! The enemy bullets of a world, kept as columns.
//!
//! A stage may hold a hundred thousand bullets, and each step moves every one of them. As
//! whole [`Bullet`] values in a slab, that step read and wrote 56 bytes a bullet through
//! branchy scalar code; as columns, moving them is a loop over positions, headings and speeds
//! that the compiler turns into vector instructions, run a block of keys at a time, and the
//! rarely changed fields (turn, acceleration) are read only where they are needed: a bit per
//! key says which bullets still curl or change speed (see `advance.rs`).
//!
//! Keys behave exactly as [`slab::Slab`]'s did: a removed key is the next one handed out (last
//! in, first out), and iteration visits keys in ascending order. The order entities are
//! visited in decides later steps, so this is what keeps replays and state hashes unchanged.

use glam::Vec2;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Handle};
use crate::level::BulletStyle;
use crate::level::Difficulty;

use super::scratch::Scratch;
use super::shared::remove_box;
use crate::sim::layers::GameLayer;
use crate::sim::model::bullet::{Bullet, BULLET_MAX_AGE};
use crate::sim::model::clock::DT;
use crate::sim::model::owner::Owner;

mod advance;
mod curlers;
#[cfg(test)]
mod tests;

use curlers::Curlers;

/// `next_free` of an occupied key.
const OCCUPIED: u32 = u32::MAX;

/// `age` of a vacant key. No stored bullet reaches it: one is gone past [`BULLET_MAX_AGE`]
/// steps, and [`Bullets::insert`] stores an age past [`OLDEST`] as `OLDEST`.
const VACANT: u16 = u16::MAX;

/// The oldest age a key stores (18 minutes): the step adds one, and stays below `VACANT`. A
/// bullet given an older one leaves at its next step all the same.
const OLDEST: u32 = VACANT as u32 - 2;

// Every bullet leaves well before its age could reach `VACANT`.
const _: () = assert!(BULLET_MAX_AGE + 2 < VACANT as u32);

/// The handle of the placeholder bullets [`Bullets::reserve`] writes and clears at once; no
/// collider call ever sees it.
const PLACEHOLDER: Handle = Handle {
    index: u32::MAX,
    generation: u32::MAX,
};

/// A bullet's heading and turn rate, side by side: a step reads them only for a bullet still
/// curling, and then one cache line holds both.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Turn {
    /// Degrees; 90 is straight down.
    heading_deg: f32,
    /// Degrees a second.
    ang_vel_deg: f32,
}

/// Enemy bullets by key, one column per field. Every column has one entry per key ever handed
/// out; a vacant key's entry has zero speed and acceleration, so the motion pass may move it
/// (it stays where it is) without asking whether it is occupied.
#[derive(Clone, Debug, Default)]
pub struct Bullets {
    pos: Vec<Vec2>,
    /// Pixels per second.
    speed: Vec<f32>,
    /// The heading and turn rate each bullet was given, and its heading once it stops
    /// curling. A curling bullet's turn, once a step has moved it, is in `curlers`.
    turn: Vec<Turn>,
    accel: Vec<f32>,
    style: Vec<BulletStyle>,
    /// Steps alive, or [`VACANT`]: the one column a step reads to know a key is occupied.
    /// Two bytes, as no bullet lives longer than [`BULLET_MAX_AGE`] steps.
    age: Vec<u16>,
    handle: Vec<Handle>,
    /// The unit vector of the heading (see [`Bullet`]'s field of the same name).
    dir: Vec<Vec2>,
    /// [`OCCUPIED`], or for a vacant key the next vacant key (the chain a slab keeps). Read
    /// only by inserts and removals.
    next_free: Vec<u32>,
    /// One bit per key (bit `k % 64` of word `k / 64`): the bullet may turn. Set by an insert
    /// (or `advance::curl_again`) when a turn changes its heading's bits (see
    /// `advance::curls`), cleared once the bullet is as old as the curl time. Clear for vacant
    /// keys.
    curling: Vec<u64>,
    /// The curl time, in steps, of the last [`Bullets::advance`] (`None` before the first):
    /// the bits of bullets that grew past it were cleared, and a longer one sets them again.
    curl_steps: Option<u32>,
    /// One bit per key: a curling bullet whose turn is still in `turn`, as its insert left it
    /// (or `advance::curl_again`); the next step moves it to `curlers`. Set only where
    /// `curling` is.
    fresh: Vec<u64>,
    /// One bit per key: a bullet taken out since the last step whose turn `curlers` held; its
    /// entry waits there for the step to drop it. Never set where a turn is held.
    dropped: Vec<u64>,
    /// The turns of the *held* keys (curling, not fresh): the bullets' step streams them,
    /// where the turn column would cost a scattered cache line a bullet. One entry for each
    /// *ranked* key (held or dropped), in key order (see `curlers.rs`).
    curlers: Curlers,
    /// One bit per key: the bullet's speed may change (see `advance::steady`). Clear for
    /// vacant keys.
    speeding: Vec<u64>,
    /// The first vacant key; the number of keys when none is.
    vacant: usize,
    len: usize,
}

/// A bullet as drawing sees it (see [`Bullets::sprites`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BulletSprite {
    pub pos: Vec2,
    pub style: BulletStyle,
    /// Degrees; 90 is straight down.
    pub heading_deg: f32,
}

/// Bit `k` of `bits`.
#[cfg(test)]
fn bit(bits: &[u64], k: usize) -> bool {
    bits[k / 64] >> (k % 64) & 1 != 0
}

/// Sets or clears bit `k` of `bits`.
fn set_bit(bits: &mut [u64], k: usize, on: bool) {
    let (w, b) = (k / 64, k % 64);
    bits[w] = bits[w] & !(1 << b) | (u64::from(on) << b);
}

impl Bullets {
    /// Bullets alive.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True if `key` holds a bullet.
    pub fn contains(&self, key: usize) -> bool {
        self.age.get(key).is_some_and(|&a| a != VACANT)
    }

    /// The bullet at `key`, if there is one.
    pub fn get(&self, key: usize) -> Option<Bullet> {
        self.contains(key).then(|| self.at(key))
    }

    /// The collider handle of the bullet at `key`, if there is one.
    pub fn handle(&self, key: usize) -> Option<Handle> {
        self.contains(key).then(|| self.handle[key])
    }

    /// The key the next [`Bullets::insert`] uses.
    pub fn vacant_key(&self) -> usize {
        self.vacant
    }

    /// Stores `bullet` with collider handle `handle` (`bullet.handle` is not read) at
    /// [`Bullets::vacant_key`] and returns it. Keys stay below `u32::MAX`, the mark of an
    /// occupied key: a stage holds at most `limits::MAX_ENEMY_BULLETS`.
    pub fn insert(&mut self, bullet: Bullet, handle: Handle) -> usize {
        let key = self.vacant;
        debug_assert!(key < OCCUPIED as usize);
        let turn = Turn {
            heading_deg: bullet.heading_deg,
            ang_vel_deg: bullet.ang_vel_deg,
        };
        let age = bullet.age.min(OLDEST) as u16;
        if key == self.next_free.len() {
            self.pos.push(bullet.pos);
            self.speed.push(bullet.speed);
            self.turn.push(turn);
            self.accel.push(bullet.accel);
            self.style.push(bullet.style);
            self.age.push(age);
            self.handle.push(handle);
            self.dir.push(bullet.dir);
            self.next_free.push(OCCUPIED);
            if key.is_multiple_of(64) {
                self.curling.push(0);
                self.fresh.push(0);
                self.dropped.push(0);
                self.speeding.push(0);
            }
            if key.is_multiple_of(advance::BLOCK) {
                self.curlers.add_block();
            }
            self.vacant = key + 1;
        } else {
            self.vacant = self.next_free[key] as usize;
            self.next_free[key] = OCCUPIED;
            self.pos[key] = bullet.pos;
            self.speed[key] = bullet.speed;
            self.turn[key] = turn;
            self.accel[key] = bullet.accel;
            self.style[key] = bullet.style;
            self.age[key] = age;
            self.handle[key] = handle;
            self.dir[key] = bullet.dir;
        }
        let curls = advance::curls(turn);
        set_bit(&mut self.curling, key, curls);
        set_bit(&mut self.fresh, key, curls);
        set_bit(
            &mut self.speeding,
            key,
            !advance::steady(bullet.speed, bullet.accel),
        );
        self.len += 1;
        key
    }

    /// Takes the bullet at `key` out, if there is one; its key is the next one handed out.
    pub fn remove(&mut self, key: usize) -> Option<Bullet> {
        let bullet = self.get(key)?;
        self.vacate(key);
        Some(bullet)
    }

    /// Makes the occupied `key` vacant, the next key handed out, writing only what marks it
    /// so: the step takes its leavers out with this, without reading them whole.
    fn vacate(&mut self, key: usize) {
        debug_assert!(self.contains(key));
        self.next_free[key] = self.vacant as u32;
        self.vacant = key;
        self.len -= 1;
        // Still: see the type's contract.
        self.speed[key] = 0.0;
        self.accel[key] = 0.0;
        self.age[key] = VACANT;
        // A held turn's entry stays until the step: marked, the count of ranked keys holds.
        if self.held(key) {
            set_bit(&mut self.dropped, key, true);
        }
        set_bit(&mut self.curling, key, false);
        set_bit(&mut self.fresh, key, false);
        set_bit(&mut self.speeding, key, false);
    }

    /// The held keys of word `w`: curling, and not fresh.
    #[inline(always)]
    fn held_word(&self, w: usize) -> u64 {
        self.curling[w] & !self.fresh[w]
    }

    /// The ranked keys of word `w`: each has an entry in `curlers`.
    #[inline(always)]
    fn ranked_word(&self, w: usize) -> u64 {
        self.held_word(w) | self.dropped[w]
    }

    /// Whether `key`'s turn is held in `curlers`.
    fn held(&self, key: usize) -> bool {
        self.held_word(key / 64) >> (key % 64) & 1 != 0
    }

    /// The turn of the bullet at the occupied `key`: for a held key, the entry of its rank
    /// among the ranked keys, counted from its block's start. O(1).
    fn turn_of(&self, key: usize) -> Turn {
        if !self.held(key) {
            return self.turn[key];
        }
        let (w, block) = (key / 64, key / advance::BLOCK);
        let before: u32 = (block * advance::BLOCK / 64..w)
            .map(|v| self.ranked_word(v).count_ones())
            .sum();
        let below = self.ranked_word(w) & ((1 << (key % 64)) - 1);
        let rank = self.curlers.start(block) + (before + below.count_ones()) as usize;
        let held = self.curlers.get(rank);
        debug_assert!(held.is_some(), "key {key}: turn not held");
        held.unwrap_or_else(|| self.turn[key])
    }

    /// Every occupied key with its turn, in ascending order (from either end).
    fn turns(&self) -> Turns<'_> {
        Turns {
            store: self,
            keys: 0..self.age.len(),
            up: 0,
            down: self.curlers.len(),
            front: Word::NONE,
            back: Word::NONE,
        }
    }

    /// Every bullet, in ascending key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (usize, Bullet)> + '_ {
        self.turns().map(|(k, turn)| (k, self.with_turn(k, turn)))
    }

    /// What drawing a bullet needs (where, which style, which way), for every bullet in
    /// ascending key order: three columns read, not all of them.
    pub fn sprites(&self) -> impl DoubleEndedIterator<Item = BulletSprite> + '_ {
        self.turns().map(|(k, turn)| BulletSprite {
            pos: self.pos[k],
            style: self.style[k],
            heading_deg: turn.heading_deg,
        })
    }

    /// Makes room for `n` bullets in all, and writes the memory once, so that no step is the
    /// first to touch it. Only for an empty store; it stays empty.
    pub(crate) fn reserve(&mut self, n: usize) {
        debug_assert!(self.is_empty());
        let placeholder = Bullet::new(Vec2::ZERO, 0.0, 0.0, 0.0, 0.0, BulletStyle::Small);
        for _ in 0..n {
            self.insert(placeholder.clone(), PLACEHOLDER);
        }
        self.clear();
        // Every bullet may curl at once.
        self.curlers.reserve(n);
    }

    /// Removes every bullet, keeping the memory.
    pub fn clear(&mut self) {
        // Every field by name: a new column left out here would stop the build, not leave
        // the columns of different lengths.
        let Bullets {
            pos,
            speed,
            turn,
            accel,
            style,
            age,
            handle,
            dir,
            next_free,
            curling,
            curl_steps,
            fresh,
            dropped,
            curlers,
            speeding,
            vacant,
            len,
        } = self;
        pos.clear();
        dir.clear();
        turn.clear();
        for column in [speed, accel] {
            column.clear();
        }
        style.clear();
        age.clear();
        handle.clear();
        next_free.clear();
        curling.clear();
        *curl_steps = None;
        fresh.clear();
        dropped.clear();
        curlers.clear();
        speeding.clear();
        (*vacant, *len) = (0, 0);
    }

    /// Panics, naming the key, where a bit column breaks its contract (see the fields): a bit
    /// of a vacant key or past the last set, or a bit clear where the step must not skip.
    #[cfg(test)]
    fn check_bits(&self) {
        let n = self.age.len();
        assert_eq!(self.curling.len(), n.div_ceil(64), "curling words");
        assert_eq!(self.speeding.len(), n.div_ceil(64), "speeding words");
        assert_eq!(self.fresh.len(), n.div_ceil(64), "fresh words");
        assert_eq!(self.dropped.len(), n.div_ceil(64), "dropped words");
        let mut ranked = 0;
        for w in 0..n.div_ceil(64) {
            if w % (advance::BLOCK / 64) == 0 {
                let b = w * 64 / advance::BLOCK;
                assert_eq!(self.curlers.start(b), ranked, "block {b}: its first entry");
            }
            assert_eq!(
                self.held_word(w) & self.dropped[w],
                0,
                "word {w}: held and dropped"
            );
            ranked += self.ranked_word(w).count_ones() as usize;
        }
        assert_eq!(self.curlers.len(), ranked, "an entry for each ranked key");
        for k in 0..n.div_ceil(64) * 64 {
            let (curling, speeding) = (bit(&self.curling, k), bit(&self.speeding, k));
            let fresh = bit(&self.fresh, k);
            assert!(curling || !fresh, "key {k}: fresh, and not curling");
            if k >= n || self.age[k] == VACANT {
                assert!(!curling && !speeding, "key {k}: a bit set, and no bullet");
                continue;
            }
            let steady = advance::steady(self.speed[k], self.accel[k]);
            assert!(
                speeding || steady,
                "key {k}: its speed changes, its bit is clear"
            );
            let past = self.curl_steps.is_some_and(|c| u32::from(self.age[k]) > c);
            let curls = advance::curls(self.turn_of(k));
            assert!(
                curling || !curls || past,
                "key {k}: it turns, its bit is clear"
            );
        }
    }

    /// The headings drawing reads, as bits: front to back, and back to front turned round, so
    /// a test compares both ends of the visit with what it stored.
    #[cfg(test)]
    fn drawn_headings(&self) -> (Vec<u32>, Vec<u32>) {
        let bits = |s: BulletSprite| s.heading_deg.to_bits();
        let mut back: Vec<u32> = self.sprites().rev().map(bits).collect();
        back.reverse();
        (self.sprites().map(bits).collect(), back)
    }

    fn at(&self, k: usize) -> Bullet {
        self.with_turn(k, self.turn_of(k))
    }

    /// The bullet at the occupied key `k`, whose turn is `turn`.
    fn with_turn(&self, k: usize, turn: Turn) -> Bullet {
        let Turn {
            heading_deg,
            ang_vel_deg,
        } = turn;
        Bullet {
            pos: self.pos[k],
            speed: self.speed[k],
            heading_deg,
            accel: self.accel[k],
            ang_vel_deg,
            style: self.style[k],
            age: u32::from(self.age[k]),
            handle: Some(self.handle[k]),
            dir: self.dir[k],
        }
    }
}

/// The occupied keys of a store with their turns (see [`Bullets::turns`]). Each end counts
/// the ranked keys it passes, so a held turn's rank costs a bit test, not a count from its
/// block's start; each end keeps the bits of its word of keys, so that test is one shift:
/// drawing visits every bullet, once a band.
struct Turns<'a> {
    store: &'a Bullets,
    /// Keys not yet visited from either end.
    keys: std::ops::Range<usize>,
    /// The rank of the first ranked key at or after `keys.start`.
    up: usize,
    /// One past the rank of the last ranked key before `keys.end`.
    down: usize,
    /// The word each end is in, with its ranked and held bits.
    front: Word,
    back: Word,
}

/// A word of bits of a store's keys, as [`Turns`] reads them.
#[derive(Clone, Copy)]
struct Word {
    /// `usize::MAX` before the first read.
    index: usize,
    ranked: u64,
    held: u64,
}

impl Word {
    const NONE: Word = Word {
        index: usize::MAX,
        ranked: 0,
        held: 0,
    };

    /// Whether key `k` is ranked and held, reading its word of `store` if it is not this one.
    #[inline(always)]
    fn bits(&mut self, store: &Bullets, k: usize) -> (bool, bool) {
        if k / 64 != self.index {
            let w = k / 64;
            *self = Word {
                index: w,
                ranked: store.ranked_word(w),
                held: store.held_word(w),
            };
        }
        let b = k % 64;
        (self.ranked >> b & 1 != 0, self.held >> b & 1 != 0)
    }
}

impl Turns<'_> {
    /// Key `k`'s turn, `rank` being its rank if it is held; `None` for a vacant key.
    #[inline(always)]
    fn at(&self, k: usize, held: bool, rank: usize) -> Option<(usize, Turn)> {
        let s = self.store;
        if s.age[k] == VACANT {
            return None;
        }
        let turn = if held { s.curlers.get(rank) } else { None };
        debug_assert!(turn.is_some() || !held, "key {k}: turn not held");
        Some((k, turn.unwrap_or_else(|| s.turn[k])))
    }
}

impl Iterator for Turns<'_> {
    type Item = (usize, Turn);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        while let Some(k) = self.keys.next() {
            let (ranked, held) = self.front.bits(self.store, k);
            let rank = self.up;
            self.up += usize::from(ranked);
            if let Some(item) = self.at(k, held, rank) {
                return Some(item);
            }
        }
        None
    }
}

impl DoubleEndedIterator for Turns<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        while let Some(k) = self.keys.next_back() {
            let (ranked, held) = self.back.bits(self.store, k);
            self.down = self.down.saturating_sub(usize::from(ranked));
            if let Some(item) = self.at(k, held, self.down) {
                return Some(item);
            }
        }
        None
    }
}

/// Adds `bullet` to `bullets`, its box joining `collider` with the rest of this step's spawns,
/// in one batch; returns its key, or `None` when the collider is full.
pub(crate) fn spawn(
    bullets: &mut Bullets,
    collider: &mut Collider,
    bullet: Bullet,
) -> Option<usize> {
    let key = bullets.vacant_key();
    let handle = collider
        .insert(
            BoxDesc::new(
                Aabb::from_center(bullet.pos, Vec2::ZERO),
                Owner::Bullet(key).encode(),
                GameLayer::EnemyBullet,
            )
            .shape(bullet.shape()),
        )
        .ok()?;
    Some(bullets.insert(bullet, handle))
}

/// One step of every bullet ([`Bullets::advance`]), as `difficulty` lets curving bullets curl;
/// those that leave are taken out with their boxes.
pub(crate) fn step(
    bullets: &mut Bullets,
    collider: &mut Collider,
    difficulty: Difficulty,
    scratch: &mut Scratch,
) {
    let mut gone = std::mem::take(&mut scratch.gone);
    // Past the difficulty's curl time a curving bullet flies on straight.
    let curl_steps = difficulty
        .curl_s()
        .map_or(u32::MAX, |s| (s / DT).round() as u32);
    bullets.advance(curl_steps, collider, &mut gone, &mut scratch.turned);
    gone.clear();
    scratch.gone = gone;
}

/// Removes bullet `k` with its box (it hit a ship, or was cancelled); where it was.
pub(crate) fn remove(bullets: &mut Bullets, collider: &mut Collider, k: usize) -> Option<Vec2> {
    let b = bullets.remove(k)?;
    remove_box(collider, b.handle);
    Some(b.pos)
}
