//! The turns of the bullets still curling, kept dense and in key order.
//!
//! Only a young bullet curls (for the difficulty's curl time), and young bullets sit at
//! whatever keys were freed last, scattered over the store. Read from the turn column, each
//! cost a cache line of its own at every step. Here the step streams them: it reads the list
//! in key order as it walks the blocks, and writes the turns still curling to a second list,
//! which becomes the first at the end (`docs/perf-100k.md`, eleventh pass).
//!
//! The list holds turns alone, no keys: its `j`th entry belongs to the `j`th key of the
//! store's *ranked* keys, a set the store keeps as bits (see
//! [`Bullets`](super::Bullets)'s `fresh` and `dropped`). So an entry is found by counting
//! bits: [`Curlers::start`] gives the entries before each block of keys, and the bits within
//! the block do the rest, in O(1).

use super::Turn;

/// One turn per ranked key, in key order, and where each block's start.
#[derive(Clone, Debug, Default)]
pub(super) struct Curlers {
    list: Vec<Turn>,
    /// What the step in progress keeps; the list once the step ends.
    next: Vec<Turn>,
    /// Entries of `list` the step in progress has taken.
    read: usize,
    /// For each block of keys (`advance::BLOCK`), the entries of ranked keys before it. During a step,
    /// the entries the next list has before it, for the blocks the step has begun.
    starts: Vec<u32>,
}

impl Curlers {
    /// Room for `n` curling bullets in both lists, written once (see `collide::reserve_touched`).
    pub fn reserve(&mut self, n: usize) {
        crate::collide::reserve_touched(&mut self.list, n, Turn::default());
        crate::collide::reserve_touched(&mut self.next, n, Turn::default());
    }

    pub fn clear(&mut self) {
        self.list.clear();
        self.next.clear();
        self.starts.clear();
        self.read = 0;
    }

    /// A block of keys past the last: its keys are not ranked yet, so every entry is before it.
    pub fn add_block(&mut self) {
        self.starts.push(self.list.len() as u32);
    }

    /// Entries before block `b`.
    #[inline]
    pub fn start(&self, b: usize) -> usize {
        self.starts[b] as usize
    }

    /// The entry at `rank`.
    #[inline]
    pub fn get(&self, rank: usize) -> Option<Turn> {
        self.list.get(rank).copied()
    }

    /// Entries in the list.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Starts a step: every entry is still to take, none is kept.
    pub fn begin(&mut self) {
        self.next.clear();
        self.read = 0;
    }

    /// Starts block `b` of the step: what is kept from now on is in it or after it.
    #[inline(always)]
    pub fn begin_block(&mut self, b: usize) {
        self.starts[b] = self.next.len() as u32;
    }

    /// The step's next entry: that of the next ranked key. `None` only if the store broke the
    /// count (a debug build panics first).
    #[inline(always)]
    pub fn take(&mut self) -> Option<Turn> {
        let t = self.list.get(self.read).copied();
        debug_assert!(t.is_some(), "more ranked keys than turns");
        self.read += 1;
        t
    }

    /// Keeps a turn for the next step; the step keeps them in key order.
    #[inline(always)]
    pub fn keep(&mut self, turn: Turn) {
        self.next.push(turn);
    }

    /// Ends a step: what it kept is the list.
    pub fn end(&mut self) {
        debug_assert_eq!(self.read, self.list.len(), "a turn not taken");
        std::mem::swap(&mut self.list, &mut self.next);
        self.next.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(h: f32) -> Turn {
        Turn {
            heading_deg: h,
            ang_vel_deg: 1.0,
        }
    }

    #[test]
    fn a_step_keeps_what_it_keeps_and_counts_each_block_from_it() {
        let mut c = Curlers::default();
        for _ in 0..3 {
            c.add_block();
        }
        c.begin();
        for b in 0..3 {
            c.begin_block(b);
            for h in 0..b {
                c.keep(turn((b * 10 + h) as f32));
            }
        }
        c.end();
        assert_eq!((c.len(), c.start(0), c.start(1), c.start(2)), (3, 0, 0, 1));
        assert_eq!(c.get(1), Some(turn(20.0)));
        c.add_block();
        assert_eq!(c.start(3), 3, "a new block comes after every entry");
        c.begin();
        assert_eq!(c.take(), Some(turn(10.0)));
        assert_eq!((c.take(), c.take()), (Some(turn(20.0)), Some(turn(21.0))));
        for b in 0..4 {
            c.begin_block(b);
        }
        c.end();
        assert_eq!((c.len(), c.get(0), c.start(3)), (0, None, 0));
    }
}
