//! The player's settings: volumes, display, difficulty and control bindings, saved as RON in
//! the operating system's config folder (or `SKYSWEEP_DATA_DIR` for portable installs and tests).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::platform::data::folder;
use crate::save::keys::{Action, KeyBindings};
use crate::save::pad::{PadBindings, PadButton};
pub use crate::save::save_replays::SaveReplays;
use crate::save::store;
use crate::save::tate::Tate;
use crate::sim::Difficulty;

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
    /// The picture turned for a monitor on its side; files from before it read as off.
    pub tate: Tate,
    /// Whether a finished run's replay is saved: always, after asking, or never.
    pub save_replays: SaveReplays,
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
            tate: Tate::Off,
            save_replays: SaveReplays::Ask,
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
    Tate,
    SaveReplays,
}

impl Setting {
    pub const ALL: [Setting; 8] = [
        Setting::MusicVolume,
        Setting::EffectsVolume,
        Setting::DisplayScale,
        Setting::Fullscreen,
        Setting::ScreenShake,
        Setting::Difficulty,
        Setting::Tate,
        Setting::SaveReplays,
    ];
}

/// Largest display scale the options menu offers; beyond it the menu wraps round to AUTO.
const MENU_MAX_SCALE: i32 = 6;

impl Config {
    pub fn path() -> Option<PathBuf> {
        folder("config").map(|d| d.join("config.ron"))
    }

    /// Loads the settings; damaged files are kept aside and reported in the warning. Several
    /// problems come back as one string, a line each, since the caller prints one warning per
    /// string with its own "warning: " prefix.
    pub fn load() -> (Config, Option<String>) {
        match Self::path() {
            Some(p) => {
                let (c, warnings) = Self::load_all_from(&p);
                (
                    c,
                    (!warnings.is_empty()).then(|| warnings.join("\nwarning: ")),
                )
            }
            None => (
                Config::default(),
                Some("no config folder on this system; settings will not be saved".into()),
            ),
        }
    }

    /// Loads the settings at `path`: a missing or empty file is every default, quietly; a
    /// damaged one is kept aside, defaults are used and the warning names its line and column.
    /// Values that parse but cannot be used are reported too, joined a line each.
    #[cfg(test)]
    pub fn load_from(path: &Path) -> (Config, Option<String>) {
        let (c, warnings) = Self::load_all_from(path);
        (c, (!warnings.is_empty()).then(|| warnings.join("\n")))
    }

    /// [`Config::load_from`] with one warning per problem. A file that parsed is left where it
    /// is even when some values in it are unusable: only those values are replaced, in memory.
    pub fn load_all_from(path: &Path) -> (Config, Vec<String>) {
        let loaded = store::load_ron_or_default::<Config>(path);
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

    /// Moves `setting` one notch in `dir` (1 or -1): volumes by tenths within 0 to 1, display
    /// scale round AUTO and 1X to 6X, difficulty round easy, normal and hard; the switches flip.
    /// True when a player bound R to a game action, which then wins over "restart".
    pub fn r_is_bound(&self) -> bool {
        self.keys.iter().any(|k| {
            Action::ALL
                .iter()
                .any(|a| k.keys(*a).iter().any(|n| n.eq_ignore_ascii_case("R")))
        })
    }

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
            Setting::Tate => self.tate = self.tate.step(dir),
            Setting::SaveReplays => {
                let all = SaveReplays::ALL;
                let k = all
                    .iter()
                    .position(|x| *x == self.save_replays)
                    .unwrap_or(1) as i32;
                self.save_replays = all[(k + dir).rem_euclid(3) as usize];
            }
        }
    }

    /// Values clamped into range, so a hand-edited file cannot break the game.
    pub fn sanitised(self) -> Config {
        self.checked().0
    }

    /// The settings with each unusable value clamped to the nearest usable one or given its
    /// default, and what was changed, in file order as far as it is known.
    pub fn checked(mut self) -> (Config, Vec<Problem>) {
        let d = Config::default();
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
                problems.push(Problem {
                    field,
                    value: format!("{name:?}"),
                    using,
                    find: Find::Quoted(name),
                });
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
                problems.push(Problem {
                    field: field.into(),
                    value: format!("{name:?}"),
                    using: if emptied {
                        format!("default buttons {}", default.join(", "))
                    } else {
                        "its other buttons".into()
                    },
                    find: Find::Quoted(name),
                });
            }
        }
        (self, problems)
    }
}

/// Largest display scale a file may ask for; the menu offers up to [`MENU_MAX_SCALE`].
const MAX_SCALE: u32 = 8;

