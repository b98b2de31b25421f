//! Name entry for new high scores, one player after another; then the table, highlighted.

use macroquad::prelude::*;

use skysweep::sim::{Character, Difficulty};

use super::ctx::Ctx;
use super::high_scores::HighScores;
use super::menu_input::MenuInput;
use super::name_draft::{NameDraft, TypingGate, UNNAMED};
use super::scene::{Scene, Transition};
use crate::render::menus;
use skysweep::save::pad::PadButton;
use skysweep::save::scores::{self, ScoreTable};

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

/// The first pending score is being named; the others wait their turn.
pub struct NameEntry {
    pending: Vec<PendingScore>,
    draft: NameDraft,
    gate: TypingGate,
}

impl NameEntry {
    /// Opens the name entry for the first of `pending`, with only what is typed from now on.
    pub fn new(pending: Vec<PendingScore>) -> NameEntry {
        // macroquad keeps every character typed since the game began (shot and movement keys
        // included) until read: drop them. Keys still held go on repeating; the gate drops those.
        while get_char_pressed().is_some() {}
        NameEntry {
            pending,
            draft: NameDraft::default(),
            gate: TypingGate::opened_with(get_keys_down()),
        }
    }
}

impl Scene for NameEntry {
    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        // Letters typed on the keyboard go straight in, so only arrows, Enter and Backspace
        // steer here (WASD, Z and X would collide with typing).
        let draft = &mut self.draft;
        self.gate
            .typed(&get_keys_down(), std::iter::from_fn(get_char_pressed))
            .into_iter()
            .for_each(|c| draft.type_char(c));
        let pad = |b: PadButton| m.pad(b, None);
        let up = is_key_pressed(KeyCode::Up) || pad(PadButton::DPadUp);
        let down = is_key_pressed(KeyCode::Down) || pad(PadButton::DPadDown);
        let left = is_key_pressed(KeyCode::Left)
            || is_key_pressed(KeyCode::Backspace)
            || pad(PadButton::DPadLeft)
            || pad(PadButton::East);
        let right =
            is_key_pressed(KeyCode::Right) || pad(PadButton::DPadRight) || pad(PadButton::South);
        let mut done = is_key_pressed(KeyCode::Enter) || pad(PadButton::Start);
        if up {
            draft.step_letter(true);
        }
        if down {
            draft.step_letter(false);
        }
        if right {
            done |= draft.right();
        }
        if left {
            draft.left();
        }
        if !done || self.pending.is_empty() {
            return Transition::Stay;
        }
        let mut rest = std::mem::take(&mut self.pending);
        let first = rest.remove(0);
        let rank = ctx
            .scores
            .insert(first.difficulty, first.entry(draft.name()));
        ctx.save_scores();
        ctx.audio.play("menu_select");
        if rest.is_empty() {
            Transition::switch(HighScores::new(first.difficulty, rank))
        } else {
            Transition::switch(NameEntry::new(rest))
        }
    }

    fn draw(&self, ctx: &mut Ctx) {
        if let Some(p) = self.pending.first() {
            let rank = ctx.scores.rank_for(p.difficulty, p.score).unwrap_or(0);
            menus::name_entry(
                &mut ctx.renderer,
                p.player,
                p.score,
                rank,
                self.draft.letters(),
                self.draft.pos(),
                ctx.anim,
            );
        }
    }

    /// The window closed while naming: the score keeps the letters chosen so far.
    fn on_exit(&mut self, ctx: &mut Ctx) {
        if keep_waiting_scores(&mut ctx.scores, &self.pending, Some(&self.draft)) {
            ctx.save_scores();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{keep_waiting_scores, NameDraft, PendingScore, ScoreTable, UNNAMED};
    use skysweep::sim::{Character, Difficulty};

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
