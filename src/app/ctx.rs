//! The services every scene shares: settings, audio, pads, scores, the renderer and the run.
//! Scenes borrow them for each call; none of them owns one.

use macroquad::prelude::*;

use skysweep::level::LevelError;
use skysweep::sim::Input;

use super::audio::Audio;
use super::gamepad::Gamepads;
use super::keyboard;
use super::notice::Notice;
use super::practice_session::PracticeState;
use super::run::Run;
use crate::cli::Cli;
use crate::render::debug_overlay::FrameTimes;
use crate::render::Renderer;
use skysweep::save::player_data::PlayerData;
use skysweep::save::scores::ScoreTable;
use skysweep::save::settings::{Setting, Settings, SettingsFile};
use skysweep::save::store::SaveFile;

pub struct Ctx {
    pub cli: Cli,
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
    /// Practice from the title: its record, the last choice, the practice run in play.
    pub practice: PracticeState,
    /// The stages of the game, the levels loaded, what carries between stages and the
    /// `--record` recording.
    pub run: Run,
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
    /// The title row last picked (an index into the title's full list of rows), where its
    /// cursor waits when the player comes back to it.
    pub title_row: usize,
    /// The name last entered for a high score this session: the replay offer starts on it.
    pub last_name: Option<String>,
}

impl Ctx {
    pub fn set_fullscreen(&mut self, on: bool) {
        self.fullscreen = on;
        set_fullscreen(on);
    }

    /// Applies `setting` as it now stands in `settings` at once: the window, the next game's
    /// rules, the sound, the picture. The shot settings need nothing here: play reads them
    /// from `settings` every step.
    pub fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Fullscreen => self.set_fullscreen(self.settings.fullscreen),
            Setting::Difficulty => self.run.base_config.difficulty = self.settings.difficulty,
            Setting::Lives | Setting::Extends | Setting::Continues => {
                self.run.base_config.arcade = self.settings.arcade
            }
            _ => {}
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
        if let Err(e) = self.settings_file.save_changes(&self.settings) {
            eprintln!("warning: settings not saved: {e}");
            self.save_failed = true;
            self.message = Some(Notice::brief("SETTINGS NOT SAVED", e));
        }
    }

    pub fn save_scores(&mut self) {
        let Some(path) = ScoreTable::path() else {
            return;
        };
        if let Err(e) = self.scores.save_to(&path) {
            eprintln!("warning: high scores not saved: {e}");
            self.save_failed = true;
            self.message = Some(Notice::brief("SCORES NOT SAVED", e));
        }
    }

    /// Writes the player's record if play changed it since the last write.
    pub fn save_player_data_if_changed(&mut self) {
        if self.player_data_unsaved {
            self.save_player_data();
        }
    }

    /// Writes the player's record; a failure is said once on screen, like the scores'.
    pub fn save_player_data(&mut self) {
        let Some(path) = PlayerData::path() else {
            return;
        };
        self.player_data_unsaved = false;
        if let Err(e) = self.player_data.save_to(&path) {
            eprintln!("warning: player data not saved: {e}");
            self.save_failed = true;
            self.message = Some(Notice::brief("PLAYER DATA NOT SAVED", e));
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

    /// Whether any save failed during the game: settings, scores or the recording.
    pub fn saves_failed(&self) -> bool {
        self.save_failed || self.run.recording_failed
    }
}
