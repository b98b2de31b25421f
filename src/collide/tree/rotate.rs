//! Tree rotations: keeping a [`Tree`] shallow and tight as boxes come and go.
//!
//! Two kinds, tried at every inner node on the path refitted after an insert or removal:
//!
//! - **Balance.** When one child is more than one level taller than the other, the taller
//!   child is promoted into the node's place, as in an AVL tree: it keeps its own taller child
//!   and the demoted node takes its shorter one. This bounds the height even when the
//!   perimeters cannot tell boxes apart (many bullets spawned at one point share one box).
//! - **Tighten.** Otherwise, at an inner node `a` with children `b` and `c`, one child may
//!   swap places with a grandchild (a child of the other child). The leaves under `a` stay the
//!   same, so `a`'s box does not change; only the child that takes in the swapped node gets a
//!   new box. Of the (up to) four swaps, the one that shrinks that child's perimeter most is
//!   made, if any shrinks it at all: this undoes an incrementally built tree's drift towards
//!   loose branches.

use super::nodes::{half_perimeter, NodeId, Tree};

impl Tree {
    /// Rebalances or tightens at inner node `a` (see the module docs) and returns the node now
    /// in `a`'s place, whose box and height the caller must refit. Children's boxes and heights
    /// must be current. O(1).
    pub fn rotate(&mut self, a: NodeId) -> NodeId {
        let [b, c] = self.node(a).child;
        let (bn, cn) = (*self.node(b), *self.node(c));
        if cn.height > bn.height + 1 {
            return self.promote(a, 1);
        }
        if bn.height > cn.height + 1 {
            return self.promote(a, 0);
        }
        // (gain, child of `a` moved down, the grandchild moved up in its place)
        let mut best: Option<(f32, NodeId, NodeId)> = None;
        let mut consider = |up: NodeId, inner: NodeId, gain: f32| {
            if gain > 0.0 && best.is_none_or(|(g, ..)| gain > g) {
                best = Some((gain, up, inner));
            }
        };
        // `down` swaps with a child `up` of its sibling `other`, which then holds `down` and
        // its other child `stay`: first b with c's children, then c with b's.
        for (down, dn, on) in [(b, &bn, &cn), (c, &cn, &bn)] {
            if on.is_leaf() {
                continue;
            }
            let before = half_perimeter(&on.fat);
            for k in 0..2 {
                let (up, stay) = (on.child[k], on.child[1 - k]);
                let after = half_perimeter(&dn.fat.union(&self.node(stay).fat));
                consider(down, up, before - after);
            }
        }
        let Some((_, child, grandchild)) = best else {
            return a;
        };
        // `child` (a child of a) and `grandchild` (a child of a's other child) trade places.
        let other = if child == b { c } else { b };
        self.swap_with_grandchild(a, child, other, grandchild);
        self.rotations += 1;
        a
    }

    /// Puts `a`'s child number `k` (an inner node, the taller) in `a`'s place. It keeps its
    /// taller child; `a` becomes its other child and takes its shorter one instead. Refits `a`
    /// and returns the promoted node.
    fn promote(&mut self, a: NodeId, k: usize) -> NodeId {
        let up = self.node(a).child[k];
        let parent = self.node(a).parent;
        let [f, g] = self.node(up).child;
        let (tall, short) = if self.node(f).height >= self.node(g).height {
            (f, g)
        } else {
            (g, f)
        };
        self.node_mut(a).child[k] = short;
        self.node_mut(short).parent = a;
        {
            let u = self.node_mut(up);
            u.child = [a, tall];
            u.parent = parent;
        }
        self.node_mut(a).parent = up;
        if parent.is_nil() {
            self.root = up;
        } else {
            let p = self.node_mut(parent);
            let j = (p.child[1] == a) as usize;
            p.child[j] = up;
        }
        self.refit_node(a);
        self.rotations += 1;
        up
    }

    /// Recomputes an inner node's box and height from its children.
    #[inline]
    pub fn refit_node(&mut self, id: NodeId) {
        let [x, y] = self.node(id).child;
        let (xn, yn) = (self.node(x), self.node(y));
        let (fat, height) = (xn.fat.union(&yn.fat), 1 + xn.height.max(yn.height));
        let n = self.node_mut(id);
        n.fat = fat;
        n.height = height;
    }

    /// Puts `grandchild` (a child of `other`) in `child`'s place under `a`, and `child` in
    /// `grandchild`'s place under `other`, then refits `other`.
    fn swap_with_grandchild(
        &mut self,
        a: NodeId,
        child: NodeId,
        other: NodeId,
        grandchild: NodeId,
    ) {
        {
            let an = self.node_mut(a);
            let k = (an.child[1] == child) as usize;
            an.child[k] = grandchild;
        }
        {
            let on = self.node_mut(other);
            let k = (on.child[1] == grandchild) as usize;
            on.child[k] = child;
        }
        self.node_mut(grandchild).parent = a;
        self.node_mut(child).parent = other;
        self.refit_node(other);
    }
}
