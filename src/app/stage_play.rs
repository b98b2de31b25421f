//! Stage play: a world stepped at 60 Hz with its players' inputs (keys and pads, the autoplay
//! bots, or a replay's recorded steps), and what follows a stage: the next stage, the next
//! loop, GAME OVER, or the end of a replay.

use std::sync::Arc;
use std::time::Instant;

use macroquad::prelude::*;

use skysweep::level::Level;
use skysweep::save::settings::ShotPulse;
use skysweep::sim::autoplay::Bot;
use skysweep::sim::stress::Stress;
use skysweep::sim::{Carry, Character, Input, World, WorldConfig};

use super::ctx::Ctx;
use super::ending::Ending;
use super::game_over::GameOver;
use super::menu_input::MenuInput;
use super::name_draft::PendingScore;
use super::notice::Notice;
use super::pause::Pause;
use super::player_record;
use super::practice::{self as tools, Jump, Practice, StepPlan};
use super::practice_session::{self, PracticeState, Session};

use super::keyboard;
use super::replay_controls::{self, ReplaySpeed};
use super::replay_end::ReplayEnded;
use super::scene::{Scene, StagePlace, Transition};
use crate::render::menus::ReplayEnd;
use crate::render::stage::{self, StageCard};
use crate::render::{debug_overlay, hud, practice, Layout};

pub struct StagePlay {
    world: World,
    bots: Vec<Option<Bot>>,
    place: StagePlace,
    /// This stage's recorded inputs when a replay plays, and the next step's index.
    replay: Option<(Vec<Vec<Input>>, usize)>,
    /// The practice toolbox: slow motion, freeze, rewind, marker jumps.
    practice: Practice,
    /// `--stress`: the bullets kept on the playfield.
    stress: Option<Stress>,
    /// How fast a replay plays: x1, x2 or x4.
    speed: ReplaySpeed,
    /// Each player's shot key turned into the shot bit (auto-fire, rapid fire).
    shot_pulse: [ShotPulse; 2],
}

/// Seconds ahead the spawn preview looks.
const PREVIEW_S: f32 = 3.0;

impl StagePlay {
    /// Starts stage `index` of the run for `characters`, on loop `loop_index`.
    pub fn start(
        ctx: &mut Ctx,
        index: usize,
        loop_index: u32,
        characters: Vec<Character>,
    ) -> Transition {
        let (path, level) = match ctx.run.level(index) {
            Ok(found) => found,
            Err(e) => {
                // A broken shipped stage should not end the game: say so and play one that
                // loaded (in the whole game, the one just played: see `Run::level`).
                eprintln!("{e}");
                ctx.message = Some(Notice::level_errors(
                    "LEVEL ERROR",
                    &e,
                    "The last stage that loaded plays instead.",
                ));
                match ctx.run.levels.iter().next() {
                    Some((p, l)) => (p.clone(), l.clone()),
                    None => {
                        // No stage to go on to: a recording handed on ends here, saved.
                        ctx.run.end_recording();
                        return Transition::Stay;
                    }
                }
            }
        };
        let first = index == 0 && loop_index == ctx.run.base_config.loop_index;
        // A replay's stage starts where and on the loop it was recorded, with its own inputs.
        let recorded = ctx.run.replay.as_ref().and_then(|r| r.stages.get(index));
        let (start_at, loop_index) = match recorded {
            Some(r) => (r.start_at, r.loop_index),
            None if first => (ctx.run.base_config.start_at, loop_index),
            None => (0.0, loop_index),
        };
        let replay = recorded.map(|r| r.steps().collect());
        let power = ctx.run.base_config.start_power;
        if first {
            // A practice run starts (and restarts) with the chosen lives, bombs and power.
            Session::arm(ctx, characters.len());
        }
        if ctx.run.is_campaign() && ctx.run.replay.is_none() {
            let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
            PracticeState::reached(ctx, file.as_deref().unwrap_or(""));
        }
        let place = StagePlace {
            index,
            loop_index,
            characters,
        };
        let scene = Self::begin(ctx, level, place, start_at, power, first, replay);
        ctx.run.watch(&path);
        Transition::switch(scene)
    }

