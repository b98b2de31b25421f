//! Stage play: a world stepped at 60 Hz from an input source (the players, the built-in pilots
//! or a replay), handed the run in play by the router. What the run may do comes from its kind
//! (the library's rules table). Beside it: the players', bots' or replay's inputs for each
//! step (`inputs`), what follows a step (`after_step`), the music's title as it starts
//! (`music_banner`) and what play adds to the player's record (`player_record`).

mod after_step;
mod inputs;
mod music_banner;
pub mod player_record;

use std::sync::Arc;
use std::time::Instant;

use macroquad::prelude::*;

use skysweep::level::Level;
use skysweep::run::{Rules, RunKind};
use skysweep::sim::bots::autoplay::Bot;
use skysweep::sim::stress::Stress;
use skysweep::sim::{Input, World};

use super::pause::{Pause, Watching};
use super::title::attract;
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::practice::tools::{self as tools, Jump, Practice, StepPlan, ToolKeys};
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::Notice;
use crate::app::session::replay_speed;
use crate::app::session::Session;
use crate::app::session::StagePlace;
use crate::render::hud::beside::{self, ReplayProgress, Spot};
use crate::render::stage::{self, StageCard};
use crate::render::{debug_overlay, hud, practice, Layout};
use inputs::InputSource;
use music_banner::MusicBanner;

pub struct StagePlay {
    world: World,
    input: InputSource,
    place: StagePlace,
    /// What this kind of run may do.
    kind: RunKind,
    /// The practice toolbox: slow motion, freeze, rewind, marker jumps.
    practice: Practice,
    /// `--stress`: the bullets kept on the playfield.
    stress: Option<Stress>,
    /// The stage's number on its card, in the run's order.
    card: StageCard,
    /// The title of the music playing, shown as it starts: the stage's, then the boss's.
    music_banner: MusicBanner,
    /// Steps the demo has played.
    demo_steps: u32,
}

/// Seconds ahead the spawn preview looks.
const PREVIEW_S: f32 = 3.0;

impl StagePlay {
    /// Starts the stage at `place` of `run`.
    pub fn start(ctx: &mut Ctx, run: &mut Session, place: StagePlace) -> Transition {
        let (path, level) = match run.level(place.index) {
            Ok(found) => found,
            Err(e) => {
                // A broken shipped stage should not end the game: say so and play one that
                // loaded (in the whole game, the one just played: see `Session::level`).
                eprintln!("{e}");
                ctx.notices_mut().post(Notice::level_errors(
                    "LEVEL ERROR",
                    &e,
                    "The last stage that loaded plays instead.",
                ));
                match run.any_loaded() {
                    Some(found) => found,
                    None => {
                        // No stage to go on to: a recording handed on ends here, saved.
                        run.end_recording();
                        return Transition::Stay;
                    }
                }
            }
        };
        let first = run.is_first(place.index, place.loop_index);
        // A replay's stage starts where and on the loop it was recorded, with its own inputs.
        let (start_at, loop_index, steps) = run.stage_start(place.index, place.loop_index);
        if first {
            // A practice run starts (and restarts) with the chosen lives, bombs and power; a
            // boss attack's with a new try.
            if let Some(p) = run.practice_mut() {
                p.attack_restarted();
                let carry = p.carry(place.characters.len());
                run.carry_forward(carry);
            }
        }
        if run.reaches_stages() {
            let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
            if ctx
                .practice_record_mut()
                .reach(file.as_deref().unwrap_or(""))
            {
                ctx.save_practice_record();
            }
        }
        let place = StagePlace {
            loop_index,
            ..place
        };
        let power = run.base().start_power;
        let scene = Self::begin(ctx, run, level, place, start_at, power, first, steps);
        run.watch(&path);
        Transition::switch(scene)
    }

    /// Starts the stage at `place` again from its beginning; a replay's, with what its
    /// recorded stages before it carry (see [`Session::replay_from`]).
    pub fn restart(ctx: &mut Ctx, run: &mut Session, place: &StagePlace) -> Transition {
        // A restarted stage begins without what the players carried into it, so the run's
        // recording cannot go on through it: it ends here, saved, and is not started again.
        run.end_recording();
        if let Err(why) = run.replay_from(place.index) {
            ctx.notices_mut()
                .post(Notice::brief("CANNOT RESTART THERE", why));
            return Transition::Stay;
        }
        Self::start(ctx, run, place.clone())
    }

