//! Reading a [`Tree`]: the leaves under an area, and the overlapping leaf pairs within one
//! tree or between two.
//!
//! Pairs are pruned with the nodes' tight boxes (unions of the boxes tested this update), area
//! queries with their fat boxes (which also hold boxes moved since, within their margin). A
//! bound holds every box below it, so two boxes whose interiors meet always have ancestors
//! whose bounds' interiors meet: the edge rule of [`Aabb`] holds for the pruning too. Leaves
//! are tested exactly on their tight boxes (pairs) or by the caller (areas).

use super::nodes::{half_perimeter, Node, NodeId, Tree};
use crate::collide::aabb::interiors_meet;
use crate::collide::store::slots::pair_key;
use crate::collide::Aabb;

#[inline(always)]
fn meet(a: &Aabb, b: &Aabb) -> bool {
    interiors_meet(a.min.x, a.max.x, b.min.x, b.max.x)
        & interiors_meet(a.min.y, a.max.y, b.min.y, b.max.y)
}

/// Depth of the query stack kept on the machine stack; deeper trees spill to the heap.
const STACK: usize = 64;

impl Tree {
    /// Calls `visit` with the slot of every leaf whose fat box's interior meets `area`'s: a
    /// superset of the leaves whose boxes overlap it, for the caller to test exactly.
    /// Complexity: O(height + nodes whose fat box meets the area).
    pub fn query(&self, area: &Aabb, mut visit: impl FnMut(u32)) {
        if self.root.is_nil() {
            return;
        }
        let mut local = [NodeId::NIL; STACK];
        let mut spill: Vec<NodeId> = Vec::new();
        let mut top = 0;
        local[0] = self.root;
        top += 1;
        loop {
            let id = if let Some(id) = spill.pop() {
                id
            } else if top > 0 {
                top -= 1;
                local[top]
            } else {
                return;
            };
            let n = self.node(id);
            if !meet(&n.fat, area) {
                continue;
            }
            if n.is_leaf() {
                visit(n.slot);
                continue;
            }
            for c in n.child {
                if top < STACK {
                    local[top] = c;
                    top += 1;
                } else {
                    spill.push(c);
                }
            }
        }
    }
}

/// Appends the key of every pair of leaves, one from `a` and one from `b`, whose tight boxes'
/// interiors meet; with `b` the same tree as `a` (`same`), every pair within it, once. Returns
/// the number of exact (leaf against leaf) tests. `stack` is scratch space.
///
/// Complexity: O(pairs of nodes whose tight boxes meet), a simultaneous descent of both trees
/// that always splits the larger side. The trees' tight boxes must be current (see
/// [`Tree::refit_tight`]).
pub(super) fn pairs(
    a: &Tree,
    b: &Tree,
    same: bool,
    stack: &mut Vec<(NodeId, NodeId)>,
    out: &mut Vec<u64>,
) -> u64 {
    if a.root.is_nil() || b.root.is_nil() {
        return 0;
    }
    stack.clear();
    let mut tests = 0u64;
    // Two leaves are tested at once; any other pair of nodes whose bounds meet is pushed.
    let mut consider = |x: NodeId, nx: &Node, y: NodeId, ny: &Node, stack: &mut Vec<_>| {
        let both = nx.is_leaf() & ny.is_leaf();
        tests += both as u64;
        if meet(&nx.tight, &ny.tight) {
            if both {
                out.push(pair_key(nx.slot, ny.slot));
            } else {
                stack.push((x, y));
            }
        }
    };
    if same {
        stack.push((a.root, a.root));
    } else {
        consider(a.root, a.node(a.root), b.root, b.node(b.root), stack);
    }
    while let Some((x, y)) = stack.pop() {
        let nx = a.node(x);
        if same && x == y {
            // Pairs within the subtree of x: within each child, and across the two.
            if !nx.is_leaf() {
                let [c0, c1] = nx.child;
                stack.push((c0, c0));
                stack.push((c1, c1));
                consider(c0, a.node(c0), c1, a.node(c1), stack);
            }
            continue;
        }
        let ny = b.node(y);
        // Split y when x is a leaf, or when y is the larger inner node; never two leaves here.
        if nx.is_leaf() || (!ny.is_leaf() && half_perimeter(&ny.tight) > half_perimeter(&nx.tight))
        {
            for c in ny.child {
                consider(x, nx, c, b.node(c), stack);
            }
        } else {
            for c in nx.child {
                consider(c, a.node(c), y, ny, stack);
            }
        }
    }
    tests
}
