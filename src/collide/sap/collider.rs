//! The sweep-and-prune [`Collider`]: the public API and the order of work in an update.
//!
//! Layout: one [`EndpointList`] per layer and horizontal band, holding those boxes as `f32`
//! arrays sorted on `min.x`. The collision map decides which lists are ever compared: a pair of
//! layers that does not meet costs nothing at all, not even a swap, because its boxes live in
//! different lists. For each pair of layers that meets, the update either sweeps pairs of sorted
//! lists (only bands within reach of each other) or, when one layer holds at most
//! [`SCAN_LIMIT`] boxes, scans those against the other layer; a layer that only meets such
//! tiny layers (enemy bullets against the lone player) is never sorted.
//!
//! Frame-to-frame coherence: sorted lists keep their order between updates and are repaired by
//! insertion sort, so a frame where boxes move a little costs O(n + swaps). Boxes that jump
//! (teleports, respawns, a change of band) and new boxes skip the crawl: they are sorted as one
//! batch and merged in a single pass. The set of current pairs persists between updates as a
//! sorted key vector; each update re-sweeps the (coherently sorted) lists for this frame's
//! overlaps and one merge against the persistent set yields Enter, Stay and Exit. Pairs are not
//! added and removed on individual endpoint swaps: with one sorted axis a swap says nothing
//! about the other axis, and sorting the vertical axis too is what the opposing streams of a
//! shooter make expensive.

use super::endpoints::{band_of, list_index, EndpointList, BANDS, BAND_HEIGHT};
use super::sweep::{self, Probe, SCAN_LIMIT};
use crate::collide::store::bodies::{Bodies, Store};
use crate::collide::store::slots::State;
use crate::collide::{Aabb, BroadPhase, Config, Contact, Layer, LayerMask, PairEvents, Stats};

/// Incremental sweep-and-prune broad phase. See [`BroadPhase`] for the contract it shares
/// with [`AabbTree`](crate::collide::AabbTree) and [`BruteForce`](crate::collide::BruteForce).
#[derive(Clone, Debug)]
pub struct Collider {
    pub(super) bodies: Bodies,
    /// Endpoint lists, index `layer * BANDS + band`.
    pub(super) lists: Vec<EndpointList>,
    /// Live slots teleported since the last update (see `Meta::jumped`).
    jumped: Vec<u32>,
    /// Reused buffer for boxes changing band: (band, tested box, slot).
    moved: Vec<(usize, Aabb, u32)>,
    /// Layers whose lists are direct this update (one bit each; see `EndpointList::direct`).
    pub(super) direct_layers: u16,
    /// Small layers' boxes waiting for the slot table's pass (see `scan.rs`).
    pub(super) queued: Vec<Probe>,
    /// Reused buffer for one small layer's boxes.
    pub(super) gathered: Vec<Probe>,
}

// `update` keeps one bit per endpoint list in a `u128` (lists to compact, lists losing boxes by
// swaps) and one bit per layer in a `u16` (layers to keep sorted); more lists or layers would
// shift bits out of them silently.
const _: () = assert!(
    Layer::COUNT * BANDS <= u128::BITS as usize,
    "one bit per endpoint list must fit in a u128"
);
const _: () = assert!(
    Layer::COUNT <= u16::BITS as usize,
    "one bit per layer must fit in a u16"
);

impl Collider {
    /// Reserves room for `boxes` boxes in all (at most the capacity) and `pairs` overlapping
    /// pairs, so that updates within those numbers allocate nothing; the memory is written
    /// once here, so no update is the first to touch it either. Endpoint lists are reserved
    /// per layer by [`Collider::reserve_layer`]. Reserving changes nothing that is reported.
    pub fn reserve(&mut self, boxes: usize, pairs: usize) {
        use crate::collide::reserve_touched;
        let b = &mut self.bodies;
        let boxes = boxes.min(b.config.capacity);
        b.slots.reserve(boxes);
        for v in [&mut b.pending, &mut b.leaving, &mut self.jumped] {
            reserve_touched(v, boxes, 0);
        }
        reserve_touched(&mut b.gone, boxes.div_ceil(64), 0);
        reserve_touched(&mut self.moved, boxes, (0, Aabb::default(), 0));
        reserve_touched(&mut self.gathered, SCAN_LIMIT, Probe::default());
        reserve_touched(
            &mut self.queued,
            SCAN_LIMIT * Layer::COUNT,
            Probe::default(),
        );
        b.pairs.reserve(pairs, boxes);
    }

