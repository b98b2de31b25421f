//! The command line: play (the default, and the window's plan from its options:
//! [`Cli::window_plan`]), and the commands `sim`, `balance`, `check`, `soak`, `verify` and
//! `lab`. The run options play and `sim` share are the library's (`headless::args`), flattened
//! in; `lab`'s are the lab's own.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};

use skysweep::headless::args::{parse_count, CheckFormat, Deny, PlanDefaults, RunArgs};
use skysweep::level::Difficulty;
use skysweep::run::{RunKind, RunPlan, Stages};
use skysweep::save::settings::Settings;
use skysweep::save::tate::Tate;
use skysweep::sim::{Character, Skill};

/// A menu `--menu` opens on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StartMenu {
    Practice,
    CustomStages,
    Extras,
    Options,
}

#[derive(Debug, Parser)]
// `args_conflicts_with_subcommands`: options given before `sim` or `check` belong to the
// windowed run, and `skysweep --replay F sim` would otherwise drop them without a word.
#[command(
    name = "skysweep",
    version,
    about = "A Gunbird-style vertical shoot-'em-up with its own sweep-and-prune collider",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Start with the hitbox overlay on (F1 toggles it).
    #[arg(long, global = false)]
    pub debug: bool,
    /// At each stage's start, print on stderr the loop, the stage, the steps played and the
    /// process's resident memory: with --autoplay --invincible, a long memory check.
    #[arg(long)]
    pub memory_log: bool,
    /// Run this many frames, then exit cleanly.
    #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
    pub frames: Option<u64>,
    /// With --frames: run as fast as the machine can instead of at 60 frames a second.
    #[arg(long, requires = "frames")]
    pub fast: bool,
    /// Save the last frame as a PNG before exiting.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Start windowed at this size, WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", value_parser = crate::window::parse_size, allow_hyphen_values = true)]
    pub window: Option<(i32, i32)>,
    /// Turn the picture for a monitor stood on its side, as OPTIONS' TATE does, for this
    /// launch only (the saved TATE stays): 90 (turned clockwise) or 270.
    #[arg(long, value_name = "90|270", value_parser = parse_tate, allow_hyphen_values = true)]
    pub tate: Option<Tate>,
    /// Start on the ending (the pilots of --character, then the credits), to look at it
    /// without playing through every stage; the run then goes on into the second loop.
    #[arg(long, conflicts_with_all = ["replay", "record", "title"])]
    pub ending: bool,
    /// Open on one of the title's menus (PRACTICE, CUSTOM STAGES, EXTRAS, OPTIONS), as a
    /// player reaches it: for screenshots and checks by eye.
    #[arg(long, value_name = "MENU", conflicts_with_all = ["replay", "ending"])]
    pub menu: Option<StartMenu>,
    /// Start on the title screen even with --level or --autoplay.
    // Refused with --replay: a game started from the title would play the recording back
    // with whatever characters were picked there.
    #[arg(long, conflicts_with = "replay")]
    pub title: bool,
    /// Rendering stress test: fill the playfield with N circling bullets (implies --invincible).
    // Refused with --replay: the extra bullets and invincibility change the game it replays;
    // and with --record: the recording does not hold them, so it would replay another game.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=skysweep::level::limits::MAX_ENEMY_BULLETS as i64), allow_negative_numbers = true, conflicts_with_all = ["replay", "record"])]
    pub stress: Option<u32>,
}

impl Cli {
    /// Parses the command line, exiting with status 2 and a message on a bad one.
    pub fn parse_args() -> Cli {
        Cli::try_parse_args(std::env::args_os()).unwrap_or_else(|e| e.exit())
    }

    pub fn try_parse_args<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let cli = Cli::try_parse_from(args).map_err(explain_options_before_subcommand)?;
        refuse_all_with_a_stage(&cli)?;
        Ok(cli)
    }
}

impl Cli {
    /// The run the window's options describe: the whole game unless `--level` or `--replay`
    /// names the stages, on the settings' difficulty and arcade rules unless the options set
    /// them. `--stress` makes it a demo run.
    pub fn window_plan(&self, settings: &Settings) -> RunPlan {
        let mut plan = self.run.plan(PlanDefaults {
            stages: Stages::Campaign,
            difficulty: settings.difficulty,
            arcade: settings.arcade,
        });
        if self.stress.is_some() {
            plan.kind = RunKind::Demo;
        }
        plan
    }

