//! Typing the name for a new high score: the letters, the cursor, and which letters the player
//! really chose, so a name left half-entered (the window closed on it) is saved as far as it
//! went rather than lost or padded with letters nobody picked; and which typing counts, so a
//! key still held from the game does not write the name.

use std::collections::HashSet;

use macroquad::input::{get_char_pressed, get_keys_down, is_key_pressed, KeyCode};

use super::menu_input::MenuInput;
use skysweep::level::Difficulty;
use skysweep::save::pad::PadButton;
use skysweep::save::scores::{self, ScoreTable, NAME_LEN};
use skysweep::sim::Character;

/// A score waiting for its name.
#[derive(Clone, Debug)]
pub struct PendingScore {
    pub player: usize,
    pub score: u64,
    pub character: Character,
    pub stage: String,
    pub difficulty: Difficulty,
    /// The arcade settings' tag when not the game's own (see `scores::Entry::rules`).
    pub rules: String,
}

impl PendingScore {
    pub fn entry(&self, name: String) -> scores::Entry {
        scores::Entry {
            name,
            score: self.score,
            character: self.character,
            stage: self.stage.clone(),
            rules: self.rules.clone(),
        }
    }
}

/// Puts scores still waiting for a name into `table` when the game ends before they got one
/// (the window closed on the name entry, or on the GAME OVER card before it): a high score
/// earned is a high score kept. The one being named takes the letters chosen so far (see
/// [`NameDraft::name_so_far`]); the rest, never offered a name, are [`UNNAMED`]. Returns
/// whether the table changed.
pub fn keep_waiting_scores(
    table: &mut ScoreTable,
    pending: &[PendingScore],
    draft: Option<&NameDraft>,
) -> bool {
    let mut changed = false;
    for (i, p) in pending.iter().enumerate() {
        let name = match draft {
            Some(d) if i == 0 => d.name_so_far(),
            _ => UNNAMED.to_string(),
        };
        changed |= table.insert(p.difficulty, p.entry(name)).is_some();
    }
    changed
}

/// Reads one frame of name entry into `draft`: letters typed on the keyboard go straight in
/// (through `gate`), so only arrows, Enter and Backspace steer (WASD, Z and X would collide
/// with typing); on a pad, up and down step the letter, South moves right and East left.
/// Returns true when the player ended the name: Enter, Start, or moving right past the end.
pub fn edit(draft: &mut NameDraft, gate: &mut TypingGate, m: &MenuInput) -> bool {
    gate.typed(&get_keys_down(), std::iter::from_fn(get_char_pressed))
        .into_iter()
        .for_each(|c| draft.type_char(c));
    let pad = |b: PadButton| m.pad(b, None);
    if is_key_pressed(KeyCode::Up) || pad(PadButton::DPadUp) {
        draft.step_letter(true);
    }
    if is_key_pressed(KeyCode::Down) || pad(PadButton::DPadDown) {
        draft.step_letter(false);
    }
    let mut done = is_key_pressed(KeyCode::Enter) || pad(PadButton::Start);
    if is_key_pressed(KeyCode::Right) || pad(PadButton::DPadRight) || pad(PadButton::South) {
        done |= draft.right();
    }
    if is_key_pressed(KeyCode::Left)
        || is_key_pressed(KeyCode::Backspace)
        || pad(PadButton::DPadLeft)
        || pad(PadButton::East)
    {
        draft.left();
    }
    done
}

/// The letters a name can hold, in the order up and down step through them.
pub const NAME_ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-!? ";

/// The name of a score whose player left before choosing a single letter. Not the AAA the
/// screen starts on: that is a name a player can choose, and the table already shows a name
/// it does not know (a blank or damaged one) as ???.
pub const UNNAMED: &str = "???";

/// A name being entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameDraft {
    letters: Vec<char>,
    /// The slot being edited.
    pos: usize,
    /// Slots the player has put a letter in: typed it, stepped to it with up or down, or
    /// accepted the one shown by moving on. The others still show the starting A.
    chosen: Vec<bool>,
}

impl Default for NameDraft {
    fn default() -> Self {
        NameDraft {
            letters: vec!['A'; NAME_LEN],
            pos: 0,
            chosen: vec![false; NAME_LEN],
        }
    }
}

