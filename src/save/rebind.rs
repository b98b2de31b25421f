//! Rebinding without doubles: a key (or pad button) given to one action is taken from every
//! other action that held it, so one press never does two things. An action left with no key
//! at all takes the keys the rebound action had: the two bindings swap.

use crate::save::keys::{Action, KeyBindings};
use crate::save::pad::PadBindings;

/// An action that gave up the key to the rebound one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// Index of the slot in the list [`bind_alone`] was given.
    pub slot: usize,
    /// The keys the rebound action had, when they went to this slot because it was left with
    /// none (a swap); `None` when it kept keys of its own.
    pub swapped: Option<Vec<String>>,
}

/// Makes `name` the only key of `slots[target]` and takes it from every other slot (names match
/// ignoring case). Returns the slots that lost it. Safe on any index: a `target` out of range
/// changes nothing.
pub fn bind_alone(slots: &mut [&mut Vec<String>], target: usize, name: &str) -> Vec<Moved> {
    let Some(old) = slots.get(target).map(|s| (*s).clone()) else {
        return Vec::new();
    };
    // What the other slot gets if left bare: the old keys, less the key now taken.
    let give: Vec<String> = old
        .into_iter()
        .filter(|k| !k.eq_ignore_ascii_case(name))
        .collect();
    let mut moved = Vec::new();
    for (i, slot) in slots.iter_mut().enumerate() {
        if i == target || !slot.iter().any(|k| k.eq_ignore_ascii_case(name)) {
            continue;
        }
        slot.retain(|k| !k.eq_ignore_ascii_case(name));
        let swapped = (slot.is_empty() && !give.is_empty()).then(|| give.clone());
        if let Some(keys) = &swapped {
            **slot = keys.clone();
        }
        moved.push(Moved { slot: i, swapped });
    }
    *slots[target] = vec![name.to_string()];
    moved
}

/// Binds `key` alone to player `who`'s `action`, taking it from every other action of both
/// players (two players share one keyboard). Returns each `(player, action)` that lost it, with
/// the keys it got in exchange when it had no other.
pub fn bind_key(
    players: &mut [KeyBindings; 2],
    who: usize,
    action: Action,
    key: &str,
) -> Vec<(usize, Action, Option<Vec<String>>)> {
    let [p1, p2] = players;
    let [u1, d1, l1, r1, s1, b1, f1] = slots_of(p1);
    let [u2, d2, l2, r2, s2, b2, f2] = slots_of(p2);
    let mut slots = [u1, d1, l1, r1, s1, b1, f1, u2, d2, l2, r2, s2, b2, f2];
    let n = Action::ALL.len();
    let Some(a) = Action::ALL.iter().position(|x| *x == action) else {
        return Vec::new();
    };
    if who > 1 {
        return Vec::new();
    }
    bind_alone(&mut slots, who * n + a, key)
        .into_iter()
        .map(|m| (m.slot / n, Action::ALL[m.slot % n], m.swapped))
        .collect()
}

fn slots_of(k: &mut KeyBindings) -> [&mut Vec<String>; 7] {
    [
        &mut k.up,
        &mut k.down,
        &mut k.left,
        &mut k.right,
        &mut k.shot,
        &mut k.bomb,
        &mut k.focus,
    ]
}

/// The pad's actions in the order [`bind_button`] numbers them.
pub const PAD_ACTIONS: [&str; 3] = ["SHOT", "BOMB", "FOCUS"];

/// Binds `button` alone to pad action `row` (see [`PAD_ACTIONS`]), taking it from the others.
/// Returns each row that lost it, with the buttons it got in exchange when it had no other.
pub fn bind_button(
    pad: &mut PadBindings,
    row: usize,
    button: &str,
) -> Vec<(usize, Option<Vec<String>>)> {
    let mut slots = [&mut pad.shot, &mut pad.bomb, &mut pad.focus];
    bind_alone(&mut slots, row, button)
        .into_iter()
        .map(|m| (m.slot, m.swapped))
        .collect()
}