    /// Puts `level` in play at `start_at` seconds. `first` starts a run (and its recording);
    /// `steps` are the stage's recorded inputs when a replay plays.
    #[allow(clippy::too_many_arguments)]
    fn begin(
        ctx: &mut Ctx,
        run: &mut Session,
        level: Arc<Level>,
        place: StagePlace,
        start_at: f32,
        power: u8,
        first: bool,
        steps: Option<Vec<Vec<Input>>>,
    ) -> StagePlay {
        let config = run.world_config(&place, start_at, power);
        // The run's recording: carried on from the stage just cleared, or begun with the run.
        if !run.recording_goes_on(&level, &config) && first {
            run.begin_recording(&level, &config);
        }
        let bots = run.bot().map(|skill| {
            (0..place.characters.len())
                .map(|i| Bot::for_run(skill, config.seed, i))
                .collect()
        });
        ctx.audio_mut().music(&level.music);
        ctx.renderer_mut().effects.clear();
        // What the stage before (or the ending) drew from is let go here, so memory holds one
        // stage's images at a time however long the game runs.
        let bg = &level.background;
        let mut keep: Vec<&str> = vec![bg.ground.as_str()];
        keep.extend(bg.layers.iter().map(|l| l.image.as_str()));
        ctx.renderer_mut().assets.release_textures_except(&keep);
        let card = StageCard::of(&level.source);
        let level = match run.stress() {
            Some(n) => Stress::level_for(level, n),
            None => level,
        };
        let mut world = World::new(level, config);
        let stress = run.stress().map(|n| Stress::fill(&mut world, n));
        // From the step the stage starts at: a practice run from a later section shows it too.
        let titles = ctx.shipped().catalog().music_titles();
        let music_banner = MusicBanner::new(&world.level().music, titles, world.frame());
        StagePlay {
            world,
            input: InputSource::new(steps, bots),
            place,
            kind: run.kind(),
            practice: Practice::new(run.rules().tools),
            stress,
            card,
            music_banner,
            demo_steps: 0,
        }
    }

    /// How far a replay has played, for its bar; `None` in live play.
    fn replay_progress(&self) -> Option<ReplayProgress> {
        let (played, total, speed) = self.input.replay_progress()?;
        Some(ReplayProgress {
            played,
            total,
            speed: speed.get(),
        })
    }

    fn rules(&self) -> Rules {
        self.kind.rules()
    }

    /// The HUD's HI SCORE: the table's best, passed by this run's score only when the run can
    /// enter the table (a custom stage or a replay climbing it would show a record that is
    /// not one).
    fn hi_score(&self, draw: &Draw) -> u64 {
        let counts = self.unranked().is_none();
        let playing = counts.then(|| self.world.best_player_score());
        draw.hi_score(self.world.config().difficulty, playing)
    }

