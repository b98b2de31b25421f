//! [`AabbTree`]: a broad phase over dynamic AABB trees, under the same contract as the
//! sweep-and-prune [`Collider`](crate::collide::Collider) and the
//! [`BruteForce`](crate::collide::BruteForce) reference.
//!
//! Layout: one [`Tree`] per layer, so the collision map decides which trees are ever compared
//! and a pair of layers that does not meet costs nothing. Each leaf keeps a fat box (the
//! tested box grown by a margin and by a few frames of its last motion); an update reinserts
//! only the leaves whose tested box left their fat box (or whose fat box grew far too loose),
//! and every other leaf just records its tight box. Pairs are then found by descending the two
//! trees of each meeting pair of layers together (or one tree against itself), and the same
//! persistent pair set as the sweep-and-prune's turns them into Enter, Stay and Exit events,
//! in the same (pair-key) order.

use super::nodes::{contains, fatten, Tree};
use super::query::pairs;
use super::wide::pairs_of_boxes;
use crate::collide::store::bodies::{Bodies, Store};
use crate::collide::store::slots::State;
use crate::collide::{Aabb, BroadPhase, Config, Contact, Layer, LayerMask, PairEvents, Stats};

/// `Head::band` bits for the tree, which has no bands: the box's current box left its leaf's
/// fat box since the last update (and is on its layer's stray list), or it was teleported.
const STRAY: u8 = 1;
const JUMPED: u8 = 2;

/// Dynamic-AABB-tree broad phase. See [`BroadPhase`] for the contract it shares
/// with [`Collider`](crate::collide::Collider) and [`BruteForce`](crate::collide::BruteForce).
#[derive(Clone, Debug)]
pub struct AabbTree {
    pub(super) bodies: Bodies,
    /// One tree per layer, by layer index.
    pub(super) trees: Vec<Tree>,
    /// Per layer: live slots moved out of their fat box since the last update. The area query
    /// tests them one by one, since the tree's boxes no longer bound them.
    strays: Vec<Vec<u32>>,
    /// Leaves reinserted by the last update.
    reinserted: usize,
    /// Scratch for the pair descent.
    stack: Vec<(super::nodes::NodeId, super::nodes::NodeId)>,
    /// Scratch for rebuilding a tree.
    specs: Vec<super::build::LeafSpec>,
    /// Scratch for the searches of [`pairs_of_boxes`].
    frontier: Vec<u32>,
}

impl AabbTree {
    /// Leaves the last update reinserted because their box left (or shrank well inside)
    /// their fat box.
    pub fn reinserted(&self) -> usize {
        self.reinserted
    }

    /// Height of the tallest layer tree (0 for single leaves), `None` when all are empty.
    pub fn height(&self) -> Option<u32> {
        self.trees.iter().filter_map(Tree::height).max()
    }
}

impl Store for AabbTree {
    fn bodies(&self) -> &Bodies {
        &self.bodies
    }

    fn bodies_mut(&mut self) -> &mut Bodies {
        &mut self.bodies
    }

    /// Notes a live box whose current box left its fat box, for the area query.
    #[inline]
    fn moved(&mut self, i: usize, aabb: &Aabb) {
        let s = &mut self.bodies.slots;
        let head = s.head[i];
        if head.state == State::Live && head.band & STRAY == 0 {
            let tree = &self.trees[head.layer.index()];
            if !contains(&tree.nodes[s.pos[i] as usize].fat, aabb) {
                s.head[i].band |= STRAY;
                self.strays[head.layer.index()].push(i as u32);
            }
        }
    }

    /// A teleported box gets a fat box without motion when it is reinserted.
    fn teleported(&mut self, i: usize, aabb: &Aabb) {
        self.bodies.slots.head[i].band |= JUMPED;
        self.moved(i, aabb);
    }
}

/// The steps of [`BroadPhase::update`], in order. Each runs once an update; `#[inline]` keeps
/// them in the update's body, as they were written before they had names.
impl AabbTree {
    /// Step 1: removals, leaves out of their trees, then the slots freed in ascending order;
    /// returns how many. A tree losing most of its leaves at once (a bomb) is rebuilt from the
    /// survivors instead: one O(n log n) build costs less than thousands of removals.
    #[inline]
    fn remove_leaving(&mut self) -> usize {
        self.bodies.mark_gone();
        let mut losses = [0usize; Layer::COUNT];
        for &i in &self.bodies.leaving {
            let h = self.bodies.slots.head[i as usize];
            losses[h.layer.index()] += (h.state == State::Leaving) as usize;
        }
        let rebuild = |l: usize, tree: &Tree| 2 * losses[l] > tree.leaves && losses[l] > 64;
        for &i in &self.bodies.leaving {
            let h = self.bodies.slots.head[i as usize];
            let l = h.layer.index();
            if h.state == State::Leaving && !rebuild(l, &self.trees[l]) {
                let leaf = super::nodes::NodeId(self.bodies.slots.pos[i as usize]);
                self.trees[l].remove_leaf(leaf);
            }
        }
        for l in 0..Layer::COUNT {
            if rebuild(l, &self.trees[l]) {
                self.rebuild_survivors(l);
            }
        }
        self.bodies.release_gone()
    }