impl NameDraft {
    /// A draft that starts on `name` (the one the player just gave a high score, say), its
    /// letters already chosen, so that accepting it is one press. Letters the entry cannot
    /// hold are left out; a name of none is the empty draft.
    pub fn starting_as(name: &str) -> NameDraft {
        let mut draft = NameDraft::default();
        let letters = name
            .chars()
            .map(|c| c.to_ascii_uppercase())
            .filter(|&c| NAME_ALPHABET.contains(c));
        for (slot, c) in letters.take(NAME_LEN).enumerate() {
            draft.letters[slot] = c;
            draft.chosen[slot] = true;
        }
        draft
    }

    /// Every slot, as the screen shows it.
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// A character typed on the keyboard: a letter of the alphabet goes in at the cursor,
    /// which moves on (staying on the last slot); anything else, space included, is ignored.
    pub fn type_char(&mut self, c: char) {
        let c = c.to_ascii_uppercase();
        if c == ' ' || !NAME_ALPHABET.contains(c) {
            return;
        }
        self.letters[self.pos] = c;
        self.chosen[self.pos] = true;
        self.pos = (self.pos + 1).min(self.letters.len() - 1);
    }

    /// Steps the letter at the cursor through the alphabet: up is forward, down back.
    pub fn step_letter(&mut self, up: bool) {
        let n = NAME_ALPHABET.chars().count();
        let letter = NAME_ALPHABET
            .chars()
            .position(|c| c == self.letters[self.pos])
            .unwrap_or(0);
        let next = if up {
            (letter + 1) % n
        } else {
            (letter + n - 1) % n
        };
        self.letters[self.pos] = NAME_ALPHABET.chars().nth(next).unwrap_or('A');
        self.chosen[self.pos] = true;
    }

    /// Moves on, accepting the letter at the cursor; true when that was the last slot, which
    /// finishes the name.
    pub fn right(&mut self) -> bool {
        self.chosen[self.pos] = true;
        if self.pos + 1 == self.letters.len() {
            return true;
        }
        self.pos += 1;
        false
    }

    pub fn left(&mut self) {
        self.pos = self.pos.saturating_sub(1);
    }

    /// The whole name as shown: what finishing the entry saves.
    pub fn name(&self) -> String {
        self.letters.iter().collect()
    }

    /// The name as far as the player got: every slot up to the last one they chose, or
    /// [`UNNAMED`] when they chose none.
    pub fn name_so_far(&self) -> String {
        match self.chosen.iter().rposition(|&c| c) {
            Some(last) => self.letters[..=last].iter().collect(),
            None => UNNAMED.into(),
        }
    }
}

/// Decides which typed characters belong to the name. A player who dies holding shot (Z,
/// Space, U) keeps holding it onto this screen, and the keyboard's auto-repeat goes on sending
/// that key's character: it once wrote "ZZZ" for a player who typed nothing. So characters
/// count only once every key held when the screen opened has been let go. Up, down, left,
/// right and Enter need no gate: they act on presses, which auto-repeat never makes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypingGate {
    /// Keys down when the screen opened that have not been released since.
    held: HashSet<KeyCode>,
}

impl TypingGate {
    /// The gate for a screen opening while `down` are held.
    pub fn opened_with(down: impl IntoIterator<Item = KeyCode>) -> Self {
        TypingGate {
            held: down.into_iter().collect(),
        }
    }

    /// Whether typing reaches the name yet.
    pub fn is_open(&self) -> bool {
        self.held.is_empty()
    }