    /// Whether the window goes straight into play rather than to the title: a stage, a replay,
    /// pilots, the autopilot, a stress test or anything else about the run was asked for
    /// (`--lives 1` means a run on one life, which the title's START would not give), and not
    /// `--title`. Options about the window alone (`--debug`, `--frames`, `--screenshot`,
    /// `--window`) keep the title.
    pub fn straight_in(&self) -> bool {
        let run = &self.run;
        let shapes_the_run = run.seed.is_some()
            || run.invincible
            || run.at.is_some()
            || run.phase.is_some()
            || run.difficulty.is_some()
            || run.power.is_some()
            || run.loop_number.is_some()
            || run.lives.is_some()
            || run.continues.is_some()
            || run.extends.is_some()
            || run.record.is_some();
        !self.title
            && (run.pilot().is_some()
                || run.level.is_some()
                || run.replay.is_some()
                || !run.characters.is_empty()
                || self.stress.is_some()
                || shapes_the_run)
    }
}

/// `sim --all` plays the shipped stages in the run's order, so an option naming the stages
/// itself contradicts it. Checked here rather than by clap so the message says why.
fn refuse_all_with_a_stage(cli: &Cli) -> Result<(), clap::Error> {
    let Some(Command::Sim { run, all: true, .. }) = &cli.command else {
        return Ok(());
    };
    let why = if run.replay.is_some() {
        "--replay plays the stages it recorded"
    } else if run.level.is_some() {
        "--level plays one stage of your choosing"
    } else {
        return Ok(());
    };
    Err(Cli::command().error(
        ErrorKind::ArgumentConflict,
        format!(
            "--all plays every shipped levels/stageN.ron in the run's order, but {why}; give one or the other"
        ),
    ))
}

