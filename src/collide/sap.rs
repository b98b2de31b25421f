//! The sweep-and-prune [`Collider`]: the public API and the order of work in an update.
//!
//! Layout: one [`EndpointList`] per layer, holding that layer's boxes as `f32` arrays sorted on
//! `min.x`. The collision map decides which lists are ever compared: a pair of layers that does
//! not meet costs nothing at all, not even a swap, because its boxes live in different lists.
//! For each pair of layers that meets, the update either sweeps the two sorted lists or, when
//! one side holds at most [`SCAN_LIMIT`] boxes, scans it against the other; a list that only
//! meets such tiny lists (enemy bullets against the lone player) is never sorted.
//!
//! Frame-to-frame coherence: sorted lists keep their order between updates and are repaired by
//! insertion sort, so a frame where boxes move a little costs O(n + swaps). The set of current
//! pairs persists between updates as a sorted key vector; Enter, Stay and Exit come from merging
//! it with the pairs found this update.

use super::endpoints::EndpointList;
use super::pairs::PairSet;
use super::slots::{Slots, State};
use super::sweep::{self, SCAN_LIMIT};
use super::{
    Aabb, BoxDesc, ColliderError, CollisionMap, Config, Contact, Event, EventKind, Handle, Layer,
    LayerMask, Pair, Stats,
};

/// Incremental sweep-and-prune broad phase. See the module docs of [`super`] for the contract
/// it shares with [`BruteForce`](super::BruteForce).
#[derive(Clone, Debug)]
pub struct Collider {
    config: Config,
    pub(super) slots: Slots,
    pub(super) lists: [EndpointList; Layer::COUNT],
    /// Pairs of layers that meet, lower layer first, computed once from the map.
    meeting: Vec<(Layer, Layer)>,
    /// Slots inserted since the last update, in call order.
    pending: Vec<u32>,
    /// Slots removed since the last update (leaving or stillborn).
    leaving: Vec<u32>,
    /// Live slots teleported since the last update (see `Meta::jumped`).
    jumped: Vec<u32>,
    pub(super) pairs: PairSet,
    events: Vec<Event>,
    /// The previous update's events, kept as the pair data of the live set (see `PairSet::diff`).
    old_events: Vec<Event>,
    stats: Stats,
    /// Reused buffer for the slots freed by an update.
    freed: Vec<u32>,
}

impl Default for Collider {
    fn default() -> Self {
        Self::new(Config::default())
    }
}

impl Collider {
    pub fn new(config: Config) -> Self {
        let mut meeting = Vec::new();
        for (i, &a) in Layer::ALL.iter().enumerate() {
            for &b in &Layer::ALL[i..] {
                if config.map.meets(a, b) {
                    meeting.push((a, b));
                }
            }
        }
        Self {
            config,
            slots: Slots::default(),
            lists: Default::default(),
            meeting,
            pending: Vec::new(),
            leaving: Vec::new(),
            jumped: Vec::new(),
            pairs: PairSet::default(),
            events: Vec::new(),
            old_events: Vec::new(),
            stats: Stats::default(),
            freed: Vec::new(),
        }
    }

    pub fn with_map(map: CollisionMap) -> Self {
        Self::new(Config {
            map,
            ..Config::default()
        })
    }

    pub fn map(&self) -> &CollisionMap {
        &self.config.map
    }

