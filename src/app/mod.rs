//! The window's game: the main loop and the router between scenes.
//!
//! Each frame runs, in order: **time** (the fixed 60 Hz accumulator decides how many steps),
//! the top scene's once-a-frame update (menus), then per step **input**, **scene update** and
//! **collide** (inside [`Scene::step`]), and once per frame **render**, which only reads.
//!
//! The router keeps a stack of scenes and applies the [`Transition`] the top one returns:
//! push, pop, switch, or build the scene a transition names (the title, a menu, a stage of the
//! run). It owns the run in play and lends it to the scenes. Of its own it draws only the
//! sky behind the playfield and the notice on screen.
//!
//! Beside this file: the scene contract ([`scene`]), the services lent to every call
//! ([`ctx`]) and what drawing may read ([`draw`]), the menus a scene may end on
//! ([`menu_page`]), and opening the window ([`startup`]). The folders:
//! - `scenes/`: the screens, one file or folder each (the title, pilot select, options, high
//!   scores, replays, stage play...).
//! - `practice/`: everything practice: the PRACTICE menu and its setup, boss attacks, the
//!   results cards, a practice run's count, and the tools used in play.
//! - `session/`: the run in play, from its first stage to the title.
//! - `services/`: what scenes borrow through [`Ctx`]: audio, pads, keys, menu input, notices,
//!   the score replays' checks.
//!
//! Imports form no circle. `services/` imports nothing else of the app. `session/` takes the
//! context, the services, the menu pages and a practice run's count (`practice::run`, which
//! imports no session). The rest of `practice/` takes the session but never a screen of
//! `scenes/`; `scenes/` may take any of them. The library's rules table decides what a
//! kind of run may do; no scene asks which kind it is for that.

mod ctx;
mod draw;
mod menu_page;
mod practice;
mod scene;
mod scenes;
mod services;
mod session;
mod startup;

use std::path::PathBuf;
use std::time::Instant;

use macroquad::prelude::*;

use skysweep::sim::World;

use crate::render::{flush_to_gl, menus, notice_box};

use crate::window::display;
use crate::window::frame_log::{FpsMeter, FrameLog, Pace};
use ctx::Ctx;
use menu_page::MenuPage;
use practice::attack_menu::AttackMenu;
use practice::menu::PracticeMenu;
use scene::{RunSlot, Scene, Transition};
use scenes::high_scores::HighScores;
use scenes::replay_offer::ReplayOffer;
use scenes::replays::ReplayBrowser;
use scenes::stage_play::StagePlay;
use scenes::title::Title;
use services::notice::SOURCE_COLUMNS;
use session::Session;
use skysweep::sim::model::clock::FixedStep;

pub use startup::play;

/// What the command line asked of this launch, beyond the run it starts: the router's, not a
/// scene's.
struct Launch {
    /// Run this many frames, one step each, then exit.
    frames: Option<u64>,
    /// With `frames`: as fast as the machine can, not paced at 60 a second.
    fast: bool,
    /// Save the last frame here.
    screenshot: Option<PathBuf>,
    /// Say the process's memory as each stage starts.
    memory_log: bool,
    /// `--record`: where the first recorded run is written; taken by it.
    record: Option<PathBuf>,
}

struct App {
    ctx: Ctx,
    launch: Launch,
    /// The run in play, from its first stage until the title: one owner, lent to the scenes.
    run: RunSlot,
    /// The title row last picked (an index into the title's full list of rows), where its
    /// cursor waits when the player comes back to it.
    title_row: usize,
    /// The scenes, bottom first; the last is on top and alone takes input.
    scenes: Vec<Box<dyn Scene>>,
    clock: FixedStep,
    /// With `--frames`: the frames' timings, summarised on stderr at exit.
    frame_log: Option<FrameLog>,
    /// Rendered frames so far.
    frames: u64,
    quit: bool,
    /// A write of a run's `--record` file failed: the game's exit status says so.
    recording_failed: bool,
}

