//! Reading the world: what drawing, sound, the summaries and the tests see, all of it
//! read-only.

use std::sync::Arc;

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BroadPhase, Layer, Shape};
use crate::level::Level;

use crate::sim::model::boss::MidBossWait;
use crate::sim::model::config::WorldConfig;
use crate::sim::model::enemy::{self, Enemy};
use crate::sim::model::events::{GameEvent, RunStats};
use crate::sim::model::item::Item;
use crate::sim::model::player::{Player, Shot};
use crate::sim::systems::bomb::{self, Blast};
use crate::sim::systems::bullets::Bullets;
use crate::sim::systems::clear::{StagePhase, Tally};
use crate::sim::systems::pilots;
use crate::sim::systems::timeline::{Banner, Upcoming};

use super::World;

impl World {
    /// The run's configuration, as the world was given it (its arcade rules sanitised).
    pub fn config(&self) -> &WorldConfig {
        &self.config
    }

    /// The level as this run's difficulty and loop play it.
    pub fn level(&self) -> &Arc<Level> {
        &self.level
    }

    /// Steps since the world was made.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// Seconds on the stage's timeline (starts at `config.start_at`; pauses during bosses).
    pub fn stage_time(&self) -> f32 {
        self.timeline.stage_time()
    }

    /// Ground scroll speed now, pixels per second.
    pub fn scroll_speed(&self) -> f32 {
        self.scroll.speed()
    }

    /// Total ground scrolled, pixels (for drawing the background).
    pub fn scroll_offset(&self) -> f32 {
        self.scroll.offset()
    }

    pub fn phase(&self) -> StagePhase {
        self.progress.phase()
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn shots(&self) -> &Slab<Shot> {
        &self.shots
    }

    pub fn enemies(&self) -> &Slab<Enemy> {
        &self.enemies
    }

    pub fn bullets(&self) -> &Bullets {
        &self.bullets
    }

    pub fn items(&self) -> &Slab<Item> {
        &self.items
    }

    pub fn blasts(&self) -> &Slab<Blast> {
        &self.blasts
    }

    /// The stage boss's enemy key while it lives.
    pub fn boss(&self) -> Option<usize> {
        self.bosses.boss
    }

    /// The mid-boss the timeline waits for, while it lives and the wait lasts.
    pub fn mid_boss(&self) -> Option<MidBossWait> {
        self.bosses.mid_boss
    }

    pub fn banner(&self) -> Option<&Banner> {
        self.timeline.banner()
    }

    /// The stage-clear bonus, once the clear began.
    pub fn tally(&self) -> Option<&Tally> {
        self.progress.tally()
    }

    pub fn stats(&self) -> &RunStats {
        &self.stats
    }

    /// What happened during the last step, in the order it happened.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// The collider's counters for the last update.
    pub fn collider_stats(&self) -> crate::collide::Stats {
        self.collider.stats()
    }

    /// The collider itself, for tests that check the boxes the world keeps there.
    #[cfg(test)]
    pub(crate) fn collider(&self) -> &crate::collide::Collider {
        &self.collider
    }

    /// Every body in the collider, for the debug overlay: its layer, its box, and its true
    /// shape, centred on the box ([`Shape::Aabb`] when the box is the hitbox).
    pub fn boxes(&self) -> impl Iterator<Item = (Layer, Aabb, Shape)> + '_ {
        self.collider.boxes().map(|(c, b)| {
            let shape = self.collider.shape(c.handle).unwrap_or_default();
            (c.layer, b, shape)
        })
    }

    /// True once the stage is cleared.
    pub fn cleared(&self) -> bool {
        self.progress.phase() == StagePhase::Cleared
    }

    pub fn game_over(&self) -> bool {
        self.progress.phase() == StagePhase::GameOver
    }

    /// Combined score of all players.
    pub fn score(&self) -> u64 {
        self.players.iter().map(|p| p.score).sum()
    }

    /// The best single player's score: what can enter the high-score table, where each player
    /// of a two-player game is ranked alone.
    pub fn best_player_score(&self) -> u64 {
        self.players.iter().map(|p| p.score).max().unwrap_or(0)
    }

    /// World position of part `pi` of enemy `k`.
    pub fn part_pos(&self, k: usize, pi: usize) -> Vec2 {
        enemy::part_pos(&self.enemies, &self.level, k, pi)
    }

    /// True when enemy `k` lives and its part `pi` is there to be hurt
    /// ([`Enemy::part_open`]).
    pub fn part_open(&self, k: usize, pi: usize) -> bool {
        enemy::part_open(&self.enemies, &self.level, k, pi)
    }

    /// The nearest part a melee strike from `from` could hurt, with where it is (see
    /// `pilots::melee_target_from`). For the autoplay bot; it allocates nothing.
    pub fn melee_target_from(&self, from: Vec2) -> Option<Vec2> {
        pilots::melee_target_from(&self.enemies, &self.level, from)
    }

    /// Where Orla's lamp is for blast `b`: on her ship while it flies, else where she bombed.
    pub fn lamp(&self, b: &Blast) -> Vec2 {
        bomb::lamp(b, &self.players)
    }

    /// The enemies the timeline brings in within `within_s` seconds of stage time, soonest
    /// first, for the practice toolbox's spawn preview.
    pub fn upcoming_spawns(&self, within_s: f32) -> Vec<Upcoming> {
        self.timeline.upcoming_spawns(&self.level, within_s)
    }
}
