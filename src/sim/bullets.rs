//! The enemy bullets of a world, kept as columns.
//!
//! A stage may hold a hundred thousand bullets, and each step moves every one of them. As
//! whole [`Bullet`] values in a slab, that step read and wrote 56 bytes a bullet through
//! branchy scalar code; as columns, moving them is a loop over positions, headings and speeds
//! that the compiler turns into vector instructions, run a block of keys at a time, and the
//! rarely changed fields (style, turn rate, handle) are read only where they are needed.
//!
//! Keys behave exactly as [`slab::Slab`]'s did: a removed key is the next one handed out (last
//! in, first out), and iteration visits keys in ascending order. The order entities are
//! visited in decides later steps, so this is what keeps replays and state hashes unchanged.

use std::ops::Range;

use glam::Vec2;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Handle, Layer};
use crate::level::schema::BulletStyle;
use crate::level::{limits, Difficulty};

use super::bullet::{hitbox_of, needle_half, unit, Bullet, BULLET_MAX_AGE};
use super::clock::DT;
use super::owner::Owner;
use super::scratch::Scratch;
use super::shared::remove_box;
use super::PLAYFIELD;

/// `next_free` of an occupied key.
const OCCUPIED: u32 = u32::MAX;

/// The handle of the placeholder bullets [`Bullets::reserve`] writes and clears at once; no
/// collider call ever sees it.
const PLACEHOLDER: Handle = Handle {
    index: u32::MAX,
    generation: u32::MAX,
};

/// Keys stepped together by [`Bullets::advance`]: a block's columns (about 25 KB: 49 bytes a
/// key) stay in the first-level cache from one pass to the next.
const BLOCK: usize = 512;

/// How far outside the playfield, in pixels, a bullet may go before it is gone.
const MARGIN: f32 = 16.0;

/// Enemy bullets by key, one column per field. Every column has one entry per key ever handed
/// out; a vacant key's entry has zero speed and acceleration, so the motion pass may move it
/// (it stays where it is) without asking whether it is occupied.
#[derive(Clone, Debug, Default)]
pub struct Bullets {
    pos: Vec<Vec2>,
    /// Pixels per second.
    speed: Vec<f32>,
    /// Degrees; 90 is straight down.
    heading_deg: Vec<f32>,
    accel: Vec<f32>,
    ang_vel_deg: Vec<f32>,
    style: Vec<BulletStyle>,
    age: Vec<u32>,
    handle: Vec<Handle>,
    /// The unit vector of `heading_deg` (see [`Bullet`]'s field of the same name).
    dir: Vec<Vec2>,
    /// [`OCCUPIED`], or for a vacant key the next vacant key (the chain a slab keeps).
    next_free: Vec<u32>,
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

/// Whether a bullet at `pos` moving at `speed` and speeding up by `accel` is out of play: off
/// the playfield, or stopped for good.
#[inline]
fn out_of_play(pos: Vec2, speed: f32, accel: f32) -> bool {
    // Bitwise, not short-circuit: every test is a compare, and most bullets pass them all.
    let outside = (pos.x < -MARGIN)
        | (pos.x > PLAYFIELD.x + MARGIN)
        | (pos.y < -MARGIN)
        | (pos.y > PLAYFIELD.y + MARGIN);
    // A bullet that stopped and will never move again would sit there forever.
    let stuck = (speed == 0.0) & (accel <= 0.0);
    outside | stuck
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
        self.next_free.get(key) == Some(&OCCUPIED)
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
        if key == self.next_free.len() {
            self.pos.push(bullet.pos);
            self.speed.push(bullet.speed);
            self.heading_deg.push(bullet.heading_deg);
            self.accel.push(bullet.accel);
            self.ang_vel_deg.push(bullet.ang_vel_deg);
            self.style.push(bullet.style);
            self.age.push(bullet.age);
            self.handle.push(handle);
            self.dir.push(bullet.dir);
            self.next_free.push(OCCUPIED);
            self.vacant = key + 1;
        } else {
            self.vacant = self.next_free[key] as usize;
            self.next_free[key] = OCCUPIED;
            self.pos[key] = bullet.pos;
            self.speed[key] = bullet.speed;
            self.heading_deg[key] = bullet.heading_deg;
            self.accel[key] = bullet.accel;
            self.ang_vel_deg[key] = bullet.ang_vel_deg;
            self.style[key] = bullet.style;
            self.age[key] = bullet.age;
            self.handle[key] = handle;
            self.dir[key] = bullet.dir;
        }
        self.len += 1;
        key
    }

