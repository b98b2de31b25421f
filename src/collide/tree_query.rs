//! Reading a [`Tree`]: the leaves under an area, and the overlapping leaf pairs within one
//! tree or between two.
//!
//! Pairs are pruned with the nodes' tight boxes (unions of the boxes tested this update), area
//! queries with their fat boxes (which also hold boxes moved since, within their margin). A
//! bound holds every box below it, so two boxes whose interiors meet always have ancestors
//! whose bounds' interiors meet: the edge rule of [`Aabb`] holds for the pruning too. Leaves
//! are tested exactly on their tight boxes (pairs) or by the caller (areas).

use super::aabb::interiors_meet;
use super::sweep::pair_key;
use super::tree::{half_perimeter, Node, NodeId, Tree, WalkNode};
use super::Aabb;

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

/// Appends the key of every pair of a box of `boxes` (slot, tight box) and a leaf of `tree`
/// whose tight boxes' interiors meet; returns the number of exact (box against leaf) tests.
/// Reads the layout of the tree's last [`Tree::refit_tight`]. `stack` is scratch space.
///
/// Complexity: O(Σ over boxes of the inner nodes and buckets whose tight box meets it).
/// Nothing is spent on pairs of inner nodes, each step tests both children from one
/// [`WalkNode`], and the last three levels are walked as a flat bucket.
pub(super) fn pairs_of_boxes(
    boxes: &[(u32, Aabb)],
    tree: &Tree,
    stack: &mut Vec<u32>,
    out: &mut Vec<u64>,
) -> u64 {
    if tree.root_ref == WalkNode::NONE {
        return 0;
    }
    let layout = Layout {
        walk: &tree.walk,
        buckets: &tree.buckets,
        leaves: &tree.leaf_boxes,
        root: tree.root_ref,
    };
    // Several walks in turn, each over its share of the boxes: each step of a walk loads the
    // node its previous step chose, so one walk is a chain of dependent loads, and several
    // chains keep the processor busy while each waits. A walk is never deeper than
    // the tree, so its stack never holds more than `walk.len() + 1` entries.
    let depth = tree.walk.len() + 2;
    stack.clear();
    stack.resize(WALKS * depth, 0);
    let mut stacks = stack.chunks_exact_mut(depth);
    let part = boxes.len().div_ceil(WALKS);
    let mut walkers: [Walker; WALKS] = std::array::from_fn(|k| {
        let from = (k * part).min(boxes.len());
        let to = ((k + 1) * part).min(boxes.len());
        Walker::new(&boxes[from..to], stacks.next().expect("one stack per walk"))
    });
    let mut hits = Hits {
        keys: [0; 64],
        found: 0,
        tests: 0,
    };
    loop {
        let mut busy = false;
        for w in &mut walkers {
            busy |= w.step(&layout, &mut hits);
        }
        if hits.found > hits.keys.len() - 8 * WALKS - 1 {
            out.extend_from_slice(&hits.keys[..hits.found]);
            hits.found = 0;
        }
        if !busy {
            break;
        }
    }
    out.extend_from_slice(&hits.keys[..hits.found]);
    hits.tests
}

/// Walks [`pairs_of_boxes`] takes in turn.
const WALKS: usize = 4;

/// A tree's layout as [`pairs_of_boxes`] reads it.
struct Layout<'a> {
    walk: &'a [WalkNode],
    buckets: &'a [[u32; 2]],
    leaves: &'a [(u32, Aabb)],
    root: u32,
}

/// Keys found so far, written branch-free: every candidate's key is stored and `found`
/// advances only for a hit.
struct Hits {
    keys: [u64; 64],
    found: usize,
    tests: u64,
}

/// One walk down a [`Layout`] after another, for each of its boxes in turn.
struct Walker<'a> {
    boxes: &'a [(u32, Aabb)],
    next: usize,
    current: (u32, Aabb),
    stack: &'a mut [u32],
    top: usize,
}

impl<'a> Walker<'a> {
    fn new(boxes: &'a [(u32, Aabb)], stack: &'a mut [u32]) -> Self {
        Walker {
            boxes,
            next: 0,
            current: (0, Aabb::default()),
            stack,
            top: 0,
        }
    }

    /// Visits one node or bucket (starting the next box's walk when one ends). Returns false
    /// once every box has been walked. Adds at most 8 keys to `hits`.
    #[inline(always)]
    fn step(&mut self, layout: &Layout, hits: &mut Hits) -> bool {
        if self.top == 0 {
            let Some(&next) = self.boxes.get(self.next) else {
                return false;
            };
            self.next += 1;
            self.current = next;
            self.stack[0] = layout.root;
            self.top = 1;
        }
        let (slot, b) = (self.current.0, &self.current.1);
        self.top -= 1;
        let r = self.stack[self.top];
        if r & WalkNode::BUCKET != 0 {
            let [start, end] = layout.buckets[(r & !WalkNode::BUCKET) as usize];
            for &(other, ref leaf) in &layout.leaves[start as usize..end as usize] {
                hits.keys[hits.found] = pair_key(slot, other);
                hits.found += meet(b, leaf) as usize;
            }
            hits.tests += (end - start) as u64;
            return true;
        }
        let w = &layout.walk[r as usize];
        for j in 0..2 {
            self.stack[self.top] = w.next[j];
            self.top += meet(b, &w.bounds[j]) as usize;
        }
        true
    }
}