    /// Reserves room for `boxes` boxes of `layer` in each of its bands' endpoint lists, as
    /// [`Collider::reserve`] does for the rest.
    pub fn reserve_layer(&mut self, layer: impl Into<Layer>, boxes: usize) {
        let layer = layer.into();
        let boxes = boxes.min(self.bodies.config.capacity);
        for band in 0..BANDS {
            self.lists[list_index(layer, band)].reserve(boxes);
        }
    }

    /// Index of the list slot `i` is in (or joins).
    #[inline]
    fn list_of(&self, i: usize) -> usize {
        let h = &self.bodies.slots.head[i];
        list_index(h.layer, h.band as usize)
    }

    /// Queues a box for the list of its layer and of the band of its tested box.
    fn route(&mut self, tested: Aabb, i: u32) {
        let band = band_of(tested.min.y);
        self.bodies.slots.head[i as usize].band = band as u8;
        let layer = self.bodies.slots.head[i as usize].layer;
        self.lists[list_index(layer, band)].batch.push((tested, i));
    }

    /// Sweeps the sorted lists of two layers (or one layer with itself), pairing band `i` with
    /// band `j >= i` only when the upper list's tallest box can reach band `j`: a box in band
    /// `i` starts above `(i + 1) * BAND_HEIGHT` so it ends above that plus its height. The reach
    /// is in bands, at most [`BANDS`], whatever the height (which may be infinite).
    /// Complexity: O(boxes + x-overlapping candidates in bands within reach).
    fn sweep_layers(&mut self, a: Layer, b: Layer) -> u64 {
        let found = &mut self.bodies.pairs.found;
        let lists = &self.lists;
        // Capped at BANDS: a box may be up to 2 * f32::MAX tall (its height is then infinite),
        // and an uncapped reach would overflow `i + reach` below.
        let reach = |l: &EndpointList| ((l.max_h / BAND_HEIGHT) as usize).min(BANDS - 1) + 1;
        let mut tests = 0;
        for i in 0..BANDS {
            let la = &lists[list_index(a, i)];
            if a == b {
                if la.len() == 0 {
                    continue;
                }
                tests += sweep::sweep_self(la, found);
                for j in i + 1..BANDS.min(i + reach(la) + 1) {
                    tests += sweep::sweep_two(la, &lists[list_index(a, j)], found);
                }
                continue;
            }
            for j in 0..BANDS {
                let lb = &lists[list_index(b, j)];
                if la.len() == 0 || lb.len() == 0 {
                    continue;
                }
                let within = match i.cmp(&j) {
                    std::cmp::Ordering::Equal => true,
                    std::cmp::Ordering::Less => j - i <= reach(la),
                    std::cmp::Ordering::Greater => i - j <= reach(lb),
                };
                if within {
                    tests += sweep::probe_two(la, lb, found);
                }
            }
        }
        tests
    }
}