    /// Takes the bullet at `key` out, if there is one; its key is the next one handed out.
    pub fn remove(&mut self, key: usize) -> Option<Bullet> {
        let bullet = self.get(key)?;
        self.next_free[key] = self.vacant as u32;
        self.vacant = key;
        self.len -= 1;
        // Still: see the type's contract.
        self.speed[key] = 0.0;
        self.accel[key] = 0.0;
        Some(bullet)
    }

    /// Every occupied key, in ascending order.
    fn keys(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        (0..self.next_free.len()).filter(|&k| self.next_free[k] == OCCUPIED)
    }

    /// Every bullet, in ascending key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (usize, Bullet)> + '_ {
        self.keys().map(|k| (k, self.at(k)))
    }

    /// What drawing a bullet needs (where, which style, which way), for every bullet in
    /// ascending key order: three columns read, not all of them.
    pub fn sprites(&self) -> impl DoubleEndedIterator<Item = BulletSprite> + '_ {
        self.keys().map(|k| BulletSprite {
            pos: self.pos[k],
            style: self.style[k],
            heading_deg: self.heading_deg[k],
        })
    }

    /// Makes room for `n` bullets in all, and writes the memory once, so that no step is the
    /// first to touch it. Only for an empty store; it stays empty.
    pub(super) fn reserve(&mut self, n: usize) {
        debug_assert!(self.is_empty());
        let placeholder = Bullet::new(Vec2::ZERO, 0.0, 0.0, 0.0, 0.0, BulletStyle::Small);
        for _ in 0..n {
            self.insert(placeholder.clone(), PLACEHOLDER);
        }
        self.clear();
    }

    /// Removes every bullet, keeping the memory.
    pub fn clear(&mut self) {
        // Every field by name: a new column left out here would stop the build, not leave
        // the columns of different lengths.
        let Bullets {
            pos,
            speed,
            heading_deg,
            accel,
            ang_vel_deg,
            style,
            age,
            handle,
            dir,
            next_free,
            vacant,
            len,
        } = self;
        pos.clear();
        dir.clear();
        for column in [speed, heading_deg, accel, ang_vel_deg] {
            column.clear();
        }
        style.clear();
        age.clear();
        handle.clear();
        next_free.clear();
        (*vacant, *len) = (0, 0);
    }

    fn at(&self, k: usize) -> Bullet {
        Bullet {
            pos: self.pos[k],
            speed: self.speed[k],
            heading_deg: self.heading_deg[k],
            accel: self.accel[k],
            ang_vel_deg: self.ang_vel_deg[k],
            style: self.style[k],
            age: self.age[k],
            handle: Some(self.handle[k]),
            dir: self.dir[k],
        }
    }

    /// One step of every bullet: turn those still curling (for `curl_steps` steps of their
    /// life), accelerate and move them all, age them, and give the collider their boxes. The
    /// keys of those that left the playfield, stopped for good or grew too old are pushed on
    /// `gone` in ascending order, still stored; `turned` is scratch.
    ///
    /// The result is the same, bit for bit, as stepping each [`Bullet`] alone in key order.
    pub(super) fn advance(
        &mut self,
        curl_steps: u32,
        collider: &mut Collider,
        gone: &mut Vec<usize>,
        turned: &mut Vec<u32>,
    ) {
        // A block at a time, every pass over it before the next: a block's columns are still
        // in the nearest cache for the passes after the first, where whole-store passes read
        // every column from memory again (a step is bound by memory on a busy host).
        let n = self.next_free.len();
        debug_assert!(
            [
                self.pos.len(),
                self.speed.len(),
                self.heading_deg.len(),
                self.accel.len()
            ]
            .into_iter()
            .chain([self.ang_vel_deg.len(), self.style.len(), self.age.len()])
            .chain([self.handle.len(), self.dir.len()])
            .all(|len| len == n),
            "every column has one entry per key"
        );
        for start in (0..n).step_by(BLOCK) {
            let keys = start..n.min(start + BLOCK);
            turned.clear();
            self.turn(keys.clone(), curl_steps, turned);
            let mut out = [false; BLOCK];
            self.fly(keys.clone(), &mut out);
            self.settle(keys, &out, turned, collider, gone);
        }
    }

    /// Turns the bullets of `keys` still curling. The unit heading is a function of the
    /// heading's bits: worked out again only when they change (adding a zero turn can still
    /// turn -0 into +0). Pushes the needles that turned, whose shape changes with them.
    fn turn(&mut self, keys: Range<usize>, curl_steps: u32, turned: &mut Vec<u32>) {
        for k in keys {
            if self.age[k] < curl_steps && self.next_free[k] == OCCUPIED {
                let heading = self.heading_deg[k] + self.ang_vel_deg[k] * DT;
                if heading.to_bits() != self.heading_deg[k].to_bits() {
                    self.heading_deg[k] = heading;
                    self.dir[k] = unit(heading);
                    if !self.style[k].is_round() {
                        turned.push(k as u32);
                    }
                }
            }
        }
    }

    /// Speed and position of every key of `keys` at once, in a loop the compiler vectorises (a
    /// vacant key stays put), and whether each bullet is now out of play by where it is or how
    /// it moves, in `out` from its start.
    fn fly(&mut self, keys: Range<usize>, out: &mut [bool; BLOCK]) {
        let (pos, dir) = (&mut self.pos[keys.clone()], &self.dir[keys.clone()]);
        let (speed, accel) = (&mut self.speed[keys.clone()], &self.accel[keys]);
        for ((((p, d), s), a), o) in pos
            .iter_mut()
            .zip(dir)
            .zip(speed.iter_mut())
            .zip(accel)
            .zip(out.iter_mut())
        {
            *s = (*s + *a * DT).clamp(0.0, limits::MAX_SPEED);
            *p += *d * *s * DT;
            *o = out_of_play(*p, *s, *a);
        }
    }

    /// Ages the bullets of `keys`, pushes those leaving on `gone`, and gives the collider the
    /// boxes of the others: the new shape of a needle in `turned` (ascending keys), the box of
    /// the rest. Every column is cut to the block first, so indexing them needs no bounds
    /// checks.
    fn settle(
        &mut self,
        keys: Range<usize>,
        out: &[bool; BLOCK],
        turned: &[u32],
        collider: &mut Collider,
        gone: &mut Vec<usize>,
    ) {
        let (first, n) = (keys.start, keys.len());
        let (next_free, age) = (&self.next_free[keys.clone()], &mut self.age[keys.clone()]);
        let (pos, dir, out) = (&self.pos[keys.clone()], &self.dir[keys.clone()], &out[..n]);
        let (style, heading, handle) = (
            &self.style[keys.clone()],
            &self.heading_deg[keys.clone()],
            &self.handle[keys],
        );
        let mut t = 0;
        for i in 0..n {
            if next_free[i] != OCCUPIED {
                continue;
            }
            let k = first + i;
            age[i] += 1;
            let is_turned = turned.get(t) == Some(&(k as u32));
            t += usize::from(is_turned);
            if out[i] | (age[i] > BULLET_MAX_AGE) {
                gone.push(k);
                continue;
            }
            // A needle that turned gives the collider its new shape, turned by the sine and
            // cosine it has just moved by (its unit heading); a circle only moves, and so does
            // a needle that did not turn (its shape is the one the collider has).
            let _ = if is_turned {
                debug_assert!(!style[i].is_round() && dir[i] == unit(heading[i]));
                let needle = (needle_half(style[i]), heading[i].to_radians());
                collider.set_oriented(handle[i], pos[i], needle, (dir[i].y, dir[i].x))
            } else {
                collider.set_aabb(handle[i], hitbox_of(pos[i], style[i], dir[i]))
            };
        }
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
                Layer::EnemyBullet,
            )
            .shape(bullet.shape()),
        )
        .ok()?;
    Some(bullets.insert(bullet, handle))
}

