//! The player's settings: volumes, display, difficulty, the shot, the arcade rules, what is
//! visible in play and control bindings, saved as RON in the operating system's config folder
//! (or `SKYSWEEP_DATA_DIR` for portable installs and tests).
//!
//! `problem` finds a hand-edited value's place in the file; `shot`, `arcade` and `visibility`
//! hold each group of options' values and steps; `save_replays` is whether a finished run's
//! replay is kept.
//!
//! Tests in `tests.rs`. May import `save`'s bindings (`keys`, `pad`), `tate` and `store`,
//! `sim`, `level` and `platform`.

pub mod arcade;
mod problem;
pub mod save_replays;
pub mod shot;
pub mod visibility;

pub use problem::Problem;
pub use save_replays::SaveReplays;
pub use shot::{RapidFire, ShotMode, ShotPulse, ShotSettings};
pub use visibility::Visibility;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::level::Difficulty;
use crate::platform::data::folder;
use crate::save::keys::{Action, KeyBindings};
use crate::save::pad::{PadBindings, PadButton};
use crate::save::store;
use crate::save::tate::Tate;
use crate::sim::ArcadeRules;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub music_volume: f32,
    pub effects_volume: f32,
    /// Largest whole display scale to use; 0 picks the largest that fits.
    pub display_scale: u32,
    pub fullscreen: bool,
    pub screen_shake: bool,
    pub difficulty: Difficulty,
    /// START and 2 PLAYERS ask for the difficulty (its cursor on the last choice); off, they
    /// go straight to pilot select on [`Settings::difficulty`], as an arcade board does.
    pub ask_difficulty: bool,
    /// The picture turned for a monitor on its side; files from before it read as off.
    pub tate: Tate,
    /// Whether a finished run's replay is saved: always, after asking, or never.
    pub save_replays: SaveReplays,
    /// Keyboard bindings for player 1 and player 2.
    pub keys: [KeyBindings; 2],
    /// Gamepad buttons, shared by both players' pads.
    pub pad: PadBindings,
    /// Hold to fire or auto-fire, and rapid fire; files from before it read as hold, no rapid.
    pub shot: ShotSettings,
    /// Lives, extends and continues for the next game; the defaults are the game's own.
    pub arcade: ArcadeRules,
    /// Shot opacity, background dimming, bullet outlines; the defaults draw as before.
    pub visibility: Visibility,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            music_volume: 0.6,
            effects_volume: 0.8,
            display_scale: 0,
            fullscreen: false,
            screen_shake: true,
            difficulty: Difficulty::Normal,
            ask_difficulty: true,
            tate: Tate::Off,
            save_replays: SaveReplays::Ask,
            keys: [KeyBindings::player1(), KeyBindings::player2()],
            pad: PadBindings::default(),
            shot: ShotSettings::default(),
            arcade: ArcadeRules::default(),
            visibility: Visibility::default(),
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
    AskDifficulty,
    Tate,
    SaveReplays,
    ShotMode,
    RapidFire,
    Lives,
    Extends,
    Continues,
    ShotOpacity,
    BackgroundDim,
    BulletOutline,
}

impl Setting {
    pub const ALL: [Setting; 17] = [
        Setting::MusicVolume,
        Setting::EffectsVolume,
        Setting::DisplayScale,
        Setting::Fullscreen,
        Setting::ScreenShake,
        Setting::Difficulty,
        Setting::AskDifficulty,
        Setting::Tate,
        Setting::SaveReplays,
        Setting::ShotMode,
        Setting::RapidFire,
        Setting::Lives,
        Setting::Extends,
        Setting::Continues,
        Setting::ShotOpacity,
        Setting::BackgroundDim,
        Setting::BulletOutline,
    ];

    /// The settings that change the rules of a game (its score table, its replay): a game in
    /// play keeps the ones it started with.
    pub fn is_rule(self) -> bool {
        matches!(
            self,
            Setting::Difficulty | Setting::Lives | Setting::Extends | Setting::Continues
        )
    }
}

