//! `skysweep balance --plot FILE.png`: a stage's pacing as a picture, for authors who would
//! rather look than read JSON. An autoplayed, invincible run from the start for each
//! difficulty asked for (one pilot, one seed, one of the bots' skills) gives the curves:
//! enemies on screen and enemy bullets alive. The x-axis is the timeline's clock, the one
//! `at`, `gaps` and markers are written in; where the timeline waited for a mid-boss or the
//! boss, the fight's play time is let in as a band (see [`axis`]). Sections, markers and the
//! bosses' phase changes are marked, the stretches with no enemy on screen shaded; each
//! pilot's boss time to kill (as `balance` measures it) is written above.
//!
//! plotters draws the charts into an RGB buffer; the words are drawn with the game's own
//! bitmap font ([`font`]), so no system font is needed; `png` writes the file.
//!
//! Here: the runs traced and the picture's parts (this file), the x-axis ([`axis`]), the
//! chart drawn (`chart`), its words (`font`). May import `balance`'s own runs, the runner
//! (`headless::summary`), `sim`, `level` and `platform`.

pub mod axis;
mod chart;
mod font;

pub use chart::{draw, Picture};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{boss_start, median, run_jobs, BOSS_FRAMES, BOSS_POWER, SEEDS};
use crate::headless::summary::{self, RunOptions, DEAD_AIR_GRACE_STEPS};
use crate::level::schema::{StageDef, TimelineEventDef};
use crate::level::Difficulty;
use crate::level::Level;
use crate::sim::bots::autoplay::Bot;
use crate::sim::model::events::GameEvent;
use crate::sim::{Character, Skill, StagePhase, World, WorldConfig};

/// Most play time one run may take, as `sim`'s default.
const MAX_FRAMES: u64 = summary::DEFAULT_MAX_FRAMES;

/// What the picture plays: `balance --plot`'s `--difficulty` (one curve each), `--character`,
/// `--seed` and `--skill`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotOptions {
    pub difficulties: Vec<Difficulty>,
    pub character: Character,
    pub seed: u64,
    pub skill: Skill,
}

impl Default for PlotOptions {
    fn default() -> Self {
        PlotOptions {
            difficulties: vec![Difficulty::Normal],
            character: Character::Vela,
            seed: 1,
            skill: Skill::Expert,
        }
    }
}

/// Which boss held the timeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HoldKind {
    #[default]
    MidBoss,
    Boss,
}

impl HoldKind {
    pub fn name(self) -> &'static str {
        match self {
            HoldKind::MidBoss => "mid-boss",
            HoldKind::Boss => "boss",
        }
    }
}

/// A boss fight: the timeline waiting for a mid-boss (until it fell or the wait ran out) or
/// for the boss.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hold {
    pub kind: HoldKind,
    /// The timeline second it waited at.
    pub at: f32,
    /// Play seconds it waited.
    pub play_s: f32,
    /// Play seconds into the fight of each phase change.
    pub phases: Vec<f32>,
    /// Whether the boss fell (rather than the wait running out, or the run ending).
    pub fell: bool,
}

/// A moment of a run: its timeline second, and when the timeline waited for a fight, which
/// fight (an index into [`Trace::holds`]) and how many play seconds into it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct At {
    pub t: f32,
    pub hold: Option<usize>,
    pub into: f32,
    /// How many fights of the run were over by then: a moment at the very second a fight
    /// held the timeline, once it is over, lies after the fight's band.
    pub past: usize,
}

/// What one autoplayed run of a stage looked like.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub difficulty: Difficulty,
    /// Every quarter second of play: when, enemies on screen, enemy bullets alive.
    pub samples: Vec<(At, usize, usize)>,
    /// Stretches with no enemy on screen (as `sim`'s `dead_air_s` counts them), start and end.
    pub quiet: Vec<(At, At)>,
    /// The fights, in the order they came.
    pub holds: Vec<Hold>,
    /// Play seconds of the whole run.
    pub length_s: f32,
}

fn secs(frame: u64) -> f32 {
    frame as f32 / 60.0
}

