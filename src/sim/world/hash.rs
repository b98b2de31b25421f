//! A stable hash of the world, so runs and replays can be compared bit for bit.
//!
//! [`World::state_hash`](super::World::state_hash) feeds every value that decides how the game goes on. Each entity's
//! [`Feed`] takes its struct apart field by field, with no `..`: a field added later does not
//! compile until its author says whether it is hashed.

use crate::sim::hasher::{feed_keyed, Feed, StateHasher};

use crate::level::Path;

use crate::sim::model::boss::MidBossWait;
use crate::sim::model::bullet::Bullet;
use crate::sim::model::config::PhaseStart;
use crate::sim::model::enemy::{Enemy, PartState, WeaponState};
use crate::sim::model::events::RunStats;
use crate::sim::model::input::Input;
use crate::sim::model::item::Item;
use crate::sim::model::player::{Player, Shot, Strike};
use crate::sim::systems::bomb::{Blast, Scrap};
use crate::sim::systems::bullets::Bullets;
use crate::sim::systems::clear::StagePhase;
use crate::sim::systems::timeline::PendingSpawn;

/// As a slab of bullets feeds (the hash was first taken over one).
impl Feed for Bullets {
    fn feed(&self, h: &mut StateHasher) {
        feed_keyed::<Bullet>(h, self.len(), self.iter());
    }
}

impl Feed for Input {
    fn feed(&self, h: &mut StateHasher) {
        h.u64(self.to_bits() as u64);
    }
}

impl Feed for Player {
    fn feed(&self, h: &mut StateHasher) {
        let Player {
            index,
            character,
            pos,
            lives,
            bombs,
            power,
            score,
            charge,
            shot_held,
            invulnerable,
            bank,
            focused,
            respawn,
            continue_steps,
            retired,
            chain,
            next_extra_life,
            // Seen through what it decides: whether the last life lost starts a countdown
            // (`continue_steps`) or retires the player, both hashed. Left out so hashes of
            // runs under the default rules are what they were before it existed.
            continues_used: _,
            pod_angle,
            strike,
            fire_cooldown,
            handle: _, // the collider's name for the ship's box (see `World::state_hash`)
        } = self;
        h.put(&(*index, *character as u8, *pos));
        h.put(&((*lives, *bombs, *power), *score, *charge));
        h.put(&((*shot_held, *invulnerable, *bank), *focused, *respawn));
        h.put(&(
            (*continue_steps, *retired, *chain),
            *next_extra_life,
            *fire_cooldown,
        ));
        h.put(&(*pod_angle, *strike));
    }
}

impl Feed for Strike {
    fn feed(&self, h: &mut StateHasher) {
        let Strike { steps_left, at } = self;
        h.put(&(*steps_left, *at));
    }
}

impl Feed for Scrap {
    fn feed(&self, h: &mut StateHasher) {
        let Scrap {
            x,
            land_y,
            land_step,
            look,
        } = self;
        h.put(&((*x, *land_y), *land_step, *look));
    }
}

impl Feed for Shot {
    fn feed(&self, h: &mut StateHasher) {
        let Shot {
            player,
            character,
            kind,
            pos,
            vel,
            half,
            paired,
            damage,
            life,
            target,
            handle: _,
        } = self;
        h.put(&((*player, *character as u8, *kind as u8), *pos, *vel));
        h.put(&((*half, *paired, *damage), *life, *target));
    }
}

impl Feed for PartState {
    fn feed(&self, h: &mut StateHasher) {
        let PartState {
            hp,
            max_hp,
            destroyed,
            flash,
            handle: _,
        } = self;
        h.put(&((*hp, *max_hp), *destroyed, *flash));
    }
}

impl Feed for WeaponState {
    fn feed(&self, h: &mut StateHasher) {
        let WeaponState {
            cooldown,
            volleys_left,
            volley_timer,
            volley_index,
            spin_deg,
            aim_deg,
        } = self;
        h.put(&(
            (*cooldown, *volleys_left, *volley_timer),
            *volley_index,
            *spin_deg,
        ));
        h.put(aim_deg);
    }
}

