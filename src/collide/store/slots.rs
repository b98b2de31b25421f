//! The generational slot table behind [`Handle`]s: box descriptions, lifecycle states, the
//! current and previous positions, and the free list.
//!
//! Slot reuse order is part of the contract shared with [`BruteForce`](crate::collide::BruteForce):
//! slots freed by an update join the free list in ascending index order and `insert` takes the
//! most recently freed one, so both colliders hand out the same handles for the same calls.

use crate::collide::{Aabb, BoxDesc, ColliderError, Config, Contact, Handle, Layer, Shape};

/// The persistent identity of a pair of slots, lower slot in the high half, so sorting keys
/// orders pairs by (lower slot, higher slot). Slots stay below [`Config::MAX_CAPACITY`], so a
/// key leaves its top two bits clear (the events keep a kind there).
#[inline]
pub(in crate::collide) fn pair_key(a: u32, b: u32) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    ((lo as u64) << 32) | hi as u64
}

/// The two slots of a key, lower first.
#[inline]
pub(in crate::collide) fn key_slots(key: u64) -> (u32, u32) {
    ((key >> 32) as u32, key as u32)
}

/// `Head::flags`: the body is swept (see [`Slots::take_tested`]).
pub(in crate::collide) const SWEPT: u8 = 1;

/// The last generation a slot is handed out at: freed at it, the slot is retired (see
/// [`Slots::release_marked`]). `u32::MAX` is never a live generation, so [`Slots::seal`]'s
/// generation plus one is never 0 for a handle that reaches its slot.
pub(in crate::collide) const LAST_GENERATION: u32 = u32::MAX - 1;

/// Where a slot is in its life. Only `Pending` and `Live` boxes are visible to callers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::collide) enum State {
    Free,
    /// Inserted; joins the broad phase at the next update.
    Pending,
    Live,
    /// Removed by the caller; still in the endpoint lists until the next update.
    Leaving,
    /// Inserted and removed before any update saw it; never enters the endpoint lists.
    Stillborn,
}

/// What reporting reads of a slot, rarely touched by the per-frame loops: with the slot's
/// index it makes the slot's [`Contact`] (see [`Slots::contact`]) from one 16-byte entry, so
/// reading an event costs two cache lines, not four. `generation` and `layer` repeat the
/// [`Head`]'s (both are set only by `allocate`), which keeps the update's bookkeeping on the
/// small head.
#[derive(Clone, Copy, Debug)]
pub(in crate::collide) struct Meta {
    pub owner: u32,
    pub generation: u32,
    pub part: u16,
    pub user: u16,
    pub layer: Layer,
    /// Teleported since the last update while live: it leaves its sorted list and comes back
    /// through the batched merge, instead of being dragged across the list by the sort.
    pub jumped: bool,
}

/// The 8 bytes of a slot that the update's bookkeeping reads: one cache line fetch per slot
/// where separate arrays would cost several, which is what inserting or removing a burst of
/// boxes at scattered reused slots is bound by. (Handle checks read [`Slots::seal`].)
#[derive(Clone, Copy, Debug)]
pub(in crate::collide) struct Head {
    /// The generation of the handle that reaches this slot.
    pub generation: u32,
    pub state: State,
    pub layer: Layer,
    /// The sweep-and-prune: the band of the list the box is in (see `endpoints::band_of`), set
    /// when it joins one. The tree, which has no bands: flag bits (see `tree/aabb_tree.rs`), zero
    /// after each update.
    pub band: u8,
    /// [`SWEPT`].
    pub flags: u8,
}

// The layouts the comments above promise.
const _: () = assert!(std::mem::size_of::<Meta>() == 16 && std::mem::size_of::<Head>() == 8);

/// Slots in struct-of-arrays form: the arrays read or written every update are kept apart
/// from `meta`, which the hot loops rarely touch.
#[derive(Clone, Debug, Default)]
pub(in crate::collide) struct Slots {
    pub meta: Vec<Meta>,
    pub head: Vec<Head>,
    /// The generation plus one of a visible (pending or live) slot, 0 for any other: all
    /// [`Slots::resolve`] reads to check a handle, 4 bytes where the head is 8: moving a
    /// hundred thousand bullets a step checks a hundred thousand handles.
    pub seal: Vec<u32>,
    /// The box as last set by the caller.
    pub cur: Vec<Aabb>,
    /// The box at the previous update (or at insert/teleport), for swept boxes.
    pub prev: Vec<Aabb>,
    /// For swept boxes, the box the last [`Slots::take_tested`] swept from: what the narrow
    /// phase needs after `prev` has moved on.
    pub from: Vec<Aabb>,
    /// One bit per slot (bit `i % 64` of word `i / 64`): the body's shape is not its box, so
    /// its pairs need the narrow phase. Kept apart from the head: a needle turning every step
    /// changes its shape and reads this word, which it shares with its neighbours, not its
    /// head's cache line.
    shaped: Vec<u64>,
    /// Each shaped slot's exact shape (read it through [`Slots::shape_of`]): a compact column
    /// (16 bytes) apart from the boxes, read only by the narrow phase, and only for pairs with
    /// a shaped body.
    pub shape: Vec<Shape>,
    /// One bit per layer that has held a shaped body: pairs of layers without one skip the
    /// narrow phase altogether (the boxes-only fast path). Never cleared; a stale bit only
    /// costs a flag test per pair.
    pub shaped_layers: u16,
    /// One bit per layer that has held a swept body (set at insert, before the body's first
    /// `take_tested`): the unbanded lists of the other layers reload their boxes from `cur`
    /// alone (see `EndpointList::refresh`). Never cleared, as `shaped_layers`.
    pub swept_layers: u16,
    /// Position of each box in its layer's endpoint list (the tree: its leaf node) while
    /// `Live` or `Leaving`: the back-pointer from slot to endpoints. Dense, apart from `meta`, because the sort and
    /// the merge rewrite it for every entry they move.
    pub pos: Vec<u32>,
    free: Vec<u32>,
    /// Boxes counted against the capacity: pending, live, and leaving until applied.
    pub occupied: usize,
    /// Boxes visible to callers: pending or live.
    pub visible: usize,
}