/// Plays `level` once from the start on `difficulty`, as `opts` says, and records what the
/// picture shows.
pub fn trace(level: &Arc<Level>, difficulty: Difficulty, opts: &PlotOptions) -> Trace {
    let config = WorldConfig {
        seed: opts.seed,
        characters: vec![opts.character],
        difficulty,
        invincible: true,
        ..WorldConfig::default()
    };
    let mut world = World::new(level.clone(), config);
    let mut bot = Bot::with_skill(opts.skill, opts.seed);
    let mut t = Trace {
        difficulty,
        ..Trace::default()
    };
    // The fight under way: its index and the frame it began.
    let mut fight: Option<(usize, u64)> = None;
    let mut quiet_from: Option<At> = None;
    // Steps the mid-boss's wait had left at the last step.
    let mut wait_left = 0;
    while !world.cleared() && world.frame() < MAX_FRAMES {
        let input = bot.decide(&world, 0);
        world.step(&[input]);
        // What this step did to the fight under way (a boss's fall ends its fight in the
        // same step), before seeing whether one is still under way.
        if let Some((i, from)) = fight {
            let hold = &mut t.holds[i];
            hold.play_s = secs(world.frame() - from);
            // A mid-boss's wait that ends before its time ran out ended with its fall.
            if hold.kind == HoldKind::MidBoss && world.mid_boss().is_none() {
                hold.fell = wait_left > 1;
            }
            for ev in world.events() {
                match ev {
                    GameEvent::BossPhase { .. } => hold.phases.push(hold.play_s),
                    GameEvent::BossDefeated { .. } => hold.fell = true,
                    _ => {}
                }
            }
        }
        wait_left = world.mid_boss().map_or(0, |w| w.steps_left);
        let kind = match (world.boss(), world.mid_boss()) {
            (Some(_), _) => Some(HoldKind::Boss),
            (None, Some(_)) => Some(HoldKind::MidBoss),
            _ => None,
        };
        fight = match (kind, fight) {
            (Some(k), Some((i, from))) if t.holds[i].kind == k => Some((i, from)),
            (Some(kind), _) => {
                t.holds.push(Hold {
                    kind,
                    at: world.stage_time(),
                    ..Hold::default()
                });
                Some((t.holds.len() - 1, world.frame()))
            }
            (None, _) => None,
        };
        let at = At {
            t: world.stage_time(),
            hold: fight.map(|(i, _)| i),
            into: fight.map_or(0.0, |(_, from)| secs(world.frame() - from)),
            past: t.holds.len() - usize::from(fight.is_some()),
        };
        let on_screen = world
            .enemies()
            .iter()
            .filter(|(_, e)| e.on_screen())
            .count();
        let counted = world.frame() > DEAD_AIR_GRACE_STEPS && world.phase() == StagePhase::Playing;
        match (counted && on_screen == 0, quiet_from) {
            (true, None) => quiet_from = Some(at),
            (false, Some(from)) => {
                t.quiet.push((from, at));
                quiet_from = None;
            }
            _ => {}
        }
        if world.frame().is_multiple_of(15) {
            t.samples.push((at, on_screen, world.bullets().len()));
        }
    }
    t.length_s = secs(world.frame());
    if let (Some(from), Some(last)) = (quiet_from, t.samples.last()) {
        t.quiet.push((from, last.0));
    }
    t
}

/// The stage's sections, by name (or "section N"), at their timeline seconds: read again from
/// the stage file, since a loaded level keeps only their events. Empty when the file cannot
/// be read (it loaded a moment ago, so it only misses a picture's labels).
pub fn sections(file: &Path) -> Vec<(String, f32)> {
    let Ok(src) = crate::level::load::read_source(file) else {
        return Vec::new();
    };
    let Ok(stage) = crate::level::load::parse::<StageDef>(&src) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    collect_sections(&stage.events, 0.0, &mut out);
    out.sort_by(|a, b| a.1.total_cmp(&b.1));
    out
}

fn collect_sections(events: &[TimelineEventDef], base: f32, out: &mut Vec<(String, f32)>) {
    for ev in events {
        if let TimelineEventDef::Section {
            at, name, events, ..
        } = ev
        {
            let name = if name.is_empty() {
                format!("section {}", out.len() + 1)
            } else {
                name.clone()
            };
            out.push((name, base + at));
            collect_sections(events, base + at, out);
        }
    }
}

/// Each pilot's boss time to kill on `difficulty` at `skill`: the median over [`SEEDS`] of
/// boss fights as `balance` sets them up (from the boss marker, full power, invincible);
/// empty for a stage without a boss.
pub fn pilot_ttks(
    level: &Arc<Level>,
    difficulty: Difficulty,
    skill: Skill,
    threads: usize,
) -> Vec<(String, Option<f64>)> {
    let Some(start_at) = boss_start(level) else {
        return Vec::new();
    };
    let jobs: Vec<(Character, u64)> = Character::ALL
        .iter()
        .flat_map(|&c| SEEDS.map(|seed| (c, seed)))
        .collect();
    let results = run_jobs(&jobs, threads, |&(character, seed)| {
        let config = WorldConfig {
            seed,
            characters: vec![character],
            difficulty,
            invincible: true,
            start_at,
            start_power: BOSS_POWER,
            ..WorldConfig::default()
        };
        let opts = RunOptions {
            frames: BOSS_FRAMES,
            autoplay: Some(skill),
            replay: None,
            record: false,
        };
        let summary = summary::run(std::slice::from_ref(level), config, opts).0;
        summary.ttk_s.first().and_then(|t| t.ttk_s)
    });
    Character::ALL
        .iter()
        .map(|&c| {
            let times: Vec<Option<f64>> = jobs
                .iter()
                .zip(&results)
                .filter(|((j, _), _)| *j == c)
                .map(|(_, t)| *t)
                .collect();
            (c.name().to_lowercase(), median(&times))
        })
        .collect()
}

/// Where the picture of stage `stem` goes when `--plot` named `path` for `count` stages:
/// `path` itself for one stage, else `path`'s name with the stage's before the extension.
pub fn path_for(path: &Path, stem: &str, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let base = path.file_stem().and_then(|s| s.to_str()).unwrap_or("plot");
    path.with_file_name(format!("{base}-{stem}.png"))
}