/// One line telling the player what a rebinding took from elsewhere, e.g. `Z LEFT 1P SHOT`
/// or `SWAPPED WITH 1P SHOT`; `None` when nothing else held the key.
pub fn moved_note(key: &str, from: &[(String, bool)]) -> Option<String> {
    let (name, swapped) = from.first()?;
    Some(if *swapped {
        format!("SWAPPED WITH {name}")
    } else {
        format!("{} LEFT {name}", key.to_uppercase())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> [KeyBindings; 2] {
        [KeyBindings::player1(), KeyBindings::player2()]
    }

    /// Every key name bound, with how many actions of both players hold it.
    fn doubles(p: &[KeyBindings; 2]) -> Vec<String> {
        let mut all: Vec<String> = p
            .iter()
            .flat_map(|k| Action::ALL.iter().flat_map(|a| k.keys(*a).clone()))
            .map(|k| k.to_ascii_lowercase())
            .collect();
        all.sort();
        let mut d: Vec<String> = all
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0].clone())
            .collect();
        d.dedup();
        d
    }

    #[test]
    fn binding_shots_key_to_bomb_swaps_the_two() {
        // The play-test: 1P KEYS, BOMB, press Z. Z then bombs only; SHOT keeps Space.
        let mut p = defaults();
        let moved = bind_key(&mut p, 0, Action::Bomb, "Z");
        assert_eq!(p[0].bomb, ["Z"]);
        assert_eq!(p[0].shot, ["Space"], "shot keeps its other key");
        assert_eq!(moved, [(0, Action::Shot, None)]);
        assert!(doubles(&p).is_empty(), "{:?}", doubles(&p));
        // Now Space too: shot has nothing left and takes bomb's old key.
        let moved = bind_key(&mut p, 0, Action::Bomb, "space");
        assert_eq!(p[0].bomb, ["space"]);
        assert_eq!(p[0].shot, ["Z"], "swapped");
        assert_eq!(moved, [(0, Action::Shot, Some(vec!["Z".to_string()]))]);
        assert!(doubles(&p).is_empty());
    }

    #[test]
    fn a_key_of_the_other_player_moves_across() {
        let mut p = defaults();
        let moved = bind_key(&mut p, 0, Action::Focus, "u");
        assert_eq!(p[0].focus, ["u"]);
        assert_eq!(
            p[1].shot,
            ["LeftShift", "RightShift"],
            "2P shot takes 1P's old focus keys"
        );
        assert_eq!(moved.len(), 1);
        assert_eq!((moved[0].0, moved[0].1), (1, Action::Shot));
        assert!(doubles(&p).is_empty());
    }

    #[test]
    fn a_key_nobody_else_holds_moves_nothing() {
        let mut p = defaults();
        assert!(bind_key(&mut p, 1, Action::Bomb, "P").is_empty());
        assert_eq!(p[1].bomb, ["P"]);
        let mut again = p.clone();
        assert!(
            bind_key(&mut again, 1, Action::Bomb, "P").is_empty(),
            "the same key again"
        );
        assert_eq!(again, p);
        assert!(
            bind_key(&mut again, 2, Action::Bomb, "Q").is_empty(),
            "no third player"
        );
        assert_eq!(again, p);
    }

    #[test]
    fn pad_buttons_swap_the_same_way() {
        let mut pad = PadBindings::default();
        let shot = pad.shot.clone();
        let bomb = pad.bomb.clone();
        let taken = shot[0].clone();
        let moved = bind_button(&mut pad, 1, &taken);
        assert_eq!(pad.bomb, [taken.as_str()]);
        assert_eq!(moved[0].0, 0);
        if shot.len() == 1 {
            assert_eq!(pad.shot, bomb, "swapped");
        } else {
            assert!(!pad.shot.contains(&taken));
        }
        assert!(bind_button(&mut pad, 7, "North").is_empty(), "no such row");
    }

    #[test]
    fn the_note_says_what_moved() {
        assert_eq!(moved_note("z", &[]), None);
        assert_eq!(
            moved_note("z", &[("1P SHOT".into(), false)]).as_deref(),
            Some("Z LEFT 1P SHOT")
        );
        assert_eq!(
            moved_note("z", &[("2P BOMB".into(), true)]).as_deref(),
            Some("SWAPPED WITH 2P BOMB")
        );
    }
}
