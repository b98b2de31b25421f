//! What a pair is: its two sides ([`Contact`]), in the canonical order callers match on.

use super::{Handle, Layer};

/// One side of an encounter: which box, and what it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contact {
    pub handle: Handle,
    pub owner: u32,
    pub part: u16,
    pub layer: Layer,
    pub user: u16,
}

/// Two boxes that overlap. Ordered: `a.layer < b.layer`, or equal layers and
/// `a.handle < b.handle`, so callers can match on `(a.layer, b.layer)` without checking both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    pub a: Contact,
    pub b: Contact,
}

impl Pair {
    /// Builds a pair in canonical order.
    pub fn new(x: Contact, y: Contact) -> Self {
        // (layer, index, generation) as one integer: a single compare instead of a chain of
        // branches, since reading events builds a pair per event.
        let rank = |c: &Contact| {
            (c.layer.id() as u128) << 64
                | (c.handle.index as u128) << 32
                | c.handle.generation as u128
        };
        let swap = rank(&x) > rank(&y);
        Pair {
            a: if swap { y } else { x },
            b: if swap { x } else { y },
        }
    }

    /// The side belonging to `owner`, then the other side, if either side is `owner`'s.
    pub fn for_owner(&self, owner: u32) -> Option<(Contact, Contact)> {
        if self.a.owner == owner {
            Some((self.a, self.b))
        } else if self.b.owner == owner {
            Some((self.b, self.a))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::workloads::layers::{
        AIR_ENEMY, BOMB_BLAST, ENEMY_BULLET, PLAYER, PLAYER_SHOT,
    };

    fn contact(layer: Layer, index: u32, generation: u32) -> Contact {
        Contact {
            handle: Handle { index, generation },
            owner: index.wrapping_add(100),
            part: 0,
            layer,
            user: 0,
        }
    }

    #[test]
    fn pairs_order_by_layer_then_handle_whichever_side_comes_first() {
        let cases = [
            // Layer decides, even against a lower slot.
            (contact(AIR_ENEMY, 1, 0), contact(PLAYER_SHOT, 9, 0)),
            // Same layer: the slot decides, not the generation.
            (contact(ENEMY_BULLET, 7, 0), contact(ENEMY_BULLET, 3, 5)),
            // Same slot (contacts of different lives): the generation decides.
            (contact(PLAYER, 4, 2), contact(PLAYER, 4, 1)),
            // Slots above 2^31 and the highest layer.
            (
                contact(BOMB_BLAST, u32::MAX, 0),
                contact(BOMB_BLAST, 1 << 31, 9),
            ),
        ];
        for (hi, lo) in cases {
            let expect = (lo, hi);
            for (x, y) in [(hi, lo), (lo, hi)] {
                let p = Pair::new(x, y);
                assert_eq!((p.a, p.b), expect, "{x:?} / {y:?}");
                assert!((p.a.layer, p.a.handle) < (p.b.layer, p.b.handle));
            }
        }
    }
}
