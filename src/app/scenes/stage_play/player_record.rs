//! What play adds to the player's record for EXTRAS: time played and continues as they
//! happen, each player's score when a stage ends, and the ending and clear when the final
//! boss falls. How much a run adds is its kind's rule ([`Record`]); replays and bots add
//! nothing: the record is the player's own flying.

use skysweep::run::Record;
use skysweep::save::player_data::{ending_id, PlayerData};
use skysweep::sim::{Character, GameEvent, World};

use crate::app::ctx::Ctx;

/// After one step of play: a step of time, and any continue taken in it (`continues_before`
/// is the count before the step).
pub fn step(ctx: &mut Ctx, record: Record, world: &World, continues_before: u32) {
    ctx.change_player_data(|data| add_step(data, record, world, continues_before));
}

/// Adds a step of `world` to `data` as `record` allows; whether it changed.
fn add_step(data: &mut PlayerData, record: Record, world: &World, continues_before: u32) -> bool {
    if record == Record::Nothing {
        return false;
    }
    data.add_steps(1);
    if record == Record::Full {
        let taken = world.stats().continues.saturating_sub(continues_before);
        data.add_continues(taken as u64);
    }
    true
}

/// A stage cleared or lost: each player's score as their best on it, and the record saved.
/// The named boss phases `world` began this step, on the stage whose file `stage_file` gives,
/// become listed in PRACTICE > BOSS ATTACKS, when the run's kind `meets` attacks (its rule:
/// not a replay's nor the bots'). Written at once, since the news is rare.
pub fn attacks_met(ctx: &mut Ctx, meets: bool, stage_file: impl Fn() -> String, world: &World) {
    let named = |ev: &GameEvent| matches!(ev, GameEvent::BossPhase { name: Some(_), .. });
    if !meets || !world.events().iter().any(named) {
        return;
    }
    let stage_file = stage_file();
    let mut news = false;
    for ev in world.events() {
        if let GameEvent::BossPhase {
            enemy,
            name: Some(name),
            ..
        } = ev
        {
            let boss = &world.level().enemies[*enemy].name;
            let key = skysweep::run::attack::attack_key(&stage_file, boss, name);
            news |= ctx.practice_record_mut().meet(&key);
        }
    }
    if news {
        ctx.save_practice_record();
    }
}

pub fn stage_ended(ctx: &mut Ctx, record: Record, world: &World) {
    if ctx.change_player_data(|data| record_scores(data, record, world)) {
        ctx.save_player_data();
    }
}

/// Each player's score in `world` as their best on its stage, when `record` keeps scores.
fn record_scores(data: &mut PlayerData, record: Record, world: &World) -> bool {
    if record != Record::Full {
        return false;
    }
    for p in world.players() {
        data.record_score(&world.level().name, p.character, p.score);
    }
    true
}

/// The final boss has fallen in a run that unlocks: the pilots' ending is seen and a clear
/// counted for each.
pub fn game_cleared(ctx: &mut Ctx, world: &World, pilots: &[Character]) {
    ctx.change_player_data(|data| {
        data.record_ending(&ending_id(pilots));
        for pilot in Character::ALL.into_iter().filter(|c| pilots.contains(c)) {
            data.record_clear(pilot, world.config().difficulty);
        }
        true
    });
    ctx.save_player_data();
}

#[cfg(test)]
mod tests {
    use super::*;
    use skysweep::run::RunKind;
    use skysweep::testkit::scenario;

    /// Every kind of run adds to the record just what its rule says: the whole game and the
    /// Extra stage everything, practice and custom stages time alone, replays and demos
    /// nothing.
    #[test]
    fn each_kind_adds_to_the_record_what_its_rule_allows() {
        let mut world = scenario::world(scenario::quiet_level(), Default::default());
        world.player_mut(0).score = 4_200;
        for kind in RunKind::ALL {
            let record = kind.rules().record;
            let mut data = PlayerData::default();
            let stepped = add_step(&mut data, record, &world, 0);
            let scored = record_scores(&mut data, record, &world);
            let best = data.best(&world.level().name, world.players()[0].character);
            match record {
                Record::Full => assert_eq!((stepped, scored, best), (true, true, 4_200)),
                Record::TimeOnly => assert_eq!((stepped, scored, best), (true, false, 0)),
                Record::Nothing => assert_eq!((stepped, scored, best), (false, false, 0)),
            }
            assert_eq!(data == PlayerData::default(), !stepped, "{kind:?}");
        }
    }
}
