//! Small scenes for tests, benchmarks and demos: a level from a few lines of RON, and ways to
//! put an enemy, a bullet or an item exactly where a test needs it.

use std::sync::Arc;

use glam::Vec2;

use crate::level::BulletStyle;
use crate::level::{parse_stage, Catalog, Level, LevelError, Source};

use crate::sim::model::input::Input;
use crate::sim::replay::Replay;
use crate::sim::{Bullet, GameEvent, ItemKind, World, WorldConfig};

/// Patterns and enemies every scenario level can use, whatever its own lines add.
pub const SCENARIO_DEFS: &str = r#"Defs(
    patterns: {
        "aimed": (kind: Aimed, speed: 100),
        "ring8": (kind: Ring, count: 8, speed: 60),
        "spiral": (kind: Spiral, count: 2, volleys: 10, spin_deg: 15, speed: 70),
        "burst": (kind: Burst, count: 300, speed: 40, speed_spread: 60),
    },
    enemies: {
        "drone": (sprite: "air_drone", layer: Air, hp: 3, score: 100, size: (14, 14), path: Straight(speed: 0)),
        "tough": (sprite: "air_gyro", layer: Air, hp: 1000, score: 100, size: (20, 20), path: Straight(speed: 0)),
        "tank": (sprite: "tank_body", layer: Ground, hp: 5, score: 200, size: (18, 20), path: Ground),
        "house": (sprite: "building_roof", layer: Ground, hp: 2, score: 500, size: (36, 36), path: Ground, reveals: "tank"),
        "boss": (
            sprite: "boss1_core", layer: Air, score: 10000, bonus: 5000,
            parts: [
                (name: "core", size: (30, 30), hp: 20, guarded_by: ["left", "right"]),
                (name: "left", offset: (-40, 0), size: (20, 20), hp: 4),
                (name: "right", offset: (40, 0), size: (20, 20), hp: 4),
            ],
            path: Straight(speed: 0),
            phases: [
                (weapons: [(pattern: "aimed", from: "left", delay_s: 0.1, interval_s: 0.5)]),
                (after: ["left", "right"], weapons: [(pattern: "ring8", from: "core", delay_s: 0.1, interval_s: 0.5)]),
            ],
        ),
    },
)"#;

/// A level from a stage's RON text, with [`SCENARIO_DEFS`] available through `uses: ["defs"]`;
/// the assets it names are not checked.
pub fn level(stage_ron: &str) -> Result<Arc<Level>, LevelError> {
    let stage = Source::new("scenario.ron", stage_ron);
    let defs = Source::new("defs", SCENARIO_DEFS);
    // Scenarios test rules, not art: their sprite names are not checked.
    parse_stage(&stage, &[defs], &Catalog::unchecked()).map(Arc::new)
}

/// An empty 60-second stage: nothing spawns unless the test puts it there.
pub fn quiet_level() -> Arc<Level> {
    level(r#"Stage(name: "Quiet", length_s: 60, scroll_speed: 20)"#)
        .expect("the quiet scenario level is valid")
}

/// A world on `level` with one player of the default character.
pub fn world(level: Arc<Level>, config: WorldConfig) -> World {
    World::new(level, config)
}

/// Plays `level` with the expert autoplay pilot, invincible, until a boss falls or `steps`
/// steps have passed; returns the world as it ends.
pub fn autoplay_to_boss(level: Arc<Level>, steps: usize) -> World {
    let config = WorldConfig {
        invincible: true,
        ..WorldConfig::default()
    };
    let mut world = World::new(level, config);
    let mut bot = crate::sim::bots::autoplay::Bot::new();
    for _ in 0..steps {
        if world.stats().bosses_defeated > 0 {
            break;
        }
        let input = bot.decide(&world, 0);
        world.step(&[input]);
    }
    world
}

/// A quiet stage flown by one invincible `character` at `power`, for tests of how pilots play.
pub fn pilot(character: crate::sim::Character, power: u8) -> World {
    world(
        quiet_level(),
        WorldConfig {
            characters: vec![character],
            start_power: power,
            invincible: true,
            ..WorldConfig::default()
        },
    )
}

/// No button held: `Input::default()` where a constant is needed.
pub const IDLE: Input = Input {
    up: false,
    down: false,
    left: false,
    right: false,
    shot: false,
    bomb: false,
    focus: false,
};

/// Holding shot and nothing else.
pub const SHOT: Input = Input { shot: true, ..IDLE };

/// Holding bomb and nothing else.
pub const BOMB: Input = Input { bomb: true, ..IDLE };

/// Steps a one-player `world` `steps` times with `input` held throughout.
pub fn hold(world: &mut World, input: Input, steps: usize) {
    for _ in 0..steps {
        world.step(&[input]);
    }
}

/// Whether the last step reported an event that `what` accepts.
pub fn saw(world: &World, what: impl Fn(&GameEvent) -> bool) -> bool {
    world.events().iter().any(what)
}

/// Puts an enemy of the named type at `pos`; returns its key.
pub fn spawn(world: &mut World, name: &str, pos: Vec2) -> Option<usize> {
    let kind = world.level().enemy_index(name)?;
    world.spawn_enemy(kind, pos)
}

/// Puts a still enemy bullet at `pos`; returns its key.
pub fn bullet(world: &mut World, pos: Vec2) -> Option<usize> {
    world.spawn_bullet(Bullet::new(pos, 0.0, 90.0, 1.0, 0.0, BulletStyle::Small))
}

/// Drops an item at `pos`.
pub fn item(world: &mut World, kind: ItemKind, pos: Vec2) {
    world.drop_item(kind, pos);
}

/// Scores `points` for `player` as play does, extra lives and all.
pub fn add_score(world: &mut World, player: usize, points: u64) {
    world.add_score(player, points);
}

/// Fires `player`'s charge attack right now (for tests of its effect).
pub fn fire_charge(world: &mut World, player: usize) {
    world.fire_charge(player);
}

/// A one-player replay (the first pilot, from the stage's start, mortal) of the stage at
/// `level` with `seed`, dated `date` and holding no steps: for tests of what is done with
/// replay files.
pub fn replay_of(
    level: &str,
    seed: u64,
    difficulty: crate::level::Difficulty,
    date: u64,
) -> Replay {
    let pilot = vec![crate::sim::Character::ALL[0]];
    let mut r = Replay::new(level, 1, seed, pilot, difficulty, 0.0, false);
    r.date = date;
    r
}
