//! Scanning: the pairs between a layer of at most [`SCAN_LIMIT`] boxes (the player, a bomb's
//! blasts) and a layer it meets, with neither sorted.
//!
//! The small layer's boxes are gathered first as [`Probe`]s (a handful). Against a layer
//! whose lists hold coordinates they are tested list by list, in blocks. Against a direct
//! layer (see [`EndpointList::direct`]: only scanned, never swept, such as the enemy bullets)
//! the probes wait until every meeting pair of the update has been seen, and then one pass over
//! the slot table's current boxes tests them all ([`scan_table`]): each box is read once, where
//! the caller's `set_aabb` wrote it, and nothing is copied into endpoint arrays first. The table
//! also holds other layers' boxes and free slots' stale ones; the test reads them like the
//! rest, and a hit counts only if its slot is live on a layer the probe scans. Hits are rare,
//! so that check costs a look at a handful of slot heads. Both scans are compiled for wider
//! vector units too, as the sweeps are (see `sweep.rs`).

use multiversion::multiversion;

use super::collider::Collider;
use super::endpoints::{list_index, EndpointList, BANDS};
use super::sweep::{Probe, SCAN_LIMIT};
use crate::collide::aabb::interiors_meet;
use crate::collide::store::slots::{pair_key, Slots, State};
use crate::collide::{Aabb, Layer};

/// Boxes tested per block: the block's tests are branch-free so they vectorise, and the few
/// blocks with a hit are tested again box by box.
const BLOCK: usize = 8;

/// Whether the interiors of `p`'s box and `(x0, x1, y0, y1)` meet (the edge rule of [`Aabb`]).
#[inline(always)]
fn meets(p: &Aabb, x0: f32, x1: f32, y0: f32, y1: f32) -> bool {
    interiors_meet(p.min.x, p.max.x, x0, x1) & interiors_meet(p.min.y, p.max.y, y0, y1)
}

impl Collider {
    /// The pairs between layers `a` and `b` (or within `a`), of which the small one holds at
    /// most [`SCAN_LIMIT`] boxes. Against a direct layer the small layer's boxes are only queued
    /// for [`Collider::scan_queued`]. Returns the exact box tests made.
    /// Complexity: O(small · other).
    pub(super) fn scan_layers(&mut self, a: Layer, b: Layer, a_is_small: bool) -> u64 {
        let (small, big) = if a_is_small { (a, b) } else { (b, a) };
        let mut probes = std::mem::take(&mut self.gathered);
        self.gather(small, big.bit(), &mut probes);
        debug_assert!(probes.len() <= SCAN_LIMIT, "a scanned layer is small");
        let found = &mut self.bodies.pairs.found;
        let tests = if a == b {
            scan_self(&probes, found)
        } else if self.direct_layers & big.bit() != 0 {
            self.queued.extend_from_slice(&probes);
            0
        } else {
            (0..BANDS)
                .map(|band| scan_list(&probes, &self.lists[list_index(big, band)], found))
                .sum()
        };
        self.gathered = probes;
        tests
    }

    /// Appends the boxes of `layer` in every band to `out` (cleared first), to be scanned
    /// against `layers`.
    fn gather(&self, layer: Layer, layers: u16, out: &mut Vec<Probe>) {
        out.clear();
        let slots = &self.bodies.slots;
        for band in 0..BANDS {
            let list = &self.lists[list_index(layer, band)];
            for k in 0..list.len() {
                let (aabb, id) = (list.tested(k, slots), list.ids[k]);
                out.push(Probe { aabb, id, layers });
            }
        }
    }

    /// Tests the probes queued by [`Collider::scan_layers`] against the slot table in one pass
    /// and clears them; returns the exact box tests made and the layers of both sides, one bit
    /// each (for the narrow phase). O(probes · slots).
    pub(super) fn scan_queued(&mut self) -> (u64, u16) {
        if self.queued.is_empty() {
            return (0, 0);
        }
        let slots = &self.bodies.slots;
        let tests = scan_table(slots, &self.queued, &mut self.bodies.pairs.found);
        let layers = self.queued.iter().fold(0, |bits, p| {
            bits | p.layers | slots.head[p.id as usize].layer.bit()
        });
        self.queued.clear();
        (tests, layers)
    }
}

