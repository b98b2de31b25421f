//! `skysweep lab`: the collision lab. A window that plays the collider's scripted scenes
//! (`skysweep::collide::scenes`, the benchmarks' own) live, with a switch between the broad
//! phases, the hitbox overlay, the counters and a plot of collide time per frame, so a reader
//! of the collision articles sees each idea work.
//!
//! Each frame runs, in order: **keys** (they change the scene, the population or the broad
//! phase), **scene step**, **collide** (timed: the step mirrored into the broad phase and its
//! update), the **resolution hook**, **plot** (the time joins the running phase's line), then
//! **draw**, which only reads. One frame is one 60 Hz step of the scene, paced at 60 frames a
//! second.
//!
//! One concern a file: [`control`] (scenes and population), [`phase`] (the broad-phase
//! switch), [`plot`], [`overlay`] (the hitboxes), [`view`] (the layout and panel), [`extras`] (hooks for shapes and
//! resolution), [`args`] (the command line).

mod args;
mod control;
mod extras;
mod overlay;
mod phase;
mod plot;
mod view;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use macroquad::prelude::*;

pub use args::LabArgs;
use control::{doubled, halved, Control, LabScene};
use extras::Extras;
use phase::{Broad, Phase};
use plot::Plot;

use crate::app::{audio, display};
use crate::render::{Assets, Renderer};
use crate::setup::find_data;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scene(LabScene),
    /// The next (+1) or previous (-1) scene.
    CycleScene(i32),
    Double,
    Halve,
    /// The next (+1) or previous (-1) broad phase on offer.
    CyclePhase(i32),
    ToggleBoxes,
    TogglePause,
    /// One frame while paused.
    Step,
    ToggleShapes,
    ToggleResolve,
}

/// The last collide frame's results.
#[derive(Clone, Copy, Debug, Default)]
pub struct LastFrame {
    pub events: usize,
    pub collide_us: f64,
}

/// Frames a notice stays up: three seconds.
const NOTICE_FRAMES: u32 = 180;

/// The lab's state. Everything but the window: it runs, and is tested, headless.
pub struct Lab {
    pub control: Control,
    pub broad: Broad,
    pub plot: Plot,
    pub extras: Extras,
    /// The first update of the running broad phase (every box inserted at once), in µs.
    pub build_us: f64,
    pub last: LastFrame,
    pub paused: bool,
    pub show_boxes: bool,
    /// A line saying why a key did nothing, and the frames it has left.
    pub notice: Option<(String, u32)>,
}

impl Lab {
    pub fn new(which: LabScene, bodies: usize, phase: Phase) -> Lab {
        let control = Control::new(which, bodies);
        let (broad, build_us) = Broad::build(phase.fitted(control.bodies), &control.scene);
        Lab {
            control,
            broad,
            plot: Plot::default(),
            extras: Extras::default(),
            build_us,
            last: LastFrame::default(),
            paused: false,
            show_boxes: true,
            notice: None,
        }
    }

    /// Restarts `which` with `bodies`: a new scene from its first frame, the same broad phase
    /// when it is still offered (else sweep and prune), and a fresh plot, since times from
    /// another scene or population do not compare.
    fn restart(&mut self, which: LabScene, bodies: usize) {
        let was = self.broad.phase();
        self.control.restart(which, bodies);
        let now = was.fitted(self.control.bodies);
        if now != was {
            self.say(format!(
                "brute force: below {} bodies only",
                view::thousands(phase::BRUTE_LIMIT)
            ));
        }
        self.switch_phase(now);
        self.plot.clear();
        self.last = LastFrame::default();
    }

    /// Runs `phase` from the scene's current frame on; every line of the plot stays.
    fn switch_phase(&mut self, phase: Phase) {
        let (broad, us) = Broad::build(phase, &self.control.scene);
        self.broad = broad;
        self.build_us = us;
    }

    fn say(&mut self, text: String) {
        self.notice = Some((text, NOTICE_FRAMES));
    }

    pub fn apply(&mut self, action: Action) {
        let (which, bodies) = (self.control.which, self.control.bodies);
        match action {
            Action::Scene(s) => self.restart(s, bodies),
            Action::CycleScene(step) => self.restart(which.cycled(step), bodies),
            Action::Double => self.restart(which, doubled(bodies)),
            Action::Halve => self.restart(which, halved(bodies)),
            Action::CyclePhase(step) => {
                let next = self.broad.phase().cycled(step, bodies);
                if next != self.broad.phase() {
                    self.switch_phase(next);
                }
            }
            Action::ToggleBoxes => self.show_boxes = !self.show_boxes,
            Action::TogglePause => self.paused = !self.paused,
            Action::Step => {
                if self.paused {
                    self.frame();
                }
            }
            Action::ToggleShapes => {
                if let Err(why) = self.extras.toggle_shapes() {
                    self.say(format!("shape mix: {why}"));
                }
            }
            Action::ToggleResolve => {
                if let Err(why) = self.extras.toggle_resolve() {
                    self.say(format!("resolution: {why}"));
                }
            }
        }
    }

