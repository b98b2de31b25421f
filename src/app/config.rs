//! The player's settings: volumes, display, difficulty and control bindings, saved as RON in
//! the operating system's config folder (or `SKYSWEEP_DATA_DIR` for portable installs and tests).

use std::path::PathBuf;

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

impl Config {
    pub fn path() -> Option<PathBuf> {
        folder("config").map(|d| d.join("config.ron"))
    }

    /// Loads the settings; damaged files are kept aside and reported in the warning.
    pub fn load() -> (Config, Option<String>) {
        match Self::path() {
            Some(p) => {
                let loaded = store::load_ron_or_default::<Config>(&p);
                (loaded.value.sanitised(), loaded.warning)
            }
            None => (
                Config::default(),
                Some("no config folder on this system; settings will not be saved".into()),
            ),
        }
    }

    pub fn save(&self) -> Result<(), String> {
        let p = Self::path().ok_or("no config folder on this system")?;
        store::save_ron(
            &p,
            "SkySweep settings; edit in the game's options menu",
            self,
        )
        .map_err(|e| format!("{}: {e}", p.display()))
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