    /// Why this run does not enter the high-score table, if it does not (see [`unranked`]).
    fn unranked(&self) -> Option<&'static str> {
        unranked(
            self.kind,
            self.world.config().invincible,
            self.practice.used(),
        )
    }

    /// Whether the timeline and the spawn preview show: in runs whose kind shows them, and
    /// once any practice tool has been used.
    fn shows_tools(&self) -> bool {
        self.rules().shows_timeline || self.practice.used()
    }

    /// Starts this stage again at the marker `jump` names, keeping the pilots' power and the
    /// toolbox's settings.
    fn jump(&mut self, ctx: &mut Ctx, run: &mut Session, jump: Jump) -> Transition {
        let mut markers: Vec<f32> = self.world.level().markers.values().copied().collect();
        markers.push(0.0);
        let Some(at) = tools::marker_target(&markers, self.world.stage_time(), jump) else {
            return Transition::Stay;
        };
        let power = self.max_power();
        let level = self.world.level().clone();
        if let Some(p) = run.practice_mut() {
            p.attack_restarted();
        }
        let mut next = Self::begin(ctx, run, level, self.place.clone(), at, power, false, None);
        next.practice = self.practice.restarted();
        Transition::switch(next)
    }

    fn max_power(&self) -> u8 {
        self.world
            .players()
            .iter()
            .map(|p| p.power)
            .max()
            .unwrap_or(1)
    }

    fn scores(&self) -> Vec<u64> {
        self.world.players().iter().map(|p| p.score).collect()
    }

    /// This frame's practice keys, and what the tools did to the run.
    fn practice_keys(&mut self, ctx: &mut Ctx, run: &mut Session) -> Option<Jump> {
        let counted = self.unranked().is_none();
        let jump = self.practice.apply(ToolKeys::read());
        if counted && self.practice.used() {
            // The play-test found this silent: the player learns it the moment it happens.
            ctx.notices_mut().post(Notice::brief(
                "PRACTICE TOOL USED",
                "This run no longer counts\nfor high scores.".into(),
            ));
        }
        if self.practice.changed_past() && run.is_recording() {
            // The world's past is no longer what was played: the recording ends here. Only a
            // `--record` file is written now; a replay kept for the run's end is not saved yet.
            run.end_recording();
            let text = match (run.records_to_file(), run.recording_failed()) {
                (true, false) => {
                    "The recording ends here, saved:\nrewind and marker jumps\nare not recorded."
                }
                (true, true) => "The recording ends here,\nbut it could not be saved.",
                (false, _) => "The replay ends here:\nrewind and marker jumps\nare not recorded.",
            };
            ctx.notices_mut()
                .post(Notice::brief("PRACTICE", text.into()));
        }
        jump
    }

    /// One step of the world: input, update, collide, and what follows.
    fn step_once(&mut self, ctx: &mut Ctx, run: &mut Session) -> Transition {
        match self.practice.plan() {
            StepPlan::Play => {}
            StepPlan::Hold => return Transition::Stay,
            StepPlan::Rewind(steps) => {
                let back = self.practice.rewind(&mut self.world, steps);
                self.input.rewound(back);
                return Transition::Stay;
            }
        }
        // 2. Input, read right before the step so it acts in this step.
        let inputs = self.input.read(ctx, &self.world);
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
        let (update_us, collide_us) = ((t1 - t0).as_secs_f64(), (t2 - t1).as_secs_f64());
        ctx.times_mut().add_step(update_us * 1e6, collide_us * 1e6);
        // Recorded after the step, with the state it left for the replay's checkpoints.
        run.record(&inputs, &self.world);
        self.after_step(ctx, run, continues)
    }
}

/// Why a run of `kind` does not enter the high-score table, if it does not: its kind (see the
/// rules table), then its players being `invincible`, then a practice tool `used`.
pub fn unranked(kind: RunKind, invincible: bool, used: bool) -> Option<&'static str> {
    kind.unranked_because().or(if invincible {
        Some("invincibility was on")
    } else if used {
        Some("a practice tool was used")
    } else {
        None
    })
}

impl Scene for StagePlay {
    fn frame(&mut self, ctx: &mut Ctx, run: &mut RunSlot, m: &MenuInput) -> Transition {
        let Some(run) = run else {
            return Transition::ToTitle;
        };
        // The demo is no one's: any key or button is someone come to play.
        if self.rules().ends_on_any_input && attract::any_input(m) {
            return Transition::ToTitle;
        }
        if let Some(jump) = self.practice_keys(ctx, run) {
            return self.jump(ctx, run, jump);
        }
        if is_key_pressed(replay_speed::KEY_FAST) && self.input.is_replay() {
            run.set_replay_speed(run.replay_speed().next());
        }
        // The speed is the run's (the pause menu sets it too); the stage keeps a copy to draw.
        self.input.set_speed(run.replay_speed());
        if is_key_pressed(KeyCode::Escape) || m.start {
            let practice = run.practice().map(|p| p.result(&self.world));
            let tools = tools::help(self.rules().tools);
            let watching = self.input.is_replay().then(|| Watching {
                stages: run.replay_stages(),
                stage: self.place.index,
                speed: run.replay_speed(),
                back_to: run.back_to(),
            });
            let cards = run.replay().into_iter().flat_map(|r| &r.stages);
            let cards = cards.map(|s| StageCard::of(&s.level).title()).collect();
            let pause = Pause::new(self.place.clone(), practice, self.rules().pause, tools);
            Transition::push(pause.watching(watching, cards))
        } else if is_key_pressed(KeyCode::R) && !ctx.settings().r_is_bound() {
            Self::restart(ctx, run, &self.place)
        } else {
            Transition::Stay
        }
    }

