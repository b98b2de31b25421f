//! The settings through their file: round trips, damaged and hostile files, hand edits.

use crate::testkit::files::{load_damaged, load_each_hostile, names_in};
use tempfile::TempDir;

use super::*;

/// A fresh folder, and where the settings go in it.
fn config_file() -> (TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("config.ron");
    (tmp, path)
}

/// A fresh folder holding a settings file with `text`, as a player might have edited it.
fn config_with(text: &str) -> (TempDir, PathBuf) {
    let (tmp, path) = config_file();
    std::fs::write(&path, text).unwrap();
    (tmp, path)
}

#[test]
fn config_round_trips_through_its_file() {
    let (_tmp, path) = config_file();
    let mut c = Settings {
        music_volume: 0.25,
        screen_shake: false,
        difficulty: Difficulty::Hard,
        tate: Tate::Turned270,
        ..Settings::default()
    };
    c.keys[0].shot = vec!["C".into()];
    c.pad.bomb = vec!["East".into(), "RightTrigger".into()];
    c.shot = ShotSettings {
        mode: ShotMode::Auto,
        rapid: RapidFire::Per15,
    };
    c.arcade = ArcadeRules {
        lives: 1,
        extends: crate::sim::Extends::Off,
        continues: crate::sim::Continues::Limited(0),
    };
    c.visibility = Visibility {
        shot_opacity: 40,
        background_dim: 60,
        bullet_outline: true,
    };
    store::save_ron(&path, "test", &c).unwrap();
    let back = store::load_ron_or_default::<Settings>(&path)
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
        load_each_hostile(tmp.path(), "config.ron", Settings::load_all_from)
    {
        assert_eq!(c, Settings::default(), "{what}");
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
        let (c, warning) = Settings::load_from(&path);
        assert_eq!(c, Settings::default(), "{text:?}");
        assert_eq!(warning, None, "{text:?}");
        assert_eq!(names_in(d), ["config.ron"], "{text:?} is not moved aside");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }
}

#[test]
fn a_malformed_config_file_is_kept_aside_with_its_line_and_column() {
    let (tmp, path) = config_file();
    let d = tmp.path();
    let text = "(\n  music_volume: 0.5,\n  screen_shake: maybe,\n)\n";
    let w = load_damaged(&path, text, Settings::load_from);
    assert!(
        w.contains("config.ron") && w.contains("line 3, column"),
        "{w}"
    );
    assert_eq!(names_in(d), ["config.ron.damaged-1"]);
}

