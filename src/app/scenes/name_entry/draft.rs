//! Typing the name for a new high score: the letters, the cursor, and which letters the player
//! really chose, so a name left half-entered (the window closed on it) is saved as far as it
//! went rather than lost or padded with letters nobody picked; and which typing counts, so a
//! key still held from the game does not write the name.

use std::collections::HashSet;

use macroquad::input::{get_char_pressed, get_keys_down, is_key_pressed, KeyCode};

use crate::app::services::menu_input::MenuInput;
use skysweep::level::Difficulty;
use skysweep::save::pad::PadButton;
use skysweep::save::scores::{self, ScoreTable, NAME_LEN, REPLAY_NAME_LEN};
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
    /// The file in `score_replays/` holding the run's replay; empty when none was kept.
    pub replay: String,
}

impl PendingScore {
    pub fn entry(&self, name: String) -> scores::Entry {
        scores::Entry {
            name,
            score: self.score,
            character: self.character,
            stage: self.stage.clone(),
            rules: self.rules.clone(),
            replay: self.replay.clone(),
        }
    }

    /// The entry as kept until its player names it.
    pub fn kept(&self) -> scores::Entry {
        self.entry(UNNAMED.to_string())
    }
}

/// Writes the scores of a run that just ended into `table` the moment they are made, each under
/// [`UNNAMED`] until its player names it (see [`name_kept_score`]): a high score earned is a
/// high score kept, whatever happens to the game on the name entry (closed, killed, power cut).
/// Returns those that made the table, to be named in order.
pub fn keep_scores(table: &mut ScoreTable, made: Vec<PendingScore>) -> Vec<PendingScore> {
    made.into_iter()
        .filter(|p| table.insert(p.difficulty, p.kept()).is_some())
        .collect()
}

/// Gives `pending`, kept under [`UNNAMED`] by [`keep_scores`], the name `name`; returns its
/// rank, or `None` when it is no longer in the table.
pub fn name_kept_score(
    table: &mut ScoreTable,
    pending: &PendingScore,
    name: &str,
) -> Option<usize> {
    table.rename(pending.difficulty, &pending.kept(), name)
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

/// A name being entered: a high score's three letters, starting on AAA as in the arcades, or a
/// replay's twelve, starting blank so that what is typed is the whole name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameDraft {
    letters: Vec<char>,
    /// What a slot shows until the player puts a letter in it: `A`, or a space.
    fill: char,
    /// The slot being edited.
    pos: usize,
    /// Slots the player has put a letter in: typed it, stepped to it with up or down, or
    /// accepted the one shown by moving on. The others still show the starting A.
    chosen: Vec<bool>,
}

impl Default for NameDraft {
    /// A high score's name.
    fn default() -> Self {
        NameDraft::blank(NAME_LEN, 'A')
    }
}

impl NameDraft {
    fn blank(len: usize, fill: char) -> NameDraft {
        NameDraft {
            letters: vec![fill; len],
            fill,
            pos: 0,
            chosen: vec![false; len],
        }
    }

    /// A replay's name: [`REPLAY_NAME_LEN`] slots, blank, starting on `name` (the one the
    /// player just gave the run's high score, say) with its letters already chosen, so that
    /// accepting it is one press. Letters the entry cannot hold are left out.
    pub fn replay_starting_as(name: &str) -> NameDraft {
        let mut draft = NameDraft::blank(REPLAY_NAME_LEN, ' ');
        draft.start_on(name);
        draft
    }

    fn start_on(&mut self, name: &str) {
        let letters = name
            .trim()
            .chars()
            .map(|c| c.to_ascii_uppercase())
            .filter(|&c| NAME_ALPHABET.contains(c));
        let draft = self;
        for (slot, c) in letters.take(draft.letters.len()).enumerate() {
            draft.letters[slot] = c;
            draft.chosen[slot] = true;
        }
    }

