//! What follows a step of play, in order: the replay's check against its recording, the
//! observers (the player's record, effects and sound), a practice run's count, and then the
//! stage's end: the next stage, the next loop, the ending, GAME OVER, a practice run's results
//! or the end of a replay.

use skysweep::save::score_replays;
use skysweep::sim::Carry;

use super::player_record;
use super::StagePlay;
use crate::app::ctx::Ctx;
use crate::app::practice::attack_results::{self, AttackResults};
use crate::app::practice::results::Results;
use crate::app::practice::results_card::Ending::Played;
use crate::app::practice::run::PracticeTally;
use crate::app::scene::Transition;
use crate::app::scenes::ending::Ending;
use crate::app::scenes::game_over::GameOver;
use crate::app::scenes::name_entry::draft::{keep_scores, PendingScore};
use crate::app::scenes::replay_end::ReplayEnded;
use crate::app::scenes::title::attract;
use crate::app::services::notice::Notice;
use crate::app::session::Session;
use crate::app::session::StagePlace;
use crate::render::menus::ReplayEnd;

impl StagePlay {
    /// What follows the step just taken; `continues` is the count before it.
    pub(super) fn after_step(
        &mut self,
        ctx: &mut Ctx,
        run: &mut Session,
        continues: u32,
    ) -> Transition {
        if let Some(played) = self.input.advance() {
            if let Some(why) = self.desynced(run, played) {
                ctx.audio_mut().stop_music();
                ctx.notices_mut()
                    .post(Notice::lasting("REPLAY DESYNCED", why));
                return self.replay_ended(ctx, run, ReplayEnd::Stopped);
            }
        }
        // What the record keeps is the run's kind's rule: replays and the bots' runs keep nothing.
        player_record::step(ctx, self.rules().record, &self.world, continues);
        let stage_file = || run.stage_file(self.place.index);
        player_record::attacks_met(ctx, self.rules().meets_attacks, stage_file, &self.world);
        let w = &self.world;
        ctx.renderer_mut()
            .effects
            .absorb(w.events(), w.scroll_offset());
        ctx.renderer_mut().effects.watch(w);
        ctx.renderer_mut()
            .effects
            .step(w.scroll_speed(), w.scroll_offset());
        ctx.audio_mut().react(w.events(), &w.level().boss_music);
        let titles = ctx.shipped().catalog().music_titles();
        let boss_music = &w.level().boss_music;
        (self.music_banner).after_step(w.events(), boss_music, titles, w.frame());
        if let Some(t) = self.practice_tally(ctx, run) {
            return t;
        }
        // The title's demo ends on its own: back to the title, with no card and no score.
        if self.rules().ends_on_any_input {
            self.demo_steps += 1;
            if attract::demo_over(self.demo_steps, w.cleared(), w.game_over()) {
                return Transition::ToTitle;
            }
        }
        // A cleared stage with another recorded after it goes on to that one, through the
        // same stage-clear transition as live play.
        let next_recorded = run.replay_goes_on_after(self.place.index);
        let replay_end = self
            .input
            .is_replay()
            .then(|| replay_end(self.input.used_up(), w.cleared(), w.game_over()))
            .flatten()
            .filter(|how| !(*how == ReplayEnd::Cleared && next_recorded));
        if let Some(how) = replay_end {
            self.replay_ended(ctx, run, how)
        } else if w.cleared() {
            self.cleared(ctx, run)
        } else if w.game_over() {
            self.game_over(ctx, run)
        } else {
            Transition::Stay
        }
    }

    /// A practice run from PRACTICE: its results once cleared or lost, or a restart at the
    /// chosen start after a death with AUTO-RESTART on. `None` outside such a run.
    fn practice_tally(&self, ctx: &mut Ctx, run: &mut Session) -> Option<Transition> {
        let practice = run.practice_mut()?;
        match practice.tally(&self.world) {
            PracticeTally::Playing => None,
            PracticeTally::Ended(result) => {
                ctx.audio_mut().stop_music();
                let (place, invincible) = (self.place.clone(), self.invincible());
                let results = Results::card(ctx, run, result, place, invincible, Played);
                Some(Transition::switch(results))
            }
            PracticeTally::AttackBegan => {
                attack_results::try_begun(ctx, run, self.invincible());
                None
            }
            PracticeTally::AttackEnded(outcome) => {
                let (place, invincible) = (self.place.clone(), self.invincible());
                let card = AttackResults::card(ctx, run, outcome, place, invincible, Played);
                Some(Transition::switch(card))
            }
            PracticeTally::Restart { deaths } => {
                let start = practice.start_name();
                eprintln!("practice: auto-restart at {start} after {deaths} deaths");
                let text = auto_restart_text(&start, deaths);
                ctx.notices_mut()
                    .post(Notice::for_frames("AUTO-RESTART", text, 90));
                ctx.audio_mut().play("warning");
                Some(Transition::Restart(self.place.clone()))
            }
        }
    }