impl App {
    async fn run(&mut self) {
        // With --frames the game runs one step per frame: runs are reproducible whatever the
        // machine's speed (under Xvfb there is no vsync and frames come hundreds a second).
        let lockstep = self.launch.frames.is_some();
        // Without this macroquad ends the program as soon as the window is closed, in the middle
        // of a frame, and a recording (or anything else unsaved) is lost.
        prevent_quit();
        // Frames come at most 60 a second, as play steps: with no vsync (Xvfb, some laptops)
        // nothing else holds the loop, and it would draw hundreds of frames no one asked for.
        // With vsync at 60 Hz the swap already waits, and this seldom does. A `--frames` run
        // with `--fast` goes as fast as the machine can.
        let mut pace = Pace::new(!(lockstep && self.launch.fast));
        let mut fps = FpsMeter::new();
        loop {
            // 1. Time: when this frame began, and how many fixed steps it owes.
            let now = Instant::now();
            if let Some(log) = &mut self.frame_log {
                log.begin(now);
            }
            let rate = fps.frame(now);
            let steps = if lockstep {
                1
            } else {
                self.clock.advance(get_frame_time() as f64)
            };
            self.between_frames();
            // Once a frame: menus and other choices.
            self.menus();
            // 2-4. Per step: input, scene update, collide (inside `Scene::step`).
            self.ctx.times_mut().begin_steps();
            for _ in 0..steps {
                self.on_top(|s, ctx, run| s.step(ctx, run));
                self.ctx.count_step();
            }
            if let Some(run) = &mut self.run {
                run.autosave_recording();
            }
            self.ctx.times_mut().end_steps(steps, rate);
            // 5. Render: reads the state, changes nothing.
            let t = Instant::now();
            self.render();
            self.ctx.times_mut().render_us = t.elapsed().as_secs_f64() * 1e6;
            if let Some(log) = &mut self.frame_log {
                log.push(self.ctx.times());
            }
            self.frames += 1;
            if loop_ends(
                self.quit,
                is_quit_requested(),
                self.launch.frames,
                self.frames,
            ) {
                self.exit();
                break;
            }
            // Wait for the tick, then present, as a display's vsync would: the frame's GL
            // commands were flushed at the end of `render`, so a software rasteriser draws
            // them while this waits. A frame not rasterised by its tick holds up the swap,
            // and the next frame starts late: the frame log sees every overrun. Input comes in
            // with the swap, so the next step reads it as of the tick.
            pace.wait();
            let t = Instant::now();
            if let Some(log) = &mut self.frame_log {
                log.presenting(t);
            }
            next_frame().await;
            if let Some(log) = &mut self.frame_log {
                log.presented(t.elapsed());
            }
        }
    }

    /// What comes in between frames: the pads, a saved level file, a notice running out.
    fn between_frames(&mut self) {
        self.ctx.poll_pads();
        self.hot_reload();
        self.ctx.notices_mut().tick();
    }

    /// The top scene's once-a-frame update. The key that starts a stage here must not count as
    /// its first tap, nor may a key pressed in a menu act again in play.
    fn menus(&mut self) {
        let was_playing = self.top().is_play();
        self.ctx.global_keys();
        let m = self.ctx.read_menu_input();
        self.on_top(|s, ctx, run| s.frame(ctx, run, &m));
        // The music ducks while a stage waits under the pause menu or a screen it opened.
        let paused = !self.top().is_play() && self.world().is_some();
        self.ctx.audio_mut().set_paused(paused);
        self.ctx.save_changed_settings();
        let playing = was_playing && self.top().is_play();
        self.ctx.collect_taps(playing);
    }

    fn top(&self) -> &dyn Scene {
        self.scenes
            .last()
            .expect("the router always holds a scene")
            .as_ref()
    }

    /// Runs `update` on the top scene and applies the transition it returns.
    fn on_top(
        &mut self,
        update: impl FnOnce(&mut dyn Scene, &mut Ctx, &mut RunSlot) -> Transition,
    ) {
        let top = self
            .scenes
            .last_mut()
            .expect("the router always holds a scene");
        let t = update(top.as_mut(), &mut self.ctx, &mut self.run);
        self.apply(t);
    }

