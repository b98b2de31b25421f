//! The services every scene shares: the renderer, audio, pads, settings, the stores (scores,
//! the practice record, the player's record), the shipped files and the notice on screen.
//! Scenes borrow them for each call; none of them owns one. The run in play is not a
//! service: the router owns it (see `app::session`).
//!
//! The fields are private. A scene reads through accessors and changes through named
//! operations (a notice is posted, a seed drawn, a difficulty chosen); the big services and
//! the stores are lent whole (`renderer_mut`, `audio_mut`, `scores_mut`...), and what drawing
//! may read is lent by [`Ctx::drawing`].

use macroquad::prelude::*;

use skysweep::level::LevelError;
use skysweep::sim::Input;

use crate::app::draw::Draw;
use crate::app::services::audio::Audio;
use crate::app::services::gamepad::Gamepads;
use crate::app::services::keyboard;
use crate::app::services::menu_input::MenuInput;
use crate::app::services::notice::{Notice, Notices};
use crate::app::services::score_checks::ScoreChecks;
use crate::render::{Assets, Renderer};
use crate::window::frame_times::FrameTimes;
use skysweep::level::Difficulty;
use skysweep::platform::data::find_data;
use skysweep::run::Shipped;
use skysweep::save::player_data::PlayerData;
use skysweep::save::practice::PracticeRecord;
use skysweep::save::scores::ScoreTable;
use skysweep::save::settings::{Setting, Settings, SettingsFile};
use skysweep::save::store::SaveFile;
use skysweep::save::tate::Tate;

pub struct Ctx {
    renderer: Renderer,
    audio: Audio,
    pads: Gamepads,
    settings: Settings,
    /// Where `settings` is saved, the moment it changes.
    settings_file: SettingsFile,
    scores: ScoreTable,
    /// The player's record for EXTRAS: bests, clears, endings seen, time, continues.
    player_data: PlayerData,
    /// `player_data` has changed since it was last written.
    player_data_unsaved: bool,
    /// Stages reached and the best practice results.
    practice_record: PracticeRecord,
    /// The shipped stages and the asset catalog, read once.
    shipped: Shipped,
    /// Where a new game's seed comes from.
    seeds: Seeds,
    /// The message box on screen: a problem with its title; level errors stay until a good
    /// save.
    notices: Notices,
    /// Hitbox overlay on (F1): app state, never a global.
    debug: bool,
    fullscreen: bool,
    /// `--tate`: the picture turned for this launch, over the saved TATE, which it does not
    /// change; stepping TATE in OPTIONS ends it.
    launch_tate: Option<Tate>,
    /// Keys pressed since the last fixed step, per player: a tap shorter than a frame is
    /// never down when a step reads the keys, and a frame may run no step at all.
    taps: [Input; 2],
    /// Animation counter, one per step.
    anim: u64,
    /// This frame's timings, for the F1 overlay; a step adds its update and collide time.
    times: FrameTimes,
    /// This frame's screen-shake offset of the playfield.
    shake: Vec2,
    /// A settings or scores write failed: the game's exit status says so.
    save_failed: bool,
    /// The high scores' replays, checked in the background for HIGH SCORES.
    score_checks: ScoreChecks,
    /// The title's next demo: each shows the next stage and pilot (see
    /// `app::scenes::title::attract`); the first is drawn at launch.
    demo_turn: usize,
}