/// The steps of [`BroadPhase::update`], in order. Each runs once an update; `#[inline]` keeps
/// them in the update's body, as they were written before they had names.
impl Collider {
    /// Step 1: removals and teleports; returns how many boxes were removed. A sorted list that
    /// loses boxes is compacted in one pass; an unsorted one fills each hole with its last
    /// entry in O(1), unless it loses so many (a bomb) that one compacting pass is cheaper than
    /// scattered moves. When the removals are that many of all the boxes, every list is
    /// compacted, unasked which lost boxes: asking reads each removed box's head, more than
    /// the passes over lists that lost none cost. Teleported boxes of sorted lists rejoin
    /// through the batch (step 5), since a far jump would cost the insertion sort one exchange
    /// per box it crosses.
    #[inline]
    fn remove_and_reroute(&mut self) -> usize {
        let mut dirty = self.reroute_jumped();
        let leaving = self.bodies.leaving.len();
        let mass_removal =
            leaving > 0 && leaving * 8 > self.lists.iter().map(EndpointList::len).sum();
        let losses = self.mark_leaving(!mass_removal);
        let mut swapping = 0u128;
        for (l, list) in self.lists.iter().enumerate() {
            if mass_removal {
                dirty |= ((list.len() > 0) as u128) << l;
                continue;
            }
            let lost = ((losses[l] > 0) as u128) << l;
            if list.sorted || losses[l] as usize * 8 > list.len() {
                dirty |= lost;
            } else {
                swapping |= lost;
            }
        }
        if swapping != 0 {
            for k in 0..self.bodies.leaving.len() {
                let i = self.bodies.leaving[k] as usize;
                if self.bodies.slots.head[i].state == State::Leaving {
                    let l = self.list_of(i);
                    if swapping & (1 << l) != 0 {
                        self.lists[l]
                            .swap_remove(self.bodies.slots.pos[i] as usize, &mut self.bodies.slots);
                    }
                }
            }
        }
        for (l, list) in self.lists.iter_mut().enumerate() {
            if dirty & (1 << l) != 0 {
                // Only a sorted list's teleported boxes were routed away above. A box in a list
                // is live unless its removal bit is set.
                let (routed, gone) = (list.sorted, &self.bodies.gone);
                list.compact(&mut self.bodies.slots, |s, id| {
                    let removed = gone
                        .get(id as usize / 64)
                        .is_some_and(|w| w >> (id % 64) & 1 != 0);
                    !(removed || routed && s.meta[id as usize].jumped)
                });
            }
        }
        for &i in &self.jumped {
            self.bodies.slots.meta[i as usize].jumped = false;
        }
        self.jumped.clear();
        if self.bodies.leaving.is_empty() {
            return 0;
        }
        self.bodies.release_gone()
    }

    /// Routes the live teleported boxes of sorted lists to their batches; returns the lists
    /// they left, one bit each, to be compacted.
    #[inline]
    fn reroute_jumped(&mut self) -> u128 {
        let mut dirty = 0u128;
        for k in 0..self.jumped.len() {
            let i = self.jumped[k] as usize;
            let list = self.list_of(i);
            if self.bodies.slots.head[i].state == State::Live && self.lists[list].sorted {
                dirty |= 1 << list;
                let tested = self.bodies.slots.take_tested(i);
                self.route(tested, i as u32);
            }
        }
        dirty
    }

    /// Sets the removal bit (`gone`) of every leaving box; returns how many boxes each list
    /// loses if `count`, else zeros.
    #[inline]
    fn mark_leaving(&mut self, count: bool) -> [u32; Layer::COUNT * BANDS] {
        let mut losses = [0u32; Layer::COUNT * BANDS];
        self.bodies.gone.clear();
        if !self.bodies.leaving.is_empty() {
            self.bodies
                .gone
                .resize(self.bodies.slots.meta.len().div_ceil(64), 0);
        }
        // A bomb removes thousands of boxes, most from the same list and many from the same
        // bitmap word: both are counted in registers while they repeat, because adding to the
        // same memory word box after box makes each step wait for the store before it.
        let (mut word, mut bits) = (0, 0u64);
        let (mut list, mut lost) = (0, 0u32);
        for &i in &self.bodies.leaving {
            let w = i as usize / 64;
            if w != word {
                self.bodies.gone[word] |= bits;
                (word, bits) = (w, 0);
            }
            bits |= 1 << (i % 64);
            let i = i as usize;
            if count && self.bodies.slots.head[i].state == State::Leaving {
                let l = self.list_of(i);
                if l != list {
                    losses[list] += lost;
                    (list, lost) = (l, 0);
                }
                lost += 1;
            }
        }
        if let Some(g) = self.bodies.gone.get_mut(word) {
            *g |= bits;
        }
        losses[list] += lost;
        losses
    }