/// clap's "the subcommand 'sim' cannot be used with '--seed <N>'" reads as if `sim` had no
/// seed; say instead that the option goes after the subcommand (or that it takes no such one).
fn explain_options_before_subcommand(err: clap::Error) -> clap::Error {
    if err.kind() != ErrorKind::ArgumentConflict {
        return err;
    }
    let (Some(ContextValue::String(sub)), Some(prior)) = (
        err.get(ContextKind::InvalidSubcommand),
        err.get(ContextKind::PriorArg),
    ) else {
        return err;
    };
    let prior = match prior {
        ContextValue::String(s) => vec![s.clone()],
        ContextValue::Strings(v) => v.clone(),
        _ => return err,
    };
    let mut cmd = Cli::command();
    let takes = |opt: &str| {
        let long = opt.split_whitespace().next().unwrap_or(opt);
        let long = long.trim_start_matches('-');
        cmd.find_subcommand(sub)
            .is_some_and(|s| s.get_arguments().any(|a| a.get_long() == Some(long)))
    };
    let (movable, foreign): (Vec<&String>, Vec<&String>) = prior.iter().partition(|o| takes(o));
    let list = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
    let mut parts = Vec::new();
    if !movable.is_empty() {
        parts.push(format!(
            "put {} after `{sub}`, as in `skysweep {sub} {} ...`",
            list(&movable),
            movable[0]
        ));
    }
    if !foreign.is_empty() {
        parts.push(format!("`{sub}` does not take {}", list(&foreign)));
    }
    let message = format!(
        "options before `{sub}` are for the windowed game; {}",
        parts.join("; ")
    );
    cmd.error(ErrorKind::ArgumentConflict, message)
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the simulation headless, as fast as it can, and print a JSON summary.
    Sim {
        #[command(flatten)]
        run: RunArgs,
        /// Most frames to run (the run also ends when the stage is cleared or the game is over;
        /// with --replay, after the last recorded stage; with --all, after the last stage).
        #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
        frames: Option<u64>,
        /// Play the whole run: every shipped levels/stageN.ron in the run's order (the first
        /// three drawn from the seed), carrying score, lives, bombs and power from stage to stage.
        #[arg(long)]
        all: bool,
    },
    /// Compare the pilots on every stage boss and measure each stage's pacing, headless.
    Balance {
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
        /// Stage files to measure (default: every levels/stageN.ron).
        #[arg(long = "stage", value_name = "FILE", num_args = 1..)]
        stages: Vec<PathBuf>,
        /// Draw each stage's pacing into FILE.png instead (FILE-stageN.png for several): one
        /// invincible autoplayed run from the start for each --difficulty, in one picture.
        #[arg(long, value_name = "FILE.png")]
        plot: Option<PathBuf>,
        /// With --plot: the difficulties to draw, each its own curve (default normal);
        /// `--difficulty easy normal hard` draws all three.
        #[arg(long = "difficulty", value_name = "LEVEL", num_args = 1.., requires = "plot",
              value_parser = skysweep::headless::args::parse_difficulty)]
        difficulties: Vec<Difficulty>,
        /// With --plot: the pilot who flies (default vela).
        #[arg(long, value_name = "NAME", requires = "plot",
              value_parser = skysweep::headless::args::parse_character)]
        character: Option<Character>,
        /// With --plot: the seed of the run (default 1).
        #[arg(long, value_name = "N", requires = "plot", allow_negative_numbers = true,
              value_parser = parse_count)]
        seed: Option<u64>,
        /// With --plot: how well the built-in pilot plays, novice, average or expert (the
        /// default); novice and average are the human-like bots of the deaths table.
        #[arg(long, value_name = "SKILL", requires = "plot",
              value_parser = skysweep::headless::args::parse_skill)]
        skill: Option<Skill>,
    },
    /// Play random and autoplayed runs headless for a while: every stage, pilot, difficulty
    /// and loop, one or two players, each run replayed from its recording to the same hash,
    /// with hot reloads of mutated stages. Prints a JSON summary; exits 1 on any panic or
    /// mismatch.
    Soak {
        /// How long to start new runs for, in minutes (fractions allowed: 0.5 is 30 s).
        #[arg(long, value_name = "N", value_parser = parse_minutes, allow_negative_numbers = true, conflicts_with = "seconds")]
        minutes: Option<f64>,
        /// How long, in seconds, instead of --minutes (default: one minute).
        #[arg(long, value_name = "N", value_parser = parse_seconds, allow_negative_numbers = true)]
        seconds: Option<f64>,
        /// Seed of the soak's choices, to play the same runs again (default: from the clock;
        /// the summary says which).
        #[arg(long, value_name = "N", value_parser = parse_count, allow_negative_numbers = true)]
        seed: Option<u64>,
    },
    /// Play replays headless at full speed, checking every checkpoint: one line a file, `ok`,
    /// `desynced (stage, time, step)` or `unplayable (why)`. With no files (or `--scores`),
    /// every high score's replay, each marked `verified` or `NOT VERIFIED`. Exits 0 when all
    /// are ok, 1 on any desync, 2 on any unplayable file.
    Verify {
        /// Replay files.
        files: Vec<PathBuf>,
        /// The high scores' replays (what verify checks when given no files).
        #[arg(long)]
        scores: bool,
        /// One JSON object a file, a line each, instead.
        #[arg(long)]
        json: bool,
    },
    /// Open the collision lab: the collider's scenes live, its broad phases side by side.
    Lab(crate::lab::LabArgs),
    /// Validate level files and print every error (default: every levels/*.ron).
    Check {
        /// Level or definitions files to check.
        files: Vec<PathBuf>,
        /// `human`: each problem with its source line; `json`: one JSON object per problem
        /// and line, for editors and CI (see levels/README.md).
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// `--deny warnings`: fail (exit 1) on warnings too, for CI.
        #[arg(long, value_enum)]
        deny: Vec<Deny>,
    },
}

/// Most a soak may be asked to run: a week.
const MAX_SOAK_MINUTES: f64 = 7.0 * 24.0 * 60.0;

/// A soak's length in minutes: a number from 0 up to a week, fractions allowed.
fn parse_minutes(s: &str) -> Result<f64, String> {
    parse_span(s, MAX_SOAK_MINUTES)
}

/// A soak's length in seconds: a number from 0 up to a week, fractions allowed.
fn parse_seconds(s: &str) -> Result<f64, String> {
    parse_span(s, MAX_SOAK_MINUTES * 60.0)
}

/// `--tate`: which way the monitor is turned, 90 or 270 (as OPTIONS names them).
fn parse_tate(s: &str) -> Result<Tate, String> {
    match s {
        "90" => Ok(Tate::Turned90),
        "270" => Ok(Tate::Turned270),
        _ => Err(format!("`{s}` is not a turn: TATE is 90 or 270")),
    }
}

