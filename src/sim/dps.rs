//! Each pilot's damage a second, measured: one pilot holds fire at a still target dummy the
//! size of a boss's body, straight above where the ship starts, and the dummy's lost HP is
//! counted. Pilot select and EXTRAS' pilot pages show these figures (issue #43): what a
//! pilot's fire really does, spread shots that miss and homing orbs that find their mark
//! included, not shots a second times damage a shot. A measurement over the game's own world,
//! measured once on a thread of its own and kept; nothing in a run reads it.

use std::sync::{Arc, OnceLock};

use crate::level::{parse_stage, Catalog, Level, Source};
use crate::sim::model::input::Input;
use crate::sim::{Character, World, WorldConfig};

/// The powers pilot select shows a pilot's damage at: the first and the full.
pub const SHOWN_POWERS: [u8; 2] = [1, 4];

/// Steps of fire before the count starts: the first shots reach the dummy.
const WARM_UP_STEPS: u32 = 60;
/// Steps of fire counted.
const MEASURED_STEPS: u32 = 600;

/// The dummy: as wide as the stage 1 boss's body with its wings (so a spread shot's outer
/// shots miss as they do on a boss), too tough to fall, still.
const DUMMY_DEFS: &str = r#"Defs(
    enemies: {
        "dummy": (sprite: "boss1_core", layer: Air, hp: 100000, score: 0, size: (96, 40),
                  path: Straight(speed: 0)),
    },
)"#;

const DUMMY_STAGE: &str = r#"Stage(name: "Target dummy", length_s: 60, scroll_speed: 0, uses: ["dummy"],
    events: [Spawn(at: 0.0, enemy: "dummy", x: 112, y: 90)])"#;

fn dummy_level() -> Arc<Level> {
    let stage = Source::new("dummy.ron", DUMMY_STAGE);
    let defs = Source::new("dummy", DUMMY_DEFS);
    Arc::new(parse_stage(&stage, &[defs], &Catalog::unchecked()).expect("the dummy stage parses"))
}

/// The HP every enemy on the field has left, summed.
fn hp_left(world: &World) -> f64 {
    world
        .enemies()
        .iter()
        .flat_map(|(_, e)| e.parts.iter())
        .map(|p| p.hp as f64)
        .sum()
}

/// `character`'s damage a second at `power`, holding fire from where the ship starts at the
/// dummy above it: measured afresh (about 700 steps of a near-empty world).
pub fn measure(character: Character, power: u8) -> f32 {
    let config = WorldConfig {
        characters: vec![character],
        start_power: power,
        invincible: true,
        ..WorldConfig::default()
    };
    let mut world = World::new(dummy_level(), config);
    let fire = Input {
        shot: true,
        ..Input::default()
    };
    for _ in 0..WARM_UP_STEPS {
        world.step(&[fire]);
    }
    let before = hp_left(&world);
    for _ in 0..MEASURED_STEPS {
        world.step(&[fire]);
    }
    let dealt = before - hp_left(&world);
    (dealt * 60.0 / MEASURED_STEPS as f64) as f32
}

/// Every pilot's damage a second at each of [`SHOWN_POWERS`], in [`Character::ALL`]'s order.
pub type Table = [[f32; 2]; Character::ALL.len()];

static TABLE: OnceLock<Table> = OnceLock::new();

/// Every pilot's measured damage a second: measured the first time it is asked for (a few
/// thousand steps), then kept.
pub fn table() -> &'static Table {
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| SHOWN_POWERS.map(|p| measure(Character::ALL[i], p)))
    })
}

/// The table if it has been measured, without waiting: a screen that shows it draws every
/// frame and must not stall on the measurement.
pub fn ready() -> Option<&'static Table> {
    TABLE.get()
}

/// Starts measuring the table on a thread of its own, once, so that it is [`ready`] by the
/// time a screen shows it.
pub fn measure_in_background() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        std::thread::spawn(|| {
            table();
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is the measurement: each figure is what a fresh run of the dummy gives, it
    /// grows with power, and it is never more than the paper figure (shots a second times
    /// damage, every shot landing).
    #[test]
    fn the_figures_shown_are_the_measured_ones() {
        let t = table();
        for (i, c) in Character::ALL.into_iter().enumerate() {
            eprintln!(
                "{c:?}: {:.1} at power 1, {:.1} at power 4 (paper {:.1}, {:.1})",
                t[i][0],
                t[i][1],
                c.held_fire_dps(1),
                c.held_fire_dps(4)
            );
            for (k, p) in SHOWN_POWERS.into_iter().enumerate() {
                assert_eq!(t[i][k], measure(c, p), "{c:?} at power {p}");
                assert!(t[i][k] > 0.0, "{c:?} hits the dummy at power {p}");
            }
            assert!(t[i][1] > t[i][0], "{c:?}: full power hits harder");
            // No pilot lands more than every shot it fires (a paired box counts twice).
            for (k, p) in SHOWN_POWERS.into_iter().enumerate() {
                let paper = c.held_fire_dps(p);
                assert!(
                    t[i][k] <= paper * 1.01,
                    "{c:?} at power {p}: {} > {paper}",
                    t[i][k]
                );
            }
        }
    }
}