/// Largest display scale the options menu offers; beyond it the menu wraps round to AUTO.
const MENU_MAX_SCALE: i32 = 6;

impl Settings {
    pub fn path() -> Option<PathBuf> {
        folder("config").map(|d| d.join("config.ron"))
    }

    /// Loads the settings; damaged files are kept aside and reported in the warning. Several
    /// problems come back as one string, a line each, since the caller prints one warning per
    /// string with its own "warning: " prefix.
    pub fn load() -> (Settings, Option<String>) {
        match Self::path() {
            Some(p) => {
                let (c, warnings) = Self::load_all_from(&p);
                (
                    c,
                    (!warnings.is_empty()).then(|| warnings.join("\nwarning: ")),
                )
            }
            None => (
                Settings::default(),
                Some("no config folder on this system; settings will not be saved".into()),
            ),
        }
    }

    /// Loads the settings at `path`: a missing or empty file is every default, quietly; a
    /// damaged one is kept aside, defaults are used and the warning names its line and column.
    /// Values that parse but cannot be used are reported too, joined a line each.
    #[cfg(test)]
    pub fn load_from(path: &Path) -> (Settings, Option<String>) {
        let (c, warnings) = Self::load_all_from(path);
        (c, (!warnings.is_empty()).then(|| warnings.join("\n")))
    }