#[test]
fn adjusting_steps_each_setting_and_stays_in_range() {
    let mut c = Settings {
        music_volume: 0.9,
        effects_volume: 0.1,
        ..Settings::default()
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
    let mut c = Settings::default();
    let mut file = SettingsFile::new(Some(path.clone()), c.clone());
    assert_eq!(file.save_changes(&c), Ok(false), "nothing changed yet");
    assert!(!path.exists(), "the defaults are not written unasked");
    for setting in Setting::ALL {
        let before = c.clone();
        c.adjust(setting, 1);
        if c == before {
            // At the top of its range (shot opacity starts at 100 %): step down instead.
            c.adjust(setting, -1);
        }
        assert_eq!(file.save_changes(&c), Ok(true), "{setting:?}");
        assert_eq!(Settings::load_from(&path), (c.clone(), None), "{setting:?}");
        assert_eq!(file.save_changes(&c), Ok(false), "{setting:?} written once");
    }
    // Rebinding a key and resetting the pad buttons are changes too.
    c.keys[1].bomb = vec!["P".into()];
    assert_eq!(file.save_changes(&c), Ok(true));
    assert_eq!(Settings::load_from(&path).0.keys[1].bomb, ["P"]);
    c.pad.shot = vec!["North".into()];
    assert_eq!(file.save_changes(&c), Ok(true));
    assert_eq!(Settings::load_from(&path).0.pad.shot, ["North"]);
    assert_eq!(names_in(d), ["config.ron"], "no temporary files left");
}

#[test]
fn a_hand_edited_file_is_not_rewritten_until_something_changes() {
    let text = "// mine\n(music_volume: 3.0)\n";
    let (_tmp, path) = config_with(text);
    let (c, _) = Settings::load_from(&path);
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
    let mut c = Settings::default();
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
    let c: Settings = ron::from_str("(music_volume: 7.5, display_scale: 99)").unwrap();
    let c = c.sanitised();
    assert_eq!(c.music_volume, 1.0);
    assert_eq!(c.display_scale, 8);
    assert_eq!(c.effects_volume, Settings::default().effects_volume);
    assert_eq!(c.keys, Settings::default().keys);
    assert_eq!(c.tate, Tate::Off, "a file from before TATE");
    let c: Settings = ron::from_str("(tate: Turned90)").unwrap();
    assert_eq!(c.tate, Tate::Turned90);
}

#[test]
fn each_unusable_value_is_named_with_its_place_and_only_it_replaced() {
    let text = "// music_volume: 9 in a comment is not the field\n(\n  music_volume: 5.0,\n  display_scale: 99,\n  keys: (\n    (up: [\"Up\"], down: [\"Down\"], left: [\"Left\"], right: [\"Right\"],\n     shot: [\"Foo\"], bomb: [\"C\", \"Bar\"], focus: [\"V\"]),\n    (shot: [\"P\"]),\n  ),\n  pad: (shot: [\"Nope\"]),\n)\n";
    let (tmp, path) = config_with(text);
    let d = tmp.path();
    let (c, warnings) = Settings::load_all_from(&path);
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
    assert_warnings(&warnings, &path, &expect);
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
    let (c, problems) = Settings::default().checked();
    assert_eq!((c, problems), (Settings::default(), vec![]));
    let (_, problems) = Settings {
        music_volume: f32::NAN,
        ..Settings::default()
    }
    .checked();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].using, "0.6", "not a number gives the default");
}

#[test]
fn a_file_from_before_the_new_options_reads_them_as_their_defaults() {
    let c: Settings = ron::from_str("(music_volume: 0.5, tate: Turned90)").unwrap();
    let (c, problems) = c.checked();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(c.shot, ShotSettings::default());
    assert_eq!(c.arcade, ArcadeRules::default());
    assert_eq!(c.visibility, Visibility::default());
}

#[test]
fn hand_edited_new_options_out_of_range_are_clamped_and_named() {
    let text = "(\n  arcade: (lives: 0, continues: Limited(99)),\n  visibility: (shot_opacity: 3, background_dim: 200),\n)\n";
    let (tmp, path) = config_with(text);
    let (c, warnings) = Settings::load_all_from(&path);
    assert_eq!(c.arcade.lives, 1);
    assert_eq!(c.arcade.continues, crate::sim::Continues::Limited(9));
    assert_eq!(c.visibility.shot_opacity, 20);
    assert_eq!(c.visibility.background_dim, 60);
    let expect = [
        ("lives 0", "line 2, column 19"),
        ("continues Limited(99)", "line 2, column 33"),
        ("shot_opacity 3", "line 3, column 30"),
        ("background_dim 200", "line 3, column 49"),
    ];
    assert_warnings(&warnings, &path, &expect);
    assert_eq!(names_in(tmp.path()), ["config.ron"], "kept where it is");
    // A damaged value of a new option (a wrong type) sets the whole file aside as before.
    std::fs::write(&path, "(shot: (mode: Sometimes))").unwrap();
    let (c, warnings) = Settings::load_all_from(&path);
    assert_eq!(c, Settings::default());
    assert!(warnings[0].contains("line 1, column"), "{warnings:?}");
    assert_eq!(names_in(tmp.path()), ["config.ron.damaged-1"]);
}

/// Asserts `warnings` are one a problem of `expect`, in order, each naming the file at `path`,
/// the field with its value, and the line and column.
fn assert_warnings(warnings: &[String], path: &std::path::Path, expect: &[(&str, &str)]) {
    assert_eq!(warnings.len(), expect.len(), "{warnings:#?}");
    for (w, (field, at)) in warnings.iter().zip(expect) {
        assert!(w.starts_with(&path.display().to_string()), "{w}");
        assert!(
            w.contains(field) && w.contains(at),
            "{w} lacks {field} at {at}"
        );
    }
}
