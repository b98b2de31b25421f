//! Consistency checks for [`Collider`]: cheap structural ones (run after every update in debug
//! builds) and a full one that recomputes the pair set by brute force (for tests). The checks
//! of the shared body store are in `store/validate.rs`.

use super::collider::Collider;
use super::endpoints::{band_of, BANDS};
use crate::collide::store::slots::State;
use crate::collide::Layer;

impl Collider {
    /// Checks the endpoint lists against the slot table: equal array lengths, every entry's
    /// slot live (or removed since the last update) on the list's layer and band (with the
    /// list's height bound holding), back-pointers exact,
    /// sorted lists in `min.x` order, counters and free list consistent, pair set strictly
    /// sorted and matching the reported events. O(boxes + pairs).
    pub fn validate_structure(&self) -> Result<(), String> {
        let slots = &self.bodies.slots;
        let mut in_lists = 0usize;
        for (li, l) in self.lists.iter().enumerate() {
            let (layer, band) = (Layer::ALL[li / BANDS], li % BANDS);
            let n = l.ids.len();
            // A direct list keeps no coordinates: its boxes are the slots' current boxes.
            let coords = if l.direct { 0 } else { n };
            if [l.min_x.len(), l.max_x.len(), l.min_y.len(), l.max_y.len()] != [coords; 4] {
                return Err(format!("{layer:?}: endpoint arrays differ in length"));
            }
            if l.direct && (l.sorted || self.direct_layers & layer.bit() == 0) {
                return Err(format!(
                    "{layer:?}: a direct list must be an unsorted direct layer's"
                ));
            }
            if !l.batch.is_empty() {
                return Err(format!("{layer:?}: batch not drained"));
            }
            for i in 0..n {
                let id = l.ids[i] as usize;
                let head = slots
                    .head
                    .get(id)
                    .ok_or_else(|| format!("{layer:?}[{i}]: slot {id} out of range"))?;
                if !matches!(head.state, State::Live | State::Leaving) {
                    return Err(format!("{layer:?}[{i}]: slot {id} is {:?}", head.state));
                }
                if head.layer != layer {
                    return Err(format!("{layer:?}[{i}]: slot {id} is on {:?}", head.layer));
                }
                if slots.pos[id] as usize != i {
                    return Err(format!(
                        "{layer:?}[{i}]: slot {id} points at {}",
                        slots.pos[id]
                    ));
                }
                if slots.head[id].band as usize != band {
                    return Err(format!("{layer:?}[{i}]: slot {id} is not in band {band}"));
                }
                if l.direct {
                    continue;
                }
                if !(l.min_x[i] <= l.max_x[i] && l.min_y[i] <= l.max_y[i]) {
                    return Err(format!("{layer:?}[{i}]: inverted or NaN endpoints"));
                }
                // Only swept (sorted) lists rely on the band of the top edge.
                if l.sorted && band_of(l.min_y[i]) != band {
                    return Err(format!("{layer:?}[{i}]: slot {id} is not in band {band}"));
                }
                if l.max_y[i] - l.min_y[i] > l.max_h {
                    return Err(format!("{layer:?}[{i}]: taller than the list's bound"));
                }
                if l.max_x[i] - l.min_x[i] > l.max_w {
                    return Err(format!("{layer:?}[{i}]: wider than the list's bound"));
                }
                if l.sorted && i > 0 && l.min_x[i - 1] > l.min_x[i] {
                    return Err(format!("{layer:?}: unsorted at {i}"));
                }
            }
            in_lists += n;
        }
        self.bodies.validate_slots(in_lists, "the endpoint lists")
    }

    /// [`Collider::validate_structure`], plus: the pair set equals a brute-force recomputation
    /// over the boxes tested at the last update, with the same map and edge rule, and every
    /// pair is between layers that meet. A direct list's tested boxes are its slots' current
    /// boxes, so for those the check holds until the caller moves one after the update (as the
    /// exact test of shaped bodies always reads the current shapes). O(boxes²): for tests.
    pub(super) fn validate_all(&self) -> Result<(), String> {
        self.validate_structure()?;
        let mut all = Vec::new();
        let slots = &self.bodies.slots;
        for (li, l) in self.lists.iter().enumerate() {
            let layer = Layer::ALL[li / BANDS];
            for i in 0..l.ids.len() {
                all.push((layer, l.ids[i], l.tested(i, slots)));
            }
        }
        self.bodies.validate_pairs(&all)
    }
}