impl Slots {
    /// Room for `n` slots in all, written once (see `reserve_touched`).
    pub fn reserve(&mut self, n: usize) {
        use super::reserve::reserve_touched;
        let more = n.saturating_sub(self.meta.len());
        let meta = Meta {
            owner: 0,
            generation: 0,
            part: 0,
            user: 0,
            layer: Layer::new(0),
            jumped: false,
        };
        let head = Head {
            generation: 0,
            state: State::Free,
            layer: Layer::new(0),
            band: 0,
            flags: 0,
        };
        reserve_touched(&mut self.meta, more, meta);
        reserve_touched(&mut self.head, more, head);
        reserve_touched(&mut self.seal, more, 0);
        reserve_touched(&mut self.cur, more, Aabb::default());
        reserve_touched(&mut self.prev, more, Aabb::default());
        reserve_touched(&mut self.from, more, Aabb::default());
        reserve_touched(&mut self.shape, more, Shape::Aabb);
        let words = n.div_ceil(64).saturating_sub(self.shaped.len());
        reserve_touched(&mut self.shaped, words, 0);
        reserve_touched(&mut self.pos, more, 0);
        let free = n.saturating_sub(self.free.len());
        reserve_touched(&mut self.free, free, 0);
    }

    /// Claims a slot for `desc`. The caller has validated the box and the capacity.
    pub fn allocate(&mut self, desc: &BoxDesc) -> Handle {
        let (index, generation) = match self.free.pop() {
            // Generations never wrap: a slot at the last one is retired in `release_marked`.
            Some(i) => (i, self.head[i as usize].generation + 1),
            None => {
                self.meta.push(Meta {
                    owner: 0,
                    generation: 0,
                    part: 0,
                    user: 0,
                    layer: desc.layer,
                    jumped: false,
                });
                self.head.push(Head {
                    generation: 0,
                    state: State::Free,
                    layer: desc.layer,
                    band: 0,
                    flags: 0,
                });
                self.seal.push(0);
                self.cur.push(desc.aabb);
                self.prev.push(desc.aabb);
                self.from.push(desc.aabb);
                self.shape.push(Shape::Aabb);
                if self.shaped.len() * 64 < self.meta.len() {
                    self.shaped.push(0);
                }
                self.pos.push(0);
                ((self.meta.len() - 1) as u32, 0)
            }
        };
        let handle = Handle { index, generation };
        let i = index as usize;
        self.meta[i] = Meta {
            owner: desc.owner,
            generation,
            part: desc.part,
            user: desc.user,
            layer: desc.layer,
            jumped: false,
        };
        self.head[i] = Head {
            generation,
            state: State::Pending,
            layer: desc.layer,
            band: 0,
            flags: u8::from(desc.swept) * SWEPT,
        };
        self.seal[i] = generation + 1;
        // A plain box's shape is known from its bit (see `Slots::shape_of`): a burst of
        // bullets at scattered reused slots then skips one cache line each.
        let shaped = desc.shape != Shape::Aabb;
        self.mark_shaped(i, shaped);
        if shaped {
            self.shape[i] = desc.shape;
        }
        self.shaped_layers |= shaped_bit(desc.layer, &desc.shape);
        self.swept_layers |= u16::from(desc.swept) * desc.layer.bit();
        self.cur[i] = desc.aabb;
        // Only a swept box reads its previous box (see `take_tested`); `pos` and `band` are
        // set when the box joins a list.
        if desc.swept {
            self.prev[i] = desc.aabb;
        }
        self.occupied += 1;
        self.visible += 1;
        handle
    }

    /// Whether slot `i` is live with its current box overlapping `area`: what an area query
    /// reports from a broad phase's own structure.
    #[inline]
    pub fn live_in(&self, i: usize, area: &Aabb) -> bool {
        self.head[i].state == State::Live && self.cur[i].overlaps(area)
    }