    /// Adds a box; it joins the broad phase at the next update. Fails on an invalid box or
    /// when the capacity (counting pending and not yet applied removals) is reached.
    pub fn insert(&mut self, desc: BoxDesc) -> Result<Handle, ColliderError> {
        if !desc.aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(desc.aabb));
        }
        if self.slots.occupied >= self.config.capacity {
            return Err(ColliderError::CapacityExceeded {
                capacity: self.config.capacity,
            });
        }
        let h = self.slots.allocate(&desc);
        self.pending.push(h.index);
        Ok(h)
    }

    /// Moves a box. A swept box will test the span from its position at the previous update.
    #[inline]
    pub fn set_aabb(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        let i = self.slots.resolve(h)?;
        self.slots.cur[i] = aabb;
        Ok(())
    }

    /// Moves a box and forgets where it was, so a swept box does not sweep across the jump.
    pub fn teleport(&mut self, h: Handle, aabb: Aabb) -> Result<(), ColliderError> {
        if !aabb.is_valid() {
            return Err(ColliderError::InvalidAabb(aabb));
        }
        let i = self.slots.resolve(h)?;
        self.slots.cur[i] = aabb;
        self.slots.prev[i] = aabb;
        let m = &mut self.slots.meta[i];
        if m.state == State::Live && !m.jumped {
            m.jumped = true;
            self.jumped.push(i as u32);
        }
        Ok(())
    }

    /// Removes a box: the handle is stale at once, Exit events for its pairs come with the
    /// next update.
    pub fn remove(&mut self, h: Handle) -> Result<(), ColliderError> {
        let i = self.slots.resolve(h)?;
        let m = &mut self.slots.meta[i];
        m.state = if m.state == State::Pending {
            State::Stillborn
        } else {
            State::Leaving
        };
        self.slots.visible -= 1;
        self.leaving.push(i as u32);
        Ok(())
    }

    pub fn contains(&self, h: Handle) -> bool {
        self.slots.resolve(h).is_ok()
    }

    pub fn get(&self, h: Handle) -> Result<(Contact, Aabb), ColliderError> {
        let i = self.slots.resolve(h)?;
        Ok((self.slots.meta[i].contact, self.slots.cur[i]))
    }

    /// Boxes visible to callers: pending or live, not removed.
    pub fn len(&self) -> usize {
        self.slots.visible
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Applies the batched removals and inserts, re-sorts, finds this frame's pairs and reports
    /// what changed. The returned events are in pair-key order (lower slot, then higher slot).
    pub fn update(&mut self) -> &[Event] {
        let mut stats = Stats::default();

        // 1. Removals and teleports: one compacting pass per layer whose list loses boxes;
        //    teleported boxes of sorted lists rejoin with this update's batch (step 4), since
        //    a far jump would cost the insertion sort one exchange per box it crosses.
        let mut dirty = 0u16;
        for &i in &self.jumped {
            let m = &mut self.slots.meta[i as usize];
            let list = &mut self.lists[m.contact.layer.index()];
            if m.state == State::Live && list.sorted {
                dirty |= m.contact.layer.bit();
                list.batch.push(i);
            } else {
                m.jumped = false;
            }
        }
        self.jumped.clear();
        for &i in &self.leaving {
            let m = &self.slots.meta[i as usize];
            if m.state == State::Leaving {
                dirty |= m.contact.layer.bit();
            }
        }
        for layer in Layer::ALL {
            if dirty & layer.bit() != 0 {
                self.lists[layer.index()].compact(&mut self.slots, |s, id| {
                    let m = &s.meta[id as usize];
                    m.state == State::Live && !m.jumped
                });
            }
        }
        if !self.leaving.is_empty() {
            self.collect_freed_ascending();
            stats.removed = self.freed.len();
            self.slots.release(&self.freed);
        }

        // 2. Inserts: route this frame's new boxes to their layer's batch.
        for &i in &self.pending {
            let m = &mut self.slots.meta[i as usize];
            if m.state == State::Pending {
                m.state = State::Live;
                self.lists[m.contact.layer.index()].batch.push(i);
                stats.inserted += 1;
            }
        }
        self.pending.clear();

        // 3. Which lists must be sorted: those in a sweep (both sides above the scan limit).
        let size = |l: Layer| {
            let list = &self.lists[l.index()];
            list.len() + list.batch.len()
        };
        let mut need_sorted = 0u16;
        for &(a, b) in &self.meeting {
            let (na, nb) = (size(a), size(b));
            if na.min(nb) > SCAN_LIMIT {
                need_sorted |= a.bit() | b.bit();
            }
        }

        // 4. Reload tested boxes, repair the order, merge the new boxes.
        for layer in Layer::ALL {
            let list = &mut self.lists[layer.index()];
            list.refresh(&mut self.slots);
            if need_sorted & layer.bit() != 0 {
                if list.sorted {
                    stats.swaps += list.insertion_sort(&mut self.slots);
                } else {
                    list.full_sort(&mut self.slots);
                    list.sorted = true;
                }
            } else {
                list.sorted = false;
            }
            list.merge_batch(&mut self.slots);
            stats.live_boxes += list.len();
        }

        // 5. Pairs of this frame, only between lists whose layers meet.
        let found = &mut self.pairs.found;
        for &(a, b) in &self.meeting {
            let (la, lb) = (&self.lists[a.index()], &self.lists[b.index()]);
            if la.len() == 0 || lb.len() == 0 {
                continue;
            }
            stats.pair_tests += if a == b {
                if la.len() <= SCAN_LIMIT {
                    sweep::scan_self(la, found)
                } else {
                    sweep::sweep_self(la, found)
                }
            } else if la.len() <= SCAN_LIMIT {
                sweep::scan_two(la, lb, found)
            } else if lb.len() <= SCAN_LIMIT {
                sweep::scan_two(lb, la, found)
            } else {
                sweep::sweep_two(la, lb, found)
            };
        }

        // 6. Events from the persistent pair set.
        std::mem::swap(&mut self.events, &mut self.old_events);
        self.pairs
            .diff(&self.slots, &self.old_events, &mut self.events, &mut stats);
        self.stats = stats;

        #[cfg(debug_assertions)]
        if let Err(e) = self.validate_structure() {
            panic!("collider invariant broken after update: {e}");
        }
        &self.events
    }

    /// Fills `freed` with this update's removed slots in ascending order, which the shared
    /// slot-reuse contract requires. Small batches are sorted; large ones (a bomb) are read off
    /// the slot table in one linear pass instead.
    fn collect_freed_ascending(&mut self) {
        self.freed.clear();
        if self.leaving.len() * 16 < self.slots.meta.len() {
            self.freed.extend_from_slice(&self.leaving);
            self.freed.sort_unstable();
        } else {
            self.freed.extend(
                self.slots
                    .meta
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| matches!(m.state, State::Leaving | State::Stillborn))
                    .map(|(i, _)| i as u32),
            );
        }
        self.leaving.clear();
    }

    /// The events of the last update.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Pairs overlapping at the last update, in pair-key order.
    pub fn pairs(&self) -> impl Iterator<Item = Pair> + '_ {
        self.events
            .iter()
            .filter(|e| e.kind != EventKind::Exit)
            .map(|e| e.pair)
    }

    /// Current pairs with a box of `owner`, as (owner's side, other side).
    /// O(current pairs).
    pub fn pairs_of_owner(&self, owner: u32) -> impl Iterator<Item = (Contact, Contact)> + '_ {
        self.pairs().filter_map(move |p| p.for_owner(owner))
    }

    /// Boxes (live or pending, not removed) whose current box overlaps `area`, on `layers`.
    /// Only the lists of the masked layers are read: O(boxes on those layers).
    pub fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
        for layer in Layer::ALL {
            if !layers.contains(layer) {
                continue;
            }
            for &id in &self.lists[layer.index()].ids {
                let i = id as usize;
                if self.slots.meta[i].state == State::Live && self.slots.cur[i].overlaps(&area) {
                    out.push(self.slots.meta[i].contact);
                }
            }
        }
        for &id in &self.pending {
            let (m, b) = (&self.slots.meta[id as usize], &self.slots.cur[id as usize]);
            if m.state == State::Pending && layers.contains(m.contact.layer) && b.overlaps(&area) {
                out.push(m.contact);
            }
        }
    }

    /// Every box not removed, with its current box, in slot order; for debug drawing.
    pub fn boxes(&self) -> impl Iterator<Item = (Contact, Aabb)> + '_ {
        self.slots
            .meta
            .iter()
            .zip(&self.slots.cur)
            .filter(|(m, _)| matches!(m.state, State::Pending | State::Live))
            .map(|(m, b)| (m.contact, *b))
    }

    /// Slots waiting for the next update (for validation).
    pub(super) fn pending_slots(&self) -> &[u32] {
        &self.pending
    }

    pub(super) fn leaving_slots(&self) -> &[u32] {
        &self.leaving
    }

    pub(super) fn config(&self) -> &Config {
        &self.config
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn b(x0: f32, y0: f32, x1: f32, y1: f32) -> Aabb {
        Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    #[test]
    fn exhausted_generation_retires_the_slot() {
        let mut c = Collider::default();
        let h = c
            .insert(BoxDesc::new(b(0., 0., 1., 1.), 1, Layer::Player))
            .unwrap();
        c.update();
        c.slots.force_generation(h.index as usize, u32::MAX);
        let old = Handle {
            index: h.index,
            generation: u32::MAX,
        };
        c.remove(old).unwrap();
        c.update();
        let n = c
            .insert(BoxDesc::new(b(0., 0., 1., 1.), 2, Layer::Player))
            .unwrap();
        assert_ne!(n.index, h.index, "an exhausted slot must not be reused");
        c.validate().unwrap();
    }

    #[test]
    fn batched_spawns_merge_into_a_sorted_list_in_one_pass() {
        let mut c = Collider::default();
        // Enough shots and enemies that both lists are swept, so both are kept sorted.
        for i in 0..40 {
            let x = (i * 5) as f32;
            c.insert(BoxDesc::new(b(x, 0., x + 2., 2.), i, Layer::PlayerShot))
                .unwrap();
            c.insert(BoxDesc::new(
                b(x, 10., x + 2., 12.),
                100 + i,
                Layer::AirEnemy,
            ))
            .unwrap();
        }
        c.update();
        assert!(c.lists[Layer::PlayerShot.index()].sorted);
        // A burst from one point plus a spread, some landing on enemies.
        for i in 0..300 {
            let x = if i % 2 == 0 { 100. } else { (i % 200) as f32 };
            c.insert(BoxDesc::new(
                b(x, 9., x + 1., 11.),
                1000 + i,
                Layer::PlayerShot,
            ))
            .unwrap();
        }
        let enters = c
            .update()
            .iter()
            .filter(|e| e.kind == EventKind::Enter)
            .count();
        assert_eq!(c.stats().inserted, 300);
        assert_eq!(
            c.stats().swaps,
            0,
            "new boxes are merged, not sorted into place"
        );
        assert!(enters > 0);
        c.validate().unwrap();
    }

    #[test]
    fn a_list_left_unsorted_is_sorted_again_when_a_sweep_needs_it() {
        let mut c = Collider::default();
        let mut bullets = Vec::new();
        for i in 0..50 {
            let x = ((i * 37) % 200) as f32;
            bullets.push(
                c.insert(BoxDesc::new(b(x, 0., x + 3., 3.), i, Layer::EnemyBullet))
                    .unwrap(),
            );
        }
        c.insert(BoxDesc::new(b(0., 0., 300., 3.), 99, Layer::Player))
            .unwrap();
        c.update();
        assert!(!c.lists[Layer::EnemyBullet.index()].sorted, "only scanned");
        // Twenty bomb blasts: now the bullets are swept and must be sorted.
        for i in 0..20 {
            let x = (i * 10) as f32;
            c.insert(BoxDesc::new(
                b(x, 0., x + 4., 3.),
                200 + i,
                Layer::BombBlast,
            ))
            .unwrap();
        }
        c.update();
        assert!(c.lists[Layer::EnemyBullet.index()].sorted);
        c.validate().unwrap();
        for h in bullets.iter().step_by(2) {
            c.remove(*h).unwrap();
        }
        c.update();
        assert_eq!(c.stats().removed, 25);
        c.validate().unwrap();
    }
}
