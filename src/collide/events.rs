//! The events of one update as callers read them: [`Events`], a view, and its iterator.
//!
//! The sweep-and-prune stores an update's events packed, one `u64` each: the pair's key (see
//! [`pair_key`](super::sweep::pair_key)) with the kind in its top two bits. An update then
//! writes 8 bytes per event instead of a whole [`Event`], and Stay, by far the most common
//! kind, costs no more than copying the key. The two [`Contact`](super::Contact)s are read
//! from the slot table when an event is read: they cannot change while a box lives.
//!
//! The one exception is an Exit whose box was removed by that update: its slot is free, and a
//! later `insert` may take it before the caller reads the event. Those pairs (usually few) are
//! stored whole at the update, and their record holds an index into that store instead.

use super::slots::Slots;
use super::sweep::key_slots;
use super::{Event, EventKind, Pair};

/// Where a record's kind lives. Keys use the bits below: slots stay under [`MAX_SLOTS`].
const KIND_SHIFT: u32 = 62;
const LOW_BITS: u64 = (1 << KIND_SHIFT) - 1;
/// Slot indices are below this, so a key leaves the two kind bits clear.
pub(super) const MAX_SLOTS: usize = 1 << 30;

pub(super) const ENTER: u64 = 0;
pub(super) const STAY: u64 = 1 << KIND_SHIFT;
pub(super) const EXIT: u64 = 2 << KIND_SHIFT;
/// An Exit whose pair is stored whole; the low bits index the store.
pub(super) const DEPARTED: u64 = 3 << KIND_SHIFT;

/// The events of an update, in the order the collider reports them.
///
/// A cheap, copyable view that borrows the collider: read it, iterate it (`for e in events`
/// yields [`Event`] values), or collect it with [`Events::to_vec`] to keep the events past the
/// next call that needs the collider mutably. Reading an event costs two table lookups.
#[derive(Clone, Copy, Debug)]
pub struct Events<'a> {
    repr: Repr<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Repr<'a> {
    Packed {
        records: &'a [u64],
        slots: &'a Slots,
        departed: &'a [Pair],
    },
    Plain(&'a [Event]),
}

impl<'a> Events<'a> {
    /// A view of packed records. `slots` must hold the contacts of every slot named by a key,
    /// and `departed` every pair a [`DEPARTED`] record indexes.
    pub(super) fn packed(records: &'a [u64], slots: &'a Slots, departed: &'a [Pair]) -> Self {
        Events {
            repr: Repr::Packed {
                records,
                slots,
                departed,
            },
        }
    }

    /// A view of events already built (the brute-force reference stores them that way).
    pub(super) fn plain(events: &'a [Event]) -> Self {
        Events {
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
    pub fn get(&self, i: usize) -> Option<Event> {
        match self.repr {
            Repr::Packed {
                records,
                slots,
                departed,
            } => records.get(i).map(|&r| decode(r, slots, departed)),
            Repr::Plain(events) => events.get(i).copied(),
        }
    }

    pub fn iter(&self) -> EventIter<'a> {
        EventIter {
            events: *self,
            next: 0,
            end: self.len(),
        }
    }

    pub fn to_vec(&self) -> Vec<Event> {
        self.iter().collect()
    }
}

#[inline]
fn decode(record: u64, slots: &Slots, departed: &[Pair]) -> Event {
    if record & DEPARTED == DEPARTED {
        return Event {
            kind: EventKind::Exit,
            pair: departed[(record & LOW_BITS) as usize],
        };
    }
    // A lookup, not a branch: which kind comes next is data the predictor cannot learn.
    const KINDS: [EventKind; 3] = [EventKind::Enter, EventKind::Stay, EventKind::Exit];
    const _: () = assert!(ENTER >> KIND_SHIFT == 0 && STAY >> KIND_SHIFT == 1);
    const _: () = assert!(EXIT >> KIND_SHIFT == 2);
    Event {
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

impl<'a> IntoIterator for Events<'a> {
    type Item = Event;
    type IntoIter = EventIter<'a>;

    fn into_iter(self) -> EventIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &Events<'a> {
    type Item = Event;
    type IntoIter = EventIter<'a>;

    fn into_iter(self) -> EventIter<'a> {
        self.iter()
    }
}

/// Iterator over [`Events`], yielding each [`Event`] by value.
#[derive(Clone, Debug)]
pub struct EventIter<'a> {
    events: Events<'a>,
    next: usize,
    end: usize,
}

impl Iterator for EventIter<'_> {
    type Item = Event;

    #[inline]
    fn next(&mut self) -> Option<Event> {
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

impl DoubleEndedIterator for EventIter<'_> {
    fn next_back(&mut self) -> Option<Event> {
        if self.next == self.end {
            return None;
        }
        self.end -= 1;
        self.events.get(self.end)
    }
}

impl ExactSizeIterator for EventIter<'_> {}

impl std::iter::FusedIterator for EventIter<'_> {}
