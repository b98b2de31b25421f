//! The node pool of one dynamic AABB tree: typed node handles, nodes, fattened boxes.
//!
//! A [`Tree`] is a binary tree whose leaves are boxes and whose inner nodes bound their two
//! children. Leaves hold a *fat* box, the box grown by a margin and by its recent motion, so
//! a box that moves a little stays inside it and the tree need not change; the leaf's *tight*
//! box (the one tested this update) is kept beside it for the exact tests. Inserting
//! (`insert.rs`), rotating (`rotate.rs`), traversing (`query.rs`) and checking
//! (`validate.rs`) live in their own files.

use super::wide::Wide;
use crate::collide::Aabb;

/// A node of one [`Tree`]: an index into its pool, never valid in another tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct NodeId(pub u32);

impl NodeId {
    /// No node: the root's parent, a leaf's children, an empty tree's root.
    pub const NIL: NodeId = NodeId(u32::MAX);

    #[inline]
    pub fn is_nil(self) -> bool {
        self == NodeId::NIL
    }

    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }
}

/// One node. A leaf has `child == [NIL, NIL]` and names its slot; an inner node has two
/// children and its `fat` box is exactly the union of theirs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// For a leaf, the fattened box; for an inner node, the union of its children's.
    pub fat: Aabb,
    /// For a leaf, the box tested at the last update (always inside `fat`); for an inner
    /// node, the union of its children's, refreshed by every update (see
    /// [`Tree::refit_tight`]): the bound the pair search prunes with.
    pub tight: Aabb,
    pub parent: NodeId,
    pub child: [NodeId; 2],
    /// For a leaf, its slot in the collider; for a free node, the next free node.
    pub slot: u32,
    /// 0 for a leaf, else one more than the taller child.
    pub height: u32,
}

impl Node {
    #[inline]
    pub fn is_leaf(&self) -> bool {
        self.child[0].is_nil()
    }
}

/// How far a fat box reaches past its tight box on every side, in pixels. Generous: pairs are
/// found with the tight boxes, so a loose fat box only costs the insertion choices and the
/// area query a little, while each reinsertion it saves costs a walk up the tree (6 rather
/// than 2 px: about 12% less time per `bullet_hell_10k` frame in `collide_profile`).
pub(super) const MARGIN: f32 = 6.0;
/// How many frames of the box's last motion its fat box also covers, in the direction it
/// moved, at least: a bullet at constant speed is reinserted once every few frames, not every
/// frame. Each slot adds 0 to 3 frames of its own (see [`fatten`]).
pub(super) const LOOKAHEAD: f32 = 4.0;

/// The fat box for slot `slot`'s `tight` box after a motion of `moved` (its min corner's
/// displacement since the previous update; zero when unknown). Clamped to finite values so
/// that containment tests and perimeters stay meaningful.
///
/// The lookahead varies from slot to slot: boxes spawned together at equal speeds would
/// otherwise leave their fat boxes in the same frames, forever, and the reinsertions would
/// come in bursts instead of spread evenly over the frames.
#[inline]
pub(super) fn fatten(tight: Aabb, moved: glam::Vec2, slot: u32) -> Aabb {
    let jitter = (slot.wrapping_mul(0x9E37_79B9) >> 30) as f32;
    let ahead = moved * (LOOKAHEAD + jitter);
    let lo = tight.min - MARGIN + ahead.min(glam::Vec2::ZERO);
    let hi = tight.max + MARGIN + ahead.max(glam::Vec2::ZERO);
    // `clamp` would pass NaN on; the displacement of two finite boxes is never NaN, but an
    // infinite one times zero would be, so a NaN side falls back to the widest box.
    let fix = |v: glam::Vec2, fallback: f32| {
        glam::Vec2::new(
            if v.x.is_nan() {
                fallback
            } else {
                v.x.clamp(-f32::MAX, f32::MAX)
            },
            if v.y.is_nan() {
                fallback
            } else {
                v.y.clamp(-f32::MAX, f32::MAX)
            },
        )
    };
    Aabb::new(fix(lo, -f32::MAX), fix(hi, f32::MAX))
}