    /// Starts the stage at `place` again from its beginning; a replay starts again from its
    /// first stage, since later stages depend on what the ones before them carry over.
    pub fn restart(ctx: &mut Ctx, place: &StagePlace) -> Transition {
        // A restarted stage begins without what the players carried into it, so the run's
        // recording cannot go on through it: it ends here, saved, and is not started again.
        ctx.run.end_recording();
        let c = place.characters.clone();
        if ctx.run.replay.is_some() {
            Self::start(ctx, 0, 0, c)
        } else {
            Self::start(ctx, place.index, place.loop_index, c)
        }
    }

    /// Puts `level` in play at `start_at` seconds. `first` starts a run (and its recording,
    /// with `--record`); `replay` holds the stage's recorded inputs when a replay plays.
    fn begin(
        ctx: &mut Ctx,
        level: Arc<Level>,
        place: StagePlace,
        start_at: f32,
        power: u8,
        first: bool,
        replay: Option<Vec<Vec<Input>>>,
    ) -> StagePlay {
        let config = WorldConfig {
            characters: place.characters.clone(),
            loop_index: place.loop_index,
            start_at,
            start_power: power,
            carry: std::mem::take(&mut ctx.run.carry),
            ..ctx.run.base_config.clone()
        };
        // The run's recording: carried on from the stage just cleared, or begun with the run.
        match &mut ctx.run.recording {
            Some(r) => r.replay.begin_stage(&level, &config),
            // A stress test's run is no one's to keep.
            None if first && ctx.cli.stress.is_none() => ctx.run.begin_recording(&level, &config),
            None => {}
        }
        let pilot = ctx.cli.run.pilot();
        let bots = (0..place.characters.len())
            .map(|i| pilot.map(|skill| Bot::for_run(skill, config.seed, i)))
            .collect();
        ctx.audio.music(&level.music);
        ctx.renderer.effects.clear();
        // What the stage before (or the ending) drew from is let go here, so memory holds one
        // stage's images at a time however long the game runs.
        let bg = &level.background;
        let mut keep: Vec<&str> = vec![bg.ground.as_str()];
        keep.extend(bg.layers.iter().map(|l| l.image.as_str()));
        ctx.renderer.assets.release_textures_except(&keep);
        let level = match ctx.cli.stress {
            Some(n) => Stress::level_for(level, n),
            None => level,
        };
        let mut world = World::new(level, config);
        let stress = ctx.cli.stress.map(|n| Stress::fill(&mut world, n));
        StagePlay {
            world,
            bots,
            place,
            replay: replay.map(|steps| (steps, 0)),
            practice: Practice::new(),
            stress,
            speed: ReplaySpeed::default(),
            shot_pulse: Default::default(),
        }
    }

    /// Each player's input for this step: recorded, decided by a bot, or read from the keys
    /// (with taps since the last step) and pads.
    fn read_inputs(&mut self, ctx: &mut Ctx) -> Vec<Input> {
        (0..self.world.players().len())
            .map(|i| {
                if let Some((steps, cursor)) = &self.replay {
                    return steps
                        .get(*cursor)
                        .and_then(|v| v.get(i).copied())
                        .unwrap_or_default();
                }
                if let Some(bot) = &mut self.bots[i] {
                    return bot.decide(&self.world, i);
                }
                // A tap counts as held for the first step after it.
                let tap = std::mem::take(&mut ctx.taps[i]);
                let keys = keyboard::read(&ctx.config.keys[i], is_key_down).or(tap);
                let mut input = match ctx.pads.input(i, &ctx.config.pad) {
                    Some(pad) => keys.or(pad),
                    None => keys,
                };
                // The shot options act here, on the way into the simulation, so the bit they
                // give is what a recording keeps. A continue on offer takes the key itself.
                let offered = self.world.players()[i].continue_steps.is_some();
                input.shot = self.shot_pulse[i].shot(ctx.config.shot, input.shot, offered);
                input
            })
            .collect()
    }