/// How to find a problem value in the file's text.
#[derive(Clone, Debug, PartialEq)]
enum Find {
    /// The value after `name:`.
    Field(&'static str),
    /// A quoted name, such as a key in a binding list.
    Quoted(String),
}

/// One unusable value in a settings file that otherwise parsed, and what replaced it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub field: String,
    pub value: String,
    pub using: String,
    find: Find,
}

impl Problem {
    fn field(name: &'static str, value: String, using: String) -> Problem {
        Problem {
            field: name.into(),
            value,
            using,
            find: Find::Field(name),
        }
    }

    /// One line naming the file, the position when the text shows it, the field, the value
    /// and what is used instead.
    pub fn describe(&self, path: &Path, text: &str) -> String {
        let at = self
            .offset_in(text)
            .map(|o| {
                let before = &text[..o];
                let line = before.matches('\n').count() + 1;
                let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
                format!(" line {line}, column {col}:")
            })
            .unwrap_or_default();
        format!(
            "{}:{at} {} {} cannot be used; using {}",
            path.display(),
            self.field,
            self.value,
            self.using
        )
    }

    /// Byte offset of the value outside comments; the first such place, since the parser
    /// rejects a field given twice and a repeated bad key name is reported the same either way.
    fn offset_in(&self, text: &str) -> Option<usize> {
        let code = blank_comments(text);
        match &self.find {
            Find::Quoted(name) => code.find(&format!("{name:?}")),
            Find::Field(name) => {
                let mut from = 0;
                while let Some(i) = code[from..].find(name).map(|i| i + from) {
                    let after = &code[i + name.len()..];
                    let word_before = code[..i]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_');
                    let rest = after.trim_start();
                    if !word_before && rest.starts_with(':') {
                        let value = rest[1..].trim_start();
                        return Some(code.len() - value.len());
                    }
                    from = i + name.len();
                }
                None
            }
        }
    }
}

