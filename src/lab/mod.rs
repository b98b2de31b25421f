//! `skysweep lab`: the collision lab. A window that plays the collider's scripted workloads
//! (`skysweep::collide::workloads`, the benchmarks' own) live, with a switch between the broad
//! phases, the hitbox overlay, the counters and a plot of collide time per frame, so a reader
//! of the collision articles sees each idea work.
//!
//! Each frame runs, in order: **keys** (they change the scene, the population or the broad
//! phase), **scene step**, **collide** (timed: the step mirrored into the broad phase and its
//! update), **resolve** when it is on (timed: pushes the bodies apart), **plot** (the time of
//! both joins the running phase's line), then
//! **draw**, which only reads. One frame is one 60 Hz step of the scene, paced at 60 frames a
//! second.
//!
//! One concern a file: [`control`] (scenes and population), [`phase`] (the broad-phase
//! switch), [`plot`], [`overlay`] (the hitboxes), [`view`] (the layout and panel), [`switches`]
//! (the shape and resolution switches), [`push`] (resolution on the scenes' bodies),
//! [`shapes`] (the shape mix), [`args`] (the command line).
//!
//! May import the library's collider (`skysweep::collide`, its workloads and push-out),
//! `skysweep::platform` and `skysweep::platform::percentile`, the renderer (`crate::render`) and
//! the window (`crate::window`); never `app` or `cli` (`cli` imports [`args`]).

mod args;
mod control;
mod overlay;
mod phase;
mod plot;
mod push;
mod shapes;
mod switches;
mod view;

use std::process::ExitCode;
use std::time::Instant;

use macroquad::prelude::*;

pub use args::LabArgs;
use control::{doubled, halved, Control, LabScene};
use phase::{Broad, Method};
use plot::Plot;
use switches::Switches;

use crate::render::{Assets, Renderer};
use crate::window::display;
use crate::window::frame_log::{FpsMeter, Pace};
use skysweep::platform::data::find_data;

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
    /// The broad phase's time alone (resolution's is in `switches.push.last`).
    pub collide_us: f64,
}

/// Frames a notice stays up: three seconds.
const NOTICE_FRAMES: u32 = 180;

/// The lab's state. Everything but the window: it runs, and is tested, headless.
pub struct Lab {
    pub control: Control,
    pub broad: Broad,
    pub plot: Plot,
    pub switches: Switches,
    /// The first update of the running broad phase (every box inserted at once), in µs.
    pub build_us: f64,
    pub last: LastFrame,
    pub paused: bool,
    /// Outlines (with touching boxes filled) when true; solid silhouettes when false (F1).
    pub show_boxes: bool,
    /// A line saying why a key did nothing, and the frames it has left.
    pub notice: Option<(String, u32)>,
}

impl Lab {
    pub fn new(which: LabScene, bodies: usize, phase: Method) -> Lab {
        let control = Control::new(which, bodies);
        let switches = Switches::default();
        let map = switches.map(&control.scene);
        let (broad, build_us) = Broad::build(phase.fitted(control.bodies), &control.scene, map);
        Lab {
            control,
            broad,
            plot: Plot::default(),
            switches,
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
        let was = self.broad.method();
        self.control.restart(which, bodies);
        let now = was.fitted(self.control.bodies);
        let mut dropped = Vec::new();
        if now != was {
            dropped.push("brute force");
        }
        if self.switches.resolve && !push::offered(self.control.bodies) {
            self.switches.toggle_resolve();
            dropped.push("resolution");
        }
        if !dropped.is_empty() {
            // Both limits are the same count: one line names whatever was switched off.
            self.say(format!(
                "{}: below {} bodies only",
                dropped.join(" and "),
                view::thousands(phase::BRUTE_LIMIT)
            ));
        }
        self.switch_phase(now);
        self.plot.clear();
        self.switches.push.clear();
        self.last = LastFrame::default();
    }

    /// Runs `phase` from the scene's current frame on; every line of the plot stays.
    fn switch_phase(&mut self, phase: Method) {
        let map = self.switches.map(&self.control.scene);
        let (broad, us) = Broad::build(phase, &self.control.scene, map);
        self.broad = broad;
        self.build_us = us;
        if self.switches.shapes {
            let scene = &self.control.scene;
            let ids: Vec<u32> = scene.live().map(|(id, _)| id).collect();
            shapes::orient(&mut self.broad, scene, &ids);
        }
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
                let next = self.broad.method().cycled(step, bodies);
                if next != self.broad.method() {
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
                // Round bullets are made with the scene: it starts again with the mix.
                self.switches.toggle_shapes();
                self.control.round = self.switches.shapes;
                self.restart(which, bodies);
            }
            Action::ToggleResolve => self.set_resolve(!self.switches.resolve),
        }
    }