    /// Steps 2 to 5 of the loop: the scene moves, the broad phase follows it (timed), the
    /// resolution hook runs, and the time joins the plot.
    pub fn frame(&mut self) {
        self.control.scene.step();
        let (events, us) = self.broad.frame(&self.control.scene);
        self.extras.resolve(&mut self.control.scene, &self.broad);
        self.plot.push(self.broad.phase(), us);
        self.last = LastFrame {
            events,
            collide_us: us,
        };
    }

    /// Counts the notice down, once a drawn frame.
    fn tick_notice(&mut self) {
        if let Some((_, left)) = &mut self.notice {
            *left = left.saturating_sub(1);
            if *left == 0 {
                self.notice = None;
            }
        }
    }
}

/// The actions asked for by the keys pressed this frame.
fn read_keys() -> Vec<Action> {
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    let back = if shift { -1 } else { 1 };
    let scene_keys = [
        KeyCode::Key1,
        KeyCode::Key2,
        KeyCode::Key3,
        KeyCode::Key4,
        KeyCode::Key5,
    ];
    let mut out = Vec::new();
    for (key, scene) in scene_keys.into_iter().zip(LabScene::ALL) {
        if is_key_pressed(key) {
            out.push(Action::Scene(scene));
        }
    }
    let pairs = [
        (KeyCode::Tab, Action::CycleScene(back)),
        (KeyCode::Up, Action::Double),
        (KeyCode::KpAdd, Action::Double),
        (KeyCode::Down, Action::Halve),
        (KeyCode::KpSubtract, Action::Halve),
        (KeyCode::B, Action::CyclePhase(back)),
        (KeyCode::F1, Action::ToggleBoxes),
        (KeyCode::Space, Action::TogglePause),
        (KeyCode::N, Action::Step),
        (KeyCode::S, Action::ToggleShapes),
        (KeyCode::R, Action::ToggleResolve),
    ];
    out.extend(
        pairs
            .into_iter()
            .filter(|(k, _)| is_key_pressed(*k))
            .map(|(_, a)| a),
    );
    out
}

/// Opens the lab's window and runs it. The screenshot path and the display are checked
/// before any window opens, as the game checks them.
pub fn run(args: LabArgs) -> ExitCode {
    if let Err(e) = args.check() {
        eprintln!("skysweep lab: {e}");
        return ExitCode::from(2);
    }
    if let Some(path) = &args.screenshot {
        if let Err(e) = skysweep::store::check_writable(path) {
            eprintln!(
                "skysweep lab: --screenshot {}: cannot write there: {e}",
                path.display()
            );
            return ExitCode::from(2);
        }
    }
    if let Err(e) = display::check() {
        eprintln!("skysweep: {e}");
        return ExitCode::from(1);
    }
    // The window starts macroquad's mixer whether or not anything plays: keep it quiet.
    audio::prepare_sound_device();
    audio::install_quiet_audio_panic();
    let (w, h) = args.window.unwrap_or((1200, 960));
    let conf = macroquad::conf::Conf {
        miniquad_conf: Conf {
            window_title: "SkySweep collision lab".to_string(),
            window_width: w,
            window_height: h,
            window_resizable: true,
            high_dpi: false,
            ..Default::default()
        },
        update_on: None,
        default_filter_mode: FilterMode::Nearest,
        // Room for thousands of box outlines (four strips each) in one draw call.
        draw_call_vertex_capacity: 4 * 16_000,
        draw_call_index_capacity: 6 * 16_000,
    };
    macroquad::Window::from_config(conf, async move {
        audio::unmute_alsa_errors();
        let renderer = Renderer::new(Assets::load(&find_data("assets")));
        for w in &renderer.assets.warnings {
            eprintln!("warning: {w}");
        }
        let lab = Lab::new(args.scene, args.bodies, args.phase);
        run_window(lab, &renderer, &args).await;
    });
    ExitCode::SUCCESS
}