/// Whether `outer` holds `inner` (edges may touch).
#[inline]
pub(super) fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    (outer.min.x <= inner.min.x)
        & (outer.min.y <= inner.min.y)
        & (inner.max.x <= outer.max.x)
        & (inner.max.y <= outer.max.y)
}

/// Half the perimeter of a box, the insertion and rotation cost measure. It is infinite for
/// a box wider than `f32::MAX`, and differences of such costs are NaN: every comparison
/// of costs then fails, which only makes the choices for such giant boxes less tight, never
/// wrong (any sibling and any rotation give a correct tree).
#[inline]
pub(super) fn half_perimeter(b: &Aabb) -> f32 {
    (b.max.x - b.min.x) + (b.max.y - b.min.y)
}

/// One dynamic AABB tree over a pool of nodes with a free list.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    pub nodes: Vec<Node>,
    pub root: NodeId,
    /// Head of the free list, threaded through `Node::slot`.
    pub free: NodeId,
    /// Leaves in the tree.
    pub leaves: usize,
    /// Rotations made since the tree was created (for stats and tests).
    pub rotations: u64,
    /// Every leaf's slot and tight box, gathered by [`Tree::refit_tight`] in depth-first
    /// order.
    pub leaf_boxes: Vec<(u32, Aabb)>,
    /// The leaves laid out for the pair search by the last [`Tree::refit_tight`].
    pub wide: Wide,
    /// Scratch for [`Tree::rebuild`]: the leaves' sort keys.
    pub order: Vec<u64>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            root: NodeId::NIL,
            free: NodeId::NIL,
            leaves: 0,
            rotations: 0,
            leaf_boxes: Vec::new(),
            wide: Wide::default(),
            order: Vec::new(),
        }
    }
}

impl Tree {
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.idx()]
    }

    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.idx()]
    }

    /// A node from the free list, or a new one; its fields are the caller's to set.
    pub fn alloc(&mut self) -> NodeId {
        if !self.free.is_nil() {
            let id = self.free;
            self.free = NodeId(self.nodes[id.idx()].slot);
            return id;
        }
        self.nodes.push(Node {
            fat: Aabb::default(),
            tight: Aabb::default(),
            parent: NodeId::NIL,
            child: [NodeId::NIL; 2],
            slot: u32::MAX,
            height: 0,
        });
        NodeId((self.nodes.len() - 1) as u32)
    }

    /// Returns a node to the free list. It is marked by a parent equal to itself.
    pub fn release(&mut self, id: NodeId) {
        let next = self.free;
        let n = self.node_mut(id);
        n.parent = id;
        n.child = [NodeId::NIL; 2];
        n.slot = next.0;
        self.free = id;
    }

    /// Recomputes every inner node's tight box from its children's, bottom up, gathers
    /// [`Tree::leaf_boxes`] and lays them out afresh for this update's pair search
    /// ([`Tree::wide`]). O(nodes); the recursion is as deep as the tree is tall.
    pub fn refit_tight(&mut self) {
        self.leaf_boxes.clear();
        if !self.root.is_nil() {
            self.gather(self.root);
        }
        self.wide.build(&self.leaf_boxes);
    }

    /// Appends the leaves of `id`'s subtree to `leaf_boxes`, refitting its inner nodes' tight
    /// boxes; returns the subtree's tight box.
    fn gather(&mut self, id: NodeId) -> Aabb {
        let n = *self.node(id);
        if n.is_leaf() {
            self.leaf_boxes.push((n.slot, n.tight));
            return n.tight;
        }
        let tight = self.gather(n.child[0]).union(&self.gather(n.child[1]));
        self.node_mut(id).tight = tight;
        tight
    }

    /// Height of the tree: 0 for a single leaf, `None` when empty.
    pub fn height(&self) -> Option<u32> {
        (!self.root.is_nil()).then(|| self.node(self.root).height)
    }
}
