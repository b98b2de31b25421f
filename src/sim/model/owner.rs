//! Who a collider box belongs to: the kind of body in the top bits of the box's owner id, its
//! key in the body's table below. Every system that puts a box in the collider tags it so, and
//! the encounters read the tag back.

/// Identifies what a collider box belongs to: the kind in the top bits, the slab key below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    Player(usize),
    Shot(usize),
    Enemy(usize),
    Bullet(usize),
    Item(usize),
    Blast(usize),
}

const KIND_SHIFT: u32 = 28;
const KEY_MASK: u32 = (1 << KIND_SHIFT) - 1;

impl Owner {
    pub(crate) fn encode(self) -> u32 {
        let (kind, key) = match self {
            Owner::Player(k) => (0, k),
            Owner::Shot(k) => (1, k),
            Owner::Enemy(k) => (2, k),
            Owner::Bullet(k) => (3, k),
            Owner::Item(k) => (4, k),
            Owner::Blast(k) => (5, k),
        };
        (kind << KIND_SHIFT) | (key as u32 & KEY_MASK)
    }

    pub(crate) fn key(self) -> usize {
        match self {
            Owner::Player(k)
            | Owner::Shot(k)
            | Owner::Enemy(k)
            | Owner::Bullet(k)
            | Owner::Item(k)
            | Owner::Blast(k) => k,
        }
    }

    pub(crate) fn decode(id: u32) -> Option<Owner> {
        let key = (id & KEY_MASK) as usize;
        Some(match id >> KIND_SHIFT {
            0 => Owner::Player(key),
            1 => Owner::Shot(key),
            2 => Owner::Enemy(key),
            3 => Owner::Bullet(key),
            4 => Owner::Item(key),
            5 => Owner::Blast(key),
            _ => return None,
        })
    }
}