    /// Step 2: the boxes of each layer, counting the boxes this update inserts, and the layers
    /// that must be sorted (one bit each): those in a sweep, both sides above the scan limit.
    #[inline]
    fn layers_to_sort(&self) -> ([usize; Layer::COUNT], u16) {
        let mut count = [0usize; Layer::COUNT];
        for (l, list) in self.lists.iter().enumerate() {
            count[l / BANDS] += list.len() + list.batch.len();
        }
        for &i in &self.bodies.pending {
            let i = i as usize;
            if self.bodies.slots.head[i].state == State::Pending {
                count[self.bodies.slots.head[i].layer.index()] += 1;
            }
        }
        let mut need_sorted = 0u16;
        for &(a, b) in &self.bodies.meeting {
            if count[a.index()].min(count[b.index()]) > SCAN_LIMIT {
                need_sorted |= a.bit() | b.bit();
            }
        }
        (count, need_sorted)
    }

    /// Step 3: inserts; returns how many. A box of a sorted layer goes to its list's batch, to
    /// be merged in order. A scanned layer's lists keep no order and no bands, so the box joins
    /// the first one at once, by slot only: the reload of step 4, which reads every box of
    /// those lists, loads its tested box. A burst of bullets costs a few stores per box here.
    #[inline]
    fn insert_pending(&mut self, need_sorted: u16) -> usize {
        let mut inserted = 0;
        for k in 0..self.bodies.pending.len() {
            let i = self.bodies.pending[k] as usize;
            if self.bodies.slots.head[i].state != State::Pending {
                continue;
            }
            self.bodies.slots.head[i].state = State::Live;
            inserted += 1;
            let layer = self.bodies.slots.head[i].layer;
            if need_sorted & layer.bit() != 0 {
                let tested = self.bodies.slots.take_tested(i);
                self.route(tested, i as u32);
            } else {
                self.bodies.slots.head[i].band = 0;
                let list = &mut self.lists[list_index(layer, 0)];
                self.bodies.slots.pos[i] = list.len() as u32;
                list.push_id(i as u32);
            }
        }
        self.bodies.pending.clear();
        inserted
    }

    /// Step 4: reload tested boxes. In layers that are swept, boxes whose top edge changed
    /// band move to that band's batch; scanned layers ignore bands, so their boxes stay put,
    /// and those that never held a swept box load nothing: their lists go direct.
    #[inline]
    fn reload_tested(&mut self, need_sorted: u16) {
        self.direct_layers = !need_sorted & !self.bodies.slots.swept_layers;
        let mut moved = std::mem::take(&mut self.moved);
        for (l, list) in self.lists.iter_mut().enumerate() {
            let first = moved.len();
            let banded = need_sorted & (1 << (l / BANDS)) != 0;
            let any_swept = self.bodies.slots.swept_layers & (1 << (l / BANDS)) != 0;
            list.refresh(
                &mut self.bodies.slots,
                l % BANDS,
                banded,
                any_swept,
                &mut moved,
            );
            for m in &mut moved[first..] {
                m.0 += l - l % BANDS;
            }
        }
        for &(l, b, id) in &moved {
            self.bodies.slots.head[id as usize].band = (l % BANDS) as u8;
            self.lists[l].batch.push((b, id));
        }
        moved.clear();
        self.moved = moved;
    }

    /// Step 5: repair the order of the lists of layers that must be sorted (the others forget
    /// theirs), merge the batches. Returns the exchanges the insertion sort made and the boxes
    /// alive in all lists.
    #[inline]
    fn sort_and_merge(&mut self, need_sorted: u16) -> (u64, usize) {
        let (mut swaps, mut live_boxes) = (0, 0);
        for (l, list) in self.lists.iter_mut().enumerate() {
            if need_sorted & (1 << (l / BANDS)) != 0 {
                if list.sorted {
                    swaps += list.insertion_sort(&mut self.bodies.slots);
                } else {
                    list.full_sort(&mut self.bodies.slots);
                    list.sorted = true;
                }
            } else {
                list.sorted = false;
            }
            list.merge_batch(&mut self.bodies.slots);
            live_boxes += list.len();
        }
        (swaps, live_boxes)
    }