    /// Turns resolution on or off. The broad phase is rebuilt on the scene as it stands, with
    /// solid layers meeting themselves while it is on, and the plot starts afresh: frames with
    /// and without the extra pairs and pushes do not compare.
    pub fn set_resolve(&mut self, on: bool) {
        if on && !push::offered(self.control.bodies) {
            self.say(format!(
                "resolution: below {} bodies only",
                view::thousands(push::RESOLVE_LIMIT)
            ));
            return;
        }
        if on != self.switches.resolve {
            self.switches.toggle_resolve();
            self.switch_phase(self.broad.method());
            self.plot.clear();
            self.last = LastFrame::default();
        }
    }

    /// Steps 2 to 5 of the loop: the scene moves, the broad phase follows it (timed), the
    /// resolution step runs when it is on (timed), and the two times join the plot.
    pub fn frame(&mut self) {
        self.control.scene.step();
        let (events, collide_us) = self.broad.frame(&self.control.scene);
        if self.switches.shapes {
            let scene = &self.control.scene;
            shapes::orient(&mut self.broad, scene, &scene.spawned);
        }
        let resolve_us = self.switches.resolve(&mut self.control.scene, &self.broad);
        let us = collide_us + resolve_us;
        self.plot.push(self.broad.method(), us);
        self.last = LastFrame { events, collide_us };
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
        if let Err(e) = skysweep::platform::atomic::check_writable(path) {
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
        let renderer = Renderer::new(Assets::load(&find_data("assets")));
        for w in &renderer.assets.warnings {
            eprintln!("warning: {w}");
        }
        let mut lab = Lab::new(args.scene, args.bodies, args.phase);
        lab.set_resolve(args.resolve);
        if args.shapes {
            lab.apply(Action::ToggleShapes);
        }
        run_window(lab, &renderer, &args).await;
    });
    ExitCode::SUCCESS
}

