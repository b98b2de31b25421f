//! The events of one update as callers read them: [`PairEvents`], a view, and its iterator.
//!
//! The sweep-and-prune stores an update's events packed, one `u64` each: the pair's key (see
//! [`pair_key`](super::store::slots::pair_key)) with the kind in its top two bits. An update then
//! writes 8 bytes per event instead of a whole [`PairEvent`], and Stay, by far the most common
//! kind, costs no more than copying the key. The two [`Contact`](super::Contact)s are read
//! from the slot table when an event is read: they cannot change while a box lives.
//!
//! The one exception is an Exit whose box was removed by that update: its slot is free, and a
//! later `insert` may take it before the caller reads the event. Those pairs (usually few) are
//! stored whole at the update, and their record holds an index into that store instead.

use super::store::slots::{key_slots, Slots};
use super::Pair;

/// How a pair of boxes stands at an update.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairEventKind {
    /// The first update at which the two boxes overlap.
    Enter,
    /// Every further update at which they still overlap.
    Stay,
    /// The update at which they stop overlapping, or at which either box's removal is applied.
    Exit,
}

/// A change (or not) in one pair, reported by [`BroadPhase::update`](super::BroadPhase::update).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PairEvent {
    pub kind: PairEventKind,
    pub pair: Pair,
}

/// Where a record's kind lives. Keys use the bits below: slots stay under
/// [`Config::MAX_CAPACITY`](super::Config::MAX_CAPACITY).
const KIND_SHIFT: u32 = 62;
const LOW_BITS: u64 = (1 << KIND_SHIFT) - 1;

pub(super) const ENTER: u64 = 0;
pub(super) const STAY: u64 = 1 << KIND_SHIFT;
pub(super) const EXIT: u64 = 2 << KIND_SHIFT;
/// An Exit whose pair is stored whole; the low bits index the store.
pub(super) const DEPARTED: u64 = 3 << KIND_SHIFT;

/// The events of an update, in the order the collider reports them.
///
/// A cheap, copyable view that borrows the collider: read it, iterate it (`for e in events`
/// yields [`PairEvent`] values), or collect it with [`PairEvents::to_vec`] to keep the events past the
/// next call that needs the collider mutably. Reading an event costs two table lookups.
#[derive(Clone, Copy, Debug)]
pub struct PairEvents<'a> {
    repr: Repr<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Repr<'a> {
    Packed {
        records: &'a [u64],
        slots: &'a Slots,
        departed: &'a [Pair],
    },
    Plain(&'a [PairEvent]),
}

impl<'a> PairEvents<'a> {
    /// A view of packed records. `slots` must hold the contacts of every slot named by a key,
    /// and `departed` every pair a [`DEPARTED`] record indexes.
    pub(super) fn packed(records: &'a [u64], slots: &'a Slots, departed: &'a [Pair]) -> Self {
        PairEvents {
            repr: Repr::Packed {
                records,
                slots,
                departed,
            },
        }
    }

    /// A view of events already built (the brute-force reference stores them that way).
    pub(super) fn plain(events: &'a [PairEvent]) -> Self {
        PairEvents {
            repr: Repr::Plain(events),
        }
    }

    pub fn len(&self) -> usize {
        match self.repr {
            Repr::Packed { records, .. } => records.len(),
            Repr::Plain(events) => events.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`th event, if there are more than `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Option<PairEvent> {
        match self.repr {
            Repr::Packed {
                records,
                slots,
                departed,
            } => records.get(i).map(|&r| decode(r, slots, departed)),
            Repr::Plain(events) => events.get(i).copied(),
        }
    }

    pub fn iter(&self) -> PairEventIter<'a> {
        PairEventIter {
            events: *self,
            next: 0,
            end: self.len(),
        }
    }

    pub fn to_vec(&self) -> Vec<PairEvent> {
        self.iter().collect()
    }
}

#[inline]
fn decode(record: u64, slots: &Slots, departed: &[Pair]) -> PairEvent {
    if record & DEPARTED == DEPARTED {
        return PairEvent {
            kind: PairEventKind::Exit,
            pair: departed[(record & LOW_BITS) as usize],
        };
    }
    // A lookup, not a branch: which kind comes next is data the predictor cannot learn.
    const KINDS: [PairEventKind; 3] = [
        PairEventKind::Enter,
        PairEventKind::Stay,
        PairEventKind::Exit,
    ];
    const _: () = assert!(ENTER >> KIND_SHIFT == 0 && STAY >> KIND_SHIFT == 1);
    const _: () = assert!(EXIT >> KIND_SHIFT == 2);
    PairEvent {
        kind: KINDS[(record >> KIND_SHIFT) as usize],
        pair: pair_of(record & LOW_BITS, slots),
    }
}

/// The pair a key names, from the slot table.
#[inline]
pub(super) fn pair_of(key: u64, slots: &Slots) -> Pair {
    let (a, b) = key_slots(key);
    Pair::new(slots.contact(a as usize), slots.contact(b as usize))
}

impl<'a> IntoIterator for PairEvents<'a> {
    type Item = PairEvent;
    type IntoIter = PairEventIter<'a>;

    fn into_iter(self) -> PairEventIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &PairEvents<'a> {
    type Item = PairEvent;
    type IntoIter = PairEventIter<'a>;

    fn into_iter(self) -> PairEventIter<'a> {
        self.iter()
    }
}

/// Iterator over [`PairEvents`], yielding each [`PairEvent`] by value.
#[derive(Clone, Debug)]
pub struct PairEventIter<'a> {
    events: PairEvents<'a>,
    next: usize,
    end: usize,
}

impl Iterator for PairEventIter<'_> {
    type Item = PairEvent;

    #[inline]
    fn next(&mut self) -> Option<PairEvent> {
        if self.next == self.end {
            return None;
        }
        self.next += 1;
        self.events.get(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for PairEventIter<'_> {
    fn next_back(&mut self) -> Option<PairEvent> {
        if self.next == self.end {
            return None;
        }
        self.end -= 1;
        self.events.get(self.end)
    }
}

impl ExactSizeIterator for PairEventIter<'_> {}

impl std::iter::FusedIterator for PairEventIter<'_> {}