    /// One frame: `down` is every key down now, `chars` what was typed since the last frame.
    /// Returns the characters that are the player's. `chars` is read to its end even when
    /// none count: it is macroquad's queue, and what is left in it is typed the moment the
    /// gate opens. In the frame a held key is let go its last repeats can still be in `chars`,
    /// queued before the release, so that frame's characters are dropped too; typing counts
    /// from the next.
    pub fn typed(
        &mut self,
        down: &HashSet<KeyCode>,
        chars: impl IntoIterator<Item = char>,
    ) -> Vec<char> {
        let chars: Vec<char> = chars.into_iter().collect();
        let was_open = self.is_open();
        self.held.retain(|k| down.contains(k));
        if was_open {
            chars
        } else {
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(text: &str) -> NameDraft {
        let mut d = NameDraft::default();
        text.chars().for_each(|c| d.type_char(c));
        d
    }

    #[test]
    fn an_untouched_name_is_unnamed_not_the_starting_letters() {
        let d = NameDraft::default();
        assert_eq!(d.name(), "AAA", "what the screen shows and Enter saves");
        assert_eq!(d.name_so_far(), UNNAMED);
        // Moving back and forth over nothing chooses nothing.
        let mut d = NameDraft::default();
        d.left();
        assert_eq!(d.name_so_far(), UNNAMED);
    }

    #[test]
    fn typed_letters_are_kept_without_padding() {
        assert_eq!(typed("jo").name_so_far(), "JO");
        assert_eq!(typed("jo").name(), "JOA");
        assert_eq!(typed("ace").name_so_far(), "ACE");
        // The cursor stays on the last slot: more letters replace it.
        assert_eq!(typed("acex").name_so_far(), "ACX");
        // Spaces and characters outside the alphabet are not letters of the name.
        assert_eq!(typed(" *").name_so_far(), UNNAMED);
        assert_eq!(typed("b*").name_so_far(), "B");
    }

    #[test]
    fn letters_picked_with_up_down_and_accepted_with_right_count() {
        let mut d = NameDraft::default();
        d.step_letter(true);
        assert_eq!(d.name_so_far(), "B");
        d.step_letter(false);
        assert_eq!(
            d.name_so_far(),
            "A",
            "chosen, even if it is the letter it started on"
        );
        d.step_letter(false);
        assert_eq!(
            d.name_so_far(),
            " ",
            "down from A wraps to the alphabet's last, a space"
        );
        let mut d = NameDraft::default();
        assert!(!d.right(), "A accepted, on to the second slot");
        assert_eq!(d.name_so_far(), "A");
        d.step_letter(true);
        assert_eq!(d.name_so_far(), "AB");
        assert!(!d.right());
        assert!(d.right(), "right on the last slot finishes");
        assert_eq!(d.name_so_far(), "ABA");
        assert_eq!(d.pos(), 2);
    }

    fn keys(k: &[KeyCode]) -> HashSet<KeyCode> {
        k.iter().copied().collect()
    }

    /// Runs frames of (keys down, characters typed) through a gate into a fresh draft.
    fn play(gate: &mut TypingGate, frames: &[(&[KeyCode], &str)]) -> NameDraft {
        let mut d = NameDraft::default();
        for (down, chars) in frames {
            gate.typed(&keys(down), chars.chars())
                .into_iter()
                .for_each(|c| d.type_char(c));
        }
        d
    }

    #[test]
    fn shot_held_onto_the_screen_types_nothing_however_long_it_repeats() {
        let mut gate = TypingGate::opened_with([KeyCode::Z]);
        let held = [(&[KeyCode::Z][..], "z"); 90];
        let d = play(&mut gate, &held);
        assert_eq!(d.name_so_far(), UNNAMED, "not ZZZ");
        assert_eq!(d.pos(), 0);
        assert!(!gate.is_open());
        // Other keys typed while it is still held do not count either.
        let d = play(&mut gate, &[(&[KeyCode::Z, KeyCode::J], "zj")]);
        assert_eq!(d.name_so_far(), UNNAMED);
    }

    #[test]
    fn repeats_of_a_held_key_are_not_left_queued_for_when_it_is_let_go() {
        // Like macroquad's character queue: a lazy reader, and what it does not take stays.
        let queue = std::cell::RefCell::new(std::collections::VecDeque::new());
        let mut gate = TypingGate::opened_with([KeyCode::Z]);
        let mut d = NameDraft::default();
        let mut frame = |down: &[KeyCode], typed: &str| {
            queue.borrow_mut().extend(typed.chars());
            let reader = std::iter::from_fn(|| queue.borrow_mut().pop_front());
            gate.typed(&keys(down), reader)
                .into_iter()
                .for_each(|c| d.type_char(c));
        };
        for _ in 0..40 {
            frame(&[KeyCode::Z], "z");
        }
        frame(&[], "");
        frame(&[], "");
        frame(&[KeyCode::J], "j");
        assert!(queue.borrow().is_empty());
        assert_eq!(d.name_so_far(), "J", "not ZZZ once the key is up");
    }

    #[test]
    fn after_the_held_key_is_let_go_typing_works() {
        let mut gate = TypingGate::opened_with([KeyCode::Z]);
        let d = play(
            &mut gate,
            &[
                (&[KeyCode::Z], "z"),
                // Released: a repeat queued just before the release is not a letter.
                (&[], "z"),
                (&[KeyCode::Z], "z"),
                (&[], ""),
                (&[KeyCode::O], "o"),
                (&[KeyCode::E], "e"),
            ],
        );
        assert!(gate.is_open());
        assert_eq!(d.name_so_far(), "ZOE", "the same key, pressed again, types");
    }

    #[test]
    fn every_key_held_on_opening_must_be_let_go() {
        let mut gate = TypingGate::opened_with([KeyCode::Z, KeyCode::LeftShift]);
        let d = play(
            &mut gate,
            &[
                (&[KeyCode::Z, KeyCode::LeftShift], "z"),
                // Shot let go but focus still held: still closed.
                (&[KeyCode::LeftShift], ""),
                (&[KeyCode::LeftShift, KeyCode::A], "a"),
                // Keys pressed after opening do not hold it closed once the old ones are up.
                (&[KeyCode::A], ""),
                (&[KeyCode::A, KeyCode::B], "b"),
            ],
        );
        assert_eq!(d.name_so_far(), "B");
    }

    #[test]
    fn nothing_held_on_opening_types_at_once() {
        let mut gate = TypingGate::opened_with([]);
        assert!(gate.is_open());
        let d = play(&mut gate, &[(&[KeyCode::J], "j"), (&[KeyCode::O], "o")]);
        assert_eq!(d.name_so_far(), "JO");
    }

    #[test]
    fn going_back_keeps_what_was_chosen() {
        let mut d = typed("JO");
        d.left();
        d.left();
        d.left();
        assert_eq!(d.pos(), 0);
        assert_eq!(d.name_so_far(), "JO");
        d.type_char('k');
        assert_eq!(d.name_so_far(), "KO");
    }

    /// Scores kept when the game ends before they are named.
    mod waiting {
        use super::super::{keep_waiting_scores, NameDraft, PendingScore, UNNAMED};
        use skysweep::level::Difficulty;
        use skysweep::save::scores::ScoreTable;
        use skysweep::save::store::SaveFile;
        use skysweep::sim::Character;
        fn waiting(player: usize, score: u64) -> PendingScore {
            PendingScore {
                player,
                score,
                character: Character::Brass,
                stage: "Meadowvale".into(),
                difficulty: Difficulty::Hard,
                rules: String::new(),
            }
        }

        fn names(t: &ScoreTable) -> Vec<(String, u64)> {
            t.entries(Difficulty::Hard)
                .iter()
                .map(|e| (e.name.clone(), e.score))
                .collect()
        }

        #[test]
        fn a_score_left_on_the_name_entry_keeps_the_letters_typed_so_far() {
            let mut t = ScoreTable::default();
            let mut draft = NameDraft::default();
            draft.type_char('j');
            draft.type_char('o');
            assert!(keep_waiting_scores(
                &mut t,
                &[waiting(0, 4200)],
                Some(&draft)
            ));
            assert_eq!(names(&t), [("JO".to_string(), 4200)]);
            let e = &t.entries(Difficulty::Hard)[0];
            assert_eq!(
                (e.character, e.stage.as_str()),
                (Character::Brass, "Meadowvale")
            );
            // Saved and read back through the atomic store like any other score.
            let dir = std::env::temp_dir().join(format!("skysweep-waiting-{}", std::process::id()));
            let path = dir.join("scores.ron");
            t.save_to(&path).unwrap();
            assert_eq!(ScoreTable::load_from(&path).0, t);
            let _ = std::fs::remove_dir_all(dir);
        }

        #[test]
        fn a_score_left_unnamed_is_saved_as_unnamed_and_so_is_the_next_players() {
            let mut t = ScoreTable::default();
            let pending = [waiting(0, 900), waiting(1, 1500)];
            assert!(keep_waiting_scores(
                &mut t,
                &pending,
                Some(&NameDraft::default())
            ));
            assert_eq!(
                names(&t),
                [(UNNAMED.to_string(), 1500), (UNNAMED.to_string(), 900)]
            );
            // Closed on the GAME OVER card, before any name entry: both kept, unnamed.
            let mut t = ScoreTable::default();
            assert!(keep_waiting_scores(&mut t, &pending, None));
            assert_eq!(t.entries(Difficulty::Hard).len(), 2);
            // Nothing waiting, nothing to save.
            assert!(!keep_waiting_scores(&mut t, &[], None));
        }
    }

    #[test]
    fn a_draft_can_start_on_a_name_already_given() {
        let d = NameDraft::starting_as("pta");
        assert_eq!(d.name(), "PTA");
        assert_eq!(d.name_so_far(), "PTA", "every letter counts as chosen");
        assert_eq!(d.pos(), 0);
        assert_eq!(
            NameDraft::starting_as("A#B").name(),
            "ABA",
            "letters it cannot hold go"
        );
        assert_eq!(NameDraft::starting_as(""), NameDraft::default());
        let long = "X".repeat(NAME_LEN + 2);
        assert_eq!(NameDraft::starting_as(&long).name(), "X".repeat(NAME_LEN));
    }
}