fn parse_span(s: &str, max: f64) -> Result<f64, String> {
    let n: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if n.is_finite() && (0.0..=max).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{s} is not in 0..={max}"))
    }
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    use super::{Cli, Command};
    use skysweep::headless::args::REPLAY_SETS;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_args(std::iter::once("skysweep").chain(args.iter().copied()))
    }

    /// Every option a replay decides, with a valid value, as the user would type it.
    const REFUSED_WITH_REPLAY: [&[&str]; 14] = [
        &["--seed", "3"],
        &["--character", "wren"],
        &["--difficulty", "hard"],
        &["--at", "boss"],
        &["--phase", "Tidal Lance"],
        &["--power", "4"],
        &["--loop", "2"],
        &["--invincible"],
        &["--autoplay"],
        &["--skill", "novice"],
        &["--record", "out.ron"],
        &["--lives", "1"],
        &["--continues", "free"],
        &["--extends", "off"],
    ];

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn options_a_replay_decides_are_refused_with_it_in_play_and_sim() {
        assert_eq!(REFUSED_WITH_REPLAY.len(), REPLAY_SETS.len());
        for opt in REFUSED_WITH_REPLAY {
            for prefix in [&[][..], &["sim"][..]] {
                for replay_first in [true, false] {
                    let mut args: Vec<&str> = prefix.to_vec();
                    let replay = ["--replay", "r.ron"];
                    if replay_first {
                        args.extend(replay.iter().chain(opt.iter()));
                    } else {
                        args.extend(opt.iter().chain(replay.iter()));
                    }
                    let err = parse(&args).expect_err(&format!("{args:?} must be refused"));
                    assert_eq!(err.kind(), ErrorKind::ArgumentConflict, "{args:?}: {err}");
                    assert_eq!(err.exit_code(), 2, "{args:?}");
                    let text = err.to_string();
                    assert!(text.contains("--replay") && text.contains(opt[0]), "{text}");
                }
                // Without the replay the same option is fine.
                let args: Vec<&str> = prefix.iter().chain(opt.iter()).copied().collect();
                assert!(parse(&args).is_ok(), "{args:?}");
            }
        }
    }

    /// The first line of the error for `args`.
    fn error_line(args: &[&str]) -> String {
        let err = parse(args).expect_err(&format!("{args:?} must be refused"));
        assert_eq!(err.exit_code(), 2, "{args:?}");
        err.to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    }

    #[test]
    fn negative_numbers_get_the_same_range_message_as_any_value_out_of_range() {
        let max = u64::MAX;
        let range = |opt: &str, v: &str, why: &str| {
            format!("error: invalid value '{v}' for '{opt}': {why}")
        };
        for (prefix, opt, name) in [
            (&[][..], "--seed", "--seed <N>"),
            (&["sim"][..], "--seed", "--seed <N>"),
            (&[][..], "--frames", "--frames <N>"),
            (&["sim"][..], "--frames", "--frames <N>"),
        ] {
            for v in ["-1", "18446744073709551616"] {
                let args: Vec<&str> = prefix.iter().copied().chain([opt, v]).collect();
                let want = range(name, v, &format!("{v} is not in 0..={max}"));
                assert_eq!(error_line(&args), want, "{args:?}");
            }
        }
        for v in ["-5", "0", "9"] {
            for prefix in [&[][..], &["sim"][..]] {
                let args: Vec<&str> = prefix.iter().copied().chain(["--power", v]).collect();
                let want = range("--power <N>", v, &format!("{v} is not in 1..=4"));
                assert_eq!(error_line(&args), want, "{args:?}");
            }
        }
        for v in ["-1", "100001"] {
            let want = range("--stress <N>", v, &format!("{v} is not in 0..=100000"));
            assert_eq!(error_line(&["--stress", v]), want);
        }
        for v in ["-5x300", "100x300"] {
            let why = "window size must be at least 224x240 and at most 8192x8192";
            assert_eq!(
                error_line(&["--window", v]),
                range("--window <WxH>", v, why)
            );
        }
        // `--at` takes a time or a marker: a negative one reaches the stage's own range check
        // (see setup::prepare), like any other time off the stage.
        for prefix in [&[][..], &["sim"][..]] {
            let args: Vec<&str> = prefix.iter().copied().chain(["--at", "-5"]).collect();
            let cli = parse(&args).unwrap();
            let at = match cli.command {
                Some(Command::Sim { run, .. }) => run.at,
                _ => cli.run.at,
            };
            assert_eq!(at.as_deref(), Some("-5"), "{args:?}");
        }
    }

    #[test]
    fn the_loop_is_one_or_two_in_play_and_sim() {
        let cli = parse(&["--loop", "2"]).unwrap();
        assert_eq!(cli.run.loop_number, Some(2));
        let Some(Command::Sim { run, .. }) = parse(&["sim", "--loop", "1"]).unwrap().command else {
            panic!("sim parses as sim");
        };
        assert_eq!(run.loop_number, Some(1));
        for prefix in [&[][..], &["sim"][..]] {
            for bad in ["0", "3"] {
                let args: Vec<&str> = prefix.iter().copied().chain(["--loop", bad]).collect();
                let err = parse(&args).expect_err(&format!("{args:?} must be refused"));
                assert_eq!(err.exit_code(), 2);
                // Worded as `--power 9` is.
                let text = err.to_string();
                assert!(
                    text.contains(&format!(
                        "invalid value '{bad}' for '--loop <N>': {bad} is not in 1..=2"
                    )),
                    "{text}"
                );
            }
        }
        let power = parse(&["--power", "9"]).unwrap_err().to_string();
        assert!(power.contains("invalid value '9' for '--power <N>': 9 is not in 1..=4"));
    }

    #[test]
    fn a_whole_run_is_refused_beside_an_option_that_names_the_stages() {
        for (other, why) in [
            (
                &["--level", "levels/stage2.ron"][..],
                "--level plays one stage",
            ),
            (
                &["--replay", "r.ron"][..],
                "--replay plays the stages it recorded",
            ),
        ] {
            for all_first in [true, false] {
                let mut args = vec!["sim"];
                if all_first {
                    args.push("--all");
                    args.extend(other);
                } else {
                    args.extend(other);
                    args.push("--all");
                }
                let err = parse(&args).expect_err(&format!("{args:?} must be refused"));
                assert_eq!(err.kind(), ErrorKind::ArgumentConflict, "{args:?}: {err}");
                assert_eq!(err.exit_code(), 2);
                let text = err.to_string();
                assert!(
                    text.contains("--all plays every shipped") && text.contains(why),
                    "{text}"
                );
            }
        }
        let ok = parse(&["sim", "--all", "--seed", "3", "--autoplay", "--at", "boss"]).unwrap();
        assert!(matches!(ok.command, Some(Command::Sim { all: true, .. })));
        // Not an option of the windowed game, which always plays the whole run.
        assert!(parse(&["--all"]).is_err());
    }

    #[test]
    fn menu_opens_the_named_menu_and_refuses_others() {
        let cli = parse(&["--menu", "custom-stages"]).unwrap();
        assert_eq!(cli.menu, Some(super::StartMenu::CustomStages));
        assert_eq!(
            parse(&["--menu", "extras"]).unwrap().menu,
            Some(super::StartMenu::Extras)
        );
        assert_eq!(
            parse(&["--menu", "practice"]).unwrap().menu,
            Some(super::StartMenu::Practice)
        );
        assert_eq!(
            parse(&["--menu", "options"]).unwrap().menu,
            Some(super::StartMenu::Options)
        );
        let err = parse(&["--menu", "practise"]).expect_err("no such menu");
        assert_eq!(err.kind(), ErrorKind::InvalidValue, "{err}");
        let err = parse(&["--menu", "extras", "--ending"]).expect_err("one start only");
        assert_eq!(err.kind(), ErrorKind::ArgumentConflict, "{err}");
    }

    #[test]
    fn window_only_options_that_change_a_replay_are_refused_with_it() {
        for opt in [&["--stress", "100"][..], &["--title"][..]] {
            let args: Vec<&str> = opt.iter().copied().chain(["--replay", "r.ron"]).collect();
            let err = parse(&args).expect_err(&format!("{args:?} must be refused"));
            assert_eq!(err.kind(), ErrorKind::ArgumentConflict, "{args:?}: {err}");
            assert_eq!(err.exit_code(), 2);
        }
    }

    #[test]
    fn stress_bullets_are_refused_in_a_recording() {
        for args in [
            &["--stress", "100", "--record", "r.ron"][..],
            &["--record", "r.ron", "--stress", "5"][..],
        ] {
            let err = parse(args).expect_err(&format!("{args:?} must be refused"));
            assert_eq!(err.kind(), ErrorKind::ArgumentConflict, "{args:?}: {err}");
        }
        assert!(parse(&["--stress", "100"]).is_ok());
    }

    #[test]
    fn a_replay_still_takes_the_options_that_only_watch_it() {
        let cli = parse(&[
            "--replay",
            "r.ron",
            "--level",
            "elsewhere/stage1.ron",
            "--frames",
            "700",
            "--screenshot",
            "end.png",
            "--window",
            "640x480",
            "--debug",
        ])
        .unwrap();
        assert_eq!(
            cli.run.replay.as_deref(),
            Some(std::path::Path::new("r.ron"))
        );
        assert_eq!(cli.frames, Some(700));
        let cli = parse(&["sim", "--replay", "r.ron", "--frames", "60"]).unwrap();
        let Some(Command::Sim { run, frames, .. }) = cli.command else {
            panic!("sim parses as sim");
        };
        assert_eq!((run.replay.is_some(), frames), (true, Some(60)));
    }

    #[test]
    fn window_options_before_a_subcommand_are_refused_not_dropped() {
        for args in [
            &["--replay", "r.ron", "sim"][..],
            &["--seed", "3", "sim", "--replay", "r.ron"],
            &["--frames", "10", "sim"],
            &["--debug", "check"],
        ] {
            let err = parse(args).expect_err(&format!("{args:?} must be refused"));
            assert_eq!(err.exit_code(), 2, "{args:?}: {err}");
        }
    }

    #[test]
    fn an_option_before_its_subcommand_is_told_to_go_after_it() {
        let err = parse(&["--seed", "3", "sim"]).unwrap_err();
        assert_eq!(err.exit_code(), 2);
        let text = err.to_string();
        assert!(
            text.starts_with(
                "error: options before `sim` are for the windowed game; put --seed <N> after `sim`, as in `skysweep sim --seed <N> ...`\n"
            ),
            "{text}"
        );
        assert!(!text.contains("cannot be used with"), "{text}");
        // Options sim does not have are named as such, not sent after it.
        let text = parse(&["--debug", "--frames", "10", "sim"])
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("put --frames <N> after `sim`")
                && text.contains("`sim` does not take --debug"),
            "{text}"
        );
        let text = parse(&["--seed", "3", "check"]).unwrap_err().to_string();
        assert!(
            text.starts_with("error: options before `check` are for the windowed game; `check` does not take --seed <N>\n"),
            "{text}"
        );
    }

    #[test]
    fn options_about_the_run_go_straight_in_and_window_options_keep_the_title() {
        for run in [
            &["--lives", "1"][..],
            &["--continues", "0"],
            &["--at", "boss"],
            &["--power", "4"],
            &["--difficulty", "hard"],
            &["--seed", "3"],
            &["--invincible"],
            &["--loop", "2"],
            &["--extends", "off"],
            &["--record", "r.ron"],
        ] {
            assert!(parse(run).unwrap().straight_in(), "{run:?}");
            let titled: Vec<&str> = run.iter().copied().chain(["--title"]).collect();
            assert!(!parse(&titled).unwrap().straight_in(), "{titled:?}");
        }
        for window in [
            &[][..],
            &["--debug"],
            &["--frames", "60", "--screenshot", "x.png"],
            &["--window", "640x480"],
            &["--tate", "90"],
        ] {
            assert!(!parse(window).unwrap().straight_in(), "{window:?}");
        }
    }

    /// `--tate` turns the picture as OPTIONS' TATE does: 90 or 270; anything else is refused
    /// with the values it takes, and exit status 2.
    #[test]
    fn tate_takes_90_or_270_and_refuses_the_rest() {
        use skysweep::save::tate::Tate;
        assert_eq!(parse(&[]).unwrap().tate, None);
        assert_eq!(parse(&["--tate", "90"]).unwrap().tate, Some(Tate::Turned90));
        assert_eq!(
            parse(&["--tate", "270"]).unwrap().tate,
            Some(Tate::Turned270)
        );
        for v in ["180", "-90", "off", ""] {
            let want = format!(
                "error: invalid value '{v}' for '--tate <90|270>': `{v}` is not a turn: TATE is 90 or 270"
            );
            assert_eq!(error_line(&["--tate", v]), want);
        }
    }
}