    /// Step 6: pairs of this frame, only between lists whose layers meet (`count` boxes in each
    /// layer); then the exact test for those with a shaped body, if their layers ever held
    /// one. Scans against direct layers are queued and made last, in one pass over the slot
    /// table. Returns the exact box tests made.
    #[inline]
    fn find_pairs(&mut self, count: &[usize; Layer::COUNT]) -> u64 {
        let mut tests = 0;
        for k in 0..self.bodies.meeting.len() {
            let (a, b) = self.bodies.meeting[k];
            let (na, nb) = (count[a.index()], count[b.index()]);
            if na == 0 || nb == 0 {
                continue;
            }
            let start = self.bodies.pairs.found.len();
            tests += if na.min(nb) <= SCAN_LIMIT {
                self.scan_layers(a, b, na <= nb)
            } else {
                self.sweep_layers(a, b)
            };
            if self.bodies.slots.shaped_layers & (a.bit() | b.bit()) != 0 {
                self.bodies.narrow(start);
            }
        }
        let start = self.bodies.pairs.found.len();
        let (scanned, layers) = self.scan_queued();
        if self.bodies.slots.shaped_layers & layers != 0 {
            self.bodies.narrow(start);
        }
        tests + scanned
    }
}

impl Store for Collider {
    fn bodies(&self) -> &Bodies {
        &self.bodies
    }

    fn bodies_mut(&mut self) -> &mut Bodies {
        &mut self.bodies
    }

    /// A teleported box of a sorted list leaves it and rejoins through the batch (see step 1
    /// of `update`). A box of an unsorted list is left alone: nothing is routed out of those,
    /// and a list's order and a box's list change only within `update`, so what step 1 will
    /// find is known here. Respawning bullets, which only meet the player, skip the
    /// bookkeeping (a hundred thousand of them respawn hundreds a frame).
    fn teleported(&mut self, i: usize, _: &Aabb) {
        let s = &mut self.bodies.slots;
        let h = s.head[i];
        if h.state == State::Live
            && self.lists[list_index(h.layer, h.band as usize)].sorted
            && !s.meta[i].jumped
        {
            s.meta[i].jumped = true;
            self.jumped.push(i as u32);
        }
    }
}

impl BroadPhase for Collider {
    /// A collider with `config`; a capacity above [`Config::MAX_CAPACITY`] is lowered to it.
    fn new(config: Config) -> Self {
        Self {
            bodies: Bodies::new(config),
            lists: vec![EndpointList::default(); Layer::COUNT * BANDS],
            jumped: Vec::new(),
            moved: Vec::new(),
            direct_layers: 0,
            queued: Vec::new(),
            gathered: Vec::new(),
        }
    }

    /// Applies the batched removals and inserts, re-sorts, finds this frame's pairs and reports
    /// what changed. The returned events are in pair-key order (lower slot, then higher slot).
    fn update(&mut self) -> PairEvents<'_> {
        // 1. Removals and teleports.
        let removed = self.remove_and_reroute();
        // 2. Which layers must be sorted.
        let (count, need_sorted) = self.layers_to_sort();
        // 3. Inserts.
        let inserted = self.insert_pending(need_sorted);
        // 4. Reload tested boxes.
        self.reload_tested(need_sorted);
        // 5. Repair the order, merge the batches.
        let (swaps, live_boxes) = self.sort_and_merge(need_sorted);
        // 6. Pairs of this frame.
        let pair_tests = self.find_pairs(&count);
        // 7. PairEvents from the persistent pair set.
        self.bodies.finish_update(Stats {
            removed,
            inserted,
            swaps,
            live_boxes,
            pair_tests,
            ..Stats::default()
        });