    /// Whether the players could not die in this run: its result is no mortal's.
    pub(super) fn invincible(&self) -> bool {
        self.world.config().invincible
    }

    fn replay_ended(&self, ctx: &mut Ctx, run: &Session, how: ReplayEnd) -> Transition {
        ctx.audio_mut().stop_music();
        let stage = self.world.level().name.clone();
        let back_to = run.back_to();
        Transition::switch(ReplayEnded::new(self.scores(), stage, how, back_to))
    }

    fn game_over(&mut self, ctx: &mut Ctx, run: &mut Session) -> Transition {
        let w = &self.world;
        player_record::stage_ended(ctx, self.rules().record, w);
        // The recording ends first: a score that enters the table keeps it as its replay.
        run.end_recording();
        let pending = self.pending_scores(ctx, run);
        if let Some(why) = self.unranked().filter(|_| self.practice.used()) {
            ctx.notices_mut().post(Notice::brief(
                "NOT RANKED",
                format!("No high score: {why}."),
            ));
        }
        ctx.audio_mut().stop_music();
        let stage = w.level().name.clone();
        Transition::switch(GameOver::new(self.scores(), stage, pending))
    }

    /// What follows a step in which the stage was cleared.
    fn cleared(&mut self, ctx: &mut Ctx, run: &mut Session) -> Transition {
        let StagePlace {
            index,
            loop_index,
            characters,
        } = self.place.clone();
        player_record::stage_ended(ctx, self.rules().record, &self.world);
        // A stage played alone by a player (an author's, a custom one, the Extra stage) ends
        // here, scores first; a replay reaches here only with another recorded stage to play.
        let single = !run.is_campaign() && run.replay().is_none() && run.bot().is_none();
        if single {
            run.end_recording();
            let pending = self.pending_scores(ctx, run);
            return GameOver::after(ctx, pending);
        }
        run.carry_forward(self.world.players().iter().map(Carry::of).collect());
        // The recording goes on into the next stage; it is written now so the file holds
        // every cleared stage even if the next one is never saved.
        run.checkpoint_recording();
        if index + 1 < run.stage_count() {
            let next = StagePlace {
                index: index + 1,
                loop_index,
                characters,
            };
            Self::start(ctx, run, next)
        } else if run.is_campaign() {
            // The final boss has fallen: the ending, then round again, harder.
            if self.rules().unlocks {
                player_record::game_cleared(ctx, &self.world, &characters);
            }
            let next = StagePlace {
                index: 0,
                loop_index: loop_index + 1,
                characters,
            };
            Transition::switch(Ending::new(ctx, next))
        } else {
            // The last stage of a replay or of the autopilot's run cleared: round again, harder.
            let next = StagePlace {
                index: 0,
                loop_index: loop_index + 1,
                characters,
            };
            Self::start(ctx, run, next)
        }
    }

    /// Players' scores that make the table, unless the run does not count
    /// ([`StagePlay::unranked`]): written now, unnamed, with the run's replay kept beside the
    /// table (see [`score_replays`]), and returned to be named.
    fn pending_scores(&self, ctx: &mut Ctx, run: &Session) -> Vec<PendingScore> {
        if self.unranked().is_some() {
            return Vec::new();
        }
        let mut made: Vec<PendingScore> = self
            .world
            .players()
            .iter()
            .map(|p| PendingScore {
                player: p.index,
                score: p.score,
                character: p.character,
                stage: self.world.level().name.clone(),
                difficulty: self.world.config().difficulty,
                rules: self.world.config().arcade.tag(),
                replay: String::new(),
            })
            .collect();
        let ranks = made
            .iter()
            .any(|p| ctx.scores().rank_for(p.difficulty, p.score).is_some());
        let dir = score_replays::folder();
        let kept = match (&dir, run.finished_replay()) {
            (Some(dir), Some(replay)) if ranks => keep_score_replay(ctx, dir, replay, &made),
            _ => None,
        };
        for p in &mut made {
            p.replay = kept.clone().unwrap_or_default();
        }
        let before = ctx.scores().clone();
        let pending = keep_scores(ctx.scores_mut(), made);
        if !pending.is_empty() {
            ctx.save_scores();
        }
        // Only once the table is written: a crash before leaves a spare file, never a score
        // naming a replay that is gone.
        if let Some(dir) = &dir {
            score_replays::tidy(dir, &before, ctx.scores(), kept.as_deref());
        }
        pending
    }

