//! One step of every enemy bullet: turn, move, age, and hand the collider the new boxes.
//!
//! Each pass reads only the columns it needs, and branches on no data that comes in no order
//! (`docs/perf-100k.md`, ninth pass): the turn reads a bullet's heading and turn rate only
//! where its bit in `curling` is set, and the motion pass reads accelerations only in a block
//! where some bullet's bit in `speeding` is set. Every other bullet keeps its heading and
//! speed to the bit, which is what lets the passes skip them.

use std::ops::Range;

use glam::Vec2;
use multiversion::multiversion;

use crate::collide::{BroadPhase, Collider};
use crate::level::limits;
use crate::sim::model::bullet::{hitbox_of, needle_half, unit, BULLET_MAX_AGE};
use crate::sim::model::clock::DT;
use crate::sim::systems::shared::remove_box;
use crate::sim::PLAYFIELD;

use super::{Bullets, Turn, VACANT};

/// Keys stepped together by [`Bullets::advance`]: a block's columns (about 11 KB: 43 bytes a
/// key) and the collider's entries for it stay in the first-level cache from one pass to the
/// next. A multiple of 64, so a block's bits are whole words.
pub(super) const BLOCK: usize = 256;

/// The words of a bit column that hold the bits of `keys`.
fn words(keys: &Range<usize>) -> Range<usize> {
    keys.start / 64..keys.end.div_ceil(64)
}

/// How far outside the playfield, in pixels, a bullet may go before it is gone.
const MARGIN: f32 = 16.0;

/// Whether turning a bullet can change its heading: adding its turn once changes the
/// heading's bits. A turn adds the same amount every time, so one that changes nothing now
/// never will (a zero turn leaves every heading but -0 as it is).
pub(super) fn curls(t: Turn) -> bool {
    (t.heading_deg + t.ang_vel_deg * DT).to_bits() != t.heading_deg.to_bits()
}

/// Whether a bullet's speed stays as it is, to the bit, at every step: no acceleration (0 or
/// -0), and a speed that adding it and the step's clamp return unchanged, to the bit (not -0
/// with a +0 acceleration, not over the limit).
pub(super) fn steady(speed: f32, accel: f32) -> bool {
    accel == 0.0 && (speed + accel * DT).clamp(0.0, limits::MAX_SPEED).to_bits() == speed.to_bits()
}

