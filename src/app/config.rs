//! The player's settings: volumes, display, difficulty and control bindings, saved as RON in
//! the operating system's config folder (or `SKYSWEEP_DATA_DIR` for portable installs and tests).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use skysweep::sim::Difficulty;
use skysweep::store;

use super::gamepad::PadBindings;
use super::input::KeyBindings;

/// Environment variable naming a folder for every file the game writes.
pub const DATA_DIR_ENV: &str = "SKYSWEEP_DATA_DIR";

/// Where the game keeps its files of `kind` ("config" or "data").
pub fn folder(kind: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let dirs = directories::ProjectDirs::from("org", "SkySweep", "SkySweep")?;
    Some(if kind == "config" {
        dirs.config_dir().to_path_buf()
    } else {
        dirs.data_dir().to_path_buf()
    })
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub music_volume: f32,
    pub effects_volume: f32,
    /// Largest whole display scale to use; 0 picks the largest that fits.
    pub display_scale: u32,
    pub fullscreen: bool,
    pub screen_shake: bool,
    pub difficulty: Difficulty,
    /// Keyboard bindings for player 1 and player 2.
    pub keys: [KeyBindings; 2],
    /// Gamepad buttons, shared by both players' pads.
    pub pad: PadBindings,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            music_volume: 0.6,
            effects_volume: 0.8,
            display_scale: 0,
            fullscreen: false,
            screen_shake: true,
            difficulty: Difficulty::Normal,
            keys: [KeyBindings::player1(), KeyBindings::player2()],
            pad: PadBindings::default(),
        }
    }
}

/// A setting the options menu steps through with left and right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    MusicVolume,
    EffectsVolume,
    DisplayScale,
    Fullscreen,
    ScreenShake,
    Difficulty,
}

impl Setting {
    pub const ALL: [Setting; 6] = [
        Setting::MusicVolume,
        Setting::EffectsVolume,
        Setting::DisplayScale,
        Setting::Fullscreen,
        Setting::ScreenShake,
        Setting::Difficulty,
    ];
}

/// Largest display scale the options menu offers; beyond it the menu wraps round to AUTO.
const MENU_MAX_SCALE: i32 = 6;

impl Config {
    pub fn path() -> Option<PathBuf> {
        folder("config").map(|d| d.join("config.ron"))
    }

    /// Loads the settings; damaged files are kept aside and reported in the warning.
    pub fn load() -> (Config, Option<String>) {
        match Self::path() {
            Some(p) => Self::load_from(&p),
            None => (
                Config::default(),
                Some("no config folder on this system; settings will not be saved".into()),
            ),
        }
    }

    /// Loads the settings at `path`: a missing or empty file is every default, quietly; a
    /// damaged one is kept aside, defaults are used and the warning names its line and column.
    pub fn load_from(path: &Path) -> (Config, Option<String>) {
        let loaded = store::load_ron_or_default::<Config>(path);
        (loaded.value.sanitised(), loaded.warning)
    }

    /// Writes the settings to `path` atomically: a crash mid-write leaves the old file whole.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        store::save_ron(
            path,
            "SkySweep settings; edit in the game's options menu",
            self,
        )
        .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Moves `setting` one notch in `dir` (1 or -1): volumes by tenths within 0 to 1, display
    /// scale round AUTO and 1X to 6X, difficulty round easy, normal and hard; the switches flip.
    pub fn adjust(&mut self, setting: Setting, dir: i32) {
        let notch = |v: f32| ((v * 10.0).round() as i32 + dir).clamp(0, 10) as f32 / 10.0;
        match setting {
            Setting::MusicVolume => self.music_volume = notch(self.music_volume),
            Setting::EffectsVolume => self.effects_volume = notch(self.effects_volume),
            Setting::DisplayScale => {
                self.display_scale =
                    (self.display_scale as i32 + dir).rem_euclid(MENU_MAX_SCALE + 1) as u32
            }
            Setting::Fullscreen => self.fullscreen = !self.fullscreen,
            Setting::ScreenShake => self.screen_shake = !self.screen_shake,
            Setting::Difficulty => {
                let k = Difficulty::ALL
                    .iter()
                    .position(|d| *d == self.difficulty)
                    .unwrap_or(1) as i32;
                self.difficulty = Difficulty::ALL[(k + dir).rem_euclid(3) as usize];
            }
        }
    }

    /// Values clamped into range, so a hand-edited file cannot break the game.
    pub fn sanitised(mut self) -> Config {
        let fix = |v: f32, d: f32| if v.is_finite() { v.clamp(0.0, 1.0) } else { d };
        self.music_volume = fix(self.music_volume, 0.6);
        self.effects_volume = fix(self.effects_volume, 0.8);
        self.display_scale = self.display_scale.min(8);
        for (i, k) in self.keys.iter_mut().enumerate() {
            let defaults = if i == 0 {
                KeyBindings::player1()
            } else {
                KeyBindings::player2()
            };
            k.fill_unbound(&defaults);
        }
        self
    }
}

