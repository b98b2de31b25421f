//! Turning command-line options into a level and a world configuration, for play and `sim`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::level::{self, Catalog, Level};
use crate::sim::campaign;
use crate::sim::replay::Replay;
use crate::sim::{Character, WorldConfig};

use super::args::RunArgs;
use crate::platform::data::find_data;

/// The stage played when none is named.
pub const DEFAULT_LEVEL: &str = "levels/stage1.ron";

/// Every shipped stage, `levels/stageN.ron`, by number: the one list the window's campaign,
/// `sim --all`, `balance` and `soak` all play (see [`level::stage_files`]). The Extra stage
/// is not among them: see [`shipped_extra_stage`].
pub fn shipped_stages() -> Result<Vec<PathBuf>, String> {
    level::stage_files(&find_data("levels"))
}

/// The shipped Extra stage (`levels/stage7.ron`), played alone once the game is cleared; `None`
/// when the levels folder has none.
pub fn shipped_extra_stage() -> Option<PathBuf> {
    level::extra_stage(&find_data("levels"))
}

/// Every shipped stage in the order a run with `seed` plays them (see
/// [`campaign::stage_order`]), each loaded; an error names the file that failed.
pub fn run_stages(seed: u64) -> Result<Vec<(PathBuf, Arc<Level>)>, String> {
    let shipped = shipped_stages()?;
    campaign::stage_order(seed, shipped.len())
        .into_iter()
        .map(|i| {
            let path = shipped[i].clone();
            let level = level::load_stage(&path, &assets_catalog()).map_err(|e| e.to_string())?;
            Ok((path, Arc::new(level)))
        })
        .collect()
}

/// A whole run (`sim --all`): every shipped stage in the run's order, with `args` setting up
/// the first as `--level` would (so `--at` is looked up in the stage the run starts on).
/// The stages come back in order, the first being `RunSetup::level`.
pub fn prepare_all(args: &RunArgs) -> Result<(RunSetup, Vec<Arc<Level>>), String> {
    let stages = run_stages(args.seed.unwrap_or(1))?;
    let first = RunArgs {
        level: Some(stages[0].0.clone()),
        ..args.clone()
    };
    let setup = prepare(&first)?;
    let mut levels: Vec<Arc<Level>> = stages.into_iter().map(|(_, l)| l).collect();
    // The same file, loaded once more by `prepare`: keep that copy so both agree.
    levels[0] = setup.level.clone();
    Ok((setup, levels))
}

/// The shipped assets, for checking the names a level gives.
pub fn assets_catalog() -> Catalog {
    Catalog::load(&find_data("assets"))
}

/// A run as the command line describes it.
pub struct RunSetup {
    pub level_path: PathBuf,
    pub level: Arc<Level>,
    pub config: WorldConfig,
    pub replay: Option<Replay>,
    /// With a replay, every recorded stage's file and level in order, checked against the
    /// recording (the first is `level_path` and `level`); empty otherwise.
    pub replay_stages: Vec<(PathBuf, Arc<Level>)>,
}

