//! Rebinding without doubles: a key (or pad button) given to one action is taken from every
//! other action that held it, so one press never does two things. What an action already has
//! is kept ([`Mode::Add`]) unless the player replaces its keys ([`Mode::Replace`]); no action is
//! ever left without a key (an action that would be is refused, or, when replacing, takes the
//! replaced keys: the two swap); and a key is taken from a guarded action (movement) only once
//! the player has confirmed.

use crate::save::keys::{Action, KeyBindings};
use crate::save::pad::PadBindings;

/// What binding does to the keys the action already had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The new key joins them.
    Add,
    /// The new key becomes the only one; the old ones go to an action left with none.
    Replace,
}

/// An action that gave up the key to the rebound one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved<S> {
    /// Who lost it.
    pub from: S,
    /// The keys the rebound action had, when they went to `from` because it was left with
    /// none (a swap); `None` when it kept keys of its own.
    pub swapped: Option<Vec<String>>,
}

/// What a request to bind a key came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<S> {
    /// Bound, taken from these.
    Bound(Vec<Moved<S>>),
    /// Not bound yet: the key is this guarded action's, and the player must confirm first.
    Confirm(S),
    /// Not bound: the key is this action's only one and nothing would take its place.
    Refused(S),
}

impl<S> Outcome<S> {
    /// The same outcome with each action named by `f`.
    pub fn map<T>(self, f: impl Fn(S) -> T) -> Outcome<T> {
        match self {
            Outcome::Bound(m) => Outcome::Bound(
                m.into_iter()
                    .map(|m| Moved {
                        from: f(m.from),
                        swapped: m.swapped,
                    })
                    .collect(),
            ),
            Outcome::Confirm(s) => Outcome::Confirm(f(s)),
            Outcome::Refused(s) => Outcome::Refused(f(s)),
        }
    }
}

/// Binds `name` to `slots[target]` as `mode` says and takes it from every other slot (names
/// match ignoring case), unless that would leave a slot with no key ([`Outcome::Refused`]) or
/// take it from a slot `guarded` marks before the player `confirmed` ([`Outcome::Confirm`]); then
/// nothing changes. Safe on any index: a `target` out of range changes nothing.
pub fn bind(
    slots: &mut [&mut Vec<String>],
    target: usize,
    name: &str,
    mode: Mode,
    confirmed: bool,
    guarded: impl Fn(usize) -> bool,
) -> Outcome<usize> {
    let Some(old) = slots.get(target).map(|s| (*s).clone()) else {
        return Outcome::Bound(Vec::new());
    };
    let is_it = |k: &String| k.eq_ignore_ascii_case(name);
    let holders: Vec<usize> = (0..slots.len())
        .filter(|&i| i != target && slots[i].iter().any(is_it))
        .collect();
    // What a slot left bare gets: when replacing, the old keys less the key now taken.
    let give: Vec<String> = match mode {
        Mode::Replace => old.iter().filter(|k| !is_it(k)).cloned().collect(),
        Mode::Add => Vec::new(),
    };
    let left_bare = |i: usize| slots[i].iter().all(is_it) && give.is_empty();
    if let Some(&i) = holders.iter().find(|&&i| left_bare(i)) {
        return Outcome::Refused(i);
    }
    if let Some(&i) = holders.iter().find(|&&i| guarded(i) && !confirmed) {
        return Outcome::Confirm(i);
    }
    let mut moved = Vec::new();
    for i in holders {
        slots[i].retain(|k| !is_it(k));
        let swapped = slots[i].is_empty().then(|| give.clone());
        if let Some(keys) = &swapped {
            *slots[i] = keys.clone();
        }
        moved.push(Moved { from: i, swapped });
    }
    match mode {
        Mode::Replace => *slots[target] = vec![name.to_string()],
        Mode::Add if !old.iter().any(is_it) => slots[target].push(name.to_string()),
        Mode::Add => {}
    }
    Outcome::Bound(moved)
}

/// Binds `key` to player `who`'s `action`, taking it from every other action of both players
/// (two players share one keyboard); movement keys are taken only once `confirmed`. Says who
/// lost it as `(player, action)`.
pub fn bind_key(
    players: &mut [KeyBindings; 2],
    who: usize,
    action: Action,
    key: &str,
    mode: Mode,
    confirmed: bool,
) -> Outcome<(usize, Action)> {
    let [p1, p2] = players;
    let [u1, d1, l1, r1, s1, b1, f1] = slots_of(p1);
    let [u2, d2, l2, r2, s2, b2, f2] = slots_of(p2);
    let mut slots = [u1, d1, l1, r1, s1, b1, f1, u2, d2, l2, r2, s2, b2, f2];
    let n = Action::ALL.len();
    let Some(a) = Action::ALL.iter().position(|x| *x == action) else {
        return Outcome::Bound(Vec::new());
    };
    if who > 1 {
        return Outcome::Bound(Vec::new());
    }
    let movement = |i: usize| is_movement(Action::ALL[i % n]);
    bind(&mut slots, who * n + a, key, mode, confirmed, movement)
        .map(|slot| (slot / n, Action::ALL[slot % n]))
}

