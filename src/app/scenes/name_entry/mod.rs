//! Name entry for new high scores, one player after another; then the table, highlighted.
//! The scores are in the table already (kept under a stand-in name when they were made): the
//! entry only names them. The name being typed, and the scores kept until they are named,
//! are `draft`'s, which the replay offer types its name with too.

pub mod draft;

use macroquad::prelude::*;

use super::high_scores::HighScores;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::render::menus;
use draft::{name_kept_score, NameDraft, PendingScore, TypingGate};

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
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        let done = draft::edit(&mut self.draft, &mut self.gate, m);
        if !done || self.pending.is_empty() {
            return Transition::Stay;
        }
        let mut rest = std::mem::take(&mut self.pending);
        let first = rest.remove(0);
        let rank = name_kept_score(ctx.scores_mut(), &first, &self.draft.name());
        // The run's replay offer starts on the name just given.
        if let Some(run) = run {
            run.name_score(self.draft.name());
        }
        ctx.save_scores();
        ctx.audio_mut().play("menu_select");
        if rest.is_empty() {
            Transition::switch(HighScores::new(first.difficulty, rank))
        } else {
            Transition::switch(NameEntry::new(rest))
        }
    }

    fn draw(&self, draw: &mut Draw) {
        if let Some(p) = self.pending.first() {
            let rank = draw.scores.rank_of(p.difficulty, &p.kept()).unwrap_or(0);
            menus::name_entry(
                draw.renderer,
                p.player,
                p.score,
                rank,
                self.draft.letters(),
                self.draft.pos(),
                draw.anim,
            );
        }
    }

    /// The window closed while naming: the score, kept already, takes the letters chosen so
    /// far; the scores after it stay unnamed.
    fn on_exit(&mut self, ctx: &mut Ctx, _run: &mut RunSlot) {
        let Some(first) = self.pending.first() else {
            return;
        };
        let name = self.draft.name_so_far();
        if name != draft::UNNAMED && name_kept_score(ctx.scores_mut(), first, &name).is_some() {
            ctx.save_scores();
        }
    }
}
