//! The pair search's view of a [`Tree`](super::nodes::Tree): its leaves in depth-first order,
//! eight to a node of an implicit eight-way tree whose nodes hold their eight boxes side by
//! side, one SIMD vector per coordinate.
//!
//! Depth-first order keeps each run of eight leaves close together in space (they are mostly
//! the leaves of one small subtree), so a node of eight consecutive leaves, and a node of
//! eight consecutive such nodes, bound tight regions. One box is tested against a node's eight
//! boxes in a handful of vector instructions; the binary tree's walk spent a step, and often a
//! mispredicted branch, on every node. The layout is rebuilt from the leaves at every update:
//! O(leaves), reading and writing memory in order.

use crate::collide::store::slots::pair_key;
use crate::collide::Aabb;
use wide::f32x8;

/// Lanes of a [`Lanes`] node.
pub(super) const WIDTH: usize = 8;

/// Eight boxes side by side. An unused lane, or a leaf whose box has an empty interior (which
/// meets nothing by the edge rule), holds the empty box (+inf, -inf), which no box meets.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lanes {
    min_x: f32x8,
    min_y: f32x8,
    max_x: f32x8,
    max_y: f32x8,
}

/// True when `b` has an interior: a box without one meets nothing by the edge rule.
#[inline]
fn solid(b: &Aabb) -> bool {
    (b.min.x < b.max.x) & (b.min.y < b.max.y)
}

impl Lanes {
    /// `b` in every lane: the probe a box is tested with against a node, or `None` when `b`
    /// has no interior (it meets nothing).
    #[inline]
    pub fn probe(b: &Aabb) -> Option<Lanes> {
        solid(b).then(|| Lanes {
            min_x: f32x8::splat(b.min.x),
            min_y: f32x8::splat(b.min.y),
            max_x: f32x8::splat(b.max.x),
            max_y: f32x8::splat(b.max.y),
        })
    }

    /// Bit `k` is set when the probe's interior meets lane `k`'s. For two boxes with nonempty
    /// interiors this is [`interiors_meet`](crate::collide::aabb::interiors_meet) on both axes
    /// (the larger minimum below the smaller maximum); the empty lanes fail it.
    #[inline(always)]
    pub fn meeting(&self, p: &Lanes) -> u32 {
        let hit = p.min_x.simd_lt(self.max_x)
            & self.min_x.simd_lt(p.max_x)
            & p.min_y.simd_lt(self.max_y)
            & self.min_y.simd_lt(p.max_y);
        hit.to_bitmask()
    }
}

/// The eight-way layout of one tree's leaves (see the module docs). Level 0 holds the leaves,
/// eight to a node in depth-first order; each level above holds the bounds of eight
/// consecutive nodes of the level below, up to a level of one node.
#[derive(Clone, Debug, Default)]
pub(super) struct Wide {
    /// Every level's nodes, level 0 first.
    nodes: Vec<Lanes>,
    /// Per level: where its nodes start in `nodes`, and how many.
    levels: Vec<(u32, u32)>,
    /// Per node of level 0: its leaves' slots (0 in unused lanes, which never meet).
    slots: Vec<[u32; WIDTH]>,
    /// Scratch: the bounds of the level just built.
    bounds: Vec<Aabb>,
    next_bounds: Vec<Aabb>,
}

/// The empty box: no box's interior meets it, and it leaves any union it joins unchanged.
const EMPTY: Aabb = Aabb {
    min: glam::Vec2::splat(f32::INFINITY),
    max: glam::Vec2::splat(f32::NEG_INFINITY),
};

impl Wide {
    /// Lays out `leaves` (slot and tight box, in depth-first order). O(leaves).
    pub fn build(&mut self, leaves: &[(u32, Aabb)]) {
        self.nodes.clear();
        self.levels.clear();
        self.slots.clear();
        if leaves.is_empty() {
            return;
        }
        let mut bounds = std::mem::take(&mut self.bounds);
        bounds.clear();
        for chunk in leaves.chunks(WIDTH) {
            let mut slots = [0; WIDTH];
            for (s, &(slot, _)) in slots.iter_mut().zip(chunk) {
                *s = slot;
            }
            self.slots.push(slots);
            let boxes = chunk.iter().map(|(_, b)| if solid(b) { *b } else { EMPTY });
            bounds.push(self.push_node(boxes));
        }
        self.levels.push((0, self.nodes.len() as u32));
        let mut next = std::mem::take(&mut self.next_bounds);
        while bounds.len() > 1 {
            let start = self.nodes.len() as u32;
            next.clear();
            for chunk in bounds.chunks(WIDTH) {
                next.push(self.push_node(chunk.iter().copied()));
            }
            self.levels.push((start, self.nodes.len() as u32 - start));
            std::mem::swap(&mut bounds, &mut next);
        }
        self.bounds = bounds;
        self.next_bounds = next;
    }