/// The settings file and the settings it was last given, so that each change in the options
/// menu is written once, when it is made: closing the window at any moment loses nothing, and a
/// file nobody changed is never rewritten.
pub struct SettingsFile {
    /// `None` when the system has no config folder.
    path: Option<PathBuf>,
    /// What was loaded from the file, or last written (or tried) to it.
    last: Config,
}

impl SettingsFile {
    /// The file at `path`, which holds `loaded` (what [`Config::load_from`] returned).
    pub fn new(path: Option<PathBuf>, loaded: Config) -> SettingsFile {
        SettingsFile { path, last: loaded }
    }

    /// Writes `config` atomically if it differs from what the file was last given; returns
    /// whether it wrote. Cheap when nothing changed, so it can run every frame. A failed write
    /// is not retried until the settings change again: one error per change, not per frame.
    pub fn save_changes(&mut self, config: &Config) -> Result<bool, String> {
        if *config == self.last {
            return Ok(false);
        }
        self.last = config.clone();
        let path = self
            .path
            .as_ref()
            .ok_or("no config folder on this system")?;
        config.save_to(path).map(|()| true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_round_trips_through_its_file() {
        let dir = std::env::temp_dir().join(format!("skysweep-config-{}", std::process::id()));
        let path = dir.join("config.ron");
        let mut c = Config {
            music_volume: 0.25,
            screen_shake: false,
            difficulty: Difficulty::Hard,
            ..Config::default()
        };
        c.keys[0].shot = vec!["C".into()];
        c.pad.bomb = vec!["East".into(), "RightTrigger".into()];
        store::save_ron(&path, "test", &c).unwrap();
        let back = store::load_ron_or_default::<Config>(&path)
            .value
            .sanitised();
        assert_eq!(back, c);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A fresh, empty folder for one test.
    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("skysweep-config-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn names_in(d: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_empty_or_blank_config_file_is_every_default_quietly() {
        let d = temp_dir("empty");
        let path = d.join("config.ron");
        for text in ["", "\n", "  \t\r\n\n  ", "// SkySweep settings\n"] {
            std::fs::write(&path, text).unwrap();
            let (c, warning) = Config::load_from(&path);
            assert_eq!(c, Config::default(), "{text:?}");
            assert_eq!(warning, None, "{text:?}");
            assert_eq!(names_in(&d), ["config.ron"], "{text:?} is not moved aside");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_malformed_config_file_is_kept_aside_with_its_line_and_column() {
        let d = temp_dir("malformed");
        let path = d.join("config.ron");
        std::fs::write(
            &path,
            "(\n  music_volume: 0.5,\n  screen_shake: maybe,\n)\n",
        )
        .unwrap();
        let (c, warning) = Config::load_from(&path);
        assert_eq!(c, Config::default());
        let w = warning.expect("a warning");
        assert!(
            w.contains("config.ron") && w.contains("line 3, column"),
            "{w}"
        );
        assert_eq!(names_in(&d), ["config.ron.damaged-1"]);
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn adjusting_steps_each_setting_and_stays_in_range() {
        let mut c = Config {
            music_volume: 0.9,
            effects_volume: 0.1,
            ..Config::default()
        };
        c.adjust(Setting::MusicVolume, 1);
        c.adjust(Setting::MusicVolume, 1);
        assert_eq!(c.music_volume, 1.0, "stops at full volume");
        c.adjust(Setting::EffectsVolume, -1);
        c.adjust(Setting::EffectsVolume, -1);
        assert_eq!(c.effects_volume, 0.0, "stops at silence");
        let scales: Vec<u32> = (0..8)
            .map(|_| {
                c.adjust(Setting::DisplayScale, 1);
                c.display_scale
            })
            .collect();
        assert_eq!(scales, [1, 2, 3, 4, 5, 6, 0, 1], "AUTO follows 6X");
        c.adjust(Setting::Difficulty, -1);
        assert_eq!(c.difficulty, Difficulty::Easy);
        c.adjust(Setting::Difficulty, -1);
        assert_eq!(c.difficulty, Difficulty::Hard, "wraps round");
        let shake = c.screen_shake;
        c.adjust(Setting::ScreenShake, 1);
        assert_eq!(c.screen_shake, !shake);
        c.adjust(Setting::Fullscreen, -1);
        assert!(c.fullscreen);
    }

    #[test]
    fn every_settings_change_reaches_the_file_when_made() {
        let d = temp_dir("save-each");
        let path = d.join("config.ron");
        let mut c = Config::default();
        let mut file = SettingsFile::new(Some(path.clone()), c.clone());
        assert_eq!(file.save_changes(&c), Ok(false), "nothing changed yet");
        assert!(!path.exists(), "the defaults are not written unasked");
        for setting in Setting::ALL {
            c.adjust(setting, 1);
            assert_eq!(file.save_changes(&c), Ok(true), "{setting:?}");
            assert_eq!(Config::load_from(&path), (c.clone(), None), "{setting:?}");
            assert_eq!(file.save_changes(&c), Ok(false), "{setting:?} written once");
        }
        // Rebinding a key and resetting the pad buttons are changes too.
        c.keys[1].bomb = vec!["P".into()];
        assert_eq!(file.save_changes(&c), Ok(true));
        assert_eq!(Config::load_from(&path).0.keys[1].bomb, ["P"]);
        c.pad.shot = vec!["North".into()];
        assert_eq!(file.save_changes(&c), Ok(true));
        assert_eq!(Config::load_from(&path).0.pad.shot, ["North"]);
        assert_eq!(names_in(&d), ["config.ron"], "no temporary files left");
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_hand_edited_file_is_not_rewritten_until_something_changes() {
        let d = temp_dir("hand-edited");
        let path = d.join("config.ron");
        let text = "// mine\n(music_volume: 3.0)\n";
        std::fs::write(&path, text).unwrap();
        let (c, _) = Config::load_from(&path);
        let mut file = SettingsFile::new(Some(path.clone()), c.clone());
        assert_eq!(file.save_changes(&c), Ok(false));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn a_failed_save_is_reported_once_per_change() {
        let d = temp_dir("unwritable");
        // A file where the folder should be: every write fails.
        let blocker = d.join("not-a-folder");
        std::fs::write(&blocker, "").unwrap();
        let mut c = Config::default();
        let mut file = SettingsFile::new(Some(blocker.join("config.ron")), c.clone());
        c.adjust(Setting::ScreenShake, 1);
        assert!(file.save_changes(&c).is_err());
        assert_eq!(file.save_changes(&c), Ok(false), "not retried every frame");
        c.adjust(Setting::ScreenShake, 1);
        assert!(
            file.save_changes(&c).is_err(),
            "tried again on the next change"
        );
        // No config folder on this system at all.
        let mut nowhere = SettingsFile::new(None, c.clone());
        c.adjust(Setting::MusicVolume, -1);
        assert!(nowhere.save_changes(&c).is_err());
        std::fs::remove_dir_all(&d).ok();
    }

    #[test]
    fn hand_edited_values_are_clamped_and_missing_fields_defaulted() {
        let c: Config = ron::from_str("(music_volume: 7.5, display_scale: 99)").unwrap();
        let c = c.sanitised();
        assert_eq!(c.music_volume, 1.0);
        assert_eq!(c.display_scale, 8);
        assert_eq!(c.effects_volume, Config::default().effects_volume);
        assert_eq!(c.keys, Config::default().keys);
    }
}
