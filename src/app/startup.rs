//! Opening the window and building the app: the services, the run, and the first scene.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use macroquad::prelude::*;

use skysweep::sim::model::clock::FixedStep;

use super::{App, Launch};
use crate::app::ctx::Ctx;
use crate::app::practice::menu::PracticeMenu;
use crate::app::scene::{Scene, Transition};
use crate::app::scenes::custom_stages::CustomStages;
use crate::app::scenes::ending::Ending;
use crate::app::scenes::extras::Extras;
use crate::app::scenes::options::Options;
use crate::app::scenes::title::Title;
use crate::app::session::Session;
use crate::cli::{Cli, StartMenu};
use crate::window::display;
use crate::window::frame_log::FrameLog;
use skysweep::run::Shipped;
use skysweep::save::settings::Settings;

/// Whether `--screenshot` and `--record` name places that can be written; exit status 2 when
/// one cannot, said before any window opens.
fn check_outputs(cli: &Cli) -> Result<(), ExitCode> {
    let outputs = [
        ("--screenshot", &cli.screenshot),
        ("--record", &cli.run.record),
    ];
    for (option, path) in outputs {
        let Some(path) = path else {
            continue;
        };
        if option == "--screenshot" && !is_png(path) {
            eprintln!(
                "skysweep: --screenshot {}: screenshots are saved as PNG; give a path ending in .png",
                path.display()
            );
            return Err(ExitCode::from(2));
        }
        skysweep::platform::atomic::check_writable(path).map_err(|e| {
            eprintln!(
                "skysweep: {option} {}: cannot write there: {e}",
                path.display()
            );
            ExitCode::from(2)
        })?;
    }
    Ok(())
}

/// Whether `path` ends in `.png` (any case): the only format the window saves its frame in.
fn is_png(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

/// Opens the window and plays. Errors in the command line or level are reported before any
/// window opens.
pub fn play(cli: Cli) -> ExitCode {
    // The run is prepared on the settings' difficulty and arcade rules, unless the command
    // line sets them. Their warning waits for the window, which says it with the others: this
    // load has already kept a damaged file aside, so a second would find none to report.
    let (settings, settings_warning) = Settings::load();
    let shipped = Shipped::find();
    let plan = cli.window_plan(&settings);
    let prepared = match skysweep::run::prepare(&plan, &shipped) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skysweep: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(code) = check_outputs(&cli).and_then(|()| display::prepare()) {
        return code;
    }
    skysweep::platform::memory::keep_freed_blocks();
    let (w, h) = cli.window.unwrap_or((1200, 960));
    let conf = Conf {
        window_title: "SkySweep".to_string(),
        window_width: w,
        window_height: h,
        window_resizable: true,
        high_dpi: false,
        ..Default::default()
    };
    // Every sprite comes from one atlas, so macroquad batches them, and a full buffer starts a
    // new draw call. Each draw call a frame has ever needed keeps a vertex buffer of this size
    // for the rest of the run (a software GL driver holds it in the heap): 4,096 sprites,
    // 0.7 MB, is more than a frame draws but the F1 overlay's outlines at thousands of bullets
    // (the enemy bullets are composited on the CPU, see render::sprite_layer). The old 12,000
    // held 2 MB a call, 16 MB of a stage's peak.
    let conf = macroquad::conf::Conf {
        miniquad_conf: conf,
        update_on: None,
        default_filter_mode: FilterMode::Nearest,
        draw_call_vertex_capacity: 4 * 4_096,
        draw_call_index_capacity: 6 * 4_096,
    };
    let run = Session::new(prepared, &shipped).with_stress(cli.stress);
    let failed = Arc::new(AtomicBool::new(false));
    let failed_in_game = failed.clone();
    macroquad::Window::from_config(conf, async move {
        let loaded = (settings, settings_warning);
        let mut app = App::new(cli, shipped, run, loaded).await;
        app.run().await;
        failed_in_game.store(app.saves_failed(), Ordering::SeqCst);
    });
    if failed.load(Ordering::SeqCst) {
        eprintln!("skysweep: some files could not be saved (see above)");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

impl App {
    /// The app with its services loaded and its first scene: a menu, the ending, the run the
    /// command line asked for (`run`), or the title. The settings come loaded, with their
    /// warning, from before the window opened.
    async fn new(
        cli: Cli,
        shipped: Shipped,
        run: Session,
        loaded: (Settings, Option<String>),
    ) -> App {
        let mut ctx = Ctx::load(shipped, loaded, cli.debug, cli.run.seed);
        ctx.turn_for_launch(cli.tate);
        let launch = Launch {
            frames: cli.frames,
            fast: cli.fast,
            screenshot: cli.screenshot.clone(),
            memory_log: cli.memory_log,
            record: cli.run.record.clone(),
        };
        let mut app = App {
            ctx,
            launch,
            run: None,
            title_row: 0,
            scenes: vec![Box::new(Title::new())],
            clock: FixedStep::default(),
            frame_log: cli.frames.map(FrameLog::new),
            frames: 0,
            quit: false,
            recording_failed: false,
        };
        if app.ctx.settings().fullscreen && cli.frames.is_none() {
            app.ctx.set_fullscreen(true);
        }
        app.first_scene(&cli, run);
        app
    }

    /// Opens on what the command line asked for: one of the title's menus, the ending, the
    /// run it describes, or the title.
    fn first_scene(&mut self, cli: &Cli, run: Session) {
        let ctx = &mut self.ctx;
        if let Some(menu) = cli.menu {
            ctx.audio_mut().music("title");
            let scene: Box<dyn Scene> = match menu {
                StartMenu::Practice => Box::new(PracticeMenu::new(ctx)),
                StartMenu::CustomStages => Box::new(CustomStages::new(ctx)),
                StartMenu::Extras => Box::new(Extras::new(ctx)),
                StartMenu::Options => Box::new(Options::new()),
            };
            self.scenes = vec![scene];
        } else if cli.ending {
            let mut next = run.first_place();
            next.loop_index += 1;
            self.run = Some(run);
            self.scenes = vec![Box::new(Ending::new(ctx, next))];
        } else if cli.straight_in() {
            self.apply(Transition::Begin(Box::new(run)));
        } else {
            ctx.audio_mut().music("title");
        }
    }

    /// Whether any save failed during the game: settings, scores, records or a recording.
    pub(super) fn saves_failed(&self) -> bool {
        self.ctx.saves_failed() || self.recording_failed
    }
}