/// Every probe against every box of `big`, which holds coordinates, in any order.
///
/// Complexity: O(probes · |big|). The inner loop works in blocks of [`BLOCK`] with a
/// branch-free test so it vectorises; hits are rare and handled after.
#[multiversion(targets = "simd")]
fn scan_list(probes: &[Probe], big: &EndpointList, out: &mut Vec<u64>) -> u64 {
    debug_assert!(!big.direct);
    let n = big.len();
    // Whole blocks as fixed-size arrays: no bounds checks inside a block, so its tests compile
    // to packed compares.
    let blocks = || {
        big.min_x
            .chunks_exact(BLOCK)
            .zip(big.max_x.chunks_exact(BLOCK))
            .zip(
                big.min_y
                    .chunks_exact(BLOCK)
                    .zip(big.max_y.chunks_exact(BLOCK)),
            )
    };
    for p in probes {
        for (b, ((bx0, bx1), (by0, by1))) in blocks().enumerate() {
            let (bx0, bx1): (&[f32; BLOCK], &[f32; BLOCK]) =
                (bx0.try_into().unwrap(), bx1.try_into().unwrap());
            let (by0, by1): (&[f32; BLOCK], &[f32; BLOCK]) =
                (by0.try_into().unwrap(), by1.try_into().unwrap());
            let hit = |t: usize| meets(&p.aabb, bx0[t], bx1[t], by0[t], by1[t]);
            // One any-hit test per block is what vectorises best.
            if (0..BLOCK).fold(false, |any, t| any | hit(t)) {
                for t in (0..BLOCK).filter(|&t| hit(t)) {
                    out.push(pair_key(p.id, big.ids[b * BLOCK + t]));
                }
            }
        }
        for k in n / BLOCK * BLOCK..n {
            if meets(
                &p.aabb,
                big.min_x[k],
                big.max_x[k],
                big.min_y[k],
                big.max_y[k],
            ) {
                out.push(pair_key(p.id, big.ids[k]));
            }
        }
    }
    (probes.len() * n) as u64
}

/// Every pair among the probes (a small layer meeting itself). O(probes²).
fn scan_self(probes: &[Probe], out: &mut Vec<u64>) -> u64 {
    let mut tests = 0u64;
    for (i, p) in probes.iter().enumerate() {
        for q in &probes[i + 1..] {
            tests += 1;
            let b = &q.aabb;
            if meets(&p.aabb, b.min.x, b.max.x, b.min.y, b.max.y) {
                out.push(pair_key(p.id, q.id));
            }
        }
    }
    tests
}

/// Every probe against every slot's current box, in slot order: the pass that reads each box
/// of a direct layer once, where the caller wrote it. A hit is a pair only if its slot is live
/// on one of the probe's layers (the table holds every layer, and free slots' stale boxes).
///
/// Complexity: O(probes · slots), a straight read of 16 bytes a slot; plus a slot head for each
/// box a probe's box meets.
#[multiversion(targets = "simd")]
pub(super) fn scan_table(slots: &Slots, probes: &[Probe], out: &mut Vec<u64>) -> u64 {
    let cur = &slots.cur[..slots.head.len()];
    let keep = |p: &Probe, j: usize, out: &mut Vec<u64>| {
        let h = &slots.head[j];
        if h.state == State::Live && p.layers & h.layer.bit() != 0 {
            out.push(pair_key(p.id, j as u32));
        }
    };
    let blocks = cur.chunks_exact(BLOCK);
    let rest = blocks.remainder();
    for (c, block) in blocks.enumerate() {
        let block: &[Aabb; BLOCK] = block.try_into().unwrap();
        for p in probes {
            let hit = |t: usize| {
                let b = &block[t];
                meets(&p.aabb, b.min.x, b.max.x, b.min.y, b.max.y)
            };
            // Four plain compares a box: a superset of the edge rule's hits (it leaves out
            // only that each box be wider and taller than nothing); the few blocks it passes
            // are tested exactly below. (Counted on `curtain_100k`: 2% fewer instructions in
            // this pass than `meets` in every lane.)
            let (q, mut any) = (&p.aabb, false);
            for b in block {
                any |= (b.min.x < q.max.x)
                    & (q.min.x < b.max.x)
                    & (b.min.y < q.max.y)
                    & (q.min.y < b.max.y);
            }
            if any {
                for t in (0..BLOCK).filter(|&t| hit(t)) {
                    keep(p, c * BLOCK + t, out);
                }
            }
        }
    }
    let base = cur.len() - rest.len();
    for (t, b) in rest.iter().enumerate() {
        for p in probes {
            if meets(&p.aabb, b.min.x, b.max.x, b.min.y, b.max.y) {
                keep(p, base + t, out);
            }
        }
    }
    (probes.len() * cur.len()) as u64
}

#[cfg(test)]
mod tests {
    use crate::collide::aabb::b;
    use crate::collide::workloads::layers::{
        shooter_map, AIR_ENEMY, BOMB_BLAST, ENEMY_BULLET, PLAYER, POWER_UP,
    };
    use crate::collide::{BoxDesc, BroadPhase, Collider, Handle, Layer};

    fn put(c: &mut Collider, x: f32, owner: u32, layer: Layer) -> Handle {
        c.insert(BoxDesc::new(b(x, 1., x + 2., 3.), owner, layer))
            .unwrap()
    }

