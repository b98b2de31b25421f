//! Building a [`Tree`] from scratch, top down, for when most of its leaves go at once.
//!
//! A bomb clearing thousands of bullets would cost one removal and refit per leaf; rebuilding
//! from the survivors costs O(n log n) with a small constant. The builder splits each set of
//! leaves at the median of their centres along the longer side of the centres' bounds, so the
//! tree comes out balanced (height ⌈log2 n⌉) with fat boxes grouped by position.

use super::tree::{Node, NodeId, Tree};
use super::Aabb;

/// A leaf to build: its slot, fat box and tight box.
pub(super) type LeafSpec = (u32, Aabb, Aabb);

impl Tree {
    /// Every leaf's slot, fat box and tight box, in no particular order. O(nodes).
    pub fn leaf_specs(&self, out: &mut Vec<LeafSpec>) {
        out.clear();
        if self.root.is_nil() {
            return;
        }
        let mut stack = vec![self.root];
        while let Some(id) = stack.pop() {
            let n = self.node(id);
            if n.is_leaf() {
                out.push((n.slot, n.fat, n.tight));
            } else {
                stack.extend(n.child);
            }
        }
    }

    /// Replaces the whole tree with a balanced one over `leaves`, calling `placed(slot, leaf)`
    /// for each leaf with its new node. O(n log n).
    pub fn rebuild(&mut self, leaves: &mut [LeafSpec], mut placed: impl FnMut(u32, NodeId)) {
        self.nodes.clear();
        self.root = NodeId::NIL;
        self.free = NodeId::NIL;
        self.leaves = leaves.len();
        if !leaves.is_empty() {
            self.root = self.build(leaves, NodeId::NIL, &mut placed);
        }
    }

    fn build(
        &mut self,
        leaves: &mut [LeafSpec],
        parent: NodeId,
        placed: &mut impl FnMut(u32, NodeId),
    ) -> NodeId {
        let id = self.alloc();
        if let [(slot, fat, tight)] = *leaves {
            *self.node_mut(id) = Node {
                fat,
                tight,
                parent,
                child: [NodeId::NIL; 2],
                slot,
                height: 0,
            };
            placed(slot, id);
            return id;
        }
        // Centres are compared doubled (min + max), in f64 so that boxes near the f32 limits
        // do not overflow.
        let centre = |l: &LeafSpec, axis: usize| {
            let (lo, hi) = (l.1.min.to_array()[axis], l.1.max.to_array()[axis]);
            lo as f64 + hi as f64
        };
        let spread = |axis: usize| {
            let (lo, hi) = leaves.iter().fold((f64::MAX, f64::MIN), |(lo, hi), l| {
                let c = centre(l, axis);
                (lo.min(c), hi.max(c))
            });
            hi - lo
        };
        let axis = if spread(0) >= spread(1) { 0 } else { 1 };
        let mid = leaves.len() / 2;
        leaves.select_nth_unstable_by(mid, |a, b| {
            centre(a, axis)
                .total_cmp(&centre(b, axis))
                .then(a.0.cmp(&b.0))
        });
        let (left, right) = leaves.split_at_mut(mid);
        let a = self.build(left, id, placed);
        let b = self.build(right, id, placed);
        let (an, bn) = (*self.node(a), *self.node(b));
        *self.node_mut(id) = Node {
            fat: an.fat.union(&bn.fat),
            tight: an.tight.union(&bn.tight),
            parent,
            child: [a, b],
            slot: u32::MAX,
            height: 1 + an.height.max(bn.height),
        };
        id
    }
}