impl Feed for Enemy {
    fn feed(&self, h: &mut StateHasher) {
        let Enemy {
            kind,
            pos,
            origin,
            heading_deg,
            age,
            path,
            mirror,
            parts,
            weapons,
            boss_phase,
            pattern_override,
            ground,
            seen,
            path_timer,
            leg,
        } = self;
        h.put(&((*kind, *pos, *origin), *heading_deg, *age));
        h.put(path);
        // Only a sequence has parts: the hashes of runs without one stay as they were.
        if matches!(path, Path::Sequence { .. }) {
            h.put(&(*leg as u32));
        }
        h.put(&(*mirror, *boss_phase, *pattern_override));
        h.put(parts.as_slice());
        h.put(weapons.as_slice());
        h.put(&(*ground, *seen, *path_timer));
    }
}

impl Feed for Bullet {
    fn feed(&self, h: &mut StateHasher) {
        let Bullet {
            pos,
            speed,
            heading_deg,
            accel,
            ang_vel_deg,
            style,
            age,
            handle: _,
            dir: _,
        } = self;
        h.put(&(*pos, *speed, *heading_deg));
        h.put(&((*accel, *ang_vel_deg), *style as u8, *age));
    }
}

impl Feed for Item {
    fn feed(&self, h: &mut StateHasher) {
        let Item {
            kind,
            pos,
            vel,
            age,
            pickup_delay,
            handle: _,
        } = self;
        h.put(&((*kind as u8, *pos, *vel), *age, *pickup_delay));
    }
}

impl Feed for Blast {
    fn feed(&self, h: &mut StateHasher) {
        let Blast {
            player,
            character,
            steps_left,
            total_steps,
            damage,
            origin,
            scrap,
            handle: _,
        } = self;
        h.put(&(
            (*player, *character as u8, *steps_left),
            *total_steps,
            *damage,
        ));
        h.put(origin);
        h.put(scrap.as_slice());
    }
}

impl Feed for PendingSpawn {
    fn feed(&self, h: &mut StateHasher) {
        let PendingSpawn { at, event, index } = self;
        h.put(&(*at, *event, *index));
    }
}

impl Feed for MidBossWait {
    fn feed(&self, h: &mut StateHasher) {
        let MidBossWait { key, steps_left } = self;
        h.put(&(*key, *steps_left));
    }
}

impl Feed for PhaseStart {
    fn feed(&self, h: &mut StateHasher) {
        let PhaseStart { enemy, phase } = self;
        h.u64(*enemy as u64);
        h.u64(*phase as u64);
    }
}

impl Feed for StagePhase {
    fn feed(&self, h: &mut StateHasher) {
        match *self {
            StagePhase::Playing => h.put(&0u8),
            StagePhase::Clearing { steps_left } => h.put(&(1u8, steps_left)),
            StagePhase::Cleared => h.put(&2u8),
            StagePhase::GameOver => h.put(&3u8),
        }
    }
}

impl Feed for RunStats {
    fn feed(&self, h: &mut StateHasher) {
        let RunStats {
            deaths,
            bombs_used,
            melee_strikes,
            power_downs,
            kills_air,
            kills_ground,
            items_power,
            items_bomb,
            items_coin,
            bosses_defeated,
            boss_parts_destroyed,
            max_live_boxes,
            max_enemy_bullets,
            enemy_bullets_fired: _,
            continues,
        } = self;
        h.put(&(
            (*deaths, *bombs_used, *power_downs),
            *kills_air,
            *kills_ground,
        ));
        h.put(&((*items_power, *items_bomb, *items_coin), *bosses_defeated));
        h.put(&((*boss_parts_destroyed, *max_live_boxes), *max_enemy_bullets));
        h.put(&(*continues, *melee_strikes));
    }
}