    /// What an event or query reports for slot `i`. Stays valid after the slot is freed,
    /// until an insert reuses it.
    #[inline]
    pub fn contact(&self, i: usize) -> Contact {
        let m = &self.meta[i];
        Contact {
            handle: Handle {
                index: i as u32,
                generation: m.generation,
            },
            owner: m.owner,
            part: m.part,
            layer: m.layer,
            user: m.user,
        }
    }

    /// Whether `allocate` has a slot to give below [`Config::MAX_CAPACITY`].
    pub fn can_grow(&self) -> bool {
        !self.free.is_empty() || self.meta.len() < Config::MAX_CAPACITY
    }

    /// The slot index of a visible (pending or live) box, or a stale-handle error.
    #[inline]
    pub fn resolve(&self, h: Handle) -> Result<usize, ColliderError> {
        let i = h.index as usize;
        // A handle at `u32::MAX` reaches nothing: its seal would be 0, no handle's mark.
        let seal = h.generation.wrapping_add(1);
        match self.seal.get(i) {
            Some(&s) if s == seal && seal != 0 => Ok(i),
            _ => Err(ColliderError::StaleHandle(h)),
        }
    }

    /// Marks slot `i` removed by the caller: no handle reaches it any more.
    #[inline]
    pub fn unseal(&mut self, i: usize) {
        self.seal[i] = 0;
    }

    /// Frees every slot whose bit is set in `marked` (bit `i % 64` of word `i / 64`), clearing
    /// the bits, and returns how many. They join the free list in ascending index order, as
    /// the contract of [`BroadPhase`](crate::collide::BroadPhase) requires of one update's
    /// frees. A slot whose generation is exhausted is retired instead, so no handle can ever repeat. O(words + freed).
    pub fn release_marked(&mut self, marked: &mut [u64]) -> usize {
        let total: usize = marked.iter().map(|w| w.count_ones() as usize).sum();
        // Written by index with the count in a register: pushing would carry the list's length
        // through memory from one slot to the next.
        let mut n = self.free.len();
        self.free.resize(n + total, 0);
        for (w, word) in marked.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                let head = &mut self.head[i];
                head.state = State::Free;
                self.free[n] = i as u32;
                n += (head.generation != LAST_GENERATION) as usize;
                bits &= bits - 1;
            }
        }
        self.free.truncate(n);
        self.occupied -= total;
        total
    }

    /// The box [`Slots::take_tested`] will return, without advancing the sweep history.
    #[inline]
    pub fn tested(&self, i: usize) -> Aabb {
        let cur = self.cur[i];
        if self.head[i].flags & SWEPT != 0 {
            self.prev[i].union(&cur)
        } else {
            cur
        }
    }

    /// The box the broad phase tests this update: the sweep from `prev` to `cur` for swept
    /// boxes. Also advances the sweep history, so call it exactly once per box per update.
    #[inline]
    pub fn take_tested(&mut self, i: usize) -> Aabb {
        let cur = self.cur[i];
        if self.head[i].flags & SWEPT != 0 {
            let from = self.prev[i];
            self.from[i] = from;
            self.prev[i] = cur;
            from.union(&cur)
        } else {
            cur
        }
    }

    /// Whether slot `i`'s shape is not its box.
    #[inline]
    pub fn is_shaped(&self, i: usize) -> bool {
        self.shaped[i / 64] >> (i % 64) & 1 != 0
    }

    /// Words in the shaped bits: one per 64 slots, rounded up.
    pub fn shaped_words(&self) -> usize {
        self.shaped.len()
    }

    #[inline]
    fn mark_shaped(&mut self, i: usize, on: bool) {
        let w = &mut self.shaped[i / 64];
        *w = *w & !(1 << (i % 64)) | (u64::from(on) << (i % 64));
    }

    /// Slot `i`'s exact shape. The `shape` column is written only for shaped bodies, so a
    /// plain box's entry may hold a previous occupant's shape; its bit decides.
    #[inline]
    pub fn shape_of(&self, i: usize) -> Shape {
        if self.is_shaped(i) {
            self.shape[i]
        } else {
            Shape::Aabb
        }
    }

    /// Gives slot `i` a new shape (already validated). Reads the head only when the slot turns
    /// from a plain box to a shaped one, whose layer's bit it sets.
    pub fn set_shape(&mut self, i: usize, shape: Shape) {
        let shaped = shape != Shape::Aabb;
        if shaped && !self.is_shaped(i) {
            self.shaped_layers |= self.head[i].layer.bit();
        }
        self.mark_shaped(i, shaped);
        self.shape[i] = shape;
    }

    pub fn free_list(&self) -> &[u32] {
        &self.free
    }

    #[cfg(test)]
    pub fn force_generation(&mut self, i: usize, generation: u32) {
        self.head[i].generation = generation;
        self.meta[i].generation = generation;
        if self.seal[i] != 0 {
            self.seal[i] = generation + 1;
        }
    }
}

fn shaped_bit(layer: Layer, shape: &Shape) -> u16 {
    if *shape == Shape::Aabb {
        0
    } else {
        layer.bit()
    }
}