    /// Checked playback: where the world, `played` steps into this replayed stage, differs
    /// from the checkpoint recorded at that step, in words (stage and time).
    fn desynced(&self, run: &Session, played: usize) -> Option<String> {
        let replay = run.replay()?;
        let record = replay.stages.get(self.place.index)?;
        let step = u32::try_from(played).ok()?;
        let at = record
            .checkpoints
            .binary_search_by_key(&step, |c| c.0)
            .ok()?;
        let played_hash = format!("{:016x}", self.world.state_hash());
        let recorded = &record.checkpoints[at].1;
        (played_hash != *recorded).then(|| {
            let s = step / 60;
            format!(
                "Stage {} of {} ({}) at {}:{:02}: the recorded state is {recorded}, playing gave {played_hash}.",
                self.place.index + 1,
                replay.stages.len(),
                record.level,
                s / 60,
                s % 60
            )
        })
    }
}

/// Writes the run's `replay` into `dir` for the best of `made`; `None`, said on screen, when
/// it cannot be written (the score is kept all the same).
fn keep_score_replay(
    ctx: &mut Ctx,
    dir: &std::path::Path,
    replay: &skysweep::sim::replay::Replay,
    made: &[PendingScore],
) -> Option<String> {
    let best = made.iter().max_by_key(|p| p.score)?;
    match score_replays::keep(dir, replay, best.difficulty, best.score) {
        Ok(name) => Some(name),
        Err(e) => {
            eprintln!("warning: the high score's replay was not kept: {e}");
            ctx.mark_save_failed();
            ctx.notices_mut()
                .post(Notice::brief("REPLAY NOT KEPT", e.to_string()));
            None
        }
    }
}

/// Whether a replay in play ends after this step, and how its recorded run ended. Clearing
/// or losing ends the recording too, so those are told apart from inputs simply running out.
fn replay_end(inputs_used_up: bool, cleared: bool, game_over: bool) -> Option<ReplayEnd> {
    if cleared {
        Some(ReplayEnd::Cleared)
    } else if game_over {
        Some(ReplayEnd::GameOver)
    } else if inputs_used_up {
        Some(ReplayEnd::Stopped)
    } else {
        None
    }
}

/// The AUTO-RESTART notice's words, in capitals like the rest of the interface: where play
/// starts again and the deaths so far.
fn auto_restart_text(start: &str, deaths: u32) -> String {
    format!("BACK TO {}\nDEATHS: {deaths}", start.to_uppercase())
}

#[cfg(test)]
mod tests {
    use super::{auto_restart_text, replay_end, ReplayEnd};

    #[test]
    fn the_auto_restart_notice_is_in_capitals() {
        let text = auto_restart_text("Boss", 3);
        assert_eq!(text, "BACK TO BOSS\nDEATHS: 3");
        assert!(!text.chars().any(char::is_lowercase), "{text}");
    }

    #[test]
    fn a_replay_ends_as_a_replay_however_its_run_ended() {
        assert_eq!(replay_end(false, false, false), None);
        assert_eq!(replay_end(true, false, false), Some(ReplayEnd::Stopped));
        // The last recorded step is the one that cleared or lost, so both hold at once.
        assert_eq!(replay_end(true, true, false), Some(ReplayEnd::Cleared));
        assert_eq!(replay_end(true, false, true), Some(ReplayEnd::GameOver));
        // A replay that drifts out of step can end early; it still ends as a replay.
        assert_eq!(replay_end(false, false, true), Some(ReplayEnd::GameOver));
        assert_eq!(replay_end(false, true, false), Some(ReplayEnd::Cleared));
    }
}
