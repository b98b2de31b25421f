//! The services every scene shares: the renderer, audio, pads, settings, the stores (scores,
//! the practice record, the player's record) and the shipped files. Scenes borrow them for
//! each call; none of them owns one. The run in play is not a service: the router owns it
//! (see [`super::session`]).

use macroquad::prelude::*;

use skysweep::level::LevelError;
use skysweep::sim::Input;

use super::audio::Audio;
use super::gamepad::Gamepads;
use super::keyboard;
use super::notice::Notice;
use crate::render::Renderer;
use crate::window::frame_times::FrameTimes;
use skysweep::level::Difficulty;
use skysweep::run::Shipped;
use skysweep::save::player_data::PlayerData;
use skysweep::save::practice::PracticeRecord;
use skysweep::save::scores::ScoreTable;
use skysweep::save::settings::{Setting, Settings, SettingsFile};
use skysweep::save::store::SaveFile;

pub struct Ctx {
    pub renderer: Renderer,
    pub audio: Audio,
    pub pads: Gamepads,
    pub settings: Settings,
    /// Where `settings` is saved, the moment it changes.
    pub settings_file: SettingsFile,
    pub scores: ScoreTable,
    /// The player's record for EXTRAS: bests, clears, endings seen, time, continues.
    pub player_data: PlayerData,
    /// `player_data` has changed since it was last written.
    pub player_data_unsaved: bool,
    /// Stages reached and the best practice results.
    pub practice_record: PracticeRecord,
    /// The shipped stages and the asset catalog, read once.
    pub shipped: Shipped,
    /// Where a new game's seed comes from.
    pub seeds: Seeds,
    /// A problem to show on screen, with its title; level errors stay until a good save.
    pub message: Option<Notice>,
    /// Hitbox overlay on (F1): app state, never a global.
    pub debug: bool,
    pub fullscreen: bool,
    /// Keys pressed since the last fixed step, per player: a tap shorter than a frame is
    /// never down when a step reads the keys, and a frame may run no step at all.
    pub taps: [Input; 2],
    /// Animation counter, one per step.
    pub anim: u64,
    /// This frame's timings, for the F1 overlay; a step adds its update and collide time.
    pub times: FrameTimes,
    /// This frame's screen-shake offset of the playfield.
    pub shake: Vec2,
    /// A settings or scores write failed: the game's exit status says so.
    pub save_failed: bool,
    /// The high scores' replays, checked in the background for HIGH SCORES.
    pub score_checks: super::score_checks::ScoreChecks,
    /// The title's next demo: each shows the next stage and pilot (`app::attract`); the
    /// first is drawn at launch.
    pub demo_turn: usize,
}

impl Ctx {
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
        self.renderer.tate = self.settings.tate;
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
            self.message = Some(Notice::brief(title, e));
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
            self.message = Some(Notice::level_errors(
                "SAVE HAS ERRORS",
                e,
                "The last good version keeps running.",
            ));
            self.audio.play("warning");
        } else {
            self.message = Some(Notice::level_errors("SAVE HAS ERRORS", e, ""));
        }
    }

    /// An image that exists but would not load is said on screen, not left as plain sky.
    pub fn report_asset_failures(&mut self) {
        let failed = self.renderer.assets.take_failures();
        if !failed.is_empty() {
            for f in &failed {
                eprintln!("skysweep: {f}");
            }
            self.message = Some(Notice::asset_errors(&failed));
        }
    }
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
pub struct Seeds {
    pub fixed: Option<u64>,
}

impl Seeds {
    pub fn next(self) -> u64 {
        self.fixed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
    }
}

/// The table's best on `difficulty`, or `playing`'s best player if higher: each player is
/// ranked alone, so the HI SCORE a game can set is its best player's.
pub fn hi_score(scores: &ScoreTable, difficulty: Difficulty, playing: Option<u64>) -> u64 {
    let best = scores.best(difficulty);
    playing.map_or(best, |p| best.max(p))
}
