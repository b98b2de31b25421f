//! The rules fingerprint: 16 hex digits a version-3 replay records, which change whenever a
//! rule that decides play changes, so a replay recorded under other rules says so before it
//! plays (and its checkpoints then show whether it still plays the same).
//!
//! The fingerprint is the FNV-1a hash of [`dump`], a canonical text of:
//! - [`RULES_VERSION`], bumped by hand for a change of play the dump cannot see (a rule
//!   written as code rather than as a constant: see below);
//! - the step rate and the playfield;
//! - every pilot's stats ([`Character::stats`]: speed, fire rate, shot damage, speed and
//!   size, bomb length and damage);
//! - the difficulty factors of every difficulty on every loop that differs;
//! - the player's rules: hitbox radius, lives, bombs, power, charge, invulnerability, the
//!   continue countdown and the extra-life scores;
//! - bullets' and items' lifetimes and scores, the mid-boss hurry;
//! - the collision map (which layers meet) and the collider's capacity for enemy bullets;
//! - the level limits the simulation enforces while it plays (enemies, bullets, parts...).
//!
//! Enemies, patterns, paths, bosses and their shapes are data of the stages, covered by each
//! stage's [level hash](super::level_hash::level_hash). Rules written as code (how a bomb or a
//! charge shot is shaped, the item sizes, the damage ticks of piercing shots and bombs) are
//! not in the dump: a change to them makes the committed replays in `tests/replays/` desync,
//! and whoever makes it bumps [`RULES_VERSION`] and re-records them.
//!
//! The dump is committed as `rules.snapshot` beside this file. A test recomputes it and fails
//! when it differs, so a change of any constant above is noticed: it changes the fingerprint
//! by itself (old replays then list as made under other rules), and the test asks for the
//! snapshot and the committed replays to be renewed on purpose (`tools/rerecord_replays.sh`).

use std::fmt::Write as _;
use std::hash::Hasher;
use std::sync::OnceLock;

use crate::level::limits;
use crate::level::Difficulty;
use crate::sim::layers::{collision_map, GameLayer};
use crate::sim::model::character::Character;
use crate::sim::model::{bullet, clock, item, player};
use crate::sim::systems::timeline;
use crate::sim::PLAYFIELD;

/// Bumped by hand when play changes in a way [`dump`] cannot see (see the module's doc).
pub const RULES_VERSION: u32 = 6;

/// Loops whose difficulty factors differ (later loops play as the last of these).
const LOOPS_THAT_DIFFER: u32 = 5;

/// Writes `module::NAME` for each name with `line`, as `module.name` (lower case).
macro_rules! constants {
    ($line:ident; $module:ident: $($name:ident),+) => {
        $($line(
            &format!("{}.{}", stringify!($module), stringify!($name).to_lowercase()),
            &$module::$name,
        );)+
    };
}

/// The canonical text of every rule constant the fingerprint covers, one `name = value` a
/// line, in a fixed order. Values print with `Debug`, so floats show their exact value.
pub fn dump() -> String {
    let mut out = String::new();
    let mut line = |name: &str, value: &dyn std::fmt::Debug| {
        let _ = writeln!(out, "{name} = {value:?}");
    };
    line("rules_version", &RULES_VERSION);
    line("step_hz", &clock::STEP_HZ);
    line("playfield", &(PLAYFIELD.x, PLAYFIELD.y));
    for c in Character::ALL {
        line(&format!("pilot.{}", c.name()), &c.stats());
    }
    for d in Difficulty::ALL {
        line(
            &format!("difficulty.{}.fire", d.name()),
            &(
                d.fire_interval_factor(),
                d.first_delay_factor(),
                d.first_shot_extra_s(),
                d.opening_hold_s(),
                d.aimed_fan(),
                d.curl_s(),
            ),
        );
        for l in 0..LOOPS_THAT_DIFFER {
            line(
                &format!("difficulty.{}.loop{}", d.name(), l + 1),
                &d.factors(l),
            );
        }
    }
    constants!(line; player: HITBOX_RADIUS, RESPAWN_INVULNERABLE, CHARGE_HOLD_STEPS);
    constants!(line; player: CONTINUE_STEPS, START_LIVES, START_BOMBS, MAX_BOMBS);
    constants!(line; player: MAX_POWER, MAX_CHARGE, CHARGE_PER_KILL);
    let mut extra = vec![player::FIRST_EXTRA_LIFE];
    for _ in 0..4 {
        extra.push(player::next_extra_life(extra[extra.len() - 1]));
    }
    line("player.extra_lives_at", &extra);
    constants!(line; bullet: BULLET_MAX_AGE);
    constants!(line; item: ITEM_BOUNCE_STEPS, COIN_CYCLE_STEPS, COIN_FLASH_STEPS);
    constants!(line; item: COIN_SCORE, COIN_FLASH_SCORE);
    // Named for the module it was first written in, so the fingerprint stays as it was.
    line("world.hurry_lead_s", &timeline::HURRY_LEAD_S);
    let map = collision_map();
    for layer in GameLayer::ALL {
        line(&format!("collide.meets.{layer:?}"), &map.row(layer));
    }
    constants!(line; limits: MAX_ENEMY_BULLETS, MAX_ENEMIES, MAX_PARTS, MAX_WEAPONS);
    constants!(line; limits: MAX_PHASES);
    constants!(line; limits: MAX_BULLETS_PER_VOLLEY, MAX_VOLLEYS, MAX_SPEED, MAX_ACCEL);
    out
}