    /// The world in play anywhere on the stack (under a pause menu, say).
    fn world(&self) -> Option<&World> {
        self.scenes.iter().rev().find_map(|s| s.world())
    }

    fn apply(&mut self, t: Transition) {
        match t {
            Transition::Stay => {}
            Transition::Push(s) => self.scenes.push(s),
            // The bottom scene stays: there is always one to show.
            Transition::Pop if self.scenes.len() > 1 => {
                self.scenes.pop();
            }
            Transition::Pop => {}
            Transition::Switch(s) => {
                // The scenes before (a whole stage's world among them) are freed here; their
                // memory goes back to the system so a long game does not creep up.
                self.scenes = vec![s];
                skysweep::platform::memory::give_back_free_memory();
                self.log_memory();
            }
            Transition::ToTitle => {
                // Time played in a stage left from the pause menu is kept.
                self.ctx.save_player_data_if_changed();
                // A run just ended: its replay is offered first (the offer goes to the title).
                if let Some(offer) = self
                    .end_run()
                    .and_then(|f| ReplayOffer::offer(&mut self.ctx, f))
                {
                    return self.apply(Transition::switch(offer));
                }
                let t = Title::enter(&mut self.ctx, self.title_row);
                self.apply(t);
            }
            Transition::TitleRow { row, then } => {
                self.title_row = row;
                self.apply(*then);
            }
            Transition::ToMenu(page) => {
                self.end_run();
                let menu: Box<dyn Scene> = match page {
                    MenuPage::Practice => Box::new(PracticeMenu::after_run(&mut self.ctx)),
                    MenuPage::Replays => {
                        self.ctx.audio_mut().music("title");
                        Box::new(ReplayBrowser::new(&mut self.ctx))
                    }
                    MenuPage::Attacks => Box::new(AttackMenu::after_run(&mut self.ctx)),
                    MenuPage::HighScores { difficulty, row } => {
                        self.ctx.audio_mut().music("title");
                        Box::new(HighScores::at(difficulty, row))
                    }
                };
                self.apply(Transition::Switch(menu));
            }
            Transition::Begin(run) => {
                self.end_run();
                let mut run = *run;
                // The command line's `--record` file takes the first run that records.
                if run.takes_record_file() {
                    if let Some(path) = self.launch.record.take() {
                        run = run.recording_to(Some(path));
                    }
                }
                let place = run.first_place();
                let t = StagePlay::start(&mut self.ctx, self.run.insert(run), place);
                self.apply(t);
            }
            Transition::Play(place) => {
                let t = match &mut self.run {
                    Some(run) => StagePlay::start(&mut self.ctx, run, place),
                    None => Transition::ToTitle,
                };
                self.apply(t);
            }
            Transition::Restart(place) => {
                let t = match &mut self.run {
                    Some(run) => StagePlay::restart(&mut self.ctx, run, &place),
                    None => Transition::ToTitle,
                };
                self.apply(t);
            }
            Transition::Quit => self.quit = true,
        }
    }

    /// Ends the run in play, if any: its recording ends (saved with `--record`), and what is
    /// left of it comes back for the replay offer.
    fn end_run(&mut self) -> Option<session::Finished> {
        let finished = self.run.take()?.finish();
        self.recording_failed |= finished.recording_failed;
        Some(finished)
    }

    /// One `--memory-log` line when a stage has just started: where the run is, how much
    /// memory the process holds (the stage before freed and given back), and how many images
    /// it holds. The first stage of a loop is where the loop before it ended.
    fn log_memory(&self) {
        if !self.launch.memory_log {
            return;
        }
        let Some(place) = self.scenes[0].place() else {
            return;
        };
        let kib =
            |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{:.1}", k as f64 / 1024.0));
        eprintln!(
            "memory: loop {} stage {} step {} rss {} MiB peak {} MiB images {}",
            place.loop_index + 1,
            place.index + 1,
            self.ctx.anim(),
            kib(skysweep::platform::memory::rss_kib()),
            kib(skysweep::platform::memory::peak_rss_kib()),
            self.ctx.renderer().assets.textures_held(),
        );
    }