    /// [`Settings::load_from`] with one warning per problem. A file that parsed is left where it
    /// is even when some values in it are unusable: only those values are replaced, in memory.
    pub fn load_all_from(path: &Path) -> (Settings, Vec<String>) {
        let loaded = store::load_ron_or_default::<Settings>(path);
        if let Some(w) = loaded.warning {
            return (loaded.value.sanitised(), vec![w]);
        }
        // The text is for positions only: the parser keeps none for values it accepted.
        let (config, problems) = loaded.value.checked();
        let warnings = problems
            .iter()
            .map(|p| p.describe(path, &loaded.text))
            .collect();
        (config, warnings)
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

    /// True when a player bound R to a game action, which then wins over "restart".
    pub fn r_is_bound(&self) -> bool {
        self.keys.iter().any(|k| {
            Action::ALL
                .iter()
                .any(|a| k.keys(*a).iter().any(|n| n.eq_ignore_ascii_case("R")))
        })
    }

    /// Moves `setting` one notch in `dir` (1 or -1): volumes by tenths within 0 to 1, display
    /// scale round AUTO and 1X to 6X, difficulty round easy, normal and hard, lives round 1 to
    /// 5, continues round 0 to 9 and free play, shot opacity and dimming by tens within their
    /// ranges; the switches flip.
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
            Setting::AskDifficulty => self.ask_difficulty = !self.ask_difficulty,
            Setting::Tate => self.tate = self.tate.step(dir),
            Setting::SaveReplays => {
                let all = SaveReplays::ALL;
                let k = all
                    .iter()
                    .position(|x| *x == self.save_replays)
                    .unwrap_or(1) as i32;
                self.save_replays = all[(k + dir).rem_euclid(3) as usize];
            }
            Setting::ShotMode => self.shot.mode = self.shot.mode.step(),
            Setting::RapidFire => self.shot.rapid = self.shot.rapid.step(dir),
            Setting::Lives => arcade::step_lives(&mut self.arcade, dir),
            Setting::Extends => arcade::step_extends(&mut self.arcade, dir),
            Setting::Continues => arcade::step_continues(&mut self.arcade, dir),
            Setting::ShotOpacity => self.visibility.step_opacity(dir),
            Setting::BackgroundDim => self.visibility.step_dim(dir),
            Setting::BulletOutline => {
                self.visibility.bullet_outline = !self.visibility.bullet_outline
            }
        }
    }

    /// Values clamped into range, so a hand-edited file cannot break the game.
    pub fn sanitised(self) -> Settings {
        self.checked().0
    }

    /// The settings with each unusable value clamped to the nearest usable one or given its
    /// default, and what was changed, in file order as far as it is known.
    pub fn checked(mut self) -> (Settings, Vec<Problem>) {
        let d = Settings::default();
        let mut problems = Vec::new();
        for (field, v, default) in [
            ("music_volume", &mut self.music_volume, d.music_volume),
            ("effects_volume", &mut self.effects_volume, d.effects_volume),
        ] {
            let fixed = if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                default
            };
            if fixed != *v {
                problems.push(Problem::field(
                    field,
                    format!("{v:?}"),
                    format!("{fixed:?}"),
                ));
                *v = fixed;
            }
        }
        let (rules, arcade_problems) = arcade::checked(self.arcade);
        self.arcade = rules;
        problems.extend(arcade_problems);
        let clear = self.visibility.clamped();
        for (field, was, now) in [
            (
                "shot_opacity",
                self.visibility.shot_opacity,
                clear.shot_opacity,
            ),
            (
                "background_dim",
                self.visibility.background_dim,
                clear.background_dim,
            ),
        ] {
            if was != now {
                problems.push(Problem::field(field, was.to_string(), now.to_string()));
            }
        }
        self.visibility = clear;
        if self.display_scale > MAX_SCALE {
            problems.push(Problem::field(
                "display_scale",
                self.display_scale.to_string(),
                MAX_SCALE.to_string(),
            ));
            self.display_scale = MAX_SCALE;
        }
        for (i, k) in self.keys.iter_mut().enumerate() {
            let defaults = if i == 0 {
                KeyBindings::player1()
            } else {
                KeyBindings::player2()
            };
            for (action, name, fallback) in k.fill_unbound(&defaults) {
                let field = format!("keys[{i}].{}", action.label().to_lowercase());
                let using = match fallback {
                    Some(keys) => format!("default keys {}", keys.join(", ")),
                    None => "its other keys".into(),
                };
                problems.push(Problem::quoted(field, name, using));
            }
        }
        for (field, list, default) in [
            ("pad.shot", &mut self.pad.shot, &d.pad.shot),
            ("pad.bomb", &mut self.pad.bomb, &d.pad.bomb),
            ("pad.focus", &mut self.pad.focus, &d.pad.focus),
        ] {
            let bad: Vec<String> = list
                .iter()
                .filter(|n| PadButton::from_name(n).is_none())
                .cloned()
                .collect();
            list.retain(|n| PadButton::from_name(n).is_some());
            let emptied = list.is_empty();
            if emptied {
                *list = default.clone();
            }
            for name in bad {
                let using = if emptied {
                    format!("default buttons {}", default.join(", "))
                } else {
                    "its other buttons".into()
                };
                problems.push(Problem::quoted(field.into(), name, using));
            }
        }
        (self, problems)
    }
}

/// Largest display scale a file may ask for; the menu offers up to [`MENU_MAX_SCALE`].
const MAX_SCALE: u32 = 8;

/// The settings file and the settings it was last given, so that each change in the options
/// menu is written once, when it is made: closing the window at any moment loses nothing, and a
/// file nobody changed is never rewritten.
pub struct SettingsFile {
    /// `None` when the system has no config folder.
    path: Option<PathBuf>,
    /// What was loaded from the file, or last written (or tried) to it.
    last: Settings,
}

impl SettingsFile {
    /// The file at `path`, which holds `loaded` (what [`Settings::load_from`] returned).
    pub fn new(path: Option<PathBuf>, loaded: Settings) -> SettingsFile {
        SettingsFile { path, last: loaded }
    }

    /// Writes `config` atomically if it differs from what the file was last given; returns
    /// whether it wrote. Cheap when nothing changed, so it can run every frame. A failed write
    /// is not retried until the settings change again: one error per change, not per frame.
    pub fn save_changes(&mut self, config: &Settings) -> Result<bool, String> {
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
mod tests;
