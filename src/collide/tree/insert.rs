//! Adding and taking out leaves of a [`Tree`], and refitting the path above a change.
//!
//! Where a new leaf goes is decided by the surface-area heuristic, in 2D the perimeter: the
//! leaf becomes the sibling of the node for which the total growth of perimeters (the new
//! parent's, plus how much every ancestor grows) is least. The search is a greedy
//! branch-and-bound descent: it stops when no subtree can beat the best sibling found so far.

use super::nodes::{half_perimeter, Node, NodeId, Tree};
use crate::collide::Aabb;

impl Tree {
    /// Adds a leaf for `slot` with boxes `fat` and `tight` (inside `fat`) and returns it.
    /// Complexity: O(height) for the search, the refit and the rotations on the way up.
    pub fn insert_leaf(&mut self, slot: u32, fat: Aabb, tight: Aabb) -> NodeId {
        let leaf = self.alloc();
        *self.node_mut(leaf) = Node {
            fat,
            tight,
            parent: NodeId::NIL,
            child: [NodeId::NIL; 2],
            slot,
            height: 0,
        };
        self.leaves += 1;
        if self.root.is_nil() {
            self.root = leaf;
            return leaf;
        }
        let sibling = self.best_sibling(&fat);
        let old_parent = self.node(sibling).parent;
        let parent = self.alloc();
        let sib = *self.node(sibling);
        *self.node_mut(parent) = Node {
            fat: sib.fat.union(&fat),
            tight: Aabb::default(),
            parent: old_parent,
            child: [sibling, leaf],
            slot: u32::MAX,
            height: sib.height + 1,
        };
        self.node_mut(sibling).parent = parent;
        self.node_mut(leaf).parent = parent;
        if old_parent.is_nil() {
            self.root = parent;
        } else {
            self.replace_child(old_parent, sibling, parent);
        }
        self.refit_from(old_parent);
        leaf
    }

    /// Takes `leaf` out and frees it; its sibling takes its parent's place.
    /// Complexity: O(height).
    pub fn remove_leaf(&mut self, leaf: NodeId) {
        debug_assert!(self.node(leaf).is_leaf());
        self.leaves -= 1;
        let parent = self.node(leaf).parent;
        self.release(leaf);
        if parent.is_nil() {
            self.root = NodeId::NIL;
            return;
        }
        let p = *self.node(parent);
        let sibling = if p.child[0] == leaf {
            p.child[1]
        } else {
            p.child[0]
        };
        self.node_mut(sibling).parent = p.parent;
        if p.parent.is_nil() {
            self.root = sibling;
        } else {
            self.replace_child(p.parent, parent, sibling);
        }
        self.release(parent);
        self.refit_from(p.parent);
    }

    /// Moves `leaf` to new boxes: takes it out and puts it back at the best place for `fat`.
    /// Returns the leaf's id, which may differ from `leaf`: the caller must store it.
    /// Complexity: O(height).
    pub fn reinsert_leaf(&mut self, leaf: NodeId, fat: Aabb, tight: Aabb) -> NodeId {
        let slot = self.node(leaf).slot;
        self.remove_leaf(leaf);
        self.insert_leaf(slot, fat, tight)
    }

    fn replace_child(&mut self, parent: NodeId, old: NodeId, new: NodeId) {
        let p = self.node_mut(parent);
        if p.child[0] == old {
            p.child[0] = new;
        } else {
            debug_assert_eq!(p.child[1], old);
            p.child[1] = new;
        }
    }

    /// Walks from `from` towards the root, rotating (see `rotate.rs`) and recomputing each
    /// inner node's box and height. Stops at the first node whose box and height come out as
    /// they were: nothing above it can change.
    pub fn refit_from(&mut self, from: NodeId) {
        let mut id = from;
        while !id.is_nil() {
            let before = *self.node(id);
            let top = self.rotate(id);
            self.refit_node(top);
            let after = self.node(top);
            if top == id && after.fat == before.fat && after.height == before.height {
                return;
            }
            id = after.parent;
        }
    }

    /// The node the new box `fat` should become the sibling of.
    fn best_sibling(&self, fat: &Aabb) -> NodeId {
        let own = half_perimeter(fat);
        let root = self.node(self.root);
        let mut best = self.root;
        let mut best_cost = half_perimeter(&root.fat.union(fat));
        // `inherited`: how much the ancestors of `id` grow if the box goes anywhere below it.
        let (mut id, mut inherited) = (self.root, 0.0f32);
        loop {
            let n = self.node(id);
            if n.is_leaf() {
                return best;
            }
            let grown = half_perimeter(&n.fat.union(fat));
            let inherited_below = inherited + grown - half_perimeter(&n.fat);
            // Below a node, the cheapest any sibling can be: the new parent's perimeter is at
            // least the box's own, and nothing under the node can shrink what is inherited.
            if own + inherited_below >= best_cost {
                return best;
            }
            let mut pick = NodeId::NIL;
            let mut pick_bound = f32::INFINITY;
            for &c in &n.child {
                let cn = self.node(c);
                let union = half_perimeter(&cn.fat.union(fat));
                let cost = union + inherited_below;
                if cost < best_cost {
                    best_cost = cost;
                    best = c;
                }
                if !cn.is_leaf() {
                    // Going below `c` makes `c` itself grow, on top of what is inherited.
                    let bound = own + inherited_below + union - half_perimeter(&cn.fat);
                    if bound < pick_bound {
                        pick_bound = bound;
                        pick = c;
                    }
                }
            }
            if pick.is_nil() || pick_bound >= best_cost {
                return best;
            }
            id = pick;
            inherited = inherited_below;
        }
    }
}