        #[cfg(debug_assertions)]
        if let Err(e) = self.validate_structure() {
            panic!("collider invariant broken after update: {e}");
        }
        self.events()
    }

    /// [`Collider::validate_structure`], plus the pair set against a brute-force
    /// recomputation (see `validate_all` in `sap/validate.rs`).
    fn validate(&self) -> Result<(), String> {
        self.validate_all()
    }

    /// Boxes (live or pending, not removed) whose current box overlaps `area`, on `layers`.
    /// Only the lists of the masked layers are read: O(boxes on those layers).
    fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
        for (l, list) in self.lists.iter().enumerate() {
            if !layers.contains(Layer::ALL[l / BANDS]) {
                continue;
            }
            for &id in &list.ids {
                let i = id as usize;
                let s = &self.bodies.slots;
                if s.live_in(i, &area) {
                    out.push(s.contact(i));
                }
            }
        }
        self.bodies.query_pending(&area, layers, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::aabb::b;
    use crate::collide::workloads::layers::{
        shooter_map, AIR_ENEMY, BOMB_BLAST, ENEMY_BULLET, PLAYER, PLAYER_SHOT,
    };
    use crate::collide::{BoxDesc, Handle, PairEventKind};

    /// Inserts `n` boxes of `w` × `h` on `layer`, the `i`th with its top-left corner at
    /// `at(i)` and owner `owner + i`.
    fn row(
        c: &mut Collider,
        n: u32,
        (w, h): (f32, f32),
        at: impl Fn(u32) -> (f32, f32),
        owner: u32,
        layer: Layer,
    ) -> Vec<Handle> {
        (0..n)
            .map(|i| {
                let (x, y) = at(i);
                c.insert(BoxDesc::new(b(x, y, x + w, y + h), owner + i, layer))
                    .unwrap()
            })
            .collect()
    }

    /// Whether any band of `layer`'s endpoint lists is kept sorted.
    fn sorted(c: &Collider, layer: Layer) -> bool {
        c.lists
            .iter()
            .skip(layer.index() * BANDS)
            .take(BANDS)
            .any(|l| l.sorted)
    }

    #[test]
    fn batched_spawns_merge_into_a_sorted_list_in_one_pass() {
        let mut c = Collider::with_map(shooter_map());
        // Enough shots and enemies that both lists are swept, so both are kept sorted.
        let every_5 = |y: f32| move |i: u32| ((i * 5) as f32, y);
        row(&mut c, 40, (2., 2.), every_5(0.), 0, PLAYER_SHOT);
        row(&mut c, 40, (2., 2.), every_5(10.), 100, AIR_ENEMY);
        c.update();
        assert!(sorted(&c, PLAYER_SHOT));
        // A burst from one point plus a spread, some landing on enemies.
        let burst = |i: u32| {
            (
                if i.is_multiple_of(2) {
                    100.
                } else {
                    (i % 200) as f32
                },
                9.,
            )
        };
        row(&mut c, 300, (1., 2.), burst, 1000, PLAYER_SHOT);
        let enters = c
            .update()
            .iter()
            .filter(|e| e.kind == PairEventKind::Enter)
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
    fn a_bomb_clearing_an_unsorted_list_keeps_its_teleported_boxes() {
        let mut c = Collider::with_map(shooter_map());
        let every_5 = |i: u32| ((i * 5) as f32, 1.);
        let bullets = row(&mut c, 40, (2., 2.), every_5, 0, ENEMY_BULLET);
        let p = c
            .insert(BoxDesc::new(b(0., 0., 300., 4.), 99, PLAYER))
            .unwrap();
        assert_eq!(c.update().len(), 40);
        // Most bullets go at once (one compacting pass), one survivor is teleported.
        for h in &bullets[..30] {
            c.remove(*h).unwrap();
        }
        c.teleport(bullets[35], b(1., 1., 2., 2.)).unwrap();
        c.update();
        assert_eq!(c.stats().live_boxes, 11);
        assert_eq!(c.pairs().count(), 10);
        c.validate().unwrap();
        c.set_aabb(p, b(0., 0., 1.5, 1.5)).unwrap();
        c.update();
        assert_eq!(c.pairs().count(), 1, "the teleported bullet is still there");
        c.validate().unwrap();
    }

    #[test]
    fn a_list_left_unsorted_is_sorted_again_when_a_sweep_needs_it() {
        let mut c = Collider::with_map(shooter_map());
        let scattered = |i: u32| (((i * 37) % 200) as f32, 0.);
        let bullets = row(&mut c, 50, (3., 3.), scattered, 0, ENEMY_BULLET);
        c.insert(BoxDesc::new(b(0., 0., 300., 3.), 99, PLAYER))
            .unwrap();
        c.update();
        assert!(!sorted(&c, ENEMY_BULLET), "only scanned");
        // Twenty bomb blasts: now the bullets are swept and must be sorted.
        let every_10 = |i: u32| ((i * 10) as f32, 0.);
        row(&mut c, 20, (4., 3.), every_10, 200, BOMB_BLAST);
        c.update();
        assert!(sorted(&c, ENEMY_BULLET));
        c.validate().unwrap();
        for h in bullets.iter().step_by(2) {
            c.remove(*h).unwrap();
        }
        c.update();
        assert_eq!(c.stats().removed, 25);
        c.validate().unwrap();
    }

    /// A bomb removing most of all the boxes compacts every list, those that lost none too
    /// (the player's): a sorted list drops its teleported boxes to the batch as ever, a box
    /// removed before any update saw it is only freed, and the pairs are still exact.
    #[test]
    fn a_bomb_compacts_every_list_and_keeps_the_pairs_exact() {
        let mut c = Collider::with_map(shooter_map());
        let every_4 = |i: u32| ((i * 4) as f32, (i % 7) as f32);
        let bullets = row(&mut c, 60, (3., 3.), every_4, 0, ENEMY_BULLET);
        let every_12 = |i: u32| ((i * 12) as f32, 2.);
        let blasts = row(&mut c, 20, (5., 5.), every_12, 200, BOMB_BLAST);
        row(&mut c, 1, (9., 9.), |_| (0., 0.), 300, PLAYER);
        c.update();
        assert!(sorted(&c, ENEMY_BULLET) && sorted(&c, BOMB_BLAST));
        for h in &bullets[..50] {
            c.remove(*h).unwrap();
        }
        c.set_aabb(bullets[55], b(0., 0., 3., 3.)).unwrap();
        c.teleport(blasts[19], b(1., 1., 6., 6.)).unwrap();
        let stillborn = c
            .insert(BoxDesc::new(b(0., 0., 1., 1.), 500, ENEMY_BULLET))
            .unwrap();
        c.remove(stillborn).unwrap();
        c.update();
        assert_eq!((c.stats().removed, c.stats().live_boxes), (51, 31));
        c.validate().unwrap();
        assert!(c.pairs().any(|p| p.a.owner == 55 || p.b.owner == 55));
        c.set_aabb(blasts[0], b(200., 0., 240., 9.)).unwrap();
        c.update();
        c.validate().unwrap();
    }

    /// A scanned layer that held only plain boxes reloads them without their flags; its first
    /// swept box still sweeps from where it was, its first update included.
    #[test]
    fn a_scanned_layers_first_swept_box_sweeps_across_what_it_jumped() {
        let mut c = Collider::with_map(shooter_map());
        let every_9 = |i: u32| ((i * 9) as f32, 200.);
        row(&mut c, 30, (2., 2.), every_9, 0, ENEMY_BULLET);
        c.insert(BoxDesc::new(b(100., 100., 110., 110.), 99, PLAYER))
            .unwrap();
        c.update();
        assert_eq!(c.bodies.slots.swept_layers & ENEMY_BULLET.bit(), 0);
        // Above the player, then past it in one step: only the sweep meets it.
        let above = b(104., 80., 106., 82.);
        let fast = BoxDesc::new(above, 500, ENEMY_BULLET).swept(true);
        let h = c.insert(fast).unwrap();
        assert_eq!(c.update().len(), 0, "above the player");
        assert!(!sorted(&c, ENEMY_BULLET), "still only scanned");
        c.set_aabb(h, b(104., 130., 106., 132.)).unwrap();
        let enters: Vec<u32> = c
            .update()
            .iter()
            .filter(|e| e.kind == PairEventKind::Enter)
            .map(|e| e.pair.a.owner.max(e.pair.b.owner))
            .collect();
        assert_eq!(enters, [500], "the sweep crossed the player");
        c.validate().unwrap();
    }
}