    fn step(&mut self, ctx: &mut Ctx, run: &mut RunSlot) -> Transition {
        let Some(run) = run else {
            return Transition::ToTitle;
        };
        // A replay fast-forwarded steps its world several times a step.
        for _ in 1..self.input.steps_per_step() {
            let t = self.step_once(ctx, run);
            if !t.is_stay() {
                return t;
            }
        }
        self.step_once(ctx, run)
    }

    fn draw(&self, draw: &mut Draw) {
        let (renderer, anim, card) = (&mut *draw.renderer, draw.anim, self.card);
        // Under the pause menu the CONTINUE? box and the other banners give way to its rows
        // (the countdown waits too: the world does not step while paused).
        let banners = !draw.covered;
        let paint = || stage::draw(renderer, &self.world, card, anim, banners);
        self.practice.draw_beside_snapshot(&self.world, paint);
        if self.shows_tools() {
            let upcoming = self.world.upcoming_spawns(PREVIEW_S);
            practice::draw_preview(draw.renderer, &self.world, &upcoming, PREVIEW_S);
        }
        let layout = Layout::for_screen(draw.renderer.screen_size(), draw.renderer.user_scale);
        if banners {
            let top = if layout.panels { 4.0 } else { 26.0 };
            let banner = &self.music_banner;
            let shown = banner.shown_for(self.world.frame());
            stage::draw_music_title(draw.renderer, shown, banner.title(), top);
        }
        if !layout.panels {
            let hi = self.hi_score(draw);
            let marker = hud::replay_marker(self.input.is_replay(), draw.anim);
            hud::draw_overlay(draw.renderer, &self.world, hi, marker);
        }
        // The boss's bar and the replay's go beside the playfield (`draw_panels`), unless the
        // window leaves no room there.
        let glyph = draw.renderer.text_width("M", 1.0);
        if beside::spot(&layout, glyph, true) == Spot::Field {
            beside::draw_boss_on_field(&self.world);
        }
        if let Some(p) = self.replay_progress() {
            if beside::spot(&layout, glyph, false) == Spot::Field {
                let above = (!layout.panels).then_some(hud::OVERLAY_FOOT);
                beside::draw_replay_on_field(draw.renderer, p, above);
            }
        }
        if self.rules().ends_on_any_input {
            stage::draw_demo_label(draw.renderer, draw.anim);
        }
    }

    fn draw_panels(&self, draw: &mut Draw, layout: &Layout) {
        let w = &self.world;
        beside::draw(draw.renderer, w, layout, self.replay_progress());
        if layout.panels {
            let hi = self.hi_score(draw);
            let marker = hud::replay_marker(self.input.is_replay(), draw.anim);
            let tools = self.shows_tools();
            let keys = &draw.settings.keys;
            let end = hud::draw_panels(draw.renderer, w, hi, keys, layout, marker, tools);
            if tools {
                practice::draw_timeline(draw.renderer, w, layout, self.practice.status(), end);
            }
        }
        if draw.debug {
            debug_overlay::draw_boxes(w, layout, draw.shake);
            debug_overlay::draw_panel(draw.renderer, w, draw.times, &w.collider_stats(), layout);
        }
    }

    fn world(&self) -> Option<&World> {
        Some(&self.world)
    }

    fn is_play(&self) -> bool {
        true
    }

    fn place(&self) -> Option<&StagePlace> {
        Some(&self.place)
    }

    /// Restarts on the new version at the current marker (or the same time), keeping the
    /// characters and their power.
    fn level_saved(&mut self, ctx: &mut Ctx, run: &mut RunSlot, level: &Arc<Level>) -> Transition {
        let Some(run) = run else {
            return Transition::Stay;
        };
        let now = self.world.stage_time();
        let marker = level
            .markers
            .values()
            .copied()
            .filter(|t| *t <= now + 1e-3)
            .fold(None, |a: Option<f32>, t| Some(a.map_or(t, |a| a.max(t))));
        let start_at = marker.unwrap_or(now).min(level.length_s);
        let power = self.max_power();
        run.replace_level(self.place.index, level.clone());
        eprintln!("reloaded {} at {start_at:.1} s", level.source);
        ctx.notices_mut().clear();
        run.end_recording();
        let place = self.place.clone();
        let scene = Self::begin(ctx, run, level.clone(), place, start_at, power, false, None);
        Transition::switch(scene)
    }
}