    /// Small layers queued against direct layers meet in one pass over the slot table, which
    /// also reads other layers' boxes and removed bullets' stale boxes: only live boxes of the
    /// layers each probe scans become pairs.
    #[test]
    fn the_table_pass_reports_live_boxes_of_the_scanned_layers_alone() {
        let mut c = Collider::with_map(shooter_map());
        c.insert(BoxDesc::new(b(0., 0., 10., 10.), 1, PLAYER))
            .unwrap();
        // Twenty bullets, the first ten on the player; three power-ups and an enemy on it too.
        let bullets: Vec<Handle> = (0..20)
            .map(|i| put(&mut c, i as f32, 100 + i, ENEMY_BULLET))
            .collect();
        for i in 0..3 {
            put(&mut c, 2. * i as f32, 200 + i, POWER_UP);
        }
        put(&mut c, 4., 300, AIR_ENEMY);
        // Two blasts over bullets 14 to 17, four pairs and two (power-ups and bullets never meet).
        c.insert(BoxDesc::new(b(15., 0., 18., 4.), 400, BOMB_BLAST))
            .unwrap();
        c.insert(BoxDesc::new(b(15.5, 0., 16., 4.), 401, BOMB_BLAST))
            .unwrap();
        assert_eq!(c.update().len(), 10 + 3 + 1 + 6);
        assert!(c.lists.iter().any(|l| l.direct && l.len() == 20));
        assert_ne!(c.direct_layers & ENEMY_BULLET.bit(), 0);
        c.validate().unwrap();
        // Removed bullets leave their boxes on the player in free slots.
        for h in &bullets[..5] {
            c.remove(*h).unwrap();
        }
        assert_eq!(c.update().len(), 10 + 3 + 1 + 6);
        assert_eq!(c.stats().live_pairs, 5 + 3 + 1 + 6);
        c.validate().unwrap();
        // New bullets away from everything take the freed slots: still no pair for them.
        for i in 0..5 {
            put(&mut c, 100. + i as f32, 500 + i, ENEMY_BULLET);
        }
        c.update();
        assert_eq!(c.stats().live_pairs, 5 + 3 + 1 + 6);
        c.validate().unwrap();
    }

    /// A batch reaching a list that goes direct in the same update. Bullets are swept against
    /// ten blasts, so their lists are sorted; a teleported bullet leaves its sorted list for
    /// the batch of its new band (step 1 of the update), and then, with only five blasts left,
    /// the bullets are merely scanned and their lists keep no coordinates (step 4). The batch
    /// must join the direct list by its slot alone. (The case `collide_proptest` minimised:
    /// it panicked with "only banded lists take batches".)
    #[test]
    fn a_batch_joins_a_list_that_goes_direct_in_the_same_update() {
        let mut c = Collider::with_map(shooter_map());
        let p = c
            .insert(BoxDesc::new(b(0., 0., 100., 4.), 1, PLAYER))
            .unwrap();
        let bullets: Vec<Handle> = (0..20)
            .map(|i| put(&mut c, 3. * i as f32, 100 + i, ENEMY_BULLET))
            .collect();
        let blasts: Vec<Handle> = (0..10)
            .map(|i| put(&mut c, 6. * i as f32, 200 + i, BOMB_BLAST))
            .collect();
        c.update();
        assert!(c.lists.iter().any(|l| l.sorted && !l.ids.is_empty()));
        c.validate().unwrap();
        // Into another band (y 100) and a second bullet far along the first band's x.
        c.teleport(bullets[3], b(5., 100., 7., 102.)).unwrap();
        c.teleport(bullets[4], b(250., 1., 252., 3.)).unwrap();
        for h in &blasts[5..] {
            c.remove(*h).unwrap();
        }
        c.update();
        assert_ne!(c.direct_layers & ENEMY_BULLET.bit(), 0, "only scanned now");
        assert!(c.lists.iter().all(|l| l.batch.is_empty()));
        c.validate().unwrap();
        // The moved bullets left the player, and are found where they went when it reaches
        // them.
        let on_player = |c: &Collider, owner: u32| {
            c.pairs()
                .any(|pr| pr.a.owner.min(pr.b.owner) == 1 && pr.a.owner.max(pr.b.owner) == owner)
        };
        assert!(on_player(&c, 105) && !on_player(&c, 103) && !on_player(&c, 104));
        c.set_aabb(p, b(0., 0., 300., 104.)).unwrap();
        c.update();
        assert!(on_player(&c, 103) && on_player(&c, 104));
        c.validate().unwrap();
        // And back to sorted lists with ten blasts again: the bullets load their coordinates.
        put(&mut c, 300., 300, BOMB_BLAST);
        for i in 0..4 {
            put(&mut c, 3. * i as f32, 301 + i, BOMB_BLAST);
        }
        c.update();
        assert_eq!(c.direct_layers & ENEMY_BULLET.bit(), 0);
        c.validate().unwrap();
    }
}