    /// What follows a step in which the stage was cleared.
    fn cleared(&mut self, ctx: &mut Ctx) -> Transition {
        let StagePlace {
            index,
            loop_index,
            characters,
        } = self.place.clone();
        player_record::stage_ended(ctx, &self.world, self.counts_for_record());
        // A single stage (an author's level played by hand) ends here, scores first; a replay
        // reaches here only with another recorded stage to play.
        let single = ctx.run.is_custom()
            || ctx.cli.run.level.is_some()
                && ctx.run.replay.is_none()
                && ctx.cli.run.pilot().is_none();
        if single {
            ctx.run.end_recording();
            let pending = self.pending_scores(ctx);
            return GameOver::after(ctx, pending);
        }
        ctx.run.carry = self.world.players().iter().map(Carry::of).collect();
        // The recording goes on into the next stage; it is written now so the file holds
        // every cleared stage even if the next one is never saved.
        ctx.run.checkpoint_recording();
        if index + 1 < ctx.run.stages.len() {
            Self::start(ctx, index + 1, loop_index, characters)
        } else if ctx.run.is_campaign() {
            // The final boss has fallen: the ending, then round again, harder.
            player_record::game_cleared(ctx, &self.world, &characters, self.counts_for_record());
            let next = StagePlace {
                index: 0,
                loop_index: loop_index + 1,
                characters,
            };
            Transition::switch(Ending::new(ctx, next))
        } else {
            // The last stage of an author's run or a replay cleared: round again, harder.
            Self::start(ctx, 0, loop_index + 1, characters)
        }
    }

    /// Whether this play adds to the player's record: not a replay, nor a bot's flying.
    fn counts_for_record(&self) -> bool {
        self.replay.is_none() && self.bots.iter().all(Option::is_none)
    }

    /// The HUD's HI SCORE: the table's best, passed by this run's score only when the run can
    /// enter the table (a custom stage or a replay climbing it would show a record that is
    /// not one).
    fn hi_score(&self, ctx: &Ctx) -> u64 {
        let counts = self.unranked(ctx).is_none();
        ctx.hi_score(counts.then(|| self.world.best_player_score()))
    }