    /// Rebuilds layer `l`'s tree from its live leaves. The survivors are read from the slot
    /// table in order: a walk of the old tree would touch every one of its nodes, scattered in
    /// memory. One whose box has left its fat box gets its new fat box here, as step 2 would
    /// give it, so that step finds it inside: reinserting it after the build would cost a walk
    /// and a refit up the tree (a tenth of a bomb's survivors, about 60 µs of the frame).
    fn rebuild_survivors(&mut self, l: usize) {
        let tree = &mut self.trees[l];
        let mut specs = std::mem::take(&mut self.specs);
        specs.clear();
        let slots = &self.bodies.slots;
        for (i, h) in slots.head.iter().enumerate() {
            if h.state == State::Live && h.layer.index() == l {
                let n = tree.node(super::nodes::NodeId(slots.pos[i]));
                let tested = slots.tested(i);
                let fat = if contains(&n.fat, &tested) && !too_loose(&n.fat, &tested) {
                    n.fat
                } else {
                    fatten(tested, motion(h.band, &tested, &n.tight), i as u32)
                };
                specs.push((i as u32, fat, n.tight));
            }
        }
        let pos = &mut self.bodies.slots.pos;
        tree.rebuild(&specs, |slot, leaf| pos[slot as usize] = leaf.0);
        self.specs = specs;
    }

    /// Step 2: moves; returns how many leaves were reinserted. Every live box records its
    /// tested box; one that left its fat box, or whose fat box is far too loose for it now (it
    /// shrank, or stopped), is reinserted with a new fat box stretched along its last motion.
    #[inline]
    fn move_leaves(&mut self) -> usize {
        let mut reinserted = 0;
        for i in 0..self.bodies.slots.head.len() {
            let head = self.bodies.slots.head[i];
            if head.state != State::Live {
                continue;
            }
            let tested = self.bodies.slots.take_tested(i);
            let tree = &mut self.trees[head.layer.index()];
            let leaf = super::nodes::NodeId(self.bodies.slots.pos[i]);
            let node = tree.node_mut(leaf);
            if contains(&node.fat, &tested) && !too_loose(&node.fat, &tested) {
                node.tight = tested;
            } else {
                let fat = fatten(tested, motion(head.band, &tested, &node.tight), i as u32);
                self.bodies.slots.pos[i] = tree.reinsert_leaf(leaf, fat, tested).0;
                reinserted += 1;
            }
            self.bodies.slots.head[i].band = 0;
        }
        for strays in &mut self.strays {
            strays.clear();
        }
        reinserted
    }

    /// Step 3: inserts, in call order; returns how many.
    #[inline]
    fn insert_pending(&mut self) -> usize {
        let mut inserted = 0;
        for k in 0..self.bodies.pending.len() {
            let i = self.bodies.pending[k] as usize;
            if self.bodies.slots.head[i].state != State::Pending {
                continue;
            }
            let head = &mut self.bodies.slots.head[i];
            head.state = State::Live;
            head.band = 0;
            let layer = head.layer;
            let tested = self.bodies.slots.take_tested(i);
            let fat = fatten(tested, glam::Vec2::ZERO, i as u32);
            self.bodies.slots.pos[i] = self.trees[layer.index()]
                .insert_leaf(i as u32, fat, tested)
                .0;
            inserted += 1;
        }
        self.bodies.pending.clear();
        inserted
    }

