//! The window, the main loop and the scenes.
//!
//! Each frame runs, in order: **time** (the fixed 60 Hz accumulator decides how many steps),
//! then per step **input** (keys read into `sim::Input`), **scene update** and **collide**,
//! and once per frame **render**, which only reads the simulation.

pub mod audio;
pub mod input;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use macroquad::prelude::*;

use skysweep::level::Level;
use skysweep::sim::autoplay::Bot;
use skysweep::sim::clock::FixedStep;
use skysweep::sim::replay::Replay;
use skysweep::sim::{Character, Input, World, WorldConfig};

use crate::cli::Cli;
use crate::render::debug_overlay::{self, FrameTimes};
use crate::render::{hud, menus, stage, Assets, Renderer};
use crate::setup::{self, find_data};

use audio::Audio;
use input::KeyBindings;

/// Opens the window and plays. Errors in the command line or level are reported before any
/// window opens.
pub fn play(cli: Cli) -> ExitCode {
    let prepared = match setup::prepare(&cli.run) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skysweep: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &cli.screenshot {
        if let Err(e) = check_writable(path) {
            eprintln!("skysweep: --screenshot {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    audio::install_quiet_audio_panic();
    let (w, h) = cli.window.unwrap_or((960, 1000));
    let conf = Conf {
        window_title: "SkySweep".to_string(),
        window_width: w,
        window_height: h,
        window_resizable: true,
        high_dpi: false,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, async move {
        let mut app = App::new(cli, prepared).await;
        app.run().await;
    });
    ExitCode::SUCCESS
}

fn check_writable(path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(|_| ())
}

enum Scene {
    Title {
        cursor: usize,
    },
    Select {
        players: usize,
        cursors: Vec<usize>,
        ready: Vec<bool>,
    },
    Stage(Box<StageScene>),
    GameOver {
        steps: u32,
        score: u64,
        stage: String,
    },
}

struct StageScene {
    world: World,
    bots: Vec<Option<Bot>>,
    paused: bool,
    pause_cursor: usize,
    /// Index into the stage list, and which loop of the game this is.
    stage_index: usize,
    loop_index: u32,
    replay: Option<(Replay, usize)>,
    recorder: Option<Replay>,
}

const TITLE_ITEMS: [&str; 3] = ["START", "2 PLAYERS", "QUIT"];
const PAUSE_ITEMS: [&str; 3] = ["RESUME", "RESTART STAGE", "QUIT TO TITLE"];

struct App {
    cli: Cli,
    renderer: Renderer,
    audio: Audio,
    scene: Scene,
    /// Hitbox overlay on (F1): app state, never a global.
    debug: bool,
    clock: FixedStep,
    times: FrameTimes,
    hi_score: u64,
    /// Rendered frames so far.
    frames: u64,
    /// Animation counter, one per step.
    anim: u64,
    bindings: [KeyBindings; 2],
    /// Stages played in order: the chosen `--level`, or every shipped stageN.ron.
    stages: Vec<PathBuf>,
    /// The level loaded by the command line, reused for its stage.
    first_level: Arc<Level>,
    base_config: WorldConfig,
    initial_replay: Option<Replay>,
    /// A problem to show on screen (a level that failed to load).
    message: Option<(String, String)>,
    quit: bool,
}

impl App {
    async fn new(cli: Cli, prepared: setup::RunSetup) -> App {
        let assets = Assets::load(&find_data("assets"));
        let mut warnings = assets.warnings.clone();
        let audio = Audio::load(&find_data("assets"), &mut warnings).await;
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        let stages = match &cli.run.level {
            Some(p) => vec![p.clone()],
            None => shipped_stages(),
        };
        let scene = Scene::Title { cursor: 0 };
        let mut app = App {
            debug: cli.debug,
            renderer: Renderer::new(assets),
            audio,
            scene,
            clock: FixedStep::default(),
            times: FrameTimes::default(),
            hi_score: 0,
            frames: 0,
            anim: 0,
            bindings: [KeyBindings::player1(), KeyBindings::player2()],
            stages,
            first_level: prepared.level,
            base_config: prepared.config,
            initial_replay: prepared.replay,
            message: None,
            quit: false,
            cli,
        };
        let straight_in = !app.cli.title
            && (app.cli.run.autoplay
                || app.cli.run.level.is_some()
                || app.initial_replay.is_some()
                || !app.cli.run.characters.is_empty());
        if straight_in {
            let characters = app.base_config.characters.clone();
            app.start_stage(0, 0, characters);
        } else {
            app.audio.music("title");
        }
        app
    }

    async fn run(&mut self) {
        // With --frames the game runs one step per frame: runs are reproducible whatever the
        // machine's speed (under Xvfb there is no vsync and frames come hundreds a second).
        let lockstep = self.cli.frames.is_some();
        loop {
            // 1. Time: how many fixed steps this frame owes.
            let steps = if lockstep {
                1
            } else {
                self.clock.advance(get_frame_time() as f64)
            };
            self.global_keys();
            let mut step_us = 0.0;
            let mut collide_us = 0.0;
            for _ in 0..steps {
                // 2. Input, read right before the step so it acts in this step.
                let inputs = self.read_inputs();
                // 3. Scene update, then 4. collide.
                let (u, c) = self.step(&inputs);
                step_us += u;
                collide_us += c;
                self.anim += 1;
            }
            if steps > 0 {
                self.times.step_us = step_us / steps as f64;
                self.times.collide_us = collide_us / steps as f64;
            }
            self.times.steps = steps;
            self.times.fps = get_fps();
            // 5. Render: reads the state, changes nothing.
            let t = Instant::now();
            self.render();
            self.times.render_us = t.elapsed().as_secs_f64() * 1e6;
            self.frames += 1;
            let done = self.quit || self.cli.frames.is_some_and(|n| self.frames >= n);
            if done {
                if let Some(path) = &self.cli.screenshot {
                    get_screen_data().export_png(&path.to_string_lossy());
                }
                self.finish();
                break;
            }
            next_frame().await;
        }
    }

    /// Keys that work anywhere: F1 for hitboxes, F11 or Alt+Enter for fullscreen.
    fn global_keys(&mut self) {
        if is_key_pressed(KeyCode::F1) {
            self.debug = !self.debug;
        }
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        if is_key_pressed(KeyCode::F11) || (alt && is_key_pressed(KeyCode::Enter)) {
            toggle_fullscreen();
        }
    }

    fn read_inputs(&mut self) -> Vec<Input> {
        let Scene::Stage(s) = &mut self.scene else {
            return Vec::new();
        };
        let players = s.world.players.len();
        (0..players)
            .map(|i| {
                if let Some((replay, cursor)) = &s.replay {
                    return replay
                        .steps()
                        .nth(*cursor)
                        .and_then(|v| v.get(i).copied())
                        .unwrap_or_default();
                }
                match &mut s.bots[i] {
                    Some(bot) => bot.decide(&s.world, i),
                    None => self.bindings[i].read(is_key_down),
                }
            })
            .collect()
    }

    /// One fixed step of the current scene. Returns (update µs, collide µs).
    fn step(&mut self, inputs: &[Input]) -> (f64, f64) {
        let mut timings = (0.0, 0.0);
        let mut next: Option<Scene> = None;
        match &mut self.scene {
            Scene::Title { cursor } => {
                if let Some(choice) = menu_nav(cursor, TITLE_ITEMS.len(), &mut self.audio) {
                    match choice {
                        0 | 1 => {
                            let players = choice + 1;
                            next = Some(Scene::Select {
                                players,
                                cursors: (0..players).collect(),
                                ready: vec![false; players],
                            });
                        }
                        _ => self.quit = true,
                    }
                }
                if is_key_pressed(KeyCode::Escape) {
                    self.quit = true;
                }
            }
            Scene::Select {
                players,
                cursors,
                ready,
            } => {
                for p in 0..*players {
                    let b = &self.bindings[p];
                    let pressed = |keys: &Vec<String>| {
                        keys.iter()
                            .filter_map(|k| input::key_from_name(k))
                            .any(is_key_pressed)
                    };
                    if !ready[p] {
                        if pressed(&b.left) {
                            cursors[p] = (cursors[p] + 2) % 3;
                            self.audio.play("menu_move");
                        }
                        if pressed(&b.right) {
                            cursors[p] = (cursors[p] + 1) % 3;
                            self.audio.play("menu_move");
                        }
                        if pressed(&b.shot) || (p == 0 && is_key_pressed(KeyCode::Enter)) {
                            ready[p] = true;
                            self.audio.play("menu_select");
                        }
                    } else if pressed(&b.bomb) {
                        ready[p] = false;
                    }
                }
                if is_key_pressed(KeyCode::Escape) {
                    next = Some(Scene::Title { cursor: 0 });
                } else if ready.iter().all(|r| *r) {
                    let characters: Vec<Character> =
                        cursors.iter().map(|c| Character::ALL[*c]).collect();
                    self.start_stage(0, 0, characters);
                    return timings;
                }
            }
            Scene::Stage(s) => {
                if is_key_pressed(KeyCode::Escape) {
                    s.paused = !s.paused;
                    s.pause_cursor = 0;
                }
                let restart = is_key_pressed(KeyCode::R);
                if s.paused {
                    if let Some(choice) =
                        menu_nav(&mut s.pause_cursor, PAUSE_ITEMS.len(), &mut self.audio)
                    {
                        match choice {
                            0 => s.paused = false,
                            1 => {
                                let (i, l, c) = (
                                    s.stage_index,
                                    s.loop_index,
                                    s.world.config.characters.clone(),
                                );
                                self.start_stage(i, l, c);
                            }
                            _ => next = Some(self.to_title()),
                        }
                    }
                } else if restart {
                    let (i, l, c) = (
                        s.stage_index,
                        s.loop_index,
                        s.world.config.characters.clone(),
                    );
                    self.start_stage(i, l, c);
                    return timings;
                } else {
                    if let Some(r) = &mut s.recorder {
                        r.record(inputs);
                    }
                    let t0 = Instant::now();
                    s.world.update(inputs);
                    let t1 = Instant::now();
                    s.world.collide();
                    let t2 = Instant::now();
                    timings = ((t1 - t0).as_secs_f64() * 1e6, (t2 - t1).as_secs_f64() * 1e6);
                    if let Some((_, cursor)) = &mut s.replay {
                        *cursor += 1;
                    }
                    self.renderer
                        .effects
                        .absorb(&s.world.events, s.world.scroll_offset);
                    self.renderer
                        .effects
                        .step(s.world.scroll_speed, s.world.scroll_offset);
                    self.audio.react(&s.world.events);
                    self.hi_score = self.hi_score.max(s.world.score());
                    let replay_over = s.replay.as_ref().is_some_and(|(r, c)| *c >= r.len());
                    if s.world.cleared() {
                        let (i, l, c) = (
                            s.stage_index + 1,
                            s.loop_index,
                            s.world.config.characters.clone(),
                        );
                        self.save_recording();
                        if i < self.stages.len() {
                            self.start_stage(i, l, c);
                        } else if self.cli.run.level.is_some() && !self.cli.run.autoplay {
                            self.scene = self.to_title();
                        } else {
                            // The last stage cleared: round again, harder.
                            self.start_stage(0, l + 1, c);
                        }
                        return timings;
                    } else if s.world.game_over() || replay_over {
                        let score = s.world.score();
                        let stage = s.world.level.name.clone();
                        self.save_recording();
                        next = Some(Scene::GameOver {
                            steps: 0,
                            score,
                            stage,
                        });
                    }
                }
            }
            Scene::GameOver { steps, .. } => {
                *steps += 1;
                let skip = *steps > 30
                    && (is_key_pressed(KeyCode::Enter)
                        || is_key_pressed(KeyCode::Z)
                        || is_key_pressed(KeyCode::Space));
                if *steps > 240 || skip {
                    next = Some(self.to_title());
                }
            }
        }
        if let Some(n) = next {
            self.scene = n;
        }
        timings
    }

    fn to_title(&mut self) -> Scene {
        self.audio.music("title");
        self.renderer.effects.clear();
        Scene::Title { cursor: 0 }
    }

    /// Starts stage `index` of the list for `characters`, on loop `loop_index`.
    fn start_stage(&mut self, index: usize, loop_index: u32, characters: Vec<Character>) {
        let path = &self.stages[index.min(self.stages.len().saturating_sub(1))];
        let level = if index == 0 && self.cli.run.level.is_some()
            || self.stages.len() == 1
            || path == &find_data(setup::DEFAULT_LEVEL) && index == 0
        {
            Ok(self.first_level.clone())
        } else {
            skysweep::level::load_stage(path).map(Arc::new)
        };
        let level = match level {
            Ok(l) => l,
            Err(e) => {
                self.message = Some(("LEVEL ERROR".into(), e.to_string()));
                eprintln!("{e}");
                self.first_level.clone()
            }
        };
        let first = index == 0 && loop_index == 0;
        let config = WorldConfig {
            characters: characters.clone(),
            loop_index,
            start_at: if first {
                self.base_config.start_at
            } else {
                0.0
            },
            ..self.base_config.clone()
        };
        let replay = if first {
            self.initial_replay.clone().map(|r| (r, 0))
        } else {
            None
        };
        let recorder = self.cli.run.record.as_ref().filter(|_| first).map(|_| {
            Replay::new(
                &level.source,
                level.content_hash,
                config.seed,
                config.characters.clone(),
                config.difficulty,
                config.start_at,
                config.invincible,
            )
        });
        let bots = (0..characters.len())
            .map(|_| self.cli.run.autoplay.then(Bot::new))
            .collect();
        self.audio.music(&level.music);
        self.renderer.effects.clear();
        self.scene = Scene::Stage(Box::new(StageScene {
            world: World::new(level, config),
            bots,
            paused: false,
            pause_cursor: 0,
            stage_index: index,
            loop_index,
            replay,
            recorder,
        }));
    }

    fn save_recording(&mut self) {
        let (Scene::Stage(s), Some(path)) = (&mut self.scene, &self.cli.run.record) else {
            return;
        };
        if let Some(r) = s.recorder.take() {
            match r.save(path) {
                Ok(()) => eprintln!("replay saved to {}", path.display()),
                Err(e) => eprintln!("skysweep: cannot save replay {}: {e}", path.display()),
            }
        }
    }

    fn finish(&mut self) {
        self.save_recording();
    }

    fn render(&mut self) {
        let shake = self.renderer.effects.shake_offset(true);
        let anim = self.anim;
        let clear = match &self.scene {
            Scene::Stage(s) => {
                let (r, g, b) = s.world.level.background.sky;
                Color::from_rgba(r, g, b, 255)
            }
            _ => Color::from_rgba(20, 30, 60, 255),
        };
        self.renderer.begin_playfield(clear, shake);
        let mut stage_world: Option<&World> = None;
        match &self.scene {
            Scene::Title { cursor } => {
                let items: Vec<String> = TITLE_ITEMS.iter().map(|s| s.to_string()).collect();
                let hi = format!("HI {:08}", self.hi_score);
                menus::title(&mut self.renderer, &items, *cursor, anim, &hi);
            }
            Scene::Select { cursors, ready, .. } => {
                menus::select(&mut self.renderer, cursors, ready, anim)
            }
            Scene::Stage(s) => {
                stage::draw(&mut self.renderer, &s.world, anim);
                if s.paused {
                    menus::pause(&self.renderer, &PAUSE_ITEMS, s.pause_cursor);
                }
                stage_world = Some(&s.world);
            }
            Scene::GameOver { score, stage, .. } => menus::game_over(&self.renderer, *score, stage),
        }
        if let Some((title, text)) = &self.message {
            menus::message(&self.renderer, title, text);
        }
        if let Some(w) = stage_world {
            let layout = Layout::for_screen(
                vec2(screen_width(), screen_height()),
                self.renderer.user_scale,
            );
            if !layout.panels {
                hud::draw_overlay(&self.renderer, w, self.hi_score);
            }
        }
        let layout = self.renderer.present_playfield();
        if let Some(w) = stage_world {
            if layout.panels {
                hud::draw_panels(&self.renderer, w, self.hi_score, &layout);
            }
            if self.debug {
                debug_overlay::draw_boxes(w, &layout);
                debug_overlay::draw_panel(
                    &self.renderer,
                    w,
                    &self.times,
                    &w.collider_stats(),
                    &layout,
                );
            }
        }
    }
}

use crate::render::Layout;

/// Up/down moves the cursor, Enter/Z/Space picks; returns the picked entry.
fn menu_nav(cursor: &mut usize, len: usize, audio: &mut Audio) -> Option<usize> {
    if is_key_pressed(KeyCode::Up) || is_key_pressed(KeyCode::W) {
        *cursor = (*cursor + len - 1) % len;
        audio.play("menu_move");
    }
    if is_key_pressed(KeyCode::Down) || is_key_pressed(KeyCode::S) {
        *cursor = (*cursor + 1) % len;
        audio.play("menu_move");
    }
    if is_key_pressed(KeyCode::Enter)
        || is_key_pressed(KeyCode::Z)
        || is_key_pressed(KeyCode::Space)
    {
        audio.play("menu_select");
        return Some(*cursor);
    }
    None
}

fn toggle_fullscreen() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static FULL: AtomicBool = AtomicBool::new(false);
    let now = !FULL.load(Ordering::Relaxed);
    FULL.store(now, Ordering::Relaxed);
    set_fullscreen(now);
}

/// Every shipped `levels/stageN.ron`, in stage order.
fn shipped_stages() -> Vec<PathBuf> {
    let dir = find_data("levels");
    let mut stages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("stage") && n.ends_with(".ron"))
                })
                .collect()
        })
        .unwrap_or_default();
    stages.sort_by_key(|p| stage::stage_number(&p.to_string_lossy()));
    if stages.is_empty() {
        stages.push(find_data(setup::DEFAULT_LEVEL));
    }
    stages
}