async fn run_window(mut lab: Lab, renderer: &Renderer, args: &LabArgs) {
    // The lab always runs at the game's pace: collide times per frame compare with play.
    let mut pace = Pace::new(true);
    let mut fps = FpsMeter::new();
    let mut frames = 0u64;
    let mut touching = Vec::new();
    let mut overlay = overlay::Overlay::default();
    loop {
        let rate = fps.frame(Instant::now());
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
        view::draw(&lab, renderer, &mut overlay, &touching, rate);
        lab.tick_notice();
        frames += 1;
        if args.frames.is_some_and(|n| frames >= n) {
            if let Some(path) = &args.screenshot {
                save_screenshot(path);
            }
            break;
        }
        // Hand the frame to GL, wait for the tick, then present, as the game's paced runs do
        // (see `App::run`).
        crate::render::flush_to_gl();
        pace.wait();
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
    use skysweep::collide::workloads::layers::{AIR_ENEMY, GROUND_ENEMY, PLAYER_SHOT};

    #[test]
    fn doubling_past_the_cutoff_leaves_brute_force_for_sweep_and_prune() {
        let mut lab = Lab::new(LabScene::BulletHell, 1600, Method::Brute);
        assert_eq!(lab.broad.method(), Method::Brute);
        lab.frame();
        lab.apply(Action::Double);
        assert_eq!(lab.control.bodies, 3200);
        assert_eq!(lab.broad.method(), Method::Sap);
        assert!(lab
            .notice
            .as_ref()
            .is_some_and(|(t, _)| t.contains("brute force")));
        // Brute force is skipped by the switch now, and offered again below the cutoff.
        lab.apply(Action::CyclePhase(1));
        lab.apply(Action::CyclePhase(1));
        assert_eq!(lab.broad.method(), Method::Sap);
        lab.apply(Action::Halve);
        lab.apply(Action::CyclePhase(-1));
        assert_eq!(lab.broad.method(), Method::Brute);
    }

    #[test]
    fn switching_phase_keeps_every_line_and_switching_scene_clears_them() {
        let mut lab = Lab::new(LabScene::Swarm, 400, Method::Sap);
        for _ in 0..4 {
            lab.frame();
        }
        lab.apply(Action::CyclePhase(1));
        assert_eq!(lab.broad.method(), Method::Tree);
        for _ in 0..3 {
            lab.frame();
        }
        assert_eq!(lab.plot.line(Method::Sap).len(), 4);
        assert_eq!(lab.plot.line(Method::Tree).len(), 3);
        // The scene went on across the switch rather than starting again.
        assert_eq!(lab.control.scene.frame, 7);
        lab.apply(Action::CycleScene(1));
        assert_eq!(lab.control.which, LabScene::BossBurst);
        assert_eq!(lab.control.scene.frame, 0);
        assert!(Method::ALL.iter().all(|&p| lab.plot.line(p).is_empty()));
        assert_eq!(lab.broad.method(), Method::Tree);
    }

    #[test]
    fn a_paused_lab_moves_only_one_frame_a_step_key() {
        let mut lab = Lab::new(LabScene::Rain, 200, Method::Tree);
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
        let mut lab = Lab::new(LabScene::Rain, 25_600, Method::Sap);
        lab.apply(Action::Double);
        lab.apply(Action::Double);
        assert_eq!(lab.control.bodies, MAX_BODIES);
        let live = lab.control.scene.live().count();
        assert!(live > 45_000, "{live}");
    }

    /// How many live boxes of the broad phase have each kind of shape: box, circle, oriented.
    fn shape_counts(lab: &Lab) -> [usize; 3] {
        use skysweep::collide::Shape;
        let mut n = [0; 3];
        for (c, _) in lab.broad.boxes() {
            n[match lab.broad.shape(c.handle) {
                Shape::Aabb => 0,
                Shape::Circle { .. } => 1,
                Shape::Oriented { .. } => 2,
            }] += 1;
        }
        n
    }

    #[test]
    fn the_shape_key_restarts_the_scene_with_a_mix_and_back() {
        let mut lab = Lab::new(LabScene::BulletHell, 800, Method::Tree);
        lab.frame();
        assert_eq!(shape_counts(&lab)[1..], [0, 0]);
        lab.apply(Action::ToggleShapes);
        assert!(lab.switches.shapes && lab.control.round);
        assert_eq!(lab.control.scene.frame, 0);
        assert_eq!(lab.broad.method(), Method::Tree);
        for _ in 0..40 {
            lab.frame();
        }
        let [boxes, circles, oriented] = shape_counts(&lab);
        // Bullets round, enemies and shots turned, the player and items still boxes.
        assert!(
            circles > 400 && oriented > 100 && boxes > 0,
            "{boxes} {circles} {oriented}"
        );
        // Kept across a scene change and with resolution, which then uses exact contacts.
        lab.apply(Action::Scene(LabScene::Swarm));
        lab.set_resolve(true);
        for _ in 0..30 {
            lab.frame();
        }
        assert!(shape_counts(&lab)[2] > 0 && lab.switches.push.last.pushed > 0);
        lab.apply(Action::ToggleShapes);
        lab.frame();
        assert_eq!(shape_counts(&lab)[1..], [0, 0]);
    }

    /// Whether the broad phase's pairs include two air enemies (solids meeting solids).
    fn air_meets_air(lab: &Lab) -> bool {
        lab.broad
            .pairs()
            .any(|p| (p.a.layer, p.b.layer) == (AIR_ENEMY, AIR_ENEMY))
    }

    #[test]
    fn the_resolution_key_rebuilds_with_solid_pairs_and_a_fresh_plot() {
        let mut lab = Lab::new(LabScene::Swarm, 400, Method::Tree);
        for _ in 0..3 {
            lab.frame();
        }
        assert!(!air_meets_air(&lab));
        assert_eq!(lab.plot.line(Method::Tree).len(), 3);
        lab.apply(Action::ToggleResolve);
        assert!(lab.switches.resolve);
        assert_eq!(lab.broad.method(), Method::Tree);
        assert!(lab.plot.line(Method::Tree).is_empty());
        // The scene went on from where it was.
        assert_eq!(lab.control.scene.frame, 3);
        lab.frame();
        assert!(air_meets_air(&lab));
        let s = lab.switches.push.last;
        assert!(s.solids > 100 && s.pushed > 0 && s.triggers > 0, "{s:?}");
        // The side walls are the statics of a scene without ledges.
        assert_eq!(s.statics, push::WALLS.len());
        // It stays on across a population and a scene change.
        lab.apply(Action::Halve);
        lab.apply(Action::CycleScene(-1));
        assert_eq!(lab.control.which, LabScene::Rain);
        assert!(lab.switches.resolve);
        lab.frame();
        assert!(lab.switches.push.last.solids > 0);
        // Off again: the scene's own map, and nothing pushed.
        lab.apply(Action::ToggleResolve);
        lab.apply(Action::Scene(LabScene::Swarm));
        lab.frame();
        assert!(!air_meets_air(&lab));
        assert_eq!(lab.switches.push.last, push::PushStats::default());
    }

    #[test]
    fn resolution_is_offered_below_the_limit_only_and_says_so() {
        let mut lab = Lab::new(LabScene::Swarm, 1600, Method::Brute);
        lab.set_resolve(true);
        assert!(lab.switches.resolve && lab.notice.is_none());
        // Doubling past the limit turns both brute force and resolution off, in one notice.
        lab.apply(Action::Double);
        assert!(!lab.switches.resolve);
        assert_eq!(lab.broad.method(), Method::Sap);
        let said = lab.notice.clone().map(|n| n.0).unwrap_or_default();
        assert!(
            said.starts_with("brute force and resolution: below 3,000"),
            "{said}"
        );
        lab.frame();
        assert!(!air_meets_air(&lab), "the scene's own map again");
        // The key is refused up there, and works again below.
        lab.notice = None;
        lab.apply(Action::ToggleResolve);
        assert!(!lab.switches.resolve && lab.notice.is_some());
        lab.apply(Action::Halve);
        lab.apply(Action::ToggleResolve);
        assert!(lab.switches.resolve);
        assert_eq!(push::RESOLVE_LIMIT, phase::BRUTE_LIMIT);
    }

    /// The overlap area summed over every pair of the scene's air enemies.
    fn swarm_overlap(lab: &Lab) -> f32 {
        let boxes: Vec<_> = lab
            .control
            .scene
            .live()
            .filter(|(_, b)| b.layer == AIR_ENEMY)
            .map(|(_, b)| b.aabb())
            .collect();
        let mut area = 0.0;
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let size = (a.max.min(b.max) - a.min.max(b.min)).max(glam::Vec2::ZERO);
                area += size.x * size.y;
            }
        }
        area
    }

    #[test]
    fn resolution_spreads_the_swarm_and_leaves_the_shots_alone() {
        let mut free = Lab::new(LabScene::Swarm, 200, Method::Sap);
        let mut solid = Lab::new(LabScene::Swarm, 200, Method::Sap);
        solid.set_resolve(true);
        for _ in 0..120 {
            free.frame();
            solid.frame();
        }
        let (overlapping, spread) = (swarm_overlap(&free), swarm_overlap(&solid));
        assert!(spread < overlapping * 0.05, "{overlapping} -> {spread}");
        // Shots are triggers: they fly exactly as the script says.
        let shots = |lab: &Lab| -> Vec<glam::Vec2> {
            let scene = &lab.control.scene;
            scene
                .live()
                .filter(|(_, b)| b.layer == PLAYER_SHOT)
                .map(|(_, b)| b.center)
                .collect()
        };
        assert_eq!(shots(&free), shots(&solid));
        assert!(!shots(&free).is_empty());
    }

    #[test]
    fn rain_piles_on_ledges_that_never_move_between_the_walls() {
        let mut lab = Lab::new(LabScene::Rain, 400, Method::Sap);
        lab.set_resolve(true);
        let ledges = |lab: &Lab| -> Vec<skysweep::collide::Aabb> {
            let scene = &lab.control.scene;
            scene
                .live()
                .filter(|(_, b)| b.layer == GROUND_ENEMY)
                .map(|(_, b)| b.aabb())
                .collect()
        };
        let before = ledges(&lab);
        assert_eq!(before.len(), 6);
        for _ in 0..300 {
            lab.frame();
        }
        assert_eq!(ledges(&lab), before);
        let s = lab.switches.push.last;
        assert_eq!(s.statics, 6 + push::WALLS.len());
        // Drops resting on the floor are pushed up every frame: a pile is there.
        assert!(s.pushed > 50, "{s:?}");
        let floor_top = before.iter().map(|b| b.min.y).fold(0.0, f32::max);
        let resting = lab
            .control
            .scene
            .live()
            .filter(|(_, b)| b.layer == AIR_ENEMY)
            .filter(|(_, b)| b.center.y < floor_top && b.center.y + b.half.y > floor_top - 1.0)
            .count();
        assert!(resting > 20, "{resting}");
        // Pushed bodies stay between the side walls, or within what resolution says it left.
        let past = s.remaining + 1e-3;
        assert!(s.remaining < 4.0, "{s:?}");
        for (_, b) in lab.control.scene.live() {
            let a = b.aabb();
            assert!(
                a.min.x > -past && a.max.x < skysweep::collide::workloads::FIELD.x + past,
                "{a:?} {s:?}"
            );
        }
    }
}