async fn run_window(mut lab: Lab, renderer: &Renderer, args: &LabArgs) {
    let frame = Duration::from_secs_f64(1.0 / 60.0);
    let mut deadline = Instant::now();
    let mut frames = 0u64;
    let mut touching = Vec::new();
    let mut overlay = overlay::Overlay::default();
    loop {
        // 1. Keys.
        if is_key_pressed(KeyCode::Escape) || is_quit_requested() {
            break;
        }
        for action in read_keys() {
            lab.apply(action);
        }
        // 2-5. Scene step, collide, resolution hook, plot.
        if !lab.paused {
            lab.frame();
        }
        // 6. Draw: reads the state, changes nothing.
        if lab.show_boxes {
            lab.broad.mark_touching(&mut touching);
        }
        view::draw(&lab, renderer, &mut overlay, &touching);
        lab.tick_notice();
        frames += 1;
        if args.frames.is_some_and(|n| frames >= n) {
            if let Some(path) = &args.screenshot {
                save_screenshot(path);
            }
            break;
        }
        deadline += frame;
        // Behind by more than a frame (a heavy scene): start afresh rather than rush.
        let now = Instant::now();
        match deadline.checked_duration_since(now) {
            Some(wait) => std::thread::sleep(wait),
            None => deadline = now,
        }
        next_frame().await;
    }
}

/// The window as it shows now, as a PNG (the framebuffer's alpha is not part of it).
fn save_screenshot(path: &std::path::Path) {
    let mut shot = get_screen_data();
    for px in shot.get_image_data_mut() {
        px[3] = 255;
    }
    shot.export_png(&path.to_string_lossy());
}

#[cfg(test)]
mod tests {
    use super::*;
    use control::MAX_BODIES;

    #[test]
    fn doubling_past_the_cutoff_leaves_brute_force_for_sweep_and_prune() {
        let mut lab = Lab::new(LabScene::BulletHell, 1600, Phase::Brute);
        assert_eq!(lab.broad.phase(), Phase::Brute);
        lab.frame();
        lab.apply(Action::Double);
        assert_eq!(lab.control.bodies, 3200);
        assert_eq!(lab.broad.phase(), Phase::Sap);
        assert!(lab
            .notice
            .as_ref()
            .is_some_and(|(t, _)| t.contains("brute force")));
        // Brute force is skipped by the switch now, and offered again below the cutoff.
        lab.apply(Action::CyclePhase(1));
        lab.apply(Action::CyclePhase(1));
        assert_eq!(lab.broad.phase(), Phase::Sap);
        lab.apply(Action::Halve);
        lab.apply(Action::CyclePhase(-1));
        assert_eq!(lab.broad.phase(), Phase::Brute);
    }

    #[test]
    fn switching_phase_keeps_every_line_and_switching_scene_clears_them() {
        let mut lab = Lab::new(LabScene::Swarm, 400, Phase::Sap);
        for _ in 0..4 {
            lab.frame();
        }
        lab.apply(Action::CyclePhase(1));
        assert_eq!(lab.broad.phase(), Phase::Tree);
        for _ in 0..3 {
            lab.frame();
        }
        assert_eq!(lab.plot.line(Phase::Sap).len(), 4);
        assert_eq!(lab.plot.line(Phase::Tree).len(), 3);
        // The scene went on across the switch rather than starting again.
        assert_eq!(lab.control.scene.frame, 7);
        lab.apply(Action::CycleScene(1));
        assert_eq!(lab.control.which, LabScene::BossBurst);
        assert_eq!(lab.control.scene.frame, 0);
        assert!(Phase::ALL.iter().all(|&p| lab.plot.line(p).is_empty()));
        assert_eq!(lab.broad.phase(), Phase::Tree);
    }

    #[test]
    fn a_paused_lab_moves_only_one_frame_a_step_key() {
        let mut lab = Lab::new(LabScene::Rain, 200, Phase::Tree);
        lab.apply(Action::TogglePause);
        lab.apply(Action::Step);
        lab.apply(Action::Step);
        assert_eq!(lab.control.scene.frame, 2);
        lab.apply(Action::TogglePause);
        lab.apply(Action::Step);
        assert_eq!(lab.control.scene.frame, 2);
    }

    #[test]
    fn the_population_keys_stop_at_the_ends_of_the_range() {
        let mut lab = Lab::new(LabScene::Rain, 25_600, Phase::Sap);
        lab.apply(Action::Double);
        lab.apply(Action::Double);
        assert_eq!(lab.control.bodies, MAX_BODIES);
        let live = lab.control.scene.live().count();
        assert!(live > 45_000, "{live}");
    }

    #[test]
    fn missing_features_say_so_instead_of_switching() {
        let mut lab = Lab::new(LabScene::BulletHell, 100, Phase::Sap);
        lab.apply(Action::ToggleShapes);
        assert_eq!(lab.extras.shapes, extras::SHAPES_READY);
        lab.apply(Action::ToggleResolve);
        assert_eq!(lab.extras.resolve, extras::RESOLUTION_READY);
        if !extras::RESOLUTION_READY {
            assert!(lab.notice.is_some());
        }
    }
}