    /// Step 4: this frame's pairs, only between trees whose layers meet, pruned with the
    /// nodes' tight boxes: the fat ones, grown for motion to come, would let far more
    /// candidates through. Two layers: each leaf of the smaller tree searches the other's
    /// layout. One layer: both trees at once, which finds each pair once without a check.
    /// Then the exact test for pairs with a shaped body, as in the sweep-and-prune. Returns
    /// the exact box tests made.
    #[inline]
    fn find_pairs(&mut self) -> u64 {
        for tree in &mut self.trees {
            tree.refit_tight();
        }
        let mut tests = 0;
        for k in 0..self.bodies.meeting.len() {
            let (a, b) = self.bodies.meeting[k];
            let (ta, tb) = (&self.trees[a.index()], &self.trees[b.index()]);
            let found = &mut self.bodies.pairs.found;
            let start = found.len();
            tests += if a == b {
                pairs(ta, ta, true, &mut self.stack, found)
            } else {
                let (small, big) = if ta.leaves <= tb.leaves {
                    (ta, tb)
                } else {
                    (tb, ta)
                };
                pairs_of_boxes(&small.leaf_boxes, &big.wide, &mut self.frontier, found)
            };
            if self.bodies.slots.shaped_layers & (a.bit() | b.bit()) != 0 {
                self.bodies.narrow(start);
            }
        }
        tests
    }
}

impl BroadPhase for AabbTree {
    /// A tree broad phase with `config`; a capacity above [`Config::MAX_CAPACITY`] is lowered.
    fn new(config: Config) -> Self {
        Self {
            bodies: Bodies::new(config),
            trees: vec![Tree::default(); Layer::COUNT],
            strays: vec![Vec::new(); Layer::COUNT],
            reinserted: 0,
            stack: Vec::new(),
            frontier: Vec::new(),
            specs: Vec::new(),
        }
    }

    /// Applies the batched removals and inserts, refits the trees, finds this frame's pairs
    /// and reports what changed, in pair-key order (lower slot, then higher slot).
    fn update(&mut self) -> PairEvents<'_> {
        // 1. Removals.
        let removed = match self.bodies.leaving.is_empty() {
            true => 0,
            false => self.remove_leaving(),
        };
        // 2. Moves.
        let reinserted = self.move_leaves();
        // 3. Inserts, in call order.
        let inserted = self.insert_pending();
        // 4. This frame's pairs.
        let pair_tests = self.find_pairs();
        // 5. PairEvents from the persistent pair set.
        self.bodies.finish_update(Stats {
            removed,
            inserted,
            pair_tests,
            live_boxes: self.trees.iter().map(|t| t.leaves).sum(),
            ..Stats::default()
        });
        self.reinserted = reinserted;

        #[cfg(debug_assertions)]
        if let Err(e) = self.validate_structure() {
            panic!("tree invariant broken after update: {e}");
        }
        self.events()
    }

    /// Boxes (live or pending, not removed) whose current box overlaps `area`, on `layers`.
    /// Complexity: per masked layer, O(height + leaves whose fat box meets the area), plus the
    /// boxes moved out of their fat box and the inserts since the last update.
    fn query(&self, area: Aabb, layers: LayerMask, out: &mut Vec<Contact>) {
        let s = &self.bodies.slots;
        for layer in Layer::ALL {
            if !layers.contains(layer) {
                continue;
            }
            self.trees[layer.index()].query(&area, |slot| {
                let i = slot as usize;
                let h = s.head[i];
                if h.state == State::Live && h.band & STRAY == 0 && s.cur[i].overlaps(&area) {
                    out.push(s.contact(i));
                }
            });
            for &i in &self.strays[layer.index()] {
                let i = i as usize;
                if s.live_in(i, &area) {
                    out.push(s.contact(i));
                }
            }
        }
        self.bodies.query_pending(&area, layers, out);
    }

    /// [`AabbTree::validate_structure`], plus the pair set against a brute-force
    /// recomputation (see `validate_all` in `tree/validate.rs`).
    fn validate(&self) -> Result<(), String> {
        self.validate_all()
    }
}

/// The motion a box's new fat box stretches along: since its leaf's last tight box, or none
/// for a teleported box.
#[inline]
fn motion(band: u8, tested: &Aabb, tight: &Aabb) -> glam::Vec2 {
    if band & JUMPED != 0 {
        glam::Vec2::ZERO
    } else {
        tested.min - tight.min
    }
}