    /// A saved level file: scenes playing it restart on the new version; otherwise it is kept
    /// for the next start. A broken save keeps the last good version and shows its errors.
    fn hot_reload(&mut self) {
        let Some(result) = self.run.as_mut().and_then(Session::poll_saved) else {
            return;
        };
        let level = match result {
            Ok(level) => std::sync::Arc::new(level),
            Err(e) => {
                let playing = self.world().is_some();
                return self.ctx.level_save_failed(&e, playing);
            }
        };
        let t = self
            .scenes
            .iter_mut()
            .rev()
            .map(|s| s.level_saved(&mut self.ctx, &mut self.run, &level))
            .find(|t| !t.is_stay());
        match t {
            Some(t) => self.apply(t),
            None => {
                if let Some(run) = &mut self.run {
                    run.keep_saved(level);
                }
                self.ctx.notices_mut().clear();
            }
        }
    }

    /// Draws the top scene, over the ones below it when it is an overlay (a pause menu).
    fn render(&mut self) {
        let clear = match self.scenes.iter().rev().find_map(|s| s.world()) {
            Some(w) => {
                let (r, g, b) = w.level().background.sky;
                Color::from_rgba(r, g, b, 255)
            }
            None => Color::from_rgba(20, 30, 60, 255),
        };
        let playing = self.top().is_play();
        let (mut draw, notice) = self.ctx.drawing(playing);
        draw.renderer.begin_playfield(clear, draw.shake);
        let first = self
            .scenes
            .iter()
            .rposition(|s| !s.is_overlay())
            .unwrap_or(0);
        let shown = &self.scenes[first..];
        for (i, s) in shown.iter().enumerate() {
            draw.covered = i + 1 < shown.len();
            s.draw(&mut draw);
        }
        if let Some(n) = notice.filter(|n| !n.preformatted) {
            let band = shown.last().map_or(menus::NOTICE_BAND, |s| s.notice_band());
            menus::message(draw.renderer, &n.title, &n.text, band);
        }
        let layout = draw.renderer.present_playfield();
        for (i, s) in shown.iter().enumerate() {
            draw.covered = i + 1 < shown.len();
            s.draw_panels(&mut draw, &layout);
        }
        if let Some(n) = notice.filter(|n| n.preformatted) {
            notice_box::draw(draw.renderer, &layout, &n.title, &n.text, SOURCE_COLUMNS);
        }
        draw.renderer.finish_frame();
        self.ctx.report_asset_failures();
        // Everything is drawn: in a paced run the driver rasterises it while the loop waits
        // for the tick; elsewhere the swap follows at once.
        flush_to_gl();
    }

    /// The loop's end: the screenshot, then everything that must not be lost.
    fn exit(&mut self) {
        // Summarised first: the last frame ends here, not after the screenshot is encoded and
        // the saves are written.
        let summary = self.frame_log.as_ref().and_then(FrameLog::summary);
        if let Some(path) = &self.launch.screenshot {
            display::save_screenshot(path);
        }
        self.ctx.save_changed_settings();
        self.ctx.save_player_data_if_changed();
        // The run ends first: its `--record` file is written before anything else is kept.
        self.end_run();
        for s in self.scenes.iter_mut() {
            s.on_exit(&mut self.ctx, &mut self.run);
        }
        let bullets = self.world().map_or(0, |w| w.bullets().len());
        if let Some(summary) = summary {
            eprintln!(
                "frames {}: {summary}; {bullets} enemy bullets on screen at the end",
                self.frames
            );
        }
    }
}

/// Whether the main loop stops this frame: the game asked to quit, the window was closed, or
/// a `--frames` run has had its frames.
fn loop_ends(quit: bool, window_closed: bool, frame_limit: Option<u64>, frames: u64) -> bool {
    quit || window_closed || frame_limit.is_some_and(|n| frames >= n)
}