/// Whether a bullet at `pos` moving at `speed` and speeding up by `accel` is out of play: off
/// the playfield, or stopped for good.
#[inline]
pub(super) fn out_of_play(pos: Vec2, speed: f32, accel: f32) -> bool {
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
    /// One step of every bullet: turn those still curling (for `curl_steps` steps of their
    /// life), accelerate and move them all, age them, and give the collider their boxes. Those
    /// that left the playfield, stopped for good or grew too old are taken out with their
    /// boxes, in ascending key order, and their keys pushed on `gone`; `turned` is scratch.
    ///
    /// The result is the same, bit for bit, as stepping each [`Bullet`](crate::sim::Bullet)
    /// alone in key order.
    pub(in crate::sim) fn advance(
        &mut self,
        curl_steps: u32,
        collider: &mut Collider,
        gone: &mut Vec<usize>,
        turned: &mut Vec<(u32, f32)>,
    ) {
        let n = self.age.len();
        debug_assert!(
            [self.pos.len(), self.speed.len(), self.turn.len()]
                .into_iter()
                .chain([self.accel.len(), self.style.len(), self.handle.len()])
                .chain([self.dir.len(), self.next_free.len()])
                .all(|len| len == n)
                && self.curling.len() == n.div_ceil(64)
                && self.fresh.len() == n.div_ceil(64)
                && self.dropped.len() == n.div_ceil(64)
                && self.speeding.len() == n.div_ceil(64),
            "every column has one entry per key, and every bit column a bit"
        );
        if self.curl_steps.is_some_and(|last| curl_steps > last) {
            self.curl_again();
        }
        self.curl_steps = Some(curl_steps);
        self.curlers.begin();
        advance_blocks(self, curl_steps, collider, gone, turned);
        self.curlers.end();
    }

    /// The passes of [`Bullets::advance`] over the block of `keys`: turn, fly, settle, and
    /// take the leavers out.
    #[inline(always)]
    fn advance_block(
        &mut self,
        keys: Range<usize>,
        curl_steps: u32,
        collider: &mut Collider,
        gone: &mut Vec<usize>,
        turned: &mut Vec<(u32, f32)>,
    ) {
        turned.clear();
        self.turn_curling(keys.clone(), curl_steps, turned);
        let mut out = [false; BLOCK];
        self.fly(keys.clone(), &mut out);
        let leaving = gone.len();
        self.settle(keys, &out, turned, collider, gone);
        // Taken out while the block's entries are still in the nearest cache. In ascending
        // key order, as whole-store removals after the step were: the vacant keys chain up
        // the same way, and the collider is handed the same removals in the same order.
        for &k in &gone[leaving..] {
            remove_box(collider, Some(self.handle[k]));
            self.vacate(k);
        }
    }

    /// Sets the curling bit of every bullet that can turn again, after a longer curl time than
    /// the one their bits were cleared under. (A world's difficulty, and with it its curl
    /// time, stays as it is, so this is for a store stepped under another.)
    #[cold]
    fn curl_again(&mut self) {
        // Every held turn back in its column first: the bits are about to change.
        let held: Vec<(usize, Turn)> = self.turns().filter(|&(k, _)| self.held(k)).collect();
        for (k, turn) in held {
            self.turn[k] = turn;
        }
        // No key is ranked now, so the list is empty and every block starts it.
        self.curlers.clear();
        for _ in (0..self.age.len()).step_by(BLOCK) {
            self.curlers.add_block();
        }
        self.dropped.fill(0);
        for k in 0..self.age.len() {
            let on = self.age[k] != VACANT && curls(self.turn[k]);
            super::set_bit(&mut self.curling, k, on);
            super::set_bit(&mut self.fresh, k, on);
        }
    }

    /// Turns the bullets of `keys` still curling: those whose bit is set, younger than
    /// `curl_steps`; a bullet as old clears its bit, as it will not turn again, and its
    /// heading goes back to the turn column. A held turn is the next entry of `curlers` (a
    /// fresh one is in the column); the turns still curling go on to the next step's list,
    /// and the entries of bullets taken out are dropped. The unit heading is a function of the
    /// heading's bits: worked out again only when they change (adding a zero turn can still
    /// turn -0 into +0). Pushes the needles that turned, whose shape changes with them, with
    /// their new headings, in ascending order.
    #[inline(always)]
    fn turn_curling(&mut self, keys: Range<usize>, curl_steps: u32, turned: &mut Vec<(u32, f32)>) {
        self.curlers.begin_block(keys.start / BLOCK);
        for w in words(&keys) {
            let ranked = self.ranked_word(w);
            let fresh = std::mem::take(&mut self.fresh[w]);
            let mut bits = self.curling[w] | std::mem::take(&mut self.dropped[w]);
            while bits != 0 {
                let b = bits.trailing_zeros();
                let k = w * 64 + b as usize;
                bits &= bits - 1;
                let entry = if ranked >> b & 1 != 0 {
                    self.curlers.take()
                } else {
                    None
                };
                // The column is read only for a fresh bullet: that read is what the list
                // saves. A key whose bit is clear here was dropped (and is not fresh).
                let mut t = match entry {
                    _ if self.curling[w] >> b & 1 == 0 => continue,
                    Some(t) if fresh >> b & 1 == 0 => t,
                    _ => self.turn[k],
                };
                // Only an occupied key's bit is ever set.
                debug_assert!(self.age[k] != VACANT);
                if u32::from(self.age[k]) >= curl_steps {
                    self.curling[w] &= !(1 << b);
                    self.turn[k] = t;
                    continue;
                }
                let heading = t.heading_deg + t.ang_vel_deg * DT;
                if heading.to_bits() != t.heading_deg.to_bits() {
                    t.heading_deg = heading;
                    self.dir[k] = unit(heading);
                    // Pushed, and kept only for a needle: no branch on the style, which
                    // comes in any order.
                    let kept = turned.len() + usize::from(!self.style[k].is_round());
                    turned.push((k as u32, heading));
                    turned.truncate(kept);
                }
                self.curlers.keep(t);
            }
        }
    }

    /// Speed and position of every key of `keys` at once, in a loop the compiler vectorises (a
    /// vacant key stays put), and whether each bullet is now out of play by where it is or how
    /// it moves, in `out` from its start. A block where no bullet changes speed leaves the
    /// speeds and accelerations unread but for the speed the move needs.
    #[inline(always)]
    fn fly(&mut self, keys: Range<usize>, out: &mut [bool; BLOCK]) {
        let speeding = self.speeding[words(&keys)].iter().any(|&w| w != 0);
        let (pos, dir) = (&mut self.pos[keys.clone()], &self.dir[keys.clone()]);
        if !speeding {
            // Every accel here is 0 or -0, and every speed its own next value.
            let speed = &self.speed[keys];
            for (((p, d), s), o) in pos.iter_mut().zip(dir).zip(speed).zip(out.iter_mut()) {
                *p += *d * *s * DT;
                *o = out_of_play(*p, *s, 0.0);
            }
            return;
        }
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
    /// boxes of the others, then the new shapes of the needles in `turned` (ascending keys).
    /// Every column is cut to the block first, so indexing them needs no bounds checks.
    #[inline(always)]
    fn settle(
        &mut self,
        keys: Range<usize>,
        out: &[bool; BLOCK],
        turned: &[(u32, f32)],
        collider: &mut Collider,
        gone: &mut Vec<usize>,
    ) {
        let (first, n) = (keys.start, keys.len());
        let (age, handle) = (&mut self.age[keys.clone()], &self.handle[keys.clone()]);
        let (pos, dir, out) = (&self.pos[keys.clone()], &self.dir[keys.clone()], &out[..n]);
        let style = &self.style[keys];
        let leaves = |i: usize, age: u16| out[i] | (u32::from(age) > BULLET_MAX_AGE);
        for i in 0..n {
            if age[i] == VACANT {
                continue;
            }
            age[i] += 1;
            if leaves(i, age[i]) {
                gone.push(first + i);
                continue;
            }
            let _ = collider.set_aabb(handle[i], hitbox_of(pos[i], style[i], dir[i]));
        }
        // A needle that turned gives the collider its new shape, turned by the sine and cosine
        // it has just moved by (its unit heading), over the box it was just given: apart, so
        // the loop above has no branch on which bullets turned. A circle only moves, and so
        // does a needle that did not turn (its shape is the one the collider has).
        for &(k, heading) in turned {
            let i = k as usize - first;
            if leaves(i, age[i]) {
                continue;
            }
            debug_assert!(!style[i].is_round() && dir[i] == unit(heading));
            let needle = (needle_half(style[i]), heading.to_radians());
            let _ = collider.set_oriented(handle[i], pos[i], needle, (dir[i].y, dir[i].x));
        }
    }
}

/// Every block of `bullets`, in key order, every pass over a block before the next: a block's
/// columns are still in the nearest cache for the passes after the first, where whole-store
/// passes read every column from memory again.
///
/// Compiled again for AVX2, picked at run time: the motion pass and the boxes take fewer
/// instructions, and the results are the same to the bit (Rust fuses no multiply with an add,
/// and compares are exact). Not for AVX-512: its wider vectors made the step slower. The
/// features are x86-64-v3's, as `multiversion` spells that level in its `simd` targets (which
/// would add AVX-512, hence the list).
#[multiversion(targets("x86_64+avx+avx2+bmi1+bmi2+cmpxchg16b+f16c+fma+lzcnt+movbe+popcnt+sse3+sse4.1+sse4.2+ssse3+xsave"))]
fn advance_blocks(
    bullets: &mut Bullets,
    curl_steps: u32,
    collider: &mut Collider,
    gone: &mut Vec<usize>,
    turned: &mut Vec<(u32, f32)>,
) {
    let n = bullets.age.len();
    for start in (0..n).step_by(BLOCK) {
        let keys = start..n.min(start + BLOCK);
        bullets.advance_block(keys, curl_steps, collider, gone, turned);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::BoxDesc;
    use crate::level::BulletStyle;
    use crate::sim::layers::{collision_map, GameLayer};
    use crate::sim::Bullet;

    /// Words of bits a block has.
    const WORDS: usize = BLOCK / 64;

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

    /// New bullets at the keys last freed, into blocks of every kind: a curling needle that
    /// speeds up (a steady block's first), a bullet near the end of its life, and one older
    /// than any lives, which leaves at its next step.
    fn join_at_freed_keys(store: &mut Bullets, collider: &mut Collider, step: u32) {
        let pos = Vec2::new(20.0 + step as f32, 150.0);
        let old = |age: u32| {
            let mut b = Bullet::new(pos, 12.0, 80.0, 0.0, 0.0, BulletStyle::Round);
            b.age = age;
            b
        };
        let joining = [
            Bullet::new(pos, 30.0, 45.0, 20.0, 60.0, BulletStyle::Needle),
            old(BULLET_MAX_AGE - 3),
            old(5_000),
        ];
        for b in joining {
            if store.vacant_key() >= store.age.len() {
                return;
            }
            let desc = BoxDesc::new(b.hitbox(), 9_000 + step, GameLayer::EnemyBullet);
            let h = collider.insert(desc.shape(b.shape())).expect("room");
            store.insert(b, h);
        }
    }

    /// Several blocks of bullets of every style, some curling, some slowing to a stop, some
    /// flying off, with holes, under curl times that change: `advance` gives each what a lone
    /// step gives it, bit for bit, the collider the boxes, and `gone` the leavers in key order.
    #[test]
    fn advancing_in_blocks_steps_each_bullet_as_alone() {
        let mut store = Bullets::default();
        let mut collider = Collider::with_map(collision_map());
        let mut rng = oorandom::Rand32::new(11);
        for i in 0..(BLOCK * 5 + 77) {
            let (speed, heading) = (rng.rand_float() * 90.0, rng.rand_float() * 360.0);
            let b = match i / BLOCK {
                // Steady blocks: no bullet changes speed, some turn, some head -0 with no
                // turn (the first step makes it +0), some turn by too little to show.
                1 | 3 => Bullet::new(
                    Vec2::new(rng.rand_float() * 224.0, rng.rand_float() * 320.0),
                    [speed, 0.0, speed][i % 3],
                    [heading, -0.0, heading, heading][i % 4],
                    [0.0, -0.0][i % 2],
                    [0.0, 0.0, 90.0, 1e-30][i % 4],
                    BulletStyle::ALL[i % 4],
                ),
                // A block that speeds because of its odd speeds alone: -0, and over the limit.
                2 => Bullet::new(
                    Vec2::new(rng.rand_float() * 224.0, rng.rand_float() * 320.0),
                    [-0.0, limits::MAX_SPEED * 2.0, speed][i % 3],
                    heading,
                    0.0,
                    [0.0, -35.0][i % 2],
                    BulletStyle::ALL[i % 4],
                ),
                _ => Bullet::new(
                    Vec2::new(rng.rand_float() * 224.0, rng.rand_float() * 320.0),
                    speed,
                    heading,
                    [0.0, -40.0, 25.0][i % 3],
                    [0.0, 0.0, 90.0, -35.0][i % 4],
                    BulletStyle::ALL[i % 4],
                ),
            };
            let h = collider
                .insert(BoxDesc::new(b.hitbox(), i as u32, GameLayer::EnemyBullet).shape(b.shape()))
                .expect("room");
            store.insert(b, h);
        }
        for k in (0..store.next_free.len()).step_by(7) {
            store.remove(k);
        }
        let steady_blocks = (0..store.speeding.len() / WORDS)
            .filter(|b| {
                store.speeding[b * WORDS..(b + 1) * WORDS]
                    .iter()
                    .all(|&w| w == 0)
            })
            .count();
        assert_eq!(steady_blocks, 2, "blocks 1 and 3 take the steady path");
        store.check_bits();
        let (mut gone, mut turned) = (Vec::new(), Vec::new());
        for step in 0..40 {
            // A curl time that grows and shrinks: those past one turn again under a longer.
            let curl_steps = match step {
                0..25 => 20,
                25..32 => u32::MAX,
                32..36 => 10,
                _ => 15,
            };
            let before: Vec<(usize, Bullet)> = store.iter().collect();
            store.advance(curl_steps, &mut collider, &mut gone, &mut turned);
            store.check_bits();
            let mut leavers = Vec::new();
            for (k, b) in before {
                let (want, _, leaves) = step_alone(b.clone(), curl_steps);
                let handle = b.handle.expect("a box");
                if leaves {
                    leavers.push(k);
                    assert!(!store.contains(k), "step {step}, key {k}: taken out");
                    assert!(!collider.contains(handle), "step {step}, key {k}: box gone");
                    continue;
                }
                let got = store.get(k).expect("still stored");
                let bits = |b: &Bullet| {
                    [b.pos.x, b.pos.y, b.speed, b.heading_deg, b.dir.x, b.dir.y].map(f32::to_bits)
                };
                assert_eq!(
                    (bits(&got), got.age),
                    (bits(&want), want.age),
                    "step {step}, key {k}"
                );
                let (_, aabb) = collider.get(handle).expect("live");
                assert_eq!(aabb, want.hitbox(), "step {step}, key {k}");
                let shape = collider.shape(handle);
                assert_eq!(shape.ok(), Some(want.shape()), "step {step}, key {k}");
            }
            assert_eq!(gone, leavers, "step {step}");
            // Taken out in ascending order, as a slab would: the last is the next key out.
            if let Some(&last) = leavers.last() {
                assert_eq!(store.vacant_key(), last, "step {step}");
            }
            gone.clear();
            join_at_freed_keys(&mut store, &mut collider, step);
            store.check_bits();
            collider.update();
        }
        assert!(store.len() > BLOCK * 2, "most bullets stay on screen");
    }

    /// Curling bullets taken out between steps, their keys handed straight back out to new
    /// curlers (and to bullets that do not curl): every bullet still steps as alone, and
    /// every way of reading a bullet (by key, in order, drawn either way round) sees the
    /// heading its step gave it.
    #[test]
    fn curlers_taken_out_and_replaced_between_steps_keep_their_turns() {
        let mut store = Bullets::default();
        let mut collider = Collider::with_map(collision_map());
        let mut rng = oorandom::Rand32::new(5);
        let curler = |rng: &mut oorandom::Rand32, turns: bool| {
            let pos = Vec2::new(rng.rand_float() * 224.0, rng.rand_float() * 320.0);
            let turn = if turns {
                rng.rand_float() * 90.0 - 45.0
            } else {
                0.0
            };
            let style = BulletStyle::ALL[rng.rand_range(0..4) as usize];
            Bullet::new(pos, 20.0, rng.rand_float() * 360.0, 0.0, turn, style)
        };
        let add = |store: &mut Bullets, collider: &mut Collider, b: Bullet| {
            let desc = BoxDesc::new(b.hitbox(), 0, GameLayer::EnemyBullet).shape(b.shape());
            let h = collider.insert(desc).expect("room");
            store.insert(b, h);
        };
        for _ in 0..BLOCK * 3 {
            let b = curler(&mut rng, true);
            add(&mut store, &mut collider, b);
        }
        let (mut gone, mut turned) = (Vec::new(), Vec::new());
        for step in 0..30 {
            let before: Vec<(usize, Bullet)> = store.iter().collect();
            store.advance(40, &mut collider, &mut gone, &mut turned);
            store.check_bits();
            for (k, b) in before {
                let (want, _, leaves) = step_alone(b, 40);
                if !leaves {
                    let got = store.get(k).expect("still stored");
                    assert_eq!(got.heading_deg.to_bits(), want.heading_deg.to_bits());
                    assert_eq!(got.dir, want.dir, "step {step}, key {k}");
                }
            }
            gone.clear();
            // Out with every third bullet, then as many in, which take the same keys.
            let mut want: Vec<(usize, u32)> = (store.iter())
                .map(|(k, b)| (k, b.heading_deg.to_bits()))
                .collect();
            let keys: Vec<usize> = want.iter().map(|&(k, _)| k).step_by(3).collect();
            for &k in &keys {
                super::super::remove(&mut store, &mut collider, k);
            }
            for i in 0..keys.len() {
                let b = curler(&mut rng, i % 4 != 0);
                want.retain(|&(k, _)| k != store.vacant_key());
                want.push((store.vacant_key(), b.heading_deg.to_bits()));
                add(&mut store, &mut collider, b);
            }
            want.sort_unstable();
            store.check_bits();
            let read: Vec<(usize, u32)> = (store.iter())
                .map(|(k, _)| (k, store.get(k).expect("stored").heading_deg.to_bits()))
                .collect();
            assert_eq!(read, want, "step {step}: by key, each as it was or was put");
            let headings: Vec<u32> = store.iter().map(|(_, b)| b.heading_deg.to_bits()).collect();
            assert_eq!(headings, want.iter().map(|&(_, h)| h).collect::<Vec<_>>());
            let (drawn, back) = store.drawn_headings();
            assert_eq!((&drawn, &back), (&headings, &headings), "step {step}");
            collider.update();
        }
    }
}