/// `text` with comments and string contents other than quotes replaced by spaces, byte for
/// byte, so offsets still match and a field name in a comment is not mistaken for the field.
fn blank_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let mut depth = 0;
    while i < b.len() {
        if depth > 0 {
            if b[i..].starts_with(b"*/") {
                depth -= 1;
                out[i] = b' ';
                out[i + 1] = b' ';
                i += 2;
                continue;
            }
            if b[i..].starts_with(b"/*") {
                depth += 1;
            }
            if b[i] != b'\n' {
                out[i] = b' ';
            }
            i += 1;
        } else if b[i..].starts_with(b"/*") {
            depth = 1;
            out[i] = b' ';
            out[i + 1] = b' ';
            i += 2;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out[i] = b' ';
                i += 1;
            }
        } else if b[i] == b'"' {
            // Strings stay whole: a quoted key name is what Find::Quoted looks for.
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else {
            i += 1;
        }
    }
    // Every byte of a comment became a space, so this is whole UTF-8 of the same length.
    String::from_utf8_lossy(&out).into_owned()
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
    use crate::testkit::files::{load_each_hostile, names_in};
    use tempfile::TempDir;

    use super::*;

    /// A fresh folder, and where the settings go in it.
    fn config_file() -> (TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("config.ron");
        (tmp, path)
    }

    #[test]
    fn config_round_trips_through_its_file() {
        let (_tmp, path) = config_file();
        let mut c = Config {
            music_volume: 0.25,
            screen_shake: false,
            difficulty: Difficulty::Hard,
            tate: Tate::Turned270,
            ..Config::default()
        };
        c.keys[0].shot = vec!["C".into()];
        c.pad.bomb = vec!["East".into(), "RightTrigger".into()];
        store::save_ron(&path, "test", &c).unwrap();
        let back = store::load_ron_or_default::<Config>(&path)
            .value
            .sanitised();
        assert_eq!(back, c);
    }

    /// A FIFO or a link to /dev/zero saved as the settings once hung the game before its
    /// window opened, or filled its memory.
    #[test]
    fn settings_that_are_not_a_file_are_every_default_at_once() {
        let tmp = tempfile::tempdir().unwrap();
        for (what, path, (c, warnings)) in
            load_each_hostile(tmp.path(), "config.ron", Config::load_all_from)
        {
            assert_eq!(c, Config::default(), "{what}");
            assert_eq!(
                warnings,
                [format!(
                    "{}: cannot read (not a file); using defaults",
                    path.display()
                )],
                "{what}"
            );
        }
    }

    #[test]
    fn an_empty_or_blank_config_file_is_every_default_quietly() {
        let (tmp, path) = config_file();
        let d = tmp.path();
        for text in ["", "\n", "  \t\r\n\n  ", "// SkySweep settings\n"] {
            std::fs::write(&path, text).unwrap();
            let (c, warning) = Config::load_from(&path);
            assert_eq!(c, Config::default(), "{text:?}");
            assert_eq!(warning, None, "{text:?}");
            assert_eq!(names_in(d), ["config.ron"], "{text:?} is not moved aside");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
    }

    #[test]
    fn a_malformed_config_file_is_kept_aside_with_its_line_and_column() {
        let (tmp, path) = config_file();
        let d = tmp.path();
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
        assert_eq!(names_in(d), ["config.ron.damaged-1"]);
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
        let (tmp, path) = config_file();
        let d = tmp.path();
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
        assert_eq!(names_in(d), ["config.ron"], "no temporary files left");
    }

    #[test]
    fn a_hand_edited_file_is_not_rewritten_until_something_changes() {
        let (_tmp, path) = config_file();
        let text = "// mine\n(music_volume: 3.0)\n";
        std::fs::write(&path, text).unwrap();
        let (c, _) = Config::load_from(&path);
        let mut file = SettingsFile::new(Some(path.clone()), c.clone());
        assert_eq!(file.save_changes(&c), Ok(false));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn a_failed_save_is_reported_once_per_change() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
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
    }

    #[test]
    fn hand_edited_values_are_clamped_and_missing_fields_defaulted() {
        let c: Config = ron::from_str("(music_volume: 7.5, display_scale: 99)").unwrap();
        let c = c.sanitised();
        assert_eq!(c.music_volume, 1.0);
        assert_eq!(c.display_scale, 8);
        assert_eq!(c.effects_volume, Config::default().effects_volume);
        assert_eq!(c.keys, Config::default().keys);
        assert_eq!(c.tate, Tate::Off, "a file from before TATE");
        let c: Config = ron::from_str("(tate: Turned90)").unwrap();
        assert_eq!(c.tate, Tate::Turned90);
    }

    #[test]
    fn each_unusable_value_is_named_with_its_place_and_only_it_replaced() {
        let (tmp, path) = config_file();
        let d = tmp.path();
        let text = "// music_volume: 9 in a comment is not the field\n(\n  music_volume: 5.0,\n  display_scale: 99,\n  keys: (\n    (up: [\"Up\"], down: [\"Down\"], left: [\"Left\"], right: [\"Right\"],\n     shot: [\"Foo\"], bomb: [\"C\", \"Bar\"], focus: [\"V\"]),\n    (shot: [\"P\"]),\n  ),\n  pad: (shot: [\"Nope\"]),\n)\n";
        std::fs::write(&path, text).unwrap();
        let (c, warnings) = Config::load_all_from(&path);
        assert_eq!(
            c.music_volume, 1.0,
            "clamped to the nearest valid volume: {warnings:?}"
        );
        assert_eq!(c.display_scale, MAX_SCALE);
        let p1 = &c.keys[0];
        assert_eq!(
            p1.shot,
            KeyBindings::player1().shot,
            "only that action defaulted"
        );
        assert_eq!(p1.bomb, ["C"], "the good key beside a bad one is kept");
        assert_eq!(p1.focus, ["V"], "the rest of that player's keys are kept");
        assert_eq!(p1.up, ["Up"]);
        assert_eq!(c.keys[1].shot, ["P"]);
        assert_eq!(
            c.keys[1].up,
            KeyBindings::player2().up,
            "an action left out"
        );
        assert_eq!(c.pad.shot, PadBindings::default().shot);
        let expect = [
            ("music_volume 5", "line 3, column 17"),
            ("display_scale 99", "line 4, column 18"),
            ("keys[0].shot \"Foo\"", "line 7, column 13"),
            ("keys[0].bomb \"Bar\"", "line 7, column 33"),
            ("pad.shot \"Nope\"", "line 10, column 16"),
        ];
        assert_eq!(warnings.len(), expect.len(), "{warnings:#?}");
        for (w, (field, at)) in warnings.iter().zip(expect) {
            assert!(w.starts_with(&path.display().to_string()), "{w}");
            assert!(
                w.contains(field) && w.contains(at),
                "{w} lacks {field} at {at}"
            );
        }
        assert_eq!(
            names_in(d),
            ["config.ron"],
            "a file that parsed is not moved aside"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "nor rewritten"
        );
        let mut file = SettingsFile::new(Some(path.clone()), c.clone());
        assert_eq!(
            file.save_changes(&c),
            Ok(false),
            "kept until a setting changes"
        );
    }

    #[test]
    fn usable_values_give_no_warning() {
        let (c, problems) = Config::default().checked();
        assert_eq!((c, problems), (Config::default(), vec![]));
        let (_, problems) = Config {
            music_volume: f32::NAN,
            ..Config::default()
        }
        .checked();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].using, "0.6", "not a number gives the default");
    }
}