/// Loads the level (and replay) and builds the configuration; the error is ready to print.
///
/// A replay sets the seed, characters, difficulty, invincibility, start, power and loop itself; the
/// command line refuses those options beside `--replay`, so they are not consulted here.
pub fn prepare(args: &RunArgs) -> Result<RunSetup, String> {
    if args.characters.len() > 2 {
        let names: Vec<String> = args
            .characters
            .iter()
            .map(|c| c.name().to_lowercase())
            .collect();
        return Err(format!(
            "--character given {} times ({}): at most two players play, one --character each",
            names.len(),
            names.join(", ")
        ));
    }
    let replay = match &args.replay {
        Some(p) => Some(Replay::load(p).map_err(|e| e.to_string())?),
        None => None,
    };
    let level_path = match (&args.level, &replay) {
        (Some(p), _) => p.clone(),
        (None, Some(r)) => find_data(&r.stages[0].level),
        (None, None) => find_data(DEFAULT_LEVEL),
    };
    let level =
        Arc::new(level::load_stage(&level_path, &assets_catalog()).map_err(|e| e.to_string())?);
    if let (Some(r), Some(file)) = (&replay, &args.replay) {
        let file = file.display().to_string();
        let first = &r.stages[0];
        // `--level` may point at the recorded stage elsewhere on disk, so only the file name is
        // compared, and only once the content differs: naming the other stage's hash as the
        // "changed" version of the recorded one would send the user looking in the wrong file.
        if let Some(given) = &args.level {
            let recorded_name = Path::new(&first.level).file_name();
            if !r.stage_matches(0, &level) && recorded_name != given.file_name() {
                return Err(format!(
                    "{file}: this replay was recorded on {}, but --level gives {}, a different stage",
                    first.level,
                    given.display()
                ));
            }
        }
        // Every stage is loaded and checked now, before anything plays: a later stage that
        // changed would otherwise only be found after watching the ones before it.
        let mut replay_stages = vec![(level_path.clone(), level.clone())];
        for (i, stage) in r.stages.iter().enumerate().skip(1) {
            let path = find_data(&stage.level);
            let loaded = level::load_stage(&path, &assets_catalog())
                .map_err(|e| format!("{file}: recorded stage {} cannot be loaded: {e}", i + 1))?;
            replay_stages.push((path, Arc::new(loaded)));
        }
        for (i, (path, l)) in replay_stages.iter().enumerate() {
            r.check_level(&file, i, l)
                .and_then(|()| r.check_start(&file, i, &path.display().to_string(), l.length_s))
                .map_err(|e| e.to_string())?;
        }
        return Ok(RunSetup {
            config: WorldConfig {
                seed: r.seed,
                characters: r.characters.clone(),
                difficulty: r.difficulty,
                invincible: r.invincible,
                start_at: first.start_at,
                start_power: r.start_power,
                loop_index: first.loop_index,
                arcade: r.arcade,
                ..WorldConfig::default()
            },
            level_path,
            level,
            replay,
            replay_stages,
        });
    }
    let start_at = match &args.at {
        None => 0.0,
        Some(at) => start_of(at, &level, &level_path)?,
    };
    let config = WorldConfig {
        seed: args.seed.unwrap_or(1),
        characters: if args.characters.is_empty() {
            vec![Character::Vela]
        } else {
            args.characters.clone()
        },
        difficulty: args.difficulty.unwrap_or_default(),
        invincible: args.invincible,
        start_at,
        start_power: args.power.unwrap_or(1),
        // The command line counts loops from 1, the world from 0.
        loop_index: args.loop_number.unwrap_or(1).saturating_sub(1),
        arcade: args.arcade(Default::default()),
        ..WorldConfig::default()
    };
    Ok(RunSetup {
        level_path,
        level,
        config,
        replay: None,
        replay_stages: Vec::new(),
    })
}

