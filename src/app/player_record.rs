//! What play adds to the player's record for EXTRAS: time played and continues as they
//! happen, each player's score when a stage ends, and the ending and clear when the final
//! boss falls. Replays and bots add nothing: the record is the player's own flying.

use skysweep::save::player_data::ending_id;
use skysweep::sim::{Character, World};

use super::ctx::Ctx;

/// After one step of play: a step of time, and any continue taken in it (`continues_before`
/// is the count before the step).
pub fn step(ctx: &mut Ctx, world: &World, continues_before: u32, counts: bool) {
    if !counts {
        return;
    }
    ctx.player_data.add_steps(1);
    ctx.player_data_unsaved = true;
    let taken = world.stats().continues.saturating_sub(continues_before);
    ctx.player_data.add_continues(taken as u64);
}

/// A stage cleared or lost: each player's score as their best on it, and the record saved.
pub fn stage_ended(ctx: &mut Ctx, world: &World, counts: bool) {
    if !counts {
        return;
    }
    for p in world.players() {
        ctx.player_data
            .record_score(&world.level().name, p.character, p.score);
    }
    ctx.save_player_data();
}

/// The final boss has fallen: the pilots' ending is seen and a clear counted for each.
pub fn game_cleared(ctx: &mut Ctx, world: &World, pilots: &[Character], counts: bool) {
    if !counts {
        return;
    }
    ctx.player_data.record_ending(&ending_id(pilots));
    let each = pilots;
    for pilot in Character::ALL.into_iter().filter(|c| each.contains(c)) {
        ctx.player_data
            .record_clear(pilot, world.config().difficulty);
    }
    ctx.save_player_data();
}