/// A fat box that has become far larger than its tight box: the box shrank, or stopped
/// after moving fast. Reinserting it keeps the inner nodes from staying needlessly large.
/// Never true of a box just fattened by [`fatten`] after a motion under 20 px a frame.
#[inline]
fn too_loose(fat: &Aabb, tight: &Aabb) -> bool {
    let (f, t) = (fat.size(), tight.size());
    f.x + f.y > 4.0 * (t.x + t.y) + 96.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::aabb::b;
    use crate::collide::workloads::layers::{shooter_map, AIR_ENEMY, ENEMY_BULLET, PLAYER};
    use crate::collide::BoxDesc;

    #[test]
    fn only_boxes_leaving_their_fat_box_are_reinserted() {
        let mut t = AabbTree::with_map(shooter_map());
        let hs: Vec<_> = (0..100)
            .map(|i| {
                let x = (i % 10) as f32 * 20.0;
                let y = (i / 10) as f32 * 20.0;
                t.insert(BoxDesc::new(b(x, y, x + 4., y + 4.), i, ENEMY_BULLET))
                    .unwrap()
            })
            .collect();
        t.update();
        assert_eq!(t.stats().inserted, 100);
        // Within the margin: the tree stays as it is.
        for (i, h) in hs.iter().enumerate() {
            let (x, y) = ((i % 10) as f32 * 20.0 + 1.5, (i / 10) as f32 * 20.0 - 1.5);
            t.set_aabb(*h, b(x, y, x + 4., y + 4.)).unwrap();
        }
        t.update();
        assert_eq!(t.reinserted(), 0);
        // Half of them jump far: exactly those move in the tree.
        for h in hs.iter().step_by(2) {
            t.set_aabb(*h, b(500., 500., 504., 504.)).unwrap();
        }
        t.update();
        assert_eq!(t.reinserted(), 50);
        t.validate().unwrap();
    }

    #[test]
    fn a_steady_mover_is_reinserted_only_every_few_frames() {
        let mut t = AabbTree::with_map(shooter_map());
        let h = t
            .insert(BoxDesc::new(b(0., 0., 6., 6.), 1, ENEMY_BULLET))
            .unwrap();
        t.update();
        let mut moves = 0;
        for f in 1..=40 {
            let y = 2.0 * f as f32;
            t.set_aabb(h, b(0., y, 6., y + 6.)).unwrap();
            t.update();
            moves += t.reinserted();
        }
        // The fat box reaches LOOKAHEAD frames ahead of the motion: about one in four frames.
        assert!((5..=14).contains(&moves), "{moves} reinserts in 40 frames");
    }

    #[test]
    fn inserting_in_sorted_order_keeps_the_tree_shallow() {
        let mut t = AabbTree::with_map(shooter_map());
        let n = 4096;
        for i in 0..n {
            let x = i as f32 * 3.0;
            t.insert(BoxDesc::new(b(x, 0., x + 2., 2.), i, ENEMY_BULLET))
                .unwrap();
            if i % 64 == 63 {
                t.update();
            }
        }
        t.update();
        let height = t.height().unwrap();
        // A perfectly balanced tree of 4096 leaves has height 12.
        assert!(height <= 24, "height {height}");
        assert!(t.trees[ENEMY_BULLET.index()].rotations > 0);
        t.validate_structure().unwrap();
    }

    #[test]
    fn a_bomb_rebuilds_the_tree_from_its_survivors() {
        let mut t = AabbTree::with_map(shooter_map());
        let hs: Vec<_> = (0..400)
            .map(|i| {
                let (x, y) = ((i % 20) as f32 * 5.0, (i / 20) as f32 * 5.0);
                t.insert(BoxDesc::new(b(x, y, x + 4., y + 4.), i, ENEMY_BULLET))
                    .unwrap()
            })
            .collect();
        t.insert(BoxDesc::new(b(0., 0., 100., 100.), 999, PLAYER))
            .unwrap();
        t.update();
        assert_eq!(t.stats().live_pairs, 400);
        for h in hs.iter().filter(|h| h.index() % 4 != 0) {
            t.remove(*h).unwrap();
        }
        t.update();
        assert_eq!((t.stats().removed, t.stats().live_pairs), (300, 100));
        // Balanced from scratch: 100 leaves need a height of 7.
        assert_eq!(t.trees[ENEMY_BULLET.index()].height(), Some(7));
        t.validate().unwrap();
    }

    #[test]
    fn validation_catches_a_stale_inner_box() {
        let mut t = AabbTree::with_map(shooter_map());
        for i in 0..8 {
            let x = i as f32 * 10.0;
            t.insert(BoxDesc::new(b(x, 0., x + 4., 4.), i, AIR_ENEMY))
                .unwrap();
        }
        t.update();
        t.validate().unwrap();
        let tree = &mut t.trees[AIR_ENEMY.index()];
        let root = tree.root;
        tree.node_mut(root).fat.max.x -= 1.0;
        assert!(t.validate_structure().unwrap_err().contains("union"));
    }
}
