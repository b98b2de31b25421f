//! Consistency checks for [`Tree`] and [`AabbTree`]: structural ones (run after every update
//! in debug builds) and a full one that recomputes the pair set by brute force (for tests).

use super::aabb_tree::AabbTree;
use super::nodes::{contains, NodeId, Tree};
use crate::collide::store::slots::State;
use crate::collide::Layer;

impl Tree {
    /// Checks links both ways, that each inner node's fat and tight boxes are exactly the
    /// unions of its children's and its height one more than the taller child's, that each leaf's tight box
    /// lies in its fat box, that the leaf count is right and that every node is either
    /// reachable from the root or on the free list, once. Returns the leaves' slots. O(nodes).
    pub fn validate(&self) -> Result<Vec<(NodeId, u32)>, String> {
        let mut seen = vec![false; self.nodes.len()];
        let mut leaves = Vec::new();
        if !self.root.is_nil() {
            if !self.node(self.root).parent.is_nil() {
                return Err("the root has a parent".into());
            }
            let mut stack = vec![self.root];
            while let Some(id) = stack.pop() {
                let n = self
                    .nodes
                    .get(id.idx())
                    .ok_or_else(|| format!("node {id:?} out of range"))?;
                if std::mem::replace(&mut seen[id.idx()], true) {
                    return Err(format!("node {id:?} reached twice"));
                }
                if n.is_leaf() {
                    if !n.child[1].is_nil() {
                        return Err(format!("leaf {id:?} has a second child"));
                    }
                    if n.height != 0 {
                        return Err(format!("leaf {id:?} has height {}", n.height));
                    }
                    if !contains(&n.fat, &n.tight) {
                        return Err(format!("leaf {id:?}: tight box outside its fat box"));
                    }
                    leaves.push((id, n.slot));
                    continue;
                }
                let (a, b) = (self.node(n.child[0]), self.node(n.child[1]));
                for c in n.child {
                    if self.node(c).parent != id {
                        return Err(format!("child {c:?} of {id:?} names another parent"));
                    }
                }
                if n.tight != a.tight.union(&b.tight) {
                    return Err(format!(
                        "inner node {id:?}: tight box is not its children's union"
                    ));
                }
                if n.fat != a.fat.union(&b.fat) {
                    return Err(format!(
                        "inner node {id:?}: box is not its children's union"
                    ));
                }
                if n.height != 1 + a.height.max(b.height) {
                    return Err(format!("inner node {id:?}: wrong height {}", n.height));
                }
                stack.extend(n.child);
            }
        }
        if leaves.len() != self.leaves {
            return Err(format!(
                "leaf count {} but {} leaves reachable",
                self.leaves,
                leaves.len()
            ));
        }
        let mut free = self.free;
        while !free.is_nil() {
            let n = self
                .nodes
                .get(free.idx())
                .ok_or_else(|| format!("free node {free:?} out of range"))?;
            if std::mem::replace(&mut seen[free.idx()], true) || n.parent != free {
                return Err(format!("free node {free:?} is in use or listed twice"));
            }
            free = NodeId(n.slot);
        }
        if let Some(lost) = seen.iter().position(|s| !s) {
            return Err(format!("node {lost} is neither in the tree nor free"));
        }
        Ok(leaves)
    }
}

impl AabbTree {
    /// Checks every layer tree (`Tree::validate`) against the slot table: each live slot
    /// is exactly one leaf, of its layer's tree, found through its back-pointer; counters, the
    /// free list and the pending and leaving lists are consistent; the pair set is strictly
    /// sorted and matches the reported events. O(boxes + pairs).
    pub fn validate_structure(&self) -> Result<(), String> {
        let slots = &self.bodies.slots;
        let mut in_trees = 0;
        for (l, tree) in self.trees.iter().enumerate() {
            let layer = Layer::ALL[l];
            for (leaf, slot) in tree
                .validate()
                .map_err(|e| format!("{layer:?} tree: {e}"))?
            {
                let i = slot as usize;
                let head = slots
                    .head
                    .get(i)
                    .ok_or_else(|| format!("{layer:?}: leaf of slot {i} out of range"))?;
                if !matches!(head.state, State::Live | State::Leaving) {
                    return Err(format!(
                        "{layer:?}: leaf of slot {i}, which is {:?}",
                        head.state
                    ));
                }
                if head.layer != layer {
                    return Err(format!("{layer:?}: slot {i} is on {:?}", head.layer));
                }
                if slots.pos[i] != leaf.0 {
                    return Err(format!("slot {i} points at {} not {leaf:?}", slots.pos[i]));
                }
            }
            in_trees += tree.leaves;
        }
        self.bodies.validate_slots(in_trees, "the trees")
    }

    /// [`AabbTree::validate_structure`], plus: the pair set equals a brute-force recomputation
    /// over the leaves' tight boxes (the boxes tested at the last update) with the same map
    /// and edge rule. O(boxes²): for tests.
    pub(super) fn validate_all(&self) -> Result<(), String> {
        self.validate_structure()?;
        let mut all = Vec::new();
        for (l, tree) in self.trees.iter().enumerate() {
            for (leaf, slot) in tree.validate()? {
                all.push((Layer::ALL[l], slot, tree.node(leaf).tight));
            }
        }
        self.bodies.validate_pairs(&all)
    }
}