    /// Why this run does not enter the high-score table, if it does not: practice (started
    /// part-way, at a chosen power, on an author's level, or from PRACTICE), a practice tool
    /// used, invincibility, a bot or a replay.
    fn unranked(&self, ctx: &Ctx) -> Option<&'static str> {
        let run = &ctx.cli.run;
        let practice =
            run.at.is_some() || run.power.is_some() || run.level.is_some() || ctx.run.is_custom();
        if self.replay.is_some() {
            Some("a replay")
        } else if ctx.run.is_extra() {
            // Issue #31: one stage is no whole game; its best goes to the player's record.
            Some("the Extra stage")
        } else if self.bots.iter().any(Option::is_some) {
            Some("the autopilot played")
        } else if practice || ctx.practice.session.is_some() {
            Some("a practice run")
        } else if self.world.config().invincible {
            Some("invincibility was on")
        } else if self.practice.used() {
            Some("a practice tool was used")
        } else {
            None
        }
    }

    /// Players' scores that make the table, unless the run does not count ([`Self::unranked`]).
    fn pending_scores(&self, ctx: &Ctx) -> Vec<PendingScore> {
        if self.unranked(ctx).is_some() {
            return Vec::new();
        }
        let d = self.world.config().difficulty;
        let mut table = ctx.scores.clone();
        self.world
            .players()
            .iter()
            .filter_map(|p| {
                let pending = PendingScore {
                    player: p.index,
                    score: p.score,
                    character: p.character,
                    stage: self.world.level().name.clone(),
                    difficulty: d,
                    rules: self.world.config().arcade.tag(),
                };
                table
                    .insert(d, pending.entry(super::name_draft::UNNAMED.into()))
                    .map(|_| pending)
            })
            .collect()
    }

    /// Whether the timeline and the spawn preview show: in practice runs (a chosen stage,
    /// start, power or invincibility) and once any practice tool has been used.
    fn shows_tools(&self, ctx: &Ctx) -> bool {
        let run = &ctx.cli.run;
        self.practice.used()
            || ctx.practice.session.is_some()
            || run.level.is_some()
            || run.at.is_some()
            || run.power.is_some()
            || run.invincible
    }

    /// Starts this stage again at the marker `jump` names, keeping the pilots' power and the
    /// toolbox's settings.
    fn jump(&mut self, ctx: &mut Ctx, jump: Jump) -> Transition {
        let mut markers: Vec<f32> = self.world.level().markers.values().copied().collect();
        markers.push(0.0);
        let Some(at) = tools::marker_target(&markers, self.world.stage_time(), jump) else {
            return Transition::Stay;
        };
        let power = self
            .world
            .players()
            .iter()
            .map(|p| p.power)
            .max()
            .unwrap_or(1);
        let level = self.world.level().clone();
        let mut next = Self::begin(ctx, level, self.place.clone(), at, power, false, None);
        next.practice = self.practice.restarted();
        Transition::switch(next)
    }

    /// Checked playback: where the world, `played` steps into this replayed stage, differs
    /// from the checkpoint recorded at that step, in words (stage and time).
    fn desynced(&self, ctx: &Ctx, played: usize) -> Option<String> {
        let replay = ctx.run.replay.as_ref()?;
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

    fn scores(&self) -> Vec<u64> {
        self.world.players().iter().map(|p| p.score).collect()
    }
}

impl StagePlay {
    /// One step of the world: input, update, collide, and what follows.
    fn step_once(&mut self, ctx: &mut Ctx) -> Transition {
        match self.practice.plan() {
            StepPlan::Play => {}
            StepPlan::Hold => return Transition::Stay,
            StepPlan::Rewind(steps) => {
                let back = self.practice.rewind(&mut self.world, steps);
                if let Some((_, cursor)) = &mut self.replay {
                    *cursor -= back as usize;
                }
                return Transition::Stay;
            }
        }
        // 2. Input, read right before the step so it acts in this step.
        let inputs = self.read_inputs(ctx);
        self.practice.record(&self.world, &inputs);
        // 3. Scene update, then 4. collide.
        let continues = self.world.stats().continues;
        let t0 = Instant::now();
        if let Some(s) = &mut self.stress {
            s.top_up(&mut self.world);
        }
        self.world.update(&inputs);
        let t1 = Instant::now();
        self.world.collide();
        let t2 = Instant::now();
        ctx.times.step_us += (t1 - t0).as_secs_f64() * 1e6;
        ctx.times.collide_us += (t2 - t1).as_secs_f64() * 1e6;
        // Recorded after the step, with the state it left for the replay's checkpoints.
        if let Some(r) = &mut ctx.run.recording {
            r.record(&inputs, &self.world);
        }
        let played = self.replay.as_mut().map(|(_, cursor)| {
            *cursor += 1;
            *cursor
        });
        if let Some(played) = played {
            if let Some(why) = self.desynced(ctx, played) {
                ctx.audio.stop_music();
                ctx.message = Some(Notice::lasting("REPLAY DESYNCED", why));
                let stage = self.world.level().name.clone();
                return Transition::switch(ReplayEnded::new(
                    self.scores(),
                    stage,
                    ReplayEnd::Stopped,
                ));
            }
        }
        player_record::step(ctx, &self.world, continues, self.counts_for_record());
        let w = &self.world;
        ctx.renderer.effects.absorb(w.events(), w.scroll_offset());
        ctx.renderer
            .effects
            .step(w.scroll_speed(), w.scroll_offset());
        ctx.audio.react(w.events(), &w.level().boss_music);
        if let Some(t) = practice_session::after_step(ctx, w, &self.place) {
            return t;
        }
        // A cleared stage with another recorded after it goes on to that one, through the
        // same stage-clear transition as live play.
        let next_recorded = ctx
            .run
            .replay
            .as_ref()
            .is_some_and(|r| self.place.index + 1 < r.stages.len());
        let replay_end = self
            .replay
            .as_ref()
            .and_then(|(r, c)| replay_end(*c >= r.len(), w.cleared(), w.game_over()))
            .filter(|how| !(*how == ReplayEnd::Cleared && next_recorded));
        if let Some(how) = replay_end {
            ctx.audio.stop_music();
            let stage = w.level().name.clone();
            Transition::switch(ReplayEnded::new(self.scores(), stage, how))
        } else if w.cleared() {
            self.cleared(ctx)
        } else if w.game_over() {
            player_record::stage_ended(ctx, w, self.counts_for_record());
            let pending = self.pending_scores(ctx);
            if let Some(why) = self.unranked(ctx).filter(|_| self.practice.used()) {
                ctx.message = Some(Notice::brief(
                    "NOT RANKED",
                    format!("No high score: {why}."),
                ));
            }
            ctx.run.end_recording();
            ctx.audio.stop_music();
            let stage = w.level().name.clone();
            Transition::switch(GameOver::new(self.scores(), stage, pending))
        } else {
            Transition::Stay
        }
    }
}