impl Ctx {
    /// The services, loaded: the images, the sounds, the stores from the data folder and the
    /// pads, with `settings` as loaded before the window opened (with their warning). Every
    /// warning is said on stderr; the assets that would not load are said on screen too.
    /// `debug` starts with the hitbox overlay on; `seed` is the one `--seed` fixed.
    pub fn load(
        shipped: Shipped,
        (settings, settings_warning): (Settings, Option<String>),
        debug: bool,
        seed: Option<u64>,
    ) -> Ctx {
        let assets = Assets::load(&find_data("assets"));
        let mut warnings = assets.warnings.clone();
        let mut audio = Audio::load(&find_data("assets"), shipped.catalog(), &mut warnings);
        // Sprites, the font, sounds: files in assets/ that would not load are said on screen.
        let asset_failures = warnings.clone();
        warnings.extend(settings_warning);
        let settings_file = SettingsFile::new(Settings::path(), settings.clone());
        let scores = load_store::<ScoreTable>(&mut warnings);
        let player_data = load_store::<PlayerData>(&mut warnings);
        let practice_record = load_store::<PracticeRecord>(&mut warnings);
        let (pads, pad_warning) = Gamepads::new();
        warnings.extend(pad_warning);
        for w in &warnings {
            eprintln!("warning: {w}");
        }
        audio.set_volumes(settings.music_volume, settings.effects_volume);
        let mut renderer = Renderer::new(assets);
        renderer.user_scale = (settings.display_scale > 0).then_some(settings.display_scale);
        renderer.tate = settings.tate;
        renderer.visibility = settings.visibility;
        let mut notices = Notices::default();
        if !asset_failures.is_empty() {
            notices.post(Notice::asset_errors(&asset_failures));
        }
        Ctx {
            debug,
            fullscreen: false,
            launch_tate: None,
            renderer,
            audio,
            pads,
            settings,
            settings_file,
            scores,
            player_data,
            player_data_unsaved: false,
            practice_record,
            shipped,
            seeds: Seeds { fixed: seed },
            notices,
            taps: [Input::default(); 2],
            anim: 0,
            times: FrameTimes::default(),
            shake: Vec2::ZERO,
            save_failed: false,
            score_checks: Default::default(),
            // Each launch's first demo is drawn like a new game's seed (fixed by `--seed`).
            demo_turn: (Seeds { fixed: seed }.next() % 1009) as usize,
        }
    }

    /// The renderer: scenes clear its effects and let go of images as stages change.
    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    pub fn renderer_mut(&mut self) -> &mut Renderer {
        &mut self.renderer
    }

