//! Collision layers and the collision map, as data the caller gives: as Box2D's filter
//! categories and parry's interaction groups, the collider gives no layer a meaning.
//!
//! A [`Layer`] is an id below [`Layer::COUNT`]. The caller names its layers with a type of its
//! own that converts into it (`impl From<TheirLayer> for Layer`), and says which of them meet
//! by filling a [`CollisionMap`]; every method that takes a layer the caller names takes
//! `impl Into<Layer>`.

use std::fmt;

/// A layer a box is on: one of [`Layer::COUNT`] ids, nothing more. The [`CollisionMap`]
/// decides which layers meet, and the canonical order of a [`Pair`](super::Pair) puts the
/// lower id first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Layer(Id);

/// The ids as an enum rather than a `u8`, so that the compiler knows every layer's index is
/// below [`Layer::COUNT`]: the per-layer arrays of the hot loops are indexed without a check.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
enum Id {
    L0,
    L1,
    L2,
    L3,
    L4,
    L5,
    L6,
    L7,
}

impl Layer {
    /// How many layers there are: ids 0 to 7. The sweep-and-prune keeps one bit per endpoint
    /// list (a layer's list in each of its 10 bands) in a `u128`, and a [`LayerMask`] one bit
    /// per layer in a `u16`; both would hold a few more.
    pub const COUNT: usize = 8;
    /// Every layer, in id order.
    pub const ALL: [Layer; Layer::COUNT] = [
        Layer(Id::L0),
        Layer(Id::L1),
        Layer(Id::L2),
        Layer(Id::L3),
        Layer(Id::L4),
        Layer(Id::L5),
        Layer(Id::L6),
        Layer(Id::L7),
    ];

    /// The layer of id `id`.
    ///
    /// # Panics
    /// If `id` is not below [`Layer::COUNT`] (in a constant, the build fails).
    pub const fn new(id: u8) -> Layer {
        assert!(
            (id as usize) < Layer::COUNT,
            "a layer id is below Layer::COUNT"
        );
        Layer::ALL[id as usize]
    }

    /// The layer's id, as [`Layer::new`] takes it.
    #[inline]
    pub const fn id(self) -> u8 {
        self.0 as u8
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn bit(self) -> u16 {
        1 << (self.0 as u16)
    }
}

impl fmt::Debug for Layer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layer({})", self.id())
    }
}

/// A set of layers, one bit each (bit `i` for the layer of id `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LayerMask(pub u16);

impl LayerMask {
    pub const NONE: LayerMask = LayerMask(0);
    pub const ALL: LayerMask = LayerMask((1 << Layer::COUNT) - 1);

    /// The set holding exactly `layers`.
    pub fn of<L: Into<Layer> + Copy>(layers: &[L]) -> LayerMask {
        LayerMask(layers.iter().fold(0, |m, &l| m | l.into().bit()))
    }

    #[inline]
    pub const fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    #[inline]
    pub const fn with(self, layer: Layer) -> LayerMask {
        LayerMask(self.0 | layer.bit())
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A symmetric table of which layers meet, which the caller fills. Pairs of layers that do not
/// meet are never tested and never reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CollisionMap {
    /// `rows[a]` holds the layers that `a` meets. Kept symmetric by every mutator.
    rows: [LayerMask; Layer::COUNT],
}

impl CollisionMap {
    /// No layer meets any other (the default).
    pub const fn empty() -> Self {
        Self {
            rows: [LayerMask::NONE; Layer::COUNT],
        }
    }

    /// The map in which exactly the pairs `meets` meet (each both ways).
    pub fn of<L: Into<Layer> + Copy>(meets: &[(L, L)]) -> Self {
        let mut map = Self::empty();
        for &(a, b) in meets {
            map.set(a, b, true);
        }
        map
    }

    /// Makes `a` and `b` meet (or not), in both directions.
    pub fn set(&mut self, a: impl Into<Layer>, b: impl Into<Layer>, meet: bool) {
        let (a, b) = (a.into(), b.into());
        if meet {
            self.rows[a.index()].0 |= b.bit();
            self.rows[b.index()].0 |= a.bit();
        } else {
            self.rows[a.index()].0 &= !b.bit();
            self.rows[b.index()].0 &= !a.bit();
        }
    }

    /// Builder form of [`CollisionMap::set`].
    pub fn with(mut self, a: impl Into<Layer>, b: impl Into<Layer>) -> Self {
        self.set(a, b, true);
        self
    }

    #[inline]
    pub fn meets(&self, a: impl Into<Layer>, b: impl Into<Layer>) -> bool {
        self.rows[a.into().index()].contains(b.into())
    }

    /// The layers that `layer` meets.
    #[inline]
    pub fn row(&self, layer: impl Into<Layer>) -> LayerMask {
        self.rows[layer.into().index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Layer = Layer::new(0);
    const B: Layer = Layer::new(3);
    const C: Layer = Layer::new(7);

    #[test]
    fn a_map_is_symmetric_and_holds_exactly_its_pairs() {
        let map = CollisionMap::of(&[(A, B), (C, C)]);
        for a in Layer::ALL {
            for b in Layer::ALL {
                assert_eq!(map.meets(a, b), map.meets(b, a), "{a:?} {b:?}");
            }
        }
        assert!(map.meets(B, A) && map.meets(C, C));
        assert!(!map.meets(A, A) && !map.meets(A, C) && !map.meets(B, C));
        assert_eq!(map.row(A), LayerMask::of(&[B]));
        assert_eq!(CollisionMap::default(), CollisionMap::empty());
    }

    #[test]
    fn set_false_removes_both_directions() {
        let mut map = CollisionMap::empty().with(C, A);
        map.set(A, C, false);
        assert!(!map.meets(A, C));
        assert!(!map.meets(C, A));
    }

    #[test]
    fn ids_index_and_bits_agree() {
        for (i, l) in Layer::ALL.into_iter().enumerate() {
            assert_eq!((l.index(), l.id() as usize, l), (i, i, Layer::new(i as u8)));
            assert_eq!(l.bit(), 1 << i);
        }
        assert_eq!(format!("{C:?}"), "Layer(7)");
        assert_eq!(LayerMask::ALL, LayerMask::of(&Layer::ALL));
    }

    #[test]
    #[should_panic(expected = "below Layer::COUNT")]
    fn an_id_past_the_last_is_refused() {
        let _ = Layer::new(Layer::COUNT as u8);
    }
}