impl Scene for StagePlay {
    fn entered(&mut self, ctx: &mut Ctx) {
        if ctx.cli.memory_log {
            log_memory(ctx, &self.place);
        }
    }

    fn frame(&mut self, ctx: &mut Ctx, m: &MenuInput) -> Transition {
        let counted = self.unranked(ctx).is_none();
        let jump = self.practice.read_keys();
        if counted && self.practice.used() {
            // The play-test found this silent: the player learns it the moment it happens.
            ctx.message = Some(Notice::brief(
                "PRACTICE TOOL USED",
                "This run no longer counts\nfor high scores.".into(),
            ));
        }
        if self.practice.changed_past() && ctx.run.recording.is_some() {
            // The world's past is no longer what was played: the recording ends here. Only a
            // `--record` file is written now; a replay kept for the run's end is not saved yet.
            ctx.run.end_recording();
            let text = match (ctx.run.records_to_file(), ctx.run.recording_failed) {
                (true, false) => {
                    "The recording ends here, saved:\nrewind and marker jumps\nare not recorded."
                }
                (true, true) => "The recording ends here,\nbut it could not be saved.",
                (false, _) => "The replay ends here:\nrewind and marker jumps\nare not recorded.",
            };
            ctx.message = Some(Notice::brief("PRACTICE", text.into()));
        }
        if let Some(jump) = jump {
            return self.jump(ctx, jump);
        }
        if self.replay.is_some() && is_key_pressed(replay_controls::KEY_FAST) {
            self.speed = self.speed.next();
        }
        if is_key_pressed(KeyCode::Escape) || m.start {
            let practice = ctx.practice.session.as_ref().map(|s| s.result(&self.world));
            Transition::push(Pause::new(self.place.clone(), practice))
        } else if is_key_pressed(KeyCode::R) && !ctx.config.r_is_bound() {
            Self::restart(ctx, &self.place)
        } else {
            Transition::Stay
        }
    }

    fn step(&mut self, ctx: &mut Ctx) -> Transition {
        // A replay fast-forwarded steps its world several times a step.
        let times = if self.replay.is_some() {
            self.speed.get()
        } else {
            1
        };
        for _ in 1..times {
            let t = self.step_once(ctx);
            if !t.is_stay() {
                return t;
            }
        }
        self.step_once(ctx)
    }