/// Up, down, left and right: a key taken from these can leave a player unable to move.
pub fn is_movement(action: Action) -> bool {
    matches!(
        action,
        Action::Up | Action::Down | Action::Left | Action::Right
    )
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

/// Binds `button` to pad action `row` (see [`PAD_ACTIONS`]), taking it from the others. Says
/// which row lost it.
pub fn bind_button(pad: &mut PadBindings, row: usize, button: &str, mode: Mode) -> Outcome<usize> {
    let mut slots = [&mut pad.shot, &mut pad.bomb, &mut pad.focus];
    bind(&mut slots, row, button, mode, true, |_| false)
}

/// The outcome in words for the hint line: which action lost which key, what it took in
/// exchange, or the question or refusal. `target` names the rebound action ("1P SHOT"),
/// `label` the others.
pub fn note<S>(
    outcome: &Outcome<S>,
    key: &str,
    mode: Mode,
    target: &str,
    label: impl Fn(&S) -> String,
) -> String {
    let key = key.to_uppercase();
    match outcome {
        Outcome::Bound(moved) => match moved.first() {
            None if mode == Mode::Add => format!("THE {key} KEY ADDED TO {target}"),
            None => format!("{target} NOW HAS THE {key} KEY ALONE"),
            Some(m) => {
                let mut line = format!("{target} TOOK THE {key} KEY FROM {}", label(&m.from));
                if let Some(keys) = &m.swapped {
                    let keys = keys.join(" ").to_uppercase();
                    line.push_str(&format!(", WHICH TOOK {keys} INSTEAD"));
                }
                line
            }
        },
        Outcome::Confirm(from) => format!(
            "THE {key} KEY IS {}'S: TAKE IT FOR {target}?  SHOT YES  ESC NO",
            label(from)
        ),
        Outcome::Refused(from) => format!(
            "NOT BOUND: THE {key} KEY IS {}'S ONLY KEY. DEL ON {target} REPLACES ITS KEYS",
            label(from)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> [KeyBindings; 2] {
        [KeyBindings::player1(), KeyBindings::player2()]
    }

    /// Every key name held by more than one action of both players.
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

    /// Binds `key` to 1P SHOT that way, `confirmed` or not: the outcome, and what it says.
    fn bind_shot(
        p: &mut [KeyBindings; 2],
        key: &str,
        mode: Mode,
        confirmed: bool,
    ) -> (Outcome<(usize, Action)>, String) {
        let out = bind_key(p, 0, Action::Shot, key, mode, confirmed);
        let says = note(&out, key, mode, "1P SHOT", label);
        (out, says)
    }

    fn label(&(p, a): &(usize, Action)) -> String {
        format!("{}P {}", p + 1, a.label())
    }

    /// Issue #42: 1P KEYS, SHOT, Down took Down from movement without a word of warning and
    /// said "DOWN LEFT 1P DOWN".
    #[test]
    fn a_movement_key_is_taken_only_once_confirmed_and_said_in_words() {
        let mut p = defaults();
        let (asked, says) = bind_shot(&mut p, "Down", Mode::Add, false);
        assert_eq!(asked, Outcome::Confirm((0, Action::Down)));
        assert_eq!(p, defaults(), "nothing moves before the player says yes");
        let question = "THE DOWN KEY IS 1P DOWN'S: TAKE IT FOR 1P SHOT?  SHOT YES  ESC NO";
        assert_eq!(says, question);
        let (_, says) = bind_shot(&mut p, "Down", Mode::Add, true);
        assert_eq!(p[0].shot, ["Z", "Space", "Down"]);
        assert_eq!(p[0].down, ["S"]);
        assert_eq!(says, "1P SHOT TOOK THE DOWN KEY FROM 1P DOWN");
        assert!(doubles(&p).is_empty());
    }

    /// Issue #42: binding X to SHOT dropped Space.
    #[test]
    fn a_second_key_keeps_the_first_unless_the_keys_are_replaced() {
        let mut p = defaults();
        let (out, says) = bind_shot(&mut p, "C", Mode::Add, false);
        assert_eq!(out, Outcome::Bound(Vec::new()));
        assert_eq!(p[0].shot, ["Z", "Space", "C"]);
        assert_eq!(says, "THE C KEY ADDED TO 1P SHOT");
        // X is bomb's only key: adding it to shot would leave bomb with none.
        let (out, says) = bind_shot(&mut p, "X", Mode::Add, true);
        assert_eq!(out, Outcome::Refused((0, Action::Bomb)));
        assert_eq!(p[0].bomb, ["X"]);
        assert!(says.starts_with("NOT BOUND: THE X KEY IS 1P BOMB'S ONLY KEY"));
        // Replacing shot's keys with X swaps: bomb takes the old ones.
        let (_, says) = bind_shot(&mut p, "X", Mode::Replace, false);
        assert_eq!(p[0].shot, ["X"]);
        assert_eq!(p[0].bomb, ["Z", "Space", "C"]);
        let swap = "1P SHOT TOOK THE X KEY FROM 1P BOMB, WHICH TOOK Z SPACE C INSTEAD";
        assert_eq!(says, swap);
        assert!(doubles(&p).is_empty());
    }

    #[test]
    fn binding_shots_key_to_bomb_leaves_shot_its_other_key() {
        let mut p = defaults();
        let moved = bind_key(&mut p, 0, Action::Bomb, "Z", Mode::Add, false);
        assert_eq!(p[0].bomb, ["X", "Z"]);
        assert_eq!(p[0].shot, ["Space"], "shot keeps its other key");
        assert_eq!(
            moved,
            Outcome::Bound(vec![Moved {
                from: (0, Action::Shot),
                swapped: None
            }])
        );
        assert!(doubles(&p).is_empty(), "{:?}", doubles(&p));
    }

    #[test]
    fn a_key_of_the_other_player_moves_across() {
        let mut p = defaults();
        let out = bind_key(&mut p, 0, Action::Focus, "u", Mode::Replace, false);
        assert_eq!(p[0].focus, ["u"]);
        assert_eq!(
            p[1].shot,
            ["LeftShift", "RightShift"],
            "2P shot takes 1P's old focus keys"
        );
        let Outcome::Bound(moved) = out else {
            panic!("bound")
        };
        assert_eq!(moved[0].from, (1, Action::Shot));
        assert!(doubles(&p).is_empty());
        // 2P's movement is guarded too; I is 2P UP's only key, so adding it is refused and
        // only a replacement (2P UP would take 1P BOMB's X) can take it, once confirmed.
        let out = bind_key(&mut p, 0, Action::Bomb, "i", Mode::Add, true);
        assert_eq!(out, Outcome::Refused((1, Action::Up)));
        let out = bind_key(&mut p, 0, Action::Bomb, "i", Mode::Replace, false);
        assert_eq!(out, Outcome::Confirm((1, Action::Up)));
    }

    #[test]
    fn a_key_nobody_else_holds_moves_nothing() {
        let mut p = defaults();
        let none = Outcome::Bound(Vec::new());
        assert_eq!(
            bind_key(&mut p, 1, Action::Bomb, "P", Mode::Replace, false),
            none
        );
        assert_eq!(p[1].bomb, ["P"]);
        let mut again = p.clone();
        assert_eq!(
            bind_key(&mut again, 1, Action::Bomb, "p", Mode::Add, false),
            none
        );
        assert_eq!(again, p, "the same key again, not twice");
        assert_eq!(
            bind_key(&mut again, 2, Action::Bomb, "Q", Mode::Add, false),
            none
        );
        assert_eq!(again, p, "no third player");
    }

    #[test]
    fn pad_buttons_swap_the_same_way() {
        let mut pad = PadBindings::default();
        let shot = pad.shot.clone();
        let bomb = pad.bomb.clone();
        let taken = shot[0].clone();
        let Outcome::Bound(moved) = bind_button(&mut pad, 1, &taken, Mode::Replace) else {
            panic!("bound")
        };
        assert_eq!(pad.bomb, [taken.as_str()]);
        assert_eq!(moved[0].from, 0);
        if shot.len() == 1 {
            assert_eq!(pad.shot, bomb, "swapped");
        } else {
            assert!(!pad.shot.contains(&taken));
        }
        let before = pad.clone();
        assert_eq!(
            bind_button(&mut pad, 7, "North", Mode::Add),
            Outcome::Bound(Vec::new()),
            "no such row"
        );
        assert_eq!(pad, before);
    }
}
