//! The window, the main loop and the scenes.
//!
//! Each frame runs, in order: **time** (the fixed 60 Hz accumulator decides how many steps),
//! then per step **input** (keys read into `sim::Input`), **scene update** and **collide**,
//! and once per frame **render**, which only reads the simulation.

pub mod audio;
pub mod config;
pub mod gamepad;
pub mod input;
pub mod name_entry;
pub mod scores;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use macroquad::prelude::*;

use skysweep::level::watch::LevelWatcher;
use skysweep::level::Level;
use skysweep::sim::autoplay::Bot;
use skysweep::sim::clock::FixedStep;
use skysweep::sim::replay::Replay;
use skysweep::sim::{Carry, Character, Difficulty, Input, World, WorldConfig};

use crate::cli::Cli;
use crate::render::debug_overlay::{self, FrameTimes};
use crate::render::menus::ReplayEnd;
use crate::render::{hud, menus, stage, Assets, Renderer};
use crate::setup::{self, find_data};

use audio::Audio;
use config::{Config, Setting, SettingsFile};
use gamepad::{Gamepads, PadBindings, PadButton};
use input::{Action, KeyBindings};
use name_entry::{NameDraft, TypingGate, UNNAMED};
use scores::ScoreTable;

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
    audio::prepare_sound_device();
    audio::install_quiet_audio_panic();
    let (w, h) = cli.window.unwrap_or((1200, 960));
    let conf = Conf {
        window_title: "SkySweep".to_string(),
        window_width: w,
        window_height: h,
        window_resizable: true,
        high_dpi: false,
        ..Default::default()
    };
    // Room for thousands of sprites and hitbox outlines (the F1 overlay draws one per bullet) in
    // one draw call: every sprite comes from one atlas, so macroquad batches them all, and only
    // a full buffer starts a new call.
    let conf = macroquad::conf::Conf {
        miniquad_conf: conf,
        update_on: None,
        default_filter_mode: FilterMode::Nearest,
        draw_call_vertex_capacity: 4 * 12_000,
        draw_call_index_capacity: 6 * 12_000,
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

/// Where the game is. Menus react once per rendered frame; a stage advances once per step.
enum Scene {
    Title {
        cursor: usize,
    },
    Select {
        players: usize,
        cursors: Vec<usize>,
        ready: Vec<bool>,
    },
    Options {
        cursor: usize,
    },
    /// Rebinding: `who` 0 and 1 are the players' keys, 2 the gamepad buttons.
    Controls {
        who: usize,
        cursor: usize,
        listening: bool,
    },
    Scores {
        difficulty: Difficulty,
        highlight: Option<usize>,
    },
    Stage(Box<StageScene>),
    GameOver {
        steps: u32,
        /// Each player's score, player 1 first.
        scores: Vec<u64>,
        stage: String,
        pending: Vec<PendingScore>,
    },
    /// A played-back recording is over; it waits for a key (no timeout: it shows the result).
    ReplayEnded {
        steps: u32,
        /// Each player's score, player 1 first.
        scores: Vec<u64>,
        stage: String,
        how: ReplayEnd,
    },
    /// The first pending score is being named; the others wait their turn.
    NameEntry {
        pending: Vec<PendingScore>,
        draft: NameDraft,
        gate: TypingGate,
    },
}

/// A score waiting for its name.
#[derive(Clone, Debug)]
struct PendingScore {
    player: usize,
    score: u64,
    character: Character,
    stage: String,
    difficulty: Difficulty,
}

impl PendingScore {
    fn entry(&self, name: String) -> scores::Entry {
        scores::Entry {
            name,
            score: self.score,
            character: self.character,
            stage: self.stage.clone(),
        }
    }
}

/// Puts scores still waiting for a name into `table` when the game ends before they got one
/// (the window closed on the name entry, or on the GAME OVER card before it): a high score
/// earned is a high score kept. The one being named takes the letters chosen so far (see
/// [`NameDraft::name_so_far`]); the rest, never offered a name, are [`UNNAMED`]. Returns
/// whether the table changed.
fn keep_waiting_scores(
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

/// Opens the name entry for the first of `pending`, with only what is typed from now on.
fn name_entry(pending: Vec<PendingScore>) -> Scene {
    // macroquad keeps every character typed since the game began (shot and movement keys
    // included) until read: drop them. Keys still held go on repeating; the gate drops those.
    while get_char_pressed().is_some() {}
    Scene::NameEntry {
        pending,
        draft: NameDraft::default(),
        gate: TypingGate::opened_with(get_keys_down()),
    }
}

struct StageScene {
    world: World,
    bots: Vec<Option<Bot>>,
    paused: bool,
    pause_cursor: usize,
    /// Index into the stage list, and which loop of the game this is.
    stage_index: usize,
    loop_index: u32,
    /// This stage's recorded inputs when a replay plays, and the next step's index.
    replay: Option<(Vec<Vec<Input>>, usize)>,
    /// The `--record` recording of the run, when this stage is part of it. It passes from
    /// stage to stage as they are cleared (through [`App::continued_recording`]).
    recording: Option<Recording>,
}

/// A `--record` recording in progress, with the state of its writes to disk.
struct Recording {
    replay: Replay,
    /// Steps recorded since the recording was last written; `None` once an autosave failed,
    /// so a full disk warns once rather than every few seconds.
    unsaved_steps: Option<u32>,
    /// The autosave being written in the background: a durable write can stall for tens of
    /// milliseconds, which must not land on a frame of play.
    autosaving: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Recording {
    fn new(replay: Replay) -> Recording {
        Recording {
            replay,
            unsaved_steps: Some(0),
            autosaving: None,
        }
    }

    /// Waits for an autosave still being written, so the next write cannot land under it.
    fn finish_autosave(&mut self) -> Option<std::io::Result<()>> {
        self.autosaving.take().map(|pending| {
            pending
                .join()
                .unwrap_or_else(|_| Err(std::io::Error::other("the writing thread panicked")))
        })
    }

    /// Writes the whole recording now (after any autosave in flight), saying where.
    fn save(&mut self, path: &Path) {
        let _ = self.finish_autosave();
        match self.replay.save(path) {
            Ok(()) => {
                self.unsaved_steps = self.unsaved_steps.map(|_| 0);
                eprintln!("replay saved to {}", path.display())
            }
            Err(e) => eprintln!("skysweep: cannot save replay {}: {e}", path.display()),
        }
    }
}

impl Drop for Recording {
    /// Whatever comes next may write the same recording file, so an autosave still in flight
    /// finishes first (two writers would share the temporary file).
    fn drop(&mut self) {
        let _ = self.finish_autosave();
    }
}

/// Steps of play between autosaves of a `--record` recording (5 seconds at 60 Hz), so a crash
/// or a killed process loses at most that much of the run.
const AUTOSAVE_STEPS: u32 = 5 * 60;

const TITLE_ITEMS: [&str; 5] = ["START", "2 PLAYERS", "OPTIONS", "HIGH SCORES", "QUIT"];
const PAUSE_ITEMS: [&str; 3] = ["RESUME", "RESTART STAGE", "QUIT TO TITLE"];
const OPTION_ITEMS: [&str; 10] = [
    "MUSIC VOLUME",
    "EFFECTS VOLUME",
    "DISPLAY SCALE",
    "FULLSCREEN",
    "SCREEN SHAKE",
    "DIFFICULTY",
    "1P KEYS",
    "2P KEYS",
    "PAD BUTTONS",
    "BACK",
];

/// Menu presses this frame, from the keyboard and every gamepad.
#[derive(Clone, Debug, Default)]
struct MenuInput {
    up: bool,
    down: bool,
    left: bool,
    right: bool,
    ok: bool,
    back: bool,
    /// Start on any pad (pause).
    start: bool,
    /// Every pad press this frame with the pad's slot, for screens where each player has a pad.
    pads: Vec<(usize, PadButton)>,
}

struct App {
    cli: Cli,
    renderer: Renderer,
    audio: Audio,
    pads: Gamepads,
    config: Config,
    /// Where `config` is saved, the moment it changes.
    settings_file: SettingsFile,
    scores: ScoreTable,
    scene: Scene,
    /// Hitbox overlay on (F1): app state, never a global.
    debug: bool,
    fullscreen: bool,
    clock: FixedStep,
    times: FrameTimes,
    /// Every frame's render time, µs, for the summary printed after a `--frames` run.
    /// Per-frame timings kept with `--frames`, summarised on stderr at exit.
    frame_log: FrameLog,
    /// Rendered frames so far.
    frames: u64,
    /// Animation counter, one per step.
    anim: u64,
    /// Stages played in order: the chosen `--level`, or every shipped stageN.ron.
    stages: Vec<PathBuf>,
    base_config: WorldConfig,
    initial_replay: Option<Replay>,
    /// A problem to show on screen, with its title; level errors stay until a good save.
    message: Option<Notice>,
    /// Players' standing carried into the next stage (empty for a new game).
    carry: Vec<Carry>,
    /// The run's recording, handed from a cleared stage to the next one with `carry`.
    continued_recording: Option<Recording>,
    /// The `--record` file holds a finished run: later play (a restart, a new game from the
    /// title) is not recorded, so it cannot overwrite that run.
    recording_spent: bool,
    /// Keys pressed since the last fixed step, per player: a tap shorter than a frame is
    /// never down when a step reads the keys, and a frame may run no step at all.
    taps: [Input; 2],
    /// Every stage loaded so far, newest version, by path: hot reload replaces entries.
    levels: BTreeMap<PathBuf, Arc<Level>>,
    /// Watches the stage in play for saves; `None` when the folder cannot be watched.
    watcher: Option<LevelWatcher>,
    quit: bool,
}

impl App {
    async fn new(cli: Cli, prepared: setup::RunSetup) -> App {
        let assets = Assets::load(&find_data("assets"));
        let mut warnings = assets.warnings.clone();
        let mut audio = Audio::load(&find_data("assets"), &mut warnings).await;
        let (config, config_warning) = Config::load();
        let settings_file = SettingsFile::new(Config::path(), config.clone());
        let (scores, score_warning) = match ScoreTable::path() {
            Some(p) => ScoreTable::load_from(&p),
            None => (ScoreTable::default(), None),
        };
        let (pads, pad_warning) = Gamepads::new();
        warnings.extend(
            [config_warning, score_warning, pad_warning]
                .into_iter()
                .flatten(),
        );
        audio::unmute_alsa_errors();
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        audio.set_volumes(config.music_volume, config.effects_volume);
        // A replay plays the stages it recorded, in order; an author's level is a single stage.
        let stages = if prepared.replay.is_some() {
            prepared
                .replay_stages
                .iter()
                .map(|(p, _)| p.clone())
                .collect()
        } else if cli.run.level.is_some() {
            vec![prepared.level_path.clone()]
        } else {
            shipped_stages()
        };
        // The replay's stages were loaded and checked against it; play exactly those.
        let mut levels = BTreeMap::from([(prepared.level_path.clone(), prepared.level.clone())]);
        levels.extend(prepared.replay_stages.iter().cloned());
        let mut renderer = Renderer::new(assets);
        renderer.user_scale = (config.display_scale > 0).then_some(config.display_scale);
        let mut base_config = prepared.config;
        if cli.run.difficulty.is_none() && prepared.replay.is_none() {
            base_config.difficulty = config.difficulty;
        }
        base_config.invincible |= cli.stress.is_some();
        let mut app = App {
            debug: cli.debug,
            fullscreen: false,
            renderer,
            audio,
            pads,
            config,
            settings_file,
            scores,
            scene: Scene::Title { cursor: 0 },
            clock: FixedStep::default(),
            times: FrameTimes::default(),
            frame_log: FrameLog::default(),
            frames: 0,
            anim: 0,
            stages,
            base_config,
            initial_replay: prepared.replay,
            message: None,
            levels,
            watcher: None,
            carry: Vec::new(),
            continued_recording: None,
            recording_spent: false,
            taps: [Input::default(); 2],
            quit: false,
            cli,
        };
        if app.config.fullscreen && app.cli.frames.is_none() {
            app.set_fullscreen(true);
        }
        let straight_in = !app.cli.title
            && (app.cli.run.autoplay
                || app.cli.run.level.is_some()
                || app.initial_replay.is_some()
                || !app.cli.run.characters.is_empty()
                || app.cli.stress.is_some());
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
        // Without this macroquad ends the program as soon as the window is closed, in the middle
        // of a frame, and a recording (or anything else unsaved) is lost.
        prevent_quit();
        loop {
            // 1. Time: how many fixed steps this frame owes.
            let steps = if lockstep {
                1
            } else {
                self.clock.advance(get_frame_time() as f64)
            };
            self.pads.poll();
            self.hot_reload();
            if let Some(n) = &mut self.message {
                if n.tick() {
                    self.message = None;
                }
            }
            // Before the menus run: the key that starts a stage must not count as its first tap.
            let was_playing = matches!(&self.scene, Scene::Stage(s) if !s.paused);
            self.global_keys();
            self.frame_menus();
            self.save_changed_settings();
            let mut step_us = 0.0;
            let mut collide_us = 0.0;
            // Only play takes taps: a key pressed in a menu (shot to pick a pilot, bomb to go
            // back, a pause choice) must not act again in the stage's first step.
            let playing = was_playing && matches!(&self.scene, Scene::Stage(s) if !s.paused);
            for (tap, keys) in self.taps.iter_mut().zip(&self.config.keys) {
                *tap = if playing {
                    merge(*tap, keys.read(is_key_pressed))
                } else {
                    Input::default()
                };
            }
            for _ in 0..steps {
                // 2. Input, read right before the step so it acts in this step.
                let inputs = self.read_inputs();
                // 3. Scene update, then 4. collide.
                let (u, c) = self.step(&inputs);
                step_us += u;
                collide_us += c;
                self.anim += 1;
            }
            self.autosave_recording();
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
            if self.cli.frames.is_some() {
                self.frame_log.push(&self.times);
            }
            self.frames += 1;
            if loop_ends(self.quit, is_quit_requested(), self.cli.frames, self.frames) {
                if let Some(path) = &self.cli.screenshot {
                    let mut shot = get_screen_data();
                    // What the window shows is opaque; the framebuffer's alpha is not part of it.
                    for px in shot.get_image_data_mut() {
                        px[3] = 255;
                    }
                    shot.export_png(&path.to_string_lossy());
                }
                self.save_changed_settings();
                self.save_recording();
                self.save_waiting_scores();
                self.print_frame_summary();
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
            let on = !self.fullscreen;
            self.set_fullscreen(on);
        }
    }

    fn set_fullscreen(&mut self, on: bool) {
        self.fullscreen = on;
        set_fullscreen(on);
    }

    fn menu_input(&mut self) -> MenuInput {
        let k = |codes: &[KeyCode]| codes.iter().any(|c| is_key_pressed(*c));
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        let mut m = MenuInput {
            up: k(&[KeyCode::Up, KeyCode::W]),
            down: k(&[KeyCode::Down, KeyCode::S]),
            left: k(&[KeyCode::Left, KeyCode::A]),
            right: k(&[KeyCode::Right, KeyCode::D]),
            ok: !alt && k(&[KeyCode::Enter, KeyCode::Z, KeyCode::Space]),
            back: k(&[KeyCode::Escape, KeyCode::X, KeyCode::Backspace]),
            start: false,
            pads: self.pads.take_pressed(),
        };
        for &(_, b) in &m.pads {
            match b {
                PadButton::DPadUp => m.up = true,
                PadButton::DPadDown => m.down = true,
                PadButton::DPadLeft => m.left = true,
                PadButton::DPadRight => m.right = true,
                PadButton::South => m.ok = true,
                PadButton::Start => {
                    m.ok = true;
                    m.start = true;
                }
                PadButton::East | PadButton::Select => m.back = true,
                _ => {}
            }
        }
        m
    }

    /// Menus and other once-a-frame choices; the stage itself moves in [`App::step`].
    fn frame_menus(&mut self) {
        // Listening for a new binding must see raw presses before menu navigation eats them.
        if let Scene::Controls {
            who,
            cursor,
            listening: true,
        } = self.scene
        {
            self.listen_for_binding(who, cursor);
            return;
        }
        let m = self.menu_input();
        if let Scene::Options { cursor } = self.scene {
            self.options_menu(cursor, &m);
            return;
        }
        if let Scene::Controls { who, cursor, .. } = self.scene {
            self.controls_menu(who, cursor, &m);
            return;
        }
        let mut next: Option<Scene> = None;
        match &mut self.scene {
            Scene::Title { cursor } => {
                if let Some(choice) = nav(cursor, TITLE_ITEMS.len(), &m, &mut self.audio) {
                    next = match choice {
                        0 | 1 => {
                            let players = choice + 1;
                            Some(Scene::Select {
                                players,
                                cursors: (0..players).collect(),
                                ready: vec![false; players],
                            })
                        }
                        2 => Some(Scene::Options { cursor: 0 }),
                        3 => Some(Scene::Scores {
                            difficulty: self.config.difficulty,
                            highlight: None,
                        }),
                        _ => {
                            self.quit = true;
                            None
                        }
                    };
                }
            }
            Scene::Select {
                players,
                cursors,
                ready,
            } => {
                let two = *players == 2;
                for p in 0..*players {
                    let keys = &self.config.keys[p];
                    let pressed = |names: &Vec<String>| {
                        names
                            .iter()
                            .filter_map(|k| input::key_from_name(k))
                            .any(is_key_pressed)
                    };
                    // With two players each pad drives its own player; with one, any pad does.
                    let pad = |b: PadButton| {
                        m.pads
                            .iter()
                            .any(|&(slot, x)| x == b && (!two || slot == p))
                    };
                    let keyboard_menu = p == 0;
                    let left = pressed(&keys.left)
                        || pad(PadButton::DPadLeft)
                        || keyboard_menu && is_key_pressed(KeyCode::Left);
                    let right = pressed(&keys.right)
                        || pad(PadButton::DPadRight)
                        || keyboard_menu && is_key_pressed(KeyCode::Right);
                    let ok = pressed(&keys.shot)
                        || pad(PadButton::South)
                        || pad(PadButton::Start)
                        || keyboard_menu && is_key_pressed(KeyCode::Enter);
                    let back = pressed(&keys.bomb) || pad(PadButton::East);
                    if !ready[p] {
                        if left {
                            cursors[p] = (cursors[p] + 2) % 3;
                            self.audio.play("menu_move");
                        }
                        if right {
                            cursors[p] = (cursors[p] + 1) % 3;
                            self.audio.play("menu_move");
                        }
                        if ok {
                            ready[p] = true;
                            self.audio.play("menu_select");
                        }
                    } else if back {
                        ready[p] = false;
                    }
                }
                let leave = is_key_pressed(KeyCode::Escape)
                    || m.pads.iter().any(|&(_, b)| b == PadButton::Select)
                    || (m.back
                        && ready.iter().all(|r| !*r)
                        && m.pads.iter().any(|&(_, b)| b == PadButton::East));
                if leave {
                    next = Some(Scene::Title { cursor: 0 });
                } else if ready.iter().all(|r| *r) {
                    let characters: Vec<Character> =
                        cursors.iter().map(|c| Character::ALL[*c]).collect();
                    self.start_stage(0, 0, characters);
                    return;
                }
            }
            Scene::Options { .. } | Scene::Controls { .. } => {}
            Scene::Scores { difficulty, .. } => {
                let i = Difficulty::ALL
                    .iter()
                    .position(|d| d == difficulty)
                    .unwrap_or(1);
                if m.left {
                    *difficulty = Difficulty::ALL[(i + 2) % 3];
                }
                if m.right {
                    *difficulty = Difficulty::ALL[(i + 1) % 3];
                }
                if m.ok || m.back {
                    next = Some(self.go_to_title());
                }
            }
            Scene::Stage(s) => {
                if is_key_pressed(KeyCode::Escape) || m.start {
                    s.paused = !s.paused;
                    s.pause_cursor = 0;
                } else if s.paused {
                    if let Some(choice) =
                        nav(&mut s.pause_cursor, PAUSE_ITEMS.len(), &m, &mut self.audio)
                    {
                        match choice {
                            0 => s.paused = false,
                            1 => self.restart_stage(),
                            _ => {
                                self.save_recording();
                                next = Some(self.go_to_title());
                            }
                        }
                    }
                } else if is_key_pressed(KeyCode::R) && !self.r_is_bound() {
                    self.restart_stage();
                }
            }
            Scene::GameOver { steps, pending, .. } => {
                if *steps > 30 && (m.ok || m.back) || *steps > 300 {
                    let pending = std::mem::take(pending);
                    next = Some(self.after_game_over(pending));
                }
            }
            Scene::ReplayEnded { steps, .. } => {
                // Quit rather than go to the title: a game started there would be set up from
                // the replay (its seed, its stages) and play it back again.
                if *steps > 30 && (m.ok || m.back) {
                    self.quit = true;
                }
            }
            Scene::NameEntry {
                pending,
                draft,
                gate,
            } => {
                // Letters typed on the keyboard go straight in, so only arrows, Enter and
                // Backspace steer here (WASD, Z and X would collide with typing).
                gate.typed(&get_keys_down(), std::iter::from_fn(get_char_pressed))
                    .into_iter()
                    .for_each(|c| draft.type_char(c));
                let pad = |b: PadButton| m.pads.iter().any(|&(_, x)| x == b);
                let up = is_key_pressed(KeyCode::Up) || pad(PadButton::DPadUp);
                let down = is_key_pressed(KeyCode::Down) || pad(PadButton::DPadDown);
                let left = is_key_pressed(KeyCode::Left)
                    || is_key_pressed(KeyCode::Backspace)
                    || pad(PadButton::DPadLeft)
                    || pad(PadButton::East);
                let right = is_key_pressed(KeyCode::Right)
                    || pad(PadButton::DPadRight)
                    || pad(PadButton::South);
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
                if done && !pending.is_empty() {
                    let mut rest = std::mem::take(pending);
                    let first = rest.remove(0);
                    let rank = self
                        .scores
                        .insert(first.difficulty, first.entry(draft.name()));
                    self.save_scores();
                    self.audio.play("menu_select");
                    next = Some(if rest.is_empty() {
                        Scene::Scores {
                            difficulty: first.difficulty,
                            highlight: rank,
                        }
                    } else {
                        name_entry(rest)
                    });
                }
            }
        }
        if let Some(n) = next {
            self.scene = n;
        }
    }

    fn options_menu(&mut self, mut cursor: usize, m: &MenuInput) {
        if m.left || m.right {
            self.adjust_option(cursor, if m.right { 1 } else { -1 });
            self.audio.play("menu_move");
        }
        self.scene = match nav(&mut cursor, OPTION_ITEMS.len(), m, &mut self.audio) {
            Some(choice @ 6..=8) => Scene::Controls {
                who: choice - 6,
                cursor: 0,
                listening: false,
            },
            Some(9) => Scene::Title { cursor: 2 },
            Some(choice) => {
                self.adjust_option(choice, 1);
                Scene::Options { cursor }
            }
            None if m.back => Scene::Title { cursor: 2 },
            None => Scene::Options { cursor },
        };
    }

    fn controls_menu(&mut self, who: usize, mut cursor: usize, m: &MenuInput) {
        let rows = self.control_rows(who).len();
        self.scene = match nav(&mut cursor, rows, m, &mut self.audio) {
            Some(choice) if choice + 2 == rows => {
                self.reset_bindings(who);
                Scene::Controls {
                    who,
                    cursor,
                    listening: false,
                }
            }
            Some(choice) if choice + 1 == rows => Scene::Options { cursor: 6 + who },
            Some(choice) => Scene::Controls {
                who,
                cursor: choice,
                listening: true,
            },
            None if m.back => Scene::Options { cursor: 6 + who },
            None => Scene::Controls {
                who,
                cursor,
                listening: false,
            },
        };
    }

    /// True when a player bound R to a game action, which then wins over "restart".
    fn r_is_bound(&self) -> bool {
        self.config.keys.iter().any(|k| {
            Action::ALL
                .iter()
                .any(|a| k.keys(*a).iter().any(|n| n.eq_ignore_ascii_case("R")))
        })
    }

    /// Changes option `i` one notch in `dir`; the first rows of [`OPTION_ITEMS`] are
    /// [`Setting::ALL`] in order, the rest are not adjusted.
    fn adjust_option(&mut self, i: usize, dir: i32) {
        let Some(&setting) = Setting::ALL.get(i) else {
            return;
        };
        self.config.adjust(setting, dir);
        match setting {
            Setting::Fullscreen => self.set_fullscreen(self.config.fullscreen),
            Setting::Difficulty => self.base_config.difficulty = self.config.difficulty,
            _ => {}
        }
        self.audio
            .set_volumes(self.config.music_volume, self.config.effects_volume);
        self.renderer.user_scale =
            (self.config.display_scale > 0).then_some(self.config.display_scale);
    }

    fn option_rows(&self) -> Vec<(String, String)> {
        let c = &self.config;
        let pct = |v: f32| format!("{:>3}%", (v * 100.0).round() as u32);
        let on = |b: bool| if b { "ON" } else { "OFF" }.to_string();
        OPTION_ITEMS
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let value = match i {
                    0 => pct(c.music_volume),
                    1 => pct(c.effects_volume),
                    2 => {
                        if c.display_scale == 0 {
                            "AUTO".into()
                        } else {
                            format!("{}X", c.display_scale)
                        }
                    }
                    3 => on(c.fullscreen),
                    4 => on(c.screen_shake),
                    5 => c.difficulty.name().to_uppercase(),
                    _ => String::new(),
                };
                (label.to_string(), value)
            })
            .collect()
    }

    fn control_rows(&self, who: usize) -> Vec<(String, String)> {
        let mut rows: Vec<(String, String)> = if who < 2 {
            Action::ALL
                .iter()
                .map(|a| {
                    (
                        a.label().to_string(),
                        self.config.keys[who].keys(*a).join(" ").to_uppercase(),
                    )
                })
                .collect()
        } else {
            let p = &self.config.pad;
            vec![
                ("SHOT".into(), p.shot.join(" ").to_uppercase()),
                ("BOMB".into(), p.bomb.join(" ").to_uppercase()),
                ("FOCUS".into(), p.focus.join(" ").to_uppercase()),
            ]
        };
        rows.push(("RESET DEFAULTS".into(), String::new()));
        rows.push(("BACK".into(), String::new()));
        rows
    }

    fn reset_bindings(&mut self, who: usize) {
        match who {
            0 => self.config.keys[0] = KeyBindings::player1(),
            1 => self.config.keys[1] = KeyBindings::player2(),
            _ => self.config.pad = PadBindings::default(),
        }
        self.audio.play("menu_select");
    }

    /// Waits for the key (or pad button) that becomes the new binding; Esc cancels.
    fn listen_for_binding(&mut self, who: usize, cursor: usize) {
        if is_key_pressed(KeyCode::Escape) {
            self.scene = Scene::Controls {
                who,
                cursor,
                listening: false,
            };
            return;
        }
        let chosen: Option<String> = if who < 2 {
            input::bindable_keys()
                .find(|k| is_key_pressed(*k))
                .and_then(input::key_name)
                .map(str::to_string)
        } else {
            self.pads
                .take_pressed()
                .into_iter()
                .map(|(_, b)| b)
                .find(|b| {
                    !matches!(
                        b,
                        PadButton::DPadUp
                            | PadButton::DPadDown
                            | PadButton::DPadLeft
                            | PadButton::DPadRight
                    )
                })
                .map(|b| b.name().to_string())
        };
        let Some(name) = chosen else {
            return;
        };
        if who < 2 {
            *self.config.keys[who].keys_mut(Action::ALL[cursor]) = vec![name];
        } else {
            let p = &mut self.config.pad;
            let slot = match cursor {
                0 => &mut p.shot,
                1 => &mut p.bomb,
                _ => &mut p.focus,
            };
            *slot = vec![name];
        }
        self.audio.play("menu_select");
        self.scene = Scene::Controls {
            who,
            cursor,
            listening: false,
        };
    }

    /// Writes the settings in the frame they change, so closing the window, which ends the
    /// program without returning to this loop, never loses a change made in the options menu.
    fn save_changed_settings(&mut self) {
        if let Err(e) = self.settings_file.save_changes(&self.config) {
            eprintln!("warning: settings not saved: {e}");
            self.message = Some(Notice::brief("SETTINGS NOT SAVED", e));
        }
    }

    fn save_scores(&mut self) {
        let Some(path) = ScoreTable::path() else {
            return;
        };
        if let Err(e) = self.scores.save_to(&path) {
            eprintln!("warning: high scores not saved: {e}");
            self.message = Some(Notice::brief("SCORES NOT SAVED", e));
        }
    }

    /// At the loop's end: scores the player had not finished naming are saved, not dropped.
    fn save_waiting_scores(&mut self) {
        let changed = match &self.scene {
            Scene::NameEntry { pending, draft, .. } => {
                keep_waiting_scores(&mut self.scores, pending, Some(draft))
            }
            Scene::GameOver { pending, .. } => keep_waiting_scores(&mut self.scores, pending, None),
            _ => false,
        };
        if changed {
            self.save_scores();
        }
    }

    fn after_game_over(&mut self, pending: Vec<PendingScore>) -> Scene {
        if pending.is_empty() {
            self.go_to_title()
        } else {
            self.audio.music("title");
            name_entry(pending)
        }
    }

    fn read_inputs(&mut self) -> Vec<Input> {
        let Scene::Stage(s) = &mut self.scene else {
            return Vec::new();
        };
        let players = s.world.players.len();
        (0..players)
            .map(|i| {
                if let Some((steps, cursor)) = &s.replay {
                    return steps
                        .get(*cursor)
                        .and_then(|v| v.get(i).copied())
                        .unwrap_or_default();
                }
                if let Some(bot) = &mut s.bots[i] {
                    return bot.decide(&s.world, i);
                }
                // A tap counts as held for the first step after it.
                let tap = std::mem::take(&mut self.taps[i]);
                let keys = merge(self.config.keys[i].read(is_key_down), tap);
                match self.pads.input(i, &self.config.pad) {
                    Some(pad) => merge(keys, pad),
                    None => keys,
                }
            })
            .collect()
    }

    /// One fixed step of the current scene. Returns (update µs, collide µs).
    fn step(&mut self, inputs: &[Input]) -> (f64, f64) {
        let mut timings = (0.0, 0.0);
        let mut next: Option<Scene> = None;
        match &mut self.scene {
            Scene::Stage(s) if !s.paused => {
                if let Some(r) = &mut s.recording {
                    r.replay.record(inputs);
                    if let Some(n) = &mut r.unsaved_steps {
                        *n += 1;
                    }
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
                // A cleared stage with another recorded after it goes on to that one, through
                // the same stage-clear transition as live play.
                let next_recorded = self
                    .initial_replay
                    .as_ref()
                    .is_some_and(|r| s.stage_index + 1 < r.stages.len());
                let replay_end = s
                    .replay
                    .as_ref()
                    .and_then(|(r, c)| {
                        replay_end(*c >= r.len(), s.world.cleared(), s.world.game_over())
                    })
                    .filter(|how| !(*how == ReplayEnd::Cleared && next_recorded));
                if let Some(how) = replay_end {
                    self.audio.stop_music();
                    next = Some(Scene::ReplayEnded {
                        steps: 0,
                        scores: s.world.players.iter().map(|p| p.score).collect(),
                        stage: s.world.level.name.clone(),
                        how,
                    });
                } else if s.world.cleared() {
                    let (i, l, c) = (
                        s.stage_index + 1,
                        s.loop_index,
                        s.world.config.characters.clone(),
                    );
                    let carry = s.world.players.iter().map(Carry::of).collect();
                    // The recording goes on into the next stage; it is written now so the file
                    // holds every cleared stage even if the next one is never saved.
                    let mut recording = s.recording.take();
                    if let (Some(r), Some(path)) = (&mut recording, &self.cli.run.record) {
                        r.save(path);
                    }
                    // A replay reaches here only with another recorded stage to play.
                    let single = self.cli.run.level.is_some()
                        && self.initial_replay.is_none()
                        && !self.cli.run.autoplay;
                    self.carry = carry;
                    self.continued_recording = recording.filter(|_| !single);
                    if i < self.stages.len() && !single {
                        self.start_stage(i, l, c);
                    } else if single {
                        // A single stage (an author's level, a replay) ends here, scores first.
                        self.carry.clear();
                        let pending = self.pending_scores();
                        self.scene = self.after_game_over(pending);
                    } else {
                        // The last stage cleared: round again, harder.
                        self.start_stage(0, l + 1, c);
                    }
                    return timings;
                } else if s.world.game_over() {
                    let pending = self.pending_scores();
                    let Scene::Stage(s) = &self.scene else {
                        unreachable!()
                    };
                    let scores = s.world.players.iter().map(|p| p.score).collect();
                    let stage = s.world.level.name.clone();
                    self.save_recording();
                    self.audio.stop_music();
                    next = Some(Scene::GameOver {
                        steps: 0,
                        scores,
                        stage,
                        pending,
                    });
                }
            }
            Scene::GameOver { steps, .. } | Scene::ReplayEnded { steps, .. } => *steps += 1,
            _ => {}
        }
        if let Some(n) = next {
            self.scene = n;
        }
        timings
    }

    /// Players' scores that make the table, unless a bot or a replay played or it was practice.
    fn pending_scores(&self) -> Vec<PendingScore> {
        let Scene::Stage(s) = &self.scene else {
            return Vec::new();
        };
        // Practice runs (started part-way, at a chosen power, or on an author's level) do not
        // compete with full games.
        let practice = self.cli.run.at.is_some()
            || self.cli.run.power.is_some()
            || self.cli.run.level.is_some();
        if practice
            || s.replay.is_some()
            || s.bots.iter().any(Option::is_some)
            || s.world.config.invincible
        {
            return Vec::new();
        }
        let d = s.world.config.difficulty;
        let mut table = self.scores.clone();
        s.world
            .players
            .iter()
            .filter_map(|p| {
                let pending = PendingScore {
                    player: p.index,
                    score: p.score,
                    character: p.character,
                    stage: s.world.level.name.clone(),
                    difficulty: d,
                };
                table
                    .insert(d, pending.entry(UNNAMED.into()))
                    .map(|_| pending)
            })
            .collect()
    }

    fn restart_stage(&mut self) {
        // A restarted stage begins without what the players carried into it, so the run's
        // recording cannot go on through it: it ends here, saved, and is not started again.
        self.save_recording();
        if let Scene::Stage(s) = &self.scene {
            let (i, l, c) = (
                s.stage_index,
                s.loop_index,
                s.world.config.characters.clone(),
            );
            if self.initial_replay.is_some() {
                // A later recorded stage depends on what the ones before it carry over: a
                // replay restarts from its beginning.
                self.start_stage(0, 0, c);
            } else {
                self.start_stage(i, l, c);
            }
        }
    }

    fn go_to_title(&mut self) -> Scene {
        self.audio.music("title");
        self.renderer.effects.clear();
        Scene::Title { cursor: 0 }
    }

    /// Starts stage `index` of the list for `characters`, on loop `loop_index`.
    fn start_stage(&mut self, index: usize, loop_index: u32, characters: Vec<Character>) {
        let index = index.min(self.stages.len().saturating_sub(1));
        let path = self.stages[index].clone();
        let level = match self.levels.get(&path) {
            Some(l) => l.clone(),
            None => match skysweep::level::load_stage(&path) {
                Ok(l) => {
                    let l = Arc::new(l);
                    self.levels.insert(path.clone(), l.clone());
                    l
                }
                Err(e) => {
                    // A broken shipped stage should not end the game: say so and play the first.
                    eprintln!("{e}");
                    self.message = Some(Notice::lasting("LEVEL ERROR", e.to_string()));
                    match self.levels.values().next() {
                        Some(l) => l.clone(),
                        None => {
                            // No stage to go on to: a recording handed on ends here, saved.
                            if let (Some(mut r), Some(path)) =
                                (self.continued_recording.take(), &self.cli.run.record)
                            {
                                r.save(path);
                            }
                            return;
                        }
                    }
                }
            },
        };
        let first = index == 0 && loop_index == 0;
        // A replay's stage starts where and on the loop it was recorded, with its own inputs.
        let recorded = self
            .initial_replay
            .as_ref()
            .and_then(|r| r.stages.get(index));
        let (start_at, loop_index) = match recorded {
            Some(r) => (r.start_at, r.loop_index),
            None if first => (self.base_config.start_at, loop_index),
            None => (0.0, loop_index),
        };
        let replay = recorded.map(|r| r.steps().collect());
        let power = self.base_config.start_power;
        self.begin_stage(
            level, index, loop_index, characters, start_at, power, first, replay,
        );
        self.watch(&path);
    }

    /// Puts `level` in play at `start_at` seconds. `first` starts a run (and its recording,
    /// with `--record`); `replay` holds the stage's recorded inputs when a replay plays.
    #[allow(clippy::too_many_arguments)]
    fn begin_stage(
        &mut self,
        level: Arc<Level>,
        index: usize,
        loop_index: u32,
        characters: Vec<Character>,
        start_at: f32,
        power: u8,
        first: bool,
        replay: Option<Vec<Vec<Input>>>,
    ) {
        let config = WorldConfig {
            characters: characters.clone(),
            loop_index,
            start_at,
            start_power: power,
            carry: std::mem::take(&mut self.carry),
            ..self.base_config.clone()
        };
        let replay = replay.map(|steps| (steps, 0));
        // The run's recording: carried on from the stage just cleared, or begun with the run.
        let recording = match self.continued_recording.take() {
            Some(mut r) => {
                r.replay.begin_stage(&level, &config);
                Some(r)
            }
            None => self
                .cli
                .run
                .record
                .as_ref()
                .filter(|_| first && !self.recording_spent)
                .map(|_| Recording::new(Replay::for_run(&level, &config))),
        };
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
            recording,
        }));
        if let (Some(n), Scene::Stage(s)) = (self.cli.stress, &mut self.scene) {
            fill_with_bullets(&mut s.world, n);
        }
    }

    /// Watches the stage file at `path` for saves, unless it is watched already.
    fn watch(&mut self, path: &Path) {
        let current = self
            .watcher
            .as_ref()
            .is_some_and(|w| std::path::absolute(path).is_ok_and(|p| p == w.stage()));
        if current {
            return;
        }
        self.watcher = match LevelWatcher::new(path) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("warning: no hot reload: {e}");
                None
            }
        };
    }

    /// A saved level file: restart on the new version at the current marker (or the same time),
    /// keeping the characters and their power; a broken save keeps the last good version.
    fn hot_reload(&mut self) {
        let Some(result) = self.watcher.as_mut().and_then(LevelWatcher::poll) else {
            return;
        };
        let Scene::Stage(s) = &self.scene else {
            // Not playing: keep the new version (or show its errors) for the next start.
            match result {
                Ok(level) => {
                    let watched = self.watcher.as_ref().map(|w| w.stage().to_path_buf());
                    if let Some(path) = self
                        .stages
                        .iter()
                        .find(|p| std::path::absolute(p).ok() == watched)
                        .cloned()
                    {
                        self.levels.insert(path, Arc::new(level));
                    }
                    self.message = None;
                }
                Err(e) => self.message = Some(Notice::lasting("SAVE HAS ERRORS", e.to_string())),
            }
            return;
        };
        match result {
            Err(e) => {
                eprintln!("skysweep: level not reloaded: {e}");
                let shown: Vec<String> = e
                    .diagnostics
                    .iter()
                    .take(3)
                    .map(ToString::to_string)
                    .collect();
                let more = match e.diagnostics.len().saturating_sub(3) {
                    0 => String::new(),
                    n => format!("\n...and {n} more (see the terminal)"),
                };
                let text = format!(
                    "{}{more}\nThe last good version keeps running.",
                    shown.join("\n")
                );
                self.message = Some(Notice::lasting("SAVE HAS ERRORS", text));
                self.audio.play("warning");
            }
            Ok(level) => {
                let level = Arc::new(level);
                let w = &s.world;
                let now = w.stage_time;
                let marker = level
                    .markers
                    .values()
                    .copied()
                    .filter(|t| *t <= now + 1e-3)
                    .fold(None, |a: Option<f32>, t| Some(a.map_or(t, |a| a.max(t))));
                let start_at = marker.unwrap_or(now).min(level.length_s);
                let power = w.players.iter().map(|p| p.power).max().unwrap_or(1);
                let (index, loop_index, characters) =
                    (s.stage_index, s.loop_index, w.config.characters.clone());
                if let Some(path) = self.stages.get(index).cloned() {
                    self.levels.insert(path, level.clone());
                }
                eprintln!("reloaded {} at {start_at:.1} s", level.source);
                self.message = None;
                self.save_recording();
                self.begin_stage(
                    level, index, loop_index, characters, start_at, power, false, None,
                );
            }
        }
    }

    fn save_recording(&mut self) {
        let (Scene::Stage(s), Some(path)) = (&mut self.scene, &self.cli.run.record) else {
            return;
        };
        // Taken: the recording ends with this save (a cleared stage hands it on instead).
        if let Some(mut r) = s.recording.take() {
            r.save(path);
            self.recording_spent = true;
            eprintln!(
                "recording saved to {}; play after this point is not recorded",
                path.display()
            );
        }
    }

    /// Writes the recording so far, without ending it, once enough play has gone unsaved. The
    /// write runs on its own thread; the next autosave waits until it has finished.
    fn autosave_recording(&mut self) {
        let (Scene::Stage(s), Some(path)) = (&mut self.scene, &self.cli.run.record) else {
            return;
        };
        let Some(r) = &mut s.recording else {
            return;
        };
        if r.autosaving.as_ref().is_some_and(|t| !t.is_finished()) {
            return;
        }
        if let Some(Err(e)) = r.finish_autosave() {
            eprintln!(
                "warning: cannot autosave replay {}: {e} (will try again when the run ends)",
                path.display()
            );
            r.unsaved_steps = None;
        }
        let Some(n) = r.unsaved_steps else {
            return;
        };
        if n < AUTOSAVE_STEPS {
            return;
        }
        let (text, path) = (r.replay.to_ron(), path.clone());
        r.unsaved_steps = Some(0);
        r.autosaving = Some(std::thread::spawn(move || {
            skysweep::store::write_atomic(&path, text.as_bytes())
        }));
    }

    /// After a `--frames` run: how long drawing took, for checks by script.
    fn print_frame_summary(&mut self) {
        let bullets = match &self.scene {
            Scene::Stage(s) => s.world.bullets.len(),
            _ => 0,
        };
        if let Some(summary) = self.frame_log.summary() {
            eprintln!(
                "frames {}: {summary}; {bullets} enemy bullets on screen at the end",
                self.frames
            );
        }
    }

    fn hi_score(&self) -> u64 {
        let best = self.scores.best(self.base_config.difficulty);
        match &self.scene {
            // Each player is ranked alone, so the HI SCORE a game can set is its best player's.
            Scene::Stage(s) => best.max(s.world.best_player_score()),
            _ => best,
        }
    }

    fn render(&mut self) {
        let shake = self.renderer.effects.shake_offset(self.config.screen_shake);
        let anim = self.anim;
        let hi = self.hi_score();
        let clear = match &self.scene {
            Scene::Stage(s) => {
                let (r, g, b) = s.world.level.background.sky;
                Color::from_rgba(r, g, b, 255)
            }
            _ => Color::from_rgba(20, 30, 60, 255),
        };
        self.renderer.begin_playfield(clear, shake);
        let option_rows = self.option_rows();
        let mut stage_world: Option<&World> = None;
        let mut replay_marker = None;
        match &self.scene {
            Scene::Title { cursor } => {
                let items: Vec<String> = TITLE_ITEMS.iter().map(|s| s.to_string()).collect();
                let pads = match self.pads.count() {
                    0 => String::new(),
                    n => format!("  {n} PAD{}", if n > 1 { "S" } else { "" }),
                };
                menus::title(
                    &mut self.renderer,
                    &items,
                    *cursor,
                    anim,
                    &format!("HI {hi:08}{pads}"),
                );
            }
            Scene::Select { cursors, ready, .. } => {
                menus::select(&mut self.renderer, cursors, ready, anim)
            }
            Scene::Options { cursor } => menus::list(
                &mut self.renderer,
                "OPTIONS",
                &option_rows,
                *cursor,
                "LEFT/RIGHT SET  ESC BACK",
            ),
            Scene::Controls {
                who,
                cursor,
                listening,
            } => {
                let title = ["1P KEYS", "2P KEYS", "PAD BUTTONS"][(*who).min(2)];
                let hint = if *listening {
                    if *who < 2 {
                        "PRESS THE NEW KEY  (ESC CANCELS)"
                    } else {
                        "PRESS THE NEW PAD BUTTON  (ESC CANCELS)"
                    }
                } else {
                    "SHOT TO REBIND  ESC BACK"
                };
                let rows = self.control_rows(*who);
                menus::list(&mut self.renderer, title, &rows, *cursor, hint);
            }
            Scene::Scores {
                difficulty,
                highlight,
            } => {
                let rows: Vec<(String, u64, String, String)> = self
                    .scores
                    .entries(*difficulty)
                    .iter()
                    .map(|e| {
                        (
                            e.name.clone(),
                            e.score,
                            e.character.name().to_string(),
                            e.stage.clone(),
                        )
                    })
                    .collect();
                menus::scores(
                    &mut self.renderer,
                    difficulty.name(),
                    &rows,
                    *highlight,
                    anim,
                );
            }
            Scene::Stage(s) => {
                stage::draw(&mut self.renderer, &s.world, anim);
                if s.paused {
                    menus::pause(&self.renderer, &PAUSE_ITEMS, s.pause_cursor);
                }
                stage_world = Some(&s.world);
                replay_marker = hud::replay_marker(s.replay.is_some(), anim);
            }
            Scene::GameOver { scores, stage, .. } => {
                menus::game_over(&self.renderer, scores, stage)
            }
            Scene::ReplayEnded {
                scores, stage, how, ..
            } => menus::replay_ended(&self.renderer, scores, stage, *how),
            Scene::NameEntry { pending, draft, .. } => {
                if let Some(p) = pending.first() {
                    let rank = self.scores.rank_for(p.difficulty, p.score).unwrap_or(0);
                    menus::name_entry(
                        &mut self.renderer,
                        p.player,
                        p.score,
                        rank,
                        draft.letters(),
                        draft.pos(),
                        anim,
                    );
                }
            }
        }
        if let Some(n) = &self.message {
            menus::message(&self.renderer, &n.title, &n.text);
        }
        if let Some(w) = stage_world {
            let layout = Layout::for_screen(
                vec2(screen_width(), screen_height()),
                self.renderer.user_scale,
            );
            if !layout.panels {
                hud::draw_overlay(&self.renderer, w, hi, replay_marker);
            }
        }
        let layout = self.renderer.present_playfield();
        if let Some(w) = stage_world {
            if layout.panels {
                hud::draw_panels(
                    &self.renderer,
                    w,
                    hi,
                    &self.config.keys,
                    &layout,
                    replay_marker,
                );
            }
            if self.debug {
                debug_overlay::draw_boxes(w, &layout, shake);
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

/// A message box on screen.
struct Notice {
    title: String,
    text: String,
    /// Frames left on screen; `None` stays until replaced or cleared.
    frames_left: Option<u32>,
}

impl Notice {
    fn lasting(title: &str, text: String) -> Notice {
        Notice {
            title: title.into(),
            text,
            frames_left: None,
        }
    }

    fn brief(title: &str, text: String) -> Notice {
        Notice {
            title: title.into(),
            text,
            frames_left: Some(300),
        }
    }

    /// Counts a frame; true when the notice has had its time.
    fn tick(&mut self) -> bool {
        match &mut self.frames_left {
            Some(0) => true,
            Some(n) => {
                *n -= 1;
                false
            }
            None => false,
        }
    }
}

/// Fills the playfield with `n` slowly circling bullets, for the rendering stress test.
fn fill_with_bullets(world: &mut World, n: u32) {
    use skysweep::level::schema::BulletStyle;
    let styles = [
        BulletStyle::Small,
        BulletStyle::Round,
        BulletStyle::Big,
        BulletStyle::Needle,
    ];
    for i in 0..n {
        // A low-discrepancy spread over the playfield, so the bullets cover it evenly.
        let x = (i as f32 * 0.618_034).fract() * skysweep::sim::PLAYFIELD.x;
        let y = (i as f32 * 0.754_878).fract() * skysweep::sim::PLAYFIELD.y;
        world.spawn_bullet(skysweep::sim::Bullet::new(
            vec2(x, y),
            20.0,
            (i * 37 % 360) as f32,
            0.0,
            90.0,
            styles[i as usize % 4],
        ));
    }
}

/// Whether a replay in play ends after this step, and how its recorded run ended. Clearing
/// or losing ends the recording too, so those are told apart from inputs simply running out.
/// Whether the main loop stops this frame: the game asked to quit, the window was closed, or
/// a `--frames` run has had its frames.
fn loop_ends(quit: bool, window_closed: bool, frame_limit: Option<u64>, frames: u64) -> bool {
    quit || window_closed || frame_limit.is_some_and(|n| frames >= n)
}

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

/// Keyboard and pad together: either can drive the same player.
fn merge(a: Input, b: Input) -> Input {
    Input::from_bits(a.to_bits() | b.to_bits())
}

use crate::render::Layout;

/// Up/down moves the cursor, ok picks; returns the picked entry.
fn nav(cursor: &mut usize, len: usize, m: &MenuInput, audio: &mut Audio) -> Option<usize> {
    if m.up {
        *cursor = (*cursor + len - 1) % len;
        audio.play("menu_move");
    }
    if m.down {
        *cursor = (*cursor + 1) % len;
        audio.play("menu_move");
    }
    if m.ok {
        audio.play("menu_select");
        return Some(*cursor);
    }
    None
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

/// Timings of every frame of a `--frames` run, for the summary printed at exit.
#[derive(Default)]
struct FrameLog {
    last: Option<Instant>,
    /// Wall time from one frame's start to the next's, in µs: what the player sees.
    frame_us: Vec<f64>,
    render_us: Vec<f64>,
    step_us: Vec<f64>,
}

impl FrameLog {
    fn push(&mut self, times: &FrameTimes) {
        let now = Instant::now();
        if let Some(last) = self.last.replace(now) {
            self.frame_us.push((now - last).as_secs_f64() * 1e6);
        }
        self.render_us.push(times.render_us);
        if times.steps > 0 {
            self.step_us.push(times.step_us);
        }
    }

    /// One line: achieved frames per second from the median frame time, and the medians and
    /// 99th percentiles of frame, render and simulation-step time. `None` before two frames.
    fn summary(&mut self) -> Option<String> {
        fn p50_p99(v: &mut [f64]) -> (f64, f64) {
            if v.is_empty() {
                return (0.0, 0.0);
            }
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[(v.len() - 1) * 99 / 100])
        }
        if self.frame_us.is_empty() {
            return None;
        }
        let (f50, f99) = p50_p99(&mut self.frame_us);
        let (r50, r99) = p50_p99(&mut self.render_us);
        let (s50, s99) = p50_p99(&mut self.step_us);
        Some(format!(
            "{:.1} fps (frame p50 {:.2} ms, p99 {:.2} ms); render p50 {r50:.0} us, p99 {r99:.0} us; \
             sim step p50 {s50:.0} us, p99 {s99:.0} us",
            1e6 / f50.max(1.0),
            f50 / 1e3,
            f99 / 1e3
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{
        keep_waiting_scores, loop_ends, replay_end, NameDraft, PendingScore, ReplayEnd, ScoreTable,
        UNNAMED,
    };
    use skysweep::sim::{Character, Difficulty};

    fn waiting(player: usize, score: u64) -> PendingScore {
        PendingScore {
            player,
            score,
            character: Character::Brass,
            stage: "Meadowvale".into(),
            difficulty: Difficulty::Hard,
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

    #[test]
    fn closing_the_window_ends_the_loop_through_the_saving_path() {
        // The window close has to reach the loop's own exit (which saves the recording) in any
        // scene and whatever --frames says; macroquad no longer ends the program by itself.
        assert!(loop_ends(false, true, None, 0));
        assert!(loop_ends(false, true, Some(1000), 3));
        assert!(!loop_ends(false, false, None, 1_000_000));
        assert!(!loop_ends(false, false, Some(1000), 999));
        assert!(loop_ends(false, false, Some(1000), 1000));
        assert!(loop_ends(true, false, None, 0));
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