/// The fingerprint of `dump_text`: its FNV-1a hash, 16 hex digits.
pub fn fingerprint_of(dump_text: &str) -> String {
    let mut h = fnv::FnvHasher::default();
    h.write(dump_text.as_bytes());
    format!("{:016x}", h.finish())
}

/// The fingerprint of this build's rules ([`fingerprint_of`] the [`dump`]), computed once.
pub fn fingerprint() -> &'static str {
    static FINGERPRINT: OnceLock<String> = OnceLock::new();
    FINGERPRINT.get_or_init(|| fingerprint_of(&dump()))
}

/// The committed snapshot of [`dump`].
pub const SNAPSHOT: &str = include_str!("rules.snapshot");

/// Where the snapshot lives in the repository, for messages and for renewing it.
pub const SNAPSHOT_PATH: &str = "src/sim/replay/rules.snapshot";

/// `None` when `now` (a [`dump`]) equals `snapshot`; otherwise what a person must read:
/// which lines changed and what to do about it.
pub fn snapshot_difference(snapshot: &str, now: &str) -> Option<String> {
    if snapshot == now {
        return None;
    }
    let was: Vec<&str> = snapshot.lines().collect();
    let is: Vec<&str> = now.lines().collect();
    let mut changes = String::new();
    for l in was.iter().filter(|l| !is.contains(l)) {
        let _ = writeln!(changes, "  - {l}");
    }
    for l in is.iter().filter(|l| !was.contains(l)) {
        let _ = writeln!(changes, "  + {l}");
    }
    Some(format!(
        "the rules that decide play changed:\n{changes}\
         so the rules fingerprint is now {} (was {}), and replays recorded before list as made \
         under other rules.\n\
         If the change is meant, renew the snapshot and the committed replays in one go: \
         tools/rerecord_replays.sh (it rewrites {SNAPSHOT_PATH} and tests/replays/*.ron), \
         and say so in the commit. If it is not meant, undo it.",
        fingerprint_of(now),
        fingerprint_of(snapshot),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renews the snapshot when `SKYSWEEP_BLESS_RULES=1` (what the re-record script sets);
    /// otherwise fails with [`snapshot_difference`]'s instructions.
    #[test]
    fn the_rules_match_their_committed_snapshot() {
        let now = dump();
        if std::env::var_os("SKYSWEEP_BLESS_RULES").is_some_and(|v| v == "1") {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT_PATH);
            crate::platform::atomic::write_atomic(&path, now.as_bytes())
                .expect("the snapshot is writable");
            return;
        }
        if let Some(why) = snapshot_difference(SNAPSHOT, &now) {
            panic!("{why}");
        }
    }

    #[test]
    fn a_pilots_damage_changed_by_one_changes_the_fingerprint_and_fails_the_snapshot() {
        let now = dump();
        let vela = format!("pilot.Vela = {:?}", Character::Vela.stats());
        let mut stronger = Character::Vela.stats();
        stronger.shot_damage += 1.0;
        let changed = now.replace(&vela, &format!("pilot.Vela = {stronger:?}"));
        assert_ne!(changed, now, "the dump holds Vela's stats");
        assert_ne!(fingerprint_of(&changed), fingerprint_of(&now));
        let why = snapshot_difference(&now, &changed).expect("a difference");
        let shown = format!("shot_damage: {:?}", stronger.shot_damage);
        assert!(why.contains(&shown), "{why}");
        assert!(why.contains("tools/rerecord_replays.sh"), "{why}");
        assert_eq!(snapshot_difference(&now, &now), None);
    }

    #[test]
    fn the_dump_covers_every_pilot_difficulty_and_layer() {
        let d = dump();
        for c in Character::ALL {
            assert!(d.contains(&format!("pilot.{} = ", c.name())), "{d}");
        }
        for diff in Difficulty::ALL {
            assert!(d.contains(&format!("difficulty.{}.loop1 = ", diff.name())));
            assert!(d.contains(&format!("difficulty.{}.fire = ", diff.name())));
        }
        assert_eq!(d.matches("collide.meets.").count(), GameLayer::COUNT);
        assert_eq!(fingerprint().len(), 16);
        assert_eq!(fingerprint(), fingerprint_of(&d));
    }
}