    /// Appends a node of up to eight boxes (the rest empty); returns their union.
    fn push_node(&mut self, boxes: impl Iterator<Item = Aabb>) -> Aabb {
        let mut lanes = [[f32::INFINITY; WIDTH], [f32::INFINITY; WIDTH]];
        let mut highs = [[f32::NEG_INFINITY; WIDTH], [f32::NEG_INFINITY; WIDTH]];
        let mut union = EMPTY;
        for (k, b) in boxes.enumerate() {
            lanes[0][k] = b.min.x;
            lanes[1][k] = b.min.y;
            highs[0][k] = b.max.x;
            highs[1][k] = b.max.y;
            union = union.union(&b);
        }
        self.nodes.push(Lanes {
            min_x: f32x8::new(lanes[0]),
            min_y: f32x8::new(lanes[1]),
            max_x: f32x8::new(highs[0]),
            max_y: f32x8::new(highs[1]),
        });
        union
    }

    /// Nodes of level 0: the most a search's frontier ever holds.
    pub fn leaf_nodes(&self) -> usize {
        self.slots.len()
    }
}

/// Appends the key of every pair of a box of `boxes` (slot, tight box) and a leaf of the
/// layout whose interiors meet; returns the number of exact tests (eight per leaf node
/// reached). `frontier` is scratch space.
///
/// Each box descends level by level: the nodes of one level whose bounds it meets give the
/// next level's nodes to test, written out branch-free, and the loads of one level do not wait
/// for each other. Complexity: O(Σ over boxes of the nodes whose bounds meet it).
pub(super) fn pairs_of_boxes(
    boxes: &[(u32, Aabb)],
    wide: &Wide,
    frontier: &mut Vec<u32>,
    out: &mut Vec<u64>,
) -> u64 {
    if wide.levels.is_empty() {
        return 0;
    }
    // Two frontiers, each with room for every node of level 0 plus the lanes written past
    // the last hit.
    let room = wide.leaf_nodes() + WIDTH;
    frontier.clear();
    frontier.resize(2 * room, 0);
    let (mut here, mut there) = frontier.split_at_mut(room);
    let mut keys = [0u64; 64];
    let mut found = 0;
    let mut tests = 0u64;
    for &(slot, ref b) in boxes {
        let Some(probe) = Lanes::probe(b) else {
            continue;
        };
        here[0] = 0;
        let mut len = 1;
        for &(start, _) in wide.levels[1..].iter().rev() {
            let mut n = 0;
            for &j in &here[..len] {
                let m = wide.nodes[(start + j) as usize].meeting(&probe);
                for k in 0..WIDTH as u32 {
                    there[n] = WIDTH as u32 * j + k;
                    n += (m >> k & 1) as usize;
                }
            }
            std::mem::swap(&mut here, &mut there);
            len = n;
        }
        tests += (len * WIDTH) as u64;
        for &j in &here[..len] {
            let mut m = wide.nodes[j as usize].meeting(&probe);
            let slots = &wide.slots[j as usize];
            if found > keys.len() - WIDTH {
                out.extend_from_slice(&keys[..found]);
                found = 0;
            }
            while m != 0 {
                keys[found] = pair_key(slot, slots[m.trailing_zeros() as usize]);
                found += 1;
                m &= m - 1;
            }
        }
    }
    out.extend_from_slice(&keys[..found]);
    tests
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::aabb::b;

    /// Every count of leaves around the level sizes, boxes touching at edges and boxes with
    /// empty interiors among them: the search finds exactly the pairs brute force finds.
    #[test]
    fn the_search_finds_what_brute_force_finds() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rand = move |n: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as f32
        };
        for n in [0usize, 1, 7, 8, 9, 63, 64, 65, 300, 700] {
            let leaves: Vec<(u32, Aabb)> = (0..n as u32)
                .map(|i| {
                    let (x0, y0) = (rand(100), rand(100));
                    // Every seventh box is flat: its interior is empty.
                    let h = if i % 7 == 3 { 0. } else { 1. + rand(6) };
                    (i, b(x0, y0, x0 + 1. + rand(6), y0 + h))
                })
                .collect();
            let probes: Vec<(u32, Aabb)> = (0..50u32)
                .map(|i| {
                    let (x0, y0) = (rand(100), rand(100));
                    let w = if i % 9 == 0 { 0. } else { 1. + rand(12) };
                    (1000 + i, b(x0, y0, x0 + w, y0 + 1. + rand(12)))
                })
                .collect();
            let mut wide = Wide::default();
            wide.build(&leaves);
            let mut found = Vec::new();
            pairs_of_boxes(&probes, &wide, &mut Vec::new(), &mut found);
            found.sort_unstable();
            let mut expect: Vec<u64> = probes
                .iter()
                .flat_map(|p| leaves.iter().map(move |l| (p, l)))
                .filter(|(p, l)| p.1.overlaps(&l.1))
                .map(|(p, l)| pair_key(p.0, l.0))
                .collect();
            expect.sort_unstable();
            assert_eq!(found, expect, "{n} leaves");
        }
    }
}