    fn draw(&self, ctx: &mut Ctx) {
        let source = std::path::Path::new(&self.world.level().source);
        let card = StageCard {
            number: if ctx.run.is_campaign() {
                self.place.index as u32 + 1
            } else if skysweep::level::is_extra_stage(source) {
                StageCard::EXTRA
            } else {
                stage::stage_number(&self.world.level().source)
            },
        };
        let (renderer, anim) = (&mut ctx.renderer, ctx.anim);
        let draw = || stage::draw(renderer, &self.world, card, anim);
        self.practice.draw_beside_snapshot(&self.world, draw);
        if self.shows_tools(ctx) {
            let upcoming = self.world.upcoming_spawns(PREVIEW_S);
            practice::draw_preview(&ctx.renderer, &self.world, &upcoming, PREVIEW_S);
        }
        let layout = Layout::for_screen(ctx.renderer.screen_size(), ctx.renderer.user_scale);
        if !layout.panels {
            let hi = self.hi_score(ctx);
            let marker = hud::replay_marker(self.replay.is_some(), ctx.anim);
            hud::draw_overlay(&ctx.renderer, &self.world, hi, marker);
        }
        if let Some((steps, played)) = &self.replay {
            let above = (!layout.panels).then_some(hud::OVERLAY_FOOT);
            replay_controls::draw_bar(&ctx.renderer, *played, steps.len(), self.speed, above);
        }
    }

    fn draw_panels(&self, ctx: &mut Ctx, layout: &Layout) {
        let w = &self.world;
        if layout.panels {
            let hi = self.hi_score(ctx);
            let marker = hud::replay_marker(self.replay.is_some(), ctx.anim);
            let tools = self.shows_tools(ctx);
            let keys = &ctx.config.keys;
            let end = hud::draw_panels(&ctx.renderer, w, hi, keys, layout, marker, tools);
            if tools {
                practice::draw_timeline(&ctx.renderer, w, layout, self.practice.status(), end);
            }
        }
        if ctx.debug {
            debug_overlay::draw_boxes(w, layout, ctx.shake);
            debug_overlay::draw_panel(&ctx.renderer, w, &ctx.times, &w.collider_stats(), layout);
        }
    }

    fn world(&self) -> Option<&World> {
        Some(&self.world)
    }

    fn is_play(&self) -> bool {
        true
    }

    /// Restarts on the new version at the current marker (or the same time), keeping the
    /// characters and their power.
    fn level_saved(&mut self, ctx: &mut Ctx, level: &Arc<Level>) -> Transition {
        let w = &self.world;
        let now = w.stage_time();
        let marker = level
            .markers
            .values()
            .copied()
            .filter(|t| *t <= now + 1e-3)
            .fold(None, |a: Option<f32>, t| Some(a.map_or(t, |a| a.max(t))));
        let start_at = marker.unwrap_or(now).min(level.length_s);
        let power = w.players().iter().map(|p| p.power).max().unwrap_or(1);
        if let Some(path) = ctx.run.stages.get(self.place.index).cloned() {
            ctx.run.levels.insert(path, level.clone());
        }
        eprintln!("reloaded {} at {start_at:.1} s", level.source);
        ctx.message = None;
        ctx.run.end_recording();
        let place = self.place.clone();
        let scene = Self::begin(ctx, level.clone(), place, start_at, power, false, None);
        Transition::switch(scene)
    }
}

/// One `--memory-log` line: where the run is, how much memory the process holds as a stage
/// starts (the stage before freed and given back), and how many images it holds. The first
/// stage of a loop is where the loop before it ended.
fn log_memory(ctx: &Ctx, place: &StagePlace) {
    let kib = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{:.1}", k as f64 / 1024.0));
    eprintln!(
        "memory: loop {} stage {} step {} rss {} MiB peak {} MiB images {}",
        place.loop_index + 1,
        place.index + 1,
        ctx.anim,
        kib(skysweep::platform::memory::rss_kib()),
        kib(skysweep::platform::memory::peak_rss_kib()),
        ctx.renderer.assets.textures_held(),
    );
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

#[cfg(test)]
mod tests {
    use super::{replay_end, ReplayEnd};

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