    /// Every slot, as the screen shows it.
    pub fn letters(&self) -> &[char] {
        &self.letters
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// A character typed on the keyboard: a letter of the alphabet goes in at the cursor,
    /// which moves on (staying on the last slot); anything else is ignored, and so is a space
    /// in a high score's three letters (a replay's name may have words).
    pub fn type_char(&mut self, c: char) {
        let c = c.to_ascii_uppercase();
        if (c == ' ' && self.fill != ' ') || !NAME_ALPHABET.contains(c) {
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

    /// The whole name as shown, less blank slots at its end: what finishing the entry saves.
    pub fn name(&self) -> String {
        let name: String = self.letters.iter().collect();
        if self.fill == ' ' {
            name.trim_end().to_string()
        } else {
            name
        }
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

    /// Scores are kept the moment they are made; the name entry only names them.
    mod kept {
        use super::super::{keep_scores, name_kept_score, NameDraft, PendingScore, UNNAMED};
        use skysweep::level::Difficulty;
        use skysweep::save::scores::ScoreTable;
        use skysweep::save::store::SaveFile;
        use skysweep::sim::Character;
        fn made(player: usize, score: u64) -> PendingScore {
            PendingScore {
                player,
                score,
                character: Character::Brass,
                stage: "Meadowvale".into(),
                difficulty: Difficulty::Hard,
                rules: String::new(),
                replay: String::new(),
            }
        }

        fn names(t: &ScoreTable) -> Vec<(String, u64)> {
            t.entries(Difficulty::Hard)
                .iter()
                .map(|e| (e.name.clone(), e.score))
                .collect()
        }

        #[test]
        fn a_score_is_in_the_table_before_it_is_named_and_naming_changes_only_its_name() {
            let mut t = ScoreTable::default();
            let pending = keep_scores(&mut t, vec![made(0, 900), made(1, 12_800), made(0, 0)]);
            assert_eq!(pending.len(), 2, "a score of 0 makes no table");
            // Written now: a game killed on the name entry still has both, unnamed.
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("scores.ron");
            t.save_to(&path).unwrap();
            assert_eq!(
                names(&ScoreTable::load_from(&path).0),
                [(UNNAMED.to_string(), 12_800), (UNNAMED.to_string(), 900)]
            );
            let mut draft = NameDraft::default();
            draft.type_char('j');
            draft.type_char('o');
            assert_eq!(name_kept_score(&mut t, &pending[0], &draft.name()), Some(1));
            assert_eq!(name_kept_score(&mut t, &pending[1], "ACE"), Some(0));
            assert_eq!(
                names(&t),
                [("ACE".to_string(), 12_800), ("JOA".to_string(), 900)]
            );
            let e = &t.entries(Difficulty::Hard)[1];
            assert_eq!(
                (e.character, e.stage.as_str()),
                (Character::Brass, "Meadowvale")
            );
        }

        #[test]
        fn a_score_left_on_the_name_entry_keeps_the_letters_typed_so_far() {
            let mut t = ScoreTable::default();
            let pending = keep_scores(&mut t, vec![made(0, 4200)]);
            let mut draft = NameDraft::default();
            draft.type_char('j');
            draft.type_char('o');
            name_kept_score(&mut t, &pending[0], &draft.name_so_far());
            assert_eq!(names(&t), [("JO".to_string(), 4200)]);
        }
    }

    #[test]
    fn a_replay_draft_can_start_on_a_name_already_given() {
        let d = NameDraft::replay_starting_as("pta");
        assert_eq!(d.name(), "PTA");
        assert_eq!(d.name_so_far(), "PTA", "every letter counts as chosen");
        assert_eq!(d.pos(), 0);
        assert_eq!(
            NameDraft::replay_starting_as("A#B").name(),
            "AB",
            "letters it cannot hold go"
        );
        let long = "X".repeat(REPLAY_NAME_LEN + 2);
        let d = NameDraft::replay_starting_as(&long);
        assert_eq!(d.name(), "X".repeat(REPLAY_NAME_LEN));
    }

    #[test]
    fn a_replay_name_takes_twelve_letters_and_words() {
        let mut d = NameDraft::replay_starting_as("");
        "review".chars().for_each(|c| d.type_char(c));
        assert_eq!(d.name(), "REVIEW", "not REW, and no padding");
        " run two and more".chars().for_each(|c| d.type_char(c));
        assert_eq!(d.name().len(), REPLAY_NAME_LEN);
        assert_eq!(
            d.name(),
            "REVIEW RUN E",
            "full: the last slot takes what follows"
        );
        assert_eq!(NameDraft::replay_starting_as("ace").name(), "ACE");
        assert_eq!(NameDraft::replay_starting_as("").name_so_far(), UNNAMED);
    }
}
