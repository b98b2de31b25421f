//! Opening the window and building the app: the services, the run, and the first scene.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use macroquad::prelude::*;

use skysweep::sim::clock::FixedStep;
use skysweep::sim::Input;

use super::audio::Audio;
use super::ctx::Ctx;
use super::custom_stages::CustomStages;
use super::ending::Ending;
use super::extras::Extras;
use super::gamepad::Gamepads;
use super::notice::Notice;
use super::options::Options;
use super::practice_menu::PracticeMenu;
use super::run::Run;
use super::scene::StagePlace;
use super::scene::{Scene, Transition};
use super::stage_play::StagePlay;
use super::title::Title;
use super::App;
use crate::cli::{Cli, StartMenu};
use crate::render::debug_overlay::FrameTimes;
use crate::render::{Assets, Renderer};
use crate::window::frame_log::FrameLog;
use crate::window::{display, sound_device};
use skysweep::headless::run_setup;
use skysweep::platform::data::find_data;
use skysweep::save::player_data::PlayerData;
use skysweep::save::scores::ScoreTable;
use skysweep::save::settings::{Settings, SettingsFile};
use skysweep::save::store::SaveFile;

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

/// Opens the window and plays. Errors in the command line or level are reported before any
/// window opens.
pub fn play(cli: Cli) -> ExitCode {
    let prepared = match run_setup::prepare(&cli.run) {
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
    let failed = Arc::new(AtomicBool::new(false));
    let failed_in_game = failed.clone();
    macroquad::Window::from_config(conf, async move {
        let mut app = App::new(cli, prepared).await;
        app.run().await;
        failed_in_game.store(app.ctx.saves_failed(), Ordering::SeqCst);
    });
    if failed.load(Ordering::SeqCst) {
        eprintln!("skysweep: some files could not be saved (see above)");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

impl App {
    async fn new(cli: Cli, prepared: run_setup::RunSetup) -> App {
        let assets = Assets::load(&find_data("assets"));
        let mut warnings = assets.warnings.clone();
        let mut audio = Audio::load(&find_data("assets"), &mut warnings).await;
        // Sprites, the font, sounds: files in assets/ that would not load are said on screen.
        let asset_failures = warnings.clone();
        let (settings, settings_warning) = Settings::load();
        let settings_file = SettingsFile::new(Settings::path(), settings.clone());
        let (scores, score_warning) = match ScoreTable::path() {
            Some(p) => ScoreTable::load_from(&p),
            None => (ScoreTable::default(), None),
        };
        let (player_data, player_warning) = match PlayerData::path() {
            Some(p) => PlayerData::load_from(&p),
            None => (PlayerData::default(), None),
        };
        let (pads, pad_warning) = Gamepads::new();
        warnings.extend(
            [settings_warning, score_warning, player_warning, pad_warning]
                .into_iter()
                .flatten(),
        );
        sound_device::unmute_alsa_errors();
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        audio.set_volumes(settings.music_volume, settings.effects_volume);
        // A replay plays the stages it recorded, in order; an author's level is a single stage;
        // otherwise the run is the whole game.
        let stages = if prepared.replay.is_some() {
            Some(
                prepared
                    .replay_stages
                    .iter()
                    .map(|(p, _)| p.clone())
                    .collect(),
            )
        } else if cli.run.level.is_some() {
            Some(vec![prepared.level_path.clone()])
        } else {
            None
        };
        // The replay's stages were loaded and checked against it; play exactly those.
        let mut levels = BTreeMap::from([(prepared.level_path.clone(), prepared.level.clone())]);
        levels.extend(prepared.replay_stages.iter().cloned());
        let mut renderer = Renderer::new(assets);
        renderer.user_scale = (settings.display_scale > 0).then_some(settings.display_scale);
        renderer.tate = settings.tate;
        renderer.visibility = settings.visibility;
        let mut base_config = prepared.config;
        if cli.run.difficulty.is_none() && prepared.replay.is_none() {
            base_config.difficulty = settings.difficulty;
        }
        // The settings' arcade rules, unless the command line set some (or a replay plays).
        if prepared.replay.is_none() {
            base_config.arcade = cli.run.arcade(settings.arcade);
        }
        base_config.invincible |= cli.stress.is_some();
        let run = Run::new(
            stages,
            levels,
            base_config,
            prepared.replay,
            cli.run.record.clone(),
            cli.run.seed.is_some(),
        );
        let mut ctx = Ctx {
            debug: cli.debug,
            fullscreen: false,
            renderer,
            audio,
            pads,
            settings,
            settings_file,
            scores,
            player_data,
            player_data_unsaved: false,
            practice: super::practice_session::PracticeState::load(),
            run,
            message: (!asset_failures.is_empty()).then(|| Notice::asset_errors(&asset_failures)),
            taps: [Input::default(); 2],
            anim: 0,
            times: FrameTimes::default(),
            shake: Vec2::ZERO,
            save_failed: false,
            title_row: 0,
            last_name: None,
            cli,
        };
        if ctx.settings.fullscreen && ctx.cli.frames.is_none() {
            ctx.set_fullscreen(true);
        }
        let straight_in = !ctx.cli.title
            && (ctx.cli.run.pilot().is_some()
                || ctx.cli.run.level.is_some()
                || ctx.run.replay.is_some()
                || !ctx.cli.run.characters.is_empty()
                || ctx.cli.stress.is_some());
        let mut first: Box<dyn Scene> = if let Some(menu) = ctx.cli.menu {
            ctx.audio.music("title");
            match menu {
                StartMenu::Practice => Box::new(PracticeMenu::new(&mut ctx)),
                StartMenu::CustomStages => Box::new(CustomStages::new(&mut ctx)),
                StartMenu::Extras => Box::new(Extras::new(&mut ctx)),
                StartMenu::Options => Box::new(Options::new()),
            }
        } else if ctx.cli.ending {
            let next = StagePlace {
                index: 0,
                loop_index: ctx.run.base_config.loop_index + 1,
                characters: ctx.run.base_config.characters.clone(),
            };
            Box::new(Ending::new(&mut ctx, next))
        } else {
            match straight_in {
                true => {
                    let characters = ctx.run.base_config.characters.clone();
                    let loop_index = ctx.run.base_config.loop_index;
                    match StagePlay::start(&mut ctx, 0, loop_index, characters) {
                        Transition::Switch(s) => s,
                        _ => Box::new(Title::new()),
                    }
                }
                false => {
                    ctx.audio.music("title");
                    Box::new(Title::new())
                }
            }
        };
        first.entered(&mut ctx);
        let frame_log = ctx.cli.frames.map(FrameLog::new);
        App {
            ctx,
            scenes: vec![first],
            clock: FixedStep::default(),
            frame_log,
            frames: 0,
            quit: false,
        }
    }
}