/// The stage time `--at` names: a marker of `level`, or seconds from 0 to the stage's length.
/// A number outside that range, negative or past the end, gets one message that gives the
/// range.
fn start_of(at: &str, level: &Level, level_path: &Path) -> Result<f32, String> {
    let out_of_range = || {
        format!(
            "--at {at}: not on the stage, which runs from 0 to {} seconds",
            level.length_s
        )
    };
    if let Some(t) = level.resolve_at(at) {
        return if t > level.length_s {
            Err(out_of_range())
        } else {
            Ok(t)
        };
    }
    let seconds = at.trim().trim_end_matches('s').parse::<f32>();
    if seconds.is_ok_and(|t| t.is_finite()) {
        return Err(out_of_range());
    }
    let markers: Vec<&str> = level.markers.keys().map(String::as_str).collect();
    Err(format!(
        "--at {at}: not a number of seconds nor a marker of {} (markers: {})",
        level_path.display(),
        if markers.is_empty() {
            "none".to_string()
        } else {
            markers.join(", ")
        }
    ))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::level::Difficulty;
    use crate::sim::WorldConfig;

    /// The run options as the binary's command line flattens them in.
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        run: RunArgs,
    }

    fn run_args(args: &[&str]) -> RunArgs {
        Cli::try_parse_from(std::iter::once("skysweep").chain(args.iter().copied()))
            .expect("valid command line")
            .run
    }

    /// A replay of the default stage recorded with `config`, saved in a fresh folder.
    fn saved_replay(test: &str, config: &WorldConfig) -> PathBuf {
        let level = level::load_stage(&find_data(DEFAULT_LEVEL), &assets_catalog())
            .expect("the shipped stage");
        let mut replay = Replay::for_run(&level, config);
        replay.record(&vec![Default::default(); config.characters.len()]);
        let dir =
            std::env::temp_dir().join(format!("skysweep-setup-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ron");
        replay.save(&path).unwrap();
        path
    }

    #[test]
    fn a_replay_sets_up_the_run_it_recorded() {
        let recorded = WorldConfig {
            seed: 77,
            characters: vec![Character::Wren, Character::Brass],
            difficulty: Difficulty::Hard,
            invincible: true,
            start_at: 12.5,
            start_power: 3,
            ..WorldConfig::default()
        };
        let path = saved_replay("sets-up", &recorded);
        let setup = prepare(&run_args(&["--replay", path.to_str().unwrap()])).unwrap();
        let c = &setup.config;
        assert_eq!(
            (
                c.seed,
                c.characters.clone(),
                c.difficulty,
                c.invincible,
                c.start_at,
                c.start_power
            ),
            (
                77,
                vec![Character::Wren, Character::Brass],
                Difficulty::Hard,
                true,
                12.5,
                3
            )
        );
        assert!(setup.replay.is_some());
        std::fs::remove_dir_all(path.parent().unwrap()).ok();
    }

    #[test]
    fn a_replay_starting_past_the_stage_end_is_blamed_on_the_replay_file() {
        let path = saved_replay("past-end", &WorldConfig::default());
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("start_at: 0.0"), "{text}");
        std::fs::write(&path, text.replacen("start_at: 0.0", "start_at: 9999.0", 1)).unwrap();
        let err = match prepare(&run_args(&["--replay", path.to_str().unwrap()])) {
            Ok(_) => panic!("a start past the end must be refused"),
            Err(e) => e,
        };
        let level = level::load_stage(&find_data(DEFAULT_LEVEL), &assets_catalog()).unwrap();
        assert_eq!(
            err,
            format!(
                "{}: start_at 9999 is past the end of {}, which is {} seconds long",
                path.display(),
                find_data(DEFAULT_LEVEL).display(),
                level.length_s
            )
        );
        std::fs::remove_dir_all(path.parent().unwrap()).ok();
    }

    #[test]
    fn a_replay_given_another_stage_names_both_files() {
        let path = saved_replay("other-stage", &WorldConfig::default());
        let replay = path.to_str().unwrap();
        let stage2 = find_data("levels/stage2.ron");
        let err = match prepare(&run_args(&[
            "--replay",
            replay,
            "--level",
            stage2.to_str().unwrap(),
        ])) {
            Ok(_) => panic!("another stage must be refused"),
            Err(e) => e,
        };
        let recorded = level::load_stage(&find_data(DEFAULT_LEVEL), &assets_catalog())
            .unwrap()
            .source;
        assert_eq!(
            err,
            format!(
                "{replay}: this replay was recorded on {recorded}, but --level gives {}, a different stage",
                stage2.display()
            )
        );
        // The recorded stage at another path is still accepted.
        let copy = path.with_file_name("stage1.ron");
        std::fs::copy(find_data(DEFAULT_LEVEL), &copy).unwrap();
        std::fs::copy(
            find_data("levels/common.ron"),
            copy.with_file_name("common.ron"),
        )
        .unwrap();
        let level = copy.to_str().unwrap();
        assert!(prepare(&run_args(&["--replay", replay, "--level", level])).is_ok());
        // A comment does not change the stage: the level it loads to is the same.
        let text = std::fs::read_to_string(&copy).unwrap();
        std::fs::write(&copy, format!("// edited\n{text}")).unwrap();
        assert!(prepare(&run_args(&["--replay", replay, "--level", level])).is_ok());
        // The same file name with content that plays differently is a changed stage, not
        // another one.
        assert!(text.contains("scroll_speed: 24,"), "{text}");
        std::fs::write(
            &copy,
            text.replacen("scroll_speed: 24,", "scroll_speed: 25,", 1),
        )
        .unwrap();
        let err = match prepare(&run_args(&["--replay", replay, "--level", level])) {
            Ok(_) => panic!("a changed stage must be refused"),
            Err(e) => e,
        };
        assert!(
            err.contains(&format!("recorded on a different version of {recorded}")),
            "{err}"
        );
        std::fs::remove_dir_all(path.parent().unwrap()).ok();
    }

    #[test]
    fn a_third_character_is_refused_not_dropped() {
        let err = match prepare(&run_args(&[
            "--character",
            "vela",
            "--character",
            "wren",
            "--character",
            "brass",
        ])) {
            Ok(_) => panic!("three characters must be refused"),
            Err(e) => e,
        };
        assert_eq!(
            err,
            "--character given 3 times (vela, wren, brass): at most two players play, one --character each"
        );
        let two = prepare(&run_args(&["--character", "wren", "--character", "brass"])).unwrap();
        assert_eq!(
            two.config.characters,
            vec![Character::Wren, Character::Brass]
        );
    }

    #[test]
    fn a_whole_run_plays_every_shipped_stage_in_the_seeds_order() {
        let shipped = shipped_stages().unwrap();
        for seed in [1, 2, 3, 4] {
            let (setup, levels) =
                prepare_all(&run_args(&["--seed", &seed.to_string(), "--at", "boss"])).unwrap();
            assert_eq!(levels.len(), shipped.len());
            let order = campaign::stage_order(seed, shipped.len());
            for (level, i) in levels.iter().zip(&order) {
                let expected = level::load_stage(&shipped[*i], &assets_catalog()).unwrap();
                assert_eq!(level.content_hash, expected.content_hash, "seed {seed}");
            }
            // `--at boss` is the first stage's boss marker.
            assert_eq!(setup.config.start_at, levels[0].resolve_at("boss").unwrap());
            assert_eq!(setup.level_path, shipped[order[0]]);
        }
    }

    #[test]
    fn the_loop_option_starts_the_run_in_that_loop() {
        assert_eq!(prepare(&run_args(&[])).unwrap().config.loop_index, 0);
        assert_eq!(
            prepare(&run_args(&["--loop", "1"]))
                .unwrap()
                .config
                .loop_index,
            0
        );
        assert_eq!(
            prepare(&run_args(&["--loop", "2"]))
                .unwrap()
                .config
                .loop_index,
            1
        );
    }

    #[test]
    fn a_replay_keeps_its_recorded_loop() {
        let recorded = WorldConfig {
            loop_index: 1,
            ..WorldConfig::default()
        };
        let path = saved_replay("loop", &recorded);
        let setup = prepare(&run_args(&["--replay", path.to_str().unwrap()])).unwrap();
        assert_eq!(setup.config.loop_index, 1);
        std::fs::remove_dir_all(path.parent().unwrap()).ok();
    }

    #[test]
    fn an_at_off_the_stage_gets_the_range_either_side() {
        let length = level::load_stage(&find_data(DEFAULT_LEVEL), &assets_catalog())
            .unwrap()
            .length_s;
        for at in ["9999", "-5", "-0.5s", "151"] {
            let err = match prepare(&run_args(&["--at", at])) {
                Ok(_) => panic!("--at {at} must be refused"),
                Err(e) => e,
            };
            assert_eq!(
                err,
                format!("--at {at}: not on the stage, which runs from 0 to {length} seconds")
            );
        }
        assert!(prepare(&run_args(&["--at", "-boss"]))
            .err()
            .is_some_and(|e| e.contains("not a number of seconds nor a marker")));
        assert!(prepare(&run_args(&["--at", "0"])).is_ok());
    }
}