/// One step of every bullet ([`Bullets::advance`]), as `difficulty` lets curving bullets curl;
/// those that leave take their boxes out of `collider`.
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
    for k in gone.drain(..) {
        let b = bullets.remove(k);
        debug_assert!(b.is_some(), "advance pushes stored keys only");
        if let Some(b) = b {
            remove_box(collider, b.handle);
        }
    }
    scratch.gone = gone;
}

/// Removes bullet `k` with its box (it hit a ship, or was cancelled); where it was.
pub(crate) fn remove(bullets: &mut Bullets, collider: &mut Collider, k: usize) -> Option<Vec2> {
    let b = bullets.remove(k)?;
    remove_box(collider, b.handle);
    Some(b.pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::{BoxDesc, Layer};

    /// One step of a lone bullet by the rules `advance` states, written plainly: its new
    /// value, whether its needle turned, and whether it leaves.
    fn step_alone(mut b: Bullet, curl_steps: u32) -> (Bullet, bool, bool) {
        b.speed = (b.speed + b.accel * DT).clamp(0.0, limits::MAX_SPEED);
        let mut turned = false;
        if b.age < curl_steps {
            let heading = b.heading_deg + b.ang_vel_deg * DT;
            if heading.to_bits() != b.heading_deg.to_bits() {
                b.heading_deg = heading;
                b.dir = unit(heading);
                turned = !b.style.is_round();
            }
        }
        b.pos += b.dir * b.speed * DT;
        b.age += 1;
        let leaves = out_of_play(b.pos, b.speed, b.accel) || b.age > BULLET_MAX_AGE;
        (b, turned, leaves)
    }

    /// Several blocks of bullets of every style, some curling, some slowing to a stop, some
    /// flying off, with holes: `advance` gives each what a lone step gives it, bit for bit,
    /// the collider the boxes, and `gone` the leavers in key order.
    #[test]
    fn advancing_in_blocks_steps_each_bullet_as_alone() {
        let mut store = Bullets::default();
        let mut collider = Collider::default();
        let mut rng = oorandom::Rand32::new(11);
        for i in 0..(BLOCK * 3 + 77) {
            let b = Bullet::new(
                Vec2::new(rng.rand_float() * 224.0, rng.rand_float() * 320.0),
                rng.rand_float() * 90.0,
                rng.rand_float() * 360.0,
                [0.0, -40.0, 25.0][i % 3],
                [0.0, 0.0, 90.0, -35.0][i % 4],
                BulletStyle::ALL[i % 4],
            );
            let h = collider
                .insert(BoxDesc::new(b.hitbox(), i as u32, Layer::EnemyBullet).shape(b.shape()))
                .expect("room");
            store.insert(b, h);
        }
        for k in (0..store.next_free.len()).step_by(7) {
            store.remove(k);
        }
        let (mut gone, mut turned) = (Vec::new(), Vec::new());
        let curl_steps = 20;
        for step in 0..40 {
            let before: Vec<(usize, Bullet)> = store.iter().collect();
            store.advance(curl_steps, &mut collider, &mut gone, &mut turned);
            let mut leavers = Vec::new();
            for (k, b) in before {
                let (want, _, leaves) = step_alone(b, curl_steps);
                let got = store.get(k).expect("still stored");
                let bits = |b: &Bullet| {
                    [b.pos.x, b.pos.y, b.speed, b.heading_deg, b.dir.x, b.dir.y].map(f32::to_bits)
                };
                assert_eq!(
                    (bits(&got), got.age),
                    (bits(&want), want.age),
                    "step {step}, key {k}"
                );
                if leaves {
                    leavers.push(k);
                } else {
                    let (_, aabb) = collider.get(got.handle.expect("a box")).expect("live");
                    assert_eq!(aabb, want.hitbox(), "step {step}, key {k}");
                    let shape = collider.shape(got.handle.expect("a box"));
                    assert_eq!(shape.ok(), Some(want.shape()), "step {step}, key {k}");
                }
            }
            assert_eq!(gone, leavers, "step {step}");
            for k in gone.drain(..) {
                let b = store.remove(k).expect("stored");
                collider.remove(b.handle.expect("a box")).expect("live");
            }
            collider.update();
        }
        assert!(store.len() > BLOCK, "most bullets stay on screen");
    }

    fn bullet(x: f32) -> Bullet {
        Bullet::new(Vec2::new(x, 0.0), 1.0, 90.0, 0.0, 0.0, BulletStyle::Round)
    }

    /// The same calls on a slab and on the store give the same keys and the same order.
    #[test]
    fn keys_are_handed_out_and_visited_as_a_slab_does() {
        let mut slab = slab::Slab::new();
        let mut store = Bullets::default();
        let h = PLACEHOLDER;
        let mut rng = oorandom::Rand32::new(7);
        for step in 0..2_000 {
            let x = step as f32;
            if rng.rand_range(0..3) == 0 && !slab.is_empty() {
                let keys: Vec<usize> = slab.iter().map(|(k, _)| k).collect();
                let k = keys[rng.rand_range(0..keys.len() as u32) as usize];
                let a: f32 = slab.remove(k);
                let b = store.remove(k).expect("the slab had it");
                assert_eq!(a, b.pos.x);
                assert!(store.remove(k).is_none(), "removed twice");
            } else {
                assert_eq!(store.vacant_key(), slab.vacant_key());
                assert_eq!(store.insert(bullet(x), h), slab.insert(x));
            }
            assert_eq!(store.len(), slab.len());
            let ours: Vec<(usize, f32)> = store.iter().map(|(k, b)| (k, b.pos.x)).collect();
            let theirs: Vec<(usize, f32)> = slab.iter().map(|(k, &x)| (k, x)).collect();
            assert_eq!(ours, theirs, "step {step}");
            let drawn: Vec<f32> = store.sprites().rev().map(|s| s.pos.x).collect();
            let backwards: Vec<f32> = theirs.iter().rev().map(|&(_, x)| x).collect();
            assert_eq!(
                drawn, backwards,
                "step {step}: drawing sees them all, in order"
            );
        }
    }

    #[test]
    fn a_removed_key_holds_still_and_reads_as_empty() {
        let mut store = Bullets::default();
        let k = store.insert(bullet(5.0), PLACEHOLDER);
        assert!(store.contains(k) && store.get(k).is_some());
        store.remove(k);
        assert!(!store.contains(k) && store.get(k).is_none() && store.handle(k).is_none());
        assert_eq!((store.speed[k], store.accel[k]), (0.0, 0.0));
        assert!(store.is_empty());
    }

    #[test]
    fn reserving_leaves_the_store_empty_with_keys_from_zero() {
        let mut store = Bullets::default();
        store.reserve(100);
        assert!(store.is_empty() && store.iter().next().is_none());
        assert_eq!(store.insert(bullet(1.0), PLACEHOLDER), 0);
        assert!(store.pos.capacity() >= 100);
    }
}