    /// The sound: effects, music, and its ducking.
    pub fn audio_mut(&mut self) -> &mut Audio {
        &mut self.audio
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The settings to change (the options menu, rebinding); the router writes them in the
    /// frame they change ([`Ctx::save_changed_settings`]), and [`Ctx::apply`] makes a change
    /// take effect.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The difficulty the player chose, kept for the next game's question.
    pub fn choose_difficulty(&mut self, difficulty: Difficulty) {
        self.settings.difficulty = difficulty;
    }

    pub fn scores(&self) -> &ScoreTable {
        &self.scores
    }

    /// The high-score table, for a run's scores and their names; written by
    /// [`Ctx::save_scores`].
    pub fn scores_mut(&mut self) -> &mut ScoreTable {
        &mut self.scores
    }

    pub fn player_data(&self) -> &PlayerData {
        &self.player_data
    }

    /// Changes the player's record by `change`, which says whether it changed anything; a
    /// change is written by the next [`Ctx::save_player_data`] (or
    /// [`Ctx::save_player_data_if_changed`]). Returns what `change` said.
    pub fn change_player_data(&mut self, change: impl FnOnce(&mut PlayerData) -> bool) -> bool {
        let changed = change(&mut self.player_data);
        self.player_data_unsaved |= changed;
        changed
    }

    pub fn practice_record(&self) -> &PracticeRecord {
        &self.practice_record
    }

    /// The practice record to change; written by [`Ctx::save_practice_record`].
    pub fn practice_record_mut(&mut self) -> &mut PracticeRecord {
        &mut self.practice_record
    }

    /// The shipped stages and the asset catalog.
    pub fn shipped(&self) -> &Shipped {
        &self.shipped
    }

    /// The seed of a new game: the one `--seed` fixed, or the clock's.
    pub fn next_seed(&self) -> u64 {
        self.seeds.next()
    }

    /// The turn of the title's next demo; the one after it is next.
    pub fn next_demo_turn(&mut self) -> usize {
        let turn = self.demo_turn;
        self.demo_turn = self.demo_turn.wrapping_add(1);
        turn
    }

    /// The message box on screen: every notice is posted here.
    pub fn notices_mut(&mut self) -> &mut Notices {
        &mut self.notices
    }

    /// A file was not written: the game's exit status says so.
    pub fn mark_save_failed(&mut self) {
        self.save_failed = true;
    }

    /// Whether any write of settings, stores or replays failed.
    pub fn saves_failed(&self) -> bool {
        self.save_failed
    }

    /// The high scores' replays in `dir` checked in the background: those the table names
    /// that were not asked for yet are, and what is done so far is taken in.
    pub fn check_score_replays(&mut self, dir: &std::path::Path) {
        let names = skysweep::save::score_replays::named(&self.scores)
            .into_iter()
            .collect();
        self.score_checks.ask(dir, names, &self.shipped);
        self.score_checks.poll();
    }

    /// Polls the pads for their events.
    pub fn poll_pads(&mut self) {
        self.pads.poll();
    }

    /// What the menus read this frame: player 1's keys and every pad.
    pub fn read_menu_input(&mut self) -> MenuInput {
        MenuInput::read(&mut self.pads, &self.settings.keys[0])
    }

    /// Player `player`'s pad as play reads it, if the player has one.
    pub fn pad_input(&self, player: usize) -> Option<Input> {
        self.pads.input(player, &self.settings.pad)
    }

    /// The keys player `player` tapped since the last step, taken by this step.
    pub fn take_tap(&mut self, player: usize) -> Input {
        std::mem::take(&mut self.taps[player])
    }

    /// The animation counter: one per step.
    pub fn anim(&self) -> u64 {
        self.anim
    }

    /// One fixed step has run.
    pub fn count_step(&mut self) {
        self.anim += 1;
    }

    /// This frame's timings, for the F1 overlay and the frame log.
    pub fn times(&self) -> &FrameTimes {
        &self.times
    }

    /// This frame's timings to fill in: the router's frame and render, a step's update and
    /// collide.
    pub fn times_mut(&mut self) -> &mut FrameTimes {
        &mut self.times
    }

    /// What a frame's drawing may read, with the renderer to draw with, and the notice on
    /// screen. The playfield's shake for this frame is taken from the renderer's effects while
    /// `playing` (live play is the top scene); any other screen draws with none.
    pub fn drawing(&mut self, playing: bool) -> (Draw<'_>, Option<&Notice>) {
        let effects = &mut self.renderer.effects;
        self.shake = effects.shake_offset(self.settings.screen_shake, playing);
        let draw = Draw {
            renderer: &mut self.renderer,
            settings: &self.settings,
            scores: &self.scores,
            score_checks: &self.score_checks,
            player_data: &self.player_data,
            practice: &self.practice_record,
            pads: self.pads.count(),
            anim: self.anim,
            debug: self.debug,
            times: &self.times,
            shake: self.shake,
            covered: false,
        };
        (draw, self.notices.current())
    }

    /// Turns the picture for this launch (`--tate`), leaving the saved TATE as it is.
    pub fn turn_for_launch(&mut self, tate: Option<Tate>) {
        self.launch_tate = tate;
        self.renderer.tate = tate.unwrap_or(self.settings.tate);
    }

    pub fn set_fullscreen(&mut self, on: bool) {
        self.fullscreen = on;
        set_fullscreen(on);
    }

    /// Applies `setting` as it now stands in `settings` at once: the window, the sound, the
    /// picture. The shot settings need nothing here: play reads them from `settings` every
    /// step; nor do difficulty and the arcade rules: the next game's plan reads them.
    pub fn apply(&mut self, setting: Setting) {
        if setting == Setting::Fullscreen {
            self.set_fullscreen(self.settings.fullscreen);
        }
        self.audio
            .set_volumes(self.settings.music_volume, self.settings.effects_volume);
        self.renderer.user_scale =
            (self.settings.display_scale > 0).then_some(self.settings.display_scale);
        if setting == Setting::Tate {
            self.launch_tate = None;
        }
        self.renderer.tate = self.launch_tate.unwrap_or(self.settings.tate);
        self.renderer.visibility = self.settings.visibility;
    }

    /// Writes the settings in the frame they change, so closing the window, which ends the
    /// program without returning to this loop, never loses a change made in the options menu.
    pub fn save_changed_settings(&mut self) {
        let saved = self.settings_file.save_changes(&self.settings).map(|_| ());
        self.said_if_failed("settings", "SETTINGS NOT SAVED", saved);
    }

    pub fn save_scores(&mut self) {
        let saved = write_store(&self.scores);
        self.said_if_failed("high scores", "SCORES NOT SAVED", saved);
    }

    /// Writes the player's record if play changed it since the last write.
    pub fn save_player_data_if_changed(&mut self) {
        if self.player_data_unsaved {
            self.save_player_data();
        }
    }

    /// Writes the player's record.
    pub fn save_player_data(&mut self) {
        self.player_data_unsaved = false;
        let saved = write_store(&self.player_data);
        self.said_if_failed("player data", "PLAYER DATA NOT SAVED", saved);
    }

    /// Writes the practice record.
    pub fn save_practice_record(&mut self) {
        let saved = write_store(&self.practice_record);
        self.said_if_failed("practice record", "PRACTICE RECORD NOT SAVED", saved);
    }

    /// A failed write is said once, on stderr and on screen under `title`, and the game's
    /// exit status says so.
    fn said_if_failed(&mut self, what: &str, title: &str, saved: Result<(), String>) {
        if let Err(e) = saved {
            eprintln!("warning: {what} not saved: {e}");
            self.save_failed = true;
            self.notices.post(Notice::brief(title, e));
        }
    }

    /// Keys that work anywhere: F1 for hitboxes, F11 or Alt+Enter for fullscreen.
    pub fn global_keys(&mut self) {
        if is_key_pressed(KeyCode::F1) {
            self.debug = !self.debug;
        }
        let alt = is_key_down(KeyCode::LeftAlt) || is_key_down(KeyCode::RightAlt);
        if is_key_pressed(KeyCode::F11) || (alt && is_key_pressed(KeyCode::Enter)) {
            let on = !self.fullscreen;
            self.set_fullscreen(on);
        }
    }

    /// Keeps keys pressed this frame for the next step of play; only play takes taps.
    pub fn collect_taps(&mut self, playing: bool) {
        for (tap, keys) in self.taps.iter_mut().zip(&self.settings.keys) {
            *tap = if playing {
                tap.or(keyboard::read(keys, is_key_pressed))
            } else {
                Input::default()
            };
        }
    }

    /// A save of the watched level file that has errors: the last good version keeps
    /// running (or stays for the next start), and the errors show until a good save.
    pub fn level_save_failed(&mut self, e: &LevelError, playing: bool) {
        if playing {
            eprintln!("skysweep: level not reloaded: {e}");
            self.notices.post(Notice::level_errors(
                "SAVE HAS ERRORS",
                e,
                "The last good version keeps running.",
            ));
            self.audio.play("warning");
        } else {
            self.notices
                .post(Notice::level_errors("SAVE HAS ERRORS", e, ""));
        }
    }

    /// An image that exists but would not load is said on screen, not left as plain sky.
    pub fn report_asset_failures(&mut self) {
        let failed = self.renderer.assets.take_failures();
        if !failed.is_empty() {
            for f in &failed {
                eprintln!("skysweep: {f}");
            }
            self.notices.post(Notice::asset_errors(&failed));
        }
    }
}

/// Loads a store from the data folder; a damaged file is kept aside with a warning.
fn load_store<T: SaveFile + Default>(warnings: &mut Vec<String>) -> T {
    let Some(path) = T::path() else {
        return T::default();
    };
    let (store, warning) = T::load_from(&path);
    warnings.extend(warning);
    store
}

/// Writes `store` to its file in the data folder (none when there is no data folder).
fn write_store<T: SaveFile>(store: &T) -> Result<(), String> {
    match T::path() {
        Some(path) => store.save_to(&path),
        None => Ok(()),
    }
}

/// Where new games' seeds come from: the one `--seed` fixed, or the clock, so each game from
/// the title draws its own stage order.
#[derive(Clone, Copy, Debug, Default)]
struct Seeds {
    fixed: Option<u64>,
}

impl Seeds {
    fn next(self) -> u64 {
        self.fixed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
    }
}
